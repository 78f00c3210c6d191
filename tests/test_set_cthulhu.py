"""Munchkin Cthulhu's own rules (rulebook "Kultisten", "Goth-Monster", "Das Spiel gewinnen") and its
card handlers."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.munchkin import actions as A
from engine.munchkin import character as ch
from engine.munchkin.combat import monsters_strength, players_strength
from engine.munchkin.rules import apply
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
    take,
    to_hand,
    to_table,
)


def cthulhu(players: int = 3):
    return game(players, sets=("cthulhu",))


def make_cultist(state, player: str) -> str:
    return to_table(state, player, "cultist")


def test_kultist_cannot_be_discarded_voluntarily():
    """Kultisten: the class cannot be discarded of one's own free will."""
    state = cthulhu()
    uid = make_cultist(state, "anna")
    with pytest.raises(IllegalAction) as err:
        act(state, A.Discard(actor="anna", card=uid))
    assert err.value.code == "cultist_cannot_discard"
    assert state.player("anna").classes == [uid]


def test_other_classes_can_still_be_discarded():
    """Klassen: any other class may be discarded at any time."""
    state = cthulhu()
    uid = to_table(state, "anna", "professor")
    state, _ = act(state, A.Discard(actor="anna", card=uid))
    assert state.player("anna").classes == []
    assert uid in state.door_discard


def test_lost_kultist_goes_to_its_own_pile_not_the_discard_pile():
    """Kultisten: a Kultist card lost by a card's effect goes to a separate pile that is not a
    discard pile."""
    state = cthulhu()
    anna_cult = make_cultist(state, "anna")
    make_cultist(state, "ben")
    curse = to_hand(state, "cleo", "curse_amnesia")      # lose a class (a level without one)
    state, _ = act(state, A.PlayCard(actor="cleo", card=curse, target_player="anna"))
    assert state.player("anna").classes == []
    assert state.cultist_discard == [anna_cult]
    assert anna_cult not in state.door_discard


def test_a_lone_kultist_cannot_lose_the_card():
    """Kultisten: the only Kultist at the table keeps the card; the curse has nothing to take."""
    state = cthulhu()
    uid = make_cultist(state, "anna")
    curse = to_hand(state, "ben", "curse_amnesia")
    state.player("anna").level = 1
    state, events = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    assert state.player("anna").classes == [uid]
    assert "no_effect" in kinds(events)


def test_become_a_kultist_takes_a_card_from_the_cultist_pile():
    """Kultisten: told to become a Kultist, you must take a waiting Kultist card."""
    state = cthulhu()
    waiting = take(state, "cultist")
    state.cultist_discard.append(waiting)
    curse = to_hand(state, "ben", "curse_dragged_off_to_snarkham_asylum")
    state, events = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    assert state.player("anna").classes == [waiting]
    assert state.cultist_discard == []
    assert "became_cultist" in kinds(events)


def test_become_a_kultist_with_an_empty_pile_does_nothing():
    """Kultisten: with no Kultist card waiting you got lucky this time."""
    state = cthulhu()
    curse = to_hand(state, "ben", "curse_dragged_off_to_snarkham_asylum")
    state, events = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    assert not is_cultist(state, state.player("anna"))
    assert "no_cultist_card_left" in kinds(events)


def test_becoming_a_kultist_replaces_the_only_class():
    """Klassen: one class at a time; the Kultist card pushes the old class out."""
    state = cthulhu()
    professor = to_table(state, "anna", "professor")
    state.cultist_discard.append(take(state, "cultist"))
    curse = to_hand(state, "ben", "curse_dragged_off_to_snarkham_asylum")
    state, _ = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    assert is_cultist(state, state.player("anna"))
    assert professor in state.door_discard


def test_all_but_one_kultist_gives_the_last_human_a_level():
    """Das Spiel gewinnen: when all players but one are Kultisten, that one goes up a level."""
    state = cthulhu()
    make_cultist(state, "anna")
    state.cultist_discard.append(take(state, "cultist"))
    curse = to_hand(state, "anna", "curse_dragged_off_to_snarkham_asylum")
    state.player("cleo").level = 4
    state, events = act(state, A.PlayCard(actor="anna", card=curse, target_player="ben"))
    assert "last_human" in kinds(events)
    assert state.player("cleo").level == 5
    # the level comes once, not again with every later action
    state, _ = act(state, A.KickDoor(actor="anna"))
    assert state.player("cleo").level == 5


def test_the_last_humans_level_may_be_the_winning_one():
    """Das Spiel gewinnen: the exception to "level 10 only by a kill"."""
    state = cthulhu()
    make_cultist(state, "anna")
    state.cultist_discard.append(take(state, "cultist"))
    curse = to_hand(state, "anna", "curse_dragged_off_to_snarkham_asylum")
    state.player("cleo").level = 9
    state, _ = act(state, A.PlayCard(actor="anna", card=curse, target_player="ben"))
    assert state.phase == "over" and state.winners == ["cleo"]


def test_when_everyone_is_a_kultist_the_highest_level_wins():
    """Das Spiel gewinnen: all Kultisten ends the game at once; the highest level wins."""
    state = cthulhu(players=2)
    make_cultist(state, "anna")
    state.player("anna").level = 3
    state.player("ben").level = 6
    state.lone_human_rewarded = True
    state.cultist_discard.append(take(state, "cultist"))
    curse = to_hand(state, "anna", "curse_dragged_off_to_snarkham_asylum")
    state, events = act(state, A.PlayCard(actor="anna", card=curse, target_player="ben"))
    assert "all_cultists" in kinds(events)
    assert state.phase == "over" and state.winners == ["ben"]


def test_a_goth_calls_one_further_goth_from_a_hand():
    """Goth-Monster: whenever a Goth appears, another Goth may join it from a hand; a Goth that came
    that way calls no further Goth."""
    state = cthulhu()
    state = fight(state, "ruggoth")
    second = to_hand(state, "ben", "joggoth")
    third = to_hand(state, "cleo", "sluggoth")
    state, _ = act(state, A.Pass(actor="anna", window=state.combat.window))   # the drawer declines first
    state, events = act(state, A.PlayCard(actor="ben", card=second))
    assert "monster_joined" in kinds(events)
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="cleo", card=third))
    assert err.value.code == "monster_needs_trouble_or_wandering"


def test_a_goth_brought_by_a_wandering_monster_may_call_another():
    """Goth-Monster: a Goth that joins by a Wandering Monster card may call one more."""
    state = cthulhu()
    state = fight(state, "chibithulhu")        # not a Goth
    wandering = to_hand(state, "ben", "wandering_monster")
    goth = to_hand(state, "ben", "joggoth")
    state, _ = act(state, A.PlayCard(actor="ben", card=wandering, with_card=goth))
    follower = to_hand(state, "cleo", "sluggoth")
    state, _ = act(state, A.PlayCard(actor="cleo", card=follower))
    assert len(state.combat.monsters) == 3


def test_non_goths_do_not_follow_goths():
    """Goth-Monster: the call is for Goths only."""
    state = cthulhu()
    state = fight(state, "ruggoth")
    other = to_hand(state, "ben", "chibithulhu")
    with pytest.raises(IllegalAction):
        act(state, A.PlayCard(actor="ben", card=other))


def test_buggoth_switches_class_abilities_off():
    """Buggoth (fact sheet): class abilities cannot be used in its combat."""
    state = cthulhu()
    to_table(state, "anna", "monster_whacker")        # our Monsterjäger: +1
    state = fight(state, "buggoth")
    assert players_strength(state) == 1


def test_great_cthulhu_is_stronger_against_non_kultisten():
    """Großer Cthulhu (fact sheet): +4 unless you are a Kultist."""
    state = cthulhu()
    state = fight(state, "great_cthulhu")
    assert monsters_strength(state) == 24
    state = cthulhu()
    make_cultist(state, "anna")
    state = fight(state, "great_cthulhu")
    assert monsters_strength(state) == 20


def test_h_p_munchcraft_makes_its_fighter_a_kultist_win_or_lose():
    """H. P. Munchcraft (fact sheet): meeting it makes you a Cultist whatever the outcome."""
    state = cthulhu()
    state.cultist_discard.append(take(state, "cultist"))
    state.player("anna").level = 9
    to_table(state, "anna", "flamethrower")
    state = fight(state, "h_p_munchcraft")
    state, events = pass_all(state)
    assert "combat_won" in kinds(events)
    assert is_cultist(state, state.player("anna"))


# ---------------------------------------------------------------------- card handlers
def play_on(state, player: str, card_id: str, victim: str):
    uid = to_hand(state, player, card_id)
    return act(state, A.PlayCard(actor=player, card=uid, target_player=victim))


def test_handler_lose_class_unless_cultist():
    """Aughost Derwraith's bad stuff: Kultisten are spared."""
    from engine.munchkin.registry_load import HANDLERS
    from engine.munchkin.tx import Tx

    state = cthulhu()
    professor = to_table(state, "anna", "professor")
    assert HANDLERS["lose_class_unless_cultist"](Tx(state), state.player("anna"), professor) == [professor]
    state = cthulhu()
    make_cultist(state, "anna")
    assert HANDLERS["lose_class_unless_cultist"](Tx(state), state.player("anna"), "x") is False


def test_handler_lose_classes_but_cultist():
    """Fluch! Vor Grauen ergraut: every class but Kultist goes."""
    state = cthulhu()
    cult = make_cultist(state, "anna")
    state.player("anna").super_munchkin = take(state, "super_munchkin")
    professor = to_table(state, "anna", "professor")
    state, _ = play_on(state, "ben", "curse_hair_turns_white_with_horror", "anna")
    assert state.player("anna").classes == [cult]
    assert professor in state.door_discard


def test_handler_cultist_or_lose_items_worth_1000_gold():
    """Campus-Kreuzzug (fact sheet): non-Kultisten join the cult; a Kultist instead discards items
    worth 1000 gold, choosing which, one at a time until the gold is reached. (This test asserted
    our older reading, "the most valuable item", before the fact sheet was followed.)"""
    from engine.munchkin.registry_load import HANDLERS
    from engine.munchkin.tx import Tx

    state = cthulhu()
    state.cultist_discard.append(take(state, "cultist"))
    monster = take(state, "campus_crusade_for_cthulhu")
    tx = Tx(state)
    assert HANDLERS["cultist_or_lose_1000_gold"](tx, state.player("anna"), monster) is True
    assert is_cultist(state, state.player("anna"))
    pin = to_table(state, "anna", "bowling_pin")             # 200
    helmet = to_table(state, "anna", "miners_helmet")        # 400
    gun = to_table(state, "anna", "tommy_gun")               # 600
    HANDLERS["cultist_or_lose_1000_gold"](tx, state.player("anna"), monster)
    state, _ = decide(state, "anna", "choose_loss", helmet)
    assert decision(state, "anna", "choose_loss").options == [pin, gun]   # 600 gold still to go
    state, _ = decide(state, "anna", "choose_loss", gun)
    assert [i.uid for i in state.player("anna").items] == [pin]
    assert not state.decisions


def test_eldridge_hawrer_takes_items_worth_500_gold_all_when_there_is_less():
    """Eldridge Hawrer (fact sheet): discard items worth 500 gold; with less in play, all of them."""
    from engine.munchkin.effects import apply_effects
    from engine.munchkin.tx import Tx

    state = cthulhu()
    to_table(state, "anna", "bowling_pin")
    to_table(state, "anna", "galoshes")
    monster = take(state, "eldridge_hawrer")
    tx = Tx(state)
    apply_effects(tx, state.player("anna"), list(state.card(monster).bad_stuff), monster, finish="keep")
    assert state.player("anna").items == [] and not state.decisions


def test_handler_toggle_cultist():
    """Plötzlicher Schlag auf den Kopf: a Kultist stops being one, anyone else becomes one."""
    state = cthulhu()
    make_cultist(state, "anna")
    make_cultist(state, "cleo")
    state, _ = play_on(state, "ben", "sudden_head_blow", "anna")
    assert not is_cultist(state, state.player("anna"))
    state, _ = play_on(state, "anna", "sudden_head_blow", "ben")
    assert is_cultist(state, state.player("ben"))


def test_handler_lose_class_or_level():
    """Fluch! Gedächtnisverlust: a class, or a level when there is none."""
    state = cthulhu()
    state.player("anna").level = 3
    state, _ = play_on(state, "ben", "curse_amnesia", "anna")
    assert state.player("anna").level == 2


def test_handler_lose_unused_items():
    """Fluch! Rucksack gefressen: every item carried but not in use goes."""
    state = cthulhu()
    used = to_table(state, "anna", "bowling_pin")
    unused = to_table(state, "anna", "flamethrower", in_use=False)
    state, _ = play_on(state, "ben", "curse_backpack_eaten", "anna")
    assert [i.uid for i in state.player("anna").items] == [used]
    assert unused in state.treasure_discard


def test_handler_lose_level_per_hand_card():
    """Der König in Rosa: one level for each card in hand."""
    from engine.munchkin.registry_load import HANDLERS
    from engine.munchkin.tx import Tx

    state = cthulhu()
    state.player("anna").level = 6
    to_hand(state, "anna", "bowling_pin")
    to_hand(state, "anna", "bug_spray")
    king = take(state, "the_king_in_pink")
    HANDLERS["lose_level_per_hand_card"](Tx(state), state.player("anna"), king)
    assert state.player("anna").level == 4


def test_handler_draw_three_treasures():
    """Unsägliche Reichtümer: three treasures to the hand."""
    state = cthulhu()
    uid = to_hand(state, "anna", "unspeakable_riches")
    state, _ = act(state, A.PlayCard(actor="anna", card=uid))
    assert len(state.player("anna").hand) == 3
    assert uid in state.treasure_discard


def test_handler_remove_curse():
    """Wunschring: ends a curse lying on a player."""
    state = cthulhu()
    curse = to_table(state, "anna", "curse_flashlight_goes_out")
    state, _ = play_on(state, "anna", "wishing_ring", "anna")
    assert state.player("anna").curses == []
    assert curse in state.door_discard


def test_a_game_of_rules_version_1_still_leaves_the_cards_of_issue_37_to_the_table():
    """Standards (stored games keep replaying): a game begun before the engine played O R'lyeh? keeps
    announcing it as the table's to settle and discards it, as its log was played; from version 2 the
    same play outside a fight is refused (it cancels a card in a fight)."""
    state = cthulhu()
    state.rules_version = 1
    uid = to_hand(state, "anna", "o_rlyeh")
    after, events = act(state, A.PlayCard(actor="anna", card=uid))
    assert "card_not_automated" in kinds(events) and uid in after.door_discard
    state.rules_version = 2
    with pytest.raises(IllegalAction):
        act(state, A.PlayCard(actor="anna", card=uid))


def test_illegal_moves_change_nothing():
    state = cthulhu()
    uid = make_cultist(state, "anna")
    before = state.model_dump()
    with pytest.raises(IllegalAction):
        apply(state, A.Discard(actor="anna", card=uid))
    assert state.model_dump() == before


def test_a_kultist_gets_plus_two_while_another_kultist_is_in_play():
    """Kultist (fact sheet, Guest Artist Edition example): one other Kultist gives +2."""
    from engine.munchkin.character import strength

    state = cthulhu()
    make_cultist(state, "anna")
    assert strength(state, state.player("anna"), in_this_combat=False) == 1
    make_cultist(state, "ben")
    assert strength(state, state.player("anna"), in_this_combat=False) == 3


def test_undead_follow_undead_without_a_wandering_monster():
    """Kampf / "Untote": an undead monster may join a fight another undead is in; others may not."""
    state = game(3, sets=("cthulhu", "axecop"))
    state = fight(state, "the_bodiless")                       # undead (Cthulhu, our numbers)
    undead = to_hand(state, "ben", "axe_zombie_cop")
    state, events = act(state, A.PlayCard(actor="ben", card=undead))
    assert "monster_joined" in kinds(events)
    with pytest.raises(IllegalAction):
        act(state, A.PlayCard(actor="ben", card=to_hand(state, "ben", "chibithulhu")))


def test_handler_draw_two_doors():
    """Geheimnisverrat (Impossible, ours): two door cards to the hand."""
    state = game(3, sets=("impossible",))
    uid = to_hand(state, "anna", "imp_intel_leak")
    state, _ = act(state, A.PlayCard(actor="anna", card=uid))
    assert len(state.player("anna").hand) == 2
    assert all(state.card(u).deck == "door" for u in state.player("anna").hand)


def test_a_kultist_in_play_is_never_fuel_for_an_ability():
    """C l.258, l.318: the Kultist class is not discarded by choice, so it cannot pay for a class
    ability (a warrior's berserk in a mix); any other card can."""
    state = game(sets=("cthulhu", "shakespeare"))
    cult = make_cultist(state, "anna")
    warrior = to_table(state, "anna", "sha_warrior")
    to_table(state, "anna", "super_munchkin")
    spare = to_hand(state, "anna", "galoshes")
    state = fight(state, "chibithulhu")
    with pytest.raises(IllegalAction) as err:
        act(state, A.UseAbility(actor="anna", card=warrior, ability="berserk", discard=(cult,)))
    assert err.value.code == "cultist_cannot_discard"
    state, _ = act(state, A.UseAbility(actor="anna", card=warrior, ability="berserk", discard=(spare,)))
    assert state.combat.ability_bonus["anna"] == 1


def test_quicker_ichor_adds_two_to_running_away_even_after_the_fight_is_lost():
    """Quicker Ichor (fact sheet): a one-shot, +2 to run away."""
    from tests.munchkin_helpers import rig_dice

    state = cthulhu()
    state = fight(state, "shoggoth")
    state, _ = pass_all(state)
    assert state.combat.stage == "run"
    ichor = to_hand(state, "anna", "quicker_ichor")
    state, _ = act(state, A.PlayCard(actor="anna", card=ichor))
    rig_dice(state, 3)
    state, events = decide_run(state)
    assert "escaped" in kinds(events)                      # 3 + 2 = 5


def decide_run(state):
    return decide(state, "anna", "run_away", decision(state, "anna", "run_away").options[0])


def test_wishing_ring_is_a_one_shot_worth_500_that_ends_a_curse():
    """Wishing Ring (fact sheet): a one-shot worth 500 gold (so it sells) that cancels a curse."""
    state = cthulhu()
    ring = to_hand(state, "anna", "wishing_ring")
    assert state.card(ring).kind == "oneshot" and state.card(ring).value == 500
    curse = to_table(state, "anna", "curse_flashlight_goes_out")
    state, _ = act(state, A.PlayCard(actor="anna", card=ring, target_player="anna"))
    assert curse not in state.player("anna").curses and ring in state.treasure_discard


def test_shogulator_is_ten_against_shoggoths_and_five_against_other_goths():
    """Shogulator (fact sheet): +10 against Shoggoth and Shog Goth, +5 against any other Goth."""
    for monster, extra in (("shoggoth", 10), ("shog_goth", 10), ("coggoth", 5)):
        state = cthulhu()
        to_table(state, "anna", "shogulator")
        base = 1 + 2
        state = fight(state, monster)
        assert players_strength(state) == base + extra, monster


def test_in_a_million_year_sleep_leaves_at_least_one_treasure():
    """In A Million-Year Sleep (fact sheet): -5 and one treasure fewer, but at least one."""
    from engine.munchkin.combat import monster_treasures

    state = cthulhu()
    state = fight(state, "buggoth")                  # 1 treasure
    sleep = to_hand(state, "ben", "in_a_million_year_sleep")
    state, _ = act(state, A.PlayCard(actor="ben", card=sleep, target_monster=state.combat.monsters[0].uid))
    assert monster_treasures(state, state.combat.monsters[0]) == 1


def test_buggoth_switches_off_the_kultist_bonus_too():
    """Buggoth (fact sheet): no class abilities in its fight, the Kultist's +2 included."""
    state = cthulhu()
    make_cultist(state, "anna")
    make_cultist(state, "ben")
    state = fight(state, "buggoth")
    assert players_strength(state) == 1


def test_snarkham_swaps_a_kultist_for_a_discarded_class():
    """Fluch! Ab nach Snarkham (fact sheet): a Kultist victim trades the Kultist card for another class
    from the discards (the one discarded last, our reading); anyone else becomes a Kultist."""
    state = cthulhu()
    cult = make_cultist(state, "anna")
    make_cultist(state, "ben")
    professor = take(state, "professor")
    state.door_discard.append(professor)
    state, _ = play_on(state, "cleo", "curse_dragged_off_to_snarkham_asylum", "anna")
    assert state.player("anna").classes == [professor]
    assert cult in state.cultist_discard


def test_the_goth_call_goes_from_the_drawer_to_the_left():
    """C l.11: when a Goth appears, the player who drew or played it may add another Goth first; only
    when that player declines (passes) may the player to the left, and so on around the table."""
    state = cthulhu()
    state = fight(state, "ruggoth")                  # anna drew it
    bens = to_hand(state, "ben", "joggoth")
    cleos = to_hand(state, "cleo", "sluggoth")
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="cleo", card=cleos))
    assert err.value.code == "goth_call_order" and err.value.params["player"] == "anna"
    state, _ = act(state, A.Pass(actor="anna", window=state.combat.window))
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="cleo", card=cleos))
    assert err.value.params["player"] == "ben"
    state, _ = act(state, A.Pass(actor="ben", window=state.combat.window))
    state, _ = act(state, A.PlayCard(actor="cleo", card=cleos))
    assert len(state.combat.monsters) == 2 and bens in state.player("ben").hand


def test_the_ichor_one_shots_have_german_names_for_das_sekret():
    """Issue #37, console lines: "das Sekret" is neuter, so the one-shots read "Dickes Sekret",
    "Flinkes Sekret" and "Krankes Sekret" (not "Dicker Sekret"); their card ids stay."""
    from engine.munchkin.cards import catalog

    cards = catalog(("cthulhu",))
    names = {cid: cards[cid].name_de for cid in ("thicker_ichor", "quicker_ichor")}
    assert names == {"thicker_ichor": "Dickes Sekret", "quicker_ichor": "Flinkes Sekret"}
    assert not [c.name_de for c in cards.values() if c.name_de.endswith("er Sekret")]


def _strengths_after_help(state, fighter: str, helper: str):
    """The combat's strengths once the helper has joined through the moves."""
    state, _ = act(state, A.AskHelp(actor=fighter, helper=helper))
    state, events = decide(state, helper, "help", "accept")
    return [e for e in events if e.kind == "combat_strengths"][-1].params


@pytest.mark.parametrize("cultist", ["ben", "anna"])
def test_great_cthulhu_judges_fighter_and_helper_each_by_their_own_traits(cultist):
    """C l.182, C l.166: a monster's strengths and weaknesses hit the helper too, each side by its
    own traits and each bonus once. Großer Cthulhu (+4 against non-Kultisten) stays at 24 against a
    non-Kultist helped by a Kultist, and a non-Kultist helping a Kultist is hit by it as well."""
    state = cthulhu()
    make_cultist(state, cultist)
    state = fight(state, "great_cthulhu")
    assert _strengths_after_help(state, "anna", "ben")["monsters"] == 24


def test_great_cthulhu_pooled_the_traits_in_games_of_rules_version_1():
    """A game begun before rules version 2 keeps its old reading (the pooled traits), so that its log
    replays as it was played."""
    state = cthulhu()
    state.rules_version = 1
    make_cultist(state, "ben")
    state = fight(state, "great_cthulhu")
    assert _strengths_after_help(state, "anna", "ben")["monsters"] == 20


def test_a_traded_item_is_laid_out_at_once_and_may_be_put_on_then():
    """C l.296: every item got in a trade goes down at once: in use where the slot is free. With the
    slot taken it is carried, and at that moment (C l.272) the receiver may swap it in out of turn;
    an item not just received stays in the backpack until the own turn (C l.286)."""
    state = cthulhu()
    pin = to_table(state, "ben", "bowling_pin")
    cowl = to_table(state, "cleo", "cowl_of_cthulhu")
    state, _ = act(state, A.OfferTrade(actor="ben", to="cleo", give=(pin,), want=(cowl,)))
    state, _ = decide(state, "cleo", "trade", "accept")
    assert ch.item_in_play(state.player("ben"), cowl).in_use            # anna's turn, ben's head was free
    assert ch.item_in_play(state.player("cleo"), pin).in_use
    state = cthulhu()
    helmet = to_table(state, "ben", "miners_helmet")
    old_tentacle = to_table(state, "ben", "fake_tentacle", in_use=False)
    cowl = to_table(state, "cleo", "cowl_of_cthulhu")
    state, _ = act(state, A.OfferTrade(actor="cleo", to="ben", give=(cowl,)))
    state, _ = decide(state, "ben", "trade", "accept")
    assert not ch.item_in_play(state.player("ben"), cowl).in_use         # the head is taken
    refused(state, A.Equip(actor="ben", card=old_tentacle, in_use=True), "not_your_turn")
    state, _ = act(state, A.Equip(actor="ben", card=helmet, in_use=False))
    state, _ = act(state, A.Equip(actor="ben", card=cowl, in_use=True))
    assert ch.item_in_play(state.player("ben"), cowl).in_use


def test_looters_of_the_player_on_turn_lay_the_cards_out_at_once():
    """C l.246, C l.248, C l.272: when the player on turn dies, the corpse is looted once the combat
    is over (an item is no one-shot: none goes down while the combat is on), and the looter may lay
    the card out at once, although the turn passes right after the looting."""
    state = cthulhu()
    state.player("cleo").level = 3                        # loots first
    axe = to_table(state, "anna", "prehistoric_axe")
    state = fight(state, "froggoth")                      # level 12: death
    state, _ = pass_all(state)
    rig_dice(state, 1)
    state, _ = decide(state, "anna", "run_away", state.combat.monsters[0].uid)
    assert state.combat is None and decision(state, "cleo", "corpse_pick")
    state, _ = decide(state, "cleo", "corpse_pick", axe)
    assert state.active_player.id == "ben"                # the turn passed on after the looting
    state, _ = act(state, A.PlayCard(actor="cleo", card=axe))
    assert ch.item_in_play(state.player("cleo"), axe).in_use


def test_an_item_given_away_without_a_trade_changes_hands_for_nothing():
    """C l.298: items may be given away without a trade, to bribe someone: ben hands cleo his
    Bowlingkegel out of turn and gets nothing back; it goes down at once (in use, her hands are free).
    A declined gift stays where it was."""
    state = cthulhu()
    pin = to_table(state, "ben", "bowling_pin")
    state, _ = act(state, A.OfferTrade(actor="ben", to="cleo", give=(pin,)))
    refused_state, _ = decide(state, "cleo", "trade", "decline")
    assert ch.item_in_play(refused_state.player("ben"), pin) is not None
    state, events = decide(state, "cleo", "trade", "accept")
    assert "trade_done" in kinds(events)
    assert ch.item_in_play(state.player("ben"), pin) is None and state.player("cleo").items[0].uid == pin
    assert state.player("cleo").items[0].in_use and state.player("ben").items == []
