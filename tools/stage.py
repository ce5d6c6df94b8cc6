"""Run one stage of `make test` and say what it did: its name, its counts, its time.

    python tools/stage.py "unit tests" -- python -m pytest -q tests
    python tools/stage.py "type check" -- mypy --beside "pyodide tests" -- node tools/pyodide_tests.mjs
    python tools/stage.py --summary        # every stage since the last --reset
    python tools/stage.py --reset

The command's output passes through as it comes; at the end one line such as
"== unit tests: 621 passed, 2 skipped; 3m12s" (counts from pytest's, mypy's or the
Pyodide runner's closing line). Stages given with --beside run at the same time as the
first (each of those keeps one core busy, and the machine has two); their output follows
when they end. Stages are recorded in build/stages.log for --summary, which ends with a
plain "total: N passed, N failed" line; a failing stage prints the summary so far, since
make stops there.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from typing import Callable

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
        print(f"   {e['name']:<15} {duration(e['ended'] - e['started']):>7}  {e['counts']}  {mark}")
        for key, value in tally(e["counts"]).items():
            totals[key if key in totals else "failed"] += value
    # Stages that ran beside each other count once: from the first start to the last end.
    print(f"   {'all':<15} {duration(max(e['ended'] for e in entries) - min(e['started'] for e in entries)):>7}")
    print(f"total: {totals['passed']} passed, {totals['failed']} failed, {totals['skipped']} skipped")


def pass_through(read: Callable[[int], bytes]) -> bytes:
    """Copy what `read` gives to our output as it comes, bytes and not lines (pytest's
    progress dots arrive without a newline); returns the last 16 KB, for the counts."""
    tail = b""
    while chunk := read(65536):
        sys.stdout.buffer.write(chunk)
        sys.stdout.flush()
        tail = (tail + chunk)[-16384:]
    return tail


class Stage:
    """One stage's command, started; `finish()` waits for it and says what it did. A live
    stage's output passes through as it comes, another's is kept until it ends."""

    def __init__(self, name: str, command: list[str], live: bool) -> None:
        beside = "" if live else " (beside the stage above; its output when it ends)"
        print(f"\n== {name}: {' '.join(command)}{beside}", flush=True)
        self.name = name
        self.kept = None if live else tempfile.TemporaryFile()
        self.started = time.time()
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE if live else self.kept, stderr=subprocess.STDOUT)

    def finish(self) -> int:
        if self.kept is None:
            assert self.proc.stdout is not None
            fd = self.proc.stdout.fileno()
            tail = pass_through(lambda size: os.read(fd, size))
            code = self.proc.wait()
        else:
            code = self.proc.wait()
            print(f"\n== {self.name}, which ran beside:", flush=True)
            self.kept.seek(0)
            tail = pass_through(self.kept.read)
        ended = time.time()
        said = counts(tail.decode(errors="replace").splitlines())
        record({"name": self.name, "counts": said, "code": code, "started": self.started, "ended": ended})
        print(f"== {self.name}: {said}; {duration(ended - self.started)}" + ("" if code == 0 else f"; FAILED (exit {code})"),
              flush=True)
        return code


def run(stages: list[tuple[str, list[str]]]) -> int:
    """The stages at the same time, the first one's output live; the first failure's code."""
    running = [Stage(name, command, live=i == 0) for i, (name, command) in enumerate(stages)]
    codes = [stage.finish() for stage in running]
    failed = next((code for code in codes if code), 0)
    if failed:
        summary()
    return failed


def parse(argv: list[str]) -> list[tuple[str, list[str]]] | None:
    """NAME -- COMMAND [--beside NAME -- COMMAND]...; None if it is not that."""
    stages = []
    while True:
        if len(argv) < 3 or argv[1] != "--":
            return None
        rest = argv[2:]
        cut = rest.index("--beside") if "--beside" in rest else len(rest)
        if cut == 0:
            return None
        stages.append((argv[0], rest[:cut]))
        if cut == len(rest):
            return stages
        argv = rest[cut + 1:]


def main(argv: list[str]) -> int:
    if argv == ["--reset"]:
        if os.path.exists(LOG):
            os.remove(LOG)
        return 0
    if argv == ["--summary"]:
        summary()
        return 0
    stages = parse(argv)
    if stages is None:
        print(__doc__, file=sys.stderr)
        return 2
    return run(stages)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
