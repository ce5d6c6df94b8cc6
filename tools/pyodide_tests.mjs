// The rules checks inside real Pyodide (the npm `pyodide` package) on Node 20, offline.
//
//   node tools/pyodide_tests.mjs [--games N] [--bench SECONDS] [--strict] [--no-crash-probes]
//
// Loads Pyodide from node_modules/pyodide (no CDN, no loadPackage), unpacks our wheel
// from build/wheels/ into site-packages, copies tests/pyodide_runner.py and
// tests/invariants.py into the Pyodide file system and runs the runner. The checks the
// runner knows to crash Pyodide (KNOWN_CRASHES) run in a second Node process
// (`--crash-probes`) that must still fail. The last line is `pyodide: N passed, M failed`.
// Exits non-zero on any failure, and also if anything tried to reach the network (every
// socket, DNS lookup and non-file fetch is refused and reported).

import { spawn } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import net from "node:net";
import dns from "node:dns";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PYODIDE_DIR = path.join(ROOT, "node_modules", "pyodide");
const WHEEL_DIR = path.join(ROOT, "build", "wheels");

// -- no network: refuse and record every attempt -------------------------------------------
const attempts = [];
function refuse(what) {
  attempts.push(what);
  throw new Error(`network access refused in the Pyodide tests: ${what}`);
}
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  // net.connect() passes its normalized [options, callback] as the first argument.
  const opts = Array.isArray(args[0]) ? args[0][0] : args[0];
  // Local IPC (a path, e.g. a pipe) is not network; anything with a host or port is.
  if (typeof opts === "string" || (opts && typeof opts === "object" && opts.path)) {
    return connect.apply(this, args);
  }
  const where = opts && typeof opts === "object" ? `${opts.host ?? "localhost"}:${opts.port}` : String(opts);
  refuse(`socket connect to ${where}`);
};
for (const name of ["lookup", "resolve", "resolve4", "resolve6"]) {
  dns[name] = (host) => refuse(`dns ${name} ${host}`);
  if (dns.promises[name]) dns.promises[name] = async (host) => refuse(`dns ${name} ${host}`);
}
const realFetch = globalThis.fetch;
globalThis.fetch = async (resource, init) => {
  const url = String(resource && resource.url ? resource.url : resource);
  if (!url.startsWith("file:")) refuse(`fetch ${url}`);
  return realFetch(resource, init);
};

// The guard itself works: a connection attempt is refused before it leaves the process.
try {
  net.connect({ host: "192.0.2.1", port: 9 }); // TEST-NET-1: nothing is there anyway
} catch {
  // refused, as it should be
}
if (attempts.length !== 1) {
  console.error("the network guard did not catch a test connection");
  process.exit(2);
}
attempts.length = 0;

// -- arguments and files ---------------------------------------------------------------------
const args = process.argv.slice(2);
const wheels = readdirSync(WHEEL_DIR).filter((f) => f.endsWith(".whl"));
if (wheels.length !== 1) {
  console.error(`expected exactly one wheel in ${WHEEL_DIR} (run \`make wheel\`), found: ${wheels.join(", ") || "none"}`);
  process.exit(2);
}
const wheelPath = path.join(WHEEL_DIR, wheels[0]);

// Checks known to kill Pyodide run in a Node process of their own and must still fail
// (a strict xfail): when one passes, the bug is fixed and KNOWN_CRASHES should shrink. That
// process starts now, beside this one (each takes one core), and is awaited at the end.
function runCrashProbes() {
  const probe = spawn(process.execPath, [fileURLToPath(import.meta.url), "--crash-probes"], { timeout: 300_000 });
  let stdout = "";
  let stderr = "";
  probe.stdout.setEncoding("utf8").on("data", (chunk) => { stdout += chunk; });
  probe.stderr.setEncoding("utf8").on("data", (chunk) => { stderr += chunk; });
  return new Promise((resolve) => {
    probe.on("close", (status, signal) => resolve({ status, signal, stdout, stderr }));
    probe.on("error", (error) => resolve({ status: null, signal: null, stdout, stderr: String(error) }));
  });
}

// -- run -----------------------------------------------------------------------------------------
const started = performance.now();
const probing = args.includes("--crash-probes");
const crashProbes = probing || args.includes("--no-crash-probes") ? null : runCrashProbes();
const { loadPyodide } = await import(pathToFileURL(path.join(PYODIDE_DIR, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: PYODIDE_DIR + path.sep,
  packageCacheDir: PYODIDE_DIR + path.sep, // never the CDN, even if something asked for a package
  stdout: (line) => console.log(line),
  stderr: (line) => console.error(line),
});
const loaded = performance.now();

const sitePackages = pyodide
  .runPython("import sysconfig; sysconfig.get_path('purelib')")
  .replace(/^\/+/, "/"); // it comes back as //lib/...
const wheelBytes = readFileSync(wheelPath); // a Node Buffer; Pyodide wants a plain typed array
pyodide.unpackArchive(new Uint8Array(wheelBytes.buffer, wheelBytes.byteOffset, wheelBytes.length),
                      "wheel", { extractDir: sitePackages });
pyodide.FS.mkdirTree("/home/pyodide/tests");
for (const name of ["pyodide_runner.py", "invariants.py"]) {
  pyodide.FS.writeFile(`/home/pyodide/tests/${name}`, readFileSync(path.join(ROOT, "tests", name)));
}
console.log(`pyodide ${pyodide.version} loaded in ${((loaded - started) / 1000).toFixed(1)} s; ` +
            `${wheels[0]} unpacked into ${sitePackages}`);

pyodide.globals.set("runner_args", pyodide.toPy(args.filter((a) => a !== "--no-crash-probes")));
let passed = 0;
let failed = 0;
try {
  const result = await pyodide.runPythonAsync(`
import sys
sys.path.insert(0, "/home/pyodide/tests")
import pygame_core
assert pygame_core.__file__.startswith(${JSON.stringify(sitePackages + "/")}), pygame_core.__file__
import pyodide_runner
list(pyodide_runner.run(list(runner_args)))
`);
  [passed, failed] = result.toJs();
  result.destroy();
} catch (err) {
  console.error(String(err));
  failed += 1;
}

if (crashProbes) {
  const probe = await crashProbes;
  const out = probe.stdout;
  const probes = out.split("\n").filter((l) => l.startsWith("probe ")).length;
  if (probes === 0) {
    console.log("crash probes: none known");
  } else if (probe.status === 0 && /^pyodide: [1-9]\d* passed, 0 failed$/m.test(out)) {
    console.log(`XPASS: the ${probes} check(s) in KNOWN_CRASHES of tests/pyodide_runner.py ` +
                "no longer crash Pyodide; take them off that list");
    failed += 1;
  } else {
    const all = `${out}\n${probe.stderr || ""}`;
    const why = all.match(/RangeError: [^\n]*/) || all.match(/^FAIL [^\n]*/m);
    console.log(`xfail: the known crash is still there (probe process exit ${probe.status}` +
                `${probe.signal ? `, ${probe.signal}` : ""}${why ? `: ${why[0]}` : ""})`);
  }
}

console.log(`pyodide run took ${((performance.now() - started) / 1000).toFixed(1)} s in all`);
let code = failed || !passed ? 1 : 0;
if (attempts.length) {
  console.error(`network access attempted ${attempts.length} time(s):\n  ${attempts.join("\n  ")}`);
  failed += 1;
  code = 3;
} else {
  console.log("network: no requests");
}
console.log(`pyodide: ${passed} passed, ${failed} failed`);
process.exit(code);
