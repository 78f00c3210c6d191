"""The engine's speed beside RLCard's UNO environment (random agents), on the same machine at the same
time: each round measures RLCard's steps per CPU second, then the simulator's actions per CPU second
(engine.sim without the invariants, the figures issue #19 names), so a swing in the host's speed hits
both sides of each ratio alike.

    python -m engine.versus_rlcard [--rounds 3] [--json]

RLCard is not a dependency of the project: install it into the environment first (pip install rlcard).
A step of RLCard is one player's action (one call of its env.step), as an action of ours is."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable

from engine.core.cli import run_tool
from engine.munchkin.state import Options
from engine.sim import run

# the simulator's figures compared: (label, game, players, games, sets)
OURS = (("munchkin", "munchkin", 4, 40, ("cthulhu",)), ("smashup", "smashup", 3, 20, ("smashup",)))
SEED = 21
RLCARD_GAMES = 300      # about a second of CPU time: long enough to even out the games' lengths


class RLCardMissing(RuntimeError):
    """RLCard is not installed in this environment."""


def rlcard_uno(games: int = RLCARD_GAMES, seed: int = SEED) -> dict:
    """RLCard's UNO played by its random agents: steps and CPU seconds."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as exc:
        raise RLCardMissing("RLCard is not installed: pip install rlcard") from exc
    env = rlcard.make("uno", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    steps = 0
    step = env.step

    def counted(*args, **kwargs):
        nonlocal steps
        steps += 1
        return step(*args, **kwargs)

    env.step = counted          # env.run calls self.step once per action
    started = time.process_time()
    for _ in range(games):
        env.run(is_training=False)
    return {"steps": steps, "cpu_seconds": time.process_time() - started, "players": env.num_players}


def ours(game: str, players: int, games: int, sets: tuple[str, ...]) -> dict:
    summary = run(game, players, games, SEED, sets, Options(), checks=False)
    return {"steps": summary["actions"], "cpu_seconds": summary["cpu_seconds"]}


def per_cpu_second(measured: dict) -> float:
    return measured["steps"] / max(measured["cpu_seconds"], 1e-9)


def compare(rounds: int, rlcard: Callable[[], dict] | None = None,
            engine: Callable[..., dict] | None = None) -> dict:
    """Each round: RLCard's rate, then each of ours and its ratio to that round's RLCard rate; the
    median of each over the rounds. (``rlcard``, ``engine``: rlcard_uno and ours, by default.)"""
    rlcard = rlcard or rlcard_uno
    engine = engine or ours
    rows = []
    for _ in range(rounds):
        row: dict[str, float] = {"rlcard_uno": round(per_cpu_second(rlcard()))}
        for label, game, players, games, sets in OURS:
            rate = per_cpu_second(engine(game, players, games, sets))
            row[label] = round(rate)
            row[f"{label}_ratio"] = round(rate / max(row["rlcard_uno"], 1), 3)
        rows.append(row)
    median = {key: statistics.median(row[key] for row in rows) for key in rows[0]}
    return {"rounds": rows, "median": median}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    try:
        result = compare(args.rounds)
    except RLCardMissing as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result))
        return 0
    for number, row in enumerate(result["rounds"], 1):
        print(f"round {number}: RLCard UNO {row['rlcard_uno']} steps per CPU second; "
              + "; ".join(f"{label} {row[label]} ({row[f'{label}_ratio']}x)" for label, *_ in OURS))
    median = result["median"]
    print("median: " + "; ".join(f"{label} {median[f'{label}_ratio']}x RLCard" for label, *_ in OURS))
    return 0


if __name__ == "__main__":
    run_tool(main)
