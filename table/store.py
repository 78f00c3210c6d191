"""The store behind the table: what any database must offer. SQLite is the default
(``table.sqlite_store``); a PostgreSQL store implements the same interface."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any


@dataclass
class GameRecord:
    id: int
    guild_id: str
    channel_id: str
    kind: str
    sets: list[str]
    options: dict[str, Any]
    status: str
    host_id: str
    seed: int | None
    state_json: str | None
    version: int
    pace: str
    created_at: float
    updated_at: float
    language: str | None = None     # what the game says in its channel; None: its server's choice

    @property
    def is_open(self) -> bool:
        return self.status in ("lobby", "active")


@dataclass
class Seat:
    user_id: str
    name: str
    seat: int
    bot: bool = False
    bot_level: str | None = None     # the bot's strength (leicht, mittel, schwer) when a bot plays the seat
    sex: str = "male"          # Munchkin: the character starts with the player's sex
    missed_at: float | None = None   # a deadline passed while the seat owed the move (see TableService.abandoned)


# seats.bot holds 0 (a person plays the seat) or the bot's strength; 1 is what every bot seat was
# before there were strengths
BOT_LEVEL_CODES = {"leicht": 1, "mittel": 2, "schwer": 3}
BOT_LEVELS = {code: level for level, code in BOT_LEVEL_CODES.items()}


def bot_code(bot: bool, level: str) -> int:
    return BOT_LEVEL_CODES[level] if bot else 0


@dataclass
class Spectator:
    user_id: str
    name: str


@dataclass
class Deadline:
    game_id: int
    target: str        # "window:12" or "decision:7"
    due_at: float
    version: int


@dataclass
class PrivateMessage:
    game_id: int
    user_id: str
    channel_id: str | None = None
    message_id: str | None = None
    digest: str = ""
    closed: int = 0      # 0 open, 1 DMs closed and the player not yet told, 2 told


@dataclass
class Preferences:
    game_id: int
    user_id: str
    auto_pass: bool = False
    away_until: float | None = None
    reminders: str = "on"

    def away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now


@dataclass
class Substitute:
    game_id: int
    user_id: str
    name: str
    player_id: str
    approved: bool = False


@dataclass
class LoggedAction:
    seq: int
    actor: str
    action_json: str
    at: float
    undone: bool = False           # taken back: the game goes on as if it had not been made
    undo_of: int | None = None     # this line takes back the move with that seq (it is no move itself)

    @property
    def counts(self) -> bool:
        """Whether a replay applies it: a move that stands."""
        return not self.undone and self.undo_of is None


@dataclass
class Standing:
    """One player's record on a server: finished games played and won."""

    user_id: str
    name: str
    played: int
    won: int


@dataclass
class PlayerClock:
    user_id: str
    bank: float
    started: float | None = None
    paused: float | None = None      # since when the game waits on another player's decision


@dataclass
class Commit:
    """One action's transaction: the state after it, the log line, the deadlines now open."""

    game_id: int
    expected_version: int
    actor: str
    action_json: str
    state_json: str
    status: str
    deadlines: dict[str, float] | None = field(default_factory=dict)   # None: unchanged
    now: float = 0.0
    clocks: list[PlayerClock] = field(default_factory=list)   # time banks changed by this action
    reminders: dict[str, float] = field(default_factory=dict)  # when to remind of a new deadline
    undoes: int | None = None       # this line takes back the move with that seq (marked undone)
    winners: list[str] = field(default_factory=list)          # a finished game's winners (seats.won)
    missed: list[str] = field(default_factory=list)   # seats whose deadline this timeout played (seats.missed_at)
    present: str | None = None      # the seat whose player moved themselves: no longer missing


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


class Store(ABC):
    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def create_game(self, guild_id: str, channel_id: str, kind: str, sets: list[str],
                          options: dict[str, Any], host_id: str, pace: str, now: float,
                          language: str | None = None) -> GameRecord: ...

    @abstractmethod
    async def get_game(self, game_id: int, with_state: bool = True) -> GameRecord | None:
        """The game; without its state document (``state_json`` None) when the caller has it cached."""

    @abstractmethod
    async def open_game_in_channel(self, guild_id: str, channel_id: str) -> GameRecord | None:
        """The channel's game in its lobby or in play, without its state document (state_of reads it)."""

    @abstractmethod
    async def games(self, statuses: tuple[str, ...] = (), with_state: bool = True) -> list[GameRecord]: ...

    @abstractmethod
    async def games_of(self, user_id: str, statuses: tuple[str, ...]) -> list[GameRecord]:
        """The games in which this user has a seat (without their state documents)."""

    @abstractmethod
    async def ping(self) -> None:
        """One round trip to the database; raises when it does not answer."""

    @abstractmethod
    async def seats(self, game_id: int) -> list[Seat]: ...

    @abstractmethod
    async def add_seat(self, game_id: int, user_id: str, name: str, now: float, sex: str = "male") -> None: ...

    @abstractmethod
    async def remove_seat(self, game_id: int, user_id: str) -> None: ...

    @abstractmethod
    async def set_seat_bot(self, game_id: int, user_id: str, name: str, bot: bool, level: str = "leicht") -> None:
        """A bot plays the seat (at this strength), or no longer."""

    @abstractmethod
    async def update_lobby(self, game_id: int, *, options: dict[str, Any] | None = None,
                           pace: str | None = None, sets: list[str] | None = None, now: float) -> None: ...

    @abstractmethod
    async def start_game(self, game_id: int, seed: int, state_json: str, deadlines: dict[str, float],
                         now: float, clocks: list[PlayerClock] = (),
                         reminders: dict[str, float] | None = None) -> int: ...

    @abstractmethod
    async def commit(self, commit: Commit) -> int:
        """Apply one action atomically; raises StaleVersion when the game moved on meanwhile."""

    @abstractmethod
    async def set_status(self, game_id: int, status: str, now: float) -> None: ...

    @abstractmethod
    async def actions(self, game_id: int) -> list[LoggedAction]: ...

    @abstractmethod
    async def deadlines(self, game_id: int | None = None) -> list[Deadline]: ...

    @abstractmethod
    async def last_game_in_channel(self, guild_id: str, channel_id: str) -> GameRecord | None:
        """The channel's newest game, open or not (without its state document)."""

    @abstractmethod
    async def standings(self, guild_id: str, limit: int) -> list[Standing]:
        """Per player, the server's finished games played and won, the most wins first (by index)."""

    @abstractmethod
    async def private_message(self, game_id: int, user_id: str) -> PrivateMessage: ...

    @abstractmethod
    async def save_private_message(self, message: PrivateMessage) -> None: ...

    @abstractmethod
    async def preferences(self, game_id: int) -> dict[str, Preferences]: ...

    @abstractmethod
    async def save_preferences(self, preferences: Preferences) -> None: ...

    @abstractmethod
    async def language_choice(self, scope: str, owner_id: str) -> str | None:
        """The language a user ("user") or a server ("guild") chose, if any."""

    @abstractmethod
    async def save_language_choice(self, scope: str, owner_id: str, language: str) -> None: ...

    @abstractmethod
    async def language_rows(self) -> list[dict[str, Any]]:
        """Every stored language choice, as insert_rows takes them (table.migrate copies them)."""

    @abstractmethod
    async def clocks(self, game_id: int) -> dict[str, PlayerClock]: ...

    @abstractmethod
    async def substitutes(self, game_id: int) -> list[Substitute]: ...

    @abstractmethod
    async def spectators(self, game_id: int) -> list[Spectator]: ...

    @abstractmethod
    async def watch(self, game_id: int, user_id: str, name: str, watching: bool) -> None:
        """Start (or stop) following a game as a spectator."""

    @abstractmethod
    async def save_substitute(self, substitute: Substitute) -> None: ...

    @abstractmethod
    async def remove_substitute(self, game_id: int, user_id: str) -> None:
        """A request to stand in that was declined, or a stand-in whose standing in ended."""

    @abstractmethod
    async def reminders_sent(self, game_id: int) -> set[tuple[str, str]]:
        """(target, user) pairs already reminded in this game."""

    @abstractmethod
    async def mark_reminded(self, game_id: int, target: str, user_id: str, now: float) -> None: ...

    # ------------------------------------------------------------------ the scheduler's indexed rows
    @abstractmethod
    async def next_due(self) -> float | None:
        """The earliest time any deadline, lapsed claim or reminder needs the scheduler (one indexed query)."""

    @abstractmethod
    async def claim_due(self, now: float, until: float, limit: int) -> list[Deadline]:
        """Due deadlines no other process holds, claimed until ``until`` in one atomic statement."""

    @abstractmethod
    async def claim_reminders(self, now: float, limit: int) -> list[Deadline]:
        """Deadlines whose reminder time has come, marked as reminded in the claiming transaction."""

    # ------------------------------------------------------------------ moving a database (table.migrate)
    @abstractmethod
    async def table_rows(self, table: str, first_game: int, last_game: int) -> list[dict[str, Any]]:
        """The rows of one table (of COPIED_TABLES) that belong to games first_game..last_game."""

    @abstractmethod
    async def insert_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        """Insert rows as table_rows gave them, in one transaction."""


# every table of the schema, parents first; games are keyed by id, the rest by game_id
COPIED_TABLES = ("games", "seats", "actions", "deadlines", "private_messages", "preferences", "reminders_sent",
                 "player_clocks", "substitutes", "spectators")


def game_key(table: str) -> str:
    return "id" if table == "games" else "game_id"


def insert_sql(table: str, rows: list[dict[str, Any]]) -> tuple[str, list[tuple]]:
    """One INSERT with ``?`` placeholders for rows that all have the same columns."""
    columns = list(rows[0])
    sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"
    return sql, [tuple(row[c] for c in columns) for row in rows]
