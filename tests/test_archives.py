"""web/archives.mjs, which unpacks the page's Python archives in the browser: the archives
tools/build_site.py writes come out whole, and hostile bytes (generated) either are refused
with a reason or give only files inside their folder. Runs the module in Node (skipped
without it), all examples in one process."""

from __future__ import annotations

import base64
import gzip
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import build_site  # noqa: E402

NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node")

# Reads a JSON list of base64 tars on stdin; prints, per tar, its members or the error.
RUNNER = """
import { tarMembers } from %s;
let input = "";
for await (const chunk of process.stdin) input += chunk;
const out = JSON.parse(input).map((b64) => {
  try {
    return { members: [...tarMembers(new Uint8Array(Buffer.from(b64, "base64")))]
      .map(([path, bytes]) => [path, Buffer.from(bytes).toString("base64")]) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
});
console.log(JSON.stringify(out));
"""


def parse_in_node(tars: list[bytes]) -> list[dict]:
    module = json.dumps("file://" + os.path.join(ROOT, "web", "archives.mjs"))
    done = subprocess.run([NODE, "--input-type=module", "-e", RUNNER % module],
                          input=json.dumps([base64.b64encode(t).decode() for t in tars]),
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def built_tar(members: list[tuple[str, bytes]], tmp_path) -> bytes:
    path = tmp_path / "a.tar.gz"
    build_site.write_tgz(str(path), members)
    return gzip.decompress(path.read_bytes())


def test_an_archive_the_build_writes_comes_out_whole(tmp_path):
    members = [("pygame_core/__init__.py", b"x = 1\n"), ("pygame_core/hex_hex/rules.py", b"# " * 900),
               ("app.py", b""), ("deep/" + "d/" * 60 + "name.py", "é".encode())]
    [result] = parse_in_node([built_tar(members, tmp_path)])
    assert sorted((p, base64.b64decode(b)) for p, b in result["members"]) == sorted(members)


def hostile_tar(name: str, kind: bytes, size_field: str | None, data: bytes, cut: int) -> bytes:
    info = tarfile.TarInfo(name[:99] or "x")
    info.type, info.size = kind, len(data)
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        archive.addfile(info, io.BytesIO(data) if kind == tarfile.REGTYPE else None)
    raw = bytearray(buffer.getvalue())
    if size_field is not None:  # a forged size, and the header left as it is
        raw[124:136] = size_field.encode()[:12].ljust(12, b"\0")
    return bytes(raw[:cut] if cut else raw)


NAMES = st.one_of(st.sampled_from(["../up.py", "/etc/x", "a/../../b", "a/./b", "..", "ok.py"]),
                  st.text(st.characters(codec="ascii", exclude_characters="\0"), max_size=40))
KINDS = st.sampled_from([tarfile.REGTYPE, tarfile.DIRTYPE, tarfile.SYMTYPE, tarfile.LNKTYPE,
                         tarfile.CHRTYPE, tarfile.FIFOTYPE])
SIZES = st.one_of(st.none(), st.sampled_from(["77777777777", "-1", "zz", "99999999999", ""]))


@settings(max_examples=1, suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(st.lists(st.one_of(
    st.binary(max_size=2048),
    st.builds(hostile_tar, NAMES, KINDS, SIZES, st.binary(max_size=700), st.integers(0, 2048)),
), min_size=150, max_size=150))
def test_hostile_archives_are_refused_or_stay_inside_their_folder(tars):
    # One example of 150 archives: Node starts once.
    for result in parse_in_node(tars):
        if "error" in result:
            assert result["error"].startswith("archive member "), result
            continue
        for path, _ in result["members"]:
            assert not path.startswith("/") and ".." not in path.split("/"), path
