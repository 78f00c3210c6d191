"""Issue 37: the cards rules version 1 left to the table (ten of Munchkin Cthulhu, Impossible's
Gezinkter Würfel), each played by the engine as its text in our words says (data/cards). Every test
states the card's text and plays it through moves; the situation before it is built directly.
"""

from __future__ import annotations

import pytest

from engine.munchkin import actions as A
from engine.munchkin.cards import catalog
from engine.munchkin.combat import monster_strength, players_strength
from engine.munchkin.sets.cult import is_cultist
from tests.munchkin_helpers import (
    act,
    decide,
    decision,
    fight,
    game,
    kinds,
    pass_all,
    refused,
    rig_dice,
    to_hand,
    to_table,
)


def cthulhu(players: int = 3):
    return game(players, sets=("cthulhu",))


def play(state, actor, uid, **fields):
    return act(state, A.PlayCard(actor=actor, card=uid, **fields))


# ---------------------------------------------------------------------- Tritt-Sekret
def test_kicker_ichor_triples_the_footgear_of_a_munchkin_in_the_fight():
    """"Played in a fight on yourself or the other munchkin fighting: their footgear bonus counts
    three times in this fight." Galoshes (+1) count +3; any player may play it (C192: one-shots help
    anyone), on a fighter only, in a fight only, and only on footgear with a bonus."""
    state = cthulhu()
    to_table(state, "anna", "galoshes")
    kicker = to_hand(state, "ben", "kicker_ichor")
    refused(state, A.PlayCard(actor="ben", card=kicker, target_player="anna"), "no_combat")
    state = fight(state, "chibithulhu")
    before = players_strength(state)
    refused(state, A.PlayCard(actor="ben", card=kicker), "needs_fighting_player")   # ben is not fighting
    state, events = play(state, "ben", kicker, target_player="anna")
    assert players_strength(state) == before + 2 and "fight_bonus" in kinds(events)
    assert kicker in state.treasure_discard


def test_kicker_ichor_needs_footgear_with_a_bonus():
    state = cthulhu()
    kicker = to_hand(state, "anna", "kicker_ichor")
    state = fight(state, "chibithulhu")
    refused(state, A.PlayCard(actor="anna", card=kicker), "needs_footgear_bonus")


# ---------------------------------------------------------------------- Mutation
@pytest.mark.parametrize(("side", "change"), [("players", 3), ("monsters", -3)])
def test_mutation_gives_a_fighting_munchkin_plus_or_minus_three(side, change):
    """"Played in a fight on one of the munchkins fighting (you too): that munchkin gets +3 or -3 for
    this fight, as you choose." Both ways, by anyone; not outside a fight, not on a bystander."""
    state = cthulhu()
    mutation = to_hand(state, "ben", "mutation")
    refused(state, A.PlayCard(actor="ben", card=mutation, target_player="anna", side=side), "no_combat")
    state = fight(state, "chibithulhu")
    before = players_strength(state)
    refused(state, A.PlayCard(actor="ben", card=mutation, target_player="ben", side=side), "needs_fighting_player")
    refused(state, A.PlayCard(actor="ben", card=mutation, target_player="anna"), "needs_side")
    state, _ = play(state, "ben", mutation, target_player="anna", side=side)
    assert players_strength(state) == before + change and mutation in state.door_discard


# ---------------------------------------------------------------------- Sonnenfinsternis
def _fight_with_helper():
    """anna (level 8) fights a monster of three treasures with ben (level 8) helping for none."""
    state = cthulhu()
    monster = min((c for c in catalog(("cthulhu",)).values() if c.kind == "monster" and c.treasures == 3
                   and not c.bonus_vs and c.levels == 1), key=lambda c: c.level)
    for pid in ("anna", "ben"):
        state.player(pid).level = 8
    state = fight(state, monster.id)
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", treasures=0))
    state, _ = decide(state, "ben", "help", "accept")
    return state


@pytest.mark.parametrize(("player", "anna_gets", "ben_gets"), [("anna", 2, 1), ("ben", 1, 2)])
def test_solar_eclipse_shares_the_treasures_equally(player, anna_gets, ben_gets):
    """"Played in a fight with a helper by one of the two: the treasures are shared equally whatever
    was agreed; an odd one goes to whoever played this card." ben was promised none (C298); with the
    eclipse of three treasures the player of the card gets two."""
    state = _fight_with_helper()
    eclipse = to_hand(state, player, "solar_eclipse")
    state, _ = play(state, player, eclipse)
    hands = {pid: len(state.player(pid).hand) for pid in ("anna", "ben")}
    state, _ = pass_all(state)
    while state.decisions:
        d = state.decisions[0]
        state, _ = decide(state, d.player, d.kind, d.options[0])
    assert len(state.player("anna").hand) - hands["anna"] == anna_gets
    assert len(state.player("ben").hand) - hands["ben"] == ben_gets


def test_solar_eclipse_needs_a_helper_and_a_fighter_to_play_it():
    state = cthulhu()
    eclipse = to_hand(state, "anna", "solar_eclipse")
    state = fight(state, "chibithulhu")
    refused(state, A.PlayCard(actor="anna", card=eclipse), "needs_helper")
    state = _fight_with_helper()
    outsider = to_hand(state, "cleo", "solar_eclipse")
    refused(state, A.PlayCard(actor="cleo", card=outsider), "needs_fighting_player")


# ---------------------------------------------------------------------- Ia! R'lyeh!
@pytest.mark.parametrize("pile", ["door_discard", "treasure_discard"])
def test_ia_rlyeh_swaps_itself_for_the_top_of_a_discard_pile(pile):
    """"At any time: take the top card of the door or the treasure discard pile (your pick) into your
    hand; this card is discarded in its place." Either pile, on another player's turn too; a card
    lower in the pile is refused."""
    state = cthulhu()
    under = to_hand(state, "anna", "chibithulhu" if pile == "door_discard" else "galoshes")
    top = to_hand(state, "anna", "buggoth" if pile == "door_discard" else "bug_spray")
    for uid in (under, top):
        state.player("anna").hand.remove(uid)
        getattr(state, pile).append(uid)
    ia = to_hand(state, "ben", "ia_rlyeh")
    refused(state, A.PlayCard(actor="ben", card=ia, with_card=under), "needs_discard_top")
    refused(state, A.PlayCard(actor="ben", card=ia), "needs_discard_top")
    state, events = play(state, "ben", ia, with_card=top)
    assert top in state.player("ben").hand and ia in state.door_discard and ia not in state.player("ben").hand
    assert "card_taken_from_discard" in kinds(events)


# ---------------------------------------------------------------------- Sekret-Sammler
def test_ichor_picker_takes_the_ichor_from_the_fight_with_its_bonus():
    """"At any time: take the Ichor played last into your hand – the last one lying in the fight now
    (its bonus goes with it), else the topmost Ichor of the treasure discards.\""""
    state = cthulhu()
    liquor = to_hand(state, "ben", "ichor_liquor")
    picker = to_hand(state, "cleo", "ichor_picker")
    state = fight(state, "chibithulhu")
    before = players_strength(state)
    state, _ = play(state, "ben", liquor, side="players")
    assert players_strength(state) == before + 3
    state, _ = play(state, "cleo", picker)
    assert liquor in state.player("cleo").hand and players_strength(state) == before
    assert picker in state.treasure_discard


def test_ichor_picker_outside_a_fight_takes_the_topmost_ichor_of_the_discards():
    state = cthulhu()
    picker = to_hand(state, "anna", "ichor_picker")
    refused(state, A.PlayCard(actor="anna", card=picker), "no_ichor_played")
    ichor = to_hand(state, "ben", "thicker_ichor")
    other = to_hand(state, "ben", "galoshes")
    for uid in (ichor, other):         # the ichor lies under a card that is none
        state.player("ben").hand.remove(uid)
        state.treasure_discard.append(uid)
    state, _ = play(state, "anna", picker)
    assert ichor in state.player("anna").hand and state.treasure_discard[-2:] == [other, picker]


# ---------------------------------------------------------------------- O R'lyeh?
def test_o_rlyeh_cancels_an_enhancer_or_a_one_shot_played_into_the_fight():
    """"In a fight: one card played into this fight that is still there (a one-shot, a monster
    enhancer, a monster that joined) goes to the discards as though nobody had played it." The
    monster the fight began with cannot be cancelled; outside a fight the card is refused."""
    state = cthulhu()
    o_rlyeh = to_hand(state, "anna", "o_rlyeh")
    refused(state, A.PlayCard(actor="anna", card=o_rlyeh, with_card=o_rlyeh), "no_combat")
    enhancer = to_hand(state, "ben", "blasphemous")
    sink = to_hand(state, "cleo", "kitchen_sink")
    state = fight(state, "chibithulhu")
    first = state.combat.monsters[0]
    state, _ = play(state, "ben", enhancer, target_monster=first.uid)
    state, _ = play(state, "cleo", sink, side="monsters")
    refused(state, A.PlayCard(actor="anna", card=o_rlyeh, with_card=first.uid), "needs_card_in_fight")
    state, events = play(state, "anna", o_rlyeh, with_card=enhancer)
    assert monster_strength(state, state.combat.monsters[0]) == 2 and enhancer in state.door_discard
    assert sink in [o.uid for o in state.combat.one_shots] and "card_cancelled" in kinds(events)


def test_o_rlyeh_sends_a_joined_monster_away():
    state = cthulhu()
    o_rlyeh = to_hand(state, "ben", "o_rlyeh")
    state = fight(state, "buggoth")
    goth = to_hand(state, "cleo", "joggoth")       # a Goth answers the Goth's call (C l.11)
    state, _ = pass_all(state, except_for=("cleo",))
    state, _ = play(state, "cleo", goth)
    assert len(state.combat.monsters) == 2
    state, _ = play(state, "ben", o_rlyeh, with_card=goth)
    assert [m.uid for m in state.combat.monsters] == [state.combat.monsters[0].uid] and goth in state.door_discard
    assert state.card_ids[state.combat.monsters[0].uid] == "buggoth"


# ---------------------------------------------------------------------- Schummeln!
def test_cheat_lets_a_restricted_item_be_used():
    """"On your turn outside a fight, lay it on an item of yours that a restriction or a full slot keeps
    you from using: the item is in use and counts for you while it stays in play, and this card goes
    wherever it goes." (C286: "eine Karte, die dich schummeln lässt".) Meiiiiiiister is for Kultisten."""
    state = cthulhu()
    master = to_table(state, "anna", "maaaaaaster", in_use=False)
    cheat = to_hand(state, "anna", "cheat")
    before = players_strength(fight(cthulhu(), "chibithulhu"))
    state, _ = play(state, "anna", cheat, target_item=master)
    assert state.player("anna").items[0].in_use and state.player("anna").items[0].enhancers == [cheat]
    state = fight(state, "chibithulhu")
    assert players_strength(state) == before + 4


def test_cheat_lets_an_item_beyond_a_full_slot_be_used():
    state = cthulhu()
    to_table(state, "anna", "bowling_pin")
    to_table(state, "anna", "bug_spray")
    third = to_table(state, "anna", "prehistoric_axe", in_use=False)
    cheat = to_hand(state, "anna", "cheat")
    state, _ = play(state, "anna", cheat, target_item=third)
    assert all(i.in_use for i in state.player("anna").items)


def test_cheat_is_refused_where_it_is_not_needed_or_not_its_time():
    state = cthulhu()
    usable = to_table(state, "anna", "galoshes")
    barred = to_table(state, "ben", "maaaaaaster", in_use=False)
    cheat = to_hand(state, "anna", "cheat")
    refused(state, A.PlayCard(actor="anna", card=cheat, target_item=usable), "cheat_not_needed")
    refused(state, A.PlayCard(actor="anna", card=cheat, target_item=barred), "needs_target_item")
    state.player("ben").hand.append(state.player("anna").hand.pop())
    refused(state, A.PlayCard(actor="ben", card=cheat, target_item=barred), "only_on_your_turn_outside_combat")


# ---------------------------------------------------------------------- Nach Kinoregeln erschaffen
def test_cinematic_rules_give_a_third_hand_until_the_card_goes():
    """"Lay it in front of you on your turn (or as soon as you get it): you have three hands for items.
    Should it go, whatever no longer fits two hands goes to your backpack." Only before oneself."""
    state = cthulhu()
    to_table(state, "anna", "bowling_pin")
    to_table(state, "anna", "bug_spray")
    third = to_table(state, "anna", "prehistoric_axe", in_use=False)
    card = to_hand(state, "anna", "created_using_cinematic_rules")
    refused(state, A.Equip(actor="anna", card=third, in_use=True), "slot_full")
    refused(state, A.PlayCard(actor="anna", card=card, target_player="ben"), "only_on_yourself")
    state, _ = play(state, "anna", card)
    assert card in state.player("anna").extras
    state, _ = act(state, A.Equip(actor="anna", card=third, in_use=True))
    assert all(i.in_use for i in state.player("anna").items)
    state, events = act(state, A.Discard(actor="anna", card=card))
    assert [i.in_use for i in state.player("anna").items] == [True, True, False] and "item_to_backpack" in kinds(events)


def test_cinematic_rules_wait_for_their_players_turn():
    state = cthulhu()
    card = to_hand(state, "ben", "created_using_cinematic_rules")
    refused(state, A.PlayCard(actor="ben", card=card), "only_on_your_turn")


# ---------------------------------------------------------------------- Kultausweis
def test_cult_membership_card_reads_each_question_the_better_way():
    """"While it is in play you count as a Cultist or not, whichever is better for you, for monsters and
    items: a monster stronger against Cultists (or against non-Cultists) does not hit you with it, and
    items for Cultists only are yours to use. It does not make you a Cultist." Großer Cthulhu's +4
    against non-Kultisten misses, Lloyd Lloigor's -2 against Kultisten hits, Meiiiiiiister counts."""
    state = cthulhu()
    to_table(state, "anna", "cult_membership_card")
    state.player("anna").level = 9
    cthulhu_fight = fight(state.clone(), "great_cthulhu")
    assert monster_strength(cthulhu_fight, cthulhu_fight.combat.monsters[0]) == 20
    lloyd = fight(state.clone(), "lloyd_lloigor")
    assert monster_strength(lloyd, lloyd.combat.monsters[0]) == 6
    assert not is_cultist(state, state.player("anna"))
    master = to_hand(state, "anna", "maaaaaaster")
    state, _ = play(state, "anna", master)
    assert all(i.in_use for i in state.player("anna").items)


def test_cult_membership_card_did_nothing_in_rules_version_1():
    state = cthulhu()
    state.rules_version = 1
    to_table(state, "anna", "cult_membership_card")
    cthulhu_fight = fight(state, "great_cthulhu")
    assert monster_strength(cthulhu_fight, cthulhu_fight.combat.monsters[0]) == 24


# ---------------------------------------------------------------------- Gezinkter Würfel
def _lost_fight(sets: tuple[str, ...], die: str, roll: int):
    state = game(3, sets=sets)
    uid = to_hand(state, "anna", die)
    monster = min((c for c in catalog(sets).values() if c.kind == "monster" and c.level >= 5
                   and c.no_pursue_max is None and not c.bonus_vs and not c.run_away),
                  key=lambda c: c.level)
    state = fight(state, monster.id)
    state, _ = pass_all(state)
    rig_dice(state, roll)
    state, _ = decide(state, "anna", "run_away", decision(state, "anna", "run_away").options[0])
    return state, uid


@pytest.mark.parametrize(("sets", "die"), [(("cthulhu",), "loaded_die"), (("impossible",), "imp_loaded_die")])
def test_loaded_die_sets_the_run_away_roll(sets, die):
    """"After your run-away roll you may discard it and say which number the die shows." A 1 becomes a
    6 and anna escapes (C226: 5 or more); the card is spent."""
    state, uid = _lost_fight(sets, die, 1)
    asked = decision(state, "anna", "set_die")
    assert asked.params["roll"] == 1 and asked.options == ["keep", "1", "2", "3", "4", "5", "6"]
    state, events = decide(state, "anna", "set_die", "6")
    assert "die_set" in kinds(events) and "escaped" in kinds(events) and "caught" not in kinds(events)
    assert uid not in state.player("anna").hand and uid in state.treasure_discard


def test_loaded_die_may_be_kept_and_the_roll_stands():
    state, uid = _lost_fight(("cthulhu",), "loaded_die", 1)
    state, events = decide(state, "anna", "set_die", "keep")
    assert "caught" in kinds(events) and uid in state.player("anna").hand


def test_loaded_die_refuses_a_number_no_die_has():
    state, _ = _lost_fight(("cthulhu",), "loaded_die", 2)
    asked = decision(state, "anna", "set_die")
    refused(state, A.Decide(actor="anna", decision=asked.id, option="7"), "bad_option")
