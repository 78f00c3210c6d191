"""Rules of the four Munchkin rulebooks checked line by line (C = Cthulhu, I = Impossible,
S = Shakespeare, A = Axe Cop; lines of the German rulebooks, as listed in docs/rules/)."""

from __future__ import annotations

import pytest

from engine.munchkin import actions as A
from engine.munchkin import character as ch
from engine.munchkin.combat import monsters_strength, players_strength
from tests.munchkin_helpers import act, decide, decision, fight, game, pass_all, refused, to_hand, to_table


def test_no_items_but_one_shots_during_a_combat():
    """C l.212, S l.505-506, I l.201: during a combat only one-shots may be played; an item from the
    hand (Grubenhelm) neither for the fighter nor, from a starting hand, for anyone else."""
    state = game(sets=("cthulhu",))
    helmet = to_hand(state, "anna", "miners_helmet")
    galoshes = to_hand(state, "cleo", "galoshes")
    state.player("cleo").fresh[galoshes] = 3          # still from her starting hand
    state = fight(state, "chibithulhu")
    refused(state, A.PlayCard(actor="anna", card=helmet), "no_items_in_combat")
    refused(state, A.PlayCard(actor="cleo", card=galoshes), "no_items_in_combat")
    one_shot = to_hand(state, "anna", "canned_meat")
    before = players_strength(state)
    state, _ = act(state, A.PlayCard(actor="anna", card=one_shot, side="players"))
    assert players_strength(state) > before


def test_items_outside_combat_still_go_down_on_your_turn():
    """C l.272: items are played on your own turn; the combat ban ends with the combat."""
    state = game(sets=("cthulhu",))
    helmet = to_hand(state, "anna", "miners_helmet")
    state, _ = act(state, A.PlayCard(actor="anna", card=helmet))
    assert [i.uid for i in state.player("anna").items] == [helmet]


def test_axe_cop_alone_lets_the_fighter_play_an_item_in_combat():
    """A l.122 bans only selling and trading in combat, A l.245 allows items on your own turn: Axe Cop
    alone keeps that; a mix with another set takes the ban (setrules.items_in_combat)."""
    state = game(sets=("axecop",))
    armour = to_hand(state, "anna", "axe_surprise_proof_armor")
    state = fight(state, _axe_monster(state))
    state, _ = act(state, A.PlayCard(actor="anna", card=armour))
    assert [i.uid for i in state.player("anna").items] == [armour]
    mixed = game(sets=("axecop", "cthulhu"))
    armour = to_hand(mixed, "anna", "axe_surprise_proof_armor")
    mixed = fight(mixed, "chibithulhu")
    refused(mixed, A.PlayCard(actor="anna", card=armour), "no_items_in_combat")


def _axe_monster(state) -> str:
    return next(state.card_ids[u] for u in state.door_deck if state.card(u).kind == "monster"
                and not state.card(u).on_meet)


def test_classes_only_on_your_turn_or_when_drawn_not_in_another_players_combat():
    """C l.258, S l.595-596: a class (race, loyalty, power) goes down on your own turn or as you draw
    it; one kept from the starting hand waits while someone else fights, and may go down after."""
    state = game(sets=("cthulhu",))
    professor = to_hand(state, "cleo", "professor")
    state.player("cleo").fresh[professor] = 3          # from her starting hand
    state = fight(state, "chibithulhu")
    refused(state, A.PlayCard(actor="cleo", card=professor), "not_in_others_combat")
    mine = to_hand(state, "anna", "investigator")
    state, _ = act(state, A.PlayCard(actor="anna", card=mine))     # the fighter, on her own turn
    assert state.player("anna").classes == [mine]
    state.combat = None
    state.phase = "after"
    state, _ = act(state, A.PlayCard(actor="cleo", card=professor))
    assert state.player("cleo").classes == [professor]


def test_loyalty_waits_too_during_another_players_combat():
    """I l.253: loyalties (classes, trainings) when just received or on your own turn: not in someone
    else's combat."""
    state = game(sets=("impossible",))
    loyalty = to_hand(state, "ben", _first(state, "loyalty"))
    state.player("ben").fresh[loyalty] = 2
    state = fight(state, _first(state, "monster"))
    refused(state, A.PlayCard(actor="ben", card=loyalty), "not_in_others_combat")


def _first(state, kind: str) -> str:
    return next(state.card_ids[u] for u in [*state.door_deck, *state.treasure_deck]
                if state.card(u).kind == kind and not state.card(u).on_meet and not state.card(u).friendly_to)


def test_a_level_card_may_lift_another_player_but_not_to_ten():
    """C l.204, S l.495-499, A l.120: a go-up-a-level card may go on another player, for instance in
    combat to lift a fighter above "will not pursue level 4 or lower"; never to level 10."""
    state = game(sets=("cthulhu",))
    state.player("anna").level = 4
    state = fight(state, "ozathoth")
    card = to_hand(state, "ben", "i_am_not_worthy_of_this_honor")
    state, _ = act(state, A.PlayCard(actor="ben", card=card, target_player="anna"))
    assert state.player("anna").level == 5
    assert state.player("ben").level == 1
    assert state.combat.passed == ["ben"]            # the fight changed: everyone may react again
    state.player("cleo").level = 9
    card = to_hand(state, "ben", "i_am_not_worthy_of_this_honor")
    refused(state, A.PlayCard(actor="ben", card=card, target_player="cleo"), "level_10_needs_kill")


@pytest.mark.parametrize(("sets", "klass", "monster", "strength"), [
    (("cthulhu",), "cultist", "lloyd_lloigor", 6),          # -2 against Kultisten still helps
    (("cthulhu",), "cultist", "great_cthulhu", 20),          # +4 against non-Kultisten does not hit
    (("shakespeare",), "sha_priest", "sha_hamlet", 9),
    (("shakespeare",), "sha_thief", "sha_lady_macbeth", 17),
    (("axecop",), "axe_cop", "axe_king_of_all_bad_guys", 11),
])
def test_super_munchkin_with_one_class_keeps_its_advantages_and_none_of_its_disadvantages(
        sets, klass, monster, strength):
    """C l.266, S l.308-316: half that class and half human, with all of the class's advantages (a
    monster weaker against it stays weaker) and none of its disadvantages."""
    state = game(sets=sets)
    to_table(state, "anna", klass)
    to_table(state, "anna", next(state.card_ids[u] for u in state.door_deck
                                 if state.card(u).kind == "super_munchkin"))
    state = fight(state, monster)
    assert monsters_strength(state) == strength


def test_half_breed_with_one_race_gets_no_monster_bonus_against_it():
    """S l.296-299: a half-elf is not hated as an elf."""
    state = game(sets=("shakespeare",))
    to_table(state, "anna", "sha_elf")
    to_table(state, "anna", "sha_half_breed")
    hater = next(state.card_ids[u] for u in state.door_deck
                 if state.card(u).bonus_vs.get("race:elf", 0) > 0 and not state.card(u).on_meet)
    state = fight(state, hater)
    assert monsters_strength(state) == state.card(state.combat.monsters[0].uid).level


def test_with_super_munchkin_a_second_class_comes_at_any_time():
    """C l.266: while Super Munchkin lies out, another class may be added at any time, even in
    another player's combat."""
    state = game(sets=("cthulhu",))
    to_table(state, "ben", "investigator")
    to_table(state, "ben", "super_munchkin")
    professor = to_hand(state, "ben", "professor")
    state = fight(state, "chibithulhu")
    state, _ = act(state, A.PlayCard(actor="ben", card=professor))
    assert professor in state.player("ben").classes


async def test_the_character_has_the_players_sex_chosen_at_joining(service):
    """C l.103, l.125, S l.29: the character starts with the player's own sex, chosen when joining
    (/beitreten geschlecht:), shown in the status and kept by a replay; bad input changes nothing."""
    from table.errors import TableError
    from table.render import Namer, public_view
    from table.replay import replay_game

    await service.create("g", "c1", "anna", "Anna", sets=["cthulhu"], sex="female")
    await service.join("g", "c1", "ben", "Ben")
    with pytest.raises(TableError) as err:
        await service.join("g", "c1", "cleo", "Cleo", sex="x")
    assert err.value.code == "unknown_sex"
    assert len(await service.store.seats(1)) == 2
    result = await service.start("g", "c1", "anna", seed=4)
    assert [p.sex for p in result.state.players] == ["female", "male"]
    namer = Namer("de", {p.id: p.name for p in result.state.players}, result.state, ("cthulhu",))
    lines = public_view(result.state, namer)
    assert lines[0].split(":")[0].endswith("Anna (w)") and lines[1].split(":")[0].endswith("Ben (m)")
    record = await service.store.get_game(result.game_id)
    assert (await replay_game(service.store, record))["clean"]


def test_a_monster_against_men_spares_a_woman():
    """C l.125: with the player's sex the character is not always male: "+3 against men" does not
    hit a female character; a sex-change curse switches it."""
    state = game(sets=("cthulhu",))
    state.player("anna").sex = "female"
    state = fight(state, _male_hater(state))
    assert monsters_strength(state) == state.card(state.combat.monsters[0].uid).level


def _male_hater(state) -> str:
    return next(state.card_ids[u] for u in state.door_deck
                if state.card(u).bonus_vs.get("sex:male", 0) > 0 and not state.card(u).on_meet)


# ---------------------------------------------------------------------- mixed sets: one rule per clash
def test_mixed_table_treasure_for_a_monster_beaten_without_a_kill():
    """A l.130 / I l.151 pay treasure for a monster removed without a kill, C and S do not: with Axe Cop
    in a mix with Cthulhu the whole table gets it (setrules.treasure_for_defeat_without_kill)."""
    state = game(sets=("cthulhu", "axecop"))
    state = fight(state, "chibithulhu")
    freeze = to_hand(state, "anna", "axe_time_freeze")
    treasures = state.card(state.combat.monsters[0].uid).treasures
    state, _ = act(state, A.PlayCard(actor="anna", card=freeze, target_monster=state.combat.monsters[0].uid))
    state, _ = pass_all(state)
    assert state.player("anna").level == 1 and len(state.player("anna").hand) == treasures


def test_mixed_table_curses_stay_at_death():
    """A l.161 keeps curses lying on you at death, C l.244 does not say so: with Axe Cop in the mix a
    Cthulhu curse stays too (setrules.keeps_curses_at_death)."""
    from engine.munchkin.character import die
    from engine.munchkin.tx import Tx

    state = game(sets=("cthulhu", "axecop"))
    curse = to_table(state, "anna", "curse_flashlight_goes_out")
    die(Tx(state), state.player("anna"), source="test")
    assert state.player("anna").curses == [curse]
    alone = game(sets=("cthulhu",))
    curse = to_table(alone, "anna", "curse_flashlight_goes_out")
    die(Tx(alone), alone.player("anna"), source="test")
    assert alone.player("anna").curses == []


def test_mixed_table_traded_items_unsellable_until_your_turn_with_impossible():
    """I l.203 (Handeln): with Impossible in a mix, an item from a trade cannot be sold before its new
    owner's next turn, for every set's items."""
    from engine.munchkin.setrules import rules_for
    from engine.munchkin.state import Options

    assert rules_for(("cthulhu", "impossible"), Options(faster_play=True)).traded_items_unsellable
    assert not rules_for(("cthulhu", "axecop"), Options(faster_play=True)).traded_items_unsellable


def test_mixed_table_rule_lookup_names_each_choice():
    """Issue 16, point 14: the rule lookup of a mixed game says which rule the table plays."""
    from table import lookup

    entry = lookup.find("munchkin:mixed-table-rules")
    assert entry is not None
    text = lookup.rule_answer(entry, "de")[1]
    for phrase in ("ohne Tötung", "beim Tod", "im Kampf", "Phase 0", "ertauschte", "Super-Munchkin"):
        assert phrase in text


# ---------------------------------------------------------------------- rules that had no test yet
def test_a_monster_removed_from_the_fight_leaves_the_rest_to_fight_and_a_lost_fight_pays_nothing():
    """C l.198: with several monsters, one may be removed and the others fought on; lost, no
    treasure at all (not even the removed monster's)."""
    state = game(sets=("cthulhu",))
    state = fight(state, "the_bodiless")
    wandering = to_hand(state, "anna", "wandering_monster")
    other = to_hand(state, "anna", "chibithulhu")
    state, _ = act(state, A.PlayCard(actor="anna", card=wandering, with_card=other))
    ichor = to_hand(state, "ben", "bicker_ichor")
    state, _ = act(state, A.PlayCard(actor="ben", card=ichor, target_monster=other))
    assert [m.uid for m in state.combat.monsters] != [] and other not in [m.uid for m in state.combat.monsters]
    state.combat.monster_bonus = 20                     # the rest wins the fight
    state, _ = pass_all(state)
    assert state.combat.stage == "run"
    assert state.combat.run_queue == ["anna"] and state.player("anna").hand == []


@pytest.mark.parametrize(("sets", "helper_class", "monster"), [
    (("cthulhu",), "professor", "chibithulhu"),
    (("shakespeare",), "sha_elf", "sha_groundling"),
])
def test_two_players_reaching_level_ten_at_once_both_win(sets, helper_class, monster):
    """C l.27, I l.63: whoever reaches level 10 first wins; two who kill a monster together and reach
    it at the same moment win together. A helper who goes up for the kill (the Professor) reaches
    level 10 by that kill, not capped at 9 (so does a helping elf in Shakespeare)."""
    state = game(sets=sets)
    to_table(state, "ben", helper_class)
    for pid in ("anna", "ben"):
        state.player(pid).level = 9
    state = fight(state, monster)
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = pass_all(state)
    assert state.phase == "over" and state.winners == ["anna", "ben"]
    assert [p.level for p in state.players[:2]] == [10, 10]


def test_a_helping_professor_stopped_at_nine_in_games_of_rules_version_1():
    """The level-10 cap of the helper stays for games begun before rules version 2 (their logs replay
    as made): the fighter wins alone."""
    state = game(sets=("cthulhu",))
    state.rules_version = 1
    to_table(state, "ben", "professor")
    for pid in ("anna", "ben"):
        state.player(pid).level = 9
    state = fight(state, "chibithulhu")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = pass_all(state)
    assert state.winners == ["anna"] and state.player("ben").level == 9


@pytest.mark.parametrize(("sets", "klass", "item"), [
    (("cthulhu",), "professor", "two_handed_flashlight"),       # not for Professors
    (("shakespeare",), "sha_wizard", "sha_broadsword"),         # not for wizards
])
def test_super_munchkin_with_one_class_lifts_its_item_restrictions(sets, klass, item):
    """C l.266, S l.311-313: with Super Munchkin and one class you have none of the class's
    disadvantages, its item restrictions included: the item goes down in use and counts."""
    state = game(sets=sets)
    to_table(state, "anna", klass)
    combo = next(state.card_ids[u] for u in state.door_deck if state.card(u).kind == "super_munchkin")
    plain = game(sets=sets)
    to_table(plain, "anna", klass)
    for table in (state, plain):
        to_hand(table, "anna", item)
    to_table(state, "anna", combo)
    results = []
    for table in (state, plain):
        uid = table.player("anna").hand[0]
        table, _ = act(table, A.PlayCard(actor="anna", card=uid))
        results.append(ch.item_in_play(table.player("anna"), uid).in_use)
        results.append(ch.strength(table, table.player("anna"), False))
    bonus = state.card(state.player("anna").hand[0]).bonus
    assert results == [True, 1 + bonus, False, 1]


@pytest.mark.parametrize(("sets", "widener", "cards", "kind", "zone"), [
    (("cthulhu",), "super_munchkin", ("professor", "investigator"), "drop_class", "classes"),
    (("impossible",), "imp_double_agent", ("imp_american", "imp_russian"), "drop_loyalty", "loyalties"),
    (("impossible",), "imp_extra_training", ("imp_karate_training", "imp_knife_training"), "drop_training",
     "trainings"),
])
def test_when_the_card_that_allowed_more_goes_the_player_picks_what_to_keep(sets, widener, cards, kind, zone):
    """C l.266, I l.181, I l.257: one class (loyalty, training) at a time, more only while Super
    Munchkin (an agent card, an extra training) lies out. When that card goes, the player keeps one
    and chooses which (our reading: the rulebooks give the limit, not who picks)."""
    state = game(sets=sets)
    first, second = (to_table(state, "anna", c) for c in cards)
    extra = to_table(state, "anna", widener)
    state, _ = act(state, A.Discard(actor="anna", card=extra))
    assert decision(state, "anna", kind).options == [first, second]
    refused(state, A.KickDoor(actor="anna"), "waiting_for_decision")
    state, _ = decide(state, "anna", kind, first)
    assert getattr(state.player("anna"), zone) == [second]
    assert not any(d.kind == kind for d in state.decisions)


def test_the_choice_of_what_to_keep_is_withdrawn_when_the_limit_fits_again():
    """When a class goes meanwhile (a curse, a loss), nothing more must go: the choice is withdrawn."""
    state = game(sets=("cthulhu",))
    professor, investigator = (to_table(state, "anna", c) for c in ("professor", "investigator"))
    combo = to_table(state, "anna", "super_munchkin")
    state, _ = act(state, A.Discard(actor="anna", card=combo))
    assert decision(state, "anna", "drop_class")
    state, _ = act(state, A.Discard(actor="anna", card=professor))
    assert state.player("anna").classes == [investigator]
    assert not any(d.kind == "drop_class" for d in state.decisions)


def test_impossible_starting_hand_lays_out_one_of_each_kind():
    """I l.53: from the starting hand a loyalty, a class, a hireling and a training may go down at once
    (one of each), before the player's first turn."""
    state = game(sets=("impossible",))
    cards = [to_hand(state, "ben", c) for c in ("imp_american", "imp_assassin", "imp_chauffeur",
                                                 "imp_karate_training")]
    for uid in cards:
        state.player("ben").fresh[uid] = 2
        state, _ = act(state, A.PlayCard(actor="ben", card=uid))
    ben = state.player("ben")
    assert (ben.loyalties, ben.classes, ben.followers, ben.trainings) == tuple([uid] for uid in cards)
    second = to_hand(state, "ben", "imp_british")
    state.player("ben").fresh[second] = 2
    refused(state, A.PlayCard(actor="ben", card=second), "loyalty_limit")


def test_the_same_class_never_twice_even_across_sets():
    """I l.169 (never the same card twice), A l.183: not even with Super Munchkin, and not with the
    same class from two sets (Krieger in Shakespeare and Axe Cop)."""
    state = game(sets=("impossible",))
    to_table(state, "anna", "imp_assassin")
    to_table(state, "anna", "imp_super_munchkin")
    refused(state, A.PlayCard(actor="anna", card=to_hand(state, "anna", "imp_assassin")), "already_have_that")
    mixed = game(sets=("shakespeare", "axecop"))
    to_table(mixed, "anna", "sha_warrior")
    to_table(mixed, "anna", "sha_super_munchkin")
    refused(mixed, A.PlayCard(actor="anna", card=to_hand(mixed, "anna", "axe_warrior")), "already_have_that")


def test_half_breed_goes_with_the_last_race():
    """S l.301, l.628: without a race in play, Half-Breed is lost too."""
    state = game(sets=("shakespeare",))
    elf = to_table(state, "anna", "sha_elf")
    breed = to_table(state, "anna", "sha_half_breed")
    state, _ = act(state, A.Discard(actor="anna", card=elf))
    assert state.player("anna").half_breed is None and breed in state.door_discard


def test_powers_and_allies_are_not_traded_and_allies_are_discarded_any_time():
    """A l.193: powers are not traded (only items are, A l.267); A l.305: an ally may be discarded at
    any time, even in combat."""
    state = game(sets=("axecop",))
    state.player("anna").level = 4
    power = to_table(state, "anna", "axe_gorilla")
    ally = to_table(state, "anna", "axe_wexter")
    sword = to_table(state, "ben", "axe_ninja_sword")
    refused(state, A.OfferTrade(actor="anna", to="ben", give=(power,), want=(sword,)), "item_not_in_play")
    refused(state, A.OfferTrade(actor="anna", to="ben", give=(ally,), want=(sword,)), "item_not_in_play")
    state = fight(state, _first_monster(state))
    state, _ = act(state, A.Discard(actor="anna", card=ally))
    assert state.player("anna").followers == [] and ally in state.door_discard


def test_a_drawn_ally_goes_to_the_hand_and_may_be_played_at_once():
    """A l.305: an ally drawn face up may be kept in the hand or played at once."""
    from tests.munchkin_helpers import on_top

    state = game(sets=("axecop",))
    ally = on_top(state, "axe_wexter")
    state, _ = act(state, A.KickDoor(actor="anna"))
    assert ally in state.player("anna").hand
    state, _ = act(state, A.PlayCard(actor="anna", card=ally))
    assert state.player("anna").followers == [ally]


def test_one_character_holds_races_classes_and_powers_of_several_sets():
    """S l.217 (Kombiniere): a character may have races, classes and powers of different sets at once."""
    from engine.munchkin.character import strength

    state = game(sets=("shakespeare", "axecop"))
    state.player("anna").level = 4
    for card in ("sha_elf", "axe_cop", "axe_gorilla"):
        uid = to_hand(state, "anna", card)
        state, _ = act(state, A.PlayCard(actor="anna", card=uid))
    anna = state.player("anna")
    assert len(anna.races) == len(anna.classes) == len(anna.powers) == 1
    assert strength(state, anna, False) == 4 + 1                # Gorilla's +1


def test_undead_of_one_set_follow_undead_of_another():
    """C l.7, S l.164, A l.281: undead join an undead monster's fight without a card, across sets."""
    state = game(sets=("cthulhu", "axecop"))
    state = fight(state, "the_bodiless")
    zombie = to_hand(state, "anna", "axe_zombie_cop")
    state, _ = act(state, A.PlayCard(actor="anna", card=zombie))
    assert len(state.combat.monsters) == 2


def _first_monster(state) -> str:
    return next(state.card_ids[u] for u in state.door_deck if state.card(u).kind == "monster"
                and not state.card(u).on_meet and not state.card(u).friendly_to)


def test_cards_that_add_monsters_only_during_a_combat():
    """C l.19, S l.176, A l.323: a Wandering Monster (or a monster joining its kind) only in a combat."""
    state = game(sets=("cthulhu",))
    wandering = to_hand(state, "ben", "wandering_monster")
    monster = to_hand(state, "ben", "chibithulhu")
    refused(state, A.PlayCard(actor="ben", card=wandering, with_card=monster), "no_combat")
    refused(state, A.PlayCard(actor="ben", card=monster), "monster_needs_trouble_or_wandering")
