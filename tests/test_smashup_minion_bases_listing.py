"""Where the hand listing offers a minion (hooks.open_for_minions, hooks.lair_bases: each base's
abilities read in place at every listing). A base's ability counts only while it works (a base whose
abilities rest gives nothing), and the listing must match the slow listing (every combination asked
of validate) throughout."""

from __future__ import annotations

from engine.smashup import listing
from engine.smashup.power import powers_fixed
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import game_for, set_base
from tests.test_smashup_speed_listing import _slow_plays

# who plays which faction: the cards a test needs are in the right player's deck
PROTECTION_PICKS = {"anna": ["clerics", "mages"], "ben": ["orcs", "warriors"], "cleo": ["elves", "halflings"]}


def _bases_listed(state, pid: str, uid: str) -> list:
    with powers_fixed(state):
        plays = listing._hand_moves(state, pid)
    assert plays == _slow_plays(state, pid)
    return [m.base for m in plays if m.card == uid]


def test_birthday_party_keeps_minions_at_the_party_until_the_player_has_one_there():
    """Base text of Birthday Party: without a minion of yours there, you may play minions only there.
    Anna's Dork Orc is listed at the party alone; with her minion there, at every base; with the
    party's abilities resting, at every base too."""
    state = game_for("anna")
    party = set_base(state, 2, "base-birthday-party")
    uid = take(state, "orcs-dork-orc", "anna")
    assert _bases_listed(state, "anna", uid) == [party.uid]
    state.silenced.append(party.uid)
    assert _bases_listed(state, "anna", uid) == [b.uid for b in state.bases]
    state.silenced.remove(party.uid)
    put_minion(state, "orcs-topper-chopper", "anna", 2)
    assert _bases_listed(state, "anna", uid) == [b.uid for b in state.bases]


def test_a_resting_subterranean_lair_gives_no_extra_minion():
    """Rulebook, Unterirdisches Versteck (lines 450-452): with no minion play left, the Lair lets Anna
    play a minion there while she has none there. While the Lair's abilities rest, her minion is
    listed nowhere; once they work again, at the Lair alone."""
    state = game_for("anna")
    lair = set_base(state, 1, "base-subterranean-lair")
    state.player("anna").minions_left = 0
    uid = take(state, "orcs-dork-orc", "anna")
    state.silenced.append(lair.uid)
    assert _bases_listed(state, "anna", uid) == []
    state.silenced.remove(lair.uid)
    assert _bases_listed(state, "anna", uid) == [lair.uid]


def test_an_action_for_a_minion_is_offered_only_on_minions_its_player_can_reach():
    """Anna's Curse of Uselessness goes on a minion her actions can affect (rulebook "Bei Verbot
    unwirksam", line 470: the card that forbids wins). Cleo's Sneaksy at the first base keeps Anna's
    actions off Cleo's minion there but not off Ben's beside it; The Pits keep them off Ben's minion
    there but not off Anna's own; a Too Tough Ben played on Cleo's minion keeps them off that one
    (lines 461-464); Ben's Dork Orc keeps them off itself (card text)."""
    state = game_for("anna", PROTECTION_PICKS)
    state.player("anna").hand = []
    sneaksy = take(state, "halflings-sneaksy", "cleo")
    state.player("cleo").hand.remove(sneaksy)
    state.bases[0].actions.append(sneaksy)
    bens, cleos = put_minion(state, "warriors-taunter", "ben", 0), put_minion(state, "elves-elf-help-guru", "cleo", 0)
    set_base(state, 1, "base-the-pits")
    at_pits, own = put_minion(state, "warriors-berserker", "ben", 1), put_minion(state, "clerics-turner", "anna", 1)
    shielded = put_minion(state, "elves-flower-child", "cleo", 2)
    too_tough = take(state, "orcs-too-tough", "ben")
    state.player("ben").hand.remove(too_tough)
    state.bases[2].minions[-1].attached.append(too_tough)
    dork = put_minion(state, "orcs-dork-orc", "ben", 3)
    curse = take(state, "clerics-curse-of-uselessness", "anna")
    with powers_fixed(state):
        plays = listing._hand_moves(state, "anna")
    assert plays == _slow_plays(state, "anna")
    assert [m.target for m in plays if m.card == curse] == [bens, own]
    assert not {cleos, at_pits, shielded, dork} & {m.target for m in plays}
