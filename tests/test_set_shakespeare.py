"""Munchkin Shakespeare's own rules (rulebook "Rassen und Klassen", its sample cards for Elf,
Priester, Halb-Blut and Super Munchkin, "Große Gegenstände", "Schnelleres Spiel": the two cards
that may end the game) and its class abilities."""

from __future__ import annotations

from engine.munchkin import actions as A
from engine.munchkin.character import hand_limit, strength
from engine.munchkin.combat import players_strength
from engine.munchkin.rules import legal_actions
from engine.munchkin.state import GameState
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
    take,
    to_hand,
    to_table,
)


def shakespeare(players: int = 3):
    return game(players, sets=("shakespeare",))



def test_warrior_wins_ties_and_a_helping_warrior_lends_it():
    """Um Hilfe bitten (example): with a warrior's help you win on a tie as well."""
    state = shakespeare()
    state = fight(state, "sha_rude_mechanicals")      # level 2
    to_table(state, "ben", "sha_warrior")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state.player("ben").level = 1
    assert players_strength(state) == 2
    state, events = pass_all(state)
    assert "combat_won" in kinds(events)


def test_warrior_berserk_at_most_three_cards_a_fight():
    """Krieger: discard up to 3 cards in a fight for +1 each."""
    state = shakespeare()
    warrior = to_table(state, "anna", "sha_warrior")
    fuel = [to_hand(state, "anna", c) for c in ("sha_sling", "sha_ruff", "sha_codpiece", "sha_quill")]
    state = fight(state, "sha_caliban")
    state, _ = act(state, A.UseAbility(actor="anna", card=warrior, ability="berserk", discard=tuple(fuel[:2])))
    assert players_strength(state) == 3
    refused(state, A.UseAbility(actor="anna", card=warrior, ability="berserk", discard=tuple(fuel[2:])),
            "ability_card_count")
    state, _ = act(state, A.UseAbility(actor="anna", card=warrior, ability="berserk", discard=(fuel[2],)))
    assert players_strength(state) == 4


def test_an_ability_cannot_be_paid_with_its_own_card():
    """Klassen: the class card itself cannot be discarded to fuel its ability."""
    state = shakespeare()
    warrior = to_table(state, "anna", "sha_warrior")
    state = fight(state, "sha_caliban")
    refused(state, A.UseAbility(actor="anna", card=warrior, ability="berserk", discard=(warrior,)),
            "ability_cannot_discard_itself")


def test_elf_goes_up_a_level_for_each_monster_it_helps_to_kill():
    """Elf (sample card): +1 to run away; a level for each monster you help someone else kill."""
    state = shakespeare()
    to_table(state, "ben", "sha_elf")
    state.player("ben").level = 3
    state = fight(state, "sha_groundling")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = pass_all(state)
    assert state.player("ben").level == 4


def test_dwarf_keeps_six_cards_and_carries_any_number_of_big_items():
    """Zwerge: 6 cards at the end of the turn; any number of big items."""
    state = shakespeare()
    to_table(state, "anna", "sha_dwarf")
    assert hand_limit(state, state.player("anna")) == 6
    to_table(state, "anna", "sha_pike")
    cannon = to_hand(state, "anna", "sha_cannon")
    state, _ = act(state, A.PlayCard(actor="anna", card=cannon))
    assert len([i for i in state.player("anna").items if state.card(i.uid).big]) == 2


def test_only_one_big_item_otherwise():
    """Große Gegenstände: one big item unless a card allows more."""
    state = shakespeare()
    to_table(state, "anna", "sha_pike")
    refused(state, A.PlayCard(actor="anna", card=to_hand(state, "anna", "sha_cannon")), "too_many_big_items")


def test_losing_the_dwarf_makes_the_extra_big_items_go_to_the_lowest_player():
    """Große Gegenstände: no longer a dwarf with two big items: give one to the lowest player who
    can carry it, or discard it."""
    state = shakespeare()
    dwarf = to_table(state, "anna", "sha_dwarf")
    pike = to_table(state, "anna", "sha_pike")
    to_table(state, "anna", "sha_cannon")
    state.player("ben").level = 3
    state.player("cleo").level = 2
    state, _ = act(state, A.Discard(actor="anna", card=dwarf))
    state, _ = decide(state, "anna", "excess_big", pike)
    assert any(i.uid == pike for i in state.player("cleo").items)


def test_thief_backstabs_a_fighter_once_per_fight():
    """Dieb: discard a card to give a player in combat -2, once per fight."""
    state = shakespeare()
    thief = to_table(state, "ben", "sha_thief")
    state.player("anna").level = 5
    state = fight(state, "sha_caliban")
    card = to_hand(state, "ben", "sha_sling")
    stab = A.UseAbility(actor="ben", card=thief, ability="backstab", discard=(card,), target_player="anna")
    state, _ = act(state, stab)
    assert players_strength(state) == 3
    again = to_hand(state, "ben", "sha_ruff")
    refused(state, A.UseAbility(actor="ben", card=thief, ability="backstab", discard=(again,), target_player="anna"),
            "ability_used")
    refused(state, A.UseAbility(actor="ben", card=thief, ability="backstab", discard=(again,), target_player="cleo"),
            "needs_target_in_combat")


def test_priest_turns_undead_for_three_per_card():
    """Priester (sample card): discard up to 3 cards in a fight against undead, +3 each."""
    state = shakespeare()
    priest = to_table(state, "anna", "sha_priest")
    fuel = to_hand(state, "anna", "sha_sling")
    state = fight(state, "sha_banquo")
    state, _ = act(state, A.UseAbility(actor="anna", card=priest, ability="turning", discard=(fuel,)))
    assert players_strength(state) == 4
    state = shakespeare()
    priest = to_table(state, "anna", "sha_priest")
    fuel = to_hand(state, "anna", "sha_sling")
    state = fight(state, "sha_caliban")
    refused(state, A.UseAbility(actor="anna", card=priest, ability="turning", discard=(fuel,)), "needs_undead")


def test_priest_resurrection_takes_the_top_discarded_door():
    """Priester (sample card): instead of a face-up draw, take the top card of that discard pile,
    paying one card from hand."""
    state = shakespeare()
    to_table(state, "anna", "sha_priest")
    pay = to_hand(state, "anna", "sha_sling")
    top = take(state, "sha_groundling")
    state.door_discard.append(top)
    state, events = act(state, A.KickDoor(actor="anna", resurrect_with=pay))
    assert "resurrected" in kinds(events)
    assert state.combat is not None and state.combat.monsters[0].uid == top
    assert pay in state.treasure_discard


def test_resurrection_needs_a_priest():
    state = shakespeare()
    pay = to_hand(state, "anna", "sha_sling")
    state.door_discard.append(take(state, "sha_groundling"))
    refused(state, A.KickDoor(actor="anna", resurrect_with=pay), "no_such_ability")


def test_wizard_flight_adds_to_running_away():
    """Zauberer (ours): discard up to 3 cards for +1 each to run away."""
    state = shakespeare()
    wizard = to_table(state, "anna", "sha_wizard")
    fuel = (to_hand(state, "anna", "sha_sling"), to_hand(state, "anna", "sha_ruff"))
    state = fight(state, "sha_falstaff")        # level 10, +1 to run away for you
    state, _ = pass_all(state)
    state, _ = act(state, A.UseAbility(actor="anna", card=wizard, ability="flight", discard=fuel))
    rig_dice(state, 2)                         # 2 + 1 + 2 = 5 escapes
    state, events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert "escaped" in kinds(events)


def test_wizard_charm_removes_a_lone_monster_for_the_whole_hand():
    """Zauberer (ours): discard the whole hand (3 or more) to charm a single monster: no level."""
    state = shakespeare()
    wizard = to_table(state, "anna", "sha_wizard")
    hand = tuple(to_hand(state, "anna", c) for c in ("sha_sling", "sha_ruff", "sha_quill"))
    state = fight(state, "sha_titania")
    state, _ = act(state, A.UseAbility(actor="anna", card=wizard, ability="charm", discard=hand))
    state, events = pass_all(state)
    assert state.combat is None and state.player("anna").level == 1
    assert "monster_defeated_without_kill" in kinds(events) or state.player("anna").hand == []


def test_halfling_sells_one_item_a_turn_at_double_value():
    """Halbling (ours): once a turn the most valuable item in a sale counts double."""
    state = shakespeare()
    to_table(state, "anna", "sha_halfling")
    item = to_hand(state, "anna", "sha_rapier")         # 500 gold
    state, _ = act(state, A.Sell(actor="anna", cards=(item,)))
    assert state.player("anna").level == 2
    again = to_hand(state, "anna", "sha_crown")          # 600 gold, no longer doubled
    refused(state, A.Sell(actor="anna", cards=(again,)), "sale_below_1000")


def test_the_two_game_ending_cards_may_give_the_tenth_level():
    """Schnelleres Spiel, note: "Halte einen Monolog" and "Die Schau stehlen" may end the game."""
    state = shakespeare()
    state.player("anna").level = 9
    card = to_hand(state, "anna", "sha_monologue")
    state, _events = act(state, A.PlayCard(actor="anna", card=card))
    assert state.phase == "over" and state.winners == ["anna"]
    state = shakespeare()
    state.player("anna").level = 9
    other = to_hand(state, "anna", "sha_regelreiter")
    refused(state, A.PlayCard(actor="anna", card=other), "level_10_needs_kill")


def test_lady_macbeth_spares_low_women_but_always_pursues_men():
    """Lady Macbeth (sample card): does not pursue women of level 4 or lower; always pursues men."""
    state = shakespeare()
    state.player("anna").sex = "female"
    state.player("anna").level = 3
    state = fight(state, "sha_lady_macbeth")
    state, _ = pass_all(state)
    state, events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert any(e.kind == "escaped" and e.params.get("reason") == "not_pursued" for e in events)
    state = shakespeare()
    state.player("anna").level = 3
    state = fight(state, "sha_lady_macbeth")
    state, _ = pass_all(state)
    rig_dice(state, 1)
    state, events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert "player_died" in kinds(events)


def test_a_plague_on_both_your_houses_counts_everyone_in_the_fight():
    """Die Pest auf beide Eure Häuser (sample card): +3 for each munchkin and each monster in the fight."""
    state = shakespeare()
    state = fight(state, "sha_caliban")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    plague = to_hand(state, "cleo", "sha_plague")
    before = players_strength(state)
    state, _ = act(state, A.PlayCard(actor="cleo", card=plague, side="players"))
    assert players_strength(state) == before + 3 * 3


def test_hecht_and_the_candle_have_the_sample_cards_numbers():
    """Sample cards: Hecht +4, two hands, big, 600 gold; Kerze +3, one hand, 300 gold, fire."""
    state = shakespeare()
    pike = state.card(take(state, "sha_pike"))
    candle = state.card(take(state, "sha_candle"))
    assert (pike.bonus, pike.slot, pike.big, pike.value) == (4, "two_hands", True, 600)
    assert (candle.bonus, candle.slot, candle.value, candle.traits) == (3, "hand", 300, ("fire",))
    assert strength(state, state.player("anna"), False) == 1
    assert decision is not None


def test_two_bees_from_the_sample_card():
    """S l.3-14 (the sample card "Zwei Bienen"): level 1, 1 treasure, +4 against bards; bad stuff:
    wearing armour you get away clean, otherwise you lose a level."""
    state = game(sets=("shakespeare",))
    bees = state.card(take(state, "sha_two_bees"))
    assert (bees.level, bees.treasures, bees.bonus_vs) == (1, 1, {"class:bard": 4})
    for armour, level in ((True, 3), (False, 2)):
        state = game(sets=("shakespeare",))
        state.player("anna").level = 3
        if armour:
            to_table(state, "anna", next(state.card_ids[u] for u in state.treasure_deck
                                         if state.card(u).slot == "armor"))
        state = fight(state, "sha_two_bees")
        state.combat.monster_bonus = 10                  # make sure the fight is lost
        state, _ = pass_all(state)
        rig_dice(state, 1)
        state, _ = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
        assert state.player("anna").level == level


def test_the_iambic_thermometer_the_rulebook_names_is_an_item_to_bribe_with():
    """S l.686 names "Jambisches Thermometer" as an item to bribe a helper with: offered with the
    call for help, it goes from the fighter's table to the helper's once the help is accepted."""
    state = shakespeare()
    thermometer = to_table(state, "anna", "sha_iambic_thermometer")
    assert state.card(thermometer).kind == "item"
    state = fight(state, "sha_caliban")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", items=(thermometer,)))
    assert [i.uid for i in state.player("anna").items] == [thermometer]       # not before the answer
    state, events = decide(state, "ben", "help", "accept")
    assert state.combat.helper == "ben" and "item_given" in kinds(events)
    assert [i.uid for i in state.player("ben").items] == [thermometer] and state.player("anna").items == []


def test_thief_steals_a_small_item_but_not_during_a_combat():
    """S l.504-505: stealing is the thief's (not during a combat). One card, a small item another
    player carries, a die: 4 or more takes it, less costs the thief a level (our reading)."""
    for roll, stolen in ((4, True), (3, False)):
        state = shakespeare()
        thief = to_table(state, "ben", "sha_thief")
        state.player("ben").level = 3
        sling = to_table(state, "anna", "sha_sling")
        fuel = to_hand(state, "ben", "sha_ruff")
        state, _ = act(state, A.UseAbility(actor="ben", card=thief, ability="steal", discard=(fuel,),
                                           target_player="anna"))
        rig_dice(state, roll)
        state, _ = decide(state, "ben", "steal_pick", sling)
        assert (sling in [i.uid for i in state.player("ben").items]) is stolen
        assert state.player("ben").level == (3 if stolen else 2)
    state = shakespeare()
    thief = to_table(state, "ben", "sha_thief")
    to_table(state, "anna", "sha_sling")
    state = fight(state, "sha_caliban")
    refused(state, A.UseAbility(actor="ben", card=thief, ability="steal", discard=(to_hand(state, "ben", "sha_ruff"),),
                                target_player="anna"), "in_combat")


def test_priest_resurrection_works_for_every_face_up_draw_also_a_helped_fights_treasures():
    """S l.270-273: whenever a card must be drawn face up, the priest may take the top card of that
    discard pile instead, for a card from hand: also for the treasures a helped win draws face up."""
    state = shakespeare()
    priest = to_table(state, "anna", "sha_priest")
    state.player("ben").level = 9
    old = take(state, "sha_broadsword")
    state.treasure_discard.append(old)
    state = fight(state, "sha_groundling")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", treasures=0))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = pass_all(state)
    assert state.combat.stage == "reward"
    last = state.combat.reward[-1]
    pay = to_hand(state, "anna", "sha_ruff")
    state, events = act(state, A.UseAbility(actor="anna", card=priest, ability="resurrection", discard=(pay,)))
    assert "resurrected" in kinds(events)
    assert state.combat.reward[-1] == old and state.treasure_deck[-1] == last
    refused(state, A.UseAbility(actor="ben", card=priest, ability="resurrection",
                                discard=(to_hand(state, "ben", "sha_sling"),)), "card_not_in_play")


def test_the_big_item_question_is_withdrawn_once_she_fits_again():
    """S l.640-645 (issue #37, point 10): too many big items after the dwarf went must go, but putting
    it right herself settles it: anna discards the pike, the question which one to give away is
    withdrawn, the cannon stays hers and her turn goes on."""
    state = shakespeare()
    dwarf = to_table(state, "anna", "sha_dwarf")
    pike = to_table(state, "anna", "sha_pike")
    cannon = to_table(state, "anna", "sha_cannon")
    state, _ = act(state, A.Discard(actor="anna", card=dwarf))
    assert decision(state, "anna", "excess_big").options == [pike, cannon]
    state, _ = act(state, A.Discard(actor="anna", card=pike))
    assert not [d for d in state.decisions if d.kind == "excess_big"]
    assert [i.uid for i in state.player("anna").items] == [cannon]
    state, _ = act(state, A.KickDoor(actor="anna"))
    assert state.phase == "trouble"


def test_half_breed_comes_at_any_time_but_the_second_race_on_ones_own_turn():
    """S l.623-629 and l.595-596 (issue #37, point 11): Halb-Blut may be played at any time while one
    has a race, but the second race is laid out like any race, on one's own turn or when drawn:
    on anna's turn ben lays out Halb-Blut, his Zwerg from the hand waits for his own turn."""
    state = shakespeare()
    to_table(state, "ben", "sha_elf")
    half = to_hand(state, "ben", "sha_half_breed")
    dwarf = to_hand(state, "ben", "sha_dwarf")
    state, _ = act(state, A.PlayCard(actor="ben", card=half))
    assert state.player("ben").half_breed == half
    refused(state, A.PlayCard(actor="ben", card=dwarf), "only_on_your_turn")
    assert A.PlayCard(actor="ben", card=dwarf) not in legal_actions(state, "ben")
    state.active = 1                    # ben's turn
    state, _ = act(state, A.PlayCard(actor="ben", card=dwarf))
    assert len(state.player("ben").races) == 2


def test_a_game_begun_before_rules_version_2_keeps_the_second_race_at_any_time():
    state = shakespeare()
    to_table(state, "ben", "sha_elf")
    to_table(state, "ben", "sha_half_breed")
    dwarf = to_hand(state, "ben", "sha_dwarf")
    state = GameState.model_validate({**state.model_dump(), "rules_version": 1})
    state, _ = act(state, A.PlayCard(actor="ben", card=dwarf))
    assert len(state.player("ben").races) == 2
