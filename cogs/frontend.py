"""What the Discord layer needs from a game: its slash commands (a cog), its table message with
embeds and buttons, and the menus in a player's DM. Each game's package under cogs/ builds one
``DiscordFrontend``; generic cogs reach it only through ``cogs.games``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

TableMessage = tuple[str, list[discord.Embed], discord.ui.View]


@dataclass(frozen=True)
class Step:
    """One interaction that makes a move (each game's ``drive`` module names them; the load benchmark
    and the Discord tests play through them): ``slash`` (``name`` a command, with ``options``) or
    ``click`` (``name`` a custom id; ``values`` for a menu), in the game's channel, on its live table
    message (``on_table``) or in the player's DM (``in_dm``). ``opens``: the table's button whose click
    opens the private menu this pick is made in (clicked first). ``first``: the step made before this one
    on the same message, whose answer puts this step's menu there (the hand's card, then its target)."""

    kind: str
    name: str
    options: dict[str, Any] = field(default_factory=dict)
    values: list[str] | None = None
    in_dm: bool = False
    on_table: bool = False
    opens: str | None = None
    first: Step | None = None


@dataclass(frozen=True)
class HandPlays:
    """What the hand's two-step menu (cogs/hand.py) needs from a game: first a card, then, where the
    card has more than one legal play, which of them (its target, base or side)."""

    prompt: Callable[[Any, str], int | None]        # (state, player) -> the moment the menu is for; None: none now
    moves: Callable[[Any, str], list]               # (state, player) -> the legal plays of cards now
    card_of: Callable[[Any], str]                   # a play -> the card it plays (or whose talent it uses)
    card_label: Callable[[Any, str, Any], str]      # (state, card, namer) -> the card's entry in the first menu
    move_label: Callable[[Any, Any, Any], str]      # (state, play, namer) -> the play's entry in the second
    encode: Callable[[Any], str]                    # a play -> a select value
    decode: Callable[[str, str], Any]               # (value, actor) -> the play
    # (state, player) -> the cards the first menu lists; None: each card with a legal play now. A menu that
    # lists the whole hand changes only with the hand (its DM is not edited at every reaction window); a
    # card picked that has no play now is refused for the player alone
    listed: Callable[[Any, str], list[str]] | None = None


@dataclass(frozen=True)
class DiscordFrontend:
    key: str
    extension: str                                          # the module of the game's own cog
    table_message: Callable[[Any, Any, Any], TableMessage]  # (bot, result, namer) -> the public message
    table_embed: Callable[[Any, Any], discord.Embed]        # (state, namer) -> the table as an embed
    live_table: Callable[[Any, Any], Any]                   # (result, namer) -> the live table (cogs.live.LiveTable)
    private_components: Callable[[Any, str, Any], discord.ui.View]   # (result, player, namer) -> DM menus
    hand_plays: HandPlays                                   # the cards the hand's menu offers
    dynamic_items: tuple[type, ...]                         # buttons and menus that outlive a restart
