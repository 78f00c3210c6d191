"""Select menus longer than Discord's 25 options, shown a page at a time.

A hand of cards that pick targets can open more plays than one menu holds (a Zzzzzap alone: one
play per minion in play), and a choice can offer more than 25 cards. Such a menu shows 24 options
and, as its 25th, one that opens the next page (the last page's leads back to the first). The page
option's value starts with ``PAGE``, which no move's or choice's value does; the menu's callback
asks ``page_start`` and, for a page option, shows that page again worked out from the game as it is
then, so a page never offers a move that is no longer open.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from cogs.answers import Answer
from cogs.limits import OPTIONS
from cogs.texts import ui
from engine.core.errors import IllegalAction
from engine.core.numbers import whole_number
from table.errors import TableError
from table.render import Namer

PAGE = "sl-page:"
PER_PAGE = OPTIONS - 1          # one option of each full page leads to the next


def page_of(options: list[tuple[str, str]], start: int, lang: str) -> list[tuple[str, str]]:
    """The (label, value) options of the page that begins at ``start`` (a start past the end shows
    the first page): all of them when they fit one menu, else PER_PAGE of them and the way on."""
    if len(options) <= OPTIONS:
        return options
    start = start if 0 <= start < len(options) else 0
    end = min(start + PER_PAGE, len(options))
    if end < len(options):
        onward = (ui(lang, "menu_next", first=end + 1, last=min(end + PER_PAGE, len(options)),
                     total=len(options)), f"{PAGE}{end}")
    else:
        onward = (ui(lang, "menu_first", last=PER_PAGE, total=len(options)), f"{PAGE}0")
    return [*options[start:end], onward]


def page_start(value: str) -> int | None:
    """Where the page a page option opens begins; None for any other option (a move, a choice)."""
    if not value.startswith(PAGE):
        return None
    number = value[len(PAGE):]
    return whole_number(number) or 0


async def open_menu(interaction: discord.Interaction, game_id: int, options_for: Callable[[Any, str, Namer], list],
                    menu: Callable[[list[tuple[str, str]], str], discord.ui.Item | list[discord.ui.Item]],
                    prompt: str, start: int = 0,
                    seated_only: bool = True, in_place: bool = False) -> None:
    """A private menu (a button's, or a page of one) of what ``options_for(state, me, namer)`` finds in
    the game now, the page beginning at ``start``; ``menu(options, lang)`` builds the select (or the buttons that
    answer a choice of few options). A prompt
    out of date (``options_for`` raises IllegalAction for it), a game no longer running, or a clicker not
    seated (``seated_only``) is refused privately. ``in_place``: the menu replaces the menus of the message
    it was opened from (the hand's second step: one edit, no new message), its text and picture kept."""
    from cogs.base import lang_of, namer_for, reply, reply_error

    bot = interaction.client
    lang = await lang_of(interaction)
    namer = None
    try:
        record = await bot.table.store.get_game(game_id, with_state=False)      # type: ignore[attr-defined]
        if record is None or record.status != "active":
            raise IllegalAction("stale_prompt")
        _, state = await bot.table.state_of(record)      # type: ignore[attr-defined]
        me = await bot.table.player_for(record.id, str(interaction.user.id))   # type: ignore[attr-defined]
        if seated_only and not state.has_player(me):
            raise TableError("not_seated")
        namer = await namer_for(bot, game_id, lang, state)
        options = options_for(state, me, namer.labels())     # a menu shows its text as it is
    except (TableError, IllegalAction) as exc:
        await reply_error(interaction, exc, lang, namer)
        return
    if not options:
        await reply(interaction, ui(lang, "no_playable"), ephemeral=True)
        return
    view = discord.ui.View(timeout=None)
    items = menu(page_of(options, start, lang), lang)
    for item in items if isinstance(items, list) else [items]:
        view.add_item(item)
    if in_place and interaction.message is not None:
        await Answer.of(interaction).edit(view=view)
        return
    await reply(interaction, ui(lang, prompt), view=view, ephemeral=True)
