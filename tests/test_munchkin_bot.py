"""The bot player for empty seats: fights when it wins, asks for help when a helper makes the
difference, runs otherwise, curses the leader; and it beats random players."""

from __future__ import annotations

from engine.bots_bench import play, seating
from engine.munchkin import actions as A
from engine.munchkin.bot import BotPlayer
from tests.munchkin_helpers import act, decide, fight, game, to_hand, to_table


def test_bot_resolves_a_fight_it_wins():
    state = fight(game(), "t_slimeling")
    to_table(state, "anna", "t_short_sword")
    assert isinstance(BotPlayer("anna").choose(state), A.Pass)


def test_bot_asks_for_help_when_a_helper_would_win_it():
    state = game()
    state.players[1].level = 8
    state = fight(state, "t_stone_troll")           # level 6 against anna's 1
    move = BotPlayer("anna").choose(state)
    assert isinstance(move, A.AskHelp) and move.helper == "ben" and move.treasures > 0


def test_bot_runs_when_nothing_helps():
    state = fight(game(), "t_stone_troll")
    bot = BotPlayer("anna")
    for _ in range(3):                                # nobody strong enough: it passes and then runs
        move = bot.choose(state)
        if isinstance(move, A.Pass):
            break
    assert isinstance(move, A.Pass)


def test_bot_helps_for_a_treasure_when_that_wins():
    state = game()
    state.players[1].level = 8
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", treasures=1))
    move = BotPlayer("ben").choose(state)
    assert isinstance(move, A.Decide) and move.option == "accept"


def test_bot_curses_the_leader():
    state = game()
    state.players[2].level = 6
    to_hand(state, "ben", "t_curse_lose_level")
    state.phase = "after"
    move = BotPlayer("ben").choose(state)
    assert isinstance(move, A.PlayCard) and move.target_player == "cleo"


def test_bot_takes_the_best_treasure():
    state = game()
    state.players[1].level = 6
    state = fight(state, "t_stone_troll")
    state, _ = act(state, A.AskHelp(actor="anna", helper="ben", treasures=1, helper_first=True))
    state, _ = decide(state, "ben", "help", "accept")
    from tests.munchkin_helpers import pass_all

    state, _ = pass_all(state)
    move = BotPlayer("ben").choose(state)
    values = [state.card(o).value for o in state.decisions[0].options]
    assert isinstance(move, A.Decide) and state.card(move.option).value == max(values)


def test_bots_beat_random_players_and_games_end():
    bot_wins = 0
    for game_number in range(12):
        result = play(500 + game_number, seating(["leicht"], 4, game_number))
        assert result["finished"]
        bot_wins += "leicht" in result["winners"]
    assert bot_wins >= 6          # one bot among three random players: chance alone is a quarter
