"""The turn (rulebooks: "Spielvorbereitungen", "Spielablauf", Phases 1-4, "Schnelleres Spiel").

Sections are cited from Munchkin Axe Cop 1.01; Cthulhu, Impossible and Shakespeare say the same.
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.munchkin import actions as A
from engine.munchkin.rules import new_game
from engine.munchkin.state import Options
from tests.munchkin_helpers import act, decide, decision, game, kinds, on_top, run, take, to_hand, to_table


def test_setup_deals_four_door_and_four_treasure_cards():
    """Spielvorbereitungen: every player starts with 4 door and 4 treasure cards."""
    state, _events = new_game([("a", "A"), ("b", "B"), ("c", "C")], seed=5)
    for player in state.players:
        decks = [state.card(u).deck for u in player.hand]
        assert decks.count("door") == 4 and decks.count("treasure") == 4
        assert all(p.level == 1 for p in state.players)


def test_starting_hand_may_be_laid_out_before_your_first_turn():
    """Spielvorbereitungen: classes and items from the starting hand may be played at once."""
    state, _ = new_game([("a", "A"), ("b", "B"), ("c", "C")], seed=9)
    waiting = next(p for p in state.players if p.id != state.active_player.id)
    item = next(u for u in state.treasure_deck if state.card(u).kind == "item" and not state.card(u).big)
    state.treasure_deck.remove(item)
    state.player(waiting.id).hand.append(item)
    state.player(waiting.id).fresh[item] = 3  # as dealt: until the end of the player's first turn
    state, _ = act(state, A.PlayCard(actor=waiting.id, card=item))
    assert any(i.uid == item and i.in_use for i in state.player(waiting.id).items)


def test_empty_deck_is_reshuffled_from_its_discard_pile():
    """Spielvorbereitungen: an empty deck is reshuffled from its discard pile."""
    state = game()
    state.door_discard.extend(state.door_deck)
    state.door_deck.clear()
    state, events = act(state, A.KickDoor(actor="anna"))
    assert "deck_reshuffled" in kinds(events)


def test_no_cards_left_means_nobody_draws():
    """Spielvorbereitungen: with deck and discard pile empty, nobody can draw that kind of card."""
    state = game()
    state.players[1].hand.extend(state.door_deck)
    state.door_deck.clear()
    state, events = act(state, A.KickDoor(actor="anna"))
    assert "deck_empty" in kinds(events) and state.phase == "trouble"


def test_kick_open_a_monster_starts_combat():
    """Phase 1: a monster behind the door means combat at once."""
    state = game()
    uid = on_top(state, "t_slimeling")
    state, events = act(state, A.KickDoor(actor="anna"))
    assert state.combat is not None and state.combat.monsters[0].uid == uid
    assert "combat_started" in kinds(events)


def test_kick_open_a_curse_hits_you():
    """Phase 1: a curse behind the door acts on the player who opened it."""
    state = game()
    state.players[0].level = 3
    on_top(state, "t_curse_lose_level")
    state, _events = act(state, A.KickDoor(actor="anna"))
    assert state.players[0].level == 2
    assert state.phase == "trouble"


def test_kick_open_anything_else_goes_to_hand():
    """Phase 1: any other card may be taken into the hand (or played at once)."""
    state = game()
    uid = on_top(state, "t_fighter")
    state, _ = act(state, A.KickDoor(actor="anna"))
    assert uid in state.players[0].hand
    state, _ = act(state, A.PlayCard(actor="anna", card=uid))
    assert uid in state.players[0].classes


def test_look_for_trouble_with_a_monster_from_hand():
    """Phase 2: with no monster met, you may fight one from your hand."""
    state = game()
    on_top(state, "t_fighter")
    monster = to_hand(state, "anna", "t_slimeling")
    with pytest.raises(IllegalAction) as err:
        act(state, A.LookForTrouble(actor="anna", card=monster))
    assert err.value.code == "wrong_phase"
    state, _ = run(state, A.KickDoor(actor="anna"), A.LookForTrouble(actor="anna", card=monster))
    assert state.combat is not None and state.combat.monsters[0].uid == monster


def test_look_for_trouble_needs_a_monster():
    state = game()
    on_top(state, "t_fighter")
    item = to_hand(state, "anna", "t_pot_helmet")
    state, _ = act(state, A.KickDoor(actor="anna"))
    with pytest.raises(IllegalAction) as err:
        act(state, A.LookForTrouble(actor="anna", card=item))
    assert err.value.code == "not_a_monster"


def test_loot_the_room_draws_a_face_down_door_card():
    """Phase 3: a face-down door card; only its owner sees which."""
    state = game()
    on_top(state, "t_fighter")
    state, _ = act(state, A.KickDoor(actor="anna"))
    secret = on_top(state, "t_elf")
    state, events = act(state, A.LootRoom(actor="anna"))
    assert secret in state.players[0].hand
    public = [e for e in events if e.is_public]
    assert all("t_elf" not in str(e.params) for e in public)
    assert any(e.audience == "anna" and "t_elf" in e.params["cards"] for e in events)


def test_turn_passes_clockwise_after_charity():
    """Spielablauf: players take turns clockwise."""
    state = game()
    on_top(state, "t_fighter")
    state, _events = run(state, A.KickDoor(actor="anna"), A.LootRoom(actor="anna"), A.EndTurn(actor="anna"))
    assert state.active_player.id == "ben" and state.phase == "start"


def test_not_your_turn_is_refused_and_changes_nothing():
    state = game()
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        act(state, A.KickDoor(actor="ben"))
    assert err.value.code == "not_your_turn"
    assert state.model_dump_json() == before


def test_unseated_player_is_refused():
    state = game()
    with pytest.raises(IllegalAction) as err:
        act(state, A.KickDoor(actor="mallory"))
    assert err.value.code == "not_seated"


def test_you_must_kick_the_door_before_ending_the_turn():
    state = game()
    with pytest.raises(IllegalAction) as err:
        act(state, A.EndTurn(actor="anna"))
    assert err.value.code == "wrong_phase"


# ---------------------------------------------------------------------- charity
def _hand_of(state, player, count):
    ids = ["t_pot_helmet", "t_clogs", "t_fire_potion", "t_amulet", "t_lucky_ring", "t_mirror_shard",
           "t_sleep_potion", "t_dagger", "t_buckler"]
    return [to_hand(state, player, ids[i]) for i in range(count)]


def _to_charity(state):
    """Kick open a class card (to the hand), loot the room (one more card), end the turn."""
    on_top(state, "t_fighter")
    state, _ = run(state, A.KickDoor(actor="anna"), A.LootRoom(actor="anna"))
    return act(state, A.EndTurn(actor="anna"))


def test_charity_gives_the_excess_to_the_lowest_player():
    """Phase 4: more than 5 cards: the excess goes to the player with the lowest level."""
    state = game()
    state.players[0].level, state.players[1].level, state.players[2].level = 4, 2, 3
    _hand_of(state, "anna", 5)  # plus the door card and the looted card: 7, so 2 too many
    state, _ = _to_charity(state)
    d = decision(state, "anna", "charity_give")
    assert all(o.endswith(">ben") for o in d.options)
    state, _ = act(state, A.Decide(actor="anna", decision=d.id, option=d.options[0]))
    d = decision(state, "anna", "charity_give")
    state, _events = act(state, A.Decide(actor="anna", decision=d.id, option=d.options[0]))
    assert len(state.players[0].hand) == 5 and len(state.players[1].hand) == 2
    assert state.active_player.id == "ben"


def test_charity_split_as_evenly_as_possible_giver_chooses_the_extra():
    """Phase 4: several lowest players share as evenly as possible; the giver picks who gets more."""
    state = game(players=4)
    state.players[0].level = 5
    _hand_of(state, "anna", 6)  # plus door card and loot: 8, 3 too many
    state.players[3].level = 6
    state, _ = _to_charity(state)   # 3 too many, ben and cleo on level 1
    assert state.charity.recipients == ["ben", "cleo"]
    state, _ = decide(state, "anna", "charity_give", decision(state, "anna", "charity_give").options[0])
    given_first = state.charity.given
    first = next(iter(given_first))
    state, _ = decide(state, "anna", "charity_give",
                      next(o for o in decision(state, "anna", "charity_give").options if o.endswith(first)))
    # first now has 2: the third card must go to the other one
    d = decision(state, "anna", "charity_give")
    assert all(not o.endswith(">" + first) for o in d.options)
    with pytest.raises(IllegalAction):
        act(state, A.Decide(actor="anna", decision=d.id, option=d.options[0].split(">")[0] + ">" + first))


def test_charity_lowest_player_discards_instead():
    """Phase 4: if you are (one of) the lowest, you discard the excess instead of giving it."""
    state = game()
    _hand_of(state, "anna", 4)
    state, _ = _to_charity(state)
    d = decision(state, "anna", "charity_discard")
    before = len(state.door_discard) + len(state.treasure_discard)
    state, _ = act(state, A.Decide(actor="anna", decision=d.id, option=d.options[0]))
    assert len(state.door_discard) + len(state.treasure_discard) == before + 1
    assert state.active_player.id == "ben"


def test_a_race_may_raise_the_hand_limit():
    """Phase 4 / Shakespeare "Zwerg": a dwarf keeps 6 cards."""
    state = game()
    to_table(state, "anna", "t_dwarf")
    _hand_of(state, "anna", 4)
    state, _ = _to_charity(state)   # 6 cards: nothing to give
    assert state.active_player.id == "ben" and not state.decisions


def test_charity_timeout_takes_the_default():
    state = game()
    _hand_of(state, "anna", 4)
    state, _ = _to_charity(state)
    d = decision(state, "anna", "charity_discard")
    state, events = act(state, A.Timeout(actor=A.SYSTEM, decision=d.id))
    assert "decision_timed_out" in kinds(events) and state.active_player.id == "ben"


# ---------------------------------------------------------------------- faster play
def test_faster_play_listens_at_the_door():
    """Schnelleres Spiel: phase 0 draws a face-down door card at the start of the turn."""
    state = game(faster_play=True)
    on_top(state, "t_fighter")
    state, _ = run(state, A.KickDoor(actor="anna"), A.LootRoom(actor="anna"))
    listened = on_top(state, "t_elf")
    state, events = act(state, A.EndTurn(actor="anna"))
    assert "listened_at_door" in kinds(events)
    assert listened in state.player("ben").hand


def test_faster_play_loot_draws_a_treasure():
    """Schnelleres Spiel: looting the room draws a treasure instead of a door card."""
    state = game(faster_play=True)
    on_top(state, "t_fighter")
    state, _ = act(state, A.KickDoor(actor="anna"))
    treasure = on_top(state, "t_amulet")
    state, _ = act(state, A.LootRoom(actor="anna"))
    assert treasure in state.players[0].hand


def test_fresh_received_cards_are_only_fresh_until_the_turn_ends():
    """Gegenstände: out of turn an item can be played only in the moment it is received."""
    state = game()
    item = take(state, "t_pot_helmet")
    ben = state.player("ben")
    ben.hand.append(item)
    with pytest.raises(IllegalAction) as err:
        act(state, A.PlayCard(actor="ben", card=item))
    assert err.value.code == "only_on_your_turn"
    ben.fresh[item] = state.turn
    state, _ = act(state, A.PlayCard(actor="ben", card=item))
    assert any(i.uid == item for i in state.player("ben").items)


def test_new_game_player_count_is_checked():
    with pytest.raises(IllegalAction):
        new_game([("a", "A")], seed=1)
    assert Options().faster_play is False


def test_turn_timer_steps_kick_loot_end():
    """Asynchronous play: an idle active player's turn moves on by the least harmful steps."""
    state = game()
    on_top(state, "t_fighter")
    seen = []
    for _ in range(5):
        if state.active_player.id != "anna":
            break
        seen.append(state.phase)
        state, events = act(state, A.Timeout(actor=A.SYSTEM, turn=state.turn))
        assert "turn_timed_out" in kinds(events)
    assert seen == ["start", "trouble", "after"] and state.active_player.id == "ben"
    with pytest.raises(IllegalAction):
        act(state, A.Timeout(actor=A.SYSTEM, turn=1))       # an old turn's timer is stale
