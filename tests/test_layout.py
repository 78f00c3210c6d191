"""Each game has its own room (issue 14): the generic modules of table/ and cogs/ and bot.py import
no game's package; they reach a game through the registries (engine/games.py, table/games.py,
cogs/games.py), which name the games' packages only as strings."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME_PACKAGES = ("engine.munchkin", "engine.smashup", "table.munchkin", "table.smashup", "cogs.munchkin",
                 "cogs.smashup")
GENERIC = sorted([*ROOT.glob("table/*.py"), *ROOT.glob("cogs/*.py"), ROOT / "bot.py"])


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_generic_module_imports_no_game(path):
    games = sorted(m for m in imported_modules(path) if m.startswith(GAME_PACKAGES))
    assert games == []


def test_each_registry_names_the_same_games_in_every_layer():
    from cogs.games import PACKAGES as DISCORD
    from engine.games import GAMES
    from table.games import PACKAGES as TABLE

    assert list(GAMES) == list(TABLE) == list(DISCORD)
    for key in GAMES:
        from cogs.games import frontend as discord_frontend
        from table.games import frontend as table_frontend

        assert table_frontend(key).key == key and discord_frontend(key).key == key


def test_the_import_check_sees_function_level_imports(tmp_path):
    """The check itself: an import hidden inside a function is found."""
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from engine.smashup.rules import apply\n", encoding="utf-8")
    assert "engine.smashup.rules" in imported_modules(sample)
