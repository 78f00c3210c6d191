"""Smash Up – Munchkin's moves as slash commands. The shared ones (zugende, passen, ablegen,
/hand, /spiel …) work for both games; these are Smash Up's own (/smashup …). Options autocomplete
from the player's hand, the bases and the cards in play; the words and name resolving are
table.smashup.commands', shared with the console table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import perform
from cogs.play import (
    MAX_CHOICES,
    Complete,
    Pick,
    _game_state,
    card_autocomplete,
    card_choices,
    cards_autocomplete,
    comma_choices,
    never_failing,
    seat_in,
)
from cogs.texts import cmd_desc, cmd_name, opt_desc, opt_name, raw_option
from engine.smashup.cards import data
from engine.smashup.targets import base_of
from engine.smashup.turn import pick_candidates, pick_options
from table.errors import TableError
from table.games import frontend_of
from table.smashup import commands as su
from table.suggestions import legal_moves, legal_values
from table.text_match import fold

if TYPE_CHECKING:
    from cogs.client import Spielleiter

Choice = app_commands.Choice


# ---------------------------------------------------------------------- autocomplete
def _where(state: Any, card: str, base: str | None) -> str | None:
    """The base a card's picks are reckoned from: the one named, where it lies, or the one scoring."""
    if base in [b.uid for b in state.bases]:
        return base
    return base_of(state, card) or (state.scoring.base if state.scoring else None)


def _smashup_autocomplete(pick: Pick) -> Complete:
    return card_autocomplete(pick, game="smashup")


def _legal(kind: str, field: str, of_card: str | None = None) -> Pick:
    """The values of a move's field the player's legal moves hold now; for the card named in the
    option ``of_card`` when one of this game is named there (the bases a minion may go to)."""
    def pick(state: Any, me: str, namespace: Any) -> list[str]:
        card = getattr(namespace, raw_option(of_card), None) if of_card else None
        return legal_values(legal_moves(state, me), kind, field, card=card if card in state.card_ids else None)

    return pick


def _hand(state: Any, me: str, namespace: Any) -> list[str]:
    return list(state.player(me).hand)


def _pick_autocomplete(second: bool = False):
    """Suggestions for a pick: what the card named in the command can pick (its second pick, given the
    first), else every card in play and every base."""
    @never_failing
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        seated = await seat_in(interaction, "smashup")
        if seated is None:
            return []
        state, lang, me = seated
        ns = interaction.namespace
        card = getattr(ns, raw_option("card"), None) or getattr(ns, raw_option("talent_card"), None)
        first = getattr(ns, raw_option("su_target"), None) if second else None
        options: list[str] = []
        if card in state.card_ids:
            try:
                options = pick_options(state, me, card, _where(state, card, getattr(ns, raw_option("base"), None)),
                                       first=first, playing=card in state.player(me).hand)
            except KeyError:
                options = []
        players = [p for p in state.players if p.id in options]
        if players:                              # the card picks a player
            wanted = fold(current)
            return [Choice(name=p.name[:100], value=p.id) for p in players if wanted in fold(p.name)][:MAX_CHOICES]
        return card_choices(state, lang, options or su.targets(state), current)

    return complete


def _picks_autocomplete():
    """Several picks, comma separated, among what the card named can pick ("any number of")."""
    @never_failing
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        seated = await seat_in(interaction, "smashup")
        card = getattr(interaction.namespace, raw_option("card"), None)
        if seated is None or card not in seated[0].card_ids:
            return []
        state, lang, me = seated
        where = _where(state, card, getattr(interaction.namespace, raw_option("base"), None))
        return comma_choices(state, lang, pick_candidates(state, me, card, where), current)

    return complete


def _paid_autocomplete() -> Complete:
    """Several hand cards, comma separated (what a card's ability is paid with)."""
    return cards_autocomplete(_hand, game="smashup")


def _discard_autocomplete() -> Complete:
    """Several hand cards, comma separated, while the player discards down to the hand limit."""
    return cards_autocomplete(lambda state, me, namespace: frontend_of(state).discardable(state, me), game="smashup")


@never_failing
async def faction_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    found = await _game_state(interaction)
    if found is None or found[1].game != "smashup" or found[1].draft is None:
        return []
    _, state, lang, _ = found
    wanted = fold(current)
    out = []
    for faction in data().factions:
        name = faction.name_en if lang == "en" else faction.name_de
        if faction.id in state.draft.offered and (not wanted or wanted in fold(name) or wanted in faction.id):
            out.append(Choice(name=name, value=faction.id))
    return out[:MAX_CHOICES]


@never_failing
async def mode_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    found = await _game_state(interaction)
    lang = found[2] if found else "de"
    options = [(words[0] if lang == "de" else words[-1], mode) for mode, words in su.MODE_WORDS.items()]
    options += [(f.name_en if lang == "en" else f.name_de, f.id) for f in data().factions]
    wanted = fold(current)
    return [Choice(name=name, value=value) for name, value in options if wanted in fold(name)][:MAX_CHOICES]


# ---------------------------------------------------------------------- the cog
class SmashUp(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    async def move(self, interaction: discord.Interaction, command: str, **args: Any) -> None:
        clean = {k: v for k, v in args.items() if v not in (None, "")}

        def build(state: Any, me: str):
            if state.game != "smashup":
                raise TableError("only_in_smashup")
            return su.build_action(state, me, command, clean)

        await perform(self.bot, interaction, build)

    @app_commands.command(name=cmd_name("su_pick"), description=cmd_desc("su_pick"))
    @app_commands.guild_only()
    @app_commands.rename(faction=opt_name("faction"))
    @app_commands.describe(faction=opt_desc("faction"))
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def pick(self, interaction: discord.Interaction, faction: str) -> None:
        await self.move(interaction, "pick", main=faction)

    @app_commands.command(name=cmd_name("su_minion"), description=cmd_desc("su_minion"))
    @app_commands.guild_only()
    @app_commands.rename(card=opt_name("card"), base=opt_name("base"), target=opt_name("su_target"),
                         target2=opt_name("su_target2"), pay=opt_name("pay"), mode=opt_name("mode"))
    @app_commands.describe(card=opt_desc("card"), base=opt_desc("base"), target=opt_desc("su_target"),
                           target2=opt_desc("su_target2"), pay=opt_desc("pay"), mode=opt_desc("mode"))
    @app_commands.autocomplete(card=_smashup_autocomplete(_legal("play_minion", "card")),
                               base=_smashup_autocomplete(_legal("play_minion", "base", of_card="card")),
                               target=_pick_autocomplete(),
                               target2=_pick_autocomplete(second=True), pay=_paid_autocomplete(),
                               mode=mode_autocomplete)
    async def minion(self, interaction: discord.Interaction, card: str, base: str, target: str | None = None,
                     target2: str | None = None, pay: str | None = None, mode: str | None = None) -> None:
        await self.move(interaction, "play", main=card, base=base, target=target, target2=target2, discard=pay,
                        mode=mode)

    @app_commands.command(name=cmd_name("su_action"), description=cmd_desc("su_action"))
    @app_commands.guild_only()
    @app_commands.rename(card=opt_name("card"), base=opt_name("base"), target=opt_name("su_target"),
                         target2=opt_name("su_target2"), pay=opt_name("pay"), mode=opt_name("mode"),
                         picks=opt_name("picks"))
    @app_commands.describe(card=opt_desc("card"), base=opt_desc("base"), target=opt_desc("su_target"),
                           target2=opt_desc("su_target2"), pay=opt_desc("pay"), mode=opt_desc("mode"),
                           picks=opt_desc("picks"))
    @app_commands.autocomplete(card=_smashup_autocomplete(_legal("play_action", "card")),
                               base=_smashup_autocomplete(_legal("play_action", "base", of_card="card")),
                               target=_pick_autocomplete(),
                               target2=_pick_autocomplete(second=True), pay=_paid_autocomplete(),
                               mode=mode_autocomplete, picks=_picks_autocomplete())
    async def action(self, interaction: discord.Interaction, card: str, base: str | None = None,
                     target: str | None = None, target2: str | None = None, pay: str | None = None,
                     mode: str | None = None, picks: str | None = None) -> None:
        await self.move(interaction, "play", main=card, base=base, target=target, target2=target2, discard=pay,
                        mode=mode, picks=picks)

    @app_commands.command(name=cmd_name("su_talent"), description=cmd_desc("su_talent"))
    @app_commands.guild_only()
    @app_commands.rename(card=opt_name("talent_card"), target=opt_name("su_target"), target2=opt_name("su_target2"),
                         pay=opt_name("pay"), mode=opt_name("mode"))
    @app_commands.describe(card=opt_desc("talent_card"), target=opt_desc("su_target"),
                           target2=opt_desc("su_target2"), pay=opt_desc("pay"), mode=opt_desc("mode"))
    @app_commands.autocomplete(card=_smashup_autocomplete(_legal("use_talent", "card")), target=_pick_autocomplete(),
                               target2=_pick_autocomplete(second=True), pay=_paid_autocomplete(),
                               mode=mode_autocomplete)
    async def talent(self, interaction: discord.Interaction, card: str, target: str | None = None,
                     target2: str | None = None, pay: str | None = None, mode: str | None = None) -> None:
        await self.move(interaction, "talent", main=card, target=target, target2=target2, discard=pay, mode=mode)

    @app_commands.command(name=cmd_name("su_score"), description=cmd_desc("su_score"))
    @app_commands.guild_only()
    @app_commands.rename(base=opt_name("base"))
    @app_commands.describe(base=opt_desc("base"))
    @app_commands.autocomplete(base=_smashup_autocomplete(_legal("score_first", "base")))
    async def score(self, interaction: discord.Interaction, base: str) -> None:
        await self.move(interaction, "score", main=base)

    @app_commands.command(name=cmd_name("su_special"), description=cmd_desc("su_special"))
    @app_commands.guild_only()
    @app_commands.rename(card=opt_name("card"), target=opt_name("su_target"), target2=opt_name("su_target2"),
                         base=opt_name("base"), picks=opt_name("picks"))
    @app_commands.describe(card=opt_desc("card"), target=opt_desc("su_target"), target2=opt_desc("su_target2"),
                           base=opt_desc("base"), picks=opt_desc("picks"))
    @app_commands.autocomplete(card=_smashup_autocomplete(_legal("play_special", "card")), target=_pick_autocomplete(),
                               target2=_pick_autocomplete(second=True),
                               base=_smashup_autocomplete(_legal("play_special", "base", of_card="card")),
                               picks=_picks_autocomplete())
    async def special(self, interaction: discord.Interaction, card: str, target: str | None = None,
                      target2: str | None = None, base: str | None = None, picks: str | None = None) -> None:
        await self.move(interaction, "special", main=card, target=target, target2=target2, base=base, picks=picks)

    @app_commands.command(name=cmd_name("su_discard"), description=cmd_desc("su_discard"))
    @app_commands.guild_only()
    @app_commands.rename(cards=opt_name("cards"))
    @app_commands.describe(cards=opt_desc("cards"))
    @app_commands.autocomplete(cards=_discard_autocomplete())
    async def discard(self, interaction: discord.Interaction, cards: str) -> None:
        await self.move(interaction, "discard", main=cards)


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(SmashUp(bot))
