"""Smash Up – Munchkin: the order of a scoring ("Die große Wertung", "Ich zuerst!") — the rounds of
specials before, during and after it, and the loot taken by choice. Line numbers are those of the
German rulebook text (smash-up-munchkin.de.txt)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.rules import apply
from engine.smashup.scoring import next_to_decide
from tests.test_smashup import _fill_to_breakpoint, put_minion, take
from tests.test_smashup_cards import add_monster, game_for, kinds
from tests.test_smashup_checklist import without_specials


def test_specials_go_round_clockwise_from_the_player_after_the_last_one_used():
    """Line 210: from the active player, clockwise, one special each until all pass in turn; after
    Anna uses one, Ben has the next say, not Anna again; one who passed speaks again after a new
    special."""
    state = without_specials(game_for("anna"))
    first = take(state, "treasure-dungeon-rule-book", "anna")
    second = take(state, "orcs-dogpile", "anna")
    bens = take(state, "treasure-potion-of-paralysis", "ben")
    _fill_to_breakpoint(state, "anna", 0)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert next_to_decide(state) == "anna"
    state, _ = apply(state, A.PlaySpecial(actor="anna", card=first))
    assert next_to_decide(state) == "ben"                  # clockwise on, Cleo holds none and passes
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlaySpecial(actor="anna", card=second))
    assert err.value.code == "not_your_say"
    state, _ = apply(state, A.PassSpecial(actor="ben", window=state.scoring.window))
    assert next_to_decide(state) == "anna"                 # Anna's turn comes round again
    state, _ = apply(state, A.PassSpecial(actor="anna", window=state.scoring.window))
    assert state.scoring is None or state.scoring.stage != "specials"
    assert bens in state.player("ben").hand


def test_a_during_special_waits_for_the_places_and_is_no_before_special():
    """Line 218: specials acting during the scoring are used during it, with the places known: Angry
    Pillagers cannot be used in the round before, and is asked for after the VP are given."""
    state = without_specials(game_for("anna"))
    pillagers = take(state, "orcs-angry-pillagers", "anna")
    book = take(state, "treasure-dungeon-rule-book", "anna")
    _fill_to_breakpoint(state, "anna", 0)
    state, events = apply(state, A.FinishPlaying(actor="anna"))
    assert state.scoring.stage == "specials" and "base_scored" not in kinds(events)
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlaySpecial(actor="anna", card=pillagers))
    assert err.value.code == "not_a_special"
    state, events = apply(state, A.PassSpecial(actor="anna", window=state.scoring.window))
    assert "base_scored" in kinds(events) and state.scoring.stage == "during"
    assert next_to_decide(state) == "anna" and state.scoring.placed == {"anna": 1}
    assert book in state.player("anna").hand


def test_a_special_acts_at_the_base_being_scored_not_at_one_named_by_its_player():
    """Line 218: a special "during" the scoring acts at the base being scored; Angry Pillagers named
    with another base is refused (with that base's power it would compare the wrong places), named
    with the scored base it is the same move."""
    state = without_specials(game_for("anna"))
    pillagers = take(state, "orcs-angry-pillagers", "anna")
    take(state, "treasure-dungeon-rule-book", "anna")
    _fill_to_breakpoint(state, "anna", 0)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    state, _ = apply(state, A.PassSpecial(actor="anna", window=state.scoring.window))
    scored, elsewhere = state.scoring.base, next(b.uid for b in state.bases if b.uid != state.scoring.base)
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlaySpecial(actor="anna", card=pillagers, base=elsewhere))
    assert err.value.code == "special_at_scored_base"
    named, _ = apply(state, A.PlaySpecial(actor="anna", card=pillagers, base=scored))
    unnamed, _ = apply(state, A.PlaySpecial(actor="anna", card=pillagers))
    assert named == unnamed


def test_an_after_special_has_its_own_round_after_the_loot():
    """Line 232: after the scoring (and the loot) there is a round for specials acting "after" it;
    a deadline passes it like any round."""
    state = without_specials(game_for("anna"))
    put_minion(state, "warriors-taunter", "ben", 0)
    distraction = take(state, "thieves-clever-distraction", "ben")
    add_monster(state, 0, "monster-bigfoot")
    _fill_to_breakpoint(state, "anna", 0)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    while state.scoring.stage == "loot":
        pick = next(d for d in state.decisions if d.kind == "loot_pick")
        state, _ = apply(state, A.Timeout(actor=A.SYSTEM, decision=pick.id))
    assert state.scoring.stage == "after" and not state.scoring.loot and next_to_decide(state) == "ben"
    state, _ = apply(state, A.Timeout(actor=A.SYSTEM, window=state.scoring.window))
    assert state.scoring is None and distraction in state.player("ben").hand


def test_each_player_takes_the_loot_card_of_their_choice_in_turn():
    """Line 226: the loot lies revealed and each player, strongest first, takes one card of their
    choice; the deadline takes the first card for them."""
    state = without_specials(game_for("anna"))
    add_monster(state, 0, "monster-bigfoot")
    put_minion(state, "warriors-taunter", "ben", 0)
    _fill_to_breakpoint(state, "anna", 0)
    state.treasure_deck[-2:] = sorted(state.treasure_deck[-2:], key=lambda u: state.card_ids[u])
    while len({state.card_ids[u] for u in state.treasure_deck[-2:]}) == 1:
        state.treasure_deck.insert(0, state.treasure_deck.pop())
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    pick = next(d for d in state.decisions if d.kind == "loot_pick")
    assert pick.player == "anna" and set(pick.options) == set(state.scoring.loot) and len(pick.options) == 2
    wanted = pick.options[1]
    with pytest.raises(IllegalAction):
        apply(state, A.Choose(actor="ben", decision=pick.id, option=wanted))
    state, events = apply(state, A.Choose(actor="anna", decision=pick.id, option=wanted))
    taken = [(e.params["player"]) for e in events if e.kind == "loot_taken"]
    assert wanted in state.player("anna").hand and taken == ["anna", "ben"]
    assert pick.default == pick.options[0]
