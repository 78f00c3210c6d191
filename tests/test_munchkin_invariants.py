"""The simulator's check that every card lies in exactly one place (engine/invariants.py), in the
shapes a broken move would leave: its quick test of the usual case must still see each of them."""

from __future__ import annotations

from engine.core.events import Event
from engine.invariants import violations
from engine.munchkin.character import MAX_LEVEL
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


def _event(kind: str, **params) -> Event:
    return Event(kind=kind, params=params)


def test_levels_out_of_range_and_a_tenth_level_without_a_win_are_reported():
    state = game()
    state.players[0].level = 0
    state.players[2].level = 11
    assert violations(state) == ["anna on level 0", "cleo on level 11"]
    state.players[0].level, state.players[2].level = 1, MAX_LEVEL
    assert violations(state) == ["cleo on level 10 without winning"]


def test_a_winner_below_the_tenth_level_is_reported_unless_the_cultists_won_or_victory_is_shared():
    state = game()
    state.winners, state.phase, state.ended_reason = ["ben"], "over", "won"
    assert violations(state) == ["ben won on level 1"]
    assert violations(state, [_event("all_cultists")]) == []
    state.options.shared_victory = True
    assert violations(state) == []


def test_winners_and_phase_must_agree():
    state = game()
    state.phase = "over"
    assert violations(state) == ["winners and phase disagree"]
    state.ended_reason = "abandoned"
    assert violations(state) == []


def test_a_tenth_level_without_a_kill_and_a_win_without_a_won_combat_are_reported():
    state = game()
    state.players[1].level = MAX_LEVEL
    state.winners, state.phase, state.ended_reason = ["ben"], "over", "won"
    reached = _event("level_changed", player="ben", new=MAX_LEVEL, source="charity")
    assert violations(state, [reached, _event("game_won")]) == [
        "ben reached level 10 without a kill", "a win without a won combat"]
    by_kill = _event("level_changed", player="ben", new=MAX_LEVEL, source="kill")
    assert violations(state, [_event("combat_won"), by_kill, _event("game_won")]) == []
    assert violations(state, [by_kill, _event("game_won")]) == ["a win without a won combat"]
    assert violations(state, [_event("game_won")]) == ["a win without a won combat"]
    assert violations(state, [_event("last_human"), by_kill, _event("game_won")]) == []
    last_human = _event("level_changed", player="ben", new=MAX_LEVEL, source="last_human")
    assert violations(state, [last_human, _event("game_won")]) == []
