"""What the engine works out once per card design (engine.smashup.cards.per_card, read by the power
tables and the move listing) follows a design that is replaced while games run, as a host's changed
card file or a test replaces it: the card plays by its new text, never by what was remembered of
the old one."""

from __future__ import annotations

import random

from engine.smashup import listing, rules
from engine.smashup.cards import Effect
from engine.smashup.power import minion_power, powers_fixed
from tests.smashup_helpers import redesign

BOOST = "others_mine_power"      # Sword Lord's kind: the controller's other minions get +n


def _plain(state, minion) -> bool:
    """A minion nothing is played on, whose abilities work, of a design that boosts nobody."""
    return (minion.controller is not None and not minion.attached and minion.uid not in state.silenced
            and all(e.op != BOOST for e in state.card(minion.uid).effects))


def _two_own_minions(seed: int = 21, players: int = 3):
    """A state of a random game where one player controls two plain minions of different designs."""
    rng = random.Random(seed)
    state, _ = rules.new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed)
    while state.phase != "over":
        found = [(b, m) for b in state.bases for m in b.minions if _plain(state, m)]
        for base, first in found:
            for _, other in found:
                if other.controller == first.controller and state.card_ids[other.uid] != state.card_ids[first.uid]:
                    return state, base, first, other
        moves = [m for p in state.players for m in listing.legal_actions(state, p.id)]
        state, _ = rules.apply(state, rng.choice(moves), in_place=True)
    raise AssertionError("no player with two minions in this game")


def test_a_replaced_design_boosts_by_its_new_text(monkeypatch):
    """Rulebook "Dauerhaft" (lines 286-287): an ongoing ability works as long as its card is in
    play. A design given Sword Lord's ongoing +2 while the game runs gives the controller's other
    minion +2 at once, in the power tables and worked out alone, though its old text (no boost) was
    remembered a moment before."""
    state, base, first, other = _two_own_minions()
    with powers_fixed(state):
        before = minion_power(state, base, first)
    old = state.card(other.uid)
    redesign(monkeypatch, old.id, effects=(*old.effects, Effect(op=BOOST, n=2)))
    with powers_fixed(state):
        assert minion_power(state, base, first) == before + 2
    assert minion_power(state, base, first) == before + 2
    monkeypatch.undo()                   # the old design back: its old answer again
    assert minion_power(state, base, first) == before
