"""Benchmark of the table on its store: many asynchronous games waiting with open deadlines, the
deadline scheduler running, and random moves played in a few of them.

    python -m table.bench [--games 10000] [--actions 2000] [--finished 500] [--players 4] [--db PATH | postgresql://…]
                          [--json]

Prints one JSON line: p50_ms and p99_ms of one action through the table, scheduler_wake_ms (p99 of one
scheduler wake-up while no move is played: find the next due row, claim what is due;
scheduler_wake_busy_ms is the same while moves are played, waiting included), rss_bytes_per_game (resident memory the
waiting games added, after start-up), gc_max_pause_ms (the longest garbage collection while playing),
rss_bytes_per_finished_game and heap_bytes_per_finished_game (resident memory, over the first half of
--finished games, and Python objects, over the second half, that each game loaded and then ended by
its players leaving left behind), and
held (states, deadlines, bot players and locks the table keeps in memory at the end).
Without --db a fresh SQLite file in a temporary folder is used. Games already waiting in the database
count towards --games: a second run on the same database measures a process started on a database
that has settled (a fresh bulk load keeps PostgreSQL's autovacuum and checkpoints busy for a while).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

from engine.core.cli import run_tool
from engine.games import rules_of
from engine.sim import RandomAgent
from table.console import OneLineParser, refuse
from table.errors import TableError, UsageError
from table.scheduler import DeadlineScheduler
from table.service import TableService
from table.stores import database_url, is_postgres, store_for

PLAYED_AT_ONCE = 8          # games that move while the others wait
QUIET_SECONDS = 5.0         # the scheduler running alone after the moves
CREATED_AT_ONCE = 16        # games created side by side while filling the database


def rss_bytes() -> int:
    """Resident memory now (Linux: /proc), else the peak."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * resource.getpagesize()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)] if ordered else 0.0


class GcPauses:
    """The duration of every garbage collection while it is installed."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._began = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._began = time.perf_counter()
        else:
            self.pauses.append(time.perf_counter() - self._began)


async def new_game(service: TableService, number: int, players: int) -> int:
    ids = [f"b{i}" for i in range(players)]
    channel = f"bench-{number}"
    await service.create("bench", channel, ids[0], "B0", pace="async")
    for pid in ids[1:]:
        await service.join("bench", channel, pid, pid.upper())
    return (await service.start("bench", channel, ids[0], seed=number)).game_id


async def play(service: TableService, total: int, players: int, first_number: int) -> list[float]:
    """Random legal moves, one game after another of a few in rotation; a finished game is replaced."""
    rules = rules_of("munchkin")
    agent = RandomAgent(random.Random(1))
    numbers = iter(range(first_number, first_number + 10 * total))
    playing = [await new_game(service, next(numbers), players) for _ in range(PLAYED_AT_ONCE)]
    latencies: list[float] = []
    while len(latencies) < total:
        slot = len(latencies) % len(playing)
        record = await service.store.get_game(playing[slot], with_state=False)
        if record.status != "active":
            playing[slot] = await new_game(service, next(numbers), players)
            continue
        _, state = await service.state_of(record)
        move = agent.choose([m for p in state.players for m in rules.legal_actions(state, p.id)])
        before = time.perf_counter()
        await service.act_in(record.id, move.actor, move)
        latencies.append(time.perf_counter() - before)
    return latencies


async def finish_by_leaving(service: TableService, count: int) -> int:
    """End ``count`` waiting games the way players do: all but one leave (the game is then over)."""
    finished = 0
    for record in (await service.recover())[:count]:
        _, state = await service.state_of(record)       # loaded, as a game in play is
        for player in state.players[1:]:
            await service.act_in(record.id, player.id, {"type": "leave", "actor": player.id})
        finished += 1
    return finished


async def bench(db: str, games: int, total_actions: int, players: int, finished: int = 0) -> dict:
    store = store_for(db)
    await store.open()
    service = TableService(store)
    scheduler = DeadlineScheduler(service, max_sleep=0.05)     # wakes often, so its cost shows
    pauses = GcPauses()
    try:
        gc.collect()
        rss_before = rss_bytes()
        started = time.perf_counter()
        waiting = len(await service.recover())
        numbered = len(await store.games(with_state=False))       # new channels never repeat an old one
        for first in range(numbered, numbered + games - waiting, CREATED_AT_ONCE):
            numbers = range(first, min(first + CREATED_AT_ONCE, numbered + games - waiting))
            await asyncio.gather(*(new_game(service, n, players) for n in numbers))
        populated = time.perf_counter() - started
        games = len(await service.recover())
        gc.collect()
        gc.freeze()                     # what start-up loaded is never collected again
        rss_after = rss_bytes()
        scheduler.start()
        gc.callbacks.append(pauses)
        latencies = await play(service, total_actions, players, numbered + games)
        busy_wakes = len(scheduler.wake_seconds)
        await asyncio.sleep(QUIET_SECONDS)      # the scheduler alone: its own cost per wake-up
        gc.collect()
        rss_played = rss_bytes()
        by_rss = await finish_by_leaving(service, finished // 2)     # tracemalloc's own memory would count
        gc.collect()
        rss_finished = rss_bytes()
        tracemalloc.start()
        heap_played = tracemalloc.get_traced_memory()[0]
        by_heap = await finish_by_leaving(service, finished - by_rss)
        gc.collect()
        heap_finished = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        finished = by_rss + by_heap
        held = service.held()
    finally:
        if pauses in gc.callbacks:
            gc.callbacks.remove(pauses)
        await scheduler.stop()
        await store.close()
    wakes = list(scheduler.wake_seconds)
    quiet, busy = wakes[busy_wakes:], wakes[:busy_wakes]
    return {
        "backend": "postgresql" if is_postgres(db) else "sqlite",
        "games": games,
        "actions": len(latencies),
        "actions_per_second": round(len(latencies) / sum(latencies), 1),
        "p50_ms": round(percentile(latencies, 0.5) * 1000, 3),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 3),
        "scheduler_wakes": len(wakes),
        "scheduler_wake_ms": round(percentile(quiet, 0.99) * 1000, 3),
        "scheduler_wake_busy_ms": round(percentile(busy, 0.99) * 1000, 3),   # includes waiting for actions
        "rss_bytes_per_game": round((rss_after - rss_before) / max(games, 1)),
        "gc_max_pause_ms": round(max(pauses.pauses, default=0.0) * 1000, 3),
        "finished_games": finished,
        "rss_bytes_per_finished_game": round((rss_finished - rss_played) / max(by_rss, 1)),
        "heap_bytes_per_finished_game": round((heap_finished - heap_played) / max(by_heap, 1)),
        "held": held,
        "games_created": max(0, games - waiting),
        "populate_seconds": round(populated, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=parser.number(1), default=1, help="asynchronous games waiting in the database")
    parser.add_argument("--actions", type=parser.number(1), default=2000)
    parser.add_argument("--finished", type=parser.number(), default=500,
                        help="waiting games then ended by their players")
    parser.add_argument("--players", type=parser.number(2, 6), default=4)
    parser.add_argument("--db", default=None, help="SQLite file or postgresql:// URL (default: a fresh file)")
    parser.add_argument("--json", action="store_true", help="print only the JSON line (the default output)")
    parser.add_argument("--lang", default="de", choices=["de", "en"], help="language of the error messages")
    args = parser.parse_args(argv)
    try:
        given = None if args.db is None else database_url(args.db)
    except UsageError as exc:
        return refuse(args.lang, exc)
    with tempfile.TemporaryDirectory() as folder:
        db = given or str(Path(folder) / "bench.db")
        try:
            report = asyncio.run(bench(db, args.games, args.actions, args.players, args.finished))
        except TableError as exc:       # a database that cannot be used: one line
            return refuse(args.lang, exc)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    run_tool(main)
