"""The QR reader "Scan an answer" uses where the browser has no barcode detector
(@paulmillr/qr, web/ui/scan.py) reads the codes our page shows: answer links of generated
answers, drawn by the page's own encoder (web/ui/qr.py, segno) at a few sizes and contrasts
as a camera might see a phone's screen, all read back exactly. Runs the reader in Node, the
one the build copies into the site, all examples in one process."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_peers import random_offer

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "web", "ui"))
import peers  # noqa: E402
import qr  # noqa: E402
from peers import Signal  # noqa: E402

READER = os.path.join(ROOT, "node_modules", "@paulmillr", "qr", "esm", "decode.js")

# Reads a JSON list of {rows, scale, dark, light} on stdin; prints each code's text or error.
RUNNER = """
import { decodeQR } from %s;
let text = "";
for await (const chunk of process.stdin) text += chunk;
const out = JSON.parse(text).map(({ rows, scale, dark, light }) => {
  const quiet = 4, size = (rows.length + 2 * quiet) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(light);
  rows.forEach((row, y) => [...row].forEach((bit, x) => {
    if (bit !== "1") return;
    for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
      const at = (((y + quiet) * scale + dy) * size + (x + quiet) * scale + dx) * 4;
      data[at] = data[at + 1] = data[at + 2] = dark;
    }
  }));
  for (let at = 3; at < data.length; at += 4) data[at] = 255;
  try {
    return { text: decodeQR({ width: size, height: size, data }) };
  } catch (error) {
    return { error: String(error && error.message || error) };
  }
});
console.log(JSON.stringify(out));
"""


def read_in_node(images: list[dict]) -> list[dict]:
    node = shutil.which("node")
    assert node is not None, "Node is needed (the Pyodide checks use it too)"
    done = subprocess.run([node, "--input-type=module", "-e", RUNNER % json.dumps("file://" + READER)],
                          input=json.dumps(images), capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout)


ANSWER = st.builds(
    lambda table, seat, link, seed, candidates, host: (
        f"http://{host}/#answer="
        + peers.pack_signal(Signal("answer", table, seat, link, random_offer(random.Random(seed), candidates)))),
    st.text("0123456789abcdef", min_size=8, max_size=8), st.integers(0, 5), st.integers(0, 99),
    st.integers(0, 2**32), st.integers(1, 3),
    st.sampled_from(["192.168.1.20:8000", "hex-table.example", "127.0.0.1:8765/games/hex"]))
LOOK = st.tuples(st.integers(2, 4), st.integers(0, 70), st.integers(180, 255))  # scale, dark, light


@settings(max_examples=1, deadline=None)
@given(st.lists(st.tuples(ANSWER, LOOK), min_size=25, max_size=25))
def test_the_reader_reads_every_answer_code_the_page_draws(codes):
    # One example of 25 codes: Node starts once.
    images = [{"rows": ["".join(str(b) for b in row) for row in qr.make_matrix(text)],
               "scale": scale, "dark": dark, "light": light} for text, (scale, dark, light) in codes]
    results = read_in_node(images)
    assert [r.get("text", r.get("error")) for r in results] == [text for text, _ in codes]
