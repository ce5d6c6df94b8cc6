"""The code stays easy to read: short modules, short functions and no import cycles, in the
rules core and in the page's Python alike; the workshop out of the wheel's package."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "pygame_core"
PAGE = ROOT / "web" / "ui"  # the page's modules import each other by bare name
MODULES = sorted(CORE.rglob("*.py"))
PAGE_MODULES = sorted(PAGE.glob("*.py"))
MAX_MODULE_LINES = 700
MAX_FUNCTION_LINES = 60


def module_name(path: Path) -> str:
    if path.parent == PAGE:
        return path.stem
    parts = list(path.relative_to(CORE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@pytest.mark.parametrize("path", MODULES + PAGE_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_over_700_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_MODULE_LINES, f"{path.name} has {lines} lines: split it by concern"


def test_no_function_is_over_60_lines() -> None:
    long = []
    for path in MODULES + PAGE_MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > MAX_FUNCTION_LINES:
                    long.append(f"{module_name(path)}.{node.name}: {length} lines")
    assert not long


def page_imports_of(path: Path) -> set[str]:
    """The page's modules `path` imports, at module level, in functions or for type checks
    alone: a lazy import back into a module that imports this one is a cycle all the same."""
    known = {p.stem for p in PAGE_MODULES}
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name.partition(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            found.add(node.module.partition(".")[0])
    return (found & known) - {path.stem}


def imports_of(path: Path) -> set[str]:
    """The pygame_core modules `path` imports at module level or in functions."""
    here = module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("pygame_core")}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("pygame_core"):
                continue
            found.add(target)
            found |= {f"{target}.{a.name}" for a in node.names}  # `from . import words`
    known = {module_name(p) for p in MODULES}
    return {name for name in found if name in known and name != here}


def find_cycle(graph: dict[str, set[str]]) -> None:
    """Fail with the first import cycle found in `graph` (module -> modules it imports)."""
    # A package's __init__ importing its own modules (the registry, lazy exports) is not a
    # cycle of concern; a module importing back up into what imports it is.
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> None:
        if name in path:
            cycle = path[path.index(name):] + [name]
            raise AssertionError(" -> ".join(cycle))
        if name in done:
            return
        path.append(name)
        for target in sorted(graph.get(name, ())):
            if not name.startswith(target + ".") and target != "pygame_core":
                visit(target)
        path.pop()
        done.add(name)

    for name in sorted(graph):
        visit(name)


def test_no_import_cycle_in_the_core() -> None:
    find_cycle({module_name(p): imports_of(p) for p in MODULES})


def test_no_import_cycle_in_the_page() -> None:
    find_cycle({p.stem: page_imports_of(p) for p in PAGE_MODULES})


def test_the_cycle_finder_finds_a_lazy_cycle() -> None:
    with pytest.raises(AssertionError, match="peerhost -> peerplay -> peerhost"):
        find_cycle({"peerplay": {"peerhost"}, "peerhost": {"peerplay"}})


def test_the_wheel_package_holds_no_workshop_tools() -> None:
    names = {module_name(p) for p in MODULES}
    assert not {n for n in names if n.endswith((".tournament", ".report", ".charts"))}


def test_a_game_imports_no_other_game_and_the_shared_modules_no_game() -> None:
    # The site fetches each game's package on its own, when the game is first played
    # (web/ui/gamefiles.py): an import across games would find the other's files absent.
    from pygame_core import game_ids, game_package
    games = {game_package(g) for g in game_ids()}
    for path in MODULES:
        name = module_name(path)
        own = next((g for g in games if name == g or name.startswith(g + ".")), None)
        for target in imports_of(path):
            used = next((g for g in games if target == g or target.startswith(g + ".")), None)
            assert used is None or used == own, f"{name} imports {target}"
