"""The listing of talents, specials, the rounds of a scoring and card choices builds its moves from what
it has made sure of instead of asking validate about each (README, "How the engines stay fast"): it
must still offer exactly the moves validate lets go, in the order of a slow listing that builds every
candidate and asks validate about it (the simulator's random players pick by position).
Rulebook: smash-up-munchkin.de.txt."""

from __future__ import annotations

import pytest

from engine.smashup import actions as A
from engine.smashup import choices, rules
from tests.test_smashup import take
from tests.test_smashup_cards import HALFLINGS, game_for, play, set_base
from tests.test_smashup_speed_listing import _states


def _slow_choices(state, pid: str) -> list[A.Action]:
    """Every option of every card choice of the player, kept when validate lets it go."""
    made = [A.Choose(actor=pid, decision=d.id, option=option) for d in state.decisions for option in d.options
            if d.player == pid]
    return [move for move in made if rules.is_legal(state, move)]


@pytest.mark.parametrize(("seed", "players"), [(21, 3), (7, 2), (11, 4)])
def test_choices_listed_are_the_ones_validate_allows_in_order(seed, players):
    """Line 476: a card that says "dürfen" leaves the choice to its player (and other cards ask which
    card, minion or base): while a choice waits, each player is offered exactly the answers validate
    lets go, and nothing else."""
    checked = 0
    for state in _states(seed, players, steps=500):
        if choices.pending(state) is None:
            continue
        for seat in state.players:
            listed = rules.legal_actions(state, seat.id)
            assert listed == _slow_choices(state, seat.id)
            checked += bool(listed)
    assert checked > 10


def test_an_option_gone_stale_is_not_offered():
    """Line 476 with Dimension Doors' "dürfen" payment: Rude Awakening plays the hand out while the
    Doors ask for a card; a card that left the hand is no longer offered as the payment, the others are."""
    state = game_for("anna", HALFLINGS)
    set_base(state, 0, "base-dimension-doors")
    seat = state.player("anna")
    seat.hand = [u for u in seat.hand if state.card(u).kind != "minion"]
    first = take(state, "halflings-pestling", "anna")
    second = take(state, "mages-wand-whiz", "anna")
    (state, _), _ = play(state, "anna", "halflings-rude-awakening")
    choice = next(d for d in state.decisions if d.kind == "doors_pay")
    offered = [m.option for m in rules.legal_actions(state, "anna")]
    assert second in choice.options and second not in offered and first not in state.player("anna").hand
    assert offered == [o for o in choice.options if o != second] and "none" in offered
    assert rules.legal_actions(state, "anna") == _slow_choices(state, "anna")


def test_a_choice_id_given_twice_is_answered_as_validate_finds_it():
    """The listing offers what validate allows even for choices sharing an id: validate looks at the
    first card choice with the id, so the second one's own options are offered only where the first
    has them too (line 476: the player answers the choice the card left)."""
    state = game_for("anna", HALFLINGS)
    state.decisions = [rules.Decision(id=7, player="anna", kind="may_draw", options=["none", "yes"], default="none"),
                       rules.Decision(id=7, player="anna", kind="may_monster", options=["yes", "x"], default="yes",
                                      context={"base": state.bases[0].uid})]
    listed = rules.legal_actions(state, "anna")
    assert [m.option for m in listed] == ["none", "yes", "yes"]
    assert listed == _slow_choices(state, "anna")
