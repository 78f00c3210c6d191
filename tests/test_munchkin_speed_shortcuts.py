"""The listing's and the step checks' quick paths give what the one-card-at-a-time rules give, on
tables that random games reach in Cthulhu alone and in the four-set mix (many Goth fights, Kultisten
and discards): who may bring a monster into a fight, which cards may be discarded by choice, and
who is still human."""

from __future__ import annotations

import random

import pytest

from engine.munchkin import combat as cb
from engine.munchkin.rules import apply, new_game
from engine.munchkin.sets import cult, hooks
from engine.munchkin.state import GameState, Options
from engine.sim import RandomAgent, all_moves

SETS = [("cthulhu",), ("cthulhu", "impossible", "shakespeare", "axecop")]


def _tables(sets: tuple[str, ...], seed: int, steps: int = 1500):
    """The states of one random game, one after another."""
    agent = RandomAgent(random.Random(seed))
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(4)], seed=seed, sets=sets, options=Options())
    for _ in range(steps):
        if state.phase == "over":
            return
        yield state
        state, _ = apply(state, agent.choose(all_moves(state), state))


def _monsters(state: GameState) -> list[str]:
    return [uid for uid in state.card_ids if state.card(uid).kind == "monster"]


@pytest.mark.parametrize("sets", SETS, ids=lambda s: "+".join(s))
def test_a_monster_may_follow_exactly_where_a_monster_in_the_fight_calls_it(sets):
    """Cthulhu "Goth-Monster" (l.11): a Goth in the fight calls one further Goth, one that came in by
    a call calls none; undead and the families a set names follow their kind. can_follow (by the
    fight's traits open to follow) says yes exactly where _caller_for finds the calling monster."""
    fights = 0
    for state in _tables(sets, seed=7):
        if state.combat is None or state.combat.stage != "fight":
            continue
        fights += 1
        for uid in _monsters(state):
            assert cb.can_follow(state, uid) == (cb._caller_for(state, uid) is not None), uid
    assert fights > 50


@pytest.mark.parametrize("sets", SETS, ids=lambda s: "+".join(s))
def test_discard_filter_and_first_humans_agree_with_the_card_by_card_rules(sets):
    """Cthulhu "Kultisten" (C l.258, l.318): a Kultist card is never discarded by choice; l.23, l.29:
    the cult's endings count the players who are no Kultisten."""
    cultists_seen = 0
    for state in (s for seed in range(11, 16) for s in _tables(sets, seed)):
        discardable = hooks.discard_filter(state)
        for player in state.players:
            in_play = [*player.classes, *player.races, *(i.uid for i in player.items)]
            assert discardable(in_play) == [u for u in in_play if hooks.may_discard_by_choice(state, u)]
        humans = [p for p in state.players if not cult.is_cultist(state, p)]
        assert cult.first_humans(state, 2) == humans[:2]
        cultists_seen += len(state.players) - len(humans)
    if "cthulhu" in sets:
        assert cultists_seen > 0
