"""``apply(state, move, in_place=True)`` (for the simulator's and playouts' own states) does exactly
what the copying ``apply`` does over random Smash Up games of 2 to 4 players (draft, turns, scorings,
card choices): the same state after every move and the same events; and a move the rules refuse
(rulebook "So läuft dein Spielzug ab" and "Die große Wertung": out of turn, a card not held, a pick
the card cannot make, a stale window or prompt) changes nothing, in place as well.

Quick by default; SMASHUP_PROPERTY_EXAMPLES=200 explores more random games."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup import rules
from engine.smashup.listing import legal_actions
from engine.smashup.power import minion_power, powers_fixed
from engine.smashup.rules import apply, is_legal, new_game
from tests.in_place_check import refused_in_place, same_in_place
from tests.test_smashup_legal_property import _candidate

EXAMPLES = int(os.environ.get("SMASHUP_PROPERTY_EXAMPLES", "10"))


def _game(seed: int, players: int):
    return new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed)


def _moves(state) -> list[A.Action]:
    return [m for p in state.players for m in legal_actions(state, p.id)]


def _same_in_place(state, move) -> None:
    same_in_place(apply, state, move)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_in_place_and_copied_stay_equal(players):
    """Two tables play the same random moves to the end of the game, one copying and one changing its
    own state: equal after every move, with the same events."""
    for seed in (5, 21):
        rng = random.Random(seed)
        copied, _ = _game(seed, players)
        own = copied.clone()
        for _ in range(1500):
            if copied.phase == "over":
                break
            move = rng.choice(_moves(copied))
            copied, copied_events = apply(copied, move)
            after, events = apply(own, move, in_place=True)
            assert after is own
            assert own.model_dump() == copied.model_dump(), f"seed {seed}: in place differs after {move!r}"
            assert events == copied_events
        assert copied.phase == "over"


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(10, 250))
def test_every_listed_move_in_place_matches_the_copy(seed, players, steps):
    """Not only the moves a random player picks: every move listed for anyone (and the deadline's
    default move), now and then along a random game and in every scoring, gives the same state and
    events both ways."""
    rng = random.Random(seed)
    state, _ = _game(seed, players)
    for step in range(steps):
        if state.phase == "over":
            break
        moves = _moves(state)
        if step % 15 == 0 or state.scoring is not None or state.decisions:
            for move in rng.sample(moves, min(20, len(moves))):
                _same_in_place(state, move)
            timeout = A.Timeout(actor=A.SYSTEM, turn=state.turn)
            if is_legal(state, timeout):
                _same_in_place(state, timeout)
        state, _ = apply(state, rng.choice(moves))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(10, 200))
def test_a_refused_move_changes_nothing_in_place(seed, players, steps):
    """Moves drawn from a wide space (others' cards, any base or pick, stale windows and prompts, out
    of turn): each the rules refuse is refused by the in-place apply too, and that state stays as it
    was (a stale pick is refused with KeyError, as is_legal counts it)."""
    rng = random.Random(seed)
    state, _ = _game(seed, players)
    refused = 0
    for step in range(steps):
        if state.phase == "over":
            break
        if step % 10 == 0 or state.scoring is not None:
            for seat in state.players:
                for _ in range(15):
                    refused += refused_in_place(apply, is_legal, state, _candidate(state, seat.id, rng),
                                                errors=(IllegalAction, KeyError))
        state, _ = apply(state, rng.choice(_moves(state)))
    assert refused


def test_a_move_failing_half_way_in_place_is_no_clean_refusal(monkeypatch):
    """Should an executor ever fail after it changed the state, the in-place apply says so (a
    RuntimeError naming the half-made move) instead of looking like a refusal that changed nothing."""
    state, _ = _game(3, 3)
    move = _moves(state)[0]
    real = rules.EXECUTE[type(move)]

    def half_way(tx, action):
        real(tx, action)
        raise IllegalAction("not_allowed")
    monkeypatch.setitem(rules.EXECUTE, type(move), half_way)
    with pytest.raises(IllegalAction):
        apply(state, move)                     # the copy is dropped: a clean refusal
    with pytest.raises(RuntimeError, match="half-made move"):
        apply(state, move, in_place=True)


def test_powers_remembered_around_an_in_place_move_are_not_read_after_it():
    """Rulebook "Die große Wertung" counts the powers as they are: a minion's power remembered while
    the state was read only (powers_fixed) is worked out anew once a move changed that very state."""
    rng = random.Random(4)
    state, _ = _game(4, 3)
    while not any(base.minions for base in state.bases):
        state, _ = apply(state, rng.choice(_moves(state)))
    base = next(b for b in state.bases if b.minions)
    minion = base.minions[0]
    move = rng.choice(_moves(state))
    with powers_fixed(state):
        minion_power(state, base, minion)       # remembered
        minion.counters += 2                    # two power counters come (as an earlier move would give)
        apply(state, move, in_place=True)
        seen = minion_power(state, base, minion)
    assert seen == minion_power(state, base, minion)      # outside any block: worked out afresh
