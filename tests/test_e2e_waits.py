"""The browser tests wait without making pages draw: every `wait_for_function` in e2e/ names
its polling (Playwright's default runs the predicate on every animation frame, which keeps a
waiting page drawing), and none is given an async function, whose promise Playwright takes
for a true answer at once (conftest's `wait_until` polls those)."""

from __future__ import annotations

import ast
from pathlib import Path

E2E = Path(__file__).resolve().parent.parent / "e2e"


def waits() -> list[tuple[str, ast.Call]]:
    found = []
    for path in sorted(E2E.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr == "wait_for_function":
                found.append((f"{path.name}:{node.lineno}", node))
    return found


def test_every_wait_for_function_names_its_polling() -> None:
    assert len(waits()) > 20
    unnamed = [where for where, call in waits() if not any(k.arg == "polling" for k in call.keywords)]
    assert not unnamed, f"pass polling=POLL_MS (or a slower interval): {unnamed}"


def test_no_wait_for_function_is_given_an_async_function() -> None:
    def text(node: ast.expr) -> str:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.JoinedStr):  # an f-string: its literal parts
            return "".join(text(v) for v in node.values)
        return ""

    found = [where for where, call in waits() if call.args and text(call.args[0]).lstrip().startswith("async")]
    assert not found, f"use conftest.wait_until for an async predicate: {found}"
