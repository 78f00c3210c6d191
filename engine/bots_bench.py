"""Bot strengths against each other: whole games with one seat per level, the rest random players.

    python -m engine.bots_bench --game munchkin --sets cthulhu --players 4 --games 200 --levels leicht,mittel,schwer
    python -m engine.bots_bench --game smashup --players 3 --games 200 --levels leicht,mittel,schwer --json

The seating runs through every order of the seats from game to game, so no seat favours a level.
Prints each level's win rate with its 95% confidence interval (Wilson), how far each level is ahead
of the one before it in ``--levels`` (the paired difference of their win rates, with its 95%
interval) and the time per decision (p50/p99). ``--budget-ms`` is the ``schwer`` bot's time per
searched decision, ``--workers`` plays games in that many processes, ``--progress`` prints each
game's result on stderr as it ends.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from engine.bots import make_bot
from engine.core.cli import run_tool
from engine.games import rules_of
from engine.search import LEVELS, mean_and_error
from engine.sim import ACTION_CAP, RandomAgent

RANDOM = "zufall"


def seating(levels: list[str], players: int, game: int) -> list[str]:
    """Who sits where in game number ``game``: the levels, random players on the seats left over,
    in each of their orders in turn (turning the seats alone would keep who plays after whom, which
    weighs as much as where one sits: a player right after a strong one gets a weaker table)."""
    seats = (levels + [RANDOM] * players)[:players]
    orders = sorted(set(itertools.permutations(seats)))
    return list(orders[game % len(orders)])


def play(seed: int, seats: list[str], game: str = "munchkin", sets: tuple[str, ...] | None = None,
         budget_s: float | None = None) -> dict:
    """One game; the winners' levels and each level's decision times in milliseconds."""
    rules = rules_of(game)
    ids = [f"p{i}" for i in range(len(seats))]
    state, _ = rules.new_game([(pid, pid) for pid in ids], seed=seed, sets=sets or rules.default_sets)
    bots = {pid: make_bot(game, pid, level, budget_s, seed=seed) for pid, level in zip(ids, seats, strict=True)
            if level != RANDOM}
    level_of = dict(zip(ids, seats, strict=True))
    times: dict[str, list[float]] = {level: [] for level in seats if level != RANDOM}
    agent = RandomAgent(random.Random(seed))
    actions = 0
    while state.phase != "over" and actions < ACTION_CAP:
        move = None
        for pid, bot in bots.items():
            started = time.perf_counter()
            move = bot.choose(state)
            if move is not None:
                times[level_of[pid]].append(1000 * (time.perf_counter() - started))
                break
        if move is None:
            moves = [m for p in state.players if p.id not in bots for m in rules.legal_actions(state, p.id)]
            moves = moves or [m for p in state.players for m in rules.legal_actions(state, p.id)]
            move = agent.choose(moves, state) if game == "munchkin" else agent.rng.choice(moves)
        state, _ = rules.apply(state, move)
        actions += 1
    return {"winners": sorted({level_of[w] for w in state.winners}), "times": times,
            "finished": state.phase == "over", "actions": actions}


def _play_one(job: tuple) -> dict:
    return play(*job)


class _InProcess:
    """The pool's ``map`` in this process (one worker)."""

    def __enter__(self):
        return self

    def __exit__(self, *_exc) -> None:
        return None

    @staticmethod
    def map(fn, jobs, chunksize: int = 1):
        return map(fn, jobs)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a win rate (Wilson's score interval: sound near 0 and with few games)."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def percentile(values: list[float], share: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 1)


def summarize(results: list[dict], levels: list[str]) -> dict:
    games = len(results)
    summary: dict = {"levels": {}}
    for level in [*levels, RANDOM]:
        wins = sum(level in r["winners"] for r in results)
        times = [t for r in results for t in r["times"].get(level, [])]
        entry = {"wins": wins, "win_rate": round(wins / games, 3) if games else 0.0, "ci95": list(wilson(wins, games))}
        if level != RANDOM:
            entry.update(decisions=len(times), decision_p50_ms=percentile(times, 0.5),
                         decision_p99_ms=percentile(times, 0.99), decision_max_ms=round(max(times, default=0.0), 1))
        summary["levels"][level] = entry
    summary["ahead"] = {f"{stronger}>{weaker}": lead(results, stronger, weaker)
                        for weaker, stronger in itertools.pairwise(levels)}
    summary["unfinished"] = sum(not r["finished"] for r in results)
    return summary


def lead(results: list[dict], stronger: str, weaker: str, z: float = 1.96) -> dict:
    """How much more often ``stronger`` won than ``weaker`` at the same tables, with the 95% interval
    of that difference. Game by game the difference is 1, 0 or -1 (both levels sat at every table,
    so their results are paired: one's win is often the other's loss); its mean and standard error
    give the interval. Its low end above zero: ``stronger`` is the stronger at 95%."""
    games = len(results)
    if games < 2:
        return {"difference": 0.0, "ci95": [-1.0, 1.0]}
    diffs = [(stronger in r["winners"]) - (weaker in r["winners"]) for r in results]
    mean, spread = mean_and_error(diffs)
    return {"difference": round(mean, 3), "ci95": [round(max(-1.0, mean - z * spread), 3),
                                                   round(min(1.0, mean + z * spread), 3)]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="munchkin", choices=["munchkin", "smashup"])
    parser.add_argument("--sets", default=None, help="Munchkin sets, comma-separated (default: cthulhu)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget-ms", type=float, default=None, help="schwer: time per searched decision")
    parser.add_argument("--workers", type=int, default=1, help="games played in this many processes")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--progress", action="store_true", help="each game's result as a JSON line on stderr")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    unknown = [level for level in levels if level not in LEVELS]
    if unknown or len(levels) > args.players:
        parser.error(f"levels: {', '.join(LEVELS)}, at most one per seat")
    sets = tuple(s.strip().lower() for s in args.sets.split(",")) if args.sets and args.game == "munchkin" else None
    budget_s = None if args.budget_ms is None else args.budget_ms / 1000
    jobs = [(args.seed * 100_003 + g, seating(levels, args.players, g), args.game, sets, budget_s)
            for g in range(args.games)]
    started = time.perf_counter()
    results = []
    with ProcessPoolExecutor(args.workers) if args.workers > 1 else _InProcess() as pool:
        for result in pool.map(_play_one, jobs, chunksize=1):
            results.append(result)
            if args.progress:       # one line per game, so a long run can be read before it ends
                print(json.dumps(result), file=sys.stderr, flush=True)
    summary = summarize(results, levels)
    summary.update(game=args.game, players=args.players, games=args.games, seed=args.seed,
                   budget_ms=args.budget_ms if args.budget_ms is not None else 1000.0,
                   seconds=round(time.perf_counter() - started, 1))
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        _print(summary)
    return 0


def _print(summary: dict) -> None:
    print(f"{summary['game']}, {summary['players']} players, {summary['games']} games, "
          f"schwer budget {summary['budget_ms']:.0f} ms, {summary['seconds']} s")
    for level, entry in summary["levels"].items():
        low, high = entry["ci95"]
        line = f"  {level:8} wins {entry['win_rate']:6.1%}  (95%: {low:.1%} – {high:.1%})"
        if "decision_p50_ms" in entry:
            line += f"  decision p50 {entry['decision_p50_ms']} ms, p99 {entry['decision_p99_ms']} ms"
        print(line)
    for pair, entry in summary["ahead"].items():
        low, high = entry["ci95"]
        print(f"  {pair.replace('>', ' ahead of '):24} by {entry['difference']:+.1%}  (95%: {low:+.1%} – {high:+.1%})")
    if summary["unfinished"]:
        print(f"  unfinished: {summary['unfinished']}")


if __name__ == "__main__":
    run_tool(main)
