"""What every cog shares: the player's language, names, error replies, and turning a slash command
into one table action whose result is shown to the channel and, privately, to the player."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from cogs.answers import Answer
from cogs.languages import client_language
from cogs.limits import CONTENT, outgoing
from cogs.limits import clip as clip_to
from cogs.live import headlines
from cogs.names import escaped
from cogs.texts import ui
from engine.core.errors import IllegalAction
from engine.core.numbers import whole_number
from table.config import DISCORD_ID_MAX
from table.errors import TableError
from table.i18n import DEFAULT_LANGUAGE
from table.render import Namer, names_by_seat, render_error, render_event
from table.service import ActResult

if TYPE_CHECKING:
    from cogs.client import Spielleiter

log = logging.getLogger("spielleiter")
T = TypeVar("T")
LANGUAGE = "language"   # interaction.extras key: the user's language, once looked up



async def lang_of(interaction: discord.Interaction) -> str:
    """The user's language (cogs.languages), looked up once per interaction."""
    found = interaction.extras.get(LANGUAGE)
    if found is None:
        languages = getattr(interaction.client, "languages", None)
        found = (await languages.for_interaction(interaction) if languages is not None
                 else client_language(interaction) or DEFAULT_LANGUAGE)
        interaction.extras[LANGUAGE] = found
    return found


def guild_key(interaction: discord.Interaction) -> str:
    return str(interaction.guild_id) if interaction.guild_id else f"dm-{interaction.user.id}"


def channel_key(interaction: discord.Interaction) -> str:
    return str(interaction.channel_id)


def hand_title(bot: Spielleiter, lang: str, game_id: int, channel_id: str) -> str:
    """The hand message's title names the game's channel as Discord shows it (#name); a channel the
    bot has not cached (a thread, say) is named by its game."""
    number = whole_number(channel_id, 1, DISCORD_ID_MAX)
    channel = bot.get_channel(number) if number is not None else None
    name = getattr(channel, "name", None)
    where = f"#{name}" if name else ui(lang, "hand_game_label", game=game_id)
    return ui(lang, "your_hand_title", channel=where)


def clip(text: str, limit: int = CONTENT) -> str:
    return clip_to(text, limit) or ""


async def namer_for(bot: Spielleiter, game_id: int, lang: str, state: Any = None) -> Namer:
    record, seats = await bot.table.roster(game_id)
    return namer_of(record, seats, lang, state)


def namer_of(record: Any, seats: list[Any], lang: str, state: Any = None) -> Namer:
    """The names of a game's seats (a bot's marked) and cards, in one language, the names written
    as Discord text (cogs/names.py)."""
    return Namer(lang, names_by_seat(seats), state, tuple(record.sets) if record else ("testdeck",), markup=escaped)


async def reply(interaction: discord.Interaction, content: str | None = None, *, ephemeral: bool = False,
                **kwargs: Any) -> int | None:
    """Answer the interaction (or follow up if it was already answered), within Discord's limits; see
    cogs.answers.Answer.send. Returns the id of the message that carries the answer."""
    return await Answer.of(interaction).send(content, ephemeral=ephemeral, **kwargs)


REFUSED = object()   # what ``attempt`` returns when the table refused


async def attempt(interaction: discord.Interaction, lang: str, awaitable: Awaitable[Any]) -> Any:
    """Await a table call; a refusal is answered privately, in the player's language, and REFUSED
    comes back so the command can stop."""
    try:
        return await awaitable
    except (TableError, IllegalAction) as exc:
        await reply_error(interaction, exc, lang)
        return REFUSED


async def reply_error(interaction: discord.Interaction, exc: TableError | IllegalAction, lang: str,
                      namer: Namer | None = None) -> None:
    """A refusal goes to the one player only, in their language, and names the reason."""
    namer = namer or Namer(lang, {}, markup=escaped)
    await reply(interaction, "⛔ " + render_error(exc, namer), ephemeral=True)


def public_lines(result: ActResult, namer: Namer) -> list[str]:
    lines = [render_event(e, namer) for e in result.public_events]
    return [line for line in lines if line]


def private_lines(result: ActResult, user_id: str, namer: Namer) -> list[str]:
    lines = [render_event(e, namer) for e in result.private_events(user_id)]
    return [line for line in lines if line]


async def _game_for(bot: Spielleiter, interaction: discord.Interaction, game_id: int | None):
    if game_id is None:
        return await bot.table.seated(guild_key(interaction), channel_key(interaction))
    record = await bot.table.store.get_game(game_id, with_state=False)
    if record is None or record.status != "active":
        raise IllegalAction("stale_prompt")
    _, state = await bot.table.state_of(record)
    return record, state


MOVE_FROM = "move_from"   # interaction.extras key: (game id, version) before a move was tried
APPLIED = "applied"       # interaction.extras key: the result of the move this interaction made


async def game_lang(bot: Spielleiter, game_id: int) -> str:
    """The language everything public of this game is written in, whoever made the move."""
    return await bot.publisher.channel_language(game_id)


async def public_namer(bot: Spielleiter, game_id: int, state: Any = None) -> Namer:
    """The names and words of what the game posts in its channel: its language, in the third person."""
    namer = await namer_for(bot, game_id, await game_lang(bot, game_id), state)
    return replace(namer, public=True)


async def perform(bot: Spielleiter, interaction: discord.Interaction, build: Callable[[Any, str], Any], *,
                  game_id: int | None = None, expected_version: int | None = None) -> ActResult | None:
    """One move: build the engine action from the command, apply it through the table, show the public
    log in the game's channel (in the game's language) and what is private to the player (in theirs)
    as an ephemeral follow-up. Components carry their game id, so a click in a DM reaches the right game.
    A click on the live table message is answered by editing it: meanwhile the publisher leaves it alone
    (one edit, not two)."""
    message = interaction.message if interaction.type is discord.InteractionType.component else None
    if game_id is None or message is None or not await bot.publisher.is_table(game_id, message.id):
        return await _perform(bot, interaction, build, game_id, expected_version)
    async with bot.publisher.answering(game_id):
        return await _perform(bot, interaction, build, game_id, expected_version)


async def _perform(bot: Spielleiter, interaction: discord.Interaction, build: Callable[[Any, str], Any],
                   game_id: int | None, expected_version: int | None) -> ActResult | None:
    lang = await lang_of(interaction)
    user_id = str(interaction.user.id)
    namer: Namer | None = None

    async def act() -> tuple[ActResult, str]:
        nonlocal namer
        record, state = await _game_for(bot, interaction, game_id)
        interaction.extras[MOVE_FROM] = (record.id, record.version)   # to read back after a failure
        namer = await namer_for(bot, record.id, lang, state)
        player = await bot.table.acting_seat(record.id, user_id)     # a stand-in plays the seat, its owner not
        if not state.has_player(player):
            raise TableError("not_seated")
        action = build(state, player)
        return await bot.table.act_in(record.id, player, action, expected_version, origin="interaction"), player

    try:
        result, user_id = await act()   # the interaction's watch defers it meanwhile if need be
    except (TableError, IllegalAction) as exc:
        await reply_error(interaction, exc, lang, namer)
        return None
    interaction.extras[APPLIED] = result     # from here on, no answer may say that nothing changed
    bot.publisher.moved(result.game_id, user_id)          # the mover's hand shows the move at once
    namer = replace(await namer_for(bot, result.game_id, lang, result.state), viewer=user_id)   # the mover's
    shown = await public_namer(bot, result.game_id, result.state)
    news = headlines(result, shown)         # what matters gets a message of its own; the rest the table shows
    mine = private_lines(result, user_id, namer)
    if str(interaction.channel_id) == result.channel_id:
        told = await _answer_in_channel(bot, interaction, result, lang, public_lines(result, namer), news, mine)
    else:   # clicked in a DM: the table hears of it in its own channel
        told = await _answer_in_dm(bot, interaction, result, user_id, namer, lang, mine)
        if news:
            await _post_move(bot, result, "\n".join(news))
    # what only the player may know, where the answer could not say it: their hand message says it (an
    # open DM, redrawn at once for the mover), else a private follow-up
    if mine and not told and not await bot.publisher.shows_news(result.game_id, user_id):
        await _tell_privately(interaction, "\n".join(mine))
    await bot.publisher.tell_if_dms_closed(interaction, result.game_id, lang)
    return result


async def _answer_in_channel(bot: Spielleiter, interaction: discord.Interaction, result: ActResult, lang: str,
                             lines: list[str], news: list[str], mine: list[str]) -> bool:
    """The move's answer in the game's channel (issue 36: one live table message, few posts). A click on
    the table message answers by editing it to show the move (one request for both); a pick in a private
    menu replaces that menu by what happened; a typed command is answered privately with it. What
    matters (``news``) is posted for everyone. When Discord fails the answer (a 5xx), the move was applied
    all the same: it is posted to the channel, and the player is told it counted. True when a private
    answer also said ``mine`` (what only the player may know); else it is told apart."""
    answer = Answer.of(interaction)
    told = clip("\n".join([*lines, *mine]) or ui(lang, "done"))       # a private answer says both
    try:
        message = interaction.message if interaction.type is discord.InteractionType.component else None
        table = None
        if message is not None and answer.deferred is None:
            table = await bot.publisher.table_answer(result, message.id)
        if table is not None:
            await answer.edit(view=table)
        elif message is not None and message.flags.ephemeral and answer.deferred is None:
            await answer.edit(content=told, view=None, embeds=[])
            if news:
                await reply(interaction, "\n".join(news))
            return True
        elif news:
            await reply(interaction, "\n".join(news))
            return False
        else:
            await reply(interaction, told, ephemeral=True)
            return True
        if news:
            await reply(interaction, "\n".join(news))
    except discord.HTTPException:
        log.warning("the answer to move %s of game %s failed; posting it to the channel", result.version,
                    result.game_id, exc_info=True)
        await bot.publisher.table_not_shown(result)
        await _post_move(bot, result, "\n".join(news or lines) or ui(lang, "done"))
        await _tell_privately(interaction, ui(lang, "move_applied_answer_failed"))
    return False


async def _answer_in_dm(bot: Spielleiter, interaction: discord.Interaction, result: ActResult, player_id: str,
                        namer: Namer, lang: str, mine: list[str]) -> bool:
    """A pick made on a DM message answers by redrawing that message (the hand as it is now, the
    decision gone from it, and what only the player learnt by the move, ``mine``), so no "done" is left
    behind; a command typed in a DM is told "done" (or ``mine``). True: ``mine`` was said."""
    if interaction.type is not discord.InteractionType.component or interaction.message is None:
        await reply(interaction, clip("\n".join(mine)) or ui(lang, "done"), ephemeral=True)
        return True
    from cogs.hand import hand_files, hand_message

    hand = hand_message(bot, result, player_id, namer, bot.publisher.news_of(result.game_id, player_id))  # with mine
    # marked first, so that the publisher's own update of this message, due now, is not a second edit
    await bot.publisher.mark_hand_current(result.game_id, player_id, interaction.message.id, hand.digest)
    try:
        files = await hand_files(hand, urgent=True)       # the player waits for it: drawn before the others'
        await Answer.of(interaction).edit(embed=hand.embed, view=hand.view, attachments=files)
    except discord.HTTPException:
        await bot.publisher.mark_hand_current(result.game_id, player_id, interaction.message.id, "")
        raise
    return True


async def _post_move(bot: Spielleiter, result: ActResult, content: str) -> None:
    await bot.get_partial_messageable(int(result.channel_id)).send(**outgoing(content=content))


async def _tell_privately(interaction: discord.Interaction, content: str) -> None:
    """A private line after the move; one Discord fails is lost (the hand message shows the state)."""
    try:
        await reply(interaction, content, ephemeral=True)
    except discord.HTTPException:
        log.warning("a private answer to interaction %s failed", interaction.id, exc_info=True)
