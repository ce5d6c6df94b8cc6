// Makes the start-up snapshot off the page's thread, when the player is idle (web/start.mjs):
// a Pyodide with the page's files in place and its modules imported, its memory packed into
// Cache Storage. A worker also because an interpreter made for a snapshot wraps globalThis in
// a Proxy that PyScript cannot run with.

import { fetchArchive, tarOf, unpackInto } from "./archives.mjs";

// Which modules to import: those the page imported (the page's own among them: they keep no
// JavaScript object at import, which a snapshot could not hold), and every module of the
// packages installed in site-packages, so a computer player's first move later needs no
// compiling either. Not the entry point PyScript runs (main.py), which starts the app.
const IMPORT = `
import importlib, importlib.util, os, pkgutil, sys
skipped = []
def _try(name):
    try:
        importlib.import_module(name)
    except BaseException as exc:
        skipped.append(f"{name}: {type(exc).__name__}")
def _origin(name):
    try:
        spec = importlib.util.find_spec(name)
    except BaseException:
        return ""
    return (spec and spec.origin) or ""
for _name in MODULES:
    if _name not in sys.modules and not _name.partition(".")[0] in ("js", "pyscript", "polyscript"):
        if _origin(_name):
            _try(_name)
_home = os.getcwd() + "/"
page = sorted(n for n, m in sys.modules.items() if (getattr(m, "__file__", None) or "").startswith(_home))
for _top in sorted({n.partition(".")[0] for n in MODULES if "/site-packages/" in _origin(n.partition(".")[0])}):
    _package = sys.modules.get(_top)
    for _info in pkgutil.walk_packages(getattr(_package, "__path__", []), _top + "."):
        if not _info.name.endswith("__main__"):
            _try(_info.name)
`;

// The stored form, read by readSnapshot() in web/start.mjs (which says why): all-zero pages
// left out.
const MAGIC = 0x31535848;
const PAGE = 65536;

function pack(raw) {
  const pages = Math.ceil(raw.length / PAGE);
  const words = new Uint32Array(raw.buffer, raw.byteOffset, raw.length >> 2);
  const map = new Uint8Array(pages);
  let size = 16 + pages;
  for (let i = 0; i < pages; i++) {
    const end = Math.min((i + 1) * PAGE, raw.length);
    let used = false;
    for (let w = (i * PAGE) >> 2; w < end >> 2 && !used; w++) used = words[w] !== 0;
    for (let b = end & ~3; b < end && !used; b++) used = raw[b] !== 0;
    if (used) { map[i] = 1; size += end - i * PAGE; }
  }
  const packed = new Uint8Array(size);
  new Uint32Array(packed.buffer, 0, 4).set([MAGIC, raw.length, PAGE, pages]);
  packed.set(map, 16);
  let at = 16 + pages;
  for (let i = 0; i < pages; i++) {
    if (!map[i]) continue;
    const chunk = raw.subarray(i * PAGE, Math.min((i + 1) * PAGE, raw.length));
    packed.set(chunk, at);
    at += chunk.length;
  }
  return packed;
}

async function make({ key, cache: cacheName, modules, archives }) {
  const started = performance.now();
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href, _makeSnapshot: true });
  for (const [url, folder] of archives) unpackInto(pyodide.FS, tarOf(pyodide, await fetchArchive(url)), folder);
  const namespace = pyodide.toPy({ MODULES: modules });
  pyodide.runPython(IMPORT, { globals: namespace });
  const skipped = namespace.get("skipped").toJs();
  const page = namespace.get("page").toJs();
  namespace.destroy();
  const raw = pyodide.makeMemorySnapshot();
  const packed = pack(raw);
  const digest = [...new Uint8Array(await crypto.subtle.digest("SHA-256", packed))]
    .map((b) => b.toString(16).padStart(2, "0")).join("");
  const cache = await caches.open(cacheName);
  for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
  await cache.put(key, new Response(packed, {
    headers: { "content-type": "application/octet-stream", "x-snapshot-sha256": digest },
  }));
  postMessage({ raw: raw.length, packed: packed.length, ms: Math.round(performance.now() - started), skipped, page });
}

onmessage = async ({ data }) => {
  try {
    await make(data.make);
  } catch (error) {
    postMessage({ error: String(error?.stack || error) });
  }
};
