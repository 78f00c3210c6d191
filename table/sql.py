"""SQL both stores share: the game columns, how a row becomes a record, the statements that replace a
game's deadlines and time banks, and the PostgreSQL spelling of the SQLite migrations.

Statements are written once with ``?`` placeholders (SQLite's); ``numbered`` turns them into
PostgreSQL's ``$1, $2, …``.
"""

from __future__ import annotations

import json
import re
from typing import Any

from table.store import (
    BOT_LEVELS,
    Commit,
    Deadline,
    GameRecord,
    LoggedAction,
    PlayerClock,
    Preferences,
    PrivateMessage,
    Seat,
    Spectator,
    Standing,
    Substitute,
    bot_code,
)

GAME_COLUMNS = ("id, guild_id, channel_id, kind, sets, options, status, host_id, seed, state, version, pace, "
                "created_at, updated_at, language")
Statement = tuple[str, tuple]
CLAIM_LEASE = 300.0      # seconds a claimed deadline stays with the process that claimed it
BATCH = 50               # due rows claimed at once


def game_columns(with_state: bool) -> str:
    return GAME_COLUMNS if with_state else GAME_COLUMNS.replace(" state,", " NULL,")


def record(row: Any) -> GameRecord:
    return GameRecord(
        id=row[0], guild_id=row[1], channel_id=row[2], kind=row[3], sets=json.loads(row[4]),
        options=json.loads(row[5]), status=row[6], host_id=row[7], seed=row[8], state_json=row[9],
        version=row[10], pace=row[11], created_at=row[12], updated_at=row[13], language=row[14],
    )


def clock_statements(game_id: int, clocks: list[PlayerClock]) -> list[Statement]:
    return [("INSERT INTO player_clocks (game_id, user_id, bank, started, paused) VALUES (?, ?, ?, ?, ?) "
             "ON CONFLICT (game_id, user_id) DO UPDATE SET bank = excluded.bank, started = excluded.started, "
             "paused = excluded.paused", (game_id, c.user_id, c.bank, c.started, c.paused)) for c in clocks]


def deadline_statements(game_id: int, version: int, deadlines: dict[str, float],
                        reminders: dict[str, float] | None = None) -> list[Statement]:
    """Keep the deadlines still open (their time and reminder do not restart), add new ones, drop the
    rest. A kept deadline is free to be claimed again: the action that kept it was its firing."""
    keep = list(deadlines)
    others = f" AND target NOT IN ({', '.join('?' for _ in keep)})" if keep else ""   # PostgreSQL has no "IN ()"
    statements: list[Statement] = [(f"DELETE FROM deadlines WHERE game_id = ?{others}", (game_id, *keep))]
    for target, due_at in deadlines.items():
        statements.append((
            "INSERT INTO deadlines (game_id, target, due_at, version, remind_at) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (game_id, target) DO UPDATE SET version = excluded.version, claimed_until = NULL",
            (game_id, target, due_at, version, (reminders or {}).get(target)),
        ))
    return statements


def start_statements(game_id: int, seed: int, state_json: str, deadlines: dict[str, float], now: float,
                     clocks: list[PlayerClock], reminders: dict[str, float] | None) -> list[Statement]:
    return [
        ("UPDATE games SET status = 'active', seed = ?, state = ?, version = 1, updated_at = ? "
         "WHERE id = ? AND status = 'lobby'", (seed, state_json, now, game_id)),
        *deadline_statements(game_id, 1, deadlines, reminders),
        *clock_statements(game_id, clocks),
    ]


def status_statements(game_id: int, status: str, now: float) -> list[Statement]:
    """A finished or ended game's deadlines go with it."""
    statements: list[Statement] = [("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, game_id))]
    if status in ("finished", "ended"):
        statements.append(("DELETE FROM deadlines WHERE game_id = ?", (game_id,)))
    return statements


def action_statements(commit: Commit, seq: int) -> list[Statement]:
    """The log line of one commit; an undo also marks the move it takes back; a timeout marks the seats
    that missed its deadline, a player's own move clears their mark; a game's end marks its winners'
    seats."""
    statements: list[Statement] = [(
        "INSERT INTO actions (game_id, seq, actor, action, at, undo_of) VALUES (?, ?, ?, ?, ?, ?)",
        (commit.game_id, seq, commit.actor, commit.action_json, commit.now, commit.undoes))]
    if commit.undoes is not None:
        statements.append(("UPDATE actions SET undone = 1 WHERE game_id = ? AND seq = ?",
                           (commit.game_id, commit.undoes)))
    if commit.missed:
        statements.append((f"UPDATE seats SET missed_at = ? WHERE game_id = ? AND user_id IN "
                           f"({', '.join('?' for _ in commit.missed)})", (commit.now, commit.game_id, *commit.missed)))
    if commit.present is not None:
        statements.append(("UPDATE seats SET missed_at = NULL WHERE game_id = ? AND user_id = ? "
                           "AND missed_at IS NOT NULL", (commit.game_id, commit.present)))
    if commit.status == "finished" and commit.winners:
        statements.append((f"UPDATE seats SET won = 1 WHERE game_id = ? AND user_id IN "
                           f"({', '.join('?' for _ in commit.winners)})", (commit.game_id, *commit.winners)))
    return statements


def games_of_query(user_id: str, statuses: tuple[str, ...]) -> Statement:
    columns = ", ".join(f"g.{c}" for c in game_columns(False).split(", ")).replace("g.NULL", "NULL")
    return (f"SELECT {columns} FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? "
            f"AND g.status IN ({', '.join('?' for _ in statuses)}) ORDER BY g.id", (user_id, *statuses))


def deadlines_query(game_id: int | None) -> Statement:
    """One game's open deadlines, or every game's (the earliest first)."""
    where, params = (" WHERE game_id = ?", (game_id,)) if game_id is not None else ("", ())
    return f"SELECT game_id, target, due_at, version FROM deadlines{where} ORDER BY due_at, game_id, target", params


def seat_insert(game_id: int, user_id: str, name: str, now: float, sex: str = "male") -> Statement:
    return ("INSERT INTO seats (game_id, user_id, name, seat, joined_at, sex) VALUES "
            "(?, ?, ?, (SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE game_id = ?), ?, ?)",
            (game_id, user_id, name, game_id, now, sex))


def private_message_upsert(message: PrivateMessage) -> Statement:
    return (
        "INSERT INTO private_messages (game_id, user_id, channel_id, message_id, digest, closed) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, user_id) DO UPDATE SET channel_id = excluded.channel_id, "
        "message_id = excluded.message_id, digest = excluded.digest, closed = excluded.closed",
        (message.game_id, message.user_id, message.channel_id, message.message_id, message.digest, message.closed),
    )


def preferences_upsert(preferences: Preferences) -> Statement:
    return (
        "INSERT INTO preferences (game_id, user_id, auto_pass, away_until, reminders) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, user_id) DO UPDATE SET auto_pass = excluded.auto_pass, "
        "away_until = excluded.away_until, reminders = excluded.reminders",
        (preferences.game_id, preferences.user_id, int(preferences.auto_pass), preferences.away_until,
         preferences.reminders),
    )


def language_upsert(scope: str, owner_id: str, language: str) -> Statement:
    return ("INSERT INTO language_choices (scope, owner_id, language) VALUES (?, ?, ?) "
            "ON CONFLICT (scope, owner_id) DO UPDATE SET language = excluded.language", (scope, owner_id, language))


def substitute_upsert(substitute: Substitute) -> Statement:
    return (
        "INSERT INTO substitutes (game_id, user_id, name, player_id, approved) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, user_id) DO UPDATE SET name = excluded.name, player_id = excluded.player_id, "
        "approved = excluded.approved",
        (substitute.game_id, substitute.user_id, substitute.name, substitute.player_id, int(substitute.approved)),
    )


# the earliest moment any row needs the scheduler: an unclaimed deadline, a lapsed claim, an unsent reminder
NEXT_DUE = (
    "SELECT MIN(t) FROM ("
    " SELECT MIN(due_at) AS t FROM deadlines WHERE claimed_until IS NULL"
    " UNION ALL SELECT MIN(claimed_until) FROM deadlines WHERE claimed_until IS NOT NULL"
    " UNION ALL SELECT MIN(remind_at) FROM deadlines WHERE reminded = 0 AND remind_at IS NOT NULL"
    ") AS due"
)
DUE_DEADLINES = ("SELECT game_id, target FROM deadlines WHERE due_at <= ? "
                 "AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at LIMIT ?")
DUE_REMINDERS = ("SELECT game_id, target FROM deadlines WHERE reminded = 0 AND remind_at IS NOT NULL "
                 "AND remind_at <= ? ORDER BY remind_at LIMIT ?")
CLAIM_DEADLINES = ("UPDATE deadlines SET claimed_until = ? WHERE (game_id, target) IN ({due}) "
                   "RETURNING game_id, target, due_at, version")
CLAIM_REMINDERS = ("UPDATE deadlines SET reminded = 1 WHERE (game_id, target) IN ({due}) "
                   "RETURNING game_id, target, due_at")


def numbered(sql: str) -> str:
    """SQLite's ``?`` placeholders as PostgreSQL's ``$n``."""
    count = 0

    def next_number(_: re.Match) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", next_number, sql)


def postgres_migration(sql: str) -> str:
    """One SQLite migration in PostgreSQL's words: 64-bit integers (seeds exceed 32 bits), doubles for
    times, an identity column for game ids, and a JSON list's elements as text (each called ``value``
    in both)."""
    sql = re.sub(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY", sql)
    sql = re.sub(r"\bjson_each\((\w+\.\w+), '\$\.(\w+)'\)", r"jsonb_array_elements_text(\1::jsonb -> '\2')", sql)
    sql = re.sub(r"\bINTEGER\b", "BIGINT", sql)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql)


class SharedSQL:
    """The plain reads and writes both stores make with the same SQL and the same rows:
    each store only says how it fetches the rows of one statement (``_fetch``) and how it writes
    statements in one transaction (``_write``)."""

    async def _fetch(self, statement: Statement) -> list[Any]:
        raise NotImplementedError

    async def ping(self) -> None:
        """One round trip to the database (the readiness check)."""
        await self._fetch(("SELECT 1", ()))

    async def seats(self, game_id: int) -> list[Seat]:
        rows = await self._fetch(("SELECT user_id, name, seat, bot, sex, missed_at FROM seats WHERE game_id = ? "
                                  "ORDER BY seat", (game_id,)))
        return [Seat(user_id=r[0], name=r[1], seat=r[2], bot=bool(r[3]), sex=r[4], bot_level=BOT_LEVELS.get(r[3]),
                     missed_at=r[5]) for r in rows]

    async def clocks(self, game_id: int) -> dict[str, PlayerClock]:
        rows = await self._fetch(("SELECT user_id, bank, started, paused FROM player_clocks WHERE game_id = ?",
                                  (game_id,)))
        return {r[0]: PlayerClock(r[0], r[1], r[2], r[3]) for r in rows}

    async def actions(self, game_id: int) -> list[LoggedAction]:
        rows = await self._fetch(("SELECT seq, actor, action, at, undone, undo_of FROM actions WHERE game_id = ? "
                                  "ORDER BY seq", (game_id,)))
        return [LoggedAction(seq=r[0], actor=r[1], action_json=r[2], at=r[3], undone=bool(r[4]), undo_of=r[5])
                for r in rows]

    async def last_game_in_channel(self, guild_id: str, channel_id: str) -> GameRecord | None:
        rows = await self._fetch((f"SELECT {game_columns(False)} FROM games WHERE guild_id = ? AND channel_id = ? "
                                  "ORDER BY id DESC LIMIT 1", (guild_id, channel_id)))
        return record(rows[0]) if rows else None

    async def standings(self, guild_id: str, limit: int) -> list[Standing]:
        """The server's finished games through the (guild_id, status) index, their seats by primary key."""
        rows = await self._fetch((
            "SELECT s.user_id, MAX(s.name), COUNT(*), SUM(s.won) FROM games g JOIN seats s ON s.game_id = g.id "
            "WHERE g.guild_id = ? AND g.status = 'finished' GROUP BY s.user_id "
            "ORDER BY SUM(s.won) DESC, COUNT(*) DESC, s.user_id LIMIT ?", (guild_id, limit)))
        return [Standing(r[0], r[1], int(r[2]), int(r[3] or 0)) for r in rows]

    async def deadlines(self, game_id: int | None = None) -> list[Deadline]:
        rows = await self._fetch(deadlines_query(game_id))
        return [Deadline(game_id=r[0], target=r[1], due_at=r[2], version=r[3]) for r in rows]

    async def private_message(self, game_id: int, user_id: str) -> PrivateMessage:
        rows = await self._fetch(("SELECT channel_id, message_id, digest, closed FROM private_messages "
                                  "WHERE game_id = ? AND user_id = ?", (game_id, user_id)))
        if not rows:
            return PrivateMessage(game_id=game_id, user_id=user_id)
        row = rows[0]
        return PrivateMessage(game_id, user_id, row[0], row[1], row[2], row[3])

    async def preferences(self, game_id: int) -> dict[str, Preferences]:
        rows = await self._fetch(("SELECT user_id, auto_pass, away_until, reminders FROM preferences "
                                  "WHERE game_id = ?", (game_id,)))
        return {r[0]: Preferences(game_id, r[0], bool(r[1]), r[2], r[3]) for r in rows}

    async def language_choice(self, scope: str, owner_id: str) -> str | None:
        rows = await self._fetch(("SELECT language FROM language_choices WHERE scope = ? AND owner_id = ?",
                                  (scope, owner_id)))
        return rows[0][0] if rows else None

    async def language_rows(self) -> list[dict[str, Any]]:
        rows = await self._fetch(("SELECT scope, owner_id, language FROM language_choices "
                                  "ORDER BY scope, owner_id", ()))
        return [{"scope": r[0], "owner_id": r[1], "language": r[2]} for r in rows]

    async def reminders_sent(self, game_id: int) -> set[tuple[str, str]]:
        rows = await self._fetch(("SELECT target, user_id FROM reminders_sent WHERE game_id = ?", (game_id,)))
        return {(r[0], r[1]) for r in rows}

    async def substitutes(self, game_id: int) -> list[Substitute]:
        rows = await self._fetch(("SELECT user_id, name, player_id, approved FROM substitutes WHERE game_id = ?",
                                  (game_id,)))
        return [Substitute(game_id, r[0], r[1], r[2], bool(r[3])) for r in rows]

    async def spectators(self, game_id: int) -> list[Spectator]:
        rows = await self._fetch(("SELECT user_id, name FROM spectators WHERE game_id = ? ORDER BY user_id",
                                  (game_id,)))
        return [Spectator(r[0], r[1]) for r in rows]

    async def _write(self, statements: list[Statement]) -> None:
        raise NotImplementedError

    # ---- the plain writes: one transaction of statements both databases take alike
    async def set_seat_bot(self, game_id: int, user_id: str, name: str, bot: bool, level: str = "leicht") -> None:
        await self._write([("UPDATE seats SET bot = ?, name = ? WHERE game_id = ? AND user_id = ?",
                            (bot_code(bot, level), name, game_id, user_id))])

    async def remove_seat(self, game_id: int, user_id: str) -> None:
        await self._write([("DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))])

    async def start_game(self, game_id: int, seed: int, state_json: str, deadlines: dict[str, float],
                         now: float, clocks: list[PlayerClock] = (),
                         reminders: dict[str, float] | None = None) -> int:
        await self._write(start_statements(game_id, seed, state_json, deadlines, now, list(clocks), reminders))
        return 1

    async def set_status(self, game_id: int, status: str, now: float) -> None:
        await self._write(status_statements(game_id, status, now))

    async def save_private_message(self, message: PrivateMessage) -> None:
        await self._write([private_message_upsert(message)])

    async def save_preferences(self, preferences: Preferences) -> None:
        await self._write([preferences_upsert(preferences)])

    async def save_language_choice(self, scope: str, owner_id: str, language: str) -> None:
        await self._write([language_upsert(scope, owner_id, language)])

    async def save_substitute(self, substitute: Substitute) -> None:
        await self._write([substitute_upsert(substitute)])

    async def remove_substitute(self, game_id: int, user_id: str) -> None:
        await self._write([("DELETE FROM substitutes WHERE game_id = ? AND user_id = ?", (game_id, user_id))])

    async def watch(self, game_id: int, user_id: str, name: str, watching: bool) -> None:
        if watching:
            await self._write([("INSERT INTO spectators (game_id, user_id, name) VALUES (?, ?, ?) "
                                "ON CONFLICT (game_id, user_id) DO NOTHING", (game_id, user_id, name))])
        else:
            await self._write([("DELETE FROM spectators WHERE game_id = ? AND user_id = ?", (game_id, user_id))])
