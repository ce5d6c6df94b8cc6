// Loader glue that Python cannot do for itself: show PyScript's real loading stages in the
// progress bar, and an error panel with a way on if the runtime never starts.

// Our Content-Security-Policy forbids evaluating strings as code. PyScript compiles its
// hooks for web workers with Function("return(w,x)=>…") even on pages that start no
// worker (we start none): answer those with a no-op instead of evaluating anything.
const WORKER_HOOK = "return(w,x)=>";
globalThis.Function = new Proxy(Function, {
  apply(target, self, args) {
    const body = String(args[args.length - 1] || "");
    if (body.startsWith(WORKER_HOOK)) return () => undefined;
    return Reflect.apply(target, self, args);
  },
});

// In a frame on another site the browser may refuse storage. PyScript keeps a cache in
// IndexedDB and cannot start without one, so give it a throwaway in-memory store there;
// the games then play without saves (web/ui/storage.py says so to the player).
function storageRefused() {
  try {
    return !globalThis.indexedDB || (localStorage.length, false);
  } catch (error) {
    return true;
  }
}

function memoryIndexedDB() {
  const databases = new Map();
  const later = (fn) => setTimeout(fn, 0);
  const request = (run) => {
    const req = { result: undefined, error: null, onsuccess: null, onerror: null };
    later(() => {
      try {
        req.result = run();
        req.onsuccess?.({ target: req });
      } catch (error) {
        req.error = error;
        req.onerror?.({ target: req });
      }
    });
    return req;
  };
  const store = (map) => ({
    get: (key) => request(() => map.get(key)),
    getKey: (key) => request(() => (map.has(key) ? key : undefined)),
    put: (value, key) => request(() => (map.set(key, value), key)),
    delete: (key) => request(() => void map.delete(key)),
    clear: () => request(() => map.clear()),
    count: () => request(() => map.size),
    getAllKeys: () => request(() => [...map.keys()]),
  });
  const database = (stores) => ({
    get objectStoreNames() { return { length: stores.size, contains: (name) => stores.has(name) }; },
    createObjectStore(name) { stores.set(name, new Map()); return store(stores.get(name)); },
    transaction() { return { objectStore: (name) => store(stores.get(name)) }; },
    close() {},
  });
  return {
    open(name) {
      const req = { result: null, onsuccess: null, onerror: null, onupgradeneeded: null };
      later(() => {
        const fresh = !databases.has(name);
        if (fresh) databases.set(name, new Map());
        req.result = database(databases.get(name));
        if (fresh && req.onupgradeneeded) {
          const transaction = { oncomplete: null };
          req.onupgradeneeded({ target: { result: req.result, transaction } });
          later(() => transaction.oncomplete?.());
        }
        req.onsuccess?.({ target: req });
      });
      return req;
    },
  };
}

if (storageRefused()) {
  Object.defineProperty(globalThis, "indexedDB", { value: memoryIndexedDB(), configurable: true });
}

const STAGES = {
  "Loading Pyodide": [2, "Loading the Python runtime…"],
  "Loaded Pyodide": [3, "Python runtime loaded"],
  "Loading files": [4, "Loading the game rules…"],
  "Loaded files": [5, "Game rules loaded"],
  "Ready": [6, "Starting…"],
};
const bar = document.getElementById("boot-progress") || document.createElement("progress");
const label = document.getElementById("boot-stage") || document.createElement("span");
let started = false;

function stage(message) {
  const known = STAGES[message];
  if (!known || known[0] < Number(bar.value)) return;
  bar.value = known[0];
  label.textContent = known[1];
}

function fail(detail) {
  if (started || !document.getElementById("boot-error")) return;
  document.getElementById("boot-error-detail").textContent = String(detail || "unknown error");
  document.getElementById("boot-error").hidden = false;
  bar.hidden = true;
  label.textContent = "The game engine could not start.";
}

addEventListener("py:progress", (event) => stage(event.detail));
addEventListener("hex:progress", (event) => stage(event.detail)); // web/start.mjs
addEventListener("py:ready", () => stage("Ready"));
addEventListener("hex:ready", () => { started = true; });
addEventListener("py:done", () => { if (!document.getElementById("boot-error")) started = true; });
// web/start.mjs's failures, from before this module ran and after.
for (const mark of performance.getEntriesByName("hex:failed")) fail(mark.detail);
addEventListener("hex:failed", (event) => fail(event.detail));
addEventListener("error", (event) => fail(event.message || event.error));
// A script that cannot be loaded (PyScript's own, say) raises no error on the window, only
// on its element: catch that on the way down.
addEventListener("error", (event) => {
  if (event.target instanceof HTMLScriptElement) {
    fail(`A file the page needs (${new URL(event.target.src).pathname}) could not be loaded.`);
  }
}, true);
addEventListener("unhandledrejection", (event) => fail(event.reason && (event.reason.message || event.reason)));
// PyScript shows its own failures (its config not loaded, say) in a box of its own, with
// advice meant for developers: until the game has started, show our panel in its place.
new MutationObserver((changes, observer) => {
  if (started) return observer.disconnect();
  for (const node of changes.flatMap((change) => [...change.addedNodes])) {
    if (!node.classList?.contains("py-error")) continue;
    console.warn("PyScript:", node.textContent.trim());
    fail("A file the page needs could not be loaded, or PyScript could not start.");
    node.remove();
  }
}).observe(document.body, { childList: true });
document.getElementById("boot-retry")?.addEventListener("click", () => location.reload());
// A runtime that has said nothing for this long is not coming: say so, but keep waiting.
setTimeout(() => fail("The runtime took more than 60 seconds to start."), 60000);
performance.mark("hex:boot-listening"); // web/start.mjs looks for it
