"""The registries of named functions the shared rules call without knowing which module wrote them.

- ``HANDLERS``: what an effect with op "handler" does, by the name the card data gives it
  (``cards.HANDLER_NAMES`` lists the names); effects.py and the set modules register with ``@handler``.
- ``DECISIONS``: what a decision opened by a set's rule does with the option chosen, by its kind.
- ``PLAYS``: how a card with a "play" of its own is played (``cards.PLAY_NAMES``): its check, what it
  does, and the forms of the move the listing offers; from Munchkin rules version 2 on.

This module only holds them. The modules that register are all imported in one place,
registry_load.py: read the registries from there where they must be complete.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.munchkin.actions import PlayCard
from engine.munchkin.cards import HANDLER_NAMES, PLAY_NAMES
from engine.munchkin.state import GameState, Player
from engine.munchkin.tx import Tx

# A handler either returns the cards the victim must choose one of to lose (a list), or does its
# work itself and returns whether it hit anything (a bool).
Handler = Callable[[Tx, Player, str], list[str] | bool | None]
HANDLERS: dict[str, Handler] = {}

# A set's decision: (tx, the player who chose, the option chosen).
SetDecision = Callable[[Tx, Player, str], None]
DECISIONS: dict[str, SetDecision] = {}


def handler(name: str) -> Callable[[Handler], Handler]:
    if name not in HANDLER_NAMES:
        raise ValueError(f"handler {name!r} is missing from cards.HANDLER_NAMES: no card could name it")

    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return register


def decision(kind: str) -> Callable[[SetDecision], SetDecision]:
    def register(fn: SetDecision) -> SetDecision:
        DECISIONS[kind] = fn
        return fn

    return register


@dataclass(frozen=True)
class CardPlay:
    """A card's own play: ``check`` refuses a wrong move (IllegalAction), ``do`` plays it (the card has
    left the hand or table; ``do`` puts it where it goes), ``forms`` lists the moves worth offering
    (each still passes ``check`` before it is listed)."""

    check: Callable[[GameState, Player, PlayCard], None]
    do: Callable[[Tx, Player, PlayCard], None]
    forms: Callable[[GameState, Player, str], list[PlayCard]]


PLAYS: dict[str, CardPlay] = {}


def card_play(name: str, check: Callable[[GameState, Player, PlayCard], None],
              forms: Callable[[GameState, Player, str], list[PlayCard]]) -> Callable[[Callable], Callable]:
    if name not in PLAY_NAMES:
        raise ValueError(f"play {name!r} is missing from cards.PLAY_NAMES: no card could name it")

    def register(fn: Callable[[Tx, Player, PlayCard], None]) -> Callable[[Tx, Player, PlayCard], None]:
        PLAYS[name] = CardPlay(check=check, do=fn, forms=forms)
        return fn

    return register
