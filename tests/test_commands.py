"""The command words shared by the console and the slash commands, for the sets' own moves:
abilities, sacrificing a follower, Impossible's claim and the priest's resurrection."""

from __future__ import annotations

import pytest

from engine.munchkin import actions as A
from table.errors import TableError
from table.munchkin.commands import build_action, parse_words
from tests.munchkin_helpers import fight, game, take, to_hand, to_table


def build(state, player, line):
    name, *words = line.split()
    from table.munchkin.commands import command_name

    command = command_name(name)
    return build_action(state, player, command, parse_words(command, words))


def test_ability_with_its_word_fuel_and_target():
    state = game(sets=("shakespeare",))
    thief = to_table(state, "ben", "sha_thief")
    sling = to_hand(state, "ben", "sha_sling")
    state = fight(state, "sha_caliban")
    action = build(state, "ben", "fähigkeit Dieb rücken mit Schleuder auf Anna")
    assert action == A.UseAbility(actor="ben", card=thief, ability="backstab", discard=(sling,), target_player="anna")


def test_ability_defaults_to_the_cards_first_combat_ability_and_charm_takes_the_hand():
    state = game(sets=("shakespeare",))
    wizard = to_table(state, "anna", "sha_wizard")
    hand = [to_hand(state, "anna", c) for c in ("sha_sling", "sha_ruff", "sha_quill")]
    state = fight(state, "sha_titania")
    assert build(state, "anna", "ability Wizard").ability == "flight"
    charm = build(state, "anna", "fähigkeit Zauberer bezaubern")
    assert charm.ability == "charm" and sorted(charm.discard) == sorted(hand) and charm.card == wizard


def test_sacrifice_alone_and_claim_and_resurrection():
    state = game(sets=("axecop",))
    ally = to_table(state, "anna", "axe_wexter")
    assert build(state, "anna", "opfern Wexter") == A.Sacrifice(actor="anna", card=ally, helper_escapes=True)
    assert build(state, "anna", "sacrifice Wexter alone") == A.Sacrifice(actor="anna", card=ally, helper_escapes=False)
    state = game(sets=("impossible",), faster_play=True)
    pay = to_hand(state, "ben", "imp_promotion")
    assert build(state, "ben", "beanspruchen Beförderung") == A.Claim(actor="ben", card=pay)
    state = game(sets=("shakespeare",))
    card = to_hand(state, "anna", "sha_sling")
    state.door_discard.append(take(state, "sha_puck"))
    assert build(state, "anna", "tür mit Schleuder") == A.KickDoor(actor="anna", resurrect_with=card)


def test_an_ability_on_a_card_without_one_is_refused_clearly():
    state = game(sets=("shakespeare",))
    to_table(state, "anna", "sha_elf")
    with pytest.raises(TableError) as err:
        build(state, "anna", "fähigkeit Elf")
    assert err.value.code == "no_such_card"


def test_an_item_for_an_ally_names_the_ally():
    state = game(sets=("axecop",))
    ally = to_table(state, "anna", "axe_wexter")
    shield = to_hand(state, "anna", "axe_shield")
    assert build(state, "anna", "spielen Cop-Schild auf Wexter") == A.PlayCard(actor="anna", card=shield,
                                                                            target_item=ally)


def test_the_thief_steals_and_the_priest_resurrects_by_words():
    """Shakespeare l.504 (stealing) and l.270-273 (resurrection for a face-up draw) can be typed."""
    state = game(sets=("shakespeare",))
    thief = to_table(state, "ben", "sha_thief")
    fuel = to_hand(state, "ben", "sha_ruff")
    action = build(state, "ben", "fähigkeit Dieb stehlen mit Halskrause auf Anna")
    assert action == A.UseAbility(actor="ben", card=thief, ability="steal", discard=(fuel,), target_player="anna")
    assert build(state, "ben", "ability Thief steal with Ruff on Anna").ability == "steal"
    priest = to_table(state, "anna", "sha_priest")
    card = to_hand(state, "anna", "sha_sling")
    resurrect = build(state, "anna", "fähigkeit Priester auferstehung mit Schleuder")
    assert (resurrect.card, resurrect.ability, resurrect.discard) == (priest, "resurrection", (card,))


@pytest.mark.parametrize("sets", [("cthulhu",), ("impossible",), ("shakespeare",), ("axecop",)])
def test_every_listed_card_play_can_be_made_through_spielen(sets):
    """/spielen (and the console's "spielen") names only the card, the target, the monster, the side: each
    card play the rules list is made that way. Cthulhu l.226: while running away a one-shot (a bonus to
    the roll) is played as it is; the one monster or the players' side is filled in only in the fight."""
    import random

    from cogs.munchkin.commands import _play_action
    from engine.munchkin import actions as A
    from engine.munchkin import rules
    from engine.sim import RandomAgent

    made = 0
    for seed in range(6):
        state, _ = rules.new_game([("a", "A"), ("b", "B"), ("c", "C")], seed=seed, sets=sets)
        agent = RandomAgent(random.Random(seed))
        for _ in range(250):
            if state.phase == "over":
                break
            for player in state.players:
                for move in rules.legal_actions(state, player.id):
                    if isinstance(move, A.PlayCard):
                        built = _play_action(state, player.id, move.card, move.target_player, move.target_monster,
                                             move.side, move.with_card, move.target_item)
                        assert rules.is_legal(state, built), (move, built)
                        made += 1
            state, _ = rules.apply(state, agent.choose([m for p in state.players
                                                        for m in rules.legal_actions(state, p.id)], state))
    assert made > 100
