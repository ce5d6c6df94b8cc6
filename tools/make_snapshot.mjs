// The start-up snapshot shipped with the site (docs/startup-snapshot.md), made when the site is
// built: the site's own Pyodide on Node, the page's Python archives put in place as the page
// puts them, every module of ours imported, and its memory written out, packed as
// web/start.mjs reads it (all-zero pages left out), gzipped.
//
//   node tools/make_snapshot.mjs SITE_DIR OUT.gz
//
// Prints one line of JSON: {raw, packed, gz, modules, skipped}. Two runs on the same site
// give the same bytes: what Python would take from the machine (random bytes, the clock, the
// locale) is fixed while it runs here; the page reseeds `random` and rereads the time zone
// when it starts (web/ui/main.py).

import { readFileSync, writeFileSync } from "node:fs";
import nodeCrypto from "node:crypto";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import zlib from "node:zlib";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [siteDir, out] = process.argv.slice(2);
if (!siteDir || !out) {
  console.error("usage: node tools/make_snapshot.mjs SITE_DIR OUT.gz");
  process.exit(2);
}

// -- what Python would read from the machine, fixed -------------------------------------------
// Random bytes (Python's hash seed, `random`'s first seed): a counter-mode stream of a fixed key.
let drawn = 0;
function fixedRandom(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let at = 0; at < bytes.length; at += 32) {
    const block = nodeCrypto.createHash("sha256").update(`hex-table snapshot ${drawn++}`).digest();
    bytes.set(block.subarray(0, Math.min(32, bytes.length - at)), at);
  }
  return view;
}
nodeCrypto.randomFillSync = fixedRandom;
Object.defineProperty(globalThis.crypto, "getRandomValues", { value: fixedRandom, configurable: true });
// The clock: a fixed date that only moves when read (file times, `time.time()` at import).
const EPOCH = Date.UTC(2026, 0, 1);
let ticks = 0;
Date.now = () => EPOCH + ticks++;
const tick = { now: 0 };
performance.now = () => (tick.now += 1);

const PYODIDE_DIR = path.join(siteDir, "pyodide");
const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
const { ARCHIVES, unpackInto } = await import(pathToFileURL(path.join(siteDir, "archives.mjs")).href);

const pyodide = await loadPyodide({
  indexURL: PYODIDE_DIR + path.sep,
  _makeSnapshot: true,
  // As a browser's page would have them (Emscripten takes LANG from the machine on Node).
  env: { LANG: "C.UTF-8" },
});
for (const { url, folder } of ARCHIVES) {
  const tar = zlib.gunzipSync(readFileSync(path.join(siteDir, url)));
  unpackInto(pyodide.FS, new Uint8Array(tar.buffer, tar.byteOffset, tar.length), folder);
}

// Every module of ours: the page's own (in its home folder; not main.py, which starts the app
// and is not there), then every module of the packages in site-packages that are ours.
const IMPORT = `
import importlib, os, pkgutil, sys
skipped = []
def _try(name):
    try:
        importlib.import_module(name)
    except BaseException as exc:
        skipped.append(f"{name}: {type(exc).__name__}: {exc}")
_home = os.getcwd()
for _name in sorted(os.listdir(_home)):
    _stem, _, _ext = _name.partition(".")
    if _ext in ("py", "pyc") and _stem != "main":
        _try(_stem)
for _top in PACKAGES:
    _try(_top)
    for _info in pkgutil.walk_packages(sys.modules[_top].__path__, _top + "."):
        if not _info.name.endswith("__main__"):
            _try(_info.name)
modules = sorted(n for n, m in sys.modules.items() if (getattr(m, "__file__", None) or "").startswith(_home + "/"))
# What is here lives as long as the page: later collections need not walk it again.
import gc
gc.collect()
gc.freeze()
`;
const namespace = pyodide.toPy({ PACKAGES: ["pygame_core"] });
pyodide.runPython(IMPORT, { globals: namespace });
const skipped = namespace.get("skipped").toJs();
const modules = namespace.get("modules").toJs();
namespace.destroy();
if (skipped.length) {
  console.error(`make_snapshot: modules that would not import:\n  ${skipped.join("\n  ")}`);
  process.exit(1);
}
const raw = pyodide.makeMemorySnapshot();

// The stored form web/start.mjs reads (readSnapshot): magic, raw length, page size, page count
// (u32 each, little-endian), one byte per page (1: stored), then the stored pages.
const MAGIC = 0x31535848; // "HXS1"
const PAGE = 65536;
function pack(memory) {
  const pages = Math.ceil(memory.length / PAGE);
  const map = new Uint8Array(pages);
  const kept = [];
  for (let i = 0; i < pages; i++) {
    const chunk = memory.subarray(i * PAGE, Math.min((i + 1) * PAGE, memory.length));
    if (chunk.some((b) => b !== 0)) {
      map[i] = 1;
      kept.push(chunk);
    }
  }
  const header = new Uint8Array(16);
  new DataView(header.buffer).setUint32(0, MAGIC, true);
  new DataView(header.buffer).setUint32(4, memory.length, true);
  new DataView(header.buffer).setUint32(8, PAGE, true);
  new DataView(header.buffer).setUint32(12, pages, true);
  return Buffer.concat([header, map, ...kept]);
}
const packed = pack(raw);
const gz = zlib.gzipSync(packed, { level: 9 }); // gzip's header carries no time or name here
writeFileSync(out, gz);
console.log(JSON.stringify({ raw: raw.length, packed: packed.length, gz: gz.length, modules: modules.length, skipped }));
