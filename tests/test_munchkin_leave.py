"""Leaving a running game (our table rule, documented in README "Leaving a game"): the leaver's cards
are discarded, what they owed is withdrawn, their turn or fight ends, and play goes on."""

from __future__ import annotations

from engine.invariants import violations
from engine.munchkin import actions as A
from tests.munchkin_helpers import act, decide, fight, game, to_hand, to_table


def test_leaving_on_your_turn_in_combat_passes_the_turn_and_discards_everything():
    state = game()
    to_hand(state, "anna", "t_fire_potion")
    to_table(state, "anna", "t_pot_helmet")
    state = fight(state, "t_slimeling")
    state, events = act(state, A.Leave(actor="anna"))
    assert [p.id for p in state.players] == ["ben", "cleo"]
    assert state.active_player.id == "ben" and state.combat is None and state.phase == "start"
    assert violations(state, events) == []


def test_helper_leaving_leaves_the_fighter_alone():
    state = game()
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    state, _ = act(state, A.Leave(actor="ben"))
    assert state.combat.helper is None and state.active_player.id == "anna"


def test_leaving_out_of_turn_keeps_the_active_player():
    state = game(players=4)
    state.active = 2
    state, _ = act(state, A.Leave(actor="ben"))
    assert state.active_player.id == "cleo"


def test_last_player_standing_ends_the_game_without_a_winner():
    state = game(players=2)
    state, events = act(state, A.Leave(actor="ben"))
    assert state.phase == "over" and state.ended_reason == "abandoned" and state.winners == []
    assert violations(state, events) == []


def test_fighter_leaving_withdraws_the_combats_open_choices():
    """Found by the property test: a helper's run-away choice must not outlive the fight."""
    state = game()
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben"))
    state, _ = decide(state, "ben", "help", "accept")
    from tests.munchkin_helpers import pass_all

    state, _ = pass_all(state)                     # lost: both must run
    assert any(d.kind == "run_away" for d in state.decisions)
    state, events = act(state, A.Leave(actor="anna"))
    assert state.combat is None and not [d for d in state.decisions if d.kind == "run_away"]
    assert violations(state, events) == []


def test_helper_leaving_while_the_treasures_are_shared_leaves_them_to_the_fighter():
    """Found by the property test: the helper leaves while the fighter picks from the face-up
    treasures (Gewonnen!, shared as agreed); the fighter's pick then takes the rest, nothing crashes."""
    state = game()
    state.players[1].level = 6
    state = fight(state, "t_stone_troll")                     # 2 treasures
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", treasures=1))
    state, _ = decide(state, "ben", "help", "accept")
    from tests.munchkin_helpers import pass_all

    state, _ = pass_all(state)
    pick = next(d for d in state.decisions if d.kind == "treasure_pick" and d.player == "anna")
    state, _ = act(state, A.Leave(actor="ben"))
    state, events = act(state, A.Decide(actor="anna", decision=pick.id, option=pick.options[0]))
    assert state.combat is None and len(state.player("anna").hand) == 2
    assert violations(state, events) == []
