"""Every move as a slash command. Card options autocomplete from the player's own cards only; the
command words and argument handling are table.commands', shared with the console table."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import channel_key, guild_key, lang_of, namer_for, perform, reply, reply_error
from cogs.texts import choice, cmd_desc, cmd_name, opt_desc, opt_name, ui
from engine.core.errors import IllegalAction
from table.commands import build_action
from table.errors import TableError
from table.render import option_label, private_view
from table.text_match import fold

if TYPE_CHECKING:
    from bot import Spielleiter

Choice = app_commands.Choice
MAX_CHOICES = 25
SIDE_CHOICES = [choice("players", "players"), choice("monsters", "monsters")]


# ---------------------------------------------------------------------- autocomplete
async def _game_state(interaction: discord.Interaction) -> tuple[Any, Any, str, str] | None:
    """The channel's game, its state, the user's language and the seat they play (stand-ins included)."""
    bot: Spielleiter = interaction.client  # type: ignore[assignment]
    try:
        record, state = await bot.table.seated(guild_key(interaction), channel_key(interaction))
    except (TableError, IllegalAction):
        return None
    me = await bot.table.player_for(record.id, str(interaction.user.id))
    return record, state, lang_of(interaction, bot.settings.default_language), me


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
            for c in _choices(state, lang, left, last.strip())]


def _choices(state: Any, lang: str, uids: Iterable[str], current: str) -> list[Choice[str]]:
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


def card_autocomplete(pick: Callable[[Any, str], Iterable[str]], game: str = "munchkin"):
    """Suggestions among the cards ``pick`` names for the user's seat, in a game of that kind only."""
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        seated = await seat_in(interaction, game)
        if seated is None:
            return []
        state, lang, me = seated
        return _choices(state, lang, pick(state, me), current)

    return complete


def _hand(state: Any, me: str) -> list[str]:
    player = state.player(me)
    return [*player.hand, *(i.uid for i in player.items if state.card(i.uid).kind == "oneshot")]


def _hand_monsters(state: Any, me: str) -> list[str]:
    return [u for u in state.player(me).hand if state.card(u).kind == "monster"]


def _items(state: Any, me: str) -> list[str]:
    return [i.uid for i in state.player(me).items]


def _in_play(state: Any, me: str) -> list[str]:
    from engine.munchkin.character import owned_in_play

    return owned_in_play(state.player(me))


def _combat_monsters(state: Any, me: str) -> list[str]:
    return [m.uid for m in state.combat.monsters] if state.combat else []


async def player_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    found = await _game_state(interaction)
    if found is None:
        return []
    _, state, _, _ = found
    wanted = fold(current)
    return [Choice(name=p.name[:100], value=p.id) for p in state.players if wanted in fold(p.name)][:MAX_CHOICES]


def cards_autocomplete(pick: Callable[[Any, str], Iterable[str]], game: str = "munchkin"):
    """Several cards, comma separated: suggestions complete the last one."""
    async def complete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
        seated = await seat_in(interaction, game)
        if seated is None:
            return []
        state, lang, me = seated
        return comma_choices(state, lang, pick(state, me), current)

    return complete


def _sellable(state: Any, me: str) -> list[str]:
    return [u for u in [*state.player(me).hand, *_items(state, me)] if state.card(u).value > 0]


def _own(state: Any, me: str) -> list[str]:
    from engine.munchkin.character import owned_in_play

    return [*state.player(me).hand, *owned_in_play(state.player(me))]


def _ability_cards(state: Any, me: str) -> list[str]:
    from engine.munchkin.character import owned_in_play

    return [u for u in owned_in_play(state.player(me)) if state.card(u).abilities]


def _followers(state: Any, me: str) -> list[str]:
    return list(state.player(me).followers)


def _level_cards(state: Any, me: str) -> list[str]:
    return [u for u in state.player(me).hand if state.card(u).kind == "level_up"]


sell_autocomplete = cards_autocomplete(_sellable)
ABILITY_CHOICES = [choice(name, name) for name in ("berserk", "turning", "flight", "charm", "backstab", "battle_roll")]


async def decision_autocomplete(interaction: discord.Interaction, current: str) -> list[Choice[str]]:
    found = await _game_state(interaction)
    if found is None:
        return []
    record, state, lang, me = found
    bot: Spielleiter = interaction.client  # type: ignore[assignment]
    namer = await namer_for(bot, record.id, lang, state)
    wanted = fold(current)
    out = []
    if state.game == "smashup":
        from engine.smashup.choices import HANDLERS
        from table.smashup_render import option_label as su_label

        label_of, owed = su_label, [d for d in state.decisions if d.player == me and d.kind in HANDLERS]
    else:
        label_of, owed = option_label, [d for d in state.decisions if d.player == me]
    for decision in owed:
        for option in decision.options:
            label = label_of(option, namer)
            if wanted in fold(label):
                out.append(Choice(name=label[:100], value=f"{decision.id}:{option}"[:100]))
    return out[:MAX_CHOICES]


# ---------------------------------------------------------------------- the cog
class Play(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    async def move(self, interaction: discord.Interaction, command: str, **args: Any) -> None:
        clean = {k: v for k, v in args.items() if v not in (None, "", False)}
        await perform(self.bot, interaction, lambda state, me: build_action(state, me, command, clean))

    @app_commands.command(name=cmd_name("door"), description=cmd_desc("door"))
    @app_commands.rename(resurrect=opt_name("resurrect"))
    @app_commands.describe(resurrect=opt_desc("resurrect"))
    @app_commands.autocomplete(resurrect=card_autocomplete(_hand))
    async def door(self, interaction: discord.Interaction, resurrect: str | None = None) -> None:
        await self.move(interaction, "door", with_card=resurrect)

    @app_commands.command(name=cmd_name("trouble"), description=cmd_desc("trouble"))
    @app_commands.rename(monster=opt_name("monster"))
    @app_commands.describe(monster=opt_desc("monster"))
    @app_commands.autocomplete(monster=card_autocomplete(_hand_monsters))
    async def trouble(self, interaction: discord.Interaction, monster: str) -> None:
        await self.move(interaction, "trouble", main=monster)

    @app_commands.command(name=cmd_name("loot"), description=cmd_desc("loot"))
    async def loot(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "loot")

    @app_commands.command(name=cmd_name("endturn"), description=cmd_desc("endturn"))
    async def endturn(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "end")

    @app_commands.command(name=cmd_name("play"), description=cmd_desc("play"))
    @app_commands.rename(card=opt_name("card"), target=opt_name("target"), monster=opt_name("monster"),
                         side=opt_name("side"), with_card=opt_name("with_card"), item=opt_name("item"))
    @app_commands.describe(card=opt_desc("card"), target=opt_desc("target"), monster=opt_desc("monster"),
                           side=opt_desc("side"), with_card=opt_desc("with_card"), item=opt_desc("item"))
    @app_commands.choices(side=SIDE_CHOICES)
    @app_commands.autocomplete(card=card_autocomplete(_hand), target=player_autocomplete,
                               monster=card_autocomplete(_combat_monsters),
                               with_card=card_autocomplete(_hand_monsters), item=card_autocomplete(_items))
    async def play(self, interaction: discord.Interaction, card: str, target: str | None = None,
                   monster: str | None = None, side: str | None = None, with_card: str | None = None,
                   item: str | None = None) -> None:
        await perform(self.bot, interaction, lambda state, me: _play_action(state, me, card, target, monster, side,
                                                                             with_card, item))

    @app_commands.command(name=cmd_name("equip"), description=cmd_desc("equip"))
    @app_commands.rename(item=opt_name("item"))
    @app_commands.describe(item=opt_desc("item"))
    @app_commands.autocomplete(item=card_autocomplete(_items))
    async def equip(self, interaction: discord.Interaction, item: str) -> None:
        await self.move(interaction, "equip", main=item)

    @app_commands.command(name=cmd_name("backpack"), description=cmd_desc("backpack"))
    @app_commands.rename(item=opt_name("item"))
    @app_commands.describe(item=opt_desc("item"))
    @app_commands.autocomplete(item=card_autocomplete(_items))
    async def backpack(self, interaction: discord.Interaction, item: str) -> None:
        await self.move(interaction, "backpack", main=item)

    @app_commands.command(name=cmd_name("discard"), description=cmd_desc("discard"))
    @app_commands.rename(card=opt_name("card"))
    @app_commands.describe(card=opt_desc("card"))
    @app_commands.autocomplete(card=card_autocomplete(_in_play))
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self.move(interaction, "discard", main=card)

    @app_commands.command(name=cmd_name("sell"), description=cmd_desc("sell"))
    @app_commands.rename(cards=opt_name("cards"))
    @app_commands.describe(cards=opt_desc("cards"))
    @app_commands.autocomplete(cards=sell_autocomplete)
    async def sell(self, interaction: discord.Interaction, cards: str) -> None:
        await self.move(interaction, "sell", main=cards)

    @app_commands.command(name=cmd_name("trade"), description=cmd_desc("trade"))
    @app_commands.rename(player=opt_name("player"), give=opt_name("give"), want=opt_name("want"))
    @app_commands.describe(player=opt_desc("player"), give=opt_desc("give"), want=opt_desc("want"))
    @app_commands.autocomplete(player=player_autocomplete, give=card_autocomplete(_items))
    async def trade(self, interaction: discord.Interaction, player: str, give: str | None = None,
                    want: str | None = None) -> None:
        await self.move(interaction, "trade", main=player, give=give, want=want)

    @app_commands.command(name=cmd_name("ask"), description=cmd_desc("ask"))
    @app_commands.rename(player=opt_name("player"), treasures=opt_name("treasures"), first=opt_name("first"),
                         give=opt_name("give"))
    @app_commands.describe(player=opt_desc("player"), treasures=opt_desc("treasures"), first=opt_desc("first"),
                           give=opt_desc("give"))
    @app_commands.autocomplete(player=player_autocomplete, give=card_autocomplete(_items))
    async def ask(self, interaction: discord.Interaction, player: str, treasures: app_commands.Range[int, 0, 20] = 0,
                  first: bool = False, give: str | None = None) -> None:
        await self.move(interaction, "ask", main=player, treasures=treasures, first=first, give=give)

    @app_commands.command(name=cmd_name("offer"), description=cmd_desc("offer"))
    @app_commands.rename(treasures=opt_name("treasures"), first=opt_name("first"))
    @app_commands.describe(treasures=opt_desc("treasures"), first=opt_desc("first"))
    async def offer(self, interaction: discord.Interaction, treasures: app_commands.Range[int, 0, 20] = 0,
                    first: bool = False) -> None:
        await self.move(interaction, "offer", treasures=treasures, first=first)

    @app_commands.command(name=cmd_name("pass"), description=cmd_desc("pass"))
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "pass")

    @app_commands.command(name=cmd_name("run"), description=cmd_desc("run"))
    @app_commands.rename(monster=opt_name("monster"))
    @app_commands.describe(monster=opt_desc("monster"))
    @app_commands.autocomplete(monster=card_autocomplete(_combat_monsters))
    async def run(self, interaction: discord.Interaction, monster: str | None = None) -> None:
        await self.move(interaction, "run", main=monster)

    @app_commands.command(name=cmd_name("decide"), description=cmd_desc("decide"))
    @app_commands.rename(option=opt_name("option"))
    @app_commands.describe(option=opt_desc("option"))
    @app_commands.autocomplete(option=decision_autocomplete)
    async def decide(self, interaction: discord.Interaction, option: str) -> None:
        from engine.munchkin import actions as A

        def build(state: Any, me: str) -> Any:
            number, _, value = option.partition(":")
            if not number.isdigit():
                return build_action(state, me, "choose", {"main": option})
            if state.game == "smashup":
                from engine.smashup.actions import Choose

                return Choose(actor=me, decision=int(number), option=value)
            return A.Decide(actor=me, decision=int(number), option=value)

        await perform(self.bot, interaction, build)

    @app_commands.command(name=cmd_name("accept"), description=cmd_desc("accept"))
    async def accept(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "accept")

    @app_commands.command(name=cmd_name("decline"), description=cmd_desc("decline"))
    async def decline(self, interaction: discord.Interaction) -> None:
        await self.move(interaction, "decline")

    @app_commands.command(name=cmd_name("ability"), description=cmd_desc("ability"))
    @app_commands.rename(card=opt_name("ability_card"), ability=opt_name("ability"), cards=opt_name("fuel"),
                         target=opt_name("target"))
    @app_commands.describe(card=opt_desc("ability_card"), ability=opt_desc("ability"), cards=opt_desc("fuel"),
                           target=opt_desc("target"))
    @app_commands.choices(ability=ABILITY_CHOICES)
    @app_commands.autocomplete(card=card_autocomplete(_ability_cards), cards=cards_autocomplete(_own),
                               target=player_autocomplete)
    async def ability(self, interaction: discord.Interaction, card: str, ability: str | None = None,
                      cards: str | None = None, target: str | None = None) -> None:
        await self.move(interaction, "ability", main=card, ability=ability, with_card=cards, target_player=target)

    @app_commands.command(name=cmd_name("sacrifice"), description=cmd_desc("sacrifice"))
    @app_commands.rename(follower=opt_name("follower"), alone=opt_name("alone"))
    @app_commands.describe(follower=opt_desc("follower"), alone=opt_desc("alone"))
    @app_commands.autocomplete(follower=card_autocomplete(_followers))
    async def sacrifice(self, interaction: discord.Interaction, follower: str, alone: bool = False) -> None:
        await self.move(interaction, "sacrifice", main=follower, alone=alone)

    @app_commands.command(name=cmd_name("claim"), description=cmd_desc("claim"))
    @app_commands.rename(card=opt_name("level_card"))
    @app_commands.describe(card=opt_desc("level_card"))
    @app_commands.autocomplete(card=card_autocomplete(_level_cards))
    async def claim(self, interaction: discord.Interaction, card: str) -> None:
        await self.move(interaction, "claim", main=card)

    @app_commands.command(name=cmd_name("hand"), description=cmd_desc("hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        """Private, anywhere: this channel's game, or in a DM every game the player sits in."""
        lang = lang_of(interaction, self.bot.settings.default_language)
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
                from cogs.publisher import private_view_components

                embed = discord.Embed(title=ui(lang, "your_hand_title", channel=f"#{game.channel_id}"),
                                      description="\n".join(private_view(state, seat, namer))[:4000])
                from table.service import ActResult

                view = private_view_components(ActResult(game.id, game.channel_id, game.version, state), seat, namer)
                shown.append((embed, view))
            if not shown:
                raise TableError("not_seated" if record else "no_game")
        except (TableError, IllegalAction) as exc:
            await reply_error(interaction, exc, lang)
            return
        for embed, view in shown[:5]:
            await reply(interaction, embed=embed, view=view, ephemeral=True)
        await self.bot.publisher.tell_if_dms_closed(interaction, records[0].id, lang)


def _play_action(state: Any, me: str, card: str, target: str | None, monster: str | None, side: str | None,
                 with_card: str | None, item: str | None):
    args = {"main": card, "target_player": target, "monster": monster, "side": side, "with_card": with_card}
    action = build_action(state, me, "play", {k: v for k, v in args.items() if v})
    if item:
        action = action.model_copy(update={"target_item": item})
    return action


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(Play(bot))
