"""Backups (issue #39): `python -m table.backup --to FILE` copies a running SQLite store consistently;
the copy restored in place of the store replays clean and its games go on. A mistake is one line,
and nothing is overwritten or left half written."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path

from engine.games import rules_of
from engine.sim import RandomAgent
from table.backup import backup
from table.replay import replay
from table.service import TableService
from table.sqlite_store import SqliteStore
from tests.conftest import seated_game

ROOT = Path(__file__).resolve().parents[1]


async def _play(service: TableService, game_id: int, moves: int, seed: int) -> int:
    """Random legal moves of the game's players; the number made."""
    rules, agent = rules_of("munchkin"), RandomAgent(random.Random(seed))
    made = 0
    for _ in range(moves):
        record = await service.store.get_game(game_id, with_state=False)
        _, state = await service.state_of(record)
        if state.phase == "over":
            break
        move = agent.choose([m for p in state.players for m in rules.legal_actions(state, p.id)])
        await service.act_in(game_id, move.actor, move)
        made += 1
        await asyncio.sleep(0)          # let a backup running beside the table take its turns
    return made


async def test_a_backup_taken_while_a_game_is_played_restores_and_replays_clean(tmp_path, clock):
    source = tmp_path / "live.db"
    store = SqliteStore(source)
    await store.open()
    try:
        service = TableService(store, clock)
        started = await seated_game(service)
        await _play(service, started.game_id, 30, seed=1)
        target = tmp_path / "saved" / "backup.db"         # a folder that does not exist yet is made
        playing = asyncio.create_task(_play(service, started.game_id, 60, seed=2))
        games = await backup(source, target)              # while the table goes on writing
        await playing
    finally:
        await store.close()
    assert games == 1
    assert [r["clean"] for r in await replay(target, None)] == [True]
    assert not list(target.parent.glob("*.part"))

    restored = SqliteStore(target)                         # the copy put back in place of the store
    await restored.open()
    try:
        service = TableService(restored, clock)
        recovered = await service.recover()
        assert [g.id for g in recovered] == [started.game_id]
        before = recovered[0].version
        assert await _play(service, started.game_id, 10, seed=3) > 0
        assert (await restored.get_game(started.game_id, with_state=False)).version > before
    finally:
        await restored.close()
    assert [r["clean"] for r in await replay(target, None)] == [True]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "table.backup", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


async def test_the_command_line_backs_up_and_refuses_to_overwrite_in_one_line(tmp_path, clock):
    source = tmp_path / "live.db"
    store = SqliteStore(source)
    await store.open()
    try:
        await seated_game(TableService(store, clock))
        target = tmp_path / "copy.db"
        done = _run("--db", str(source), "--to", str(target), "--lang", "en")
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("1 games backed up to") and target.is_file()

        kept = target.read_bytes()
        again = _run("--db", str(source), "--to", str(target))
        assert again.returncode == 2 and "überschreibt nichts" in again.stderr
        assert again.stderr.count("\n") == 1 and "Traceback" not in again.stderr
        assert target.read_bytes() == kept
    finally:
        await store.close()


def test_a_missing_store_or_a_postgresql_address_is_one_line(tmp_path):
    missing = _run("--db", str(tmp_path / "none.db"), "--to", str(tmp_path / "b.db"), "--lang", "en")
    assert missing.returncode == 2 and missing.stderr.startswith("There is no database at")
    assert not (tmp_path / "none.db").exists() and not (tmp_path / "b.db").exists()
    postgres = _run("--db", "postgresql://user@localhost/db", "--to", str(tmp_path / "b.db"), "--lang", "en")
    assert postgres.returncode == 2 and "pg_dump" in postgres.stderr and postgres.stderr.count("\n") == 1
