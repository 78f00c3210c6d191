"""Benchmark of the table with SQLite on disk: actions per second, p50/p99 latency of one action,
and the memory one loaded game takes.

    python -m table.bench [--actions 2000] [--players 4] [--db PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from engine.games import rules_of
from engine.munchkin.state import GameState
from engine.sim import RandomAgent
from table.service import TableService
from table.sqlite_store import SqliteStore


async def _new_game(service: TableService, channel: str, players: int, seed: int) -> tuple[int, GameState]:
    ids = [f"b{i}" for i in range(players)]
    await service.create("bench", channel, ids[0], "B0")
    for pid in ids[1:]:
        await service.join("bench", channel, pid, pid.upper())
    result = await service.start("bench", channel, ids[0], seed=seed)
    return result.game_id, result.state


async def bench(db: Path, total_actions: int, players: int) -> dict:
    store = SqliteStore(db)
    await store.open()
    service = TableService(store)
    rules = rules_of("munchkin")
    latencies: list[float] = []
    agent = RandomAgent(random.Random(1))
    games = 0
    started = time.perf_counter()
    try:
        while len(latencies) < total_actions:
            games += 1
            game_id, state = await _new_game(service, f"bench-{games}-{time.time_ns()}", players, games)
            while state.phase != "over" and len(latencies) < total_actions:
                move = agent.choose([m for p in state.players for m in rules.legal_actions(state, p.id)])
                before = time.perf_counter()
                result = await service.act_in(game_id, move.actor, move)
                latencies.append(time.perf_counter() - before)
                state = result.state
        elapsed = time.perf_counter() - started
        state_json = state.model_dump_json()
        tracemalloc.start()
        snapshot_before = tracemalloc.take_snapshot()
        loaded = GameState.model_validate_json(state_json)
        snapshot_after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        memory = sum(s.size_diff for s in snapshot_after.compare_to(snapshot_before, "filename"))
        del loaded
    finally:
        await store.close()
    latencies.sort()
    return {
        "actions": len(latencies),
        "games": games,
        "actions_per_second": round(len(latencies) / sum(latencies), 1),
        "wall_actions_per_second": round(len(latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies) * 1000, 3),
        "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 3),
        "state_json_bytes": len(state_json),
        "memory_per_loaded_game_bytes": memory,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--db", type=Path, default=None, help="default: a fresh file in a temporary folder")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        db = args.db or Path(folder) / "bench.db"
        report = asyncio.run(bench(db, args.actions, args.players))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
