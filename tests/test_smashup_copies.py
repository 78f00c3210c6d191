"""Objects the Smash Up engine makes by hand for speed instead of through pydantic's validation.

A move changes a private copy of the state, never the state it was played on (a game stored before
a move, a bot's look-ahead and `zurück` all read the state as it was): GameState.clone must equal
the copy pydantic's round trip makes and share no list, dict or model with the original but the
card table and the owners. The moves legal_actions lists (actions.built, the listed_* forms) must be
the very moves a front end's JSON of them gives: equal, stored and shown the same."""

from __future__ import annotations

import dataclasses
import random

from engine.smashup.actions import ACTION_ADAPTER
from engine.smashup.listing import legal_actions
from engine.smashup.rules import apply, new_game
from engine.smashup.state import SHARED_FIELDS, GameState


def _played_states(seed: int, players: int, steps: int) -> list[GameState]:
    rng = random.Random(seed)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed)
    states = [state]
    while state.phase != "over" and len(states) < steps:
        moves = [m for seat in state.players for m in legal_actions(state, seat.id)]
        state, _ = apply(state, rng.choice(moves))
        states.append(state)
    return states


def _round_trip(state: GameState) -> GameState:
    copy = GameState.model_validate({**state.model_dump(exclude=SHARED_FIELDS), "card_ids": {}})
    copy.card_ids, copy.owners = state.card_ids, state.owners
    return copy


def _shared_parts(a, b, path: str = "state") -> list[str]:
    """The paths of the lists, dicts and models the two hold in common (the very same object)."""
    found = [path] if a is b and (isinstance(a, list | dict) or dataclasses.is_dataclass(a)) else []
    if isinstance(a, list):
        found += [p for i, (x, y) in enumerate(zip(a, b, strict=True)) for p in _shared_parts(x, y, f"{path}[{i}]")]
    elif isinstance(a, dict):
        found += [p for k in a for p in _shared_parts(a[k], b[k], f"{path}.{k}")]
    elif dataclasses.is_dataclass(a):
        found += [p for f in dataclasses.fields(a)
                  for p in _shared_parts(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")]
    return found


def _scribble(state: GameState) -> None:
    """Changes in place at every depth: a hand, a base's cards, a minion's attached cards and power."""
    state.players[0].hand.append("s1")
    for base in state.bases:
        base.actions.append("s2")
        for minion in base.minions:
            minion.attached.append("s3")
            minion.counters += 1


def test_the_copy_equals_the_round_trip_and_shares_nothing_it_may_change():
    for state in _played_states(seed=5, players=4, steps=400)[::7]:
        copy = state.clone()
        expected = _round_trip(state)
        assert copy == expected and copy.model_dump_json() == expected.model_dump_json()
        assert _shared_parts(state, copy) == ["state.card_ids", "state.owners"]


def test_a_move_leaves_the_state_it_was_played_on_as_it_was():
    for state in _played_states(seed=11, players=3, steps=300)[::5]:
        before = state.model_dump_json()
        moves = [m for seat in state.players for m in legal_actions(state, seat.id)]
        for move in moves[:6]:
            after, _ = apply(state, move)
            _scribble(after)                  # the new state is the mover's to change
        assert state.model_dump_json() == before


def test_listed_moves_are_the_moves_their_constructor_makes():
    seen = 0
    for state in _played_states(seed=3, players=3, steps=500):
        for seat in state.players:
            for move in legal_actions(state, seat.id):
                made = ACTION_ADAPTER.validate_json(move.model_dump_json())   # as a front end sends it
                assert move == made and hash(move) == hash(made) and repr(move) == repr(made)
                assert type(move) is type(made) and move.model_dump_json() == made.model_dump_json()
                seen += 1
    assert seen > 1000
