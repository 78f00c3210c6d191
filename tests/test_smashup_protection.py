"""Smash Up – Munchkin: cards that change several minions at once pass over the ones protected from
the player's actions (Dork Orc, Too Tough, The Pits, Sneaksy) and change the rest. The rulebook's
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
