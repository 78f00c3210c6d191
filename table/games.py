"""The registry of the games' table front-ends: a game's key and the package that holds its words,
texts and pictures. It only maps keys to packages; nothing else here knows a game."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from table.frontend import TableFrontend

PACKAGES = {"munchkin": "table.munchkin", "smashup": "table.smashup"}
DEFAULT_GAME = "munchkin"       # what a table plays when nobody names a game


def keys() -> list[str]:
    return list(PACKAGES)


@cache
def frontend(key: str) -> TableFrontend:
    """The front-end of the game with this key (an unknown key raises KeyError)."""
    return importlib.import_module(PACKAGES[key]).FRONTEND


def frontend_of(state: Any) -> TableFrontend:
    return frontend(state.game)


@cache
def _game_by_set() -> dict[str, str]:
    return {set_key: key for key in reversed(PACKAGES) for set_key in frontend(key).set_keys()}


def game_of_sets(sets: tuple[str, ...] | list[str]) -> str:
    """The game a table of these card sets plays (the default game for none or unknown ones)."""
    by_set = _game_by_set()
    return next((by_set[s] for s in sets if s in by_set), DEFAULT_GAME)


def all_frontends() -> list[TableFrontend]:
    return [frontend(key) for key in PACKAGES]
