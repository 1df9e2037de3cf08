"""The package's layers import downward only (docs/architecture.md), read from the source:
core knows no other layer, formats only core, a game only core and its own folder, and no
generic module imports a game: what only some games can do is an ability
(bearcli/core/abilities.py). Imports only a type checker reads (`if TYPE_CHECKING:`) are
left out."""

from __future__ import annotations

import ast

from tests.conftest import ROOT


def _imports() -> list[tuple[str, str]]:
    """(module, the bearcli module it imports) for every import the code runs."""
    out = []
    for path in sorted((ROOT / "bearcli").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
            for inner in ast.walk(node)
        }
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            out += [(module, name) for name in names if name.startswith("bearcli.")]
    return out


IMPORTS = _imports()


def _layer(name: str) -> str:
    parts = name.split(".")
    return ".".join(parts[:3]) if parts[1] == "games" and len(parts) > 2 else ".".join(parts[:2])


def test_the_scan_sees_the_imports():
    assert ("bearcli.exact_solver", "bearcli.core.abilities.ExactSolving") in IMPORTS
    assert ("bearcli.formats.validation", "bearcli.core.registry") in IMPORTS


def test_core_imports_only_core():
    assert [(m, n) for m, n in IMPORTS if _layer(m) == "bearcli.core" != _layer(n)] == []


def test_formats_import_only_core_and_formats():
    wrong = [
        (m, n)
        for m, n in IMPORTS
        if _layer(m) == "bearcli.formats" and _layer(n) not in ("bearcli.core", "bearcli.formats")
    ]
    assert wrong == []


def test_a_game_imports_only_core_and_its_own_folder():
    wrong = [
        (m, n)
        for m, n in IMPORTS
        if _layer(m).startswith("bearcli.games.") and _layer(n) not in ("bearcli.core", _layer(m))
    ]
    assert wrong == []


def test_no_generic_module_imports_a_game():
    wrong = [
        (m, n)
        for m, n in IMPORTS
        if n.startswith("bearcli.games.") and not m.startswith(("bearcli.games.", "bearcli.cli."))
    ]
    assert wrong == []
