"""Random sequences of moves, legal and illegal, never break an invariant; illegal moves never change
the state; the same seed and actions replay to the identical state."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.core.errors import IllegalAction
from engine.invariants import violations
from engine.munchkin import actions as A
from engine.munchkin.rules import apply, legal_actions, new_game
from engine.munchkin.state import GameState, Options
from engine.sim import RandomAgent, all_moves


def _wild_move(state: GameState, rng: random.Random) -> A.Action:
    """A move that may well be illegal: wrong player, foreign cards, stale ids, nonsense targets."""
    players = [p.id for p in state.players] + ["stranger"]
    actor = rng.choice(players)
    uid = rng.choice([*list(state.card_ids), "c9999"])
    other = rng.choice(players)
    return rng.choice([
        A.KickDoor(actor=actor), A.LootRoom(actor=actor), A.EndTurn(actor=actor),
        A.LookForTrouble(actor=actor, card=uid),
        A.PlayCard(actor=actor, card=uid, target_player=other),
        A.PlayCard(actor=actor, card=uid, side=rng.choice(["players", "monsters"])),
        A.PlayCard(actor=actor, card=uid, target_monster=rng.choice(list(state.card_ids))),
        A.Equip(actor=actor, card=uid, in_use=rng.random() < 0.5),
        A.Discard(actor=actor, card=uid),
        A.Sell(actor=actor, cards=(uid,)),
        A.OfferTrade(actor=actor, to=other, give=(uid,)),
        A.AskHelp(actor=actor, helper=other, treasures=rng.randint(-1, 3)),
        A.OfferHelp(actor=actor),
        A.UseAbility(actor=actor, card=uid, ability=rng.choice(["berserk", "backstab", "charm", "flight", "x"]),
                     discard=(rng.choice(list(state.card_ids)),), target_player=other),
        A.Sacrifice(actor=actor, card=uid, helper_escapes=rng.random() < 0.5),
        A.Claim(actor=actor, card=uid),
        A.KickDoor(actor=actor, resurrect_with=uid),
        A.Pass(actor=actor, window=rng.randint(0, state.next_id + 1)),
        A.Decide(actor=actor, decision=rng.randint(0, state.next_id + 1), option=rng.choice([uid, "accept"])),
        A.Timeout(actor=rng.choice([A.SYSTEM, actor]), window=rng.randint(0, state.next_id + 1)),
        A.Timeout(actor=A.SYSTEM, decision=rng.randint(0, state.next_id + 1)),
        A.Timeout(actor=A.SYSTEM, turn=rng.randint(state.turn - 1, state.turn + 1)),
        *([A.Leave(actor=actor)] if rng.random() < 0.1 else []),
    ])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), steps=st.integers(50, 250),
       wildness=st.floats(0.1, 0.6), faster=st.booleans(),
       sets=st.sampled_from([("testdeck",), ("cthulhu",), ("impossible",), ("shakespeare",), ("axecop",),
                             ("cthulhu", "axecop"), ("impossible", "shakespeare")]))
@example(seed=900, players=6, steps=138, wildness=0.46875, faster=False, sets=("cthulhu",))  # helper left mid-split
@example(seed=321, players=5, steps=113, wildness=0.59375, faster=True, sets=("axecop",))  # fighter left mid-reward
def test_random_moves_keep_every_invariant(seed, players, steps, wildness, faster, sets):
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    state, events = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed, sets=sets,
                             options=Options(faster_play=faster))
    assert violations(state, events) == []
    for _ in range(steps):
        if state.phase == "over":
            break
        if rng.random() < wildness:
            move = _wild_move(state, rng)
            before = state.model_dump_json()
            try:
                state, events = apply(state, move)
            except IllegalAction:
                assert state.model_dump_json() == before, f"illegal {move} changed the state"
                continue
        else:
            state, events = apply(state, agent.choose(all_moves(state), state))
        assert violations(state, events) == []


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_listed_legal_action_applies(seed):
    rng = random.Random(seed)
    state, _ = new_game([("a", "A"), ("b", "B"), ("c", "C"), ("d", "D")], seed=seed)
    for _ in range(120):
        if state.phase == "over":
            break
        for player in state.players:
            for move in legal_actions(state, player.id):
                apply(state, move)    # must not raise
        state, _ = apply(state, RandomAgent(rng).choose(all_moves(state)))


def _play_and_log(seed: int, players: int, options: Options) -> tuple[GameState, list[A.Action]]:
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed, options=options)
    log: list[A.Action] = []
    while state.phase != "over" and len(log) < 20_000:
        move = agent.choose(all_moves(state))
        state, _ = apply(state, move)
        log.append(move)
    return state, log


def test_same_seed_and_actions_replay_exactly():
    """Randomness only from the seeded RNG in the state: the log replays to the identical JSON."""
    for seed, players, options in [(3, 4, Options()), (8, 3, Options(faster_play=True, shared_victory=True))]:
        final, log = _play_and_log(seed, players, options)
        assert final.phase == "over"
        state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed, options=options)
        for move in log:
            serialized = A.ACTION_ADAPTER.dump_json(move)
            state, _ = apply(state, A.parse_action(serialized.decode()))
        assert state.model_dump_json() == final.model_dump_json()


def test_state_round_trips_through_json():
    final, _ = _play_and_log(5, 4, Options())
    again = GameState.model_validate_json(final.model_dump_json())
    assert again.model_dump() == final.model_dump()
    assert again.model_dump_json() == final.model_dump_json()
