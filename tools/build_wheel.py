"""Build the pygame_core wheel so that one commit always gives the same bytes.

A wheel's zip records each file's time and mode: setuptools takes them from the checkout
(so every clone differs) and from the clock (for the generated metadata). A different
wheel means a different site, a new service-worker cache version and a 14 MB re-download
for every player, so this builds with SOURCE_DATE_EPOCH set and then rewrites the zip with
fixed times, fixed modes and a fixed entry order.

    python tools/build_wheel.py [--outdir build/wheels]

SOURCE_DATE_EPOCH, if set, wins; else the time of the last commit that changed what goes
into the wheel (so a commit that only touches tests or the pages keeps the same wheel);
else 1980-01-01 (zip's earliest date), for a copy of the sources outside git.
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import subprocess
import sys
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ZIP_EPOCH = 315532800  # 1980-01-01 00:00:00 UTC, the earliest time a zip entry can hold
FILE_MODE = 0o100644  # a regular file, rw-r--r--, whatever the checkout's umask was
WHEEL_INPUTS = ("pygame_core", "pyproject.toml", "README.md")  # README is the long description


def source_date_epoch(root: str = ROOT) -> int:
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        out = subprocess.run(["git", "-C", root, "log", "-1", "--format=%ct", "--", *WHEEL_INPUTS], check=True,
                             capture_output=True, text=True).stdout.strip()
        return int(out)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return ZIP_EPOCH


def _order(name: str) -> tuple[bool, bool, str]:
    # Sorted, with .dist-info last and RECORD the very last entry, as wheels are laid out.
    top = name.split("/", 1)[0]
    return (top.endswith(".dist-info"), name.endswith(".dist-info/RECORD"), name)


def normalize(path: str, epoch: int) -> None:
    """Rewrite the zip at `path` with every entry dated `epoch`, mode 0644, in a fixed order."""
    date = time.gmtime(max(epoch, ZIP_EPOCH))[:6]
    with zipfile.ZipFile(path) as src:
        entries = {info.filename: src.read(info) for info in src.infolist() if not info.is_dir()}
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w") as out:
        for name in sorted(entries, key=_order):
            info = zipfile.ZipInfo(name, date_time=date)  # type: ignore[arg-type]
            info.create_system = 3  # Unix, so the mode below is read
            info.external_attr = FILE_MODE << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, entries[name], compresslevel=9)
    os.replace(tmp, path)


def build(outdir: str, root: str = ROOT) -> str:
    """Build the wheel of the sources in `root` into `outdir`; returns its path."""
    epoch = source_date_epoch(root)
    # Left-overs of an earlier build (an old SOURCES.txt, stale build/lib) can change what
    # goes in, so a fresh clone and an old checkout start from the same place.
    for stale in [os.path.join(root, "build", "lib"), *glob.glob(os.path.join(root, "build", "bdist.*")),
                  *glob.glob(os.path.join(root, "*.egg-info"))]:
        shutil.rmtree(stale, ignore_errors=True)
    for old in glob.glob(os.path.join(outdir, "*.whl")):
        os.remove(old)
    env = {**os.environ, "SOURCE_DATE_EPOCH": str(epoch)}
    proc = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", outdir, root],
                          cwd=root, env=env, capture_output=True, text=True)
    if proc.returncode:
        sys.stderr.write(proc.stdout + proc.stderr)
        raise SystemExit(f"building the wheel failed (exit {proc.returncode})")
    wheels = glob.glob(os.path.join(outdir, "*.whl"))
    if len(wheels) != 1:
        raise SystemExit(f"expected one wheel in {outdir}, found {wheels}")
    normalize(wheels[0], epoch)
    return wheels[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--outdir", default=os.path.join(ROOT, "build", "wheels"))
    args = parser.parse_args()
    wheel = build(os.path.abspath(args.outdir))
    print(f"{os.path.relpath(wheel, ROOT)} (dated {time.strftime('%Y-%m-%d %H:%M:%S', time.gmtime(source_date_epoch()))} UTC)")


if __name__ == "__main__":
    main()
