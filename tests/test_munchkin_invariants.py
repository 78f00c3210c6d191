"""The simulator's check that every card lies in exactly one place (engine/invariants.py), in the
shapes a broken move would leave: its quick test of the usual case must still see each of them."""

from __future__ import annotations

from engine.invariants import violations
from tests.munchkin_helpers import game


def test_a_dealt_game_has_every_card_in_one_place():
    state = game()
    assert violations(state) == []


def test_a_card_in_two_places_with_another_lost_is_reported():
    # as many places as cards: only the cards themselves show what is wrong
    state = game()
    lost = state.door_deck.pop()
    state.players[0].hand.append(state.treasure_deck[0])
    assert violations(state) == [f"card {state.treasure_deck[0]} in 2 places", f"cards lost: ['{lost}']"]


def test_a_step_after_one_found_right_is_checked_again():
    # places found right are remembered; the next step's places are compared with them
    state = game()
    assert violations(state) == [] and violations(state) == []
    lost = state.door_deck.pop()
    state.players[0].hand.append(state.treasure_deck[0])
    assert violations(state) == [f"card {state.treasure_deck[0]} in 2 places", f"cards lost: ['{lost}']"]


def test_a_card_from_outside_the_game_is_reported():
    state = game()
    lost = state.door_deck.pop()
    state.players[1].classes.append("c9999")
    assert violations(state) == [f"cards lost: ['{lost}']", "unknown cards: ['c9999']"]


def test_a_lost_card_is_reported_on_a_copy_and_after_the_table_is_replaced():
    state = game()
    assert violations(state) == []              # the card uids are remembered now
    copy = state.clone()
    lost = copy.treasure_deck.pop()
    assert violations(copy) == [f"cards lost: ['{lost}']"]
    # a state given another card table is checked against that one, not the remembered uids
    state.card_ids = {**state.card_ids, "c9999": state.card_ids[lost]}
    assert violations(state) == ["cards lost: ['c9999']"]
