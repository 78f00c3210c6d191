"""Applying a move looks for the cards that wait for a moment by their design first (hooks._designed:
the op sets of the designs) and asks only those whether the ability works now: a card in play with
the ability still answers, and one whose abilities rest still does nothing."""

from __future__ import annotations

from tests.test_smashup import put_minion
from tests.test_smashup_cards import ELVES, game_for, play


def test_a_fae_fighter_whose_abilities_rest_trades_no_counters():
    """Fae Fighter trades counters when another player plays a minion, but not while her abilities
    rest until the end of the turn (Potion of Paralysis, Last Call): rulebook line 498, an ability
    ends with the turn or when its card leaves play, whichever comes first."""
    state = game_for("ben", ELVES)
    fae = put_minion(state, "elves-fae-fighter", "anna", 0)
    state.silenced.append(fae)
    state.player("ben").minions_left = 1
    (state, events), _ = play(state, "ben", "thieves-master-thief", base_index=1)   # acts only by its talent
    assert "minion_played" in [e.kind for e in events]
    assert not any(d.kind == "fae_counter" for d in state.decisions)
    state.silenced.remove(fae)                  # her abilities back: the next minion is answered
    state.player("ben").minions_left = 1
    (state, _), _ = play(state, "ben", "thieves-fence", base_index=1)
    assert any(d.kind == "fae_counter" and d.player == "anna" for d in state.decisions)
