"""Tables never lose a game: a killed process leaves every game at its last committed action,
replaying clean; a restart loads unfinished games and keeps their deadlines. On SQLite and on
PostgreSQL alike."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.games import rules_of
from engine.munchkin import actions as A
from engine.munchkin.rules import new_game
from engine.sim import RandomAgent
from table.errors import StoreError, TableError
from table.replay import replay
from table.service import TableService

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def store(any_store):
    """Every test here runs against both backends."""
    return any_store


async def _logged_actions(backend) -> int:
    """How many actions the other process has committed so far, counted only while one of its games is
    under way (0 while its database is not there yet, or between two games)."""
    try:
        store = await backend.open()
    except StoreError:
        return 0
    try:
        games = await store.games(with_state=False)
        if not any(g.status == "active" and g.version > 1 for g in games):
            return 0
        return sum([len(await store.actions(g.id)) for g in games])
    finally:
        await store.close()


async def _stop_in_a_game(process: subprocess.Popen, backend, deadline: float) -> None:
    """Stops the process (SIGSTOP) at a moment when one of its games is under way, so that the kill
    after it lands in the middle of a game: a game can end, and the next begin, between a look at
    the database and a kill, and a stopped process commits nothing more."""
    while time.monotonic() < deadline:
        process.send_signal(signal.SIGSTOP)
        await asyncio.sleep(0.05)            # (a commit already sent lands before the look)
        if await _game_under_way(backend):
            return
        process.send_signal(signal.SIGCONT)
        await asyncio.sleep(0.02)


async def _game_under_way(backend) -> bool:
    """Whether a game with moves is under way, looked at while the process is stopped. SQLite is read
    without opening a store (which would wait for the write lock the stopped process may hold; in WAL
    mode a reader never waits)."""
    if backend.kind != "sqlite":
        return await _logged_actions(backend) > 0
    with contextlib.closing(sqlite3.connect(f"file:{backend.url}?mode=ro", uri=True)) as db:
        return db.execute("SELECT 1 FROM games WHERE status = 'active' AND version > 1").fetchone() is not None


async def test_sigkill_mid_game_then_restart_replays_clean(backend, clock):
    db = backend.url
    process = subprocess.Popen(
        [sys.executable, "bot.py", "--console", "--auto", "40", "--players", "4", "--seed", "9", "--db", db],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        # some whole games and one under way (PostgreSQL's commits are slower: fewer actions will do)
        wanted = 1500 if backend.kind == "sqlite" else 400
        while await _logged_actions(backend) < wanted and time.monotonic() < deadline:
            await asyncio.sleep(0.2)
        await _stop_in_a_game(process, backend, deadline + 30)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    assert process.returncode == -signal.SIGKILL
    reports = await replay(db, None)
    assert reports and all(r["clean"] for r in reports), reports
    unfinished = [r for r in reports if r["status"] == "active"]
    assert len(unfinished) == 1          # the game that was being played when the process died

    store = await backend.open()
    try:
        service = TableService(store, clock)
        recovered = await service.recover()
        assert [g.id for g in recovered] == [unfinished[0]["game"]]
        record = recovered[0]
        version, state = await service.state_of(record)
        assert version == unfinished[0]["version"]
        rules = rules_of("munchkin")
        agent = RandomAgent(random.Random(1))
        while state.phase != "over":
            move = agent.choose([m for p in state.players for m in rules.legal_actions(state, p.id)])
            state = (await service.act_in(record.id, move.actor, move)).state
    finally:
        await store.close()
    assert all(r["clean"] for r in await replay(db, None))


def _seed_with_monster_first(players: list[tuple[str, str]]) -> int:
    for seed in range(1, 500):
        state, _ = new_game(players, seed=seed, sets=("cthulhu",))
        if state.card(state.door_deck[-1]).kind == "monster":
            return seed
    raise AssertionError("no seed")


PLAYERS = [("anna", "Anna"), ("ben", "Ben"), ("cleo", "Cleo")]


async def _combat_game(service: TableService):
    seed = _seed_with_monster_first(PLAYERS)
    await service.create("g", "c1", "anna", "Anna")
    for pid, name in PLAYERS[1:]:
        await service.join("g", "c1", pid, name)
    started = await service.start("g", "c1", "anna", seed=seed)
    active = started.state.active_player.id
    return await service.act("g", "c1", active, A.KickDoor(actor=active))


async def test_reaction_window_closes_at_its_deadline(service, clock):
    kicked = await _combat_game(service)
    assert kicked.state.combat is not None
    assert await service.fire_due() == []
    clock.advance(44)
    assert await service.fire_due() == []
    clock.advance(2)
    fired = await service.fire_due()
    assert any(e.kind == "window_timed_out" for r in fired for e in r.events)


async def test_deadlines_survive_a_restart(backend, clock):
    store = await backend.open()
    kicked = await _combat_game(TableService(store, clock))
    await store.close()                        # the bot stops between scheduling and firing
    clock.advance(3600)
    store = await backend.open()
    try:
        service = TableService(store, clock)
        await service.recover()
        assert await service.next_deadline() is not None
        fired = await service.fire_due()
        assert any(e.kind == "window_timed_out" for r in fired for e in r.events)
        assert fired[0].version == kicked.version + 1
    finally:
        await store.close()


async def test_a_decision_takes_its_default_at_the_deadline(service, clock):
    kicked = await _combat_game(service)
    helper = next(p.id for p in kicked.state.players if p.id != kicked.state.combat.fighter)
    asked = await service.act("g", "c1", kicked.state.combat.fighter,
                              A.AskHelp(actor=kicked.state.combat.fighter, helper=helper))
    decision = asked.state.decisions[0]
    clock.advance(130)           # decisions wait 120 s at live pace; the window had 45 s but a decision blocks it
    fired = await service.fire_due()
    timed_out = [e for r in fired for e in r.events if e.kind == "decision_timed_out"]
    assert timed_out and timed_out[0].params["decision"] == decision.id and timed_out[0].params["option"] == "decline"
    state = fired[-1].state
    assert state.combat is None or state.combat.helper is None


def test_console_auto_then_replay_reports_clean(backend):
    env = {**os.environ, "DATABASE_URL": backend.url}
    run = subprocess.run([sys.executable, "bot.py", "--console", "--auto", "2", "--players", "3", "--seed", "5"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("Sieger") == 2
    check = subprocess.run([sys.executable, "-m", "table.replay"], cwd=ROOT, env=env, capture_output=True,
                           text=True, timeout=300)
    assert check.returncode == 0 and "2 clean, 0 differ" in check.stdout


async def test_scheduler_task_fires_a_passed_deadline(service, clock):
    from table.scheduler import DeadlineScheduler

    kicked = await _combat_game(service)
    scheduler = DeadlineScheduler(service, max_sleep=0.05)
    clock.advance(3600)
    scheduler.start()
    try:
        for _ in range(100):
            await asyncio.sleep(0.02)
            record = await service.store.get_game(kicked.game_id)
            if record.version > kicked.version:
                break
    finally:
        await scheduler.stop()
    assert record.version > kicked.version
    assert any("window" in a.action_json for a in await service.store.actions(kicked.game_id))


async def test_turn_timer_moves_an_idle_turn_on(service, clock):
    """Asynchronous pace: when the turn timer runs out, the least harmful steps finish the turn."""
    await service.create("g", "c9", "anna", "Anna", pace="async")
    for pid, name in PLAYERS[1:]:
        await service.join("g", "c9", pid, name)
    started = await service.start("g", "c9", "anna", seed=3)
    idle = started.state.active_player.id
    clock.advance(23 * 3600)
    assert await service.fire_due() == []
    clock.advance(2 * 3600)
    fired = await service.fire_due()
    kinds = [e.kind for r in fired for e in r.events]
    assert "turn_timed_out" in kinds
    _, state = await service.seated("g", "c9")
    assert state.active_player.id != idle or state.phase == "over"


async def test_host_changes_the_pace(service):
    await seated_game_for_pace(service)
    with pytest.raises(TableError):
        await service.set_pace("g", "c8", "ben", "async")
    record = await service.set_pace("g", "c8", "anna", "async")
    assert record.pace == "async"


async def seated_game_for_pace(service):
    await service.create("g", "c8", "anna", "Anna")
    await service.join("g", "c8", "ben", "Ben")
    return await service.start("g", "c8", "anna", seed=1)


async def test_migrate_moves_every_game_to_the_other_backend_and_replays_it(backend, tmp_path, clock):
    """SQLite to PostgreSQL (and back): games in every state, their logs, deadlines and banks arrive;
    the target replays clean and goes on where the source stopped."""
    from table.migrate import migrate
    from table.stores import store_for

    source_url = str(tmp_path / "old.db") if backend.kind == "postgresql" else None
    if source_url is None:                      # the other way round: from PostgreSQL into a SQLite file
        source_url, target_url = backend.url, str(tmp_path / "new.db")
    else:
        target_url = backend.url
    source = store_for(source_url)
    await source.open()
    service = TableService(source, clock)
    kicked = await _combat_game(service)
    await service.create("g", "lobby", "anna", "Anna")
    await seated_game_for_pace(service)
    expected = {g.id: (g.status, g.version) for g in await source.games()}
    deadlines = await source.deadlines()
    await source.save_language_choice("user", "anna", "en")
    await source.save_language_choice("guild", "g", "de")
    await source.close()

    copied, reports = await migrate(source_url, target_url)
    assert copied == 3 and all(r["clean"] for r in reports) and len(reports) == 3
    target = store_for(target_url)
    await target.open()
    try:
        assert {g.id: (g.status, g.version) for g in await target.games()} == expected
        assert sorted((d.game_id, d.target, d.due_at) for d in await target.deadlines()) == sorted(
            (d.game_id, d.target, d.due_at) for d in deadlines)
        moved = TableService(target, clock)
        clock.advance(3600)
        fired = await moved.fire_due()
        assert any(r.game_id == kicked.game_id for r in fired)
        fresh = await moved.create("g", "elsewhere", "ben", "Ben")      # new ids follow the copied ones
        assert fresh.id > max(expected)
        assert await target.language_rows() == [{"scope": "guild", "owner_id": "g", "language": "de"},
                                                {"scope": "user", "owner_id": "anna", "language": "en"}]
    finally:
        await target.close()


class _CountingStore:
    """The store, counting which of its methods are called."""

    def __init__(self, store) -> None:
        self._store = store
        self.calls: list[str] = []

    def __getattr__(self, name):
        method = getattr(self._store, name)

        async def counted(*args, **kwargs):
            self.calls.append(name)
            return await method(*args, **kwargs)

        return counted


async def _async_table(service: TableService, channel: str):
    await service.create("g", channel, "anna", "Anna", pace="async")
    for pid, name in PLAYERS[1:]:
        await service.join("g", channel, pid, name)
    return await service.start("g", channel, "anna", seed=3)


async def test_the_scheduler_asks_one_indexed_question_however_many_games_wait(service, clock):
    """Nothing due: a wake-up is one query for the earliest due row, whatever the number of games."""
    from table.scheduler import DeadlineScheduler

    for number in range(6):
        await _async_table(service, f"w{number}")
    counting = _CountingStore(service.store)
    service.store = counting
    scheduler = DeadlineScheduler(service, max_sleep=0.01)
    scheduler.start()
    await asyncio.sleep(0.1)
    await scheduler.stop()
    assert len(counting.calls) >= 3 and set(counting.calls) == {"next_due"}


async def test_the_scheduler_wakes_only_for_an_earlier_deadline(service, clock):
    from table.scheduler import DeadlineScheduler

    await _async_table(service, "a1")                         # the first reminder is 12 hours away
    scheduler = DeadlineScheduler(service, max_sleep=24 * 3600)
    scheduler.start()
    try:
        await _waits_for(lambda: scheduler.wake_seconds)       # asleep until the first deadline
        wakes = len(scheduler.wake_seconds)
        await _async_table(service, "a2")                     # due no sooner: it sleeps on
        await asyncio.sleep(0.05)
        assert len(scheduler.wake_seconds) == wakes
        kicked = await _combat_game(service)                  # a 45-second reaction window: sooner
        await _waits_for(lambda: len(scheduler.wake_seconds) > wakes)
        assert len(scheduler.wake_seconds) == wakes + 1
        assert kicked.state.combat is not None
    finally:
        await scheduler.stop()


async def _waits_for(condition, seconds: float = 5.0) -> None:
    """Until the condition holds (a loaded machine may take longer than a moment), at most ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not condition() and loop.time() < deadline:
        await asyncio.sleep(0.01)
