"""Munchkin Axe Cop's own rules (rulebook "Klassen", "Kräfte", "Verbündete", "Weihnachtsmonster",
"Aliens und Robotermonster", "Tod", "Gewonnen!", combat example) and its handlers."""

from __future__ import annotations

from engine.munchkin import actions as A
from engine.munchkin.character import big_item_allowance, die, lose_levels, strength
from engine.munchkin.combat import monsters_strength, players_strength
from engine.munchkin.rules import legal_actions
from engine.munchkin.tx import Tx
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


def axecop(players: int = 3):
    return game(players, sets=("axecop",))



def test_powers_ranks_may_not_exceed_the_level():
    """Kräfte: any number of powers while their ranks add up to no more than your level."""
    state = axecop()
    state.player("anna").level = 4
    moon = to_hand(state, "anna", "axe_moon")          # rank 2
    avocado = to_hand(state, "anna", "axe_avocado")    # rank 2
    dino = to_hand(state, "anna", "axe_dinosaur")      # rank 3
    state, _ = act(state, A.PlayCard(actor="anna", card=moon))
    state, _ = act(state, A.PlayCard(actor="anna", card=avocado))
    refused(state, A.PlayCard(actor="anna", card=dino), "power_rank_too_high")


def test_powers_go_when_the_level_drops_below_their_ranks():
    """Kräfte: when your level sinks below the ranks, discard powers until they fit (you choose)."""
    state = axecop()
    state.player("anna").level = 5
    moon = to_table(state, "anna", "axe_moon")
    dino = to_table(state, "anna", "axe_dinosaur")
    curse = to_hand(state, "ben", "axe_lose_level")
    state, _ = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    assert decision(state, "anna", "drop_power").options == [moon, dino]
    state, _ = decide(state, "anna", "drop_power", dino)
    assert state.player("anna").powers == [moon]
    assert not [d for d in state.decisions if d.kind == "drop_power"]


def test_powers_are_kept_at_death():
    """Kräfte / Tod: you keep every power in play when you die."""
    state = axecop()
    state.player("anna").level = 3
    moon = to_table(state, "anna", "axe_moon")
    die(Tx(state), state.player("anna"), source="test")
    assert state.player("anna").powers == [moon]


def test_duplicate_powers_add_nothing():
    """Kräfte: duplicates of a power have no extra effect."""
    state = axecop()
    state.player("anna").level = 4
    to_table(state, "anna", "axe_gorilla")
    once = strength(state, state.player("anna"), False)
    to_table(state, "anna", "axe_gorilla")
    assert strength(state, state.player("anna"), False) == once == 4 + 1


def test_the_dinosaur_power_allows_another_big_item():
    """Gegenstände: e.g. the Dinosaur power lets you carry more than one big item."""
    state = axecop()
    state.player("anna").level = 3
    assert big_item_allowance(state, state.player("anna")) == 1
    to_table(state, "anna", "axe_dinosaur")
    assert big_item_allowance(state, state.player("anna")) == 2


def test_one_ally_any_time_even_in_combat():
    """Verbündete: one ally in play, played at any time, even during a combat."""
    state = axecop()
    state = fight(state, "axe_bad_guy")
    ally = to_hand(state, "ben", "axe_wexter")
    state, _ = act(state, A.PlayCard(actor="ben", card=ally))
    refused(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "axe_gray_diamond")), "follower_limit")


def test_a_cop_may_have_three_allies():
    """Kampfbeispiel: "da er ein Cop ist, kann er drei Verbündete haben" – +4, +3, +2 at level 4 makes 13."""
    state = axecop()
    to_table(state, "ben", "axe_cop")
    state.player("ben").level = 4
    for ally in ("axe_wexter", "axe_gray_diamond", "axe_super_lionpig"):
        state, _ = act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", ally)))
    assert strength(state, state.player("ben"), False) == 13


def test_allies_beyond_the_allowance_must_go_when_the_class_goes():
    state = axecop()
    cop = to_table(state, "anna", "axe_cop")
    to_table(state, "anna", "axe_wexter")
    to_table(state, "anna", "axe_gray_diamond")
    state, _ = act(state, A.Discard(actor="anna", card=cop))
    assert decision(state, "anna", "drop_follower")


def test_the_combat_example_with_the_ninja_truck_and_the_warriors_discards():
    """Kampfbeispiel (A l.213-237): a level 6 Bat-Warthog-Moon warrior with +3 armour and the baby
    unicorn (+4) is 13, his Bat-Warthog roll of 1 adds nothing; a level 4 Avocado cop with three
    allies is 13 too; 26 against the level 18 kraken, 28 with a truck full of ninjas (+10); the
    warrior discards two cards for +2 and wins the tie. The powers Mond and Avocado are in play and
    add nothing here, as the example's sums say."""
    state = axecop()
    anna = state.player("anna")
    anna.level = 6
    warrior = to_table(state, "anna", "axe_warrior")
    to_table(state, "anna", "axe_moon")
    warthog = to_table(state, "anna", "axe_bat_warthog")
    to_table(state, "anna", "axe_surprise_proof_armor")
    to_table(state, "anna", "axe_baby_unicorn")
    ben = state.player("ben")
    ben.level = 4
    to_table(state, "ben", "axe_cop")
    to_table(state, "ben", "axe_avocado")
    for ally in ("axe_wexter", "axe_gray_diamond", "axe_super_lionpig"):
        to_table(state, "ben", ally)
    state = fight(state, "axe_babyhead_kraken")
    assert players_strength(state) == 13
    rig_dice(state, 1)
    state, _ = act(state, A.UseAbility(actor="anna", card=warthog, ability="battle_roll"))
    assert players_strength(state) == 13
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", treasures=2, helper_first=True))
    state, _ = decide(state, "ben", "help", "accept")
    assert players_strength(state) == 26
    truck = to_hand(state, "cleo", "axe_ninja_truck")
    state, _ = act(state, A.PlayCard(actor="cleo", card=truck, target_monster=state.combat.monsters[0].uid))
    assert monsters_strength(state) == 28
    fuel = (to_hand(state, "anna", "axe_crayons"), to_hand(state, "anna", "axe_wooden_axe"))
    state, _ = act(state, A.UseAbility(actor="anna", card=warrior, ability="berserk", discard=fuel))
    assert players_strength(state) == 28
    state, events = pass_all(state)
    assert "combat_won" in kinds(events)
    assert state.player("anna").level == 8                     # the kraken gives two levels
    assert len(state.combat.reward) + sum(state.combat.reward_taken.values()) == 6   # 4 + 2 from the truck


def test_sacrificing_an_ally_escapes_every_monster():
    """Verbündete: instead of running, discard an ally: you escape all monsters automatically."""
    state = axecop()
    ally = to_table(state, "anna", "axe_sockarang_kid")
    state = fight(state, "axe_planet_eater")
    state, _ = pass_all(state)
    assert state.combat.stage == "run"
    state, events = act(state, A.Sacrifice(actor="anna", card=ally))
    assert "follower_sacrificed" in kinds(events)
    assert state.combat is None and state.player("anna").level == 1
    assert ally in state.door_discard


def test_the_fighter_decides_whether_the_helper_escapes_too():
    """Verbündete: if someone helped, YOU decide whether they escape too or must roll."""
    state = axecop()
    ally = to_table(state, "anna", "axe_wexter")
    state = fight(state, "axe_planet_eater")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = pass_all(state)
    state, _ = act(state, A.Sacrifice(actor="anna", card=ally, helper_escapes=False))
    assert decision(state, "ben", "run_away")


def test_only_the_losing_fighter_may_sacrifice():
    state = axecop()
    ally = to_table(state, "anna", "axe_wexter")
    state = fight(state, "axe_bad_guy")
    refused(state, A.Sacrifice(actor="anna", card=ally), "no_lost_combat")


def test_christmas_monsters_follow_christmas_monsters():
    """Weihnachtsmonster: each may follow another into combat without a Wandering Monster."""
    state = axecop()
    state = fight(state, "axe_santa_graus")
    elf = to_hand(state, "ben", "axe_evil_elf")
    state, events = act(state, A.PlayCard(actor="ben", card=elf))
    assert "monster_joined" in kinds(events)
    other = to_hand(state, "ben", "axe_bad_guy")
    refused(state, A.PlayCard(actor="ben", card=other), "monster_needs_trouble_or_wandering")


def test_undead_follow_undead():
    """Untote: an undead monster may follow another one into combat."""
    state = axecop()
    state = fight(state, "axe_zombie_cop")
    state, events = act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "axe_zombie_dinosaur")))
    assert "monster_joined" in kinds(events)


def test_soldiers_are_good_against_aliens_and_robots():
    """Aliens und Robotermonster: cards can be good or bad against them (our Soldat: +2)."""
    state = axecop()
    to_table(state, "anna", "axe_soldier")
    state = fight(state, "axe_tiny_alien")
    assert players_strength(state) == 3


def test_mann_is_a_class_not_a_sex():
    """Was macht einen Mann zu einem "Mann"? "Mann" refers to the class, never to the sex."""
    state = axecop()
    state.player("anna").sex = "female"
    to_table(state, "anna", "axe_man")
    state = fight(state, "axe_snake_man")          # +2 against the class Mann
    assert monsters_strength(state) == 6


def test_treasure_for_a_monster_defeated_without_killing_it():
    """Gewonnen!: treasure whether you killed the monster or defeated it otherwise."""
    state = axecop()
    state = fight(state, "axe_volcano_monster")
    freeze = to_hand(state, "anna", "axe_time_freeze")
    state, _ = act(state, A.PlayCard(actor="anna", card=freeze, target_monster=state.combat.monsters[0].uid))
    state, _ = pass_all(state)
    assert state.player("anna").level == 1 and len(state.player("anna").hand) == 3


def test_curses_are_kept_at_death():
    """Tod: you keep the curses that lay on you."""
    state = axecop()
    curse = to_table(state, "anna", "axe_tired")
    die(Tx(state), state.player("anna"), source="test")
    assert state.player("anna").curses == [curse]


def test_allies_are_lost_at_death():
    """Tod: everything but classes, powers, level and curses goes."""
    state = axecop()
    ally = to_table(state, "anna", "axe_wexter")
    die(Tx(state), state.player("anna"), source="test")
    assert state.player("anna").followers == [] and ally in state.corpses[0].cards


def test_battle_roll_power():
    """Fledermaus-Warzenschwein (our numbers): once a fight, a die; 4 or more gives +5, a 1 nothing."""
    state = axecop()
    state.player("anna").level = 3
    power = to_table(state, "anna", "axe_bat_warthog")
    state = fight(state, "axe_giant_wizard")
    rig_dice(state, 1)
    state, _ = act(state, A.UseAbility(actor="anna", card=power, ability="battle_roll"))
    assert players_strength(state) == 3
    refused(state, A.UseAbility(actor="anna", card=power, ability="battle_roll"), "ability_used")
    state = axecop()
    state.player("anna").level = 3
    power = to_table(state, "anna", "axe_bat_warthog")
    state = fight(state, "axe_giant_wizard")
    rig_dice(state, 6)
    state, _ = act(state, A.UseAbility(actor="anna", card=power, ability="battle_roll"))
    assert players_strength(state) == 8


def test_handlers_lose_power_and_lose_ally():
    """Fluch! Kraft versiegt / Verbündeter läuft weg."""
    state = axecop()
    state.player("anna").level = 5
    power = to_table(state, "anna", "axe_moon")
    ally = to_table(state, "anna", "axe_wexter")
    state, _ = act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "axe_lose_power"), target_player="anna"))
    state, _ = act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "axe_lose_ally"), target_player="anna"))
    assert state.player("anna").powers == [] and state.player("anna").followers == []
    assert power in state.door_discard and ally in state.door_discard


def test_handler_lose_big_item_and_long_drop():
    """Fluch! Zu schwer: a big item goes. Fluch! Tiefer Fall: two levels from level 5 up."""
    state = axecop()
    big = to_table(state, "anna", "axe_golden_axe")
    state, _ = act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "axe_big_loss"), target_player="anna"))
    assert big in state.treasure_discard
    state.player("anna").level = 6
    state, _ = act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "axe_high_fall"), target_player="anna"))
    assert state.player("anna").level == 4
    lose_levels(Tx(state), state.player("anna"), 2, source="test")
    state, _ = act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "axe_loot_bag"), target_player="anna"))
    assert len(state.player("anna").hand) == 3


def test_items_on_an_ally_count_for_you_and_go_with_its_sacrifice():
    """Verbündete: items played on an ally count for you; a sacrificed ally takes its items along."""
    state = axecop()
    ally = to_table(state, "anna", "axe_sockarang_kid")                # +1
    to_table(state, "anna", "axe_golden_axe")                          # both your hands, +5
    shield = to_hand(state, "anna", "axe_shield")                      # +2, may go to an ally
    state, _ = act(state, A.PlayCard(actor="anna", card=shield, target_item=ally))
    assert strength(state, state.player("anna"), False) == 1 + 1 + 5 + 2
    state = fight(state, "axe_planet_eater")
    state, _ = pass_all(state)
    state, _ = act(state, A.Sacrifice(actor="anna", card=ally))
    assert shield in state.treasure_discard and all(i.uid != shield for i in state.player("anna").items)


def test_an_ally_lost_to_a_curse_takes_its_items():
    """Verbündete: lost to traps or bad stuff, the ally's items go with it."""
    state = axecop()
    ally = to_table(state, "anna", "axe_wexter")
    knife = to_hand(state, "anna", "axe_pocket_knife")
    state, _ = act(state, A.PlayCard(actor="anna", card=knife, target_item=ally))
    state, _ = act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "axe_lose_ally"), target_player="anna"))
    assert knife in state.treasure_discard and ally in state.door_discard


def test_an_ally_item_is_offered_for_each_ally_as_well_as_for_oneself():
    """Verbündete: an item that may go to an ally is listed for each of one's allies (menus and bots
    offer it), besides the play for oneself; another item is not."""
    state = axecop()
    ally = to_table(state, "anna", "axe_sockarang_kid")
    shield = to_hand(state, "anna", "axe_shield")
    axe = to_hand(state, "anna", "axe_golden_axe")
    plays = [m for m in legal_actions(state, "anna") if isinstance(m, A.PlayCard)]
    assert A.PlayCard(actor="anna", card=shield, target_item=ally) in plays
    assert A.PlayCard(actor="anna", card=shield) in plays
    assert not any(m.card == axe and m.target_item for m in plays)


def test_only_ally_items_go_to_an_ally():
    state = axecop()
    ally = to_table(state, "anna", "axe_wexter")
    axe = to_hand(state, "anna", "axe_golden_axe")
    refused(state, A.PlayCard(actor="anna", card=axe, target_item=ally), "needs_own_ally")


def test_a_power_from_the_hand_may_be_played_on_another_players_turn_and_while_helping():
    """A l.193-196 (issue #37, point 9): a power card from the hand may be played whenever it may be
    used, not only on one's own turn like a class: on anna's turn ben lays one out, then another
    while he helps her, and his strength in her fight grows by it."""
    state = axecop()
    state.player("ben").level = 5
    moon = to_hand(state, "ben", "axe_moon")
    gorilla = to_hand(state, "ben", "axe_gorilla")
    assert A.PlayCard(actor="ben", card=moon) in legal_actions(state, "ben")
    state, _ = act(state, A.PlayCard(actor="ben", card=moon))
    assert state.player("ben").powers == [moon]
    state = fight(state, "axe_planet_eater")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    before = players_strength(state)
    assert A.PlayCard(actor="ben", card=gorilla) in legal_actions(state, "ben")
    state, _ = act(state, A.PlayCard(actor="ben", card=gorilla))
    assert state.player("ben").powers == [moon, gorilla]
    assert players_strength(state) == before + 1           # Gorilla: +1


def test_a_power_may_be_replaced_at_any_time():
    """A l.201 (issue #37, point 9): powers may be discarded at any time and replaced by others from
    the hand: in anna's fight ben, at the limit of his level, gives up the Moon for the Dinosaur."""
    state = axecop()
    state.player("ben").level = 3
    moon = to_table(state, "ben", "axe_moon")
    dino = to_hand(state, "ben", "axe_dinosaur")
    state = fight(state, "axe_planet_eater")
    refused(state, A.PlayCard(actor="ben", card=dino), "power_rank_too_high")   # 2 + 3 > level 3
    state, _ = act(state, A.Discard(actor="ben", card=moon))
    state, _ = act(state, A.PlayCard(actor="ben", card=dino))
    assert state.player("ben").powers == [dino] and moon in state.door_discard


def test_a_second_dinosaur_settles_the_big_item_question():
    """A l.243 (issue #37, point 10): when the Dinosaurier goes, the extra big item must go unless the
    problem is put right at once: anna lays out her second Dinosaurier, the question is withdrawn and
    she keeps both big items."""
    state = axecop()
    state.player("anna").level = 6
    dino = to_table(state, "anna", "axe_dinosaur")
    second = to_hand(state, "anna", "axe_dinosaur")
    axe = to_table(state, "anna", "axe_golden_axe")
    suit = to_table(state, "anna", "axe_robot_suit")
    state, _ = act(state, A.Discard(actor="anna", card=dino))
    assert decision(state, "anna", "excess_big").options == [axe, suit]
    refused(state, A.KickDoor(actor="anna"), "waiting_for_decision")
    state, _ = act(state, A.PlayCard(actor="anna", card=second))
    assert not [d for d in state.decisions if d.kind == "excess_big"]
    assert [i.uid for i in state.player("anna").items] == [axe, suit]
    state, _ = act(state, A.KickDoor(actor="anna"))
    assert state.phase == "trouble"


def test_selling_the_extra_big_item_settles_the_big_item_question():
    """A l.243 (issue #37, point 10): on her own turn, outside a fight, the excess big item may be sold:
    once it is, nothing more must go and the question is withdrawn."""
    state = axecop()
    state.player("anna").level = 6
    dino = to_table(state, "anna", "axe_dinosaur")
    axe = to_table(state, "anna", "axe_golden_axe")
    suit = to_table(state, "anna", "axe_robot_suit")
    knife = to_hand(state, "anna", "axe_pocket_knife")
    state, _ = act(state, A.Discard(actor="anna", card=dino))
    assert decision(state, "anna", "excess_big")
    state, _ = act(state, A.Sell(actor="anna", cards=(axe, knife)))
    assert state.player("anna").level == 7
    assert not [d for d in state.decisions if d.kind == "excess_big"]
    assert [i.uid for i in state.player("anna").items] == [suit]
