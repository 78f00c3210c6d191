"""Smash Up – Munchkin at the Discord table: the bases embed (breakpoint, monsters, each player's
power) and the buttons and menus of a Smash Up game.

Custom ids carry the game and the prompt they were drawn for (the draft step, the turn, the
scoring round, the decision), so an old button is answered with "this prompt is out of date"
and buttons keep working after a restart (dynamic items, registered at start-up).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.frontend import HandPlays, TableMessage
from cogs.limits import BUTTON_LABEL, BUTTON_OPTIONS, CUSTOM_ID, clip
from cogs.live import LiveTable
from cogs.paging import open_menu, page_of, page_start
from cogs.spectate import RematchButton
from cogs.texts import ui
from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup import choices
from engine.smashup.listing import legal_actions
from engine.smashup.scoring import next_to_decide
from engine.smashup.state import GameState
from engine.smashup.turn import HAND_LIMIT, hand_cards
from table.i18n import has_word, word
from table.render import Namer
from table.smashup.render import (
    base_lines,
    base_title,
    card_label,
    faction_name,
    option_label,
    players_line,
    waiting_line,
)

if TYPE_CHECKING:
    from cogs.client import Spielleiter
    from table.service import ActResult

COLOR = discord.Colour.dark_green()


# ---------------------------------------------------------------------- the bases embed
def bases_embed(state: GameState, namer: Namer) -> discord.Embed:
    """One field per base; the description holds the players' victory points and who is owed a move."""
    embed = discord.Embed(title=ui(namer.lang, "su_bases_title"), colour=COLOR)
    embed.description = "\n".join([*players_line(state, namer), "", waiting_line(state, namer)])[:4000]
    for base in state.bases[:25]:
        embed.add_field(name=("🏰 " + base_title(state, base, namer))[:256],
                        value="\n".join(base_lines(state, base, namer))[:1024], inline=False)
    return embed




def table_message(bot: Spielleiter, result: ActResult, namer: Namer) -> TableMessage:
    """The public message for one Smash Up result: the log, the bases, and the buttons that fit."""
    from cogs.base import clip, public_lines

    state: GameState = result.state
    content = clip("\n".join(public_lines(result, namer)) or ui(namer.lang, "done"))
    view = discord.ui.View(timeout=None)
    for item in buttons(result, namer):
        view.add_item(item)
    return content, [bases_embed(state, namer)], view


def buttons(result: ActResult, namer: Namer) -> list[discord.ui.Item]:
    """The buttons of the moment: the draft's factions, a choice's owner, the bases to score first, the
    scoring's Pass and Special, the turn's Play and Finish; a rematch once it is over."""
    state: GameState = result.state
    game_id, lang = result.game_id, namer.lang
    if state.phase == "over":
        return [RematchButton(game_id, lang)]
    if state.draft is not None:
        return [FactionButton(game_id, state.draft.next, faction, faction_name(faction, lang))
                for faction in state.draft.offered[:20]]
    decision = choices.pending(state)
    if decision is not None:
        labels = namer.labels()
        return [ChoiceButton(game_id, decision.id, labels.player(decision.player), lang,
                             labels.topic(decision.kind, decision.player))]
    if state.decisions:
        decision = state.decisions[0]
        if decision.kind == "score_first":
            return [ScoreButton(game_id, decision.id, index, namer.card(base))
                    for index, base in enumerate(decision.options[:20])]
        return []
    if state.scoring is not None:
        window = state.scoring.window
        return [SpecialPassButton(game_id, window, lang), SpecialButton(game_id, window, lang)]
    if state.phase == "play":
        return [SuPlayButton(game_id, state.turn, lang), FinishButton(game_id, state.turn, lang)]
    return []


def live_table(result: ActResult, namer: Namer) -> LiveTable:
    """Whose turn and the phase, the players' points and who is owed a move, each base with its
    breakpoint and power, and the buttons of the moment."""
    state: GameState = result.state
    lang = namer.lang
    if state.phase == "over":
        heading = ui(lang, "live_over", game=result.game_id)
    else:
        draft = state.draft
        moving = draft.order[draft.next] if draft is not None and draft.next < len(draft.order) \
            else state.active_player.id      # in the draft, whoever picks next
        heading = ui(lang, "live_turn", game=result.game_id, player=namer.player(moving),
                     phase=ui(lang, f"live_phase_su_{state.phase}"))
    body = [*players_line(state, namer), waiting_line(state, namer)]
    for base in state.bases:
        body += ["", "🏰 **" + base_title(state, base, namer) + "**", *base_lines(state, base, namer)]
    return LiveTable(heading, body, buttons=buttons(result, namer))


# ---------------------------------------------------------------------- moves in select values
def encode(action: A.PlayMinion | A.PlayAction | A.UseTalent | A.PlaySpecial) -> str:
    """"m|s12|s3|s40|s7,s8|monster|s41": kind, card, base, target, cards paid, mode, second target (uids
    are short)."""
    kind = {A.PlayMinion: "m", A.PlayAction: "a", A.UseTalent: "t", A.PlaySpecial: "x"}[type(action)]
    fields = [kind, action.card, getattr(action, "base", None) or "", action.target or "",
              ",".join(getattr(action, "discard", ())), getattr(action, "mode", None) or "", action.target2 or "",
              ",".join(getattr(action, "picks", ()))]
    return "|".join(fields)


def decode(value: str, actor: str) -> A._Action:
    try:
        kind, card, base, target, paid, mode, target2, chosen = value.split("|")
    except ValueError:
        raise IllegalAction("stale_prompt") from None
    choices = {"target": target or None, "target2": target2 or None,
               "discard": tuple(p for p in paid.split(",") if p), "mode": mode or None}
    picks = tuple(p for p in chosen.split(",") if p)
    if kind == "m":
        return A.PlayMinion(actor=actor, card=card, base=base, **choices)
    if kind == "a":
        return A.PlayAction(actor=actor, card=card, base=base or None, picks=picks, **choices)
    if kind == "t":
        return A.UseTalent(actor=actor, card=card, **choices)
    return A.PlaySpecial(actor=actor, card=card, target=target or None, target2=target2 or None, base=base or None,
                         picks=picks)


def move_label(state: GameState, action: Any, namer: Namer) -> str:
    """"Zwergen-Krieger → Tempel (Ziel: Goblin; zahlt: Schild; Modus: monster)"."""
    label = namer.card(action.card)
    base = getattr(action, "base", None)
    if base:
        label += f" → {namer.card(base)}"
    extras = []
    if getattr(action, "target", None):
        extras.append(namer.card(action.target) + (f" + {namer.card(action.target2)}" if action.target2 else ""))
    if getattr(action, "discard", ()):
        extras.append("-" + namer.cards(action.discard))
    if getattr(action, "mode", None):
        mode_word = f"su_mode_{action.mode}"     # a faction's name where the mode is a faction (Faction Power)
        extras.append(word(namer.lang, mode_word) if has_word(namer.lang, mode_word)
                      else faction_name(action.mode, namer.lang))
    return (label + (f" ({'; '.join(extras)})" if extras else ""))[:100]


PLAYS = (A.PlayMinion, A.PlayAction, A.UseTalent)
HAND_MOVES = (*PLAYS, A.PlaySpecial)      # the hand's menu also plays a special in a scoring round
SPECIALS = (A.PlaySpecial, A.UseTalent)        # in the round before a scoring, special talents too


def menu_options(state: GameState, player_id: str, kinds: tuple[type, ...], namer: Namer) -> list[tuple[str, str]]:
    """The player's legal moves of these kinds as (label, value), each once (shown a page at a time)."""
    options, seen = [], set()
    for action in legal_actions(state, player_id):
        if not isinstance(action, kinds):
            continue
        value = encode(action)
        if value in seen or len(value) > 100:     # a select value holds at most 100 characters
            continue
        seen.add(value)
        options.append((move_label(state, action, namer), value))
    return options


def play_options(state: GameState, player_id: str, namer: Namer) -> list[tuple[str, str]]:
    """The card plays and talents open to the player now."""
    return menu_options(state, player_id, PLAYS, namer)


def private_components(result: ActResult, player_id: str, namer: Namer) -> discord.ui.View:
    """Under the hand in the DM, beside its cards in one's turn (cogs/hand.py): the specials menu in a
    scoring round when it is one's say, and the discard menu at the hand limit."""
    namer = namer.labels()      # a menu shows its text as it is
    state: GameState = result.state
    view = discord.ui.View(timeout=None)
    if state.phase == "over" or state.draft is not None:
        return view
    if state.scoring is not None and next_to_decide(state) == player_id:
        specials = menu_options(state, player_id, SPECIALS, namer)
        if specials:
            view.add_item(SpecialChoice(result.game_id, state.scoring.window, page_of(specials, 0, namer.lang),
                                        namer.lang))
    for decision in state.decisions:
        if decision.player == player_id and decision.kind in choices.HANDLERS:
            options = page_of(_choice_options(decision, namer), 0, namer.lang)
            for item in choice_items(result.game_id, decision.id, options, namer.lang):
                view.add_item(item)
    for decision in state.decisions:
        if decision.player == player_id and decision.kind in ("discard_down", "discard_one"):
            # treasures do not count toward the hand limit: only faction cards are offered and counted
            cards = state.player(player_id).hand if decision.kind == "discard_one" else hand_cards(state, player_id)
            over = 1 if decision.kind == "discard_one" else len(cards) - HAND_LIMIT
            view.add_item(DiscardChoice(result.game_id, decision.id, [(card_label(state, u, namer), u) for u in cards],
                                        over, namer.lang))
    return view


HAND_MENU = 0     # the hand's menu is for the hand, at any moment (older menus carried the turn: out of date)


def _hand_prompt(state: GameState, player_id: str) -> int | None:
    """The moment the hand's menu is drawn for: any once the draft is over. Its cards are played in
    one's own turn, but a menu that came with the turn and went with it would edit two DMs at every
    turn's end; so it lists the hand throughout (HandPlays.listed) and a card picked out of its
    moment is refused privately."""
    if state.phase == "over" or state.draft is not None:
        return None
    return HAND_MENU


def _hand_listed(state: GameState, player_id: str) -> list[str]:
    """The hand's cards, then the cards in play whose talent or special can be used now."""
    hand = list(state.player(player_id).hand)
    talents = [a.card for a in legal_actions(state, player_id)
               if isinstance(a, (A.UseTalent, A.PlaySpecial)) and a.card not in hand]
    return list(dict.fromkeys([*hand, *talents]))


HAND_PLAYS = HandPlays(
    prompt=_hand_prompt,
    moves=lambda state, player_id: [a for a in legal_actions(state, player_id) if isinstance(a, HAND_MOVES)],
    card_of=lambda action: action.card,
    card_label=lambda state, card, namer: namer.card(card),
    move_label=move_label,
    encode=encode,
    decode=decode,
    listed=_hand_listed,
)


# ---------------------------------------------------------------------- shared helpers
async def _bot(interaction: discord.Interaction) -> Spielleiter:
    return interaction.client  # type: ignore[return-value]


async def _perform(interaction: discord.Interaction, game_id: int, build) -> None:
    from cogs.base import perform

    await perform(await _bot(interaction), interaction, build, game_id=game_id)


def _select(custom_id: str, placeholder: str, options: list[tuple[str, str]] | None,
            count: int = 1) -> discord.ui.Select:
    options = options or [("-", "-")]
    return discord.ui.Select(custom_id=custom_id, placeholder=placeholder[:150],
                             min_values=min(count, len(options)), max_values=min(count, len(options)),
                             options=[discord.SelectOption(label=label[:100], value=value) for label, value in options])


# ---------------------------------------------------------------------- the draft
class FactionButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"sl:su:pick:(?P<game>\d+):(?P<step>\d+):(?P<faction>[a-z_]+)"):
    def __init__(self, game_id: int, step: int, faction: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=(label or faction)[:80], style=discord.ButtonStyle.primary,
                                           custom_id=f"sl:su:pick:{game_id}:{step}:{faction}"))
        self.game_id, self.step, self.faction = game_id, step, faction

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> FactionButton:
        return cls(int(match["game"]), int(match["step"]), match["faction"])

    async def callback(self, interaction: discord.Interaction) -> None:
        def build(state: GameState, me: str) -> A.PickFaction:
            if state.draft is None or state.draft.next != self.step:
                raise IllegalAction("stale_prompt")
            return A.PickFaction(actor=me, faction=self.faction)

        await _perform(interaction, self.game_id, build)


# ---------------------------------------------------------------------- the turn
class SuPlayButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:su:play:(?P<game>\d+):(?P<turn>\d+)"):
    """Opens, for the active player, a menu of the plays open to them now."""

    def __init__(self, game_id: int, turn: int, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, "play_button"), style=discord.ButtonStyle.primary,
                                           custom_id=f"sl:su:play:{game_id}:{turn}"))
        self.game_id, self.turn = game_id, turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> SuPlayButton:
        return cls(int(match["game"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _open_plays(interaction, self.game_id, self.turn)


async def _open_plays(interaction: discord.Interaction, game_id: int, turn: int, start: int = 0) -> None:
    def options_for(state: GameState, me: str, namer: Namer) -> list[tuple[str, str]]:
        if state.turn != turn or state.phase != "play":
            raise IllegalAction("stale_prompt")
        if state.active_player.id != me:
            raise IllegalAction("not_your_turn")
        return play_options(state, me, namer)

    await open_menu(interaction, game_id, options_for,
                    lambda options, lang: SuPlayChoice(game_id, turn, options, lang), "choose_card", start)


class SuPlayChoice(discord.ui.DynamicItem[discord.ui.Select], template=r"sl:su:playsel:(?P<game>\d+):(?P<turn>\d+)"):
    def __init__(self, game_id: int, turn: int, options: list[tuple[str, str]] | None = None,
                 lang: str = "de") -> None:
        super().__init__(_select(f"sl:su:playsel:{game_id}:{turn}", ui(lang, "choose_card"), options))
        self.game_id, self.turn = game_id, turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> SuPlayChoice:
        return cls(int(match["game"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0]
        if page_start(value) is not None:
            await _open_plays(interaction, self.game_id, self.turn, page_start(value))
            return

        def build(state: GameState, me: str) -> A._Action:
            if state.turn != self.turn:
                raise IllegalAction("stale_prompt")
            return decode(value, me)

        await _perform(interaction, self.game_id, build)


class FinishButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:su:finish:(?P<game>\d+):(?P<turn>\d+)"):
    def __init__(self, game_id: int, turn: int, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, "su_finish_button"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"sl:su:finish:{game_id}:{turn}"))
        self.game_id, self.turn = game_id, turn

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> FinishButton:
        return cls(int(match["game"]), int(match["turn"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        def build(state: GameState, me: str) -> A.FinishPlaying:
            if state.turn != self.turn:
                raise IllegalAction("stale_prompt")
            return A.FinishPlaying(actor=me)

        await _perform(interaction, self.game_id, build)


# ---------------------------------------------------------------------- scoring
class ScoreButton(discord.ui.DynamicItem[discord.ui.Button],
                  template=r"sl:su:score:(?P<game>\d+):(?P<decision>\d+):(?P<index>\d+)"):
    """The active player picks the base that scores next ("Die große Wertung", step 2)."""

    def __init__(self, game_id: int, decision: int, index: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=(label or str(index + 1))[:80], style=discord.ButtonStyle.success,
                                           custom_id=f"sl:su:score:{game_id}:{decision}:{index}"))
        self.game_id, self.decision, self.index = game_id, decision, index

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ScoreButton:
        return cls(int(match["game"]), int(match["decision"]), int(match["index"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        def build(state: GameState, me: str) -> A.ScoreFirst:
            decision = next((d for d in state.decisions if d.id == self.decision), None)
            if decision is None or self.index >= len(decision.options):
                raise IllegalAction("stale_prompt")
            if decision.player != me:
                raise IllegalAction("not_your_decision", player=decision.player)
            return A.ScoreFirst(actor=me, base=decision.options[self.index])

        await _perform(interaction, self.game_id, build)


class SpecialPassButton(discord.ui.DynamicItem[discord.ui.Button],
                        template=r"sl:su:pass:(?P<game>\d+):(?P<window>\d+)"):
    def __init__(self, game_id: int, window: int, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, "pass_button"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"sl:su:pass:{game_id}:{window}"))
        self.game_id, self.window = game_id, window

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> SpecialPassButton:
        return cls(int(match["game"]), int(match["window"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _perform(interaction, self.game_id, lambda state, me: A.PassSpecial(actor=me, window=self.window))


class SpecialButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:su:special:(?P<game>\d+):(?P<window>\d+)"):
    """Opens, for the player whose say it is, a menu of the Specials in their hand."""

    def __init__(self, game_id: int, window: int, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, "su_special_button"), style=discord.ButtonStyle.primary,
                                           custom_id=f"sl:su:special:{game_id}:{window}"))
        self.game_id, self.window = game_id, window

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> SpecialButton:
        return cls(int(match["game"]), int(match["window"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _open_specials(interaction, self.game_id, self.window)


async def _open_specials(interaction: discord.Interaction, game_id: int, window: int, start: int = 0) -> None:
    def options_for(state: GameState, me: str, namer: Namer) -> list[tuple[str, str]]:
        if state.scoring is None or state.scoring.window != window:
            raise IllegalAction("stale_prompt")
        return menu_options(state, me, SPECIALS, namer)

    await open_menu(interaction, game_id, options_for,
                    lambda options, lang: SpecialChoice(game_id, window, options, lang), "choose_card", start)


class SpecialChoice(discord.ui.DynamicItem[discord.ui.Select],
                    template=r"sl:su:specialsel:(?P<game>\d+):(?P<window>\d+)"):
    def __init__(self, game_id: int, window: int, options: list[tuple[str, str]] | None = None,
                 lang: str = "de") -> None:
        super().__init__(_select(f"sl:su:specialsel:{game_id}:{window}", ui(lang, "choose_card"), options))
        self.game_id, self.window = game_id, window

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> SpecialChoice:
        return cls(int(match["game"]), int(match["window"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        value = self.item.values[0]
        if page_start(value) is not None:
            await _open_specials(interaction, self.game_id, self.window, page_start(value))
            return

        def build(state: GameState, me: str) -> A._Action:
            if state.scoring is None or state.scoring.window != self.window:
                raise IllegalAction("stale_prompt")
            return decode(value, me)

        await _perform(interaction, self.game_id, build)


class DiscardChoice(discord.ui.DynamicItem[discord.ui.Select],
                    template=r"sl:su:discard:(?P<game>\d+):(?P<decision>\d+)"):
    """At the hand limit: pick exactly the cards to discard."""

    def __init__(self, game_id: int, decision: int, options: list[tuple[str, str]] | None = None, count: int = 1,
                 lang: str = "de") -> None:
        super().__init__(_select(f"sl:su:discard:{game_id}:{decision}", ui(lang, "su_discard_choose", count=count),
                                 options, count))
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> DiscardChoice:
        return cls(int(match["game"]), int(match["decision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cards = tuple(self.item.values)

        def build(state: GameState, me: str) -> A.DiscardDown:
            if not any(d.id == self.decision for d in state.decisions):
                raise IllegalAction("stale_prompt")
            return A.DiscardDown(actor=me, cards=cards)

        await _perform(interaction, self.game_id, build)


# ---------------------------------------------------------------------- a card's choice
def _choice_options(decision, namer: Namer) -> list[tuple[str, str]]:
    return [(option_label(o, namer), o) for o in decision.options]


class ChoiceButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:su:choice:(?P<game>\d+):(?P<decision>\d+)"):
    """Opens the choice for the player who owes it (and tells anyone else whose it is)."""

    def __init__(self, game_id: int, decision: int, owner: str = "", lang: str = "de", topic: str = "") -> None:
        # "Ben: Hinhalten: ob …" (whose and what about, as Munchkin's decision buttons); rebuilt from a
        # click's custom id it needs no label
        label = ui(lang, "owner_decides_on", player=owner, topic=topic) if owner else ui(lang, "choose_option")
        super().__init__(discord.ui.Button(label=clip(label, BUTTON_LABEL), style=discord.ButtonStyle.success,
                                           custom_id=f"sl:su:choice:{game_id}:{decision}"))
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ChoiceButton:
        return cls(int(match["game"]), int(match["decision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _open_choice(interaction, self.game_id, self.decision)


async def _open_choice(interaction: discord.Interaction, game_id: int, decision_id: int, start: int = 0) -> None:
    def options_for(state: GameState, me: str, namer: Namer) -> list[tuple[str, str]]:
        decision = next((d for d in state.decisions if d.id == decision_id), None)
        if decision is None:
            raise IllegalAction("stale_prompt")
        if decision.player != me:
            raise IllegalAction("not_your_decision", player=decision.player)
        return _choice_options(decision, namer)

    await open_menu(interaction, game_id, options_for,
                    lambda options, lang: choice_items(game_id, decision_id, options, lang), "choose_option", start)


def choice_items(game_id: int, decision_id: int, options: list[tuple[str, str]], lang: str) -> list[discord.ui.Item]:
    """What answers a choice: a button per option where there are few (a "may": yes or no), else a menu."""
    if len(options) <= BUTTON_OPTIONS and all(fits_choice_id(game_id, decision_id, v) for _, v in options):
        return [ChoiceOptionButton(game_id, decision_id, value, label) for label, value in options]
    return [ChoiceSelect(game_id, decision_id, options, lang)]


def choice_option_id(game_id: int, decision: int, option: str) -> str:
    return f"sl:su:chooseopt:{game_id}:{decision}:{option}"


def fits_choice_id(game_id: int, decision: int, option: str) -> bool:
    return len(choice_option_id(game_id, decision, option)) <= CUSTOM_ID


class ChoiceOptionButton(discord.ui.DynamicItem[discord.ui.Button],
                         template=r"sl:su:chooseopt:(?P<game>\d+):(?P<decision>\d+):(?P<option>.+)"):
    """One option of a choice as its own button."""

    def __init__(self, game_id: int, decision: int, option: str, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=(label or option)[:80], style=discord.ButtonStyle.primary,
                                           custom_id=choice_option_id(game_id, decision, option)))
        self.game_id, self.decision, self.option = game_id, decision, option

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ChoiceOptionButton:
        return cls(int(match["game"]), int(match["decision"]), match["option"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _perform(interaction, self.game_id,
                       lambda state, me: A.Choose(actor=me, decision=self.decision, option=self.option))


class ChoiceSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"sl:su:choose:(?P<game>\d+):(?P<decision>\d+)"):
    def __init__(self, game_id: int, decision: int, options: list[tuple[str, str]] | None = None,
                 lang: str = "de") -> None:
        super().__init__(_select(f"sl:su:choose:{game_id}:{decision}", ui(lang, "choose_option"), options))
        self.game_id, self.decision = game_id, decision

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Select,
                             match: re.Match[str], /) -> ChoiceSelect:
        return cls(int(match["game"]), int(match["decision"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        option = self.item.values[0]
        if page_start(option) is not None:
            await _open_choice(interaction, self.game_id, self.decision, page_start(option))
            return
        await _perform(interaction, self.game_id,
                       lambda state, me: A.Choose(actor=me, decision=self.decision, option=option))


DYNAMIC_ITEMS = (FactionButton, SuPlayButton, SuPlayChoice, FinishButton, ScoreButton, SpecialPassButton,
                 SpecialButton, SpecialChoice, DiscardChoice, ChoiceButton, ChoiceSelect, ChoiceOptionButton)
