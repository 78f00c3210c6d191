"""What the Discord layer needs from a game: its slash commands (a cog), its table message with
embeds and buttons, and the menus in a player's DM. Each game's package under cogs/ builds one
``DiscordFrontend``; generic cogs reach it only through ``cogs.games``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

TableMessage = tuple[str, list[discord.Embed], discord.ui.View]


@dataclass(frozen=True)
class DiscordFrontend:
    key: str
    extension: str                                          # the module of the game's own cog
    table_message: Callable[[Any, Any, Any], TableMessage]  # (bot, result, namer) -> the public message
    table_embed: Callable[[Any, Any], discord.Embed]        # (state, namer) -> the table as an embed
    private_components: Callable[[Any, str, Any], discord.ui.View]   # (result, player, namer) -> DM menus
    dynamic_items: tuple[type, ...]                         # buttons and menus that outlive a restart
