"""Munchkin's own moves as slash commands, /munchkin … (the ones both games share are in cogs.play).
Card options autocomplete from the player's own cards only; the words and argument handling are
table.munchkin.commands', shared with the console table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import perform
from cogs.play import Complete, Pick, build_move, card_autocomplete, cards_autocomplete, players_autocomplete
from cogs.texts import choice, cmd_desc, cmd_name, opt_desc, opt_name, raw_option
from engine.munchkin.character import owned_in_play
from table.suggestions import any_legal, legal_answers, legal_moves, legal_values

if TYPE_CHECKING:
    from cogs.client import Spielleiter

GAME = "munchkin"
SIDE_CHOICES = [choice("players", "players"), choice("monsters", "monsters")]


# ---------------------------------------------------------------------- autocomplete
# Each option suggests what the rules' legal moves of the player allow now, given the options filled
# in before it (the card played, the trade's partner): a card that cannot be played now, an item that
# cannot be sold, oneself as a partner are not offered.
def _named(namespace: Any, state: Any, option: str) -> str | None:
    """The card or player an earlier option names, if it names one of this game (else: any)."""
    value = getattr(namespace, raw_option(option), None)
    return value if value in state.card_ids or state.has_player(value or "") else None


def _legal(kind: str, field: str, **after: str) -> Pick:
    """The values of a move's field the legal moves hold, for the values of the options in ``after``
    (move field -> option key) as far as they are filled in."""
    def pick(state: Any, me: str, namespace: Any) -> list[str]:
        fixed = {f: _named(namespace, state, option) for f, option in after.items()}
        return legal_values(legal_moves(state, me), kind, field, **fixed)

    return pick


def _resurrect(state: Any, me: str, namespace: Any) -> list[str]:
    """A priest may pay with any hand card once the resurrection is legal (the rules list one form)."""
    return list(state.player(me).hand) if legal_values(legal_moves(state, me), "kick_door", "resurrect_with") else []


def _sellable(state: Any, me: str, namespace: Any) -> list[str]:
    """While a sale is legal: the player's priced items and one-shots not traded this turn (the rules
    list the smallest sales of the dearest ten; any of these may make up a sale with others)."""
    if not any_legal(legal_moves(state, me), "sell"):
        return []
    player = state.player(me)
    own = [*player.hand, *(i.uid for i in player.items)]
    return [u for u in own if state.card(u).kind in ("item", "oneshot") and state.card(u).value > 0
            and u not in player.traded]


def _bribe_items(state: Any, me: str, namespace: Any) -> list[str]:
    """The fighter's items in play, while asking for help is legal (the rules list the asks unbribed)."""
    return [i.uid for i in state.player(me).items] if any_legal(legal_moves(state, me), "ask_help") else []


def _fuel(state: Any, me: str, namespace: Any) -> list[str]:
    """Cards to discard for an ability, while the ability card named (or any) may be used."""
    if not any_legal(legal_moves(state, me), "use_ability", card=_named(namespace, state, "ability_card")):
        return []
    return [*state.player(me).hand, *owned_in_play(state.player(me))]


def _pursuers(state: Any, me: str, namespace: Any) -> list[str]:
    """The monsters the player may run from now (the run-away decision's legal answers)."""
    allowed = legal_answers(legal_moves(state, me))
    return [option for d in state.decisions if d.player == me and d.kind == "run_away" for option in d.options
            if (d.id, option) in allowed]


def _legal_equip(in_use: bool) -> Pick:
    """Items the player may put in use (True) or in the backpack (False) now."""
    def pick(state: Any, me: str, namespace: Any) -> list[str]:
        return legal_values(legal_moves(state, me), "equip", "card", in_use=in_use)

    return pick


def _partner_items(state: Any, me: str, namespace: Any) -> list[str]:
    """The items a trade may ask of the partner named in the command (none before one is named)."""
    partner = _named(namespace, state, "player")
    return legal_values(legal_moves(state, me), "offer_trade", "want", to=partner) if partner else []


def _cards(pick: Pick) -> Complete:
    """One card that ``pick`` names, in a Munchkin game."""
    return card_autocomplete(pick, GAME)


def _players(pick: Pick) -> Complete:
    return players_autocomplete(pick, GAME)


sell_autocomplete = cards_autocomplete(_sellable, GAME)
ABILITY_CHOICES = [choice(name, name) for name in ("berserk", "turning", "flight", "charm", "backstab", "battle_roll",
                                                   "steal", "resurrection")]


# ---------------------------------------------------------------------- the cog
class Munchkin(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    async def move(self, interaction: discord.Interaction, command: str, **args: Any) -> None:
        clean = {k: v for k, v in args.items() if v not in (None, "", False)}
        await perform(self.bot, interaction, lambda state, me: build_move(state, me, command, clean))

    @app_commands.command(name=cmd_name("door"), description=cmd_desc("door"))
    @app_commands.guild_only()
    @app_commands.rename(resurrect=opt_name("resurrect"))
    @app_commands.describe(resurrect=opt_desc("resurrect"))
    @app_commands.autocomplete(resurrect=_cards(_resurrect))
    async def door(self, interaction: discord.Interaction, resurrect: str | None = None) -> None:
        await self.move(interaction, "door", with_card=resurrect)

    @app_commands.command(name=cmd_name("trouble"), description=cmd_desc("trouble"))
    @app_commands.guild_only()
    @app_commands.rename(monster=opt_name("monster"))
    @app_commands.describe(monster=opt_desc("monster"))
    @app_commands.autocomplete(monster=_cards(_legal("look_for_trouble", "card")))
    async def trouble(self, interaction: discord.Interaction, monster: str) -> None:
        await self.move(interaction, "trouble", main=monster)

    @app_commands.command(name=cmd_name("loot"), description=cmd_desc("loot"))
    @app_commands.guild_only()
    async def loot(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "loot")

    @app_commands.command(name=cmd_name("play"), description=cmd_desc("play"))
    @app_commands.guild_only()
    @app_commands.rename(card=opt_name("card"), target=opt_name("target"), monster=opt_name("monster"),
                         side=opt_name("side"), with_card=opt_name("with_card"), item=opt_name("item"))
    @app_commands.describe(card=opt_desc("card"), target=opt_desc("target"), monster=opt_desc("monster"),
                           side=opt_desc("side"), with_card=opt_desc("with_card"), item=opt_desc("item"))
    @app_commands.choices(side=SIDE_CHOICES)
    @app_commands.autocomplete(card=_cards(_legal("play_card", "card")),
                               target=_players(_legal("play_card", "target_player", card="card")),
                               monster=_cards(_legal("play_card", "target_monster", card="card")),
                               with_card=_cards(_legal("play_card", "with_card", card="card")),
                               item=_cards(_legal("play_card", "target_item", card="card")))
    async def play(self, interaction: discord.Interaction, card: str, target: str | None = None,
                   monster: str | None = None, side: str | None = None, with_card: str | None = None,
                   item: str | None = None) -> None:
        await perform(self.bot, interaction, lambda state, me: _play_action(state, me, card, target, monster, side,
                                                                             with_card, item))

    @app_commands.command(name=cmd_name("equip"), description=cmd_desc("equip"))
    @app_commands.guild_only()
    @app_commands.rename(item=opt_name("item"))
    @app_commands.describe(item=opt_desc("item"))
    @app_commands.autocomplete(item=_cards(_legal_equip(True)))
    async def equip(self, interaction: discord.Interaction, item: str) -> None:
        await self.move(interaction, "equip", main=item)

    @app_commands.command(name=cmd_name("backpack"), description=cmd_desc("backpack"))
    @app_commands.guild_only()
    @app_commands.rename(item=opt_name("item"))
    @app_commands.describe(item=opt_desc("item"))
    @app_commands.autocomplete(item=_cards(_legal_equip(False)))
    async def backpack(self, interaction: discord.Interaction, item: str) -> None:
        await self.move(interaction, "backpack", main=item)

    @app_commands.command(name=cmd_name("sell"), description=cmd_desc("sell"))
    @app_commands.guild_only()
    @app_commands.rename(cards=opt_name("cards"))
    @app_commands.describe(cards=opt_desc("cards"))
    @app_commands.autocomplete(cards=sell_autocomplete)
    async def sell(self, interaction: discord.Interaction, cards: str) -> None:
        await self.move(interaction, "sell", main=cards)

    @app_commands.command(name=cmd_name("trade"), description=cmd_desc("trade"))
    @app_commands.guild_only()
    @app_commands.rename(player=opt_name("player"), give=opt_name("give"), want=opt_name("want"))
    @app_commands.describe(player=opt_desc("player"), give=opt_desc("give"), want=opt_desc("want"))
    @app_commands.autocomplete(player=_players(_legal("offer_trade", "to")),
                               give=cards_autocomplete(_legal("offer_trade", "give", to="player"), GAME),
                               want=cards_autocomplete(_partner_items, GAME))
    async def trade(self, interaction: discord.Interaction, player: str, give: str | None = None,
                    want: str | None = None) -> None:
        await self.move(interaction, "trade", main=player, give=give, want=want)

    @app_commands.command(name=cmd_name("ask"), description=cmd_desc("ask"))
    @app_commands.guild_only()
    @app_commands.rename(player=opt_name("player"), treasures=opt_name("treasures"), first=opt_name("first"),
                         give=opt_name("give"))
    @app_commands.describe(player=opt_desc("player"), treasures=opt_desc("treasures"), first=opt_desc("first"),
                           give=opt_desc("give"))
    @app_commands.autocomplete(player=_players(_legal("ask_help", "helper")),
                               give=cards_autocomplete(_bribe_items, GAME))
    async def ask(self, interaction: discord.Interaction, player: str, treasures: app_commands.Range[int, 0, 20] = 0,
                  first: bool = False, give: str | None = None) -> None:
        await self.move(interaction, "ask", main=player, treasures=treasures, first=first, give=give)

    @app_commands.command(name=cmd_name("offer"), description=cmd_desc("offer"))
    @app_commands.guild_only()
    @app_commands.rename(treasures=opt_name("treasures"), first=opt_name("first"))
    @app_commands.describe(treasures=opt_desc("treasures"), first=opt_desc("first"))
    async def offer(self, interaction: discord.Interaction, treasures: app_commands.Range[int, 0, 20] = 0,
                    first: bool = False) -> None:
        await self.move(interaction, "offer", treasures=treasures, first=first)

    @app_commands.command(name=cmd_name("run"), description=cmd_desc("run"))
    @app_commands.guild_only()
    @app_commands.rename(monster=opt_name("monster"))
    @app_commands.describe(monster=opt_desc("monster"))
    @app_commands.autocomplete(monster=_cards(_pursuers))
    async def run(self, interaction: discord.Interaction, monster: str | None = None) -> None:
        await self.move(interaction, "run", main=monster)

    @app_commands.command(name=cmd_name("accept"), description=cmd_desc("accept"))
    @app_commands.guild_only()
    async def accept(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "accept")

    @app_commands.command(name=cmd_name("decline"), description=cmd_desc("decline"))
    @app_commands.guild_only()
    async def decline(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "decline")

    @app_commands.command(name=cmd_name("ability"), description=cmd_desc("ability"))
    @app_commands.guild_only()
    @app_commands.rename(card=opt_name("ability_card"), ability=opt_name("ability"), cards=opt_name("fuel"),
                         target=opt_name("target"))
    @app_commands.describe(card=opt_desc("ability_card"), ability=opt_desc("ability"), cards=opt_desc("fuel"),
                           target=opt_desc("target"))
    @app_commands.choices(ability=ABILITY_CHOICES)
    @app_commands.autocomplete(card=_cards(_legal("use_ability", "card")), cards=cards_autocomplete(_fuel, GAME),
                               target=_players(_legal("use_ability", "target_player", card="ability_card")))
    async def ability(self, interaction: discord.Interaction, card: str, ability: str | None = None,
                      cards: str | None = None, target: str | None = None) -> None:
        await self.move(interaction, "ability", main=card, ability=ability, with_card=cards, target_player=target)

    @app_commands.command(name=cmd_name("sacrifice"), description=cmd_desc("sacrifice"))
    @app_commands.guild_only()
    @app_commands.rename(follower=opt_name("follower"), alone=opt_name("alone"))
    @app_commands.describe(follower=opt_desc("follower"), alone=opt_desc("alone"))
    @app_commands.autocomplete(follower=_cards(_legal("sacrifice", "card")))
    async def sacrifice(self, interaction: discord.Interaction, follower: str, alone: bool = False) -> None:
        await self.move(interaction, "sacrifice", main=follower, alone=alone)

    @app_commands.command(name=cmd_name("claim"), description=cmd_desc("claim"))
    @app_commands.guild_only()
    @app_commands.rename(card=opt_name("level_card"))
    @app_commands.describe(card=opt_desc("level_card"))
    @app_commands.autocomplete(card=_cards(_legal("claim", "card")))
    async def claim(self, interaction: discord.Interaction, card: str) -> None:
        await self.move(interaction, "claim", main=card)


def _play_action(state: Any, me: str, card: str, target: str | None, monster: str | None, side: str | None,
                 with_card: str | None, item: str | None):
    args = {"main": card, "target_player": target, "monster": monster, "side": side, "with_card": with_card}
    action = build_move(state, me, "play", {k: v for k, v in args.items() if v})
    if item:
        action = action.model_copy(update={"target_item": item})
    return action


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(Munchkin(bot))
