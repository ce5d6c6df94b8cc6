// The interpreter module PyScript loads (pyscript.json's "interpreter"): Pyodide, started
// from a memory snapshot of an earlier visit when a good one is stored, else as usual. Once
// the page is up and the player idle, it does the work that can wait: it lets the service
// worker fill the offline cache, then has a Worker make the snapshot for the next visit.
// Anything wrong with a stored snapshot means a normal start and a new snapshot.
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";
import { startArchives } from "./archives.mjs";

// PyScript reads Pyodide's version from this export (and the index URL from our folder,
// which is why loadPyodide below sets indexURL itself).
export { version };

const BUILD = "__BUILD_VERSION__"; // the site's build, written by tools/build_site.py
// Not named "hex-table-…": the service worker deletes those caches when the site updates.
const CACHE = "hex-snapshot";
// A snapshot restores only into the very Pyodide build that made it, and holds our modules.
const KEY = new URL(`./snapshot/${version}/${BUILD}`, import.meta.url).href;
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
const LOOKUP_MS = 3000; // storage that does not answer by then is not waited for
const QUIET_MS = 2000; // "idle": this long without input after the page is ready...
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

function withTimeout(promise, ms) {
  return Promise.race([promise, new Promise((_, no) => setTimeout(() => no(new Error("storage timed out")), ms))]);
}

async function openCache() {
  if (!globalThis.caches || !globalThis.crypto?.subtle) return null;
  return withTimeout(caches.open(CACHE), LOOKUP_MS); // rejects where storage is refused
}

// Set once this build's snapshot is stored, so that a first visit does not wait for Cache
// Storage to say it has none (20-70 ms here). Only a hint: where it cannot be read, look.
const HINT = "hex-table:snapshot";

function maybeStored() {
  try {
    return localStorage.getItem(HINT) === KEY;
  } catch {
    return true;
  }
}

function hint(stored) {
  try {
    if (stored) localStorage.setItem(HINT, KEY);
    else localStorage.removeItem(HINT);
  } catch {
    // no storage: every start looks in Cache Storage
  }
}

// Whether a snapshot for this build is stored (quick; reading it is not).
async function storedSnapshot() {
  if (!maybeStored()) return null;
  const cache = await openCache();
  return (cache && (await withTimeout(cache.match(KEY), LOOKUP_MS))) || null;
}

// The stored form (written by pack() in web/snapshot-worker.mjs): Pyodide's snapshot with
// its all-zero pages left out, which halves it and costs next to nothing to undo (gunzip
// took 0.25-0.5 s here, more than the rest of a restore). Header: magic, raw length, page
// size, page count (u32 each), one byte per page (1: stored), then the stored pages. The
// SHA-256 of the whole is kept beside it, so damage is found before Pyodide sees it; Pyodide
// then checks the snapshot's own magic number and build id.
const MAGIC = 0x31535848; // "HXS1"

async function readSnapshot(response) {
  const packed = new Uint8Array(await response.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", packed));
  const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
  if (hex !== response.headers.get("x-snapshot-sha256")) throw new Error("snapshot digest mismatch");
  const [magic, length, page, pages] = new Uint32Array(packed.buffer, 0, 4);
  if (magic !== MAGIC || pages !== Math.ceil(length / page)) throw new Error("not a snapshot");
  const map = packed.subarray(16, 16 + pages);
  const raw = new Uint8Array(length);
  let at = 16 + pages;
  for (let i = 0; i < pages; i++) {
    if (!map[i]) continue;
    const size = Math.min(page, length - i * page);
    raw.set(packed.subarray(at, at + size), i * page);
    at += size;
  }
  if (at !== packed.length) throw new Error("snapshot length mismatch");
  return raw;
}

const WORKER = new URL("./snapshot-worker.mjs", import.meta.url);

// One job for a snapshot worker (web/snapshot-worker.mjs); the worker ends with it.
function inWorker(job) {
  const worker = new Worker(WORKER, { type: "module" });
  return new Promise((resolve, reject) => {
    worker.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve(data));
    worker.onerror = (event) => reject(new Error(event.message || "snapshot worker failed"));
    worker.postMessage(job);
  }).finally(() => worker.terminate());
}

// Pyodide fetches and compiles its WebAssembly with WebAssembly.instantiateStreaming, and
// only logs a failure there: its loadPyodide then never settles, and whether the browser
// reports anything depends on how early the download failed. So every start passes through
// here, which sends such a failure to the error panel. With a snapshot, Pyodide asks for its
// WebAssembly only once it has read the snapshot: `ahead` compiles it meanwhile, and
// Pyodide's own download of it gets an empty answer (else a returning visit reads the
// 9.6 MB file twice).
function loadRuntime(options, { ahead = false } = {}) {
  const url = INDEX_URL + "pyodide.asm.wasm";
  const fetching = globalThis.fetch;
  const streaming = WebAssembly.instantiateStreaming;
  const compiled = ahead ? WebAssembly.compileStreaming(fetching(url)) : null;
  compiled?.catch(() => undefined);
  const restore = () => {
    globalThis.fetch = fetching;
    WebAssembly.instantiateStreaming = streaming;
  };
  if (ahead) {
    globalThis.fetch = (input, init) => {
      if (String(input) !== url) return fetching(input, init);
      globalThis.fetch = fetching;
      return Promise.resolve(new Response(null));
    };
  }
  WebAssembly.instantiateStreaming = async (source, imports) => {
    restore();
    try {
      const module = await compiled?.catch(() => null);
      if (module) return { module, instance: await WebAssembly.instantiate(module, imports) };
      return await streaming(compiled ? fetching(url) : source, imports);
    } catch (error) {
      // A TypeError is a download that failed or was refused; a corrupt file fails to compile.
      failed(error instanceof TypeError ? `A file the page needs (${new URL(url).pathname}) could not be loaded.` : error);
      throw error;
    }
  };
  return startPyodide(options).finally(restore);
}

async function forgetSnapshots() {
  try {
    const cache = await openCache();
    for (const request of (await cache?.keys()) || []) await cache.delete(request);
    hint(false);
    return true;
  } catch {
    return false;
  }
}

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
if (!maybeStored()) archives.prefetch(named);

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

async function start() {
  const config = { indexURL: INDEX_URL };
  let stored = null;
  try {
    stored = await storedSnapshot();
  } catch (error) {
    console.warn("Stored start-up snapshot not read:", error);
  }
  if (stored) {
    // Pyodide loads its code while the snapshot is read, and waits for it only to restore it.
    const snapshot = readSnapshot(stored);
    snapshot.catch(() => undefined); // a failure is handled below, never "unhandled"
    try {
      const pyodide = await withFiles(await loadRuntime({ ...config, _loadSnapshot: snapshot }, { ahead: true }));
      timeline("snapshot");
      recoverIfBroken();
      afterStart(pyodide, false);
      return pyodide;
    } catch (error) {
      console.warn("Start-up snapshot not used; starting normally:", error);
      timeline("boot", error);
      await forgetSnapshots();
      const pyodide = await withFiles(await loadRuntime(config));
      afterStart(pyodide, true);
      return pyodide;
    }
  }
  const pyodide = await withFiles(await loadRuntime(config));
  timeline("boot");
  afterStart(pyodide, true);
  return pyodide;
}

// A restored interpreter that fails before the page is ready: drop the snapshot and start
// again normally (without one, this cannot loop).
function recoverIfBroken() {
  let ready = false;
  const failed = async () => {
    if (ready) return;
    ready = true;
    if (await forgetSnapshots()) location.reload();
  };
  addEventListener("hex:ready", () => { ready = true; }, { once: true });
  addEventListener("error", failed, { once: true });
  addEventListener("unhandledrejection", failed, { once: true });
}

function whenIdle(run) {
  let timer = 0;
  let done = false;
  const go = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    clearTimeout(latest);
    for (const type of INPUTS) removeEventListener(type, wait, true);
    const idle = () => { performance.mark("hex:idle"); run(); }; // e2e/test_features.py waits for it
    if (globalThis.requestIdleCallback) requestIdleCallback(idle, { timeout: 1000 });
    else setTimeout(idle, 0); // WebKit has no requestIdleCallback
  };
  const wait = () => { clearTimeout(timer); timer = setTimeout(go, QUIET_MS); };
  const INPUTS = ["pointerdown", "keydown", "wheel", "touchstart"];
  for (const type of INPUTS) addEventListener(type, wait, { capture: true, passive: true });
  const latest = setTimeout(go, LATEST_MS);
  wait();
}

function afterStart(pyodide, makeSnapshot) {
  addEventListener("hex:ready", () => whenIdle(async () => {
    await precacheWhenIdle();
    if (makeSnapshot) await saveSnapshot(pyodide).catch((error) => console.warn("No start-up snapshot made:", error));
  }), { once: true });
}

// The service worker waits for this before copying the site into its cache (web/sw.js).
async function precacheWhenIdle() {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  try {
    const registration = await withTimeout(sw.getRegistration(), LOOKUP_MS);
    if (!registration) return;
    const tell = () => registration.installing?.postMessage("precache");
    registration.addEventListener("updatefound", tell);
    tell();
    if (registration.installing) await withTimeout(sw.ready, 120000).catch(() => undefined);
  } catch {
    // no service worker here (a refused frame, a private window): nothing to wait for
  }
}

// The modules this page has imported so far (the worker imports those it can) and our
// Python's archives (the worker puts them in place too).
async function saveSnapshot(pyodide) {
  if (!(await openCache().catch(() => null))) return;
  const listing = pyodide.runPython("import sys\nsorted(sys.modules)", { globals: pyodide.toPy({}) });
  const modules = listing.toJs();
  listing.destroy();
  const result = await inWorker({ make: { key: KEY, cache: CACHE, modules, archives: archives.urls } });
  hint(true);
  performance.mark("hex:snapshot-saved", { detail: result });
}
