"""One commit builds one site, byte for byte (issue 19): otherwise every deploy gives players
a new service-worker cache version and a 14 MB re-download.

Builds the wheel and the site twice, from two copies of the sources that differ the way two
clones do (file times, umask-dependent modes), and compares every file of the two sites.
Takes about 10 s; needs Node and what `make site` fetches (node_modules, Pyodide's extra
wheels), so it is skipped without them.
"""

from __future__ import annotations

import filecmp
import os
import shutil
import subprocess
import sys
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import build_wheel  # noqa: E402

SOURCES = ("pygame_core", "web", "tools", "pyproject.toml", "README.md")
FETCHED = ("node_modules", os.path.join("build", "pyodide-packages"))


def _copy_sources(dst: str, mode: int, mtime: float | None) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in SOURCES:
        src = os.path.join(ROOT, name)
        if os.path.isdir(src):
            shutil.copytree(src, os.path.join(dst, name), ignore=ignore, copy_function=shutil.copy)
        else:
            shutil.copy(src, os.path.join(dst, name))
    for folder, _, files in os.walk(dst):
        for name in files:
            path = os.path.join(folder, name)
            os.chmod(path, mode)
            if mtime is not None:
                os.utime(path, (mtime, mtime))
    os.makedirs(os.path.join(dst, "build"))
    for name in FETCHED:
        os.symlink(os.path.join(ROOT, name), os.path.join(dst, name))


def _build(root: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    for script, args in (("build_wheel.py", []), ("build_site.py", [])):
        subprocess.run([sys.executable, os.path.join(root, "tools", script), *args], cwd=root, env=env,
                       check=True, capture_output=True)
    return os.path.join(root, "site")


def _differences(a: str, b: str) -> list[str]:
    found = []
    cmp = filecmp.dircmp(a, b)
    found += [f"only in one build: {name}" for name in cmp.left_only + cmp.right_only]
    for name in cmp.common_files:
        if not filecmp.cmp(os.path.join(a, name), os.path.join(b, name), shallow=False):
            found.append(f"differs: {name}")
    for name in cmp.common_dirs:
        found += [f"{name}/{d}" for d in _differences(os.path.join(a, name), os.path.join(b, name))]
    return found


def test_two_builds_of_the_same_sources_give_identical_sites(tmp_path):
    missing = [name for name in FETCHED if not os.path.isdir(os.path.join(ROOT, name))]
    if missing or shutil.which("node") is None:
        pytest.skip(f"needs node and what `make site` fetches (missing: {missing or 'node'})")
    first, second = str(tmp_path / "a"), str(tmp_path / "b")
    _copy_sources(first, 0o644, None)
    _copy_sources(second, 0o664, 1_000_000_000.0)  # another clone: other umask, other times
    site_a, site_b = _build(first), _build(second)
    assert _differences(site_a, site_b) == []
    assert len(os.listdir(site_a)) > 10


def test_the_wheel_is_dated_by_the_commit_and_has_fixed_modes(tmp_path):
    src = tmp_path / "in.whl"
    with zipfile.ZipFile(src, "w") as z:  # entries out of order, dated now, odd modes
        for name in ("pkg-1.dist-info/RECORD", "pkg/b.py", "pkg-1.dist-info/METADATA", "pkg/a.py"):
            info = zipfile.ZipInfo(name, date_time=(2030, 5, 6, 7, 8, 10))
            info.external_attr = 0o100775 << 16
            z.writestr(info, name)
    build_wheel.normalize(str(src), 1_796_056_626)
    with zipfile.ZipFile(src) as z:
        infos = z.infolist()
    assert [i.filename for i in infos] == ["pkg/a.py", "pkg/b.py", "pkg-1.dist-info/METADATA", "pkg-1.dist-info/RECORD"]
    assert {i.date_time for i in infos} == {(2026, 11, 30, 16, 37, 6)}
    assert {i.external_attr >> 16 for i in infos} == {0o100644}


def test_the_build_date_comes_from_the_last_commit_of_the_wheels_sources(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    try:
        expected = int(subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%ct", "--", *build_wheel.WHEEL_INPUTS],
                                      check=True, capture_output=True, text=True).stdout)
    except (OSError, subprocess.CalledProcessError, ValueError):
        expected = build_wheel.ZIP_EPOCH
    assert build_wheel.source_date_epoch() == expected
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1234567890")
    assert build_wheel.source_date_epoch() == 1234567890
