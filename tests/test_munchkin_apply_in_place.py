"""``apply(state, move, in_place=True)`` (the simulator's and the search's playouts' form) does exactly
what the copying ``apply`` does, over whole random games of every set and the mix: the same state
after every move and the same events; and a move the rules refuse (every rulebook's "Spielablauf":
a move out of turn, a card one does not hold, a stale window or decision) changes nothing, in place
as well.

Quick by default; MUNCHKIN_PROPERTY_EXAMPLES=200 explores more random games."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.munchkin import actions as A
from engine.munchkin.rules import apply, is_legal, new_game
from engine.munchkin.state import Options
from engine.sim import RandomAgent, all_moves
from tests.in_place_check import refused_in_place, same_in_place
from tests.test_munchkin_legal_property import _candidate

EXAMPLES = int(os.environ.get("MUNCHKIN_PROPERTY_EXAMPLES", "8"))
SETS = [("testdeck",), ("cthulhu",), ("impossible",), ("shakespeare",), ("axecop",),
        ("cthulhu", "impossible", "shakespeare", "axecop")]


def _game(seed: int, players: int, sets: tuple[str, ...], faster: bool = False):
    return new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed, sets=sets,
                    options=Options(faster_play=faster))


def _same_in_place(state, move) -> None:
    same_in_place(apply, state, move)


@pytest.mark.parametrize("sets", SETS, ids=["+".join(s) for s in SETS])
def test_whole_games_in_place_and_copied_stay_equal(sets):
    """Two tables play the same moves, one copying and one changing its state: equal after every move
    (also where a move is judged by a later one: nothing the copy made fresh is missed in place)."""
    for seed in (3, 17):
        agent = RandomAgent(random.Random(seed))
        copied, _ = _game(seed, 4 if len(sets) == 1 else 6, sets, faster=len(sets) > 1)
        own = copied.clone()
        for _ in range(600):
            if copied.phase == "over":
                break
            move = agent.choose(all_moves(copied), copied)
            copied, copied_events = apply(copied, move)
            after, events = apply(own, move, in_place=True)
            assert after is own
            assert own.model_dump() == copied.model_dump(), f"seed {seed}: in place differs after {move!r}"
            assert events == copied_events


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), steps=st.integers(10, 150), faster=st.booleans(),
       sets=st.sampled_from(SETS))
def test_every_listed_move_in_place_matches_the_copy(seed, players, steps, faster, sets):
    """Not only the moves a random player picks: every move listed for anyone, now and then along a
    random game, gives the same state and events both ways."""
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    state, _ = _game(seed, players, sets, faster)
    for step in range(steps):
        if state.phase == "over":
            break
        moves = all_moves(state)
        if step % 20 == 0 or (state.combat is not None and rng.random() < 0.2):
            for move in rng.sample(moves, min(25, len(moves))):
                _same_in_place(state, move)
        state, _ = apply(state, agent.choose(moves, state))


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), steps=st.integers(10, 150), sets=st.sampled_from(SETS))
def test_a_refused_move_changes_nothing_in_place(seed, players, steps, sets):
    """Moves drawn from a wide space (others' cards, stale windows and decisions, out of turn): each
    the rules refuse raises IllegalAction from the in-place apply and leaves that state as it was."""
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    state, _ = _game(seed, players, sets)
    refused = 0
    for step in range(steps):
        if state.phase == "over":
            break
        if step % 15 == 0:
            for seat in state.players:
                for _ in range(20):
                    refused += refused_in_place(apply, is_legal, state, _candidate(state, seat.id, rng))
        state, _ = apply(state, agent.choose(all_moves(state), state))
    assert refused


def test_accepting_a_trade_whose_item_is_gone_is_refused_before_anything_changes():
    """Cthulhu l.131 (items are traded any time outside a combat): a trade accepted after the item
    offered left the giver's table is refused; the acceptance is checked before the decision is
    taken from the table, so the state is whole, in place too."""
    agent = RandomAgent(random.Random(8))
    state, _ = _game(8, 4, ("cthulhu",))
    for _ in range(2000):
        offers = [m for m in all_moves(state) if isinstance(m, A.OfferTrade) and m.give]
        if offers:
            break
        state, _ = apply(state, agent.choose(all_moves(state), state))
    offer = offers[0]
    state, _ = apply(state, offer)
    decision = next(d for d in state.decisions if d.kind == "trade" and d.player == offer.to
                    and d.params["give"] == list(offer.give))
    giver = state.player(offer.actor)
    item = next(i for i in giver.items if i.uid == offer.give[0])
    giver.items.remove(item)                       # the item went meanwhile (lost to a curse, say)
    state.treasure_discard.append(item.uid)
    accept = A.Decide(actor=offer.to, decision=decision.id, option="accept")
    before = state.model_dump()
    with pytest.raises(IllegalAction):
        apply(state, accept, in_place=True)
    assert state.model_dump() == before
