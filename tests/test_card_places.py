"""The invariant both simulators check after every step: each card of the game lies in exactly one
place (a card counted twice, lost, or never dealt into the game is reported)."""

from engine.core.invariants import card_place_problems, place_problems

CARDS = {"c1": "axe", "c2": "shield", "c3": "goblin"}


def test_each_card_in_one_place_is_fine():
    assert card_place_problems(CARDS, ["c3", "c1", "c2"]) == []


def test_a_card_in_two_places_and_a_lost_one_are_reported():
    assert card_place_problems(CARDS, ["c1", "c2", "c2"]) == ["card c2 in 2 places", "cards lost: ['c3']"]


def test_a_card_from_outside_the_game_is_reported():
    assert card_place_problems(CARDS, ["c1", "c2", "c3", "c9"]) == ["unknown cards: ['c9']"]
    assert card_place_problems(CARDS, ["c1", "c2", "c9"]) == ["cards lost: ['c3']", "unknown cards: ['c9']"]


def test_places_equal_to_proven_ones_pass_and_changed_ones_are_checked_again():
    uids = frozenset(CARDS)
    places = ["c1", "c2", "c3"]
    assert place_problems(uids, CARDS, places) == []
    assert place_problems(uids, CARDS, ["c1", "c2", "c3"]) == []        # the same places again
    places[2] = "c2"        # the proven list itself changed: a card in two places, one lost
    assert place_problems(uids, CARDS, places) == ["card c2 in 2 places", "cards lost: ['c3']"]
    # the places proven above, checked against other cards
    others = {"c1": "axe", "c2": "shield", "c4": "orc"}
    assert place_problems(frozenset(others), others, ["c1", "c2", "c3"]) == \
        ["cards lost: ['c4']", "unknown cards: ['c3']"]
