// The start-up snapshot shipped with the site (docs/startup-snapshot.md), made when the site is
// built: the site's own Pyodide on Node, the page's Python archives put in place as the page
// puts them, every module of ours imported, and its memory written out, packed as
// web/start.mjs reads it (pages of zeros, and pages the WebAssembly module starts with, left
// out), gzipped.
//
//   node tools/make_snapshot.mjs SITE_DIR OUT.gz
//
// Prints one line of JSON: {raw, packed, gz, built, modules, skipped, pyscript} (`built`: how
// much of the memory the WebAssembly module's data segments reach). Two runs on the same site
// give the same bytes: what Python would take from the machine (random bytes, the clock, the
// locale) is fixed while it runs here; the page reseeds `random` and rereads the time zone
// when it starts (web/ui/main.py).

import { readFileSync, writeFileSync } from "node:fs";
import nodeCrypto from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

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
  // As a browser's page would have them: on Node, Emscripten takes LANG from the machine and
  // the program's name (environment variable `_`) from this script's path.
  env: { LANG: "C.UTF-8" },
  _sysExecutable: "./this.program",
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
// PyScript's own Python package, as the script PyScript runs before the page's code writes it
// (the module that script is built from, and the script itself): web/ui/pyscriptboot.py keeps
// it compiled, and the standard modules it imports are imported here, so that the page
// compiles none of them (the standard library comes as source: \`html\` and its 2,000
// entities alone took about 0.2 s at 1x).
const PYSCRIPT_SRC = new URL("../node_modules/@pyscript/core/src/", import.meta.url).href;
const { stdlib: pyscriptScript } = await import(PYSCRIPT_SRC + "stdlib.js");
const { default: pyscriptTree } = await import(PYSCRIPT_SRC + "stdlib/pyscript.js");
const flatten = (tree, base) => Object.entries(tree).flatMap(([name, value]) =>
  typeof value === "string" ? [[base + name, value]] : flatten(value, `${base}${name}/`));
const PREPARE_PYSCRIPT = `
import ast, importlib, sys
import pyscriptboot
pyscriptboot.prepare(FILES)
for _source in FILES.values():
    for _node in ast.walk(ast.parse(_source)):
        _names = [a.name for a in _node.names] if isinstance(_node, ast.Import) else [_node.module or ""] if isinstance(_node, ast.ImportFrom) and not _node.level else []
        for _name in _names:
            if _name.partition(".")[0] in sys.stdlib_module_names:
                importlib.import_module(_name)
`;
const files = pyodide.toPy({ FILES: Object.fromEntries(flatten(pyscriptTree, "")) });
pyodide.runPython(PREPARE_PYSCRIPT, { globals: files });
files.destroy();
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
// A start from the snapshot fetches the standard library's archive only once it is up
// (web/start.mjs, stdlibLater): a standard module any of ours names, even inside a function,
// must be in the snapshot already, or its first import waits for that download. Checked once
// the snapshot is taken, so that the parsing leaves nothing in it.
const LACKED = `
import ast, os, sys
_home = os.getcwd()
lacked = set()
for _module in list(sys.modules.values()):
    _file = getattr(_module, "__file__", None) or ""
    if _file.endswith(".py") and (_file.startswith(_home + "/") or any(f"/{_top}/" in _file for _top in PACKAGES)):
        with open(_file, encoding="utf-8") as _source:
            _tree = ast.parse(_source.read())
        for _node in ast.walk(_tree):
            _names = [a.name for a in _node.names] if isinstance(_node, ast.Import) else [_node.module or ""] if isinstance(_node, ast.ImportFrom) and not _node.level else []
            lacked.update(_n for _n in _names if _n.partition(".")[0] in sys.stdlib_module_names and _n not in sys.modules)
lacked = sorted(lacked)
`;
const checked = pyodide.toPy({ PACKAGES: ["pygame_core"] });
pyodide.runPython(LACKED, { globals: checked });
const lacked = checked.get("lacked").toJs();
checked.destroy();
if (lacked.length) {
  console.error(`make_snapshot: standard modules our code imports that the snapshot lacks (import them above):\n  ${lacked.join("\n  ")}`);
  process.exit(1);
}

// The memory Pyodide's WebAssembly starts with: its active data segments, where they go.
function initialImage(wasm) {
  let at = 8;
  const leb = () => {
    let value = 0, shift = 0, byte;
    do { byte = wasm[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return value;
  };
  const sleb = () => {
    let value = 0, shift = 0, byte;
    do { byte = wasm[at++]; value += (byte & 0x7f) * 2 ** shift; shift += 7; } while (byte & 0x80);
    return byte & 0x40 ? value - 2 ** shift : value;
  };
  const segments = [];
  while (at < wasm.length) {
    const id = wasm[at++];
    const size = leb();
    const end = at + size;
    if (id === 11) {
      for (let n = leb(); n > 0; n--) {
        const flags = leb();
        if (flags === 1) throw new Error("passive data segments: not handled");
        if (flags === 2) leb(); // memory index
        if (wasm[at++] !== 0x41) throw new Error("a data segment's offset is not an i32.const");
        const offset = sleb();
        if (wasm[at++] !== 0x0b) throw new Error("a data segment's offset is not a constant");
        const length = leb();
        segments.push([offset, wasm.subarray(at, at + length)]);
        at += length;
      }
    }
    at = end;
  }
  const image = new Uint8Array(Math.max(0, ...segments.map(([offset, data]) => offset + data.length)));
  for (const [offset, data] of segments) image.set(data, offset);
  return image;
}

// The stored form web/start.mjs reads (unpack): magic, raw length, page size, page count,
// prefix length (u32 each, little-endian); the prefix (Pyodide's own header, kept whole);
// one byte per page of the memory after it (0: all zeros, 1: stored, 2: as the WebAssembly
// module's initial memory, which the page copies from the instance it has just made); then
// the stored pages. Pages are the memory's own, so the prefix does not shift them.
const MAGIC = 0x32535848; // "HXS2"
const PAGE = 65536;
function pack(raw, image) {
  const prefix = new DataView(raw.buffer, raw.byteOffset).getUint32(4, true); // Pyodide's header size
  const memory = raw.subarray(prefix);
  const pages = Math.ceil(memory.length / PAGE);
  const map = new Uint8Array(pages);
  const kept = [];
  for (let i = 0; i < pages; i++) {
    const chunk = memory.subarray(i * PAGE, Math.min((i + 1) * PAGE, memory.length));
    const initial = image.subarray(i * PAGE, i * PAGE + chunk.length);
    if (!chunk.some((b) => b !== 0)) continue;
    if (initial.length === chunk.length && chunk.every((b, k) => b === initial[k])) {
      map[i] = 2;
    } else {
      map[i] = 1;
      kept.push(chunk);
    }
  }
  const header = new Uint8Array(20);
  const view = new DataView(header.buffer);
  [MAGIC, raw.length, PAGE, pages, prefix].forEach((value, i) => view.setUint32(4 * i, value, true));
  return Buffer.concat([header, raw.subarray(0, prefix), map, ...kept]);
}
const built = initialImage(new Uint8Array(readFileSync(path.join(PYODIDE_DIR, "pyodide.asm.wasm"))));
const packed = pack(raw, built);
const gz = zlib.gzipSync(packed, { level: 9 }); // gzip's header carries no time or name here
writeFileSync(out, gz);
// The script whose work pyscriptboot.run does (web/start.mjs compares PyScript's with it).
const pyscript = nodeCrypto.createHash("sha256").update(pyscriptScript, "utf8").digest("hex");
console.log(JSON.stringify({ raw: raw.length, packed: packed.length, gz: gz.length, built: built.length, modules: modules.length, skipped, pyscript }));
