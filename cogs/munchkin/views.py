"""Embeds and the buttons and select menus under the bot's messages.

Every component's custom id carries the game and the prompt it was drawn for (the reaction window's
id, the decision's id), so the buttons keep working after a restart (dynamic items are registered
at start-up) and a click on an old one is answered with "this prompt is out of date".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

import discord

from cogs.frontend import HandPlays, TableMessage
from cogs.limits import BUTTON_LABEL, BUTTON_OPTIONS, CUSTOM_ID, clip
from cogs.live import LiveTable
from cogs.paging import open_menu, page_of, page_start
from cogs.spectate import RematchButton
from cogs.texts import ui
from engine.munchkin import actions as A
from engine.munchkin.rules import legal_actions
from table.i18n import word
from table.munchkin.render import combat_view, option_label, public_view
from table.render import Namer
from table.service import ActResult

if TYPE_CHECKING:
    from cogs.client import Spielleiter

COLOR = discord.Colour.dark_gold()


# ---------------------------------------------------------------------- embeds
def table_embed(state: Any, namer: Namer) -> discord.Embed:
    embed = discord.Embed(title=ui(namer.lang, "table_title"), colour=COLOR)
    embed.description = "\n".join(public_view(state, namer))[:4000]
    return embed


def combat_embed(state: Any, namer: Namer) -> discord.Embed:
    embed = discord.Embed(title=ui(namer.lang, "combat_title"), colour=discord.Colour.red())
    lines = combat_view(state, namer)
    combat = state.combat
    if combat.stage == "fight":
        waiting = [namer.player(p.id) for p in state.players if p.id not in combat.passed]
        lines = [lines[0], ui(namer.lang, "window_waiting", players=", ".join(waiting))]
    embed.description = "\n".join(lines)
    embed.set_image(url="attachment://combat.png")      # the combat's picture, sent with the message
    return embed


def table_message(bot: Spielleiter, result: ActResult, namer: Namer) -> TableMessage:
    """The public message for one result: the log lines, the combat, and the buttons that fit."""
    from cogs.base import clip, public_lines

    state = result.state
    content = clip("\n".join(public_lines(result, namer)) or ui(namer.lang, "done"))
    embeds: list[discord.Embed] = []
    view = discord.ui.View(timeout=None)
    if state.phase != "over" and state.combat is not None:
        embeds.append(combat_embed(state, namer))
        if state.combat.stage == "fight":
            view.add_item(PassButton(result.game_id, state.combat.window, namer.lang))
            view.add_item(PlayButton(result.game_id, state.combat.window, namer.lang))
    if state.phase != "over":
        for decision in state.decisions[:3]:
            view.add_item(decision_button(result.game_id, decision, namer))
    else:
        view.add_item(RematchButton(result.game_id, namer.lang))
    return content, embeds, view


# ---------------------------------------------------------------------- the live table message
TURN_MOVES = ("door", "loot", "trouble", "help", "run", "end")     # in the order the buttons show them


def _turn_matches(move: str, action: Any, state: Any) -> str | None:
    """The key of ``action`` among the moves of a turn button (None: not one of its moves): a door, a
    loot and an end turn have one form; looking for trouble is keyed by the monster, asking for help by
    the helper (asked without a bribe: a bribe takes /munchkin hilfe_bitten), running by the monster."""
    if move == "door" and isinstance(action, A.KickDoor) and not action.resurrect_with:
        return "-"
    if move == "loot" and isinstance(action, A.LootRoom):
        return "-"
    if move == "end" and isinstance(action, A.EndTurn):
        return "-"
    if move == "trouble" and isinstance(action, A.LookForTrouble):
        return action.card
    if move == "help" and isinstance(action, A.AskHelp) and not action.items and not action.treasures \
            and not action.helper_first:
        return action.helper
    if move == "run" and isinstance(action, A.Decide):
        decision = state.decision(action.decision)
        if decision is not None and decision.kind == "run_away":
            return action.option
    return None


def turn_options(state: Any, player_id: str, move: str) -> dict[str, Any]:
    """The player's legal moves of one turn button, by their key."""
    found: dict[str, Any] = {}
    for action in legal_actions(state, player_id):
        key = _turn_matches(move, action, state)
        if key is not None and key not in found:
            found[key] = action
    return found


def live_table(result: ActResult, namer: Namer) -> LiveTable:
    """Whose turn and the phase, the table, the fight, and the buttons legal now: the turn's steps of
    the player whose turn it is, the fight's Pass and Play, the open decisions."""
    state, game_id, lang = result.state, result.game_id, namer.lang
    if state.phase == "over":         # (everybody may have left: then there is no table to show)
        body = public_view(state, namer)[:len(state.players)] if 0 <= state.active < len(state.players) else []
        return LiveTable(ui(lang, "live_over", game=game_id), body, buttons=[RematchButton(game_id, lang)])
    active = state.active_player.id
    phase = "combat" if state.combat is not None else state.phase    # a fight is what the turn is about now
    heading = ui(lang, "live_turn", game=game_id, player=namer.player(active), phase=ui(lang, f"live_phase_{phase}"))
    buttons: list[discord.ui.Item] = []
    fight: list[str] = []
    if state.combat is not None:
        fight = combat_embed(state, namer).description.splitlines()
        if state.combat.stage == "fight":
            buttons += [PassButton(game_id, state.combat.window, lang), PlayButton(game_id, state.combat.window, lang)]
    for move in TURN_MOVES:
        if move == "run":
            shown = any(d.kind == "run_away" for d in state.decisions)
        else:
            shown = bool(turn_options(state, active, move))
        if shown:
            buttons.append(TurnButton(game_id, move, lang))
    for decision in state.decisions[:3]:
        if decision.kind != "run_away":
            buttons.append(decision_button(game_id, decision, namer))
    # the table's lines: each player, then the open decisions (whose move and the fight the heading
    # and the fight's own lines say already)
    lines = public_view(state, namer)
    body = lines[:len(state.players)] + (lines[-len(state.decisions):] if state.decisions else [])
    return LiveTable(heading, body, fight, buttons)


class TurnButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:turn:(?P<game>\d+):(?P<move>[a-z]+)"):
    """A step of the turn on the table message (kick the door, loot, look for trouble, ask for help,
    run away, end the turn). A move of one form is made at once; one with a choice (which monster,
    whom to ask) opens a private menu. Anyone else's click is refused privately and changes nothing."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "door": discord.ButtonStyle.primary, "end": discord.ButtonStyle.secondary, "run": discord.ButtonStyle.danger}

    def __init__(self, game_id: int, move: str, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, f"turn_{move}"),
                                           style=self.STYLES.get(move, discord.ButtonStyle.success),
                                           custom_id=f"sl:turn:{game_id}:{move}"))
        self.game_id, self.move = game_id, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> TurnButton:
        return cls(int(match["game"]), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await take_turn_step(interaction, self.game_id, self.move)


def _turn_step(move: str, key: str | None):
    """The move a turn button (and its menu's pick ``key``) makes for the clicker, in the state the
    table applies it to; refused when it is not theirs or no longer legal."""
    from engine.core.errors import IllegalAction

    def build(state: Any, me: str) -> A.Action:
        options = turn_options(state, me, move)
        if key is None and len(options) == 1:
            return next(iter(options.values()))
        if key is not None and key in options:
            return options[key]
        if move == "run":
            owner = next((d.player for d in state.decisions if d.kind == "run_away"), None)
            if owner is not None and owner != me:
                raise IllegalAction("not_your_decision", player=owner)
        if state.active_player.id != me and move != "run":
            raise IllegalAction("not_your_turn", active=state.active_player.id)
        raise IllegalAction("stale_prompt")

    return build


async def take_turn_step(interaction: discord.Interaction, game_id: int, move: str) -> None:
    from cogs.base import perform

    def options_for(state: Any, me: str, namer: Namer) -> list[tuple[str, str]]:
        options = turn_options(state, me, move)
        if len(options) <= 1:
            _turn_step(move, None)(state, me)          # refuses what is not the clicker's to do
            return []
        label = namer.player if move == "help" else namer.card
        return [(label(key), key) for key in options]

    bot = await _bot(interaction)
    record = await bot.table.store.get_game(game_id, with_state=False)
    if record is not None and record.status == "active":
        _, state = await bot.table.state_of(record)
        me = await bot.table.player_for(game_id, str(interaction.user.id))
        if state.has_player(me) and len(turn_options(state, me, move)) > 1:
            await open_menu(interaction, game_id, options_for,
                            lambda options, lang: TurnChoice(game_id, move, options, lang),
                            "choose_target" if move == "help" else "choose_card")
            return
    await perform(bot, interaction, _turn_step(move, None), game_id=game_id)


class TurnChoice(discord.ui.DynamicItem[discord.ui.Select], template=r"sl:turnsel:(?P<game>\d+):(?P<move>[a-z]+)"):
    """The private menu of a turn button with a choice: which monster, whom to ask."""

    def __init__(self, game_id: int, move: str, options: list[tuple[str, str]] | None = None,
                 lang: str = "de") -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"sl:turnsel:{game_id}:{move}", placeholder=ui(lang, "choose_option"),
            options=[discord.SelectOption(label=label[:100], value=value)
                     for label, value in (options or [("-", "-")])])
        super().__init__(select)
        self.game_id, self.move = game_id, move

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> TurnChoice:
        return cls(int(match["game"]), match["move"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.base import perform

        value = self.item.values[0]
        if page_start(value) is not None:
            await take_turn_step(interaction, self.game_id, self.move)
            return
        await perform(await _bot(interaction), interaction, _turn_step(self.move, value), game_id=self.game_id)


# ---------------------------------------------------------------------- play actions in select values
def encode_play(action: A.PlayCard) -> str:
    parts = [action.card]
    for key, value in (("p", action.target_player), ("m", action.target_monster), ("s", action.side),
                       ("w", action.with_card), ("i", action.target_item)):
        if value:
            parts.append(f"{key}={value}")
    return "|".join(parts)


def decode_play(value: str, actor: str) -> A.PlayCard:
    card, *rest = value.split("|")
    fields = dict(part.split("=", 1) for part in rest)
    return A.PlayCard(actor=actor, card=card, target_player=fields.get("p"), target_monster=fields.get("m"),
                      side=fields.get("s"), with_card=fields.get("w"), target_item=fields.get("i"))  # type: ignore[arg-type]


def play_label(action: A.PlayCard, namer: Namer) -> str:
    label = namer.card(action.card)
    if action.target_player:
        label += f" → {namer.player(action.target_player)}"
    if action.target_monster:
        label += f" → {namer.card(action.target_monster)}"
    if action.side:
        label += f" ({word(namer.lang, f'side_{action.side}')})"
    if action.with_card:
        label += f" + {namer.card(action.with_card)}"
    return label[:100]


async def _bot(interaction: discord.Interaction) -> Spielleiter:
    return interaction.client  # type: ignore[return-value]


def play_options(state: Any, player_id: str, namer: Namer) -> list[tuple[str, str]]:
    """The cards the player may play now, with their targets, as (label, value) (shown a page at a time)."""
    return [(play_label(a, namer), encode_play(a)) for a in legal_actions(state, player_id)
            if isinstance(a, A.PlayCard)]


def _window_of(state: Any) -> int:
    """The prompt a play menu is drawn for: the combat's reaction window, 0 outside a combat."""
    return state.combat.window if state.combat is not None else 0


# ---------------------------------------------------------------------- the reaction window
class PassButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:pass:(?P<game>\d+):(?P<window>\d+)"):
    def __init__(self, game_id: int, window: int, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, "pass_button"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"sl:pass:{game_id}:{window}"))
        self.game_id, self.window = game_id, window

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> PassButton:
        return cls(int(match["game"]), int(match["window"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.base import perform

        await perform(await _bot(interaction), interaction,
                      lambda state, me: A.Pass(actor=me, window=self.window), game_id=self.game_id)


class PlayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:play:(?P<game>\d+):(?P<window>\d+)"):
    """Opens, for the one who clicked, a menu of the cards they can play in this combat now."""

    def __init__(self, game_id: int, window: int, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, "play_button"), style=discord.ButtonStyle.primary,
                                           custom_id=f"sl:play:{game_id}:{window}"))
        self.game_id, self.window = game_id, window

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> PlayButton:
        return cls(int(match["game"]), int(match["window"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _open_plays(interaction, self.game_id, self.window, in_combat=True)


async def _open_plays(interaction: discord.Interaction, game_id: int, window: int, in_combat: bool,
                      start: int = 0) -> None:
    """The play menu of the combat's reaction window (``in_combat``: the combat's Play button), or of the
    moment the DM's menu was drawn for."""
    from engine.core.errors import IllegalAction

    def options_for(state: Any, me: str, namer: Namer) -> list[tuple[str, str]]:
        if (in_combat and state.combat is None) or _window_of(state) != window:
            raise IllegalAction("stale_prompt")
        return play_options(state, me, namer)

    await open_menu(interaction, game_id, options_for,
                    lambda options, lang: PlayChoice(game_id, window, options, lang), "choose_card", start)


class PlayChoice(discord.ui.DynamicItem[discord.ui.Select], template=r"sl:playsel:(?P<game>\d+):(?P<window>\d+)"):
    def __init__(self, game_id: int, window: int, options: list[tuple[str, str]] | None = None,
                 lang: str = "de") -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"sl:playsel:{game_id}:{window}", placeholder=ui(lang, "choose_card"),
            options=[discord.SelectOption(label=label, value=value) for label, value in (options or [("-", "-")])])
        super().__init__(select)
        self.game_id, self.window = game_id, window

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> PlayChoice:
        return cls(int(match["game"]), int(match["window"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.base import perform

        value = self.item.values[0]
        if page_start(value) is not None:
            await _open_plays(interaction, self.game_id, self.window, in_combat=False, start=page_start(value))
            return
        await perform(await _bot(interaction), interaction, lambda state, me: decode_play(value, me),
                      game_id=self.game_id)


# ---------------------------------------------------------------------- decisions
class DecisionButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:dec:(?P<game>\d+):(?P<decision>\d+)"):
    """Opens the decision's choices for the player who owes it (and tells anyone else it is not theirs)."""

    def __init__(self, game_id: int, decision: int, owner: str = "", lang: str = "de", topic: str = "") -> None:
        # "Cleo: den Handel annehmen oder ablehnen" (decision_button): two open decisions of one player
        # are told apart; rebuilt from a click's custom id it needs no label
        label = ui(lang, "owner_decides_on", player=owner, topic=topic) if owner else ui(lang, "choose_option")
        super().__init__(discord.ui.Button(label=clip(label, BUTTON_LABEL), style=discord.ButtonStyle.success,
                                           custom_id=f"sl:dec:{game_id}:{decision}"))
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> DecisionButton:
        return cls(int(match["game"]), int(match["decision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await show_decision(interaction, self.game_id, self.decision)


def decision_button(game_id: int, decision: Any, namer: Namer) -> DecisionButton:
    """The table's button of an open decision: whose it is and what it is about, in the third person."""
    labels = namer.labels()
    return DecisionButton(game_id, decision.id, labels.player(decision.player), namer.lang,
                          labels.topic(decision.kind, decision.player))


def decision_options(decision: Any, namer: Namer) -> list[tuple[str, str]]:
    return [(option_label(o, namer), o) for o in decision.options]


def decision_items(game_id: int, decision_id: int, options: list[tuple[str, str]],
                   lang: str) -> list[discord.ui.Item]:
    """What answers a decision: a button per option where there are few, else a menu of them."""
    if len(options) <= BUTTON_OPTIONS and all(fits_custom_id(game_id, decision_id, v) for _, v in options):
        return [DecisionOptionButton(game_id, decision_id, value, label) for label, value in options]
    return [DecisionChoice(game_id, decision_id, options, lang)]


async def show_decision(interaction: discord.Interaction, game_id: int, decision_id: int, start: int = 0) -> None:
    from engine.core.errors import IllegalAction

    def options_for(state: Any, me: str, namer: Namer) -> list[tuple[str, str]]:
        decision = state.decision(decision_id)
        if decision is None:
            raise IllegalAction("stale_prompt")
        if decision.player != me:
            raise IllegalAction("not_your_decision", player=decision.player)
        return decision_options(decision, namer)

    # (anyone clicking learns whose decision it is, seated or not)
    await open_menu(interaction, game_id, options_for,
                    lambda options, lang: decision_items(game_id, decision_id, options, lang), "choose_option", start,
                    seated_only=False)


class DecisionChoice(discord.ui.DynamicItem[discord.ui.Select],
                     template=r"sl:decsel:(?P<game>\d+):(?P<decision>\d+)"):
    def __init__(self, game_id: int, decision: int, options: list[tuple[str, str]] | None = None,
                 lang: str = "de") -> None:
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"sl:decsel:{game_id}:{decision}", placeholder=ui(lang, "choose_option"),
            options=[discord.SelectOption(label=label[:100], value=value)
                     for label, value in (options or [("-", "-")])])
        super().__init__(select)
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> DecisionChoice:
        return cls(int(match["game"]), int(match["decision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.base import perform

        option = self.item.values[0]
        if page_start(option) is not None:
            await show_decision(interaction, self.game_id, self.decision, page_start(option))
            return
        await perform(await _bot(interaction), interaction,
                      lambda state, me: A.Decide(actor=me, decision=self.decision, option=option),
                      game_id=self.game_id)


class DecisionOptionButton(discord.ui.DynamicItem[discord.ui.Button],
                           template=r"sl:decopt:(?P<game>\d+):(?P<decision>\d+):(?P<option>.+)"):
    """One option of a decision as its own button ("annehmen", "ablehnen", the one monster to run from)."""

    def __init__(self, game_id: int, decision: int, option: str, label: str = "") -> None:
        style = discord.ButtonStyle.danger if option == "decline" else discord.ButtonStyle.success
        super().__init__(discord.ui.Button(label=(label or option)[:80], style=style,
                                           custom_id=option_custom_id(game_id, decision, option)))
        self.game_id, self.decision, self.option = game_id, decision, option

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> DecisionOptionButton:
        return cls(int(match["game"]), int(match["decision"]), match["option"])

    async def callback(self, interaction: discord.Interaction) -> None:
        from cogs.base import perform

        await perform(await _bot(interaction), interaction,
                      lambda state, me: A.Decide(actor=me, decision=self.decision, option=self.option),
                      game_id=self.game_id)


def option_custom_id(game_id: int, decision: int, option: str) -> str:
    return f"sl:decopt:{game_id}:{decision}:{option}"


def fits_custom_id(game_id: int, decision: int, option: str) -> bool:
    return len(option_custom_id(game_id, decision, option)) <= CUSTOM_ID


def private_components(result: ActResult, player_id: str, namer: Namer) -> discord.ui.View:
    """Select menus in the DM beside the hand's cards (cogs/hand.py): one for each decision the player
    owes (Discord allows five rows, the first is the cards')."""
    namer = namer.labels()      # a menu shows its text as it is
    state = result.state
    view = discord.ui.View(timeout=None)
    for decision in [d for d in state.decisions if d.player == player_id][:4]:
        options = page_of(decision_options(decision, namer), 0, namer.lang)
        for item in decision_items(result.game_id, decision.id, options, namer.lang):
            view.add_item(item)
    return view


HAND_MENU = 0     # the hand's menu is for the hand, at any moment (older menus carried the turn: out of date)


def hand_prompt(state: Any, player_id: str = "") -> int:
    """The moment the hand's menu is drawn for: any. Munchkin's cards are played in and out of combat,
    by the player whose turn it is and by the others, so the menu lists the whole hand (HandPlays.listed)
    and a card picked is checked against the legal moves when it is picked; a menu drawn anew at every
    turn, combat or reaction window would edit every player's DM at nearly every move."""
    return HAND_MENU


def _hand_cards(state: Any, player_id: str) -> list[str]:
    return list(state.player(player_id).hand)


HAND_PLAYS = HandPlays(
    prompt=hand_prompt,       # cards are played in and out of combat
    moves=lambda state, player_id: [a for a in legal_actions(state, player_id) if isinstance(a, A.PlayCard)],
    card_of=lambda action: action.card,
    card_label=lambda state, card, namer: namer.card(card),
    move_label=lambda state, action, namer: play_label(action, namer),
    encode=encode_play,
    decode=decode_play,
    listed=_hand_cards,
)

DYNAMIC_ITEMS = (PassButton, PlayButton, PlayChoice, DecisionButton, DecisionChoice, DecisionOptionButton, TurnButton,
                 TurnChoice)

