"""Combat (rulebooks: "Kampf", "Um Hilfe bitten", "Weitere Aktionen im Kampf", "Wanderndes Monster",
"Monsterverstärker", "Untote Monster", "Gewonnen!", "Verloren!"; cited from Axe Cop 1.01)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.munchkin import actions as A
from engine.munchkin.combat import monsters_strength, players_strength
from tests.munchkin_helpers import (
    act,
    decide,
    decision,
    fight,
    game,
    kinds,
    pass_all,
    rig_dice,
    run,
    to_hand,
    to_table,
)


def test_strength_is_level_plus_every_modifier():
    """Kampf: combat strength = level + all modifiers from items and other cards."""
    state = game()
    state.players[0].level = 3
    to_table(state, "anna", "t_pot_helmet")          # +1
    to_table(state, "anna", "t_short_sword")         # +2
    to_table(state, "anna", "t_chain_shirt", in_use=False)  # in the backpack: nothing
    state = fight(state, "t_slimeling")
    assert players_strength(state) == 6


def test_win_only_when_strictly_greater():
    """Kampf: equal strength loses."""
    state = game()
    state = fight(state, "t_slimeling")          # level 1 against level 1
    state, events = pass_all(state)
    assert "combat_lost" in kinds(events)


def test_a_class_that_wins_ties_wins_ties():
    """Kampfbeispiel (Axe Cop) / Shakespeare Krieger: warriors win ties."""
    state = game()
    to_table(state, "anna", "t_fighter")
    state = fight(state, "t_slimeling")
    state, events = pass_all(state)
    assert "combat_won" in kinds(events)


def test_winning_gives_a_level_per_monster_and_its_treasures_face_down():
    """Gewonnen!: one level per monster killed; treasures drawn face down when alone."""
    state = game()
    state.players[0].level = 4
    state = fight(state, "t_moor_ghost")         # level 4, 2 treasures
    to_table(state, "anna", "t_short_sword")
    state, events = pass_all(state)
    assert state.players[0].level == 5
    received = [e for e in events if e.kind == "cards_received"]
    assert received and received[0].audience == "anna" and len(received[0].params["cards"]) == 2
    assert state.combat is None and state.phase == "after"


def test_big_monster_gives_two_levels():
    """Gewonnen!: two levels where the card says so."""
    state = game()
    state.players[0].level = 7
    to_table(state, "anna", "t_cannon")          # +5
    to_table(state, "anna", "t_plate_armor", in_use=True)  # second big item is not allowed, but placed for the test
    state.players[0].items[-1].in_use = True
    state = fight(state, "t_bone_dragon")        # level 16, 2 levels
    state, _ = run(state, A.PlayCard(actor="anna", card=to_hand(state, "anna", "t_ice_bomb"), side="players"))
    state, _ = pass_all(state)
    assert state.players[0].level == 9


def test_one_helper_adds_strength_and_gains_no_level():
    """Um Hilfe bitten: the helper's strength counts; only the fighter goes up (Gewonnen!, Achtung)."""
    state = game()
    state.players[1].level = 5
    state = fight(state, "t_stone_troll")        # level 6
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", treasures=1))
    state, _ = decide(state, "ben", "help", "accept")
    assert state.combat.helper == "ben" and players_strength(state) == 6
    to_table(state, "anna", "t_buckler")
    state, events = pass_all(state)
    assert "combat_won" in kinds(events)
    assert state.players[1].level == 5 and state.players[0].level == 2


def test_only_one_helper():
    """Um Hilfe bitten: only one player may help."""
    state = game()
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    with pytest.raises(IllegalAction) as err:
        act(state, A.AskHelp(actor="anna", helper="cleo"))
    assert err.value.code == "help_pending"
    state, _ = decide(state, "ben", "help", "accept")
    with pytest.raises(IllegalAction) as err:
        act(state, A.OfferHelp(actor="cleo"))
    assert err.value.code == "already_helped"


def test_declined_help_lets_you_ask_the_next():
    """Um Hilfe bitten: if one declines, ask another."""
    state = game()
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "decline")
    state, _ = act(state, A.AskHelp(actor="anna", helper="cleo"))
    assert decision(state, "cleo", "help")


def test_offered_help_needs_the_fighters_consent():
    state = game()
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.OfferHelp(actor="cleo", treasures=1))
    state, _ = decide(state, "anna", "help_offer", "accept")
    assert state.combat.helper == "cleo"


def test_bribe_items_go_to_the_helper():
    """Um Hilfe bitten: items in play may be offered as a bribe."""
    state = game()
    helmet = to_table(state, "anna", "t_pot_helmet")
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", items=(helmet,)))
    state, _ = decide(state, "ben", "help", "accept")
    assert any(i.uid == helmet for i in state.player("ben").items)


def test_helped_treasures_are_face_up_and_shared_as_agreed():
    """Gewonnen!: with a helper the treasures are drawn face up and shared as agreed."""
    state = game()
    state.players[1].level = 6
    state = fight(state, "t_stone_troll")                     # 2 treasures
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", treasures=1, helper_first=True))
    state, _ = decide(state, "ben", "help", "accept")
    state, events = pass_all(state)
    revealed = next(e for e in events if e.kind == "treasures_revealed")
    assert revealed.is_public and len(revealed.params["cards"]) == 2
    d = decision(state, "ben", "treasure_pick")
    pick = d.options[1]
    state, events = act(state, A.Decide(actor="ben", decision=d.id, option=pick))
    assert pick in state.player("ben").hand
    assert len(state.player("anna").hand) == 1 and state.combat is None


def test_monster_bonus_against_a_trait_counts_once():
    """Um Hilfe bitten: a monster's bonus against X applies to the helper too, but only once."""
    state = game()
    to_table(state, "anna", "t_elf")
    to_table(state, "ben", "t_elf")
    state = fight(state, "t_old_aunt")           # level 5, +2 against elves
    assert monsters_strength(state) == 7
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    assert monsters_strength(state) == 7


def test_elf_helper_gains_a_level_for_the_kill():
    """Shakespeare, Elf: goes up a level for each monster helped to kill (a card saying so)."""
    state = game()
    to_table(state, "ben", "t_elf")
    state.players[1].level = 3
    state = fight(state, "t_slimeling")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = pass_all(state)
    state, _ = decide(state, "anna", "treasure_pick", decision(state, "anna", "treasure_pick").options[0])
    assert state.player("ben").level == 4


def test_anyone_plays_one_shots_in_any_combat():
    """Weitere Aktionen im Kampf: one-shots from the hand by anyone, for either side."""
    state = game()
    state.players[0].level = 3
    state = fight(state, "t_slimeling")
    potion = to_hand(state, "cleo", "t_fire_potion")
    state, _ = act(state, A.PlayCard(actor="cleo", card=potion, side="monsters"))
    assert monsters_strength(state) == 4
    state, events = pass_all(state)
    assert "combat_lost" in kinds(events)


def test_one_shot_from_the_table():
    """Weitere Aktionen im Kampf: a one-shot carried on the table can be used too."""
    state = game()
    potion = to_table(state, "anna", "t_fire_potion", in_use=False)
    state = fight(state, "t_slimeling")
    state, _ = act(state, A.PlayCard(actor="anna", card=potion, side="players"))
    assert players_strength(state) == 4


def test_playing_a_card_reopens_the_window():
    """Weitere Aktionen im Kampf: after a card is played everyone may react again."""
    state = game()
    state = fight(state, "t_slimeling")
    state, _ = pass_all(state, except_for=("cleo",))
    old_window = state.combat.window
    potion = to_hand(state, "cleo", "t_fire_potion")
    state, _ = act(state, A.PlayCard(actor="cleo", card=potion, side="players"))
    assert state.combat.passed == ["cleo"] and state.combat.window != old_window
    with pytest.raises(IllegalAction) as err:
        act(state, A.Pass(actor="anna", window=old_window))
    assert err.value.code == "stale_prompt"


def test_window_deadline_closes_as_if_everyone_passed():
    state = game()
    to_table(state, "anna", "t_short_sword")
    state = fight(state, "t_slimeling")
    state, events = act(state, A.Timeout(actor=A.SYSTEM, window=state.combat.window))
    assert "window_timed_out" in kinds(events) and "combat_won" in kinds(events)


def test_enhancer_raises_the_monster_and_its_treasures():
    """Monsterverstärker: bonuses add up and bring extra treasures."""
    state = game()
    state.players[0].level = 5
    to_table(state, "anna", "t_cannon")
    state = fight(state, "t_slimeling")
    monster = state.combat.monsters[0].uid
    huge = to_hand(state, "ben", "t_huge")
    state, _ = act(state, A.PlayCard(actor="ben", card=huge, target_monster=monster))
    assert monsters_strength(state) == 6
    state, events = pass_all(state)
    received = next(e for e in events if e.kind == "cards_received")
    assert len(received.params["cards"]) == 2


def test_wandering_monster_brings_a_monster_from_hand():
    """Wanderndes Monster: plus a monster from the hand; all are fought together."""
    state = game()
    state = fight(state, "t_slimeling")
    wandering = to_hand(state, "ben", "t_wandering")
    rat = to_hand(state, "ben", "t_cellar_rat")
    state, _ = act(state, A.PlayCard(actor="ben", card=wandering, with_card=rat))
    assert [m.uid for m in state.combat.monsters][1] == rat
    assert monsters_strength(state) == 3


def test_undead_follow_undead_without_a_card():
    """Untote Monster: an undead monster may join an undead monster's combat without a card."""
    state = game()
    state = fight(state, "t_bone_hound")
    ghost = to_hand(state, "ben", "t_moor_ghost")
    state, _ = act(state, A.PlayCard(actor="ben", card=ghost))
    assert len(state.combat.monsters) == 2
    rat = to_hand(state, "ben", "t_cellar_rat")
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="ben", card=rat))
    assert err.value.code == "monster_needs_trouble_or_wandering"


def test_monster_defeated_without_a_kill_gives_no_level():
    """Gewonnen!: never a level for a monster defeated without killing it."""
    state = game()
    state = fight(state, "t_star_eater")
    word = to_hand(state, "anna", "t_magic_word")
    state, events = act(state, A.PlayCard(actor="anna", card=word, target_monster=state.combat.monsters[0].uid))
    state, events = pass_all(state)
    assert "combat_won" in kinds(events) and state.players[0].level == 1
    assert not [e for e in events if e.kind == "cards_received"]


def test_selling_and_trading_are_not_allowed_in_combat():
    """Weitere Aktionen im Kampf: no selling or trading during combat."""
    state = game()
    gold = to_hand(state, "anna", "t_gold_bar")
    ring = to_table(state, "anna", "t_lucky_ring")
    hat = to_table(state, "ben", "t_pot_helmet")
    state = fight(state, "t_slimeling")
    with pytest.raises(IllegalAction) as err:
        act(state, A.Sell(actor="anna", cards=(gold,)))
    assert err.value.code == "in_combat"
    with pytest.raises(IllegalAction) as err:
        act(state, A.OfferTrade(actor="anna", to="ben", give=(ring,), want=(hat,)))
    assert err.value.code == "in_combat"


# ---------------------------------------------------------------------- running away
def test_run_away_five_or_more_escapes():
    """Verloren!: a d6, 5 or more escapes."""
    state = game()
    state = fight(state, "t_stone_troll")   # run_away -1 on this monster
    state, _ = pass_all(state)
    rig_dice(state, 6)
    state, events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert "escaped" in kinds(events) and state.combat is None


def test_failed_run_applies_bad_stuff():
    """Verloren!: a failed roll means the monster's bad stuff."""
    state = game()
    state.players[0].level = 4
    state = fight(state, "t_moor_ghost")
    state, _ = pass_all(state)
    rig_dice(state, 4)
    state, events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert "caught" in kinds(events) and state.players[0].level == 2


def test_run_away_modifiers_count():
    """Verloren!: cards give a bonus or malus to the roll."""
    state = game()
    to_table(state, "anna", "t_league_boots")   # +2
    state = fight(state, "t_moor_ghost")
    state, _ = pass_all(state)
    rig_dice(state, 3)
    state, events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert "escaped" in kinds(events)


def test_will_not_pursue_low_levels():
    state = game()
    state = fight(state, "t_crypt_king")         # will not pursue level 3 or lower
    state, _ = pass_all(state)
    state, events = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert any(e.kind == "escaped" and e.params["reason"] == "not_pursued" for e in events)


def test_one_roll_per_monster_in_the_fighters_order_and_helper_runs_too():
    """Verloren!, Achtung: the helper runs too; one roll per monster, in the order you choose."""
    state = game()
    state = fight(state, "t_slimeling")
    rat = to_hand(state, "anna", "t_cellar_rat")
    wandering = to_hand(state, "anna", "t_wandering")
    state, _ = act(state, A.PlayCard(actor="anna", card=wandering, with_card=rat))
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = pass_all(state)
    assert set(decision(state, "anna", "run_away").options) == {m.uid for m in state.combat.monsters}
    rig_dice(state, 6, 6)
    state, _ = decide(state, "anna", "run_away", rat)
    assert decision(state, "anna", "run_away").options != [rat]
    state, _ = decide(state, "anna", "run_away", decision(state, "anna", "run_away").options[0])
    assert decision(state, "ben", "run_away")


def test_you_are_dead_ends_further_rolls():
    """Verloren!: after "you are dead" there are no more rolls."""
    state = game()
    state.players[0].level = 5
    state = fight(state, "t_bone_dragon")
    rat = to_hand(state, "anna", "t_cellar_rat")
    wandering = to_hand(state, "anna", "t_wandering")
    state, _ = act(state, A.PlayCard(actor="anna", card=wandering, with_card=rat))
    state, _ = pass_all(state)
    dragon = state.combat.monsters[0].uid
    rig_dice(state, 1)
    state, events = decide(state, "anna", "run_away", dragon)
    assert "player_died" in kinds(events)
    assert not [d for d in state.decisions if d.kind == "run_away"]


def test_victim_chooses_which_item_bad_stuff_takes():
    """Flüche / Schlimme Dinge: with several candidates the victim chooses."""
    state = game()
    to_table(state, "anna", "t_pot_helmet")
    ring = to_table(state, "anna", "t_lucky_ring")
    state = fight(state, "t_pickpocket")           # 3 against 3: lost; bad stuff takes an item
    state, _ = pass_all(state)
    rig_dice(state, 1)
    state, _ = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    state, _events = decide(state, "anna", "choose_loss", ring)
    assert [i.uid for i in state.players[0].items] != [] and all(i.uid != ring for i in state.players[0].items)
    assert state.combat is None


def test_item_enhancer_adds_to_its_item_and_goes_with_it():
    """Gegenstandsverstärker: an item enhancer raises one item's bonus and travels with it."""
    state = game()
    sword = to_table(state, "anna", "t_short_sword")
    stone = to_hand(state, "anna", "t_sharpening_stone")
    state, _ = act(state, A.PlayCard(actor="anna", card=stone, target_item=sword))
    from engine.munchkin.character import strength

    assert strength(state, state.players[0], False) == 1 + 2 + 2
    ring = to_table(state, "ben", "t_lucky_ring")
    state, _ = act(state, A.OfferTrade(actor="anna", to="ben", give=(sword,), want=(ring,)))
    state, _ = decide(state, "ben", "trade", "accept")
    moved = next(i for i in state.player("ben").items if i.uid == sword)
    assert moved.enhancers == [stone]


def test_item_enhancer_needs_an_item_of_your_own():
    state = game()
    stone = to_hand(state, "anna", "t_sharpening_stone")
    ben_sword = to_table(state, "ben", "t_short_sword")
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="anna", card=stone, target_item=ben_sword))
    assert err.value.code == "needs_target_item"


def test_bonus_against_a_monster_trait():
    """Bonuses against traits (Axe Cop "Aliens und Robotermonster"; here undead): only against them."""
    state = game()
    to_table(state, "anna", "t_silver_knife")
    undead = fight(state.model_copy(deep=True), "t_bone_hound")
    assert players_strength(undead) == 1 + 1 + 3
    living = fight(state, "t_cellar_rat")
    assert players_strength(living) == 1 + 1
    water = to_hand(living, "ben", "t_holy_water")
    living, _ = act(living, A.PlayCard(actor="ben", card=water, side="players"))
    assert players_strength(living) == 1 + 1 + 1


def test_impossible_alone_deals_two_and_two():
    """Impossible, Spielvorbereitung / Schnelleres Spiel: 2 + 2 cards, 4 + 4 with faster play or mixed."""
    from engine.munchkin.setrules import rules_for
    from engine.munchkin.state import Options

    assert (rules_for(("impossible",), Options()).starting_doors, rules_for(("impossible",), Options())
            .starting_treasures) == (2, 2)
    assert rules_for(("impossible",), Options(faster_play=True)).starting_doors == 4
    assert rules_for(("impossible", "cthulhu"), Options()).starting_doors == 4
