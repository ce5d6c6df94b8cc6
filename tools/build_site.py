"""Assemble the publishable site in site/: our pages and Python glue, our wheel, and only
the runtime files the page needs from the npm `pyodide` and `@pyscript/core` packages.

Also writes `pyscript.json` (pointing PyScript at our own Pyodide and wheel) and the
service worker's precache list, versioned by a hash of everything in it so a new build
replaces the old cache cleanly.

    python tools/build_site.py [--wheel build/wheels/pygame_core-*.whl] [--out site]
"""

from __future__ import annotations

import argparse
import glob
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile

import wheel_bytecode

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                 "pyodide-lock.json")
# PyScript's chunks that our pages load (core plus what `files` and the Python
# interpreter need, and the package graph `packages` uses on the Python authors' page);
# editor and terminal chunks are never requested, so not shipped.
PYSCRIPT_CHUNKS = ("core.js", "core-*.js", "error-*.js", "pyodide_graph-*.js")
# PyScript plugins we do not use; turning them off also keeps the page within a CSP
# without 'unsafe-eval' (their worker hooks are compiled with Function()).
PYSCRIPT_PLUGINS_OFF = ("!py-editor", "!py-game", "!py-terminal", "!donkey", "!deprecations-manager")
PYTHON_VERSION_DIR = "/lib/python3.14/site-packages"
HOME_DIR = "/home/pyodide"  # Pyodide's working folder, where main.py's imports look first
PYODIDE_CACHE_TAG = "cpython-314"  # bytecode file names of the Python in PYTHON_VERSION_DIR
PYODIDE_PACKAGES = os.path.join(ROOT, "build", "pyodide-packages")
# The service worker itself is fetched by the browser, never from cache; the plain
# WebAssembly is only for the Python authors' page (ours loads its gzipped copy).
NOT_PRECACHED = ("sw.js", "pyodide/pyodide.asm.wasm")


QR_READER = ("decode.js", "index.js")  # @paulmillr/qr's ES modules: the reader and the bitmap it uses


def add_qr_reader(out: str) -> None:
    """The QR reader "Scan an answer" uses where the browser has no barcode detector, in
    its own folder; the page imports it only when a scan starts (web/ui/scan.py)."""
    src = os.path.join(ROOT, "node_modules", "@paulmillr", "qr")
    dst = os.path.join(out, "qr-reader")
    os.makedirs(dst)
    for name in QR_READER:
        with open(os.path.join(src, "esm", name)) as f:
            lines = [line for line in f.read().splitlines() if not line.startswith("//# sourceMappingURL=")]
        with open(os.path.join(dst, name), "w") as f:
            f.write("\n".join(lines) + "\n")
    shutil.copy2(os.path.join(src, "LICENSE-MIT"), os.path.join(dst, "LICENSE"))


def copy_tree(src: str, dst: str) -> None:
    for folder, _, files in os.walk(src):
        if "__pycache__" in folder:
            continue
        rel = os.path.relpath(folder, src)
        os.makedirs(os.path.join(dst, rel), exist_ok=True)
        for name in files:
            shutil.copy2(os.path.join(folder, name), os.path.join(dst, rel, name))


def add_pyodide_packages(pyodide_out: str) -> None:
    """Put the wheels of tools/pyodide-packages.txt (downloaded by the Makefile) beside
    Pyodide and record their hashes in its lock, which Pyodide checks when loading them."""
    wheels = sorted(glob.glob(os.path.join(PYODIDE_PACKAGES, "*.whl")))
    if not wheels:
        sys.exit(f"no wheels in {PYODIDE_PACKAGES}: run `make site` (it downloads them)")
    lock_path = os.path.join(pyodide_out, "pyodide-lock.json")
    with open(lock_path) as f:
        lock = json.load(f)
    for path in wheels:
        name, version = os.path.basename(path).split("-")[:2]
        entry = lock["packages"].get(name.lower())
        if entry is None and os.path.basename(path).endswith("-py3-none-any.whl"):
            # A pure-Python package Pyodide does not distribute (segno, for the QR codes):
            # listed in the shipped lock like its own, so `loadPackage` installs it offline.
            entry = lock["packages"][name.lower()] = {
                "name": name.lower(), "version": version, "file_name": "", "install_dir": "site",
                "sha256": "", "package_type": "package", "imports": [name.lower()], "depends": [],
                "unvendored_tests": False}
        if entry is None or entry["version"] != version:
            sys.exit(f"{os.path.basename(path)} does not match Pyodide's lock "
                     f"({entry and entry['version']}): update tools/pyodide-packages.txt")
        with open(path, "rb") as f:
            entry["sha256"] = hashlib.sha256(f.read()).hexdigest()
        entry["file_name"] = os.path.basename(path)
        shutil.copy2(path, os.path.join(pyodide_out, entry["file_name"]))
    with open(lock_path, "w") as f:
        json.dump(lock, f, separators=(",", ":"))


def add_bytecode(wheel: str, out: str, folder: str) -> dict[str, bytes]:
    """Beside the wheel, the bytecode of its modules compiled by the shipped Pyodide (see
    tools/wheel_bytecode.py), one zip per game, and their addresses in the page's
    `bytecode.py`. Returns the bytecode of the modules the page imports before its menu
    shows or a game's first board, by path in its archive: those ship in place of their
    source, so the games' zips leave them out; with them, the code of their dataclasses'
    methods, a `dataclass_code.marshal` per folder (web/ui/dataclass_code.py)."""
    packages = game_packages()
    urls = {package: f"./{folder}/bytecode-{package.rpartition('.')[2]}-{PYODIDE_CACHE_TAG}.zip"
            for package in packages}
    fill_in(os.path.join(out, "ui", "bytecode.py"), 'BUNDLES: tuple[str, dict[str, str]] = ("", {})',
            f"BUNDLES: tuple[str, dict[str, str]] = ({PYODIDE_CACHE_TAG!r}, {urls!r})")
    with tempfile.TemporaryDirectory() as scratch:
        every, startup = os.path.join(scratch, "every.zip"), os.path.join(scratch, "startup.zip")
        subprocess.run(["node", os.path.join(ROOT, "tools", "wheel_bytecode.mjs"), wheel, every,
                        PYODIDE_CACHE_TAG, os.path.join(out, "ui"), startup],
                       check=True, stdout=subprocess.DEVNULL)
        with zipfile.ZipFile(startup) as zipped:
            compiled = {name: zipped.read(name) for name in zipped.namelist()}
        with zipfile.ZipFile(every) as zipped:
            later = {name: zipped.read(name) for name in zipped.namelist() if name not in compiled}
    # A game's computer player may still import the game's own modules and the shared ones
    # (the searches), but no other game's, nor the command line's.
    for package, url in urls.items():
        others = tuple(p.replace(".", "/") + "/" for p in packages if p != package)
        with zipfile.ZipFile(os.path.join(out, url), "w") as zipped:
            for name in sorted(later):
                if not name.startswith(others) and not name.endswith("/__main__.pyc"):
                    zipped.writestr(zipfile.ZipInfo(name, date_time=wheel_bytecode.FIXED_DATE), later[name],
                                    zipfile.ZIP_DEFLATED)
    return compiled


def game_packages() -> dict[str, str]:
    """Game package -> game id, for the games of the checkout the wheel was built from."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from pygame_core import game_ids, game_package

    return {game_package(game_id): game_id for game_id in game_ids()}


def write_tgz(path: str, members: list[tuple[str, bytes]]) -> None:
    """A .tar.gz that one input always makes byte for byte the same (no dates, owners or
    modes from the machine)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, data in sorted(members):
            info = tarfile.TarInfo(name)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            archive.addfile(info, io.BytesIO(data))
    with open(path, "wb") as f:
        f.write(gzip.compress(buffer.getvalue(), compresslevel=9, mtime=0))


def page_bundles(wheel: str, out: str, compiled: dict[str, bytes]) -> list[dict[str, object]]:
    """The page's Python as gzipped tars, each unpacked where it goes by web/archives.mjs:
    the wheel's shared modules without what only pip and the command line use (its metadata,
    `__main__`), the page's own modules (web/ui, beside main.py), and one archive per game
    package. A game's archive is fetched only when the game is first needed (a menu visit
    needs none: they are most of our Python's bytes); its `__init__.py` stays in the shared
    one, so the game can be found before its files arrive (web/ui/gamefiles.py). One tar
    compresses across files (172 KB where the wheel's zip takes 201 KB). The wheel stays in
    the site for `packages` users. Each archive sits in a folder named after its content,
    so it is cached forever. A module in `compiled` (by path) goes as that bytecode in place
    of its source (tools/wheel_bytecode.py says why); any other file there goes as it is.
    Returns web/archives.mjs's list."""
    packages = game_packages()
    shared: list[tuple[str, bytes]] = []
    per_game: dict[str, list[tuple[str, bytes]]] = {p: [] for p in packages}

    def bundle_of(name: str) -> list[tuple[str, bytes]]:
        folder, _, file = name.rpartition("/")
        package = folder.replace("/", ".")
        owner = next((p for p in packages if package == p or package.startswith(p + ".")), None)
        return shared if owner is None or (package == owner and file == "__init__.py") else per_game[owner]

    with zipfile.ZipFile(wheel) as source:
        for name in source.namelist():
            if ".dist-info/" not in name and not name.endswith("/__main__.py"):
                bundle_of(name).append((name, source.read(name)))
    ui_dir = os.path.join(out, "ui")
    own = []
    for name in sorted(os.listdir(ui_dir)):
        if name.endswith(".py") and name != "main.py":
            with open(os.path.join(ui_dir, name), "rb") as f:
                own.append((name, f.read()))
            os.remove(os.path.join(ui_dir, name))
    # Files other than bytecode go beside the modules they serve (the page's own: no folder).
    for name, data in sorted(compiled.items()):
        if not name.endswith(".pyc"):
            (bundle_of(name) if "/" in name else own).append((name, data))
    listing: list[dict[str, object]] = []
    bundles = [(shared, "pygame_core", PYTHON_VERSION_DIR, None), (own, "ui", HOME_DIR, None)]
    bundles += [(members, package.rpartition(".")[2], PYTHON_VERSION_DIR, package)
                for package, members in sorted(per_game.items()) if members]
    for members, stem, target, package in bundles:
        members = [(name + "c", compiled[name + "c"]) if name + "c" in compiled else (name, data)
                   for name, data in members]
        digest = hashlib.sha256(b"".join(name.encode() + b"\0" + data for name, data in sorted(members)))
        rel = f"wheels/{digest.hexdigest()[:10]}/{stem}.tar.gz"
        os.makedirs(os.path.dirname(os.path.join(out, rel)))
        write_tgz(os.path.join(out, rel), members)
        entry: dict[str, object] = {"url": f"./{rel}", "folder": target}
        if package is not None:
            entry.update(package=package, game=packages[package], modules=sorted(
                name.rpartition(".")[0].replace("/", ".") for name, _ in members if name.endswith((".py", ".pyc"))))
        listing.append(entry)
    return listing


ENTRY_POINT_TAG = '<script type="py" src="./ui/main.py" config="./pyscript.json"></script>'


def inline_entry_point(out: str, pages: tuple[str, ...]) -> None:
    """Put main.py into the pages' own <script type="py">: PyScript fetched it only once
    Pyodide was up, which cost every visit 30-50 ms (median 133 ms from Pyodide up to
    main.py's first line, against 89 ms inline and the bare page's 73, 9-11 cold loads)."""
    path = os.path.join(out, "ui", "main.py")
    with open(path) as f:
        code = f.read()
    if "</" in code or "<!--" in code:  # would end or bend the script element
        sys.exit(f"{path} cannot go inside a <script> element as it is")
    for page in pages:
        fill_in(os.path.join(out, page), ENTRY_POINT_TAG, f'<script type="py" config="./pyscript.json">\n{code}</script>')
    os.remove(path)
    os.rmdir(os.path.dirname(path))  # every other module went into an archive


def gzip_wasm(pyodide_out: str) -> None:
    """Pyodide's WebAssembly gzipped beside it (9.6 MB to 3.5 MB): the page ungzips it while it
    downloads (web/start.mjs), so it travels compressed whatever the host does."""
    path = os.path.join(pyodide_out, "pyodide.asm.wasm")
    with open(path, "rb") as f:
        data = f.read()
    with open(path + ".gz", "wb") as f:
        f.write(gzip.compress(data, compresslevel=9, mtime=0))


def add_snapshot(out: str) -> dict[str, object]:
    """The start-up snapshot made on Node from this site's Pyodide and archives
    (tools/make_snapshot.mjs), in a folder named after its content; returns what
    web/start.mjs checks it against: its address, size and SHA-256, the sizes it unpacks to, how
    much of Pyodide's memory the module starts with filled in (`built`), and the SHA-256 of the PyScript script it holds the work of (web/ui/pyscriptboot.py)."""
    with tempfile.TemporaryDirectory() as scratch:
        made = os.path.join(scratch, "snapshot.gz")
        run = subprocess.run(["node", os.path.join(ROOT, "tools", "make_snapshot.mjs"), out, made],
                             check=True, stdout=subprocess.PIPE, text=True)
        sizes = json.loads(run.stdout.strip().splitlines()[-1])
        with open(made, "rb") as f:
            data = f.read()
    digest = hashlib.sha256(data).hexdigest()
    rel = f"snapshot/{digest[:10]}/start.snapshot.gz"
    os.makedirs(os.path.dirname(os.path.join(out, rel)))
    with open(os.path.join(out, rel), "wb") as f:
        f.write(data)
    return {"url": f"./{rel}", "bytes": len(data), "sha256": digest, "packed": sizes["packed"], "raw": sizes["raw"],
            "built": sizes["built"], "pyscript": sizes["pyscript"]}


def fill_in(path: str, blank: str, value: str) -> None:
    """Write `value` where a file of the site has `blank`, once."""
    with open(path) as f:
        text = f.read()
    if blank not in text:
        sys.exit(f"{path} has no {blank} to fill in")
    with open(path, "w") as f:
        f.write(text.replace(blank, value, 1))


def build(wheel: str, out: str) -> dict[str, object]:
    if os.path.isdir(out):
        shutil.rmtree(out)
    copy_tree(os.path.join(ROOT, "web"), out)

    # The embed page is the same app in a bare frame: one game, no menu (see web/ui/app.py).
    with open(os.path.join(out, "index.html")) as f:
        page = f.read()
    with open(os.path.join(out, "embed.html"), "w") as f:
        f.write(page.replace("<body>", '<body class="embed">', 1)
                .replace("<title>Hex Table: four hex games, offline</title>", "<title>Hex Table game</title>"))

    pyodide_src = os.path.join(ROOT, "node_modules", "pyodide")
    pyscript_src = os.path.join(ROOT, "node_modules", "@pyscript", "core", "dist")
    for src in (pyodide_src, pyscript_src, os.path.join(ROOT, "node_modules", "@paulmillr", "qr")):
        if not os.path.isdir(src):
            sys.exit(f"{src} is missing: run `npm ci` first (the Makefile does)")
    os.makedirs(os.path.join(out, "pyodide"))
    for name in PYODIDE_FILES:
        shutil.copy2(os.path.join(pyodide_src, name), os.path.join(out, "pyodide", name))
    add_pyodide_packages(os.path.join(out, "pyodide"))
    os.makedirs(os.path.join(out, "pyscript"))
    for pattern in PYSCRIPT_CHUNKS:
        for path in glob.glob(os.path.join(pyscript_src, pattern)):
            shutil.copy2(path, os.path.join(out, "pyscript", os.path.basename(path)))

    add_qr_reader(out)

    # The wheel sits in a folder named after its content, so it can be cached forever
    # (netlify.toml) while a rebuilt wheel of the same version still reaches players.
    wheel_name = os.path.basename(wheel)
    with open(wheel, "rb") as f:
        wheel_hash = hashlib.sha256(f.read()).hexdigest()[:10]
    wheel_rel = f"wheels/{wheel_hash}/{wheel_name}"
    os.makedirs(os.path.join(out, "wheels", wheel_hash))
    shutil.copy2(wheel, os.path.join(out, wheel_rel))
    compiled = add_bytecode(wheel, out, f"wheels/{wheel_hash}")

    archives = page_bundles(wheel, out, compiled)
    fill_in(os.path.join(out, "archives.mjs"), "/* __ARCHIVES__ */",
            ", ".join(json.dumps(entry, separators=(",", ":")) for entry in archives))
    inline_entry_point(out, ("index.html", "embed.html"))
    gzip_wasm(os.path.join(out, "pyodide"))
    shipped = add_snapshot(out)
    fill_in(os.path.join(out, "start.mjs"), "null; // __SNAPSHOT__", json.dumps(shipped) + ";")
    # start.mjs wraps Pyodide to start it from the shipped memory snapshot, and puts the
    # archives' files in place.
    config = {"interpreter": "./start.mjs", "plugins": list(PYSCRIPT_PLUGINS_OFF)}
    with open(os.path.join(out, "pyscript.json"), "w") as f:
        json.dump(config, f, indent=2)
    # The example for Python authors installs the wheel the usual way, with micropip.
    authors = {"interpreter": "./pyodide/pyodide.mjs", "packages": [f"./{wheel_rel}"],
               "plugins": list(PYSCRIPT_PLUGINS_OFF)}
    with open(os.path.join(out, "authors.json"), "w") as f:
        json.dump(authors, f, indent=2)
    # PyScript loads its plugins once per script type, MicroPython's included, unless that
    # type's config turns them off too (index.html points <mpy-config> here).
    with open(os.path.join(out, "mpy-config.json"), "w") as f:
        json.dump({"plugins": list(PYSCRIPT_PLUGINS_OFF)}, f)

    # Precache list and version for the service worker.
    listed, digest = [], hashlib.sha256()
    for folder, _, names in sorted(os.walk(out)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, out).replace(os.sep, "/")
            if rel in NOT_PRECACHED:
                continue
            listed.append("./" + rel)
            with open(path, "rb") as f:
                digest.update(rel.encode() + b"\0" + f.read())
    version = digest.hexdigest()[:12]
    sw_path = os.path.join(out, "sw.js")
    with open(sw_path) as f:
        sw = f.read()
    sw = sw.replace("__BUILD_VERSION__", version)
    sw = sw.replace('["__PRECACHE_FILES__"]', json.dumps(["./", *sorted(listed)], indent=1))
    with open(sw_path, "w") as f:
        f.write(sw)
    # The build's version, for the tab that fell back from the snapshot (web/start.mjs).
    fill_in(os.path.join(out, "start.mjs"), '"__BUILD_VERSION__"', json.dumps(version))
    return {"version": version, "files": len(listed), "wheel": wheel_name}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--wheel", default=None)
    parser.add_argument("--out", default=os.path.join(ROOT, "site"))
    args = parser.parse_args()
    wheel = args.wheel
    if wheel is None:
        found = sorted(glob.glob(os.path.join(ROOT, "build", "wheels", "pygame_core-*.whl")))
        if not found:
            sys.exit("no wheel in build/wheels: run `make wheel` first")
        wheel = found[-1]
    info = build(wheel, args.out)
    print(f"site built in {os.path.relpath(args.out, ROOT)}/: {info['files']} files, "
          f"cache version {info['version']}, wheel {info['wheel']}")


if __name__ == "__main__":
    main()
