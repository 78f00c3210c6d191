"""Replays games from their action logs and reports any game whose stored state differs.

    python -m table.replay --db PATH [--game ID]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from engine.games import rules_of
from table.config import default_db_path
from table.sqlite_store import SqliteStore
from table.store import GameRecord, Store


async def replay_game(store: Store, record: GameRecord) -> dict:
    """The stored state must equal the replay of the log from the seed and the seats."""
    report = {"game": record.id, "status": record.status, "version": record.version, "actions": 0, "clean": True}
    if record.state_json is None or record.seed is None:
        report["note"] = "not started"
        return report
    rules = rules_of(record.kind)
    seats = await store.seats(record.id)
    state, _ = rules.new_game([(s.user_id, s.name) for s in seats], seed=record.seed, sets=record.sets,
                              options=rules.options_model.model_validate(record.options),
                              sexes={s.user_id: s.sex for s in seats})
    logged = await store.actions(record.id)
    for entry in logged:
        try:
            state, _ = rules.apply(state, rules.parse_action(entry.action_json))
        except Exception as exc:  # a logged action the engine refuses is exactly what this tool reports
            report.update(clean=False, problem=f"action {entry.seq} refused on replay: {exc}")
            return report
    report["actions"] = len(logged)
    if record.version != len(logged) + 1:
        report.update(clean=False, problem=f"version {record.version} but {len(logged)} logged actions")
    elif json.loads(state.model_dump_json()) != json.loads(record.state_json):
        report.update(clean=False, problem="stored state differs from the replay")
    return report


async def replay(db: Path, game_id: int | None) -> list[dict]:
    store = SqliteStore(db)
    await store.open()
    try:
        games = await store.games()
        if game_id is not None:
            games = [g for g in games if g.id == game_id]
        return [await replay_game(store, g) for g in games]
    finally:
        await store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", type=Path, default=None)
    parser.add_argument("--game", type=int, default=None)
    args = parser.parse_args(argv)
    db = args.db or default_db_path()
    if not db.exists():
        print(f"no database at {db}", file=sys.stderr)
        return 2
    reports = asyncio.run(replay(db, args.game))
    for report in reports:
        verdict = "clean" if report["clean"] else f"DIFFERS: {report['problem']}"
        print(f"game {report['game']} ({report['status']}, version {report['version']}, "
              f"{report['actions']} actions): {verdict}")
    bad = [r for r in reports if not r["clean"]]
    print(f"{len(reports)} games replayed, {len(reports) - len(bad)} clean, {len(bad)} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
