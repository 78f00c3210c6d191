"""The listing works out a plain card's candidates without remembering them (rules._plain_candidates:
only a moded card's are looked up again, by _mode_candidates); a check of a move equal to a listed
one, not the listed object itself, finds them again (rules._picking) and lets every such move go,
in the same read-only block as the listing (the simulator's) and outside it (rulebook "Dein Zug":
a card's pick is one it may take)."""

from __future__ import annotations

import random

from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from engine.smashup.power import powers_fixed
from engine.smashup.rules import apply, new_game, validate


def _copies_checked(state, moves: list[A.Action]) -> int:
    """Validates an equal copy of each listed play with a pick; how many there were."""
    picked = [m for m in moves if isinstance(m, A.PlayMinion | A.PlayAction) and m.target is not None]
    for move in picked:
        validate(state, move.model_copy())
    return len(picked)


def test_copies_of_listed_picks_validate_in_the_block_and_outside():
    checked = 0
    for seed in (3, 17, 29):
        rng = random.Random(seed)
        state, _ = new_game([(f"p{i}", f"P{i}") for i in range(3)], seed=seed)
        for _ in range(400):
            if state.phase == "over":
                break
            with powers_fixed(state):
                listed = legal_actions(state, state.active_player.id)
                checked += _copies_checked(state, listed)
            checked += _copies_checked(state, legal_actions(state, state.active_player.id))
            moves = [m for p in state.players for m in legal_actions(state, p.id)]
            state, _ = apply(state, rng.choice(moves), in_place=True)
    assert checked > 100
