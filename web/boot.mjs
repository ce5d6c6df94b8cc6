// Loader glue that Python cannot do for itself: show PyScript's real loading stages in the
// progress bar, and an error panel with a way on if the runtime never starts.

// Our Content-Security-Policy forbids evaluating strings as code. PyScript compiles its
// hooks for web workers with Function() even on pages that start no worker (we start
// none); let that compilation fail quietly so the main-thread runtime can start.
globalThis.Function = new Proxy(Function, {
  apply(target, self, args) {
    try {
      return Reflect.apply(target, self, args);
    } catch (error) {
      if (error instanceof EvalError) return () => undefined;
      throw error;
    }
  },
});
const STAGES = {
  "Loading Pyodide": [2, "Loading the Python runtime…"],
  "Loaded Pyodide": [3, "Python runtime loaded"],
  "Loading files": [4, "Loading the game rules…"],
  "Loaded files": [5, "Game rules loaded"],
  "Ready": [6, "Starting…"],
};
const bar = document.getElementById("boot-progress");
const label = document.getElementById("boot-stage");
let started = false;

function stage(message) {
  const known = STAGES[message];
  if (!known || known[0] < Number(bar.value)) return;
  bar.value = known[0];
  label.textContent = known[1];
}

function fail(detail) {
  if (started) return;
  document.getElementById("boot-error-detail").textContent = String(detail || "unknown error");
  document.getElementById("boot-error").hidden = false;
  bar.hidden = true;
  label.textContent = "The game engine could not start.";
}

addEventListener("py:progress", (event) => stage(event.detail));
addEventListener("py:ready", () => stage("Ready"));
addEventListener("hex:ready", () => { started = true; });
addEventListener("error", (event) => fail(event.message || event.error));
addEventListener("unhandledrejection", (event) => fail(event.reason && (event.reason.message || event.reason)));
document.getElementById("boot-retry").addEventListener("click", () => location.reload());
// A runtime that has said nothing for this long is not coming: say so, but keep waiting.
setTimeout(() => fail("The runtime took more than 60 seconds to start."), 60000);
