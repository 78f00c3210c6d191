"""Where the engine's time goes: random legal games as in engine.sim, with the CPU time of each phase
(listing every player's legal moves, applying the chosen one, checking the invariants) per action.

    python -m engine.bench --game munchkin --sets cthulhu --players 4 --games 10 --seed 21
    python -m engine.bench --game smashup --players 3 --games 5 --seed 21 [--json]
    python -m engine.bench --late-game     (legal_actions, 6 players with 16 items each)
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict

from engine.core.cli import run_tool
from engine.munchkin.state import Options
from engine.sim import GAMES, prepare

PHASES = ("legal", "apply", "invariants")


def _timer(totals: dict[str, float]):
    def wrap(phase: str, fn):
        def timed(*args):
            started = time.process_time()
            try:
                return fn(*args)
            finally:
                totals[phase] += time.process_time() - started
        return timed
    return wrap


def measure(game: str, players: int, games: int, seed: int, sets: tuple[str, ...], options: Options) -> dict:
    """CPU seconds per phase over the games (seeds as in engine.sim), and microseconds per action."""
    totals: dict[str, float] = defaultdict(float)
    actions = 0
    sets = ("smashup",) if game == "smashup" else sets
    prepare(game, sets)          # imports and card files before the clock, as engine.sim does
    started = time.process_time()
    for index in range(games):
        result = GAMES[game](seed * 1_000_003 + index, players, sets, options, True, _timer(totals))
        actions += result["actions"]
    total = time.process_time() - started
    totals["other"] = total - sum(totals[p] for p in PHASES)     # set-up, the agents' choices
    report = {"game": game, "sets": list(sets) if game == "munchkin" else ["smashup"], "players": players,
              "games": games, "actions": actions, "cpu_seconds": round(total, 3),
              "actions_per_cpu_second": round(actions / max(total, 1e-9))}
    for phase in (*PHASES, "other"):
        report[phase] = {"cpu_seconds": round(totals[phase], 3),
                         "us_per_action": round(totals[phase] / max(actions, 1) * 1e6, 1),
                         "share": round(totals[phase] / max(total, 1e-9), 3)}
    return report


def late_game(players: int = 6, items_each: int = 16, seed: int = 21):
    """A Munchkin table late in the game: every player with this many items in play (not in use, so
    no slot rule stands in the way), in the active player's turn, outside a fight. Items come from the
    Cthulhu deck and, when it runs short, from the other sets."""
    from engine.munchkin.rules import new_game
    from engine.munchkin.state import ItemInPlay

    sets = ("cthulhu", "impossible", "shakespeare", "axecop")
    state, _ = new_game([(f"p{i}", f"Spieler {i}") for i in range(players)], seed=seed, sets=sets,
                        options=Options())
    items = [u for u in state.treasure_deck if state.card(u).kind == "item"]
    if len(items) < players * items_each:
        raise SystemExit(f"only {len(items)} items in the decks")
    for index, player in enumerate(state.players):
        mine = items[index * items_each:(index + 1) * items_each]
        state.treasure_deck = [u for u in state.treasure_deck if u not in mine]
        player.items = [ItemInPlay(uid=u, in_use=False) for u in mine]
    return state


def time_legal_actions(state, repeat: int = 5) -> dict:
    """CPU milliseconds of one legal_actions call (the mean over every player, best of ``repeat``)."""
    from engine.munchkin.rules import legal_actions

    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        moves = sum(len(legal_actions(state, p.id)) for p in state.players)
        best = min(best, (time.process_time() - started) / len(state.players))
    return {"players": len(state.players), "moves": moves, "ms_per_call": round(best * 1000, 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="munchkin", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--sets", default="cthulhu", help="comma-separated set keys (Munchkin)")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--late-game", action="store_true",
                        help="instead: legal_actions on a 6-player Munchkin table with 16 items each")
    args = parser.parse_args(argv)
    if args.late_game:
        print(json.dumps(time_legal_actions(late_game())))
        return 0
    report = measure(args.game, args.players, args.games, args.seed, tuple(args.sets.split(",")), Options())
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{report['game']} {','.join(report['sets'])}, {report['players']} players, {report['games']} games: "
          f"{report['actions']} actions in {report['cpu_seconds']} CPU s "
          f"({report['actions_per_cpu_second']} actions per CPU second)")
    for phase in (*PHASES, "other"):
        row = report[phase]
        print(f"  {phase:<11} {row['cpu_seconds']:>8.3f} s  {row['us_per_action']:>9.1f} µs/action  "
              f"{row['share']:>6.1%}")
    return 0


if __name__ == "__main__":
    run_tool(main)
