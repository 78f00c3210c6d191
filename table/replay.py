"""Replays games from their action logs and reports any game whose stored state differs.

    python -m table.replay [--db PATH | --db postgresql://…] [--game ID]

A SQLite file is left as it was (the games are replayed from a copy).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
from pathlib import Path

from engine.core.cli import run_tool
from table.actionlog import RefusedOnReplay, final_state
from table.console import OneLineParser, refuse
from table.errors import TableError, UsageError
from table.sqlite_store import SqliteStore
from table.store import GameRecord, Store
from table.stores import database_url, is_postgres, sqlite_path, store_for


def existing_database(location: str | None) -> str:
    """The address of a database that is there: a tool that reads one must not create it."""
    db = database_url(location)
    if not is_postgres(db) and not sqlite_path(db).exists():
        raise UsageError("no_database", path=db)
    return db


async def replay_game(store: Store, record: GameRecord) -> dict:
    """The stored state must equal the replay of the log from the seed and the seats."""
    report = {"game": record.id, "status": record.status, "version": record.version, "actions": 0, "clean": True}
    if record.state_json is None or record.seed is None:
        report["note"] = "not started"
        return report
    seats = await store.seats(record.id)
    logged = await store.actions(record.id)
    try:
        state = final_state(record, seats, logged)
    except RefusedOnReplay as exc:  # a logged action the engine refuses is exactly what this tool reports
        report.update(clean=False, problem=str(exc))
        return report
    report["actions"] = len(logged)
    if record.version != len(logged) + 1:
        report.update(clean=False, problem=f"version {record.version} but {len(logged)} logged actions")
    elif json.loads(state.model_dump_json()) != json.loads(record.state_json):
        report.update(clean=False, problem="stored state differs from the replay")
    return report


async def replay(db: str | Path, game_id: int | None) -> list[dict]:
    """The reports of the database's games. A SQLite file is replayed from a copy: opening a store
    brings its schema up to date, and a check must leave the file it checks as it was."""
    location = database_url(db)
    if is_postgres(location):
        return await _replay_at(location, game_id)
    with tempfile.TemporaryDirectory(prefix="replay-") as folder:
        copy = Path(folder) / "copy.db"
        await SqliteStore(sqlite_path(location)).copy_to(copy)
        return await _replay_at(str(copy), game_id)


async def _replay_at(db: str, game_id: int | None) -> list[dict]:
    store = store_for(db)
    try:
        await store.open()
        return await replay_store(store, game_id)
    finally:
        await store.close()


async def replay_store(store: Store, game_id: int | None = None) -> list[dict]:
    """Every game (one game at a time: its state is read, replayed and let go)."""
    reports = []
    for listed in await store.games(with_state=False):
        if game_id is None or listed.id == game_id:
            stored = await store.get_game(listed.id)
            reports.append(await replay_game(store, stored or listed))
    return reports


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", default=None, help="file or postgresql:// URL (default: DATABASE_URL, else the "
                        "data folder's file)")
    parser.add_argument("--game", type=parser.number(1), default=None)
    parser.add_argument("--lang", default="de", choices=["de", "en"], help="language of the error messages")
    args = parser.parse_args(argv)
    try:
        db = existing_database(args.db)
        reports = asyncio.run(replay(db, args.game))
    except TableError as exc:      # damaged, another program's, newer, busy: one line, the file untouched
        return refuse(args.lang, exc)
    for report in reports:
        verdict = "clean" if report["clean"] else f"DIFFERS: {report['problem']}"
        print(f"game {report['game']} ({report['status']}, version {report['version']}, "
              f"{report['actions']} actions): {verdict}")
    bad = [r for r in reports if not r["clean"]]
    print(f"{len(reports)} games replayed, {len(reports) - len(bad)} clean, {len(bad)} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    run_tool(main)
