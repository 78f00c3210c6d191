"""A player's hand on Discord, in one place: the hand message (kept current in the player's DM, and
what /hand shows) with its text, the picture of the hand's cards and its menus.

The menu of plays has two steps: first the cards (one entry per card: Munchkin's the whole hand, Smash
Up's those with a play now); a card with a single legal play is played at once, one with several
(targets, bases, sides) puts a menu of them, with a way back, in the place of the first, in the same
message (one edit, no new message; the last pick redraws the hand there). Both steps are checked
against the game's legal moves when they are picked, so a pick made stale by a move in between is
refused privately and changes nothing. Each game says what its plays are
(``DiscordFrontend.hand_plays``).
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from cogs.answers import Answer
from cogs.frontend import HandPlays, Step
from cogs.games import frontend_of
from cogs.limits import FIELD_VALUE, OPTIONS, clip
from cogs.paging import open_menu, page_of, page_start
from cogs.texts import ui
from engine.core.errors import IllegalAction
from engine.core.events import Event
from table.errors import TableError
from table.logs import log_error
from table.pictures import Content, digest, hand_content, render
from table.render import Namer, private_view, render_event
from table.service import ActResult

if TYPE_CHECKING:
    from cogs.client import Spielleiter

log = logging.getLogger(__name__)
HAND_PICTURE = "hand.png"
SELECT_VALUE = 100        # characters a select value holds


@dataclass
class HandMessage:
    embed: discord.Embed
    view: discord.ui.View
    digest: str             # of all it shows: an unchanged hand is not edited again
    picture: Content        # what the hand's picture shows (drawn only when the message is sent)


def hand_message(bot: Spielleiter, result: ActResult, player_id: str, namer: Namer,
                 news: list[Event] | None = None) -> HandMessage:
    """A player's hand message after a result: the hand in words (the picture's text alternative),
    the picture of its cards, the menus; and ``news``, the events of a move that only this player sees
    (a card drawn face down, a hand looked at), shown until newer news replace them."""
    from cogs.base import hand_title

    lines = private_view(result.state, player_id, namer)
    view = private_view_components(result, player_id, namer)
    picture = hand_content(result.state, player_id, namer.lang, namer.players)
    said = [line for line in (render_event(e, namer) for e in news or ()) if line]
    shown = "\n".join(lines + said) + repr(view.to_components()) + digest(picture)
    embed = discord.Embed(title=hand_title(bot, namer.lang, result.game_id, result.channel_id),
                          description="\n".join(lines)[:4000], colour=discord.Colour.dark_gold())
    embed.set_image(url=f"attachment://{HAND_PICTURE}")
    if said:
        embed.add_field(name=ui(namer.lang, "just_now"), value=clip("\n".join(said), FIELD_VALUE), inline=False)
    return HandMessage(embed, view, hashlib.sha256(shown.encode()).hexdigest(), picture)


async def hand_files(hand: HandMessage, urgent: bool = False) -> list[discord.File]:
    """The hand's picture as a file, drawn off the event loop (cached by what it shows). A picture
    that cannot be drawn costs the picture, never the hand: the embed then shows none."""
    try:
        return [discord.File(io.BytesIO(await render(hand.picture, urgent=urgent)), filename=HAND_PICTURE)]
    except Exception:
        log_error(log, "drawing the hand picture failed")
        hand.embed.set_image(url=None)
        return []


def private_view_components(result: ActResult, player_id: str, namer: Namer) -> discord.ui.View:
    """The menus under a player's hand: the cards to play (first step), then the game's own (its
    decisions, its discards)."""
    state = result.state
    front = frontend_of(state)
    labels = namer.labels()      # a menu shows its text as it is
    view = front.private_components(result, player_id, namer)
    prompt = front.hand_plays.prompt(state, player_id) if state.phase != "over" else None
    cards = card_options(state, player_id, prompt, labels) if prompt is not None else []
    if cards:
        menus = list(view.children)
        view.clear_items()
        view.add_item(HandCardChoice(result.game_id, prompt, page_of(cards, 0, labels.lang), labels.lang))
        for item in menus:
            view.add_item(item)
    return view


# ---------------------------------------------------------------------- what each step offers
def card_moves(state: Any, player_id: str, prompt: int, card: str | None = None) -> list:
    """The player's legal plays now (of this card), for the menu drawn at ``prompt``; a menu from
    another moment is out of date."""
    plays = frontend_of(state).hand_plays
    if plays.prompt(state, player_id) != prompt:
        raise IllegalAction("stale_prompt")
    moves = plays.moves(state, player_id)
    return moves if card is None else [m for m in moves if plays.card_of(m) == card]


def card_options(state: Any, player_id: str, prompt: int, namer: Namer) -> list[tuple[str, str]]:
    """The first step: each card the game's menu lists (HandPlays.listed: the whole hand, or each card
    with a legal play now), once."""
    plays = frontend_of(state).hand_plays
    if plays.listed is not None:
        if plays.prompt(state, player_id) != prompt:
            raise IllegalAction("stale_prompt")
        cards = dict.fromkeys(plays.listed(state, player_id))
    else:
        cards = dict.fromkeys(plays.card_of(m) for m in card_moves(state, player_id, prompt))
    return [(plays.card_label(state, card, namer)[:100], card) for card in cards]


def target_options(state: Any, player_id: str, prompt: int, card: str, namer: Namer) -> list[tuple[str, str]]:
    """The second step: the chosen card's legal plays (a card no longer playable is out of date)."""
    plays = frontend_of(state).hand_plays
    moves = card_moves(state, player_id, prompt, card)
    if not moves:
        raise IllegalAction("stale_prompt")
    options = [(plays.move_label(state, m, namer)[:100], plays.encode(m)) for m in moves]
    return _unique(options)


def _unique(options: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Each value once, and none longer than a select value may be (100 characters)."""
    seen: set[str] = set()
    kept = []
    for label, value in options:
        if value not in seen and len(value) <= 100:
            seen.add(value)
            kept.append((label, value))
    return kept


def the_only_move(state: Any, player_id: str, prompt: int, card: str) -> Any:
    """The card's one legal play; a card that now has none, or several, is out of date."""
    moves = card_moves(state, player_id, prompt, card)
    if len(moves) != 1:
        raise IllegalAction("stale_prompt")
    return moves[0]


def the_chosen_move(state: Any, player_id: str, prompt: int, card: str, value: str) -> Any:
    """The play picked in the second step, if it is still legal now."""
    plays = frontend_of(state).hand_plays
    if value not in {plays.encode(m) for m in card_moves(state, player_id, prompt, card)}:
        raise IllegalAction("stale_prompt")
    return plays.decode(value, player_id)


# ---------------------------------------------------------------------- the two menus
async def _bot(interaction: discord.Interaction) -> Spielleiter:
    return interaction.client  # type: ignore[return-value]


class HandCardChoice(discord.ui.DynamicItem[discord.ui.Select], template=r"sl:hand:(?P<game>\d+):(?P<prompt>\d+)"):
    """The first step: which card."""

    def __init__(self, game_id: int, prompt: int, options: list[tuple[str, str]] | None = None,
                 lang: str = "de") -> None:
        super().__init__(_select(f"sl:hand:{game_id}:{prompt}", ui(lang, "choose_card"), options))
        self.game_id, self.prompt = game_id, prompt

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> HandCardChoice:
        return cls(int(match["game"]), int(match["prompt"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0]
        if page_start(value) is not None:
            await open_menu(interaction, self.game_id,
                            lambda state, me, namer: card_options(state, me, self.prompt, namer),
                            lambda options, lang: HandCardChoice(self.game_id, self.prompt, options, lang),
                            "choose_card", page_start(value))
            return
        await chosen_card(interaction, self.game_id, self.prompt, value)


async def chosen_card(interaction: discord.Interaction, game_id: int, prompt: int, card: str) -> None:
    """A card picked: played at once when it has one legal play, else the menu of its plays."""
    from cogs.base import _game_for, lang_of, perform, reply_error

    bot = await _bot(interaction)
    try:
        record, state = await _game_for(bot, interaction, game_id)
        me = await bot.table.player_for(record.id, str(interaction.user.id))
        if not state.has_player(me):
            raise TableError("not_seated")
        moves = card_moves(state, me, prompt, card)
        if not moves:
            listed = frontend_of(state).hand_plays.listed
            still_held = listed is not None and card in listed(state, me)
            raise IllegalAction("card_not_playable_now" if still_held else "stale_prompt")
    except (TableError, IllegalAction) as exc:
        await reply_error(interaction, exc, await lang_of(interaction))
        return
    if len(moves) == 1:
        await perform(bot, interaction, lambda state, me: the_only_move(state, me, prompt, card), game_id=game_id)
        return
    await open_targets(interaction, game_id, prompt, card)


BACK = "sl-back"        # the second step's option that leads back to the cards (no move's value starts so)


async def open_targets(interaction: discord.Interaction, game_id: int, prompt: int, card: str, start: int = 0) -> None:
    """The second step takes the place of the first in the message the card was picked in (the hand
    message in the DM, or /hand's private view): its menu of the card's plays, then a way back."""
    def options(state: Any, me: str, namer: Namer) -> list[tuple[str, str]]:
        found = target_options(state, me, prompt, card, namer)
        return [*found, (ui(namer.lang, "menu_back"), BACK)] if len(found) < OPTIONS else found

    await open_menu(interaction, game_id, options,
                    lambda options, lang: HandTargetChoice(game_id, prompt, card, options, lang), "choose_target",
                    start, in_place=True)


async def back_to_cards(interaction: discord.Interaction, game_id: int) -> None:
    """The second step given up: the message shows the hand's menus again, as the game is now."""
    from cogs.base import _game_for, lang_of, namer_for, reply_error

    bot = await _bot(interaction)
    try:
        record, state = await _game_for(bot, interaction, game_id)
        me = await bot.table.player_for(record.id, str(interaction.user.id))
        if not state.has_player(me):
            raise TableError("not_seated")
    except (TableError, IllegalAction) as exc:
        await reply_error(interaction, exc, await lang_of(interaction))
        return
    namer = await namer_for(bot, game_id, await lang_of(interaction), state)
    result = ActResult(record.id, record.channel_id, record.version, state)
    await Answer.of(interaction).edit(view=private_view_components(result, me, namer))


class HandTargetChoice(discord.ui.DynamicItem[discord.ui.Select],
                       template=r"sl:handto:(?P<game>\d+):(?P<prompt>\d+):(?P<card>[^:]+)"):
    """The second step: which of the chosen card's plays (its target, base or side)."""

    def __init__(self, game_id: int, prompt: int, card: str, options: list[tuple[str, str]] | None = None,
                 lang: str = "de") -> None:
        super().__init__(_select(f"sl:handto:{game_id}:{prompt}:{card}", ui(lang, "choose_target"), options))
        self.game_id, self.prompt, self.card = game_id, prompt, card

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> HandTargetChoice:
        return cls(int(match["game"]), int(match["prompt"]), match["card"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.base import perform

        value = self.item.values[0]
        if value == BACK:
            await back_to_cards(interaction, self.game_id)
            return
        if page_start(value) is not None:
            await open_targets(interaction, self.game_id, self.prompt, self.card, page_start(value))
            return
        await perform(await _bot(interaction), interaction,
                      lambda state, me: the_chosen_move(state, me, self.prompt, self.card, value),
                      game_id=self.game_id)


def _select(custom_id: str, placeholder: str, options: list[tuple[str, str]] | None) -> discord.ui.Select:
    return discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150],
                             options=[discord.SelectOption(label=label[:100], value=value)
                                      for label, value in (options or [("-", "-")])])


HAND_ITEMS = (HandCardChoice, HandTargetChoice)


# ---------------------------------------------------------------------- how a play is made here
def hand_step(plays: HandPlays, state: Any, game_id: int, action: Any) -> Step | None:
    """The picks in the player's hand message that make ``action`` (each game's drive module asks): the
    card, then, where it has several plays, the play in the second step that takes its place. None where
    the hand's menu does not make it (no menu now, a page beyond the first, a value too long for a menu)."""
    prompt = plays.prompt(state, action.actor)
    if prompt is None:
        return None
    card = plays.card_of(action)
    moves = [m for m in plays.moves(state, action.actor) if plays.card_of(m) == card]
    listed = plays.listed(state, action.actor) if plays.listed is not None else \
        list(dict.fromkeys(plays.card_of(m) for m in plays.moves(state, action.actor)))
    if action not in moves or not on_first_page(listed, card):
        return None
    first = Step("click", f"sl:hand:{game_id}:{prompt}", values=[card], in_dm=True)
    if len(moves) == 1:
        return first
    values = list(dict.fromkeys(plays.encode(m) for m in moves))
    value = plays.encode(action)
    if len(value) > SELECT_VALUE or not on_first_page([*values, BACK], value):
        return None
    return Step("click", f"sl:handto:{game_id}:{prompt}:{card}", values=[value], in_dm=True, first=first)


def on_first_page(values: list[str], value: str) -> bool:
    """Whether a menu of these values (a page of 24 and the way on where they do not fit) shows this one first."""
    return len(values) <= OPTIONS or values.index(value) < OPTIONS - 1
