"""The window package's shape: no import circles, screens reached through the navigator."""

from __future__ import annotations

import ast
from pathlib import Path

import knockrummy

PACKAGE = Path(knockrummy.__file__).parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str) -> set[str]:
    """Every knockrummy module ``path`` imports, at the top or inside a function."""
    is_package = path.name == "__init__.py"
    base = name.split(".") if is_package else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("knockrummy")}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                stem = base[: len(base) - node.level + 1]
                target = ".".join(stem + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("knockrummy"):
                continue
            found.add(target)
            for alias in node.names:  # ``from . import card_art`` imports a module
                found.add(f"{target}.{alias.name}")
    return found


def import_graph(under: str) -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        if name.startswith(under):
            graph[name] = {m for m in _imports(path, name) if m in modules and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import circle found by a depth-first search (one path per circle)."""
    found, state = [], {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                found.append(path[path.index(nxt) :] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    return found


def test_the_window_package_has_no_import_circles():
    graph = import_graph("knockrummy.ui")
    assert "knockrummy.ui.navigator" in graph
    assert cycles(graph) == []


def test_the_cycle_finder_finds_a_circle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


def test_screens_do_not_import_one_another():
    """Only the navigator knows every screen; a screen may use the menu base class and
    helpers, never another screen's module."""
    screens = {
        "knockrummy.ui.scenes." + n
        for n in (
            "title",
            "new_game",
            "ledger_screen",
            "rules_screen",
            "settings_screen",
            "daily",
            "learn",
            "replay_viewer",
        )
    }
    graph = import_graph("knockrummy.ui.scenes")
    for screen in screens:
        assert not (graph[screen] & screens), screen


def test_no_window_module_reads_the_raw_hand_of_a_session():
    """The window draws and decides from views: nothing in it reaches into a session's
    ``hand`` (whose hidden parts are every seat's cards and the stock)."""
    offenders = []
    for path in (PACKAGE / "ui").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr == "hand":
                owner = node.value
                name = owner.attr if isinstance(owner, ast.Attribute) else getattr(owner, "id", "")
                if name in ("session", "state", "old", "new", "s") or (
                    isinstance(owner, ast.Name) and owner.id == "self"
                ):
                    offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []
