"""Run one stage of `make test` and say what it did: its name, its counts, its time.

    python tools/stage.py "unit tests" -- python -m pytest -q tests
    python tools/stage.py --summary        # every stage since the last --reset
    python tools/stage.py --reset

The command's output passes through as it comes; at the end one line such as
"== unit tests: 621 passed, 2 skipped; 3m12s" (counts from pytest's, mypy's or the
Pyodide runner's closing line). Stages are recorded in build/stages.log for --summary,
which ends with a plain "total: N passed, N failed" line; a failing stage prints the
summary so far, since make stops there.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG = os.path.join(ROOT, "build", "stages.log")

PYTEST = re.compile(r"^=*\s*((?:\d+ (?:passed|failed|skipped|deselected|xfailed|xpassed|errors?|warnings?)(?:, )?)+)"
                    r" in [\d.]+s")
MYPY_OK = re.compile(r"^Success: no issues found in (\d+) source files?")
MYPY_BAD = re.compile(r"^Found (\d+) errors? in (\d+) files? \(checked (\d+) source files?\)")
PLAIN = re.compile(r"^(?:\w+: )?(\d+ passed, \d+ failed(?:, \d+ skipped)?)$")


def duration(seconds: float) -> str:
    minutes, secs = divmod(round(seconds), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{seconds:.1f}s"


def counts(lines: list[str]) -> str:
    """The closing counts of the command's output, in pytest's words where it has some."""
    for line in reversed(lines):
        line = line.strip()
        if m := PYTEST.match(line):
            return m.group(1).rstrip(", ")
        if m := MYPY_OK.match(line):
            return f"no type errors in {m.group(1)} files"
        if m := MYPY_BAD.match(line):
            return f"{m.group(1)} type errors in {m.group(2)} of {m.group(3)} files"
        if m := PLAIN.match(line):
            return m.group(1)
    return "no counts printed"


def tally(text: str) -> dict[str, int]:
    found = {}
    for number, word in re.findall(r"(\d+) (passed|failed|skipped|errors?)", text):
        found[word.rstrip("s") if word.startswith("error") else word] = int(number)
    return found


def record(entry: dict[str, object]) -> None:
    os.makedirs(os.path.dirname(LOG), exist_ok=True)
    with open(LOG, "a") as f:
        f.write(json.dumps(entry) + "\n")


def summary() -> None:
    if not os.path.exists(LOG):
        return
    with open(LOG) as f:
        entries = [json.loads(line) for line in f if line.strip()]
    print("\n== stages")
    totals = {"passed": 0, "failed": 0, "skipped": 0}
    for e in entries:
        mark = "ok" if e["code"] == 0 else f"FAILED (exit {e['code']})"
        print(f"   {e['name']:<15} {duration(e['seconds']):>7}  {e['counts']}  {mark}")
        for key, value in tally(e["counts"]).items():
            totals[key if key in totals else "failed"] += value
    print(f"   {'all':<15} {duration(sum(e['seconds'] for e in entries)):>7}")
    print(f"total: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")


def run(name: str, command: list[str]) -> int:
    print(f"\n== {name}: {' '.join(command)}", flush=True)
    started = time.monotonic()
    tail = b""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert proc.stdout is not None
    # Bytes as they come, not lines: pytest's progress dots arrive without a newline.
    while chunk := os.read(proc.stdout.fileno(), 65536):
        sys.stdout.buffer.write(chunk)
        sys.stdout.flush()
        tail = (tail + chunk)[-16384:]
    code = proc.wait()
    took = time.monotonic() - started
    said = counts(tail.decode(errors="replace").splitlines())
    record({"name": name, "seconds": took, "counts": said, "code": code})
    print(f"== {name}: {said}; {duration(took)}" + ("" if code == 0 else f"; FAILED (exit {code})"), flush=True)
    if code:
        summary()
    return code


def main(argv: list[str]) -> int:
    if argv == ["--reset"]:
        if os.path.exists(LOG):
            os.remove(LOG)
        return 0
    if argv == ["--summary"]:
        summary()
        return 0
    if len(argv) < 3 or argv[1] != "--":
        print(__doc__, file=sys.stderr)
        return 2
    return run(argv[0], argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
