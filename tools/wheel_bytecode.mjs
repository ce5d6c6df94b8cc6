// The bytecode of our wheel's modules, compiled by the site's Pyodide (see wheel_bytecode.py).
//
//   node tools/wheel_bytecode.mjs WHEEL.whl OUT.zip CACHE_TAG [UI_DIR STARTUP.zip]
//
// With UI_DIR (the page's modules) also writes STARTUP.zip: the modules the page imports
// before its menu shows, and those each game's first board imports, installed as in the
// page, as sourceless .pyc files, and beside them the code of their dataclasses' methods.
//
// Fails unless this Pyodide's bytecode tag is CACHE_TAG (what the page expects, e.g. cpython-314).
//
// Runs the npm `pyodide` package on Node, offline (the same runtime the site ships).

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const [src, dst, tag, uiDir, startupDst] = process.argv.slice(2);
if (!src || !dst || !tag) {
  console.error("usage: node tools/wheel_bytecode.mjs WHEEL.whl OUT.zip CACHE_TAG [UI_DIR STARTUP.zip]");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
// Without column ranges (PYTHONNODEBUGRANGES): a traceback still names each line, and the
// bytecode is about 28% smaller compressed.
const pyodide = await loadPyodide({ indexURL: PYODIDE_DIR + path.sep, packageCacheDir: PYODIDE_DIR + path.sep,
                                    env: { PYTHONNODEBUGRANGES: "1" } });
const asBytes = (buffer) => new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
pyodide.FS.writeFile("/tmp/in.whl", asBytes(readFileSync(src)));
pyodide.FS.writeFile("/tmp/wheel_bytecode.py", asBytes(readFileSync(path.join(ROOT, "tools", "wheel_bytecode.py"))));
pyodide.globals.set("expected_tag", tag);
const HOME = "/home/pyodide"; // where the page unpacks its own modules (tools/build_site.py)
if (uiDir) {
  for (const name of readdirSync(uiDir).filter((n) => n.endsWith(".py"))) {
    pyodide.FS.writeFile(`${HOME}/${name}`, asBytes(readFileSync(path.join(uiDir, name))));
  }
}
pyodide.globals.set("startup_out", uiDir ? "/tmp/startup.zip" : null);
let count;
try {
  count = pyodide.runPython(`
import sys, sysconfig
if sys.implementation.cache_tag != expected_tag:
    raise SystemExit(f"this Pyodide writes {sys.implementation.cache_tag} bytecode, not {expected_tag}")
sys.path.insert(0, "/tmp")
import wheel_bytecode
site = sysconfig.get_path("purelib").replace("//", "/")
count = wheel_bytecode.bundle("/tmp/in.whl", "/tmp/out.zip", site)
if startup_out:
    import zipfile
    with zipfile.ZipFile("/tmp/in.whl") as wheel:
        wheel.extractall(site, [n for n in wheel.namelist() if ".dist-info/" not in n])
    sys.path.insert(0, "${HOME}")
    # Node's globals stand in for the page's \`js\`: our modules touch none when imported.
    # Each game's first board: its rules and its view, and what they import. Every class
    # they define is seen: nothing of ours is imported before this.
    with wheel_bytecode.recording_dataclasses() as dataclass_codes:
        import pygame_core
        first_board = tuple(pygame_core.game_module(game_id, part)
                            for game_id in pygame_core.game_ids() for part in ("rules", "view"))
        wheel_bytecode.startup("${HOME}/main.py", [site, "${HOME}"], startup_out, first_board, dataclass_codes)
count
`);
} catch (error) {
  // Only the Python error's last line: Node would print all of Pyodide's minified source.
  console.error(`wheel_bytecode: ${String(error.message).trim().split("\n").pop()}`);
  process.exit(1);
}
writeFileSync(dst, pyodide.FS.readFile("/tmp/out.zip"));
if (startupDst) writeFileSync(startupDst, pyodide.FS.readFile("/tmp/startup.zip"));
console.log(`${path.basename(dst)}: ${count} modules compiled by Python ${pyodide.runPython("import sys; sys.version.split()[0]")}`);
