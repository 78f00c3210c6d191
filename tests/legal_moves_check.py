"""The check both games' property tests share: legal_actions lists exactly the moves validate accepts.

A move the rules list with free-form parameters (which cards pay, which items a trade names …) is
compared without them; a valid move with a field its kind of move ignores must, given a listed move's
free-form parts, do exactly what that listed move does."""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType


def _shape(move, free_form: set[str]) -> tuple:
    return tuple(sorted((k, v) for k, v in move.model_dump().items() if k not in free_form))


def _same_as_a_listed_move(rules: ModuleType, state, move, listed: list, free_form: set[str]) -> bool:
    """The move does what a listed move does: itself (a field its card ignores, such as a second pick
    or a mode for a card that asks for neither, changes nothing), or with the listed move's free-form
    parts."""
    after = rules.apply(state, move)[0]
    for other in listed:
        if type(other) is not type(move) or getattr(other, "card", None) != getattr(move, "card", None):
            continue
        listed_after = rules.apply(state, other)[0]
        if after == listed_after:
            return True
        variant = move.model_copy(update={k: getattr(other, k) for k in free_form if hasattr(other, k)})
        if rules.is_legal(state, variant) and rules.apply(state, variant)[0] == listed_after:
            return True
    return False


def check_state(rules: ModuleType, state, candidate: Callable, free_form: set[str], rng: random.Random,
                samples: int) -> None:
    """For each player: every listed move validates; ``samples`` candidates (``candidate(state, pid,
    rng)``) that validate are listed."""
    for seat in state.players:
        listed = rules.legal_actions(state, seat.id)
        for move in listed:
            assert rules.is_legal(state, move), f"listed but refused: {move!r}"
        shapes = {_shape(m, free_form) for m in listed}
        for _ in range(samples):
            move = candidate(state, seat.id, rng)
            if rules.is_legal(state, move) and _shape(move, free_form) not in shapes:
                assert _same_as_a_listed_move(rules, state, move, listed, free_form), \
                    f"valid but not listed: {move!r}"
