"""Character rules (rulebooks: "Tod", "Leiche plündern", "Klassen", "Gegenstände", "Gegenstände
verkaufen", "Gegenstände handeln", "Flüche", "Spielende"; Super Munchkin / Halb-Blut from Cthulhu and
Shakespeare)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.munchkin import actions as A
from engine.munchkin.character import strength
from engine.munchkin.combat import monsters_strength
from tests.munchkin_helpers import (
    act,
    decide,
    decision,
    fight,
    game,
    kinds,
    on_top,
    pass_all,
    refused,
    rig_dice,
    run,
    to_hand,
    to_table,
)


# ---------------------------------------------------------------------- death
def _kill_anna(state):
    """anna (at least level 5, so the dragon pursues her) meets the Bone Dragon and rolls a 1."""
    state.players[0].level = max(5, state.players[0].level)
    state = fight(state, "t_bone_dragon")
    state, _ = pass_all(state)
    rig_dice(state, 1)
    return decide(state, "anna", "run_away", state.combat.monsters[0].uid)


def test_death_keeps_level_class_and_race_and_loses_the_rest():
    """Tod: level, class(es) and race(s) stay; hand and items form the corpse."""
    state = game()
    state.players[0].level = 6
    cls = to_table(state, "anna", "t_scholar")
    race = to_table(state, "anna", "t_elf")
    to_table(state, "anna", "t_pot_helmet")
    to_hand(state, "anna", "t_fire_potion")
    state, _events = _kill_anna(state)
    anna = state.player("anna")
    assert anna.level == 6 and anna.classes == [cls] and anna.races == [race]
    assert not anna.items and not anna.hand and anna.needs_new_hand


def test_corpse_is_looted_highest_level_first_then_discarded():
    """Leiche plündern: highest level picks first, one card each; the rest is discarded."""
    state = game()
    state.players[1].level, state.players[2].level = 2, 4
    for card in ("t_pot_helmet", "t_clogs", "t_fire_potion"):
        to_hand(state, "anna", card)
    state, events = _kill_anna(state)
    first = decision(state, "cleo", "corpse_pick")
    state, _ = act(state, A.Decide(actor="cleo", decision=first.id, option=first.options[0]))
    second = decision(state, "ben", "corpse_pick")
    discard_before = len(state.treasure_discard)
    state, events = act(state, A.Decide(actor="ben", decision=second.id, option=second.options[0]))
    assert "corpse_discarded" in kinds(events)
    assert len(state.treasure_discard) == discard_before + 1   # the one card nobody took
    assert not state.corpses


def test_equal_levels_roll_for_the_corpse_order():
    """Leiche plündern: players on the same level roll dice."""
    state = game()
    to_hand(state, "anna", "t_pot_helmet")
    state, events = _kill_anna(state)
    tie_rolls = [e for e in events if e.kind == "die_rolled" and e.params["purpose"] == "tie_break"]
    assert {e.params["player"] for e in tie_rolls} >= {"ben", "cleo"}


def test_dead_player_draws_a_new_hand_at_their_next_turn_and_the_turn_passes():
    """Tod: if it was your turn the next player goes on; the new character draws at its next turn."""
    state = game()
    state, _ = _kill_anna(state)
    assert state.active_player.id == "ben"
    assert state.player("anna").hand == []
    state.turn_passes = False
    state.active = 2
    state.phase = "after"
    state, _events = act(state, A.EndTurn(actor="cleo"))
    assert state.active_player.id == "anna" and len(state.player("anna").hand) == 8


def test_dead_character_may_help_at_once():
    """Tod: the new character can help in combat straight away."""
    state = game()
    state, _ = _kill_anna(state)
    state = fight(state, "t_slimeling")
    state, _ = act(state, A.AskHelp(actor="ben", helper="anna"))
    state, _ = decide(state, "anna", "help", "accept")
    assert state.combat.helper == "anna"


# ---------------------------------------------------------------------- items
def test_one_headgear_in_use_the_second_goes_to_the_backpack():
    """Gegenstände: 1 headgear in use; items you cannot use are carried in the backpack."""
    state = game()
    to_table(state, "anna", "t_pot_helmet")
    hat = to_hand(state, "anna", "t_feather_hat")
    state, _ = act(state, A.PlayCard(actor="anna", card=hat))
    assert [i.in_use for i in state.players[0].items] == [True, False]
    with pytest.raises(IllegalAction) as err:
        act(state, A.Equip(actor="anna", card=hat, in_use=True))
    assert err.value.code in ("slot_full", "restricted")


def test_two_hands_and_a_two_handed_item_fills_both():
    """Gegenstände: two 1-hand items, or one 2-hand item."""
    state = game()
    to_table(state, "anna", "t_short_sword")
    to_table(state, "anna", "t_buckler")
    staff = to_table(state, "anna", "t_walking_staff", in_use=False)
    with pytest.raises(IllegalAction) as err:
        act(state, A.Equip(actor="anna", card=staff, in_use=True))
    assert err.value.code == "slot_full"


def test_only_one_big_item_unless_allowed():
    """Gegenstände: only 1 big item; a dwarf may carry any number (Shakespeare, Zwerg)."""
    state = game()
    to_table(state, "anna", "t_plate_armor")
    cannon = to_hand(state, "anna", "t_cannon")
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="anna", card=cannon))
    assert err.value.code == "too_many_big_items"
    to_table(state, "anna", "t_dwarf")
    state, _ = act(state, A.PlayCard(actor="anna", card=cannon))


def test_losing_the_big_item_allowance_forces_one_away():
    """Große Gegenstände (Axe Cop, Gegenstände): after losing the allowance, the excess must go."""
    state = game()
    dwarf = to_table(state, "anna", "t_dwarf")
    to_table(state, "anna", "t_plate_armor")
    cannon = to_table(state, "anna", "t_cannon")
    state, _ = act(state, A.Discard(actor="anna", card=dwarf))
    d = decision(state, "anna", "excess_big")
    state, _events = act(state, A.Decide(actor="anna", decision=d.id, option=cannon))
    assert any(i.uid == cannon for p in state.players[1:] for i in p.items)


def test_restricted_item_gives_its_bonus_only_to_the_named():
    """Einschränkung: carried by anyone, bonus only for the named class/race."""
    state = game()
    mace = to_table(state, "anna", "t_mace", in_use=False)
    with pytest.raises(IllegalAction) as err:
        act(state, A.Equip(actor="anna", card=mace, in_use=True))
    assert err.value.code == "restricted"
    fighter = to_table(state, "anna", "t_fighter")
    state, _ = act(state, A.Equip(actor="anna", card=mace, in_use=True))
    assert strength(state, state.players[0], False) == 4
    state, _ = act(state, A.Discard(actor="anna", card=fighter))
    assert strength(state, state.players[0], False) == 1


def test_items_from_hand_only_on_your_own_turn():
    """Gegenstände: only on your own turn (or when received)."""
    state = game()
    helmet = to_hand(state, "ben", "t_pot_helmet")
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="ben", card=helmet))
    assert err.value.code == "only_on_your_turn"


def test_backpack_only_on_your_turn_outside_combat():
    """Gegenstände: out of the backpack only on your own turn, not in combat or running away."""
    state = game()
    hat = to_table(state, "anna", "t_pot_helmet", in_use=False)
    ben_hat = to_table(state, "ben", "t_clogs", in_use=False)
    with pytest.raises(IllegalAction):
        act(state, A.Equip(actor="ben", card=ben_hat, in_use=True))
    fighting = fight(state.model_copy(deep=True), "t_slimeling")
    with pytest.raises(IllegalAction) as err:
        act(fighting, A.Equip(actor="anna", card=hat, in_use=True))
    assert err.value.code == "in_combat"
    state, _ = act(state, A.Equip(actor="anna", card=hat, in_use=True))


# ---------------------------------------------------------------------- selling
def test_selling_1000_gold_gives_a_level_without_change():
    """Gegenstände verkaufen: 1000 gold = 1 level, 2000 = 2, no change."""
    state = game()
    cards = [to_hand(state, "anna", c) for c in ("t_gold_bar", "t_lucky_ring", "t_cannon", "t_amulet")]
    state, _ = act(state, A.Sell(actor="anna", cards=tuple(cards[:2])))   # 1700
    assert state.players[0].level == 2
    state, _ = act(state, A.Sell(actor="anna", cards=tuple(cards[2:])))   # 1400
    assert state.players[0].level == 3


def test_selling_two_thousand_gives_two_levels_and_items_in_play_count():
    state = game()
    gold = to_hand(state, "anna", "t_gold_bar")
    bow = to_table(state, "anna", "t_longbow")
    ring = to_table(state, "anna", "t_lucky_ring")
    state, _ = act(state, A.Sell(actor="anna", cards=(gold, bow, ring)))
    assert state.players[0].level == 3 and not state.players[0].items


def test_selling_under_1000_is_refused():
    state = game()
    ring = to_hand(state, "anna", "t_lucky_ring")
    with pytest.raises(IllegalAction) as err:
        act(state, A.Sell(actor="anna", cards=(ring,)))
    assert err.value.code == "sale_below_1000"


def test_selling_only_on_your_own_turn():
    state = game()
    gold = to_hand(state, "ben", "t_gold_bar")
    with pytest.raises(IllegalAction) as err:
        act(state, A.Sell(actor="ben", cards=(gold,)))
    assert err.value.code == "not_your_turn"


def test_selling_cannot_reach_level_ten():
    """Spielende: level 10 only by killing a monster."""
    state = game()
    state.players[0].level = 9
    gold = to_hand(state, "anna", "t_gold_bar")
    with pytest.raises(IllegalAction) as err:
        act(state, A.Sell(actor="anna", cards=(gold,)))
    assert err.value.code == "level_10_needs_kill"


# ---------------------------------------------------------------------- trading
def test_trade_items_in_play_out_of_turn():
    """Gegenstände handeln: items in play only, any time outside combat; they go onto the table."""
    state = game()
    ring = to_table(state, "ben", "t_lucky_ring")
    hat = to_table(state, "cleo", "t_pot_helmet")
    state, _ = act(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,), want=(hat,)))
    state, _events = decide(state, "cleo", "trade", "accept")
    assert any(i.uid == ring for i in state.player("cleo").items)
    assert any(i.uid == hat for i in state.player("ben").items)


def test_trade_from_hand_is_refused():
    state = game()
    ring = to_hand(state, "ben", "t_lucky_ring")
    with pytest.raises(IllegalAction) as err:
        act(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,)))
    assert err.value.code == "item_not_in_play"


def test_declined_trade_changes_nothing():
    state = game()
    ring = to_table(state, "ben", "t_lucky_ring")
    state, _ = act(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,)))
    state, _ = decide(state, "cleo", "trade", "decline")
    assert state.player("ben").items[0].uid == ring


def test_offering_the_same_item_twice_is_refused_like_a_sale():
    """Gegenstände handeln (Cthulhu, line 296): a trade swaps items one owns; one item cannot be
    handed over twice, so naming it twice is refused and opens no decision."""
    state = game()
    ring = to_table(state, "ben", "t_lucky_ring")
    hat = to_table(state, "cleo", "t_pot_helmet")
    refused(state, A.OfferTrade(actor="ben", to="cleo", give=(ring, ring)), "card_named_twice")
    refused(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,), want=(hat, hat)), "card_named_twice")
    gold = to_hand(state, "anna", "t_gold_bar")
    refused(state, A.Sell(actor="anna", cards=(gold, gold)), "card_named_twice")


def test_accepting_an_old_offer_naming_an_item_twice_is_refused_not_a_crash():
    """An offer stored before the check existed may name an item twice: accepting it is refused
    with the same reason and changes nothing (Gegenstände handeln, Cthulhu line 296)."""
    state = game()
    ring = to_table(state, "ben", "t_lucky_ring")
    state, _ = act(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,)))
    offer = decision(state, "cleo", "trade")
    offer.params["give"] = [ring, ring]
    refused(state, A.Decide(actor="cleo", decision=offer.id, option="accept"), "card_named_twice")


def test_the_same_open_offer_again_is_refused():
    """One offer, one answer: while cleo has not answered, the identical offer is refused; another
    offer, or the same one after her answer, is fine (Gegenstände handeln, Cthulhu line 296)."""
    state = game()
    ring = to_table(state, "ben", "t_lucky_ring")
    hat = to_table(state, "cleo", "t_pot_helmet")
    state, _ = act(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,), want=(hat,)))
    refused(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,), want=(hat,)), "trade_already_offered")
    state, _ = act(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,)))
    assert len([d for d in state.decisions if d.kind == "trade"]) == 2
    state, _ = decide(state, "cleo", "trade", "decline")
    state, _ = act(state, A.OfferTrade(actor="ben", to="cleo", give=(ring,), want=(hat,)))


# ---------------------------------------------------------------------- curses
def test_curse_from_hand_on_anyone_at_any_time():
    """Flüche: a curse drawn face down may be played on any player at any time."""
    state = game()
    state.players[2].level = 3
    curse = to_hand(state, "ben", "t_curse_lose_level")
    state, _events = act(state, A.PlayCard(actor="ben", card=curse, target_player="cleo"))
    assert state.player("cleo").level == 2 and curse in state.door_discard


def test_curse_with_nothing_to_hit_is_discarded():
    """Flüche: a curse that finds nothing is discarded without effect."""
    state = game()
    curse = to_hand(state, "ben", "t_curse_headgear")
    state, events = act(state, A.PlayCard(actor="ben", card=curse, target_player="cleo"))
    assert "no_effect" in kinds(events) and curse in state.door_discard


def test_curse_victim_chooses_among_candidates():
    """Flüche: with several candidates the victim decides which is hit."""
    state = game()
    sword = to_table(state, "cleo", "t_short_sword")
    to_table(state, "cleo", "t_buckler")
    curse = to_hand(state, "ben", "t_curse_disarmed")
    state, _ = act(state, A.PlayCard(actor="ben", card=curse, target_player="cleo"))
    state, _ = decide(state, "cleo", "choose_loss", sword)
    assert [i.uid for i in state.player("cleo").items] != [sword] and len(state.player("cleo").items) == 1
    assert curse in state.door_discard


def test_next_combat_curse_waits_for_the_victims_next_combat():
    """Flüche: "in your next combat" waits until then."""
    state = game()
    curse = to_hand(state, "ben", "t_curse_bad_luck")
    state, _ = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    assert curse in state.player("anna").curses
    to_table(state, "anna", "t_cannon")
    state = fight(state, "t_slimeling")
    from engine.munchkin.combat import players_strength
    assert players_strength(state) == 1 + 5 - 3
    state, _ = pass_all(state)
    assert curse not in state.player("anna").curses and curse in state.door_discard


def test_curse_during_someone_elses_combat():
    state = game()
    state.players[0].level = 2
    state = fight(state, "t_slimeling")
    curse = to_hand(state, "ben", "t_curse_lose_level")
    state, _ = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    state, events = pass_all(state)
    assert "combat_lost" in kinds(events)


def test_uncoded_card_says_it_is_not_automated():
    """A card the engine cannot automate says so when played."""
    state = game()
    curse = to_hand(state, "ben", "t_curse_muddle")
    state, events = act(state, A.PlayCard(actor="ben", card=curse, target_player="cleo"))
    assert "card_not_automated" in kinds(events)


# ---------------------------------------------------------------------- classes and races
def test_one_class_only():
    """Klassen: one class at a time."""
    state = game()
    to_table(state, "anna", "t_fighter")
    scholar = to_hand(state, "anna", "t_scholar")
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="anna", card=scholar))
    assert err.value.code == "class_limit"


def test_super_munchkin_allows_a_second_class_and_half_protects():
    """Super Munchkin (Cthulhu, Klassen): a second class; with one class, no class disadvantages."""
    state = game()
    to_table(state, "anna", "t_fighter")
    sm = to_hand(state, "anna", "t_super_munchkin")
    state, _ = act(state, A.PlayCard(actor="anna", card=sm))
    state = fight(state, "t_mirror_knight")          # +3 against fighters
    assert monsters_strength(state) == 8
    scholar = to_hand(state, "anna", "t_scholar")
    state, _ = act(state, A.PlayCard(actor="anna", card=scholar))
    assert monsters_strength(state) == 11


def test_super_munchkin_goes_with_the_last_class():
    state = game()
    fighter = to_table(state, "anna", "t_fighter")
    sm = to_table(state, "anna", "t_super_munchkin")
    state, _ = act(state, A.Discard(actor="anna", card=fighter))
    assert state.players[0].super_munchkin is None and sm in state.door_discard


def test_half_breed_allows_a_second_race():
    """Halb-Blut (Shakespeare): a second race."""
    state = game()
    to_table(state, "anna", "t_elf")
    to_table(state, "anna", "t_half_breed")
    dwarf = to_hand(state, "anna", "t_dwarf")
    state, _ = act(state, A.PlayCard(actor="anna", card=dwarf))
    assert len(state.players[0].races) == 2


def test_classes_may_be_discarded_any_time_even_in_combat():
    """Klassen: a class may be discarded at any time, even in combat."""
    state = game()
    fighter = to_table(state, "anna", "t_fighter")
    state = fight(state, "t_mirror_knight")
    state, _ = act(state, A.Discard(actor="anna", card=fighter))
    assert monsters_strength(state) == 8 and not state.players[0].classes


# ---------------------------------------------------------------------- levels and winning
def test_level_never_below_one():
    """Spielvorbereitungen: your level can never drop below 1."""
    state = game()
    curse = to_hand(state, "ben", "t_curse_lose_level")
    state, events = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    assert state.players[0].level == 1 and "no_effect" in kinds(events)


def test_go_up_a_level_any_time_but_not_to_ten():
    """Sonstige Karten / Spielende: level cards at any time, but 10 only by a kill."""
    state = game()
    card = to_hand(state, "ben", "t_boasting")
    state, _ = act(state, A.PlayCard(actor="ben", card=card))
    assert state.player("ben").level == 2
    state.players[1].level = 9
    card = to_hand(state, "ben", "t_birthday")
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="ben", card=card))
    assert err.value.code == "level_10_needs_kill"


def test_level_ten_by_a_kill_wins():
    """Spielende: the first to reach level 10 by killing a monster wins."""
    state = game()
    state.players[0].level = 9
    to_table(state, "anna", "t_cannon")
    state = fight(state, "t_slimeling")
    state, _events = pass_all(state)
    assert state.phase == "over" and state.winners == ["anna"]
    with pytest.raises(IllegalAction) as err:
        act(state, A.KickDoor(actor="anna"))
    assert err.value.code == "game_over"


def test_shared_victory_lets_the_helper_win_too():
    """Schnelleres Spiel: optional shared victory for the helper of the winning fight."""
    state = game(shared_victory=True)
    state.players[0].level = 9
    state.players[1].level = 3
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _events = pass_all(state)
    assert state.winners == ["anna", "ben"]


def test_without_shared_victory_the_helper_does_not_win():
    state = game()
    state.players[0].level = 9
    state.players[1].level = 3
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = pass_all(state)
    assert state.winners == ["anna"]


def test_change_sex_curse():
    state = game()
    curse = to_hand(state, "ben", "t_curse_sex")
    state, _ = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    assert state.players[0].sex == "female"


def test_handler_card_takes_the_most_valuable_item():
    """A named handler: the Greedy Gnome's bad stuff takes the item worth the most."""
    state = game()
    to_table(state, "anna", "t_pot_helmet")
    bow = to_table(state, "anna", "t_longbow", in_use=False)
    state = fight(state, "t_greedy_gnome")
    state, _ = pass_all(state)
    rig_dice(state, 1)
    state, _events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert all(i.uid != bow for i in state.players[0].items) and bow in state.treasure_discard


def test_monster_kicked_open_after_death_in_trouble_phase():
    state = game()
    on_top(state, "t_fighter")
    state, _ = run(state, A.KickDoor(actor="anna"))
    assert state.phase == "trouble"
