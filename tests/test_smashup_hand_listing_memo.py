"""The hand listing hands out a card's last moves again while what they were made from stays the same
(listing._unpicked_moves, listing._free_moves: the player, the bases, the payments, the card's candidates
at each base, the minions it may be played on). Each listing here runs in its own read-only block, as
after every move of a game: whatever changed between two listings must show in the second, exactly as
the slow listing (every combination asked of validate) finds it."""

from __future__ import annotations

from engine.smashup import listing
from engine.smashup.power import powers_fixed
from engine.smashup.state import BaseInPlay
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import game_for
from tests.test_smashup_speed_listing import _slow_plays

PICKS = {"anna": ["orcs", "mages"], "ben": ["thieves"], "cleo": ["clerics"]}


def _listed(state, pid: str):
    with powers_fixed(state):
        plays = listing._hand_moves(state, pid)
    assert plays == _slow_plays(state, pid)
    return plays


def _minion(state, uid: str):
    return next(m for b in state.bases for m in b.minions if m.uid == uid)


def test_a_minion_kept_in_the_hand_is_offered_at_the_base_that_replaced_a_scored_one():
    """Rulebook "So läuft dein Spielzug ab", Kreaturen (line 82): a minion goes to a base of the
    player's choice; "Die große Wertung", step 9 (line 256): a scored base is replaced by a new one.
    Topper Chopper picks nothing: listed at the four bases, then at the new base in the scored one's
    place, never at the base that left."""
    state = game_for("anna", PICKS)
    state.player("anna").hand = []
    chopper = take(state, "orcs-topper-chopper", "anna")
    before = [b.uid for b in state.bases]
    assert [(m.card, m.base) for m in _listed(state, "anna")] == [(chopper, base) for base in before]
    new = state.base_deck.pop(0)
    state.card_ids[new] = "base-dimension-doors"
    state.silenced.append(new)
    state.bases[2] = BaseInPlay(uid=new)
    assert [m.base for m in _listed(state, "anna")] == [before[0], before[1], new, before[3]]


def test_a_card_passed_to_another_player_is_offered_as_theirs():
    """Rulebook "So läuft dein Spielzug ab", Karten spielen (line 78): the player whose turn it is
    plays cards from their own hand. The same Topper Chopper, once in Ben's hand on his turn, is
    listed as Ben's play."""
    state = game_for("anna", PICKS)
    state.player("anna").hand = []
    chopper = take(state, "orcs-topper-chopper", "anna")
    assert {m.actor for m in _listed(state, "anna")} == {"anna"}
    state.player("anna").hand.remove(chopper)
    state.player("ben").hand = [chopper]
    state.active = [p.id for p in state.players].index("ben")
    state.player("ben").minions_left = 1
    plays = _listed(state, "ben")
    assert len(plays) == 4 and {(m.actor, m.card) for m in plays} == {("ben", chopper)}


def test_wand_whiz_pays_with_the_card_now_first_in_the_hand():
    """Card text of Wand Whiz: discard a card to play an extra minion or action. The card it pays
    with is the first other card of the hand; once that card has left the hand, the next one pays."""
    state = game_for("anna", PICKS)
    state.player("anna").hand = []
    whiz = take(state, "mages-wand-whiz", "anna")
    first, second = take(state, "orcs-hammer-slammer", "anna"), take(state, "mages-scroll-shuffler", "anna")
    paid = {m.discard for m in _listed(state, "anna") if m.card == whiz} - {()}
    assert paid == {(first,)}
    state.player("anna").hand.remove(first)
    paid = {m.discard for m in _listed(state, "anna") if m.card == whiz} - {()}
    assert paid == {(second,)}


def test_hammer_slammer_no_longer_offers_a_minion_grown_too_strong():
    """Card text of Hammer Slammer: destroy a minion of power 2 or less. Ben's Pickpocket (power 2) is
    offered at every base Hammer Slammer may go to; with a +1 counter (power 3) at the next
    listing it is offered nowhere."""
    state = game_for("anna", PICKS)
    state.player("anna").hand = []
    weak = put_minion(state, "thieves-pickpocket", "ben", 0)
    slammer = take(state, "orcs-hammer-slammer", "anna")
    plays = _listed(state, "anna")
    assert {m.card for m in plays} == {slammer} and [m.base for m in plays if m.target == weak] == [
        b.uid for b in state.bases]
    _minion(state, weak).counters = 1
    plays = _listed(state, "anna")
    assert plays and weak not in {m.target for m in plays}


def test_too_tough_offers_the_minions_in_their_new_order_on_the_table():
    """Rulebook "So läuft dein Spielzug ab", Aktionen (line 86): an ongoing action is played on one
    minion. Too Tough is offered on each minion in the order they lie on the table, base by base:
    Ben's minion before Cleo's, and once Ben's has moved to the last base, Cleo's first."""
    state = game_for("anna", PICKS)
    state.player("anna").hand = []
    bens, cleos = put_minion(state, "thieves-pickpocket", "ben", 0), put_minion(state, "clerics-turner", "cleo", 1)
    tough = take(state, "orcs-too-tough", "anna")
    assert [m.target for m in _listed(state, "anna") if m.card == tough] == [bens, cleos]
    state.bases[3].minions.append(state.bases[0].minions.pop())
    assert [m.target for m in _listed(state, "anna") if m.card == tough] == [cleos, bens]


def test_a_card_of_another_game_with_the_same_uid_is_listed_as_its_own_design():
    """Every game numbers its cards alike (a process plays many games): a uid that was a minion in the
    last game's listing and is an action now is listed as an action (rulebook "So läuft dein Spielzug
    ab", Kreaturen and Aktionen, lines 80-86: a minion goes to a base, an action is shown and done)."""
    state = game_for("anna", PICKS)
    state.player("anna").hand = []
    uid = take(state, "orcs-topper-chopper", "anna")
    assert {type(m).__name__ for m in _listed(state, "anna")} == {"PlayMinion"}
    state.card_ids[uid] = "orcs-stalling"        # (an action played on a base: listed at the same four)
    plays = _listed(state, "anna")
    assert len(plays) == 4 and {type(m).__name__ for m in plays} == {"PlayAction"}
