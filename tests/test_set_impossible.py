"""Munchkin Impossible's own rules (rulebook "Charakterwerte": Loyalität, Klasse, Training;
"Gegenstände"; "Mietlinge"; "Fallen"; "Tod"; "Schätze"; "Schnelleres Spiel") and its handlers."""

from __future__ import annotations

import pytest

from engine.munchkin import actions as A
from engine.munchkin.character import slot_free, strength
from engine.munchkin.combat import monsters_strength
from engine.munchkin.rules import legal_actions, new_game
from engine.munchkin.state import GameState
from tests.munchkin_helpers import (
    act,
    decide,
    fight,
    game,
    kinds,
    on_top,
    pass_all,
    refused,
    rig_dice,
    run,
    take,
    to_hand,
    to_table,
)


def stored_at_version_1(state: GameState) -> GameState:
    """The state as a game begun at rules version 1 is stored and read back."""
    return GameState.model_validate({**state.model_dump(), "rules_version": 1})


def impossible(players: int = 3, **options):
    return game(players, sets=("impossible",), **options)



def test_start_with_two_and_two_cards_or_four_and_four_in_faster_play():
    """Beginn: two cards of each deck; "Schnelleres Spiel": four of each."""
    state, _ = new_game([("a", "A"), ("b", "B")], seed=3, sets=("impossible",))
    assert all(len(p.hand) == 4 for p in state.players)
    from engine.munchkin.state import Options

    state, _ = new_game([("a", "A"), ("b", "B")], seed=3, sets=("impossible",), options=Options(faster_play=True))
    assert all(len(p.hand) >= 8 for p in state.players)


def test_one_loyalty_unless_a_double_agent_and_never_the_same_twice():
    """Loyalität: one at a time; Doppelagent allows a second; the same loyalty never twice."""
    state = impossible()
    to_table(state, "anna", "imp_american")
    second = to_hand(state, "anna", "imp_russian")
    refused(state, A.PlayCard(actor="anna", card=second), "loyalty_limit")
    agent = to_hand(state, "anna", "imp_double_agent")
    state, _ = act(state, A.PlayCard(actor="anna", card=agent))
    state, _ = act(state, A.PlayCard(actor="anna", card=second))
    assert len(state.player("anna").loyalties) == 2
    twin = to_hand(state, "anna", "imp_american")
    agent3 = to_hand(state, "anna", "imp_triple_agent")
    refused(state, A.PlayCard(actor="anna", card=agent3), "one_agent_card_only")
    refused(state, A.PlayCard(actor="anna", card=twin), "already_have_that")


def test_a_double_agent_needs_a_loyalty_and_goes_with_the_last_one():
    """Doppelagent: playable with a loyalty in play; lost when no loyalty is left."""
    state = impossible()
    agent = to_hand(state, "anna", "imp_double_agent")
    refused(state, A.PlayCard(actor="anna", card=agent), "needs_loyalty")
    loyalty = to_table(state, "anna", "imp_british")
    state, _ = act(state, A.PlayCard(actor="anna", card=agent))
    state, _ = act(state, A.Discard(actor="anna", card=loyalty))
    assert state.player("anna").extras == []
    assert agent in state.door_discard


def test_one_training_plus_one_per_extra_training_which_needs_no_training():
    """Training: one at a time; each Zusatzausbildung allows one more and may come first."""
    state = impossible()
    extra = to_hand(state, "anna", "imp_extra_training")
    state, _ = act(state, A.PlayCard(actor="anna", card=extra))
    first = to_hand(state, "anna", "imp_karate_training")
    second = to_hand(state, "anna", "imp_gun_training")
    third = to_hand(state, "anna", "imp_driving_training")
    state, _ = act(state, A.PlayCard(actor="anna", card=first))
    state, _ = act(state, A.PlayCard(actor="anna", card=second))
    refused(state, A.PlayCard(actor="anna", card=third), "training_limit")


def test_knife_training_counts_with_a_knife_in_use():
    """Gegenstände: cards marked knife or firearm are affected by cards naming them."""
    state = impossible()
    to_table(state, "anna", "imp_knife_training")
    assert strength(state, state.player("anna"), False) == 1
    to_table(state, "anna", "imp_bush_knife")
    assert strength(state, state.player("anna"), False) == 1 + 2 + 3


def test_one_hireling_any_time_even_in_someone_elses_combat():
    """Mietlinge: one in play, played at any time, even during a combat."""
    state = impossible()
    state = fight(state, "imp_tourist_trap")
    hireling = to_hand(state, "ben", "imp_bodyguard")
    state, _ = act(state, A.PlayCard(actor="ben", card=hireling))
    assert state.player("ben").followers == [hireling]
    another = to_hand(state, "ben", "imp_informant")
    refused(state, A.PlayCard(actor="ben", card=another), "follower_limit")


def test_a_hireling_adds_to_strength_and_cannot_be_traded():
    """Mietlinge: not items, so never traded."""
    state = impossible()
    hireling = to_table(state, "anna", "imp_bodyguard")
    assert strength(state, state.player("anna"), False) == 4
    mine = to_table(state, "ben", "imp_fur_hat")
    refused(state, A.OfferTrade(actor="anna", to="ben", give=(hireling,), want=(mine,)), "item_not_in_play")


def test_a_trap_from_the_door_hits_the_one_who_opened_it():
    """Fallen: a trap drawn face up hits its drawer."""
    state = impossible()
    state.player("anna").level = 3
    on_top(state, "imp_trap_lose_level")
    state, events = act(state, A.KickDoor(actor="anna"))
    assert state.player("anna").level == 2
    assert "curse_cast" in kinds(events)


def test_a_lasting_trap_lies_beside_the_items_until_removed():
    """Fallen: a trap with a lasting effect stays in front of its victim; the decoding ring removes it."""
    state = impossible()
    trap = to_hand(state, "ben", "imp_trap_laser")
    state, _ = act(state, A.PlayCard(actor="ben", card=trap, target_player="anna"))
    assert state.player("anna").curses == [trap]
    ring = to_hand(state, "anna", "imp_decoder_ring")
    state, _ = act(state, A.PlayCard(actor="anna", card=ring))
    assert state.player("anna").curses == []


def test_lasting_traps_stay_at_death():
    """Tod: you keep the lasting effects of trap cards."""
    from engine.munchkin.character import die
    from engine.munchkin.tx import Tx

    state = impossible()
    trap = to_table(state, "anna", "imp_trap_tracker")
    die(Tx(state), state.player("anna"), source="test")
    assert state.player("anna").curses == [trap]


def test_one_vehicle_in_use():
    """Gegenstände: one vehicle at a time, like headgear or armour."""
    state = impossible()
    to_table(state, "anna", "imp_flying_car")
    jetpack = take(state, "imp_jetpack")
    assert not slot_free(state, state.player("anna"), state.card(jetpack))


def test_treasure_for_a_monster_defeated_without_killing_it():
    """Schätze: treasure for a monster killed or otherwise defeated; no level without a kill."""
    state = impossible()
    state = fight(state, "imp_volcano_lair")
    seat = to_hand(state, "anna", "imp_ejector_seat")
    state, _ = act(state, A.PlayCard(actor="anna", card=seat, target_monster=state.combat.monsters[0].uid))
    state, _events = pass_all(state)
    assert state.player("anna").level == 1
    assert len(state.player("anna").hand) == 4          # the lair's 4 treasures


def test_items_from_a_trade_are_not_sellable_before_your_next_turn():
    """Gegenstände handeln: what you get in a trade may not be sold before your own next turn."""
    state = impossible()
    mine = to_table(state, "anna", "imp_fur_hat")
    theirs = to_table(state, "ben", "imp_fake_passport")
    state, _ = act(state, A.OfferTrade(actor="anna", to="ben", give=(mine,), want=(theirs,)))
    state, _ = decide(state, "ben", "trade", "accept")
    refused(state, A.Sell(actor="anna", cards=(theirs,)), "traded_item_not_sellable_yet")
    state.player("anna").traded.clear()          # what the start of anna's next turn does
    state, _ = act(state, A.Sell(actor="anna", cards=(theirs,)))
    assert state.player("anna").level == 2


def test_traded_items_stay_unsellable_only_until_the_next_own_turn():
    state = impossible(players=2)
    mine = to_table(state, "anna", "imp_fur_hat")
    theirs = to_table(state, "ben", "imp_fake_passport")
    state, _ = act(state, A.OfferTrade(actor="anna", to="ben", give=(mine,), want=(theirs,)))
    state, _ = decide(state, "ben", "trade", "accept")
    assert state.player("anna").traded == [theirs]
    from engine.munchkin.rules import _begin_turn
    from engine.munchkin.tx import Tx

    tx = Tx(state)
    _begin_turn(tx)
    assert state.player("anna").traded == []


def test_loyalty_bonuses_of_monsters_count_for_the_helper_too():
    """Um Hilfe bitten: a Russian helper makes Agent Orange -2 and the V-Ameisenmann +2."""
    state = impossible()
    to_table(state, "ben", "imp_russian")
    state = fight(state, "imp_agent_orange")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    assert monsters_strength(state) == 2


def test_the_gas_mask_kills_the_gas_giant():
    """Kombinieren: "Die Gasmaske tötet automatisch den Gasriesen"."""
    state = impossible()
    to_table(state, "anna", "imp_gas_mask")
    state = fight(state, "imp_gas_giant")
    state, events = pass_all(state)
    assert "combat_won" in kinds(events)
    assert state.player("anna").level == 2


def test_faster_play_claim_takes_a_class_from_the_discard_pile():
    """Schnelleres Spiel: discard a go-up-a-level card to claim the class on top of the discard pile."""
    state = impossible(faster_play=True)
    assassin = take(state, "imp_assassin")
    state.door_discard.append(assassin)
    pay = to_hand(state, "ben", "imp_promotion")
    state, events = act(state, A.Claim(actor="ben", card=pay))
    assert assassin in state.player("ben").hand and pay in state.treasure_discard
    assert "card_claimed" in kinds(events)


def test_no_claim_without_faster_play_or_a_claimable_card():
    state = impossible()
    state.door_discard.append(take(state, "imp_assassin"))
    pay = to_hand(state, "ben", "imp_promotion")
    refused(state, A.Claim(actor="ben", card=pay), "claim_needs_faster_impossible")
    state = impossible(faster_play=True)
    state.door_discard.append(take(state, "imp_tourist_trap"))
    pay = to_hand(state, "ben", "imp_promotion")
    refused(state, A.Claim(actor="ben", card=pay), "nothing_to_claim")


def test_handlers_lose_loyalty_and_training():
    """Falle! Übergelaufen / Gehirnwäsche: a loyalty or a training goes."""
    state = impossible()
    loyalty = to_table(state, "anna", "imp_chinese")
    training = to_table(state, "anna", "imp_karate_training")
    trap = to_hand(state, "ben", "imp_trap_loyalty")
    state, _ = act(state, A.PlayCard(actor="ben", card=trap, target_player="anna"))
    trap = to_hand(state, "ben", "imp_trap_training")
    state, _ = act(state, A.PlayCard(actor="ben", card=trap, target_player="anna"))
    assert state.player("anna").loyalties == [] and state.player("anna").trainings == []
    assert loyalty in state.door_discard and training in state.door_discard


def test_handler_lose_follower():
    """Falle! Bestochen: a hireling goes."""
    state = impossible()
    hireling = to_table(state, "anna", "imp_bodyguard")
    trap = to_hand(state, "ben", "imp_trap_hireling")
    state, _ = act(state, A.PlayCard(actor="ben", card=trap, target_player="anna"))
    assert state.player("anna").followers == [] and hireling in state.door_discard


def test_hirelings_are_lost_at_death_but_loyalty_and_training_stay():
    """Tod: you keep class, loyalty, training and level; everything else goes."""
    state = impossible()
    loyalty = to_table(state, "anna", "imp_chinese")
    training = to_table(state, "anna", "imp_karate_training")
    hireling = to_table(state, "anna", "imp_informant")
    from engine.munchkin.character import die
    from engine.munchkin.tx import Tx

    die(Tx(state), state.player("anna"), source="test")
    anna = state.player("anna")
    assert anna.loyalties == [loyalty] and anna.trainings == [training]
    assert hireling not in anna.followers and hireling in state.corpses[0].cards


def test_a_friendly_monster_is_no_fight_and_the_room_can_be_looted():
    """Phase 3 "Den Raum plündern": a monster friendly to you counts as meeting none; loot the room."""
    state = impossible()
    to_table(state, "anna", "imp_russian")
    on_top(state, "imp_mole")
    state, events = act(state, A.KickDoor(actor="anna"))
    assert state.combat is None and "monster_friendly" in kinds(events)
    state, events = act(state, A.LootRoom(actor="anna"))
    assert "room_looted" in kinds(events)


def test_a_monster_is_friendly_only_to_those_it_names():
    state = impossible()
    to_table(state, "anna", "imp_chinese")
    on_top(state, "imp_mole")
    state, _ = act(state, A.KickDoor(actor="anna"))
    assert state.combat is not None


def test_super_munchkin_needs_a_class_in_play_and_a_second_to_add():
    """I l.265: Super Munchkin goes down while a class is in play, together with a second class."""
    state = game(sets=("impossible",))
    to_table(state, "anna", "imp_assassin")
    sm = to_hand(state, "anna", "imp_super_munchkin")
    refused(state, A.PlayCard(actor="anna", card=sm), "super_munchkin_needs_second_class")
    playboy = to_hand(state, "anna", "imp_playboy")
    state, _ = act(state, A.PlayCard(actor="anna", card=sm, with_card=playboy))
    assert state.player("anna").super_munchkin == sm
    assert playboy in state.player("anna").classes and playboy not in state.player("anna").hand


def test_super_munchkin_is_lost_as_soon_as_either_class_goes():
    """I l.265: losing one of the two classes takes Super Munchkin with it."""
    state = game(sets=("impossible",))
    assassin = to_table(state, "anna", "imp_assassin")
    to_table(state, "anna", "imp_playboy")
    sm = to_table(state, "anna", "imp_super_munchkin")
    state, _ = act(state, A.Discard(actor="anna", card=assassin))
    assert state.player("anna").super_munchkin is None
    assert sm in state.door_discard


def test_faster_play_in_impossible_is_four_and_four_and_the_claim_only():
    """I l.287-291: Impossible's faster play deals 4 + 4 (also after death) and allows the claim; it
    has no phase 0 "listen at the door" and looting still draws a door card. A mix keeps both
    (the other books' "Kombiniere")."""
    from engine.munchkin.state import Options

    state, events = new_game([("a", "A"), ("b", "B")], seed=3, sets=("impossible",), options=Options(faster_play=True))
    assert [len(p.hand) for p in state.players] == [8, 8]
    assert "listened_at_door" not in kinds(events)
    state = impossible(faster_play=True)
    state.phase = "trouble"
    looted = on_top(state, "imp_tourist_trap")
    state, _ = act(state, A.LootRoom(actor="anna"))
    assert state.player("anna").hand == [looted]
    _, events = new_game([("a", "A"), ("b", "B")], seed=3, sets=("impossible", "cthulhu"))
    assert "listened_at_door" in kinds(events)


def test_a_dead_character_draws_two_and_two_at_the_next_turn():
    """I l.147: the dead character's next turn starts with two cards from each deck (four with the
    faster play), to be laid out as at the start of the game. Played: anna dies to the Maulwurfkönig
    on her turn, ben's turn passes, and anna's next turn deals her new hand."""
    for options, size in (({}, 2), ({"faster_play": True}, 4)):
        state = impossible(players=2, **options)
        state.player("anna").level = 5                      # the Maulwurfkönig pursues level 5 and up
        state = fight(state, "imp_mole_king")               # death
        state, _ = pass_all(state)
        rig_dice(state, 1)
        state, _ = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
        assert state.active_player.id == "ben" and state.player("anna").hand == []
        on_top(state, "imp_american")
        state, _ = run(state, A.KickDoor(actor="ben"), A.EndTurn(actor="ben"))
        anna = state.player("anna")
        decks = [state.card(u).deck for u in anna.hand]
        assert state.active_player.id == "anna"                 # (Impossible alone listens at no door)
        assert (decks.count("door"), decks.count("treasure")) == (size, size)
        assert all(anna.fresh.get(u) == state.turn for u in anna.hand)   # laid out as at the start

def test_a_monster_removed_by_a_card_pays_nothing_when_you_flee_from_the_rest():
    """I l.95: with a monster removed by a card and the fight against the other lost, you run away and
    get no treasure, not even the removed monster's (which a won fight would pay: I l.151)."""
    state = impossible()
    state = fight(state, "imp_doomsday_clock")              # level 16, lets level 1 go
    wandering = to_hand(state, "anna", "imp_wandering_monster")
    lair = to_hand(state, "anna", "imp_volcano_lair")       # 4 treasures
    state, _ = act(state, A.PlayCard(actor="anna", card=wandering, with_card=lair))
    seat = to_hand(state, "anna", "imp_ejector_seat")
    state, _ = act(state, A.PlayCard(actor="anna", card=seat, target_monster=lair))
    treasures = len(state.treasure_deck)
    state, _ = pass_all(state)
    state, events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert "escaped" in kinds(events) and state.combat is None
    assert state.player("anna").hand == [] and len(state.treasure_deck) == treasures


def test_the_ninja_army_takes_the_backpack_too():
    """Ninja-Armee (fact sheet): its bad stuff takes all your items, the carried ones in the backpack
    as well as those in use; the hand stays."""
    state = impossible()
    state.player("anna").level = 4                          # level 3 and below are not pursued
    hat = to_table(state, "anna", "imp_fur_hat")
    carried = to_table(state, "anna", "imp_gas_mask", in_use=False)
    kept = to_hand(state, "anna", "imp_american")
    state = fight(state, "imp_ninja_army")
    state, _ = pass_all(state)
    rig_dice(state, 1)
    state, _ = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    anna = state.player("anna")
    assert anna.items == [] and {hat, carried} <= set(state.treasure_discard) and kept in anna.hand


def test_the_backpack_survived_the_ninja_army_in_games_of_rules_version_1():
    state = impossible()
    state.rules_version = 1
    state.player("anna").level = 4
    to_table(state, "anna", "imp_fur_hat")
    carried = to_table(state, "anna", "imp_gas_mask", in_use=False)
    state = fight(state, "imp_ninja_army")
    state, _ = pass_all(state)
    rig_dice(state, 1)
    state, _ = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert [i.uid for i in state.player("anna").items] == [carried]


def test_a_gift_is_no_trade_and_may_be_sold_at_once():
    """I l.205: items may be given away without a trade; the ban of I l.203 (no sale before your
    next turn) is for items got in a trade. A gift offered and one asked for may be sold at once; an
    item got in exchange may not."""
    state = impossible()
    passport = to_table(state, "ben", "imp_fake_passport")          # 1000 gold
    state, _ = act(state, A.OfferTrade(actor="ben", to="anna", give=(passport,)))
    state, _ = decide(state, "anna", "trade", "accept")
    state, _ = act(state, A.Sell(actor="anna", cards=(passport,)))
    assert state.player("anna").level == 2
    briefcase = to_table(state, "cleo", "imp_cash_briefcase")       # asked for, given for nothing
    state, _ = act(state, A.OfferTrade(actor="anna", to="cleo", want=(briefcase,)))
    state, _ = decide(state, "cleo", "trade", "accept")
    state, _ = act(state, A.Sell(actor="anna", cards=(briefcase,)))
    assert state.player("anna").level == 3
    hat = to_table(state, "anna", "imp_fur_hat")
    passport = to_table(state, "ben", "imp_fake_passport")
    state, _ = act(state, A.OfferTrade(actor="anna", to="ben", give=(hat,), want=(passport,)))
    state, _ = decide(state, "ben", "trade", "accept")
    refused(state, A.Sell(actor="anna", cards=(passport,)), "traded_item_not_sellable_yet")


def test_the_backpack_may_change_out_of_turn_but_not_in_a_combat():
    """I l.195: items are put in and out of the backpack at any time except in a combat or while
    running away (unlike Cthulhu l.286's own turn)."""
    state = impossible()
    hat = to_table(state, "ben", "imp_fur_hat", in_use=False)
    state, _ = act(state, A.Equip(actor="ben", card=hat, in_use=True))      # anna's turn
    state, _ = act(state, A.Equip(actor="ben", card=hat, in_use=False))
    state = fight(state, "imp_tourist_trap")
    refused(state, A.Equip(actor="ben", card=hat, in_use=True), "in_combat")


def test_a_hireling_is_no_ally_and_cannot_be_sacrificed_to_escape():
    """I l.267-269 against A l.309 (issue #37, point 12): sacrificing a follower instead of running is
    the gift of Axe Cop's allies; a hireling is no ally, so anna, having lost, must roll."""
    state = impossible()
    bodyguard = to_table(state, "anna", "imp_bodyguard")
    state = fight(state, "imp_iron_jaw")
    state, _ = pass_all(state)
    assert state.combat.stage == "run"
    refused(state, A.Sacrifice(actor="anna", card=bodyguard), "only_allies_sacrificed")
    assert not [m for m in legal_actions(state, "anna") if isinstance(m, A.Sacrifice)]
    assert state.player("anna").followers == [bodyguard]


def test_a_hireling_of_a_game_begun_before_rules_version_2_is_still_sacrificed():
    """Stored games keep their rules: a game of rules version 1 played the sacrifice of a hireling."""
    state = stored_at_version_1(impossible())
    bodyguard = to_table(state, "anna", "imp_bodyguard")
    state = fight(state, "imp_iron_jaw")
    state, _ = pass_all(state)
    state, events = act(state, A.Sacrifice(actor="anna", card=bodyguard))
    assert "follower_sacrificed" in kinds(events) and state.combat is None


@pytest.mark.parametrize(("other_set", "training", "item", "item_bonus"), [
    ("axecop", "imp_knife_training", "axe_pocket_knife", 1),        # Taschenmesser
    ("cthulhu", "imp_knife_training", "sushi_knife_of_doom", 2),    # Sushimesser des Verderbens
    ("axecop", "imp_gun_training", "axe_squirt_gun", 1),            # Wasserpistole
    ("axecop", "imp_gun_training", "axe_machine_gun", 4),           # Maschinengewehr
    ("cthulhu", "imp_gun_training", "tommy_gun", 4),                # Tommy Gun: "gun" in the name
])
def test_in_a_mix_another_sets_knives_and_guns_count_for_impossibles_training(other_set, training, item,
                                                                            item_bonus):
    """I l.323-325 (issue #37, point 13): in a game with Impossible every card naming a knife or dagger
    is a knife and every one with a pistol or gun in its name a firearm: anna's Messertraining or
    Schießtraining gives its +3 for the other set's weapon she lays out."""
    state = game(3, sets=("impossible", other_set))
    to_table(state, "anna", training)
    uid = to_hand(state, "anna", item)
    before = strength(state, state.player("anna"), False)
    state, _ = act(state, A.PlayCard(actor="anna", card=uid))
    assert strength(state, state.player("anna"), False) == before + item_bonus + 3


@pytest.mark.parametrize(("other_set", "vehicle"), [
    ("axecop", "axe_cop_car"),              # Streifenwagen: "Wagen" in the German name
    ("shakespeare", "sha_kingdom_horse"),   # A Kingdom for a Horse: a horse by its English name
])
def test_in_a_mix_another_sets_car_or_horse_takes_the_one_vehicle_slot(other_set, vehicle):
    """I l.327 with I l.191 (issue #37, point 13): every steed and every card with a car or wagon in its
    name is a vehicle, and one vehicle is in use: with the Flugfähiges Auto in use, the other set's car
    or horse goes to the backpack and gives nothing; without it, it counts."""
    state = game(3, sets=("impossible", other_set))
    car = to_table(state, "anna", "imp_flying_car")
    uid = to_hand(state, "anna", vehicle)
    state, _ = act(state, A.PlayCard(actor="anna", card=uid))
    assert [(i.uid, i.in_use) for i in state.player("anna").items] == [(car, True), (uid, False)]
    state, _ = act(state, A.Equip(actor="anna", card=car, in_use=False))
    before = strength(state, state.player("anna"), False)
    state, _ = act(state, A.Equip(actor="anna", card=uid, in_use=True))
    assert strength(state, state.player("anna"), False) == before + state.card(uid).bonus


def test_the_mixing_rules_by_name_are_for_games_with_impossible_and_new_games_only():
    """The names make a knife, gun or vehicle only where Impossible is in the mix (Axe Cop alone keeps
    its Streifenwagen beside anything), and a game begun before rules version 2 keeps its table."""
    alone = game(3, sets=("axecop",))
    assert alone.card(take(alone, "axe_cop_car")).slot == "none"
    old = stored_at_version_1(game(3, sets=("impossible", "axecop")))
    car = to_table(old, "anna", "imp_flying_car")
    uid = to_hand(old, "anna", "axe_cop_car")
    old, _ = act(old, A.PlayCard(actor="anna", card=uid))
    assert [(i.uid, i.in_use) for i in old.player("anna").items] == [(car, True), (uid, True)]
