"""Munchkin's texts: its events, the public table with the combat, and one player's hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.events import Event
from engine.core.numbers import is_ascii_number
from engine.munchkin import character as ch
from engine.munchkin import combat as cb
from engine.munchkin.cards import Card, catalog
from engine.munchkin.state import GameState
from table.i18n import counted, text, word
from table.munchkin.describe import trait_names, trait_text

if TYPE_CHECKING:
    from table.render import Namer


def card_design(design_id: str, sets: tuple[str, ...]) -> Card | None:
    return catalog(sets).get(design_id)


def name_params(out: dict[str, Any], namer: Namer) -> None:
    """The traits a card needs ("Krieger, Elf"), in words."""
    if isinstance(out.get("needs"), list):
        names = trait_names(catalog(namer.sets), namer.lang)
        out["needs"] = ", ".join(trait_text(n, namer.lang, names) for n in out["needs"])


def render_event(event: Event, namer: Namer) -> str:
    params = namer.params(event.params)
    line = text(namer.lang, "events", _event_key(event, namer, params), **params)
    if event.kind == "decision_opened":
        terms = decision_terms(str(event.params.get("kind")), event.params.get("params") or {},
                               str(event.params.get("player")), namer)
        if terms:       # after a question ("nimmst du den Handel an?") the terms follow as a sentence
            line += f" {terms}" if line.endswith("?") else f": {terms}"
    return line


# ---------------------------------------------------------------------- the terms of a decision
def decision_terms(kind: str, params: dict[str, Any], player: str, namer: Namer) -> str | None:
    """What a trade or a help is about, so that it is not decided blind (issue 36): a trade's cards on
    both sides and who offers them; a help's fighter, monsters, both sides' strengths and the bribe."""
    if kind == "trade":
        return text(namer.lang, "events", "terms_trade", offerer=namer.player(params.get("from")),
                    give=namer.cards(params.get("give")), want=namer.cards(params.get("want")))
    if kind in ("help", "help_offer"):
        helper = player if kind == "help" else str(params.get("helper"))
        return _help_terms(kind, helper, params, namer)
    return None


def _help_terms(kind: str, helper: str, params: dict[str, Any], namer: Namer) -> str:
    state = namer.state
    combat = getattr(state, "combat", None)
    bribe = _bribe(params, helper, namer)
    if combat is None or not state.has_player(helper):     # read back after the fight: its names only
        return text(namer.lang, "events", "terms_help_plain", helper=namer.player(helper), bribe=bribe)
    monsters = ", ".join(f"{namer.card(m.uid)} ({cb.monster_strength(state, m)})" for m in combat.monsters)
    return text(namer.lang, "events", f"terms_{kind}", fighter=namer.player(combat.fighter),
                helper=namer.player(helper), fighter_strength=cb.players_strength(state),
                helper_strength=fighting_strength(state, state.player(helper)),
                monsters=monsters or word(namer.lang, "none"), monster_strength=cb.monsters_strength(state),
                bribe=bribe)


def _bribe(params: dict[str, Any], helper: str, namer: Namer) -> str:
    """The treasures promised and the items handed over with a help, and who picks first."""
    parts = []
    treasures = int(params.get("treasures") or 0)
    if treasures:
        parts.append(counted(namer.lang, treasures, "bribe_treasures"))
    if params.get("items"):
        parts.append(namer.cards(params.get("items")))
    if params.get("helper_first"):
        parts.append(text(namer.lang, "words", "bribe_helper_first", helper=namer.player(helper)))
    return ", ".join(parts) or word(namer.lang, "bribe_none")


def _event_key(event: Event, namer: Namer, params: dict[str, Any]) -> str:
    if event.kind == "decision_opened" and event.params.get("kind") == "run_away" and \
            namer.single_option("run_away", event.params.get("player")):
        return "must_run"           # one monster: no question which to run from first
    if event.kind == "escaped" and event.params.get("reason") == "not_pursued":
        return "escaped_not_pursued"    # no roll: say why
    if event.kind == "card_played" and event.params.get("target"):
        return "card_played_on"
    if event.kind == "curse_cast" and str(params.get("card", "")).split(" ")[0].endswith("!"):
        return "curse_cast_named"      # "Fluch! Sohlendieb", "Falle! Treibsand" say what they are
    return event.kind


# ---------------------------------------------------------------------- views
def public_view(state: GameState, namer: Namer) -> list[str]:
    """What everybody may see: levels, classes, races, items, strength, hand sizes, the combat."""
    lang = namer.lang
    lines = []
    for index, player in enumerate(state.players):
        marker = "▶" if index == state.active and state.phase != "over" else " "
        traits = [namer.card(u) for u in (*_abilities_in_play(player), *player.curses)]
        items = [item_label(i, namer) + ("" if i.in_use else f" ({word(lang, 'backpack')})") for i in player.items]
        lines.append(
            f"{marker} {namer.player(player.id)} ({word(lang, 'sex_' + player.sex)}): "
            f"{word(lang, 'level')} {player.level}, "
            f"{word(lang, 'strength')} {fighting_strength(state, player)}, "
            f"{counted(lang, len(player.hand), 'cards_in_hand')}"
            + (f" | {', '.join(traits)}" if traits else "")
            + (f" | {', '.join(items)}" if items else "")
        )
    lines.append(f"{word(lang, 'whose_move')}: {namer.player(state.active_player.id)} "
                 f"({word(lang, 'phase_' + state.phase)})")
    if state.combat is not None:
        lines += combat_view(state, namer)
    for decision in state.decisions:
        lines.append(f"… {namer.player(decision.player)}: {namer.topic(decision.kind, decision.player)}"
                     + _terms_suffix(decision, namer))
    return lines


def _terms_suffix(decision, namer: Namer) -> str:
    terms = decision_terms(decision.kind, decision.params, decision.player, namer)
    return f" ({terms})" if terms else ""


def _abilities_in_play(player) -> list[str]:
    """Classes, races, loyalties, trainings, powers, followers and the cards that allow more of them."""
    extra = [c for c in (player.super_munchkin, player.half_breed) if c]
    return [*player.classes, *player.races, *extra, *player.loyalties, *player.trainings, *player.powers,
            *player.followers, *player.extras]


def item_label(item, namer: Namer) -> str:
    """An item with the enhancers played on it: "Kurzschwert + Wetzstein"."""
    return " + ".join(namer.card(u) for u in (item.uid, *item.enhancers))


def fighting_strength(state: GameState, player) -> int:
    """A player's strength as the status shows it: in a combat they fight, as the combat counts it
    (curses that weaken a combat included), so that the status and the combat line agree."""
    return ch.strength(state, player, any(p.id == player.id for p in cb.fighters(state)))


def combat_view(state: GameState, namer: Namer) -> list[str]:
    """"⚔ Kampf: Anna 5 + Ben 3 + 2 = 10 – Buggoth (12), Monster zusammen 12": each fighter's strength as
    the status line shows it, then what cards and abilities add in this combat, then the side's total;
    each monster's strength, then the monsters' side in words (a bare "[12]" was read as a card number)."""
    combat = state.combat
    assert combat is not None
    fighters = cb.fighters(state)
    own = [fighting_strength(state, p) for p in fighters]
    total = cb.players_strength(state)
    side = " + ".join(f"{namer.player(p.id)} {n}" for p, n in zip(fighters, own, strict=True))
    extra = total - sum(own)
    if extra:
        side += f" {'+' if extra > 0 else '-'} {abs(extra)} {word(namer.lang, 'combat_bonus')}"
    if extra or len(own) > 1:
        side += f" = {total}"
    monsters = ", ".join(
        f"{namer.card(m.uid)} ({cb.monster_strength(state, m)})" for m in combat.monsters) or word(namer.lang, "none")
    lines = [f"⚔ {word(namer.lang, 'combat')}: {side} – {monsters}, "
             f"{word(namer.lang, 'monster_side')} {cb.monsters_strength(state)}"]
    if combat.stage == "fight":
        waiting = [namer.player(p.id) for p in state.players if p.id not in combat.passed]
        lines.append(f"   {word(namer.lang, 'not_passed_yet')}: {', '.join(waiting)}")
    return lines


def private_view(state: GameState, player_id: str, namer: Namer) -> list[str]:
    """One player's hand, items and the decisions they owe, with their options."""
    lang = namer.lang
    player = state.player(player_id)
    lines = [f"{word(lang, 'hand')}: " + (", ".join(_card_line(state, u, namer) for u in player.hand)
                                         or word(lang, "none"))]
    table = [f"{item_label(i, namer)} ({word(lang, 'in_use') if i.in_use else word(lang, 'backpack')})"
             for i in player.items] + [namer.card(u) for u in (*_abilities_in_play(player), *player.curses)]
    lines.append(f"{word(lang, 'table')}: " + (", ".join(table) or word(lang, "none")))
    for decision in state.decisions:
        if decision.player == player_id:
            options = ", ".join(option_label(o, namer) for o in decision.options)
            lines.append(f"{word(lang, 'decisions')}: {namer.owed(decision)}{_terms_suffix(decision, namer)}"
                         f" – {options}")
    return lines


def option_label(option: str, namer: Namer) -> str:
    if ">" in option:
        uid, to = option.split(">")
        return f"{namer.card(uid)} → {namer.player(to)}"
    if option in ("accept", "decline"):
        return word(namer.lang, option)
    if option == "keep":            # the Gezinkter Würfel's choices: keep the roll, or a number
        return word(namer.lang, "keep_roll")
    if is_ascii_number(option):     # a die face
        return option
    return namer.card(option)


def _card_line(state: GameState, uid: str, namer: Namer) -> str:
    card = state.card(uid)
    details = []
    if card.kind == "monster":
        details.append(f"{word(namer.lang, 'level')} {card.level}")
    if card.bonus:
        details.append(f"{card.bonus:+d}")
    if card.value:
        details.append(f"{card.value} G")
    return namer.card(uid) + (f" ({', '.join(details)})" if details else "")
