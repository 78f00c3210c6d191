"""The registry of the games' Discord front-ends: a game's key and the package that holds its cog,
embeds and components. It only maps keys to packages; nothing else here knows a game."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from cogs.frontend import DiscordFrontend

PACKAGES = {"munchkin": "cogs.munchkin", "smashup": "cogs.smashup"}


@cache
def frontend(key: str) -> DiscordFrontend:
    return importlib.import_module(PACKAGES[key]).FRONTEND


def frontend_of(state: Any) -> DiscordFrontend:
    return frontend(state.game)


def extensions() -> list[str]:
    """The games' cogs, loaded beside the generic ones."""
    return [frontend(key).extension for key in PACKAGES]


def dynamic_items() -> tuple[type, ...]:
    # the hand's menus serve every game
    from cogs.hand import HAND_ITEMS

    return (*HAND_ITEMS, *(item for key in PACKAGES for item in frontend(key).dynamic_items))


def table_message(bot: Any, result: Any, namer: Any):
    """The public message for one result, as the game's front-end draws it."""
    return frontend_of(result.state).table_message(bot, result, namer)


def table_embed(state: Any, namer: Any):
    return frontend_of(state).table_embed(state, namer)
