"""Each game has its own room (issue 14): the generic modules of table/ and cogs/ and bot.py import
no game's package; they reach a game through the registries (engine/games.py, table/games.py,
cogs/games.py), which name the games' packages only as strings. The graph comes from
tests/import_graph.py (imports inside functions included)."""

from __future__ import annotations

import pytest

from tests.import_graph import ROOT, import_graph, project_modules

GAME_PACKAGES = ("engine.munchkin", "engine.smashup", "table.munchkin", "table.smashup", "cogs.munchkin",
                 "cogs.smashup")
GRAPH = import_graph()
GENERIC = sorted(m for m, path in project_modules().items()
                 if path == ROOT / "bot.py" or path.parent in (ROOT / "table", ROOT / "cogs"))


@pytest.mark.parametrize("module", GENERIC)
def test_a_generic_module_imports_no_game(module):
    assert sorted(m for m in GRAPH[module] if m.startswith(GAME_PACKAGES)) == []


def test_each_registry_names_the_same_games_in_every_layer():
    from cogs.games import PACKAGES as DISCORD
    from cogs.games import frontend as discord_frontend
    from engine.games import GAMES
    from table.games import PACKAGES as TABLE
    from table.games import frontend as table_frontend

    assert list(GAMES) == list(TABLE) == list(DISCORD)
    for key in GAMES:
        assert table_frontend(key).key == key and discord_frontend(key).key == key
