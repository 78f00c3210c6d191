"""The slash commands every game shares (zugende, passen, ablegen: in both games' groups;
/entscheiden, /hand) and the autocompletes the games' own commands are built from. A move is built
by the channel's game's front-end (table.games), the same words the console table uses."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import channel_key, guild_key, lang_of, namer_for, perform, reply, reply_error
from cogs.hand import hand_files, hand_message
from cogs.texts import cmd_desc, cmd_name, opt_desc, opt_name
from engine.core.errors import IllegalAction
from table.errors import TableError
from table.games import frontend_of
from table.render import option_label
from table.service import ActResult
from table.suggestions import legal_answers, legal_moves
from table.text_match import fold
from table.words import picked_answer

if TYPE_CHECKING:
    from cogs.client import Spielleiter

Choice = app_commands.Choice
MAX_CHOICES = 25
log = logging.getLogger(__name__)
Pick = Callable[[Any, str, Any], Iterable[str]]     # (state, seat, the command's options so far) -> uids
Complete = Callable[[discord.Interaction, str], Awaitable[list[Choice[str]]]]


def never_failing(complete: Complete) -> Complete:
    """An autocomplete that answers no suggestions on any problem: Discord shows "loading failed"
    for an autocomplete that raises, and the command itself still says what is wrong."""
    @functools.wraps(complete)
    async def safe(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        try:
            return await complete(interaction, current)
        except Exception:
            log.exception("autocomplete failed")
            return []

    return safe


# ---------------------------------------------------------------------- autocomplete
async def _game_state(interaction: discord.Interaction) -> tuple[Any, Any, str, str] | None:
    """The channel's game, its state, the user's language and the seat they play (stand-ins included)."""
    bot: Spielleiter = interaction.client  # type: ignore[assignment]
    try:
        record, state = await bot.table.seated(guild_key(interaction), channel_key(interaction))
    except (TableError, IllegalAction):
        return None
    me = await bot.table.player_for(record.id, str(interaction.user.id))
    return record, state, await lang_of(interaction), me


async def seat_in(interaction: discord.Interaction, game: str) -> tuple[Any, str, str] | None:
    """The channel's game state if it is this game, the user's language and their seat; None (no
    suggestions) in another game's channel or for someone not at the table."""
    found = await _game_state(interaction)
    if found is None:
        return None
    _, state, lang, me = found
    if state.game != game or not state.has_player(me):
        return None
    return state, lang, me


def comma_choices(state: Any, lang: str, allowed: Iterable[str], current: str) -> list[Choice[str]]:
    """Several cards, comma separated: the suggestions complete the last one."""
    *done, last = current.split(",") if current else [""]
    prefix = ",".join(done) + ("," if done else "")
    left = [u for u in allowed if u not in done]
    return [Choice(name=(prefix + c.name)[-100:], value=(prefix + c.value)[:100])
            for c in card_choices(state, lang, left, last.strip())]


def card_choices(state: Any, lang: str, uids: Iterable[str], current: str) -> list[Choice[str]]:
    wanted = fold(current)
    seen: list[Choice[str]] = []
    for uid in uids:
        card = state.card(uid)
        name = card.name_en if lang == "en" else card.name_de
        if wanted and wanted not in fold(card.name_de) and wanted not in fold(card.name_en):
            continue
        seen.append(Choice(name=name[:100], value=uid))
        if len(seen) >= MAX_CHOICES:
            break
    return seen


def card_autocomplete(pick: Pick, game: str) -> Complete:
    """Suggestions among the cards ``pick`` names for the user's seat (given the options filled in so
    far), in a game of that kind only."""
    @never_failing
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        seated = await seat_in(interaction, game)
        if seated is None:
            return []
        state, lang, me = seated
        return card_choices(state, lang, pick(state, me, interaction.namespace), current)

    return complete


def player_choices(state: Any, ids: Iterable[str], current: str) -> list[Choice[str]]:
    wanted = fold(current)
    shown = set(ids)
    return [Choice(name=p.name[:100], value=p.id) for p in state.players
            if p.id in shown and wanted in fold(p.name)][:MAX_CHOICES]


@never_failing
async def player_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """Every player at the channel's table (the host's commands: a seat to hand to a bot)."""
    found = await _game_state(interaction)
    if found is None:
        return []
    _, state, _, _ = found
    return player_choices(state, [p.id for p in state.players], current)


def players_autocomplete(pick: Pick, game: str) -> Complete:
    """Suggestions among the players ``pick`` names for the user's seat, never the user's own (a
    trade or help partner is someone else), in a game of that kind only."""
    @never_failing
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        seated = await seat_in(interaction, game)
        if seated is None:
            return []
        state, _, me = seated
        return player_choices(state, [p for p in pick(state, me, interaction.namespace) if p != me], current)

    return complete


def cards_autocomplete(pick: Pick, game: str) -> Complete:
    """Several cards, comma separated: suggestions complete the last one."""
    @never_failing
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        seated = await seat_in(interaction, game)
        if seated is None:
            return []
        state, lang, me = seated
        return comma_choices(state, lang, pick(state, me, interaction.namespace), current)

    return complete


@never_failing
async def decision_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    found = await _game_state(interaction)
    if found is None:
        return []
    record, state, lang, me = found
    bot: Spielleiter = interaction.client  # type: ignore[assignment]
    namer = (await namer_for(bot, record.id, lang, state)).labels()     # a suggestion shows its text as it is
    wanted = fold(current)
    allowed = legal_answers(legal_moves(state, me))       # e.g. no trade accepted that can no longer be made
    out = []
    for decision in frontend_of(state).owed(state, me):
        for option in decision.options:
            label = option_label(option, namer)
            if (decision.id, option) in allowed and wanted in fold(label):
                out.append(Choice(name=label[:100], value=f"{decision.id}:{option}"[:100]))
    return out[:MAX_CHOICES]


@never_failing
async def discard_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    """The cards /ablegen can take in the channel's game."""
    found = await _game_state(interaction)
    if found is None or not found[1].has_player(found[3]):
        return []
    _, state, lang, me = found
    return card_choices(state, lang, frontend_of(state).discardable(state, me), current)


def build_move(state: Any, player_id: str, command: str, args: dict[str, Any]) -> Any:
    """A shared command's move in the channel's game (/zugende is Smash Up's "fertig")."""
    front = frontend_of(state)
    return front.build_action(state, player_id, front.shared_commands.get(command, command), args)


# ---------------------------------------------------------------------- the cog
class Play(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    async def move(self, interaction: discord.Interaction, command: str, **args: Any) -> None:
        clean = {k: v for k, v in args.items() if v not in (None, "", False)}
        await perform(self.bot, interaction, lambda state, me: build_move(state, me, command, clean))

    @app_commands.command(name=cmd_name("endturn"), description=cmd_desc("endturn"))
    @app_commands.guild_only()
    async def endturn(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "end")

    @app_commands.command(name=cmd_name("discard"), description=cmd_desc("discard"))
    @app_commands.guild_only()
    @app_commands.rename(card=opt_name("card"))
    @app_commands.describe(card=opt_desc("card"))
    @app_commands.autocomplete(card=discard_autocomplete)
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self.move(interaction, "discard", main=card)

    @app_commands.command(name=cmd_name("pass"), description=cmd_desc("pass"))
    @app_commands.guild_only()
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "pass")

    @app_commands.command(name=cmd_name("decide"), description=cmd_desc("decide"))
    @app_commands.guild_only()
    @app_commands.rename(option=opt_name("option"))
    @app_commands.describe(option=opt_desc("option"))
    @app_commands.autocomplete(option=decision_autocomplete)
    async def decide(self, interaction: discord.Interaction, option: str) -> None:
        def build(state: Any, me: str) -> Any:
            picked = picked_answer(option)        # an autocompleted "decision:option"
            if picked is not None:
                return frontend_of(state).answer(me, *picked)
            front = frontend_of(state)
            if front.owed(state, me):             # typed words answer as the console's `wählen` does
                return front.build_action(state, me, "choose", {"main": option})
            return build_move(state, me, "choose", {"main": option})

        await perform(self.bot, interaction, build)

    @app_commands.command(name=cmd_name("hand"), description=cmd_desc("hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        """Private, anywhere: this channel's game, or in a DM every game the player sits in."""
        lang = await lang_of(interaction)
        me = str(interaction.user.id)
        try:
            record = await self.bot.table.store.open_game_in_channel(guild_key(interaction), channel_key(interaction))
            records = [record] if record else await self.bot.table.store.games_of(me, ("active",))
            shown = []
            for game in records:
                if game.status != "active":
                    continue
                _, state = await self.bot.table.state_of(game)
                seat = await self.bot.table.player_for(game.id, me)
                if not state.has_player(seat):
                    continue
                namer = await namer_for(self.bot, game.id, lang, state)
                shown.append(hand_message(self.bot, ActResult(game.id, game.channel_id, game.version, state), seat,
                                          namer))
            if not shown:
                raise TableError("not_seated" if record else "no_game")
        except (TableError, IllegalAction) as exc:
            await reply_error(interaction, exc, lang)
            return
        for hand in shown[:5]:
            files = await hand_files(hand, urgent=True)
            await reply(interaction, embed=hand.embed, view=hand.view, files=files, ephemeral=True)
        await self.bot.publisher.tell_if_dms_closed(interaction, records[0].id, lang)


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(Play(bot))
