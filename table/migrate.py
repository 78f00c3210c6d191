"""Moves every game to another database (e.g. from SQLite to PostgreSQL when one process is no longer
enough), then replays each game on the target to prove the copy.

    python -m table.migrate --from sqlite:///var/spielleiter.db --to postgresql://user@host/spielleiter

Games, seats, action logs, deadlines, reminders, time banks, preferences, private messages and
stand-ins are copied with their ids, a few games at a time, and the users' and servers' languages.
The target must hold no games yet. Stop the bot while it runs. Exit code 0 when every game replays clean on the target.
"""

from __future__ import annotations

import argparse
import asyncio

from engine.core.cli import run_tool
from table.console import OneLineParser, refuse
from table.errors import TableError, UsageError
from table.replay import existing_database, replay_store
from table.store import COPIED_TABLES, Store
from table.stores import database_url, redacted, store_for

GAMES_AT_ONCE = 200


async def copy_games(source: Store, target: Store) -> int:
    ids = [g.id for g in await source.games(with_state=False)]
    for start in range(0, len(ids), GAMES_AT_ONCE):
        first, last = ids[start], ids[min(start + GAMES_AT_ONCE, len(ids)) - 1]
        for table in COPIED_TABLES:
            rows = await source.table_rows(table, first, last)
            if table == "deadlines":
                for row in rows:
                    row["claimed_until"] = None       # no process of the old database holds them any more
            await target.insert_rows(table, rows)
    await target.insert_rows("language_choices", await source.language_rows())   # belong to users, not games
    return len(ids)


async def migrate(source_url: str, target_url: str) -> tuple[int, list[dict]]:
    target_url = database_url(target_url)
    source, target = store_for(existing_database(source_url)), store_for(target_url)
    await source.open()
    try:
        await target.open()
        try:
            if await target.games(with_state=False):
                raise UsageError("migrate_not_empty", path=redacted(target_url))
            copied = await copy_games(source, target)
            return copied, await replay_store(target)
        finally:
            await target.close()
    finally:
        await source.close()


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="source", required=True, help="sqlite:///path, a path or postgresql://…")
    parser.add_argument("--to", dest="target", required=True, help="sqlite:///path, a path or postgresql://…")
    parser.add_argument("--lang", default="de", choices=["de", "en"], help="language of the error messages")
    args = parser.parse_args(argv)
    try:
        copied, reports = asyncio.run(migrate(args.source, args.target))
    except TableError as exc:      # an address, a database missing, damaged or not empty: one line, in words
        return refuse(args.lang, exc)
    bad = [r for r in reports if not r["clean"]]
    for report in bad:
        print(f"game {report['game']}: DIFFERS: {report['problem']}")
    print(f"{copied} games copied, {len(reports) - len(bad)} replay clean on the target, {len(bad)} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    run_tool(main)
