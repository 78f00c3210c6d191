"""Smash Up – Munchkin: what the hand listing offers where it looks things up in place (the cards that
keep another player's actions off a minion, the power limit of a destroying action, the bases
Subterranean Lair opens): the moves listed are exactly the ones validate accepts. Rulebook
(smash-up-munchkin.de.txt): "Zu widerstandsfähig" lines 461-464, "Bei Verbot unwirksam" line 470 (the
card that forbids wins), "Unterirdisches Versteck" lines 450-452."""

from __future__ import annotations

from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from engine.smashup.rules import is_legal
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import game_for, set_base
from tests.test_smashup_protection import BEN_ORCS, lay_on


def _listed(state, player: str, uid: str) -> list:
    return [m for m in legal_actions(state, player) if isinstance(m, A.PlayAction | A.PlayMinion) and m.card == uid]


def test_zzzzzap_lists_only_weak_minions_its_player_can_reach():
    """Zzzzzap (paid: destroy a minion of power 3 or less anywhere) played by Anna. Ben's Dork Orc keeps
    other players' actions off (card text), Ben's Too Tough keeps them off his Taunter (lines 461-464),
    The Pits keep them off Cleo's minion there (base text; line 470: the card that forbids wins):
    none of them is offered, nor Cleo's Shire Marshal (power 4). Cleo's Bardling and Anna's own minion
    at The Pits are offered, and each of those plays passes validate while the others are refused."""
    state = game_for("anna", BEN_ORCS)
    set_base(state, 2, "base-the-pits")
    orc = put_minion(state, "orcs-dork-orc", "ben", 0)
    taunter = put_minion(state, "warriors-taunter", "ben", 0)
    lay_on(state, "orcs-too-tough", "ben", taunter)
    bardling = put_minion(state, "halflings-bardling", "cleo", 1)
    marshal = put_minion(state, "halflings-shire-marshal", "cleo", 1)
    at_pits = put_minion(state, "halflings-quarterling", "cleo", 2)
    own = put_minion(state, "mages-scroll-shuffler", "anna", 2)
    zap = take(state, "mages-zzzzzap", "anna")
    paid = [m for m in _listed(state, "anna", zap) if m.discard]
    assert {m.target for m in paid} == {bardling, own}
    assert all(is_legal(state, m) for m in paid)
    refused = [paid[0].model_copy(update={"target": uid}) for uid in (orc, taunter, marshal, at_pits)]
    assert not any(is_legal(state, m) for m in refused)


def test_without_minion_plays_a_minion_is_listed_only_at_subterranean_lair():
    """With no minion play left, Subterranean Lair lets Anna play a minion there while she has none
    there (lines 450-452): her minion is listed at the Lair alone; once she has a minion there, it is
    not listed at all."""
    state = game_for("anna")
    lair = set_base(state, 0, "base-subterranean-lair")
    state.player("anna").minions_left = 0
    uid = take(state, "orcs-dork-orc", "anna")
    assert [m.base for m in _listed(state, "anna", uid)] == [lair.uid]
    put_minion(state, "orcs-dork-orc", "anna", 0)
    assert _listed(state, "anna", uid) == []
