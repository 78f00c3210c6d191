"""Simulation benchmark: bot players against random agents.

    python -m engine.bots_bench --games 1000 --seed 1
    python -m engine.bots_bench --game smashup --games 100 --seed 1

Every game has four seats; the bot seats rotate so no seat position favours them. Prints the bots'
win rate next to what chance alone would give.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from engine.games import rules_of
from engine.sim import ACTION_CAP, RandomAgent


def play(seed: int, bot_seats: set[int], players: int = 4, game: str = "munchkin") -> tuple[list[str], int]:
    rules = rules_of(game)
    ids = [f"p{i}" for i in range(players)]
    state, _ = rules.new_game([(pid, pid) for pid in ids], seed=seed)

    def all_moves(state):
        return [m for p in state.players for m in rules.legal_actions(state, p.id)]

    bots = {ids[i]: rules.bot_player(ids[i]) for i in bot_seats}
    agent = RandomAgent(random.Random(seed))
    actions = 0
    while state.phase != "over" and actions < ACTION_CAP:
        move = None
        for bot in bots.values():
            move = bot.choose(state)
            if move is not None:
                break
        if move is None:
            moves = [m for m in all_moves(state) if m.actor not in bots]
            if not moves:
                moves = all_moves(state)
            move = agent.choose(moves)
        state, _ = rules.apply(state, move)
        actions += 1
    return state.winners, actions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", type=int, default=2, help="bot seats per four-player game")
    parser.add_argument("--game", default="munchkin", choices=["munchkin", "smashup"])
    args = parser.parse_args(argv)
    started = time.perf_counter()
    bot_wins = random_wins = unfinished = 0
    for game in range(args.games):
        bot_seats = {(game + k) % 4 for k in range(args.bots)}
        winners, _ = play(args.seed * 100_003 + game, bot_seats, game=args.game)
        if not winners:
            unfinished += 1
        bot_wins += any(int(w[1:]) in bot_seats for w in winners)
        random_wins += any(int(w[1:]) not in bot_seats for w in winners)
    print(json.dumps({
        "game": args.game, "games": args.games, "bot_seats": args.bots, "unfinished": unfinished,
        "bot_win_rate": round(bot_wins / args.games, 3), "random_win_rate": round(random_wins / args.games, 3),
        "chance_win_rate_for_bots": round(args.bots / 4, 3), "seconds": round(time.perf_counter() - started, 1),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
