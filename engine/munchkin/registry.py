"""The registries of named functions the shared rules call without knowing which module wrote them.

- ``HANDLERS``: what an effect with op "handler" does, by the name the card data gives it
  (``cards.HANDLER_NAMES`` lists the names); effects.py and the set modules register with ``@handler``.
- ``DECISIONS``: what a decision opened by a set's rule does with the option chosen, by its kind.

This module only holds them. The modules that register are all imported in one place,
registry_load.py: read the registries from there where they must be complete.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.munchkin.cards import HANDLER_NAMES
from engine.munchkin.state import Player
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
