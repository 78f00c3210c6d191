"""The simulator's invariant "every card lies in exactly one place" sees every place a Smash Up card can
lie (rulebook "Spielaufbau" and "Die große Wertung": decks, hands, discard piles, bases, minions and the
cards played on them, monsters, the loot of a scoring): a card in two places, or one gone, is reported."""

from __future__ import annotations

import random

from engine.smashup.invariants import violations
from engine.smashup.listing import legal_actions
from engine.smashup.rules import apply, new_game


def _played_until(check, seed: int = 3):
    """A random three-player game, up to the first state where ``check`` holds."""
    rng = random.Random(seed)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(3)], seed=seed)
    while not check(state):
        state, _ = apply(state, rng.choice([m for p in state.players for m in legal_actions(state, p.id)]))
    return state


def _carrier(state):
    return next(m for b in state.bases for m in (*b.minions, *b.monsters) if m.attached)


def test_a_card_on_a_minion_counts_as_placed_once():
    state = _played_until(lambda s: any(m.attached for b in s.bases for m in (*b.minions, *b.monsters)))
    assert violations(state) == []
    carried = _carrier(state).attached[0]
    state.players[0].hand.append(carried)                     # also in a hand: two places
    assert f"card {carried} in 2 places" in violations(state)


def test_a_card_gone_from_a_minion_is_reported_lost():
    state = _played_until(lambda s: any(m.attached for b in s.bases for m in (*b.minions, *b.monsters)))
    carried = _carrier(state).attached.pop()
    assert any(carried in problem and problem.startswith("cards lost") for problem in violations(state))


def test_minions_monsters_and_bases_are_places_too():
    state = _played_until(lambda s: any(b.monsters for b in s.bases) and any(b.minions for b in s.bases))
    minion = next(m.uid for b in state.bases for m in b.minions)
    monster = next(m.uid for b in state.bases for m in b.monsters)
    state.players[1].discard += [minion, monster, state.bases[0].uid]
    found = violations(state)
    assert all(f"card {uid} in 2 places" in found for uid in (minion, monster, state.bases[0].uid))


def test_a_card_from_outside_the_game_and_a_changed_table_are_reported():
    # the check remembers the card uids of the table it saw last; a new card in a hand, or a table
    # grown in place or replaced, must still be compared against the cards really in the game
    state = _played_until(lambda s: s.phase == "play")
    assert violations(state) == []
    state.players[0].hand.append("s9999")
    assert "unknown cards: ['s9999']" in violations(state)
    state.players[0].hand.pop()
    state.card_ids["s9999"] = next(iter(state.card_ids.values()))      # grown in place
    assert "cards lost: ['s9999']" in violations(state)
    state.card_ids = {**state.card_ids, "s9998": "x"}                    # another table
    assert violations(state) == ["cards lost: ['s9998', 's9999']"]


def test_seats_factions_and_winners_are_checked():
    state = _played_until(lambda s: s.phase == "play")
    assert violations(state) == []
    first, second = state.players[0], state.players[1]
    first.vp = -1
    first.factions = [first.factions[0]]
    second.factions = [second.factions[0]] * 2
    state.winners = [second.id]
    assert violations(state) == [f"{first.id} has -1 VP", f"{second.id} has factions {second.factions}",
                                 "a player without two factions", "winners before the end"]
