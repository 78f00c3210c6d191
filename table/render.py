"""Plain text for what the table shows: events, errors, the public table and a private hand.

The console prints these lines; the Discord cogs use the same texts inside embeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.events import Event
from engine.munchkin import character as ch
from engine.munchkin import combat as cb
from engine.munchkin.cards import Card, catalog
from engine.munchkin.state import GameState
from table.i18n import text, word

PLAYER_KEYS = ("player", "fighter", "helper", "victim", "to", "owner", "first", "active")
PLAYER_LIST_KEYS = ("winners", "order", "silent", "recipients", "escaped")
CARD_KEYS = ("card", "monster", "option", "paid", "base")
CARD_LIST_KEYS = ("cards", "corpse", "give", "want", "discarded", "choices", "bases")


@dataclass
class Namer:
    """Names of players (seated or gone) and cards, in one language."""

    lang: str
    players: dict[str, str]
    state: GameState | None = None
    sets: tuple[str, ...] = ("testdeck",)

    def player(self, player_id: Any) -> str:
        return self.players.get(str(player_id), str(player_id))

    def card_design(self, value: Any) -> Card | None:
        value = str(value)
        if self.state is not None and value in self.state.card_ids:
            value = self.state.card_ids[value]
        if "smashup" in self.sets:
            from engine.smashup.cards import designs

            return designs().get(value)  # type: ignore[return-value]
        return catalog(self.sets).get(value)

    def card(self, value: Any) -> str:
        card = self.card_design(value)
        if card is None:      # a pick that is a player (Smash Up's Trade) reads as their name
            return self.players.get(str(value), str(value))
        return card.name_en if self.lang == "en" else card.name_de

    def cards(self, values: Any) -> str:
        values = list(values or [])
        return ", ".join(self.card(v) for v in values) if values else word(self.lang, "nothing")

    def params(self, params: dict[str, Any]) -> dict[str, Any]:
        out = dict(params)
        for key in PLAYER_KEYS:
            if key in out and out[key] is not None:
                out[key] = self.player(out[key])
        for key in PLAYER_LIST_KEYS:
            if isinstance(out.get(key), list):
                out[key] = ", ".join(self.player(p) for p in out[key]) or word(self.lang, "none")
        for key in CARD_KEYS:
            if key in out and out[key] is not None:
                out[key] = self.card(out[key])
        for key in CARD_LIST_KEYS:
            if key in out and isinstance(out[key], list):
                out[key] = self.cards(out[key])
        if "deck" in out:
            out["deck"] = word(self.lang, str(out["deck"]))
        if "kind" in out:
            out["kind"] = word(self.lang, f"kind_{out['kind']}")
        if "ability" in out:
            out["ability"] = word(self.lang, f"ability_{out['ability']}")
        if isinstance(out.get("needs"), list):
            out["needs"] = ", ".join(n.split(":")[-1] for n in out["needs"])
        return out


QUIET_EVENTS = {"decided"}


def render_event(event: Event, namer: Namer) -> str | None:
    if event.kind in QUIET_EVENTS:
        return None
    if "smashup" in namer.sets:
        from table import smashup_render

        return smashup_render.render_event(event, namer)
    if event.kind == "card_played" and event.params.get("target"):
        base = text(namer.lang, "events", "card_played", **namer.params(event.params))
        return f"{base} → {namer.player(event.params['target'])}"
    return text(namer.lang, "events", event.kind, **namer.params(event.params))


def render_error(exc: Any, namer: Namer) -> str:
    return text(namer.lang, "errors", exc.code, **namer.params(getattr(exc, "params", {})))


# ---------------------------------------------------------------------- views
def public_view(state: GameState, namer: Namer) -> list[str]:
    """What everybody may see: levels, classes, races, items, strength, hand sizes, the combat
    (for Smash Up: the bases and victory points)."""
    if state.game == "smashup":
        from table import smashup_render

        return smashup_render.public_view(state, namer)  # type: ignore[arg-type]
    lang = namer.lang
    lines = []
    for index, player in enumerate(state.players):
        marker = "▶" if index == state.active and state.phase != "over" else " "
        traits = [namer.card(u) for u in (*_abilities_in_play(player), *player.curses)]
        items = [namer.card(i.uid) + ("" if i.in_use else "*") for i in player.items]
        lines.append(
            f"{marker} {player.name} ({word(lang, 'sex_' + player.sex)}): {word(lang, 'level')} {player.level}, "
            f"{word(lang, 'strength')} "
            f"{ch.strength(state, player, False)}, {len(player.hand)} {word(lang, 'cards_in_hand')}"
            + (f" | {', '.join(traits)}" if traits else "")
            + (f" | {', '.join(items)}" if items else "")
        )
    lines.append(f"{word(lang, 'whose_move')}: {namer.player(state.active_player.id)} "
                 f"({word(lang, 'phase_' + state.phase)})")
    if state.combat is not None:
        lines += combat_view(state, namer)
    for decision in state.decisions:
        lines.append(f"… {namer.player(decision.player)}: {word(lang, 'kind_' + decision.kind)}")
    return lines


def _abilities_in_play(player) -> list[str]:
    """Classes, races, loyalties, trainings, powers, followers and the cards that allow more of them."""
    extra = [c for c in (player.super_munchkin, player.half_breed) if c]
    return [*player.classes, *player.races, *extra, *player.loyalties, *player.trainings, *player.powers,
            *player.followers, *player.extras]


def combat_view(state: GameState, namer: Namer) -> list[str]:
    combat = state.combat
    assert combat is not None
    side = namer.player(combat.fighter) + (f" + {namer.player(combat.helper)}" if combat.helper else "")
    monsters = ", ".join(
        f"{namer.card(m.uid)} ({cb.monster_strength(state, m)})" for m in combat.monsters) or word(namer.lang, "none")
    lines = [f"⚔ {word(namer.lang, 'combat')}: {side} [{cb.players_strength(state)}] – {monsters} "
             f"[{cb.monsters_strength(state)}]"]
    if combat.stage == "fight":
        waiting = [namer.player(p.id) for p in state.players if p.id not in combat.passed]
        lines.append("   " + text(namer.lang, "events", "passed", player="…") + f" ({', '.join(waiting)})")
    return lines


def private_view(state: GameState, player_id: str, namer: Namer) -> list[str]:
    """One player's hand, items and the decisions they owe, with their options."""
    if state.game == "smashup":
        from table import smashup_render

        return smashup_render.private_view(state, player_id, namer)  # type: ignore[arg-type]
    lang = namer.lang
    player = state.player(player_id)
    lines = [f"{word(lang, 'hand')}: " + (", ".join(_card_line(state, u, namer) for u in player.hand)
                                         or word(lang, "none"))]
    table = [f"{namer.card(i.uid)} ({word(lang, 'in_use') if i.in_use else word(lang, 'backpack')})"
             for i in player.items] + [namer.card(u) for u in (*_abilities_in_play(player), *player.curses)]
    lines.append(f"{word(lang, 'table')}: " + (", ".join(table) or word(lang, "none")))
    for decision in state.decisions:
        if decision.player == player_id:
            options = ", ".join(option_label(o, namer) for o in decision.options)
            lines.append(f"{word(lang, 'decisions')} [{decision.id}] {word(lang, 'kind_' + decision.kind)} {options}")
    return lines


def option_label(option: str, namer: Namer) -> str:
    if ">" in option:
        uid, to = option.split(">")
        return f"{namer.card(uid)} → {namer.player(to)}"
    if option in ("accept", "decline"):
        return word(namer.lang, option)
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
