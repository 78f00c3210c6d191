"""What a player types at the console is read one way only: card names with keywords or commas are
found whole, garbage is refused with the words that were not understood, players are matched by
name or a clear beginning, and invisible format characters do not count. One matcher serves both
games' word tables (table/words.py)."""

from __future__ import annotations

import pytest

from engine.munchkin import actions as A
from table.errors import TableError
from table.munchkin.commands import build_action, command_name, parse_words
from table.smashup import commands as smashup_commands
from table.text_match import fold
from table.words import resolve_player, split_cards
from tests.munchkin_helpers import fight, game, to_hand, to_table


def build(state, player, line):
    """A console line as the console builds it: command word, keyword slots, every word used."""
    name, *words = line.split()
    command = command_name(name)
    args = parse_words(command, words)
    action = build_action(state, player, command, args)
    args.check_all_read()
    return action


def refused(state, player, line) -> TableError:
    with pytest.raises(TableError) as err:
        build(state, player, line)
    return err.value


# ---------------------------------------------------------------------- names with keywords and commas
def test_a_card_name_containing_auf_is_found_whole_before_the_keyword_splits_it():
    args = parse_words("play", ["Plötzlicher", "Schlag", "auf", "den", "Kopf", "auf", "Ben"])
    assert dict(args) == {"main": "Plötzlicher Schlag auf den Kopf", "target_player": "Ben"}


def test_a_curse_named_auf_eine_rolle_is_played_on_the_player_after_it():
    state = game(sets=("shakespeare",))
    curse = to_hand(state, "anna", "sha_typecast")
    action = build(state, "anna", "spielen Fluch! Auf eine Rolle festgelegt auf Ben")
    assert action == A.PlayCard(actor="anna", card=curse, target_player="ben")


def test_the_start_of_a_name_with_a_keyword_still_reads_the_keyword_after_it():
    """"Fluch! Auf eine Rolle" is a beginning of the name; "auf Ben" after it is the target."""
    args = parse_words("play", ["Fluch!", "Auf", "eine", "Rolle", "auf", "Ben"])
    assert dict(args) == {"main": "Fluch! Auf eine Rolle", "target_player": "Ben"}


def test_a_comma_inside_a_card_name_does_not_split_a_list_of_cards():
    state = game(sets=("shakespeare",))
    macbeth = to_hand(state, "anna", "sha_macbeth_crowned")
    sling = to_hand(state, "anna", "sha_sling")
    hand = state.player("anna").hand
    assert split_cards(state, hand, "Macbeth, gekrönt, Schleuder") == (macbeth, sling)
    assert build(state, "anna", "ablegen Macbeth, gekrönt") == A.Discard(actor="anna", card=macbeth)


def test_smashup_uses_the_same_matcher_for_names_with_keywords():
    """"Bis auf die Unterhose" keeps its "auf"; the base after "an" is still read."""
    args = smashup_commands.parse_words(["Bis", "auf", "die", "Unterhose", "an", "Tempel"])
    assert dict(args) == {"main": "Bis auf die Unterhose", "base": "Tempel"}
    assert smashup_commands.WORDS.keywords is smashup_commands.KEYWORDS


# ---------------------------------------------------------------------- garbage is refused
def test_garbage_after_a_card_word_is_refused_and_the_words_are_named():
    """The line from the issue: `spielen karte %"., will # väj$` was played as a card."""
    state = game(sets=("cthulhu",))
    err = refused(state, "ben", 'spielen karte %"., will # väj$')
    assert err.code == "not_understood" and '%".,' in err.params["words"]


def test_a_keyword_the_command_does_not_use_refuses_the_command():
    state = game(sets=("shakespeare",))
    to_table(state, "anna", "sha_sling")
    err = refused(state, "anna", "ausrüsten Schleuder will Ben")
    assert err.code == "not_understood" and err.params["words"] == "will Ben"


def test_words_after_a_command_without_arguments_are_refused():
    state = game()
    err = refused(state, "anna", "tür bitte jetzt")
    assert err.code == "not_understood" and err.params["words"] == "bitte jetzt"


def test_a_side_that_is_neither_players_nor_monsters_is_refused_not_ignored():
    state = game(sets=("shakespeare",))
    to_hand(state, "anna", "sha_sling")
    assert refused(state, "anna", "spielen Schleuder für xyz").code == "bad_side"


def test_a_card_is_not_found_by_letters_in_the_middle_of_its_name():
    """Lookup rules: the whole name, its start or a word's start – "euder" is inside "Schleuder" but
    starts none of its words."""
    state = game(sets=("shakespeare",))
    to_hand(state, "anna", "sha_sling")
    err = refused(state, "anna", "spielen euder")
    assert err.code == "no_such_card" and err.params["where"] == "playable"


def test_a_small_typo_in_a_long_card_name_is_forgiven():
    state = game(sets=("shakespeare",))
    sling = to_hand(state, "anna", "sha_sling")
    assert build(state, "anna", "spielen Schleudr").card == sling


# ---------------------------------------------------------------------- players
def test_a_player_is_found_by_name_or_a_clear_beginning_of_three_letters():
    state = game()
    assert resolve_player(state, "Ben") == "ben"
    assert resolve_player(state, "cle") == "cleo"
    with pytest.raises(TableError) as err:
        resolve_player(state, "an")
    assert err.value.code == "no_such_player"


def test_a_beginning_that_fits_two_players_is_refused_as_ambiguous():
    state = game()
    state.players[1].name = "Annabel"
    with pytest.raises(TableError) as err:
        resolve_player(state, "Ann")
    assert err.value.code == "ambiguous_player"
    assert resolve_player(state, "Anna") == "anna"


def test_invisible_format_characters_do_not_count_in_names_or_input():
    """A right-to-left mark or zero-width space (Unicode Cf) inside a name cannot be seen; it is ignored."""
    state = game()
    assert resolve_player(state, "B\u200be\u202en") == "ben"
    assert fold("Schl\u200beuder") == "schleuder"
    args = parse_words("ask", ["\u2066Ben\u2069", "zuerst"])
    assert dict(args) == {"main": "Ben", "first": True}


def test_a_monster_in_combat_is_named_after_gegen():
    state = game(sets=("shakespeare",))
    state = fight(state, "sha_caliban")
    sling = to_hand(state, "anna", "sha_sling")
    action = build(state, "anna", "spielen Schleuder gegen Caliban")
    assert action.card == sling and action.target_monster == state.combat.monsters[0].uid


async def test_a_seat_name_with_a_bidi_mark_is_seated_without_it(service):
    """A right-to-left override in a display name would turn every line showing the name around."""
    await service.create("g", "c", "anna", "\u202eAnna\u200b")
    await service.join("g", "c", "ben", "\u2066\u2069")
    record = await service.game_in("g", "c")
    assert [s.name for s in await service.store.seats(record.id)] == ["Anna", "ben"]


def _smashup_in_play():
    from engine.smashup.listing import legal_actions
    from engine.smashup.rules import apply, new_game

    state, _ = new_game([("anna", "Anna"), ("ben", "Ben")], seed=3)
    while state.phase == "draft":
        state, _ = apply(state, legal_actions(state, state.player(state.draft.order[state.draft.next]).id)[0])
    return state


def test_a_card_to_be_played_at_once_is_answered_with_its_base_and_target():
    """Ein gerissener Plan: the drawn treasure is played where the player says ("base|target|target2")."""
    from engine.smashup.actions import Choose
    from engine.smashup.state import Decision
    from table.render import Namer
    from table.smashup.render import option_label

    state = _smashup_in_play()
    first, second = state.bases[0], state.bases[1]
    monster = first.monsters[0].uid
    options = ["none", f"{first.uid}|{monster}|", f"{second.uid}||"]
    state.decisions.append(Decision(id=99, player="anna", kind="cunning_play", options=options, default="none"))
    base_name, monster_name = state.card(first.uid).name_de, state.card(monster).name_de
    line = f"wählen {base_name} ziel {monster_name}".split()
    args = smashup_commands.parse_words(line[1:])
    action = smashup_commands.build_action(state, "anna", "choose", args)
    args.check_all_read()
    assert action == Choose(actor="anna", decision=99, option=options[1])
    namer = Namer("de", {"anna": "Anna", "ben": "Ben"}, state, ("smashup",))
    assert option_label(options[1], namer) == f"{base_name} ({monster_name})"


def test_a_keyword_with_nothing_after_it_is_refused():
    state = game(sets=("shakespeare",))
    to_hand(state, "anna", "sha_sling")
    err = refused(state, "anna", "spielen Schleuder auf")
    assert err.code == "not_understood" and err.params["words"] == "auf"
