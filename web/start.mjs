// The interpreter module PyScript loads (pyscript.json's "interpreter"): Pyodide, started
// from the memory snapshot built with the site (tools/make_snapshot.mjs), every module of
// ours already imported, unless the link is slow or data is to be saved; anything wrong with
// the snapshot means a normal start at once. Pyodide's WebAssembly comes gzipped. Once the
// page is up and the player idle, the page registers the service worker, which fills the
// offline cache.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";
import { startArchives } from "./archives.mjs";
import { fetchSnapshot, hex, unpackInto } from "./snapshot.mjs";

// PyScript reads Pyodide's version from this export (and the index URL from our folder,
// which is why loadPyodide below sets indexURL itself).
export { version };

const BUILD = "__BUILD_VERSION__"; // the site's build, written by tools/build_site.py
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const QUIET_MS = 2000; // "idle": this long without input or a computer choosing after the page is ready...
const LATEST_MS = 30000; // ...or this long after it, whatever the player does

// Our Python's archives download beside Pyodide, from the moment PyScript loads this module.
const archives = startArchives(import.meta.url);

// Pyodide there, our Python's files put in place (PyScript's `files` is not used: see
// web/archives.mjs), as PyScript's own progress stages name it.
async function withFiles(pyodide) {
  const progress = (detail) => dispatchEvent(new CustomEvent("hex:progress", { detail }));
  progress("Loading files");
  await archives.into(pyodide);
  // "Scan an answer" reads QR codes with this module (web/ui/scan.py), fetched only then.
  pyodide.registerJsModule("hex_qr_reader", { load: () => import("./qr-reader/decode.js") });
  progress("Loaded files");
  return pyodide;
}

const timeline = (how, detail = "") =>
  performance.mark("hex:start", { detail: { from: how, detail: String(detail) } });

// -- the start-up snapshot shipped with the site (tools/make_snapshot.mjs) -----------------
// Written by tools/build_site.py: where it is, its size and SHA-256 as built, and the sizes
// of what it unpacks to. Nothing else is trusted: a file that differs in one byte is not used.
const SHIPPED = null; // __SNAPSHOT__
// Set in this tab when a restored page failed before it was ready: its reload starts normally.
const FELL_BACK = "hex-table:snapshot-failed";
// Below this downlink (Mbit/s, as navigator.connection estimates it), the snapshot's download
// costs more than the start it saves (docs/startup-snapshot.md, "Chosen by the link").
const SLOW_MBPS = 5;

// Why this start does not restore the shipped snapshot, or "" when it does.
function bootReason() {
  if (!SHIPPED || !globalThis.DecompressionStream || !globalThis.crypto?.subtle) return "no snapshot here";
  try {
    if (sessionStorage.getItem(FELL_BACK) === BUILD) return "the snapshot failed in this tab";
  } catch {
    // no sessionStorage: nothing remembered
  }
  if (navigator.serviceWorker?.controller) return ""; // the site is cached, snapshot included
  const link = navigator.connection;
  if (link?.saveData) return "data saving is on";
  if (["slow-2g", "2g", "3g"].includes(link?.effectiveType)) return `a ${link.effectiveType} link`;
  if (link?.downlink > 0 && link.downlink < SLOW_MBPS) return `a ${link.downlink} Mbit/s link`;
  return "";
}

// -- Pyodide's WebAssembly, gzipped ------------------------------------------------------
// pyodide.asm.wasm is 9.6 MB and the hosts we know send it as it is; the build ships a
// gzipped copy (3.5 MB), ungzipped here while it downloads and compiled as it arrives. A host
// that sends it already decoded (a Content-Encoding of its own) is recognised by the first
// bytes: WebAssembly's magic, not gzip's.
const WASM_URL = INDEX_URL + "pyodide.asm.wasm";
const WASM_GZ_URL = WASM_URL + ".gz";
let compiling = null;

async function wasmResponse(fetching) {
  const response = await fetching(WASM_GZ_URL);
  if (!response.ok) throw new TypeError(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value || new Uint8Array(0);
  const body = new ReadableStream({
    start(controller) { if (head.length) controller.enqueue(head); },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) { return reader.cancel(reason); },
  });
  const gzipped = head[0] === 0x1f && head[1] === 0x8b;
  return new Response(gzipped ? body.pipeThrough(new DecompressionStream("gzip")) : body,
    { headers: { "content-type": "application/wasm" } });
}

// Compiled once per page, whichever start uses it (a snapshot that fails, then a boot).
function compiledWasm(fetching) {
  compiling ??= (globalThis.DecompressionStream
    ? WebAssembly.compileStreaming(wasmResponse(fetching)).catch((error) =>
      error instanceof WebAssembly.CompileError ? Promise.reject(error) : WebAssembly.compileStreaming(fetching(WASM_URL)))
    : WebAssembly.compileStreaming(fetching(WASM_URL)));
  return compiling;
}

// -- Python's standard library, after a start from the snapshot -------------------------
// Every standard module the page imports is in the snapshot, so such a start hands Pyodide an
// empty archive for python_stdlib.zip (2.5 MB), off the first visit's critical path, and
// fetches the real one once the page is ready. Until it is written in, the archive's file is
// lazy: the first look at it (its size, a read, a seek; an import, a traceback's source)
// fetches it at once, synchronously, and goes on with it.
const STDLIB_URL = INDEX_URL + "python_stdlib.zip";
const EMPTY_ZIP = Uint8Array.of(0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)); // no entries

function stdlibLater(pyodide) {
  const FS = pyodide.FS;
  const path = "/lib/" + FS.readdir("/lib").find((name) => name.endsWith(".zip"));
  const { node } = FS.lookupPath(path);
  const { node_ops: nodeOps, stream_ops: streamOps } = node;
  let arrived = false;
  const write = (bytes, how) => {
    if (arrived) return;
    arrived = true;
    node.node_ops = nodeOps;
    node.stream_ops = streamOps;
    FS.writeFile(path, bytes);
    performance.mark("hex:stdlib", { detail: how });
  };
  const first = (op) => function (...args) {
    if (!arrived) {
      let bytes;
      try {
        bytes = stdlibNow();
      } catch (error) {
        console.warn("Python's standard library could not be fetched:", error);
        throw new FS.ErrnoError(pyodide.ERRNO_CODES.EIO); // Python sees an OSError
      }
      write(bytes, "at once");
    }
    return op.apply(this, args);
  };
  node.node_ops = { ...nodeOps, getattr: first(nodeOps.getattr) };
  node.stream_ops = { ...streamOps, llseek: first(streamOps.llseek), read: first(streamOps.read) };
  // Once the page is ready: asked for earlier, it held up the start's own last requests.
  addEventListener("hex:ready", () => {
    stdlibResponse()
      .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((buffer) => write(new Uint8Array(buffer), "after the start"))
      .catch((error) => console.warn("Python's standard library will be fetched when it is needed:", error));
  }, { once: true });
}

// From the offline copy when it holds it, read here rather than through the service worker:
// a player leaving the page mid-download cancels a request the worker is answering, which
// Firefox reports as the worker's error.
async function stdlibResponse() {
  const copy = await globalThis.caches?.open(`hex-table-${BUILD}`).catch(() => undefined); // web/sw.js's CACHE
  return (await copy?.match(STDLIB_URL).catch(() => undefined)) ?? fetch(STDLIB_URL);
}

// Binary over a synchronous request: a page may only read it as text, one byte per character.
function stdlibNow() {
  const request = new XMLHttpRequest();
  request.open("GET", STDLIB_URL, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) throw new Error(`${STDLIB_URL}: HTTP ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

// Pyodide fetches and compiles its WebAssembly with WebAssembly.instantiateStreaming, and
// only logs a failure there: its loadPyodide then never settles, and whether the browser
// reports anything depends on how early the download failed. So every start passes through
// here, which sends such a failure to the error panel. The WebAssembly is compiled from its
// gzipped copy (compiledWasm) from the first start on, and Pyodide's own download of the
// plain file gets an empty answer (as does its standard library's, in a start from the
// snapshot: stdlibLater).
function loadRuntime(options, snapshot = null) {
  const fetching = globalThis.fetch;
  const streaming = WebAssembly.instantiateStreaming;
  const compiled = compiledWasm(fetching);
  compiled.catch(() => undefined); // reported when Pyodide asks for it
  let released;
  let hooked = true;
  // Once only: a start left behind that fails later must not undo the hooks of the start
  // that followed it.
  const restore = () => {
    if (!hooked) return;
    hooked = false;
    globalThis.fetch = fetching;
    WebAssembly.instantiateStreaming = streaming;
    released();
  };
  if (snapshot) snapshot.released = new Promise((resolve) => { released = resolve; });
  else released = () => undefined;
  globalThis.fetch = (input, init) => {
    if (String(input) === WASM_URL) return Promise.resolve(new Response(null));
    if (snapshot && String(input) === STDLIB_URL) return Promise.resolve(new Response(EMPTY_ZIP));
    return fetching(input, init);
  };
  WebAssembly.instantiateStreaming = async (_source, imports) => {
    restore();
    let module, instance;
    try {
      module = await compiled;
      instance = await WebAssembly.instantiate(module, imports);
    } catch (error) {
      // A TypeError is a download that failed or was refused; a corrupt file fails to compile.
      failed(error instanceof TypeError ? `A file the page needs (${new URL(WASM_URL).pathname}) could not be loaded.` : error);
      throw error;
    }
    // The memory as the module made it, before anything runs: the snapshot's AS_BUILT pages.
    if (snapshot) snapshot.asBuilt = new Uint8Array(instance.exports.memory.buffer).slice(0, SHIPPED.built);
    return { module, instance };
  };
  return startPyodide(options).finally(restore);
}

// Pyodide restores the snapshot's image once its Emscripten module is made: the module is
// made while the snapshot downloads, and handed to Pyodide once the image is filled in. A
// snapshot refused on the way fails this start (a normal one follows).
function madeThenRestored(snapshot) {
  return async (settings) => {
    const { default: createModule } = await import(INDEX_URL + "pyodide.asm.mjs");
    const module = await createModule(settings);
    const packed = await snapshot.packed; // a refused download is marked by start()
    try {
      unpackInto(packed, snapshot.image, snapshot.asBuilt);
    } catch (error) {
      markRefused(error);
      throw error;
    }
    return module;
  };
}

const markRefused = (error) => performance.mark("hex:snapshot-refused", { detail: String(error?.message || error) });

// A runtime that cannot start goes to web/boot.mjs's error panel at once, not after its
// 60-second watchdog. This module runs as soon as it arrives, so it can fail before that
// panel listens: each failure is marked on the timeline, which web/boot.mjs reads when it
// starts, as well as announced. Until the page is parsed, errors of any kind count too:
// nothing else on the page runs yet that could raise one.
function failed(error) {
  const detail = String(error?.message || error);
  performance.mark("hex:failed", { detail });
  dispatchEvent(new CustomEvent("hex:failed", { detail }));
}

function failuresBeforeParsed() {
  const early = (event) => failed(event.reason ?? event.error ?? event.message);
  addEventListener("error", early);
  addEventListener("unhandledrejection", early);
  addEventListener("DOMContentLoaded", () => {
    removeEventListener("error", early);
    removeEventListener("unhandledrejection", early);
  }, { once: true });
}
failuresBeforeParsed();

// The panel's own script, web/boot.mjs, has run by the time the page has loaded; when it
// could not be loaded itself, there is nobody else to say so.
function unlessPanelScript() {
  const panel = document.getElementById("boot-error");
  if (!panel || performance.getEntriesByName("hex:boot-listening").length) return;
  document.getElementById("boot-error-detail").textContent = "A file the page needs (boot.mjs) could not be loaded.";
  document.getElementById("boot-retry")?.addEventListener("click", () => location.reload());
  panel.hidden = false;
}
if (document.readyState === "complete") unlessPanelScript();
else addEventListener("load", unlessPanelScript, { once: true });

// index.html loads this module `async`, so it runs as soon as it arrives, while the page is
// still being parsed: Pyodide starts then, at about the bare PyScript page's time, rather
// than once PyScript has read its config and opened its storage (about 50 ms later).
// PyScript's own call below gets this same start, and hands over only where Python's output
// goes (our config asks PyScript for no packages, the one other thing it would pass).
const starting = start();
starting.catch(failed);

// A game named in the address (a new game, a tutorial) downloads its files beside Pyodide,
// unless a snapshot, which holds every game's modules, is likely to start this visit. Its
// stylesheet comes beside Pyodide on every visit: the board stays hidden until it has.
const named = new URLSearchParams(location.search).get("game")
  ?? (location.hash.startsWith("#tutorial=") ? location.hash.slice("#tutorial=".length) : null);
if (archives.games.includes(named)) linkStylesheet(`./styles/${named}.css`);
if (bootReason()) archives.prefetch(named);

// The link web/ui/browser.py's use_stylesheet makes when the game shows, made now; marked
// `data-loading` until it has loaded or failed, which that function waits for.
function linkStylesheet(href) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.loading = "";
  const settled = () => link.removeAttribute("data-loading");
  link.addEventListener("load", settled, { once: true });
  link.addEventListener("error", settled, { once: true });
  document.head.append(link);
}

export async function loadPyodide(options = {}) {
  const pyodide = await starting;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

// The shipped snapshot, unless the link or this tab says otherwise (bootReason); anything
// wrong with it, found before Pyodide restores it or by the restore itself, means a normal
// start at once.
async function start() {
  const config = { indexURL: INDEX_URL };
  const reason = bootReason();
  if (!reason) {
    // Pyodide makes its module while the snapshot downloads: it is handed the image to be
    // (its size is known), which is filled in once the module is made (madeThenRestored).
    // A snapshot refused before that need not wait for it: `refused` ends the wait, and a
    // normal start follows.
    const snapshot = { packed: fetchSnapshot(SHIPPED), image: new Uint8Array(SHIPPED.raw) };
    const refused = snapshot.packed.then(() => new Promise(() => undefined));
    // Handled below (never "unhandled"); marked now, as the page learns it.
    refused.catch(markRefused);
    try {
      const runtime = loadRuntime({ ...config, _loadSnapshot: snapshot.image,
        createPyodideModule: madeThenRestored(snapshot) }, snapshot);
      const restored = await Promise.race([runtime, refused]);
      stdlibLater(restored);
      const pyodide = await withFiles(restored);
      timeline("snapshot");
      runPreparedPyScript(pyodide);
      recoverIfBroken();
      afterStart();
      return pyodide;
    } catch (error) {
      console.warn("Start-up snapshot not used; starting normally:", error);
      archives.prefetch(named);
      await snapshot.released; // the start left behind no longer holds fetch and WebAssembly's hooks
      const pyodide = await withFiles(await loadRuntime(config));
      timeline("boot", error?.message || error);
      afterStart();
      return pyodide;
    }
  }
  const pyodide = await withFiles(await loadRuntime(config));
  timeline("boot", reason);
  afterStart();
  return pyodide;
}

// PyScript runs a script of its own before the page's code: it writes PyScript's Python
// package and imports it, all compiled from source. The snapshot holds that work prepared
// (web/ui/pyscriptboot.py), for one script: PyScript's, if it is that one to the byte, runs
// as prepared; any other runs as it is. "hex:pyscript" on the timeline says which.
function runPreparedPyScript(pyodide) {
  const runAsync = pyodide.runPythonAsync.bind(pyodide);
  pyodide.runPythonAsync = async (code, options) => {
    pyodide.runPythonAsync = runAsync; // the first script PyScript runs is that one, or none is
    if (typeof code === "string" && SHIPPED.pyscript
        && hex(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code))) === SHIPPED.pyscript) {
      const prepared = pyodide.pyimport("pyscriptboot");
      try {
        if (prepared.run()) {
          performance.mark("hex:pyscript", { detail: "prepared" });
          return undefined;
        }
      } finally {
        prepared.destroy();
      }
    }
    performance.mark("hex:pyscript", { detail: "compiled" });
    return runAsync(code, options);
  };
}

// A restored interpreter that fails before the page is ready: this tab starts again, without
// the snapshot (remembered for the tab, so this cannot loop).
function recoverIfBroken() {
  let ready = false;
  const broken = () => {
    if (ready) return;
    ready = true;
    try {
      sessionStorage.setItem(FELL_BACK, BUILD);
    } catch {
      return; // nowhere to remember it: the error panel stays, with its retry button
    }
    location.reload();
  };
  addEventListener("hex:ready", () => { ready = true; }, { once: true });
  addEventListener("error", broken, { once: true });
  addEventListener("unhandledrejection", broken, { once: true });
}

function whenIdle(run) {
  let timer = 0;
  let done = false;
  let thinking = 0; // computers choosing now: "hex:busy", detail 1 as one starts, -1 as it ends
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    clearTimeout(latest);
    for (const type of INPUTS) removeEventListener(type, wait, true);
    removeEventListener("hex:busy", busy);
    const idle = () => { performance.mark("hex:idle"); run(); }; // e2e/test_features.py waits for it
    if (globalThis.requestIdleCallback) requestIdleCallback(idle, { timeout: 1000 });
    else setTimeout(idle, 0); // WebKit has no requestIdleCallback
  };
  const wait = () => {
    clearTimeout(timer);
    if (!thinking) timer = setTimeout(go, QUIET_MS);
  };
  // A computer choosing keeps the page busy (web/ui/computers.py): the copy for offline play
  // waits for a person's turn, the game's end or LATEST_MS, as on a phone's few cores it made
  // the drawing of the computers' moves stutter.
  const busy = (event) => { thinking = Math.max(0, thinking + Number(event.detail || 0)); wait(); };
  const INPUTS = ["pointerdown", "keydown", "wheel", "touchstart"];
  for (const type of INPUTS) addEventListener(type, wait, { capture: true, passive: true });
  addEventListener("hex:busy", busy);
  const latest = setTimeout(go, LATEST_MS);
  wait();
}

// Once the player is idle, the page registers the service worker, which copies the site for
// offline play (web/ui/shell.py, web/sw.js): "hex:idle" on the timeline and on the window.
function afterStart() {
  addEventListener("hex:ready", () => whenIdle(() => dispatchEvent(new Event("hex:idle"))), { once: true });
}
