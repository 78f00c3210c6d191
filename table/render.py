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
from table.i18n import counted, has_text, has_word, text, word

PLAYER_KEYS = ("player", "fighter", "helper", "victim", "to", "owner", "first", "active")
PLAYER_LIST_KEYS = ("winners", "order", "silent", "recipients", "escaped", "players")
CARD_KEYS = ("card", "monster", "option", "paid", "base", "target")   # a target may be a player: card() names them
ANSWER_WORDS = {"accept": "accept", "decline": "decline", "none": "su_none"}
CARD_LIST_KEYS = ("cards", "corpse", "give", "want", "discarded", "choices", "bases")


@dataclass
class Namer:
    """Names of players (seated or gone) and cards, in one language."""

    lang: str
    players: dict[str, str]
    state: GameState | None = None
    sets: tuple[str, ...] = ("testdeck",)
    console: bool = False       # the console names the command that answers a decision

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

    def single_option(self, kind: str, player: Any) -> bool:
        """Whether the player's open decision of this kind leaves nothing to choose (a run from one monster)."""
        decision = next((d for d in (self.state.decisions if self.state else []) if d.kind == kind
                         and (player is None or d.player == player)), None)
        return decision is not None and len(decision.options) == 1

    def _variant(self, prefix: str, kind: str, player: Any) -> str:
        """The word for a decision of this kind; one with a single option has its own word where one
        is written, since there is nothing to choose."""
        if self.single_option(kind, player) and has_word(self.lang, f"{prefix}{kind}_one"):
            return word(self.lang, f"{prefix}{kind}_one")
        return word(self.lang, f"{prefix}{kind}" if has_word(self.lang, f"{prefix}{kind}") else f"{prefix}choose")

    def question(self, kind: str, player: Any = None) -> str:
        """What a decision asks, in words ("welchen Schatz nimmst du?")."""
        return self._variant("kind_", kind, player)

    def answer(self, kind: str, player: Any = None) -> str:
        """The console command that answers a decision of this kind."""
        return self._variant("answer_", kind, player)

    def owed(self, decision: Any) -> str:
        """A pending decision as a line: its question, and at the console the command that answers it."""
        line = self.question(decision.kind, decision.player)
        return f"{line} → {self.answer(decision.kind, decision.player)}" if self.console else line

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
        if out.get("option") in ANSWER_WORDS:            # "accept" is an answer, not a card
            out["option"] = word(self.lang, ANSWER_WORDS[out["option"]])
        for key in CARD_LIST_KEYS:
            if key in out and isinstance(out[key], list):
                out[key] = self.cards(out[key])
        if "deck" in out:
            out["deck_one"] = word(self.lang, f"{out['deck']}_card")
            out["deck"] = word(self.lang, str(out["deck"]))
        for key in ("where", "what"):
            if key in out:
                out[key] = word(self.lang, f"{key}_{out[key] or 'any'}")
        if "kind" in out:
            out["kind"] = self.question(str(out["kind"]), params.get("player"))
        if "ability" in out:
            out["ability"] = word(self.lang, f"ability_{out['ability']}")
        if isinstance(out.get("needs"), list):
            from table.describe import trait_names, trait_text

            names = trait_names(catalog(self.sets), self.lang)
            out["needs"] = ", ".join(trait_text(n, self.lang, names) for n in out["needs"])
        if "slot" in out:
            out["slot"] = text(self.lang, "describe", f"slot_{out['slot'] or 'none'}")
        if "faction" in out and "smashup" in self.sets:
            from table.smashup_render import faction_name

            out["faction"] = faction_name(str(out["faction"]), self.lang)
        return out


QUIET_EVENTS = {"decided"}


def render_event(event: Event, namer: Namer) -> str | None:
    if event.kind == "decided":
        return _decided(event, namer)
    if event.kind in QUIET_EVENTS:
        return None
    if "smashup" in namer.sets:
        from table import smashup_render

        line = smashup_render.render_event(event, namer)
    else:
        params = namer.params(event.params)
        line = text(namer.lang, "events", _event_key(event, namer, params), **params)
    return line + _console_hint(event, namer) if namer.console else line


def _console_hint(event: Event, namer: Namer) -> str:
    """At the console, a line that asks for a move names the command that makes it."""
    if event.kind in ("decision_opened", "choice_opened"):
        return f" → {namer.answer(str(event.params.get('kind')), event.params.get('player'))}"
    if has_word(namer.lang, f"hint_{event.kind}"):
        return f" → {word(namer.lang, f'hint_{event.kind}')}"
    return ""


def _event_key(event: Event, namer: Namer, params: dict[str, Any]) -> str:
    if event.kind == "decision_opened" and event.params.get("kind") == "run_away" and \
            namer.single_option("run_away", event.params.get("player")):
        return "must_run"           # one monster: no question which to run from first
    if event.kind == "card_played" and event.params.get("target"):
        return "card_played_on"
    if event.kind == "curse_cast" and str(params.get("card", "")).split(" ")[0].endswith("!"):
        return "curse_cast_named"      # "Fluch! Sohlendieb", "Falle! Treibsand" say what they are
    return event.kind


def _decided(event: Event, namer: Namer) -> str | None:
    """A declined help or trade says so; other answers show in what follows them."""
    key = f"decided_{event.params.get('kind')}_{event.params.get('option')}"
    if not has_text(namer.lang, "events", key):
        return None
    return text(namer.lang, "events", key, **namer.params(event.params))


def render_error(exc: Any, namer: Namer, me: str | None = None) -> str:
    """A refusal in words. A variant of the text is used where one fits better: the game's phase
    ("wrong_phase_start": open the door first), or the player who reads it being the one named
    ("waiting_for_decision_you")."""
    params = dict(getattr(exc, "params", {}))
    code = exc.code
    variants = [f"{code}_{params['phase']}"] if "phase" in params else []
    if me is not None and params.get("player") == me:
        variants.append(f"{code}_you")
    code = next((v for v in variants if has_text(namer.lang, "errors", v)), code)
    if "kind" in params:
        params["answer"] = namer.answer(str(params["kind"]), params.get("player"))
    return text(namer.lang, "errors", code, **namer.params(params))


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
        items = [item_label(i, namer) + ("" if i.in_use else "*") for i in player.items]
        lines.append(
            f"{marker} {player.name} ({word(lang, 'sex_' + player.sex)}): {word(lang, 'level')} {player.level}, "
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
        lines.append(f"… {namer.player(decision.player)}: {namer.owed(decision)}")
    return lines


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
    """"⚔ Kampf: Anna 5 + Ben 3 + 2 = 10 – Buggoth (12) [12]": each fighter's strength as the status
    line shows it, then what cards and abilities add in this combat, then the side's total."""
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
    lines = [f"⚔ {word(namer.lang, 'combat')}: {side} – {monsters} [{cb.monsters_strength(state)}]"]
    if combat.stage == "fight":
        waiting = [namer.player(p.id) for p in state.players if p.id not in combat.passed]
        lines.append(f"   {word(namer.lang, 'not_passed_yet')}: {', '.join(waiting)}")
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
    table = [f"{item_label(i, namer)} ({word(lang, 'in_use') if i.in_use else word(lang, 'backpack')})"
             for i in player.items] + [namer.card(u) for u in (*_abilities_in_play(player), *player.curses)]
    lines.append(f"{word(lang, 'table')}: " + (", ".join(table) or word(lang, "none")))
    for decision in state.decisions:
        if decision.player == player_id:
            options = ", ".join(option_label(o, namer) for o in decision.options)
            lines.append(f"{word(lang, 'decisions')}: {namer.owed(decision)} – {options}")
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
