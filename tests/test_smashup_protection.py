"""Smash Up – Munchkin: cards that change several minions at once pass over the ones protected from
the player's actions (Dork Orc, Too Tough, The Pits, Sneaksy) and change the rest; cards that pick
one of several cannot pick them. The rulebook's
"Bei Verbot unwirksam" (line 470): when cards disagree, the one that forbids wins; "Zu
widerstandsfähig" (lines 461-464): the card keeps the actions of the player who played it off too.
A minion's or talent's ability is no action and still reaches a protected minion."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.rules import apply
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import _scoring_round, add_monster, game_for, kinds, play, set_base

# who plays which faction: the cards a test needs are in the right player's deck
PICKS = {"anna": ["orcs", "mages"], "ben": ["clerics", "warriors"], "cleo": ["elves", "halflings"]}
BEN_ORCS = {"anna": ["elves", "mages"], "ben": ["orcs", "warriors"], "cleo": ["clerics", "halflings"]}


def boost(state, uid: str) -> int:
    """What this turn's effects gave the minion (power until the end of the turn)."""
    return next(m for b in state.bases for m in (*b.minions, *b.monsters) if m.uid == uid).until_end_of_turn


def lay_on(state, design: str, player: str, carrier: str) -> str:
    """``player`` has played the card ``design`` on the minion or monster ``carrier``."""
    uid = take(state, design, player)
    state.player(player).hand.remove(uid)
    next(m for b in state.bases for m in (*b.minions, *b.monsters) if m.uid == carrier).attached.append(uid)
    return uid


def test_good_habits_passes_over_another_players_dork_orc():
    """Good Habits (+1 to every minion in play) played by Ben: Anna's Dork Orc is not affected by other
    players' actions (card text; rulebook line 470, the card that forbids wins), Cleo's minion and
    Ben's own get +1."""
    state = game_for("ben", PICKS)
    orc = put_minion(state, "orcs-dork-orc", "anna", 0)
    guru = put_minion(state, "elves-elf-help-guru", "cleo", 0)
    own = put_minion(state, "warriors-taunter", "ben", 1)
    (state, _), _ = play(state, "ben", "clerics-good-habits")
    assert (boost(state, orc), boost(state, guru), boost(state, own)) == (0, 1, 1)


def test_join_the_club_at_the_pits_boosts_only_its_own_players_minions():
    """Join the Club (+1 to every minion at a base) at The Pits, whose minions are not affected by other
    players' actions (base text; rulebook line 500: "other players" are all but the card's player):
    Ben's own minion there gets +1, Anna's stays as it was."""
    state = game_for("ben", PICKS)
    set_base(state, 0, "base-the-pits")
    mine = put_minion(state, "warriors-taunter", "ben", 0)
    theirs = put_minion(state, "orcs-topper-chopper", "anna", 0)
    (state, _), _ = play(state, "ben", "clerics-join-the-club", 0)
    assert (boost(state, mine), boost(state, theirs)) == (1, 0)


def test_cross_bow_passes_over_a_minion_under_too_tough():
    """Cross Bow (+2 to every minion of a faction at a base) played by Anna: Ben's Taunter under his own
    Too Tough is not affected by her action (Too Tough's text, rulebook lines 461-464), his other
    warrior there gets +2."""
    state = game_for("anna", BEN_ORCS)
    shielded = put_minion(state, "warriors-taunter", "ben", 0)
    other = put_minion(state, "warriors-berserker", "ben", 0)
    lay_on(state, "orcs-too-tough", "ben", shielded)
    bow = take(state, "treasure-cross-bow", "anna")
    state, _ = apply(state, A.PlayAction(actor="anna", card=bow, base=state.bases[0].uid, mode="warriors"))
    assert (boost(state, shielded), boost(state, other)) == (0, 2)


def test_campaign_passes_over_own_minion_under_another_players_too_tough():
    """Campaign (+2 to each of your minions at a base with a monster): a Too Tough Anna played on Ben's
    minion keeps Ben's own actions off it (rulebook lines 461-464); his other minion there gets +2."""
    state = game_for("ben", PICKS)
    add_monster(state, 0, "monster-poultrygeist")
    shielded = put_minion(state, "warriors-taunter", "ben", 0)
    other = put_minion(state, "warriors-berserker", "ben", 0)
    lay_on(state, "orcs-too-tough", "anna", shielded)
    (state, _), _ = play(state, "ben", "warriors-campaign")
    assert (boost(state, shielded), boost(state, other)) == (0, 2)


def test_ruckus_leaves_a_monster_under_too_tough_and_one_that_cannot_be_destroyed():
    """Ruckus, "destroy every monster there": a monster under Anna's Too Tough is not affected by Ben's
    action (rulebook lines 461-464), one under a Buckler of Swashing cannot be destroyed (its text);
    the third monster there is destroyed."""
    state = game_for("ben", PICKS)
    tough, buckled, plain = (add_monster(state, 0, d) for d in
                             ("monster-poultrygeist", "monster-bigfoot", "monster-web-troll"))
    lay_on(state, "orcs-too-tough", "anna", tough)
    lay_on(state, "treasure-buckler-of-swashing", "cleo", buckled)
    (state, _), _ = play(state, "ben", "warriors-ruckus", mode="clear")
    left = {m.uid for m in state.bases[0].monsters}
    assert tough in left and buckled in left and plain not in left


def test_elf_help_guru_talent_still_reaches_a_dork_orc():
    """Elf Help Guru's talent (+1 to the other players' minions at her base) is a minion's ability, no
    action: Anna's Dork Orc ("not affected by other players' actions") gets +1 as her other minion."""
    state = game_for("cleo", PICKS)
    guru = put_minion(state, "elves-elf-help-guru", "cleo", 0)
    orc = put_minion(state, "orcs-dork-orc", "anna", 0)
    other = put_minion(state, "orcs-topper-chopper", "anna", 0)
    state, _ = apply(state, A.UseTalent(actor="cleo", card=guru))
    assert (boost(state, orc), boost(state, other)) == (1, 1)


def test_potion_of_paralysis_leaves_a_protected_minion_its_abilities():
    """Potion of Paralysis (rulebook line 432: the cards at its base lose their abilities) used by Ben:
    Anna's Sword Lord under her Too Tough is not affected by his action and keeps its abilities
    (rulebook lines 461-464); Cleo's Elf Help Guru there loses hers."""
    state = game_for("anna", PICKS)
    lord = put_minion(state, "orcs-sword-lord", "anna", 0)
    guru = put_minion(state, "elves-elf-help-guru", "cleo", 0)
    lay_on(state, "orcs-too-tough", "anna", lord)
    state, special = _scoring_round(state, "ben", "treasure-potion-of-paralysis")
    take(state, "treasure-dungeon-rule-book", "ben")            # a second special keeps ben's say open
    state, events = apply(state, A.PlaySpecial(actor="ben", card=special))
    assert "abilities_cancelled" in kinds(events) and state.scoring is not None
    assert guru in state.silenced and lord not in state.silenced


def test_run_away_more_cannot_move_own_minion_under_another_players_too_tough():
    """Run Away More! moves any number of your minions from the scoring base: Ben's Too Tough on Anna's
    minion keeps her own action off it (rulebook lines 461-464), so it cannot be picked; her other
    minion goes."""
    state = game_for("anna", BEN_ORCS)
    shielded = put_minion(state, "mages-wand-whiz", "anna", 0)
    free = put_minion(state, "mages-scroll-shuffler", "anna", 0)
    lay_on(state, "orcs-too-tough", "ben", shielded)
    state, special = _scoring_round(state, "anna", "elves-run-away-more")
    away = state.bases[2].uid
    with pytest.raises(IllegalAction):
        apply(state, A.PlaySpecial(actor="anna", card=special, base=away, picks=(shielded, free)))
    state, _ = apply(state, A.PlaySpecial(actor="anna", card=special, base=away, picks=(free,)))
    moved = {m.uid for m in state.base(away).minions}
    assert free in moved and shielded not in moved


# ---------------------------------------------------------------------- cards that pick one of several
DWARVES_BEN_ORCS = {"anna": ["dwarves", "elves"], "ben": ["orcs", "warriors"], "cleo": ["clerics", "halflings"]}


def test_bag_of_caltrops_spares_a_dork_orc():
    """Bag of Caltrops (another player's minion of power 3 or less played at its base is destroyed) is
    Anna's action: Ben's Dork Orc (power 2, not affected by other players' actions; rulebook line 470)
    stays and the bag waits; his Taunter (power 2) is destroyed after it."""
    state = game_for("anna", BEN_ORCS)
    (state, _), bag = play(state, "anna", "treasure-bag-of-caltrops")
    state.active = [p.id for p in state.players].index("ben")
    state.player("ben").minions_left = 2
    (state, _), orc = play(state, "ben", "orcs-dork-orc")
    assert any(m.uid == orc for m in state.bases[0].minions) and bag in state.bases[0].actions
    (state, _), taunter = play(state, "ben", "warriors-taunter")
    assert taunter in state.player("ben").discard and bag not in state.bases[0].actions


@pytest.mark.parametrize(("picks", "player", "design", "guard"), [
    (PICKS, "ben", "warriors-cleave", "anna"), (PICKS, "ben", "warriors-war-cry", "anna"),
    (BEN_ORCS, "anna", "mages-charm", "ben")])
def test_a_monster_under_another_players_too_tough_cannot_be_picked(picks, player, design, guard):
    """Cleave, War Cry (destroy a monster) and Charm (take a monster for the turn) are actions: a
    monster under another player's Too Tough is not affected by them (rulebook lines 461-464), so it
    cannot be picked; the other monster can."""
    state = game_for(player, picks)
    shielded, plain = add_monster(state, 0, "monster-bigfoot"), add_monster(state, 1, "monster-poultrygeist")
    lay_on(state, "orcs-too-tough", guard, shielded)
    card = take(state, design, player)
    with pytest.raises(IllegalAction):
        apply(state, A.PlayAction(actor=player, card=card, base=state.bases[0].uid, target=shielded))
    state, _ = apply(state, A.PlayAction(actor=player, card=card, base=state.bases[1].uid, target=plain))
    assert any(m.uid == shielded for m in state.bases[0].monsters)


def test_mugging_and_mine_cannot_put_a_card_on_own_minion_under_another_players_too_tough():
    """Mugging (an action on a minion moves onto one of yours) and Mine! (a treasure onto one of your
    minions): Anna's Too Tough on Ben's minion keeps Ben's own actions off it (rulebook lines
    461-464), so neither card can put anything on it; his other minion takes it."""
    picks = {"anna": ["orcs", "dwarves"], "ben": ["thieves", "warriors"], "cleo": ["clerics", "halflings"]}
    state = game_for("ben", picks)
    shielded = put_minion(state, "warriors-taunter", "ben", 0)
    other = put_minion(state, "warriors-berserker", "ben", 1)
    lay_on(state, "orcs-too-tough", "anna", shielded)
    theirs = put_minion(state, "orcs-sword-lord", "anna", 2)
    saw = lay_on(state, "treasure-chainsaw-of-bloody-dismemberment", "anna", theirs)
    mugging = take(state, "thieves-mugging", "ben")
    with pytest.raises(IllegalAction):
        apply(state, A.PlayAction(actor="ben", card=mugging, target=saw, target2=shielded))
    state, _ = apply(state, A.PlayAction(actor="ben", card=mugging, target=saw, target2=other))
    assert saw in next(m for m in state.bases[1].minions if m.uid == other).attached
    state = game_for("anna", DWARVES_BEN_ORCS)
    shielded = put_minion(state, "dwarves-loot-lover", "anna", 0)
    other = put_minion(state, "elves-elf-help-guru", "anna", 1)
    lay_on(state, "orcs-too-tough", "ben", shielded)
    saw = next(u for u in state.treasure_deck if state.card_ids[u] == "treasure-chainsaw-of-bloody-dismemberment")
    mine = take(state, "dwarves-mine", "anna")
    with pytest.raises(IllegalAction):
        apply(state, A.PlayAction(actor="anna", card=mine, target=saw, target2=shielded))
    state, _ = apply(state, A.PlayAction(actor="anna", card=mine, target=saw, target2=other))
    assert saw in next(m for m in state.bases[1].minions if m.uid == other).attached


def test_potion_of_halitosis_offers_no_dork_orc_to_move():
    """Potion of Halitosis (the player named moves one of their minions from the base): it is Anna's
    action, so Ben's Dork Orc there is not affected by it (rulebook line 470); only his Taunter is
    offered."""
    state = game_for("anna", BEN_ORCS)
    orc = put_minion(state, "orcs-dork-orc", "ben", 0)
    taunter = put_minion(state, "warriors-taunter", "ben", 0)
    (state, _), _ = play(state, "anna", "treasure-potion-of-halitosis", target="ben")
    choice = next(d for d in state.decisions if d.kind == "halitosis_move")
    assert all(o.startswith(f"{taunter}>") for o in choice.options) and not any(orc in o for o in choice.options)


def test_pumping_iron_does_not_let_the_other_player_boost_a_dork_orc():
    """Pumping Iron: the player named gives +2 with Anna's card (rulebook line 376: any minion), so his
    own Dork Orc, not affected by other players' actions, is no option; his Taunter is."""
    state = game_for("anna", BEN_ORCS)
    mine = put_minion(state, "mages-wand-whiz", "anna", 0)
    orc = put_minion(state, "orcs-dork-orc", "ben", 1)
    taunter = put_minion(state, "warriors-taunter", "ben", 1)
    (state, _), _ = play(state, "anna", "elves-pumping-iron", target="ben", target2=mine)
    choice = next(d for d in state.decisions if d.kind == "pumping_iron")
    assert taunter in choice.options and orc not in choice.options


def test_helping_hands_boosts_a_minion_the_card_can_affect():
    """Helping Hands gives the player named +2 there on one of their minions: Anna's card passes over
    Ben's Dork Orc (not affected by other players' actions; rulebook line 470) and boosts his Taunter."""
    state = game_for("anna", BEN_ORCS)
    orc = put_minion(state, "orcs-dork-orc", "ben", 0)
    taunter = put_minion(state, "warriors-taunter", "ben", 0)
    state, special = _scoring_round(state, "anna", "elves-helping-hands")
    mine = next(m.uid for m in state.bases[0].minions if m.controller == "anna")
    take(state, "treasure-dungeon-rule-book", "anna")           # a second special keeps anna's say open
    state, _ = apply(state, A.PlaySpecial(actor="anna", card=special, target="ben", target2=mine))
    assert (boost(state, orc), boost(state, taunter)) == (0, 2)
