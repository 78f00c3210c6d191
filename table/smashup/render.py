"""Plain text for a Smash Up – Munchkin table: the bases with their breakpoints, monsters and each
player's power, the players' victory points, one player's hand, and the events that need more than
their i18n template (a scoring's places and points)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from engine.core.events import Event
from engine.smashup.cards import Base, Monster, PlayCard, data, designs
from engine.smashup.power import breakpoint_of, minion_power, power_at, total_power
from engine.smashup.report import automated
from engine.smashup.scoring import next_to_decide
from engine.smashup.state import BaseInPlay, GameState
from engine.smashup.turn import HAND_LIMIT, hand_cards
from table.i18n import counted, text, word

if TYPE_CHECKING:
    from table.render import Namer


TEXTS_FILE = Path(__file__).resolve().parents[2] / "data" / "smashup" / "texts.yaml"
@cache
def _texts() -> dict[str, dict[str, str]]:
    return yaml.safe_load(TEXTS_FILE.read_text(encoding="utf-8"))


def card_text(design_id: str, lang: str) -> str:
    """What the card does, in our words (data/smashup/texts.yaml)."""
    entry = _texts().get(design_id, {})
    return entry.get(lang) or entry.get("de", "")


def card_facts(design: PlayCard | Base | Monster, lang: str) -> str:
    """"Kreatur · Stärke 3 · Krieger · Talent · ×2", "Basis · Zerstörungswert 20 · SP 4/2/1 · 1 Monster"."""
    if isinstance(design, Base):
        parts = [word(lang, "su_base"), f"{word(lang, 'su_breakpoint')} {design.breakpoint}",
                 f"{word(lang, 'su_vp')} {'/'.join(str(v) for v in design.vp)}",
                 counted(lang, design.monsters, 'su_monsters')]
    elif isinstance(design, Monster):
        parts = [word(lang, "su_monster"), f"{word(lang, 'su_power')} {design.power}",
                 counted(lang, design.treasures, 'su_treasures')]
        if design.undead:
            parts.append(word(lang, "su_undead"))
    else:
        kind = word(lang, "su_minion" if design.kind == "minion" else "su_action")
        parts = [kind.capitalize()] + ([f"{word(lang, 'su_power')} {design.power}"] if design.kind == "minion" else [])
        parts.append(faction_name(design.faction, lang) if design.faction else word(lang, "su_treasure"))
        parts += [word(lang, f"su_{k}") for k in design.keywords]
    if getattr(design, "count", 1) > 1:
        parts.append(f"×{design.count}")
    return " · ".join(parts)


def faction_name(faction_id: str, lang: str) -> str:
    for faction in data().factions:
        if faction.id == faction_id:
            return faction.name_en if lang == "en" else faction.name_de
    return faction_id


def card_design(design_id: str, sets: tuple[str, ...]) -> PlayCard | Base | Monster | None:
    return designs().get(design_id)


def name_params(out: dict[str, Any], namer: Namer) -> None:
    """A faction (and a list of factions) by name."""
    if "faction" in out:
        out["faction"] = faction_name(str(out["faction"]), namer.lang)
    if isinstance(out.get("factions"), list):
        out["factions"] = ", ".join(faction_name(str(f), namer.lang) for f in out["factions"])


def render_event(event: Event, namer: Namer) -> str:
    params = namer.params(event.params)
    if event.kind == "base_scored":
        return _scored_line(event, namer)
    if event.kind == "action_played" and event.params.get("target"):     # on a minion, a card, a player
        return text(namer.lang, "events", "su_action_on", **params, target_name=namer.card(event.params["target"]))
    if event.kind == "action_played" and event.params.get("base"):
        return text(namer.lang, "events", "su_action_at", **params)
    if event.kind == "game_won":
        params["standings"] = _vp_list(event.params.get("vp", {}), namer)
    if event.kind == "extra_play":
        params["kind"] = word(namer.lang, f"su_{event.params.get('kind', 'minion')}")
    return text(namer.lang, "events", event.kind, **params)


def _scored_line(event: Event, namer: Namer) -> str:
    """"Tempel wird gewertet: 1. Anna (+4 SP), 1. Ben (+4 SP), 3. Cleo (+1 SP)."""
    places: dict[str, int] = event.params.get("places", {})
    points: dict[str, int] = event.params.get("vp", {})
    ranked = sorted(places, key=lambda pid: places[pid])
    parts = [f"{places[pid]}. {namer.player(pid)} (+{points.get(pid, 0)} {word(namer.lang, 'su_vp')})"
             for pid in ranked]
    return text(namer.lang, "events", "base_scored", base=namer.card(event.params["base"]),
                places=", ".join(parts) or word(namer.lang, "su_nobody"))


def _vp_list(vp: dict[str, int], namer: Namer) -> str:
    return ", ".join(f"{namer.player(pid)} {points}" for pid, points in sorted(vp.items(), key=lambda kv: -kv[1]))


# ---------------------------------------------------------------------- the bases
def base_title(state: GameState, base: BaseInPlay, namer: Namer) -> str:
    """"Tempel – 14/20 (Zerstörungswert 17 + 3 Monster) · SP 4/2/1"."""
    card = state.card(base.uid)
    vp = "/".join(str(v) for v in card.vp)
    return (f"{namer.card(base.uid)} – {total_power(state, base)}/{breakpoint_of(state, base)} "
            f"({breakpoint_words(state, base, namer.lang)}) · {word(namer.lang, 'su_vp')} {vp}")


def breakpoint_words(state: GameState, base: BaseInPlay, lang: str) -> str:
    """"Zerstörungswert 19 + 8 Monster": the printed breakpoint and what the monsters nobody controls
    add to it (rulebook l.180), as the text and the picture both show it."""
    printed = state.card(base.uid).breakpoint
    extra = breakpoint_of(state, base) - printed
    return f"{word(lang, 'su_breakpoint')} {printed}" + (f" + {extra} {word(lang, 'su_monsters')}" if extra else "")


def base_lines(state: GameState, base: BaseInPlay, namer: Namer) -> list[str]:
    """The base's ability, the monsters and, per player present, their power and minions (actions on
    them in brackets)."""
    lines = [f"📜 {card_text(state.card_ids[base.uid], namer.lang)}"]
    for monster in base.monsters:
        owner = f" → {namer.player(monster.controller)}" if monster.controller else ""
        treasures = state.card(monster.uid).treasures
        lines.append(f"👹 {namer.card(monster.uid)} ({minion_power(state, base, monster)}, "
                     f"{counted(namer.lang, treasures, 'su_treasures')}){owner}")
    for player in state.players:
        mine = [m for m in base.minions if m.controller == player.id]
        if not mine and not any(m.controller == player.id for m in base.monsters):
            continue
        listed = ", ".join(_minion_label(state, base, m, namer) for m in mine)
        lines.append(f"{namer.player(player.id)}: {power_at(state, base, player.id)} – {listed}")
    if base.actions:
        lines.append(f"{word(namer.lang, 'su_on_base')}: {namer.cards(base.actions)}")
    if len(lines) == 1:
        lines.append(word(namer.lang, "su_empty_base"))
    return lines


def _minion_label(state: GameState, base: BaseInPlay, minion, namer: Namer) -> str:
    label = f"{namer.card(minion.uid)} {minion_power(state, base, minion)}"
    if minion.attached:
        label += f" [{namer.cards(minion.attached)}]"
    return label


# ---------------------------------------------------------------------- views
def players_line(state: GameState, namer: Namer) -> list[str]:
    lang = namer.lang
    lines = []
    for index, seat in enumerate(state.players):
        marker = "▶" if index == state.active and state.phase not in ("over", "draft") else " "
        factions = " + ".join(faction_name(f, lang) for f in seat.factions) or "…"
        lines.append(f"{marker} {namer.player(seat.id)}: {seat.vp} {word(lang, 'su_vp')} · {factions} · "
                     f"{counted(lang, len(seat.hand), 'cards_in_hand')}, {len(seat.deck)} {word(lang, 'su_in_deck')}")
    return lines


def waiting_line(state: GameState, namer: Namer) -> str:
    """Who the game waits for, and for what."""
    lang = namer.lang
    if state.phase == "over":
        return word(lang, "phase_over")
    if state.draft is not None:
        picker = state.draft.order[state.draft.next]
        offered = ", ".join(faction_name(f, lang) for f in state.draft.offered)
        return f"{word(lang, 'su_draft')}: {namer.player(picker)} – {offered}"
    for decision in state.decisions:
        return f"{namer.player(decision.player)}: {namer.topic(decision.kind, decision.player)}"
    if state.scoring is not None:
        who = next_to_decide(state)
        return (f"{specials_title(state, lang)} ({namer.card(state.scoring.base)}): "
                f"{namer.player(who) if who else word(lang, 'none')}{_hint(namer, 'hint_base_scores_soon')}")
    seat = state.active_player
    return f"{word(lang, 'whose_move')}: {namer.player(seat.id)} – {plays_left(seat, lang)}"


def plays_left(seat, lang: str) -> str:
    """"Noch spielbar: 1 Kreatur, 0 Aktionen"."""
    return (f"{word(lang, 'su_plays_left')}: {counted(lang, seat.minions_left, 'su_minions')}, "
            f"{counted(lang, seat.actions_left, 'su_actions')}")


def _hint(namer: Namer, key: str) -> str:
    """At the console, the command that makes the move a line asks for."""
    return f" → {word(namer.lang, key)}" if namer.console else ""


def specials_title(state: GameState, lang: str) -> str:
    """Which round of specials a scoring is in: before it, during it, or after it."""
    stage = state.scoring.stage if state.scoring else "specials"
    return word(lang, {"during": "su_specials_during", "after": "su_specials_after"}.get(stage, "su_specials"))


def public_view(state: GameState, namer: Namer) -> list[str]:
    lines = players_line(state, namer)
    for base in state.bases:
        lines.append("")
        lines.append(f"🏰 {base_title(state, base, namer)}")
        lines += [f"   {line}" for line in base_lines(state, base, namer)]
    lines.append("")
    lines.append(waiting_line(state, namer))
    return lines


def option_label(option: str, namer: Namer) -> str:
    """A choice's option: a card, "none", or a minion and the base it would go to."""
    if option == "none":
        return word(namer.lang, "su_none")
    if option == "yes":
        return word(namer.lang, "su_yes")
    if ">" in option:
        minion, base = option.split(">", 1)
        return f"{namer.card(minion)} → {namer.card(base)}"
    if "|" in option:                   # a card played at once: "base|target|target2"
        base, *picks = option.split("|")
        named = ", ".join(namer.card(p) for p in picks if p)
        return namer.card(base) + (f" ({named})" if named else "")
    return namer.card(option)


def card_label(state: GameState, uid: str, namer: Namer) -> str:
    card = state.card(uid)
    lang = namer.lang
    if getattr(card, "kind", None) == "minion":
        detail = f"{word(lang, 'su_minion')} {card.power}"
    else:
        detail = word(lang, "su_action")
    if "special" in getattr(card, "keywords", ()):
        detail += f", {word(lang, 'su_special')}"
    if state.card_ids[uid].startswith("treasure-"):      # l.502: treasures are no hand cards for the limit
        detail += f", {word(lang, 'su_treasure_card')}"
    if not automated(card):
        detail += f", {word(lang, 'su_manual')}"
    return f"{namer.card(uid)} ({detail})"


def private_view(state: GameState, player_id: str, namer: Namer) -> list[str]:
    """One player's hand with what each card is, their plays left and what they owe."""
    lang = namer.lang
    seat = state.player(player_id)
    limited = len(hand_cards(state, player_id))          # treasures do not count toward the limit (l.502)
    treasures = len(seat.hand) - limited
    extra = ", " + word(lang, "su_hand_treasures").format(treasures=counted(lang, treasures, "su_treasures")) \
        if treasures else ""
    lines = [f"{word(lang, 'hand')} ({limited}/{HAND_LIMIT}{extra}):" + ("" if seat.hand else f" {word(lang, 'none')}")]
    lines += [f"• {card_label(state, u, namer)}: {card_text(state.card_ids[u], lang)}" for u in seat.hand]
    if seat.factions:
        lines.append(f"{word(lang, 'su_factions')}: " + " + ".join(faction_name(f, lang) for f in seat.factions)
                     + f" · {seat.vp} {word(lang, 'su_vp')} · {len(seat.deck)} {word(lang, 'su_in_deck')}, "
                     f"{len(seat.discard)} {word(lang, 'su_in_discard')}")
    if state.phase == "play" and state.active_player.id == player_id:
        lines.append(plays_left(seat, lang))
    if state.draft is not None and state.draft.order[state.draft.next] == player_id:
        lines.append(f"{word(lang, 'su_your_pick')}: "
                     + ", ".join(faction_name(f, lang) for f in state.draft.offered))
    for decision in state.decisions:
        if decision.player == player_id:
            lines.append(f"{word(lang, 'decisions')}: {namer.owed(decision)} – "
                         + ", ".join(option_label(o, namer) for o in decision.options))
    if state.scoring is not None and next_to_decide(state) == player_id:
        lines.append(f"{specials_title(state, lang)} ({namer.card(state.scoring.base)}): "
                     + word(lang, "su_special_or_pass") + _hint(namer, "hint_base_scores_soon"))
    return lines
