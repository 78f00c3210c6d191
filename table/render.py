"""Plain text for what the table shows: events, errors, the public table and a private hand.

The console prints these lines; the Discord cogs use the same texts inside embeds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core.events import Event
from table.games import frontend, frontend_of, game_of_sets
from table.i18n import has_text, has_word, text, word

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
    state: Any = None
    sets: tuple[str, ...] = ("testdeck",)
    console: bool = False       # the console names the command that answers a decision
    # how a name is written into a message: Discord escapes its Markdown (cogs/names.py); None: as it is
    markup: Callable[[str], str] | None = None
    public: bool = False        # written for the whole channel: decisions are named in the third person
    viewer: str | None = None   # the one player a private text is for: others' decisions in the third person
    game: str = field(init=False)   # the game whose cards and words these are, from the sets

    def __post_init__(self) -> None:
        self.game = game_of_sets(self.sets)

    def player(self, player_id: Any) -> str:
        name = self.players.get(str(player_id), str(player_id))
        return self.markup(name) if self.markup is not None else name

    def labels(self) -> Namer:
        """The same names for a button, a menu or a suggestion: those show their text as it is."""
        return replace(self, markup=None)

    def card_design(self, value: Any) -> Any:
        value = str(value)
        if self.state is not None and value in self.state.card_ids:
            value = self.state.card_ids[value]
        return frontend(self.game).card_design(value, self.sets)

    def card(self, value: Any) -> str:
        card = self.card_design(value)
        if card is None:      # a pick that is a player (Smash Up's Trade) reads as their name
            return self.player(value)
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

    def topic(self, kind: str, player: Any = None) -> str:
        """What a decision is about, said of the one who decides ("ob der Handel angenommen wird"): for
        the table, which the decider's question ("nimmst du den Handel an?") would address wrongly."""
        if has_word(self.lang, f"topic_{kind}"):
            return self._variant("topic_", kind, player)
        return self.question(kind, player)

    def answer(self, kind: str, player: Any = None) -> str:
        """The console command that answers a decision of this kind."""
        return self._variant("answer_", kind, player)

    def addresses(self, player: Any) -> bool:
        """Whether a decision of this player's is asked of the reader ("nimmst du den Handel an?"): not
        on the table, nor in a text for another player (the fighter who asked for help)."""
        return not self.public and (self.viewer is None or str(player) == self.viewer)

    def owed(self, decision: Any) -> str:
        """A pending decision as a line: its question, and at the console the command that answers it."""
        line = (self.question if self.addresses(decision.player) else self.topic)(decision.kind, decision.player)
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
            asked = self.question if self.addresses(params.get("player")) else self.topic
            out["kind"] = asked(str(out["kind"]), params.get("player"))
        if "ability" in out:
            out["ability"] = word(self.lang, f"ability_{out['ability']}")
        if "slot" in out:
            out["slot"] = text(self.lang, "describe", f"slot_{out['slot'] or 'none'}")
        frontend(self.game).name_params(out, self)
        return out


def names_by_seat(seats: list[Any]) -> dict[str, str]:
    """Each seat's name by its player id, a bot's marked "(Bot)"."""
    return {s.user_id: s.name + (" (Bot)" if s.bot else "") for s in seats}


QUIET_EVENTS = {"decided"}


def render_event(event: Event, namer: Namer) -> str | None:
    if event.kind == "decided":
        return _decided(event, namer)
    if event.kind in QUIET_EVENTS:
        return None
    line = frontend(namer.game).render_event(event, namer)
    return line + _console_hint(event, namer) if namer.console else line


def _console_hint(event: Event, namer: Namer) -> str:
    """At the console, a line that asks for a move names the command that makes it."""
    if event.kind in ("decision_opened", "choice_opened"):
        return f" → {namer.answer(str(event.params.get('kind')), event.params.get('player'))}"
    if has_word(namer.lang, f"hint_{event.kind}"):
        return f" → {word(namer.lang, f'hint_{event.kind}')}"
    return ""


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
def public_view(state: Any, namer: Namer) -> list[str]:
    """What everybody may see of the table, as the state's game shows it."""
    return frontend_of(state).public_view(state, namer)


def private_view(state: Any, player_id: str, namer: Namer) -> list[str]:
    """One player's hand and the decisions they owe, as the state's game shows them."""
    return frontend_of(state).private_view(state, player_id, namer)


def option_label(option: str, namer: Namer) -> str:
    """A decision's option in words, in the namer's game."""
    return frontend(namer.game).option_label(option, namer)
