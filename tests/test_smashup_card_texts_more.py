"""Smash Up – Munchkin: card tests from their texts, second part (issue #35, the gaps a review found).

Each test builds a situation, plays the card (or the card that sets its ability off) through the
engine's moves and checks every sentence of its text as data/smashup/texts.yaml words it. Line
numbers are those of the German rulebook text (smash-up-munchkin.de.txt): l.172 and l.176 make
monsters minions for every card text."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.rules import apply, is_legal, legal_actions
from tests.test_smashup import put_minion, take
from tests.test_smashup_card_texts import found, power_of, turn_of
from tests.test_smashup_cards import add_monster, answer, game_for, kinds, play, set_base

# anna: orcs and mages, ben: warriors and thieves, cleo: clerics and halflings
CLERICS = {"anna": ["orcs", "mages"], "ben": ["warriors", "thieves"], "cleo": ["clerics", "halflings"]}


def on_top(state, design: str) -> str:
    """A copy of this monster waiting in the monster deck or its pile is put on top of the deck."""
    uid = next(u for u in [*state.monster_deck, *state.monster_discard] if state.card_ids[u] == design)
    (state.monster_deck if uid in state.monster_deck else state.monster_discard).remove(uid)
    state.monster_deck.append(uid)
    return uid


def monsters_at(state, index: int) -> list[str]:
    return [m.uid for m in state.bases[index].monsters]


def cleave(state, monster, index: int):
    """Ben plays Cleave ("destroy a monster") on this monster at base ``index``; returns state, events."""
    state = turn_of(state, "ben")
    return play(state, "ben", "warriors-cleave", index, target=monster)[0]


def slam(state, victim, index: int):
    """Anna plays Hammer Slammer at base ``index``; when played it destroys ``victim`` (power 2 at most)."""
    state = turn_of(state, "anna")
    return play(state, "anna", "orcs-hammer-slammer", index, target=victim)[0]


# ---------------------------------------------------------------------- (a) first tests played through moves
def test_star_player_gets_a_counter_for_each_monster_destroyed_at_his_base_by_anyone():
    """Star Player, ongoing: "whenever a monster here is destroyed, he gets a +1 power counter": a
    monster destroyed at his base by his own player's action (Cleave) or by another player's minion
    (Hammer Slammer) gives him a counter each; a monster destroyed at another base, or a minion (not
    a monster) destroyed here, gives none."""
    state = game_for("ben")
    star = put_minion(state, "warriors-star-player", "ben", 0)
    printed = state.card(star).power
    here = add_monster(state, 0, "monster-poultrygeist")
    second = add_monster(state, 0, "monster-web-troll")
    away = add_monster(state, 1, "monster-hippogriff")
    taunter = put_minion(state, "warriors-taunter", "ben", 0)
    state, _ = cleave(state, away, 1)
    assert found(state, away) == (None, None) and found(state, star)[1].counters == 0
    state, _ = cleave(state, here, 0)
    assert found(state, here) == (None, None) and found(state, star)[1].counters == 1
    state, events = slam(state, taunter, 0)                   # a minion here, not a monster
    assert "destroyed" in kinds(events) and found(state, star)[1].counters == 1
    state, _ = slam(state, second, 0)                         # another player's card, a monster here
    assert found(state, second) == (None, None) and found(state, star)[1].counters == 2
    assert power_of(state, star) == printed + 2


def test_bastion_gives_whoever_destroys_a_monster_there_a_treasure_after_the_monsters_own():
    """Bastion: "each monster you destroy here earns you a treasure card afterwards": the player who
    destroyed it (by an action or by a minion) gets the monster's treasures and then one more; a
    monster destroyed at another base gives only its own; the other players get nothing."""
    state = game_for("ben")
    set_base(state, 0, "base-bastion")
    here = add_monster(state, 0, "monster-poultrygeist")          # 1 treasure
    there = add_monster(state, 1, "monster-poultrygeist")
    second = add_monster(state, 0, "monster-web-troll")           # no treasure

    def hands(s):
        return {p.id: len(p.hand) for p in s.players}

    before = hands(turn_of(state, "ben"))
    state, _ = cleave(state, there, 1)
    assert hands(state)["ben"] == before["ben"] + 1 - 1 + 1       # Cleave taken, played; 1 treasure
    before = hands(state)
    top_two = state.treasure_deck[-2:]
    state, _ = cleave(state, here, 0)
    assert hands(state)["ben"] == before["ben"] + 1 - 1 + 1 + 1   # and Bastion's
    assert set(top_two) <= set(state.player("ben").hand)
    before = hands(state)
    state, _ = slam(state, second, 0)                             # anna's minion destroys one there
    after = hands(state)
    assert after["anna"] == before["anna"] + 1 - 1 + 0 + 1        # no treasure of its own, Bastion's one
    assert after["ben"] == before["ben"] and after["cleo"] == before["cleo"]


def test_ghoul_destroyed_goes_on_top_of_the_monster_deck_and_comes_next():
    """Ghoul: "if destroyed, he goes on top of the monster deck": after Cleave destroys him he lies on
    top of the monster deck, not in the monster pile (his treasure still goes to the destroyer), and
    the next monster brought (Taunter's) is he; another monster destroyed goes to the pile."""
    state = game_for("ben")
    ghoul = add_monster(state, 0, "monster-ghoul")
    other = add_monster(state, 1, "monster-poultrygeist")
    hand = len(turn_of(state, "ben").player("ben").hand)
    state, _ = cleave(state, ghoul, 0)
    assert state.monster_deck[-1] == ghoul and ghoul not in state.monster_discard
    assert len(state.player("ben").hand) == hand + 1 - 1 + 1
    state, _ = cleave(state, other, 1)
    assert other in state.monster_discard and state.monster_deck[-1] == ghoul
    state = turn_of(state, "ben")
    (state, _), _ = play(state, "ben", "warriors-taunter", 2)
    state = answer(state, "ben", "may_monster", "yes")
    assert monsters_at(state, 2) == [ghoul]


def test_the_gauntlet_replaces_each_monster_destroyed_there_with_the_top_monster():
    """The Gauntlet: "when a monster here is destroyed, a new one comes here": the top of the monster
    deck comes to the Gauntlet for a monster destroyed there; at another base a destroyed monster is
    not replaced, and a minion destroyed at the Gauntlet brings none."""
    state = game_for("ben")
    set_base(state, 0, "base-the-gauntlet")
    there = add_monster(state, 0, "monster-poultrygeist")
    away = add_monster(state, 1, "monster-poultrygeist")
    taunter = put_minion(state, "warriors-taunter", "ben", 0)
    new = on_top(state, "monster-hippogriff")
    state, _ = cleave(state, away, 1)
    assert monsters_at(state, 1) == [] and state.monster_deck[-1] == new
    state, events = cleave(state, there, 0)
    assert monsters_at(state, 0) == [new] and "monster_played" in kinds(events)
    deck = list(state.monster_deck)
    state, _ = slam(state, taunter, 0)
    assert monsters_at(state, 0) == [new] and state.monster_deck == deck


def test_web_troll_arriving_brings_the_next_monster_to_his_base():
    """Web Troll: "when he arrives, another monster comes to his base with him": Taunter's monster is
    the Web Troll, and the monster under him comes to the same base; the other bases get none. Brought
    by the Gauntlet's own ability he comes alone (the engine's ruling, as before)."""
    state = game_for("ben")
    with_him = on_top(state, "monster-hippogriff")
    troll = on_top(state, "monster-web-troll")
    (state, _), _ = play(state, "ben", "warriors-taunter", 1)
    state = answer(state, "ben", "may_monster", "yes")
    assert monsters_at(state, 1) == [troll, with_him]
    assert monsters_at(state, 0) == [] and monsters_at(state, 2) == []
    gauntlet = game_for("ben")
    set_base(gauntlet, 0, "base-the-gauntlet")
    doomed = add_monster(gauntlet, 0, "monster-poultrygeist")
    on_top(gauntlet, "monster-hippogriff")
    troll = on_top(gauntlet, "monster-web-troll")
    gauntlet, _ = cleave(gauntlet, doomed, 0)
    assert monsters_at(gauntlet, 0) == [troll]


DORK = {"anna": ["orcs", "elves"], "ben": ["mages", "warriors"], "cleo": ["clerics", "halflings"]}


def test_dork_orc_is_untouched_by_other_players_actions_but_not_by_their_minions_or_his_players():
    """Dork Orc, ongoing: "other players' actions do not affect him": another player's action can
    neither name him (Zzzzzap: not listed, refused) nor reach him among all minions at his base (Join
    the Club gives the others there +1, not him); another player's minion still may (Blaster Master's
    talent destroys him), and so may his own player's actions (anna's Death Breath)."""
    state = game_for("anna", DORK)
    orc = put_minion(state, "orcs-dork-orc", "anna", 1)
    fellow = put_minion(state, "elves-flower-child", "anna", 1)
    ben = turn_of(state, "ben")
    zap = take(ben, "mages-zzzzzap", "ben")
    pay = next(u for u in ben.player("ben").hand if u != zap)
    move = A.PlayAction(actor="ben", card=zap, base=ben.bases[1].uid, target=orc, discard=(pay,))
    assert not any(getattr(m, "target", None) == orc for m in legal_actions(ben, "ben"))
    with pytest.raises(IllegalAction):
        apply(ben, move)
    assert is_legal(ben, move.model_copy(update={"target": fellow}))     # the other minion there is fair game
    cleo = turn_of(state, "cleo")
    before = {uid: power_of(cleo, uid) for uid in (orc, fellow)}
    (cleo, _), _ = play(cleo, "cleo", "clerics-join-the-club", 1)
    assert {uid: power_of(cleo, uid) - before[uid] for uid in before} == {orc: 0, fellow: 1}
    master = put_minion(ben, "mages-blaster-master", "ben", 0)
    pay = next(u for u in ben.player("ben").hand if u != zap)
    blasted, _ = apply(ben, A.UseTalent(actor="ben", card=master, target=orc, discard=(pay,)))
    assert orc in blasted.player("anna").discard
    own = turn_of(state, "anna")                        # his own player's action: Death Breath
    (own, _), _ = play(own, "anna", "orcs-death-breath", 1, target=orc)
    assert own.player("anna").deck[0] == orc


# ---------------------------------------------------------------------- (b) Wand Whiz's listed moves
WHIZ = {"anna": ["elves", "mages"], "ben": ["warriors", "thieves"], "cleo": ["halflings", "dwarves"]}


def test_wand_whiz_lists_each_way_to_play_it_once():
    """Wand Whiz, when played: "paying one card lets you play one more minion, or (mode "action") one
    more action". Unpaid, the mode buys nothing, so the moves list playing it unpaid once per base
    (before, the same move came twice: with and without mode "action"); paid, both modes are listed.
    An unpaid move with the mode (as a stored game may hold) is still accepted and does the same."""
    state = game_for("anna", WHIZ)
    whiz = take(state, "mages-wand-whiz", "anna")
    moves = [m for m in legal_actions(state, "anna") if getattr(m, "card", None) == whiz]
    by_base = {}
    for m in moves:
        by_base.setdefault(m.base, []).append((bool(m.discard), m.mode))
    assert len(by_base) == len(state.bases)
    assert all(sorted(ways, key=str) == sorted([(False, None), (True, None), (True, "action")], key=str)
               for ways in by_base.values())
    base = state.bases[0].uid
    plain = apply(state, A.PlayMinion(actor="anna", card=whiz, base=base))[0]
    moded = apply(state, A.PlayMinion(actor="anna", card=whiz, base=base, mode="action"))[0]
    assert plain == moded and plain.player("anna").actions_left == 1 and plain.player("anna").minions_left == 0
