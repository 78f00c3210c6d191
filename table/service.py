"""The table: one game per channel, between any front end (Discord, console, tests) and the engine.

Every action is one transaction: read state and version, apply, write the new state, append the
action, bump the version, replace the open deadlines. Within a process a lock per game serialises
writers; across processes the store's version compare-and-set does. Loaded states are kept in a
bounded cache (table.cache), as are the bot players; both drop a game once it is over, and a game's
lock lives only while somebody holds or awaits it, so an idle or finished game costs no memory here.
Due deadlines and reminders are claimed from the store's indexed rows, so two processes never fire
the same one.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import time
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from engine.bots import decide, start_search_worker
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.games import GameRules, rules_of
from engine.undo import check_undoable, undo_refusal
from table.actionlog import RefusedOnReplay, last_move
from table.cache import LRU
from table.config import cache_size
from table.errors import StaleVersion, TableError
from table.games import DEFAULT_GAME
from table.logs import log_error
from table.metrics import Metrics
from table.pace import check_pace, pace_of, seconds_for
from table.sql import BATCH, CLAIM_LEASE
from table.store import (
    BOT_LEVEL_CODES,
    Commit,
    Deadline,
    GameRecord,
    LoggedAction,
    PlayerClock,
    Preferences,
    PrivateMessage,
    Seat,
    Store,
    Substitute,
)
from table.text_match import seat_name

Clock = Callable[[], float]
UNDO_CACHE = 64        # games whose state before the last move is kept for taking it back
MAX_RETRIES = 3
MAX_TIMEOUT_STEPS = 200
ROSTER_SECONDS = 5.0     # how long a game's seats and sets are read from memory (see roster)
SEARCH_WORKERS = 1       # processes for the schwer bots' searches (each searches on one core)
log = logging.getLogger("spielleiter.table")


SEXES = ("male", "female")


def _check_sex(sex: str) -> None:
    """A character starts with the player's own sex (Munchkin: "Geschlecht")."""
    if sex not in SEXES:
        raise TableError("unknown_sex", sex=sex)


OWED_PROMPTS = ("decision", "turn")   # what a seat owes; a reaction window closes as if the silent passed


def missing_seats(rules: GameRules, state: Any, target: str | None) -> list[str]:
    """The seats that owed this decision or turn when its deadline passed (see TableService.abandoned)."""
    if target is None or target.partition(":")[0] not in OWED_PROMPTS:
        return []
    return list(dict(rules.open_prompts(state)).get(target, []))


def _last_own_move(logged: list[LoggedAction], user_id: str) -> LoggedAction:
    """The log's last line, when it is a move of this player's that stands; a refusal otherwise."""
    last = logged[-1] if logged else None
    if last is None:
        raise TableError("undo_nothing")
    if last.undo_of is not None:
        raise TableError("undo_once")        # taking back is never repeated: a second click takes back nothing
    if last.actor == "system":
        raise TableError("undo_after_deadline")
    if last.actor != user_id:
        raise TableError("undo_not_last", player=last.actor)
    return last


@dataclass
class ActResult:
    game_id: int
    channel_id: str
    version: int
    state: Any
    events: list[Event] = field(default_factory=list)
    status: str = "active"
    origin: str = "table"      # "interaction" when a front end answers the player itself

    @property
    def public_events(self) -> list[Event]:
        return [e for e in self.events if e.is_public]

    def private_events(self, user_id: str) -> list[Event]:
        return [e for e in self.events if e.audience == user_id]


Listener = Callable[[ActResult], Awaitable[None]]


@dataclass
class Reminder:
    """A nudge to one player who owes a move, before its deadline."""

    game_id: int
    guild_id: str
    channel_id: str
    user_id: str
    target: str
    due_at: float


ReminderListener = Callable[[Reminder], Awaitable[bool]]   # True when delivered
DueListener = Callable[[float], None]                     # told the earliest time a new deadline needs


class TableService:
    def __init__(self, store: Store, clock: Clock = time.time, cache_games: int | None = None) -> None:
        self.store = store
        self.clock = clock
        # a game's lock lives while somebody holds or awaits it
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        size = cache_games or cache_size()
        self._cache: LRU[int, tuple[int, Any]] = LRU(size)   # game id -> (version, state)
        self._deadline_cache: LRU[int, tuple[int, dict[str, float]]] = LRU(size)  # game id -> (version, deadlines)
        self.listeners: list[Listener] = []
        self.reminder_listeners: list[ReminderListener] = []
        self.due_listeners: list[DueListener] = []
        self._bots: LRU[tuple[int, str, str], Any] = LRU(size)   # (game, seat, strength) -> its bot or memory
        self._pool: ProcessPoolExecutor | None = None      # the schwer bots' searches
        self.bot_budget_s: float | None = None             # a schwer bot's time per decision (None: 1 s)
        # game id -> (version, state before its last move, that move's events) while it may be taken back
        self._undoable: LRU[int, tuple[int, Any, list[Event]]] = LRU(min(size, UNDO_CACHE))
        # game id -> (when read, its record, its seats): the names and sets every message is written with
        self._rosters: LRU[int, tuple[float, GameRecord | None, list[Seat]]] = LRU(size)
        self.stale_retries = 0        # actions read again because another process wrote first
        self.metrics = Metrics()
        self.metrics.watch("spielleiter_games_in_memory", "Game states this process keeps loaded",
                           lambda: len(self._cache))
        self.metrics.count("spielleiter_store_busy_retries", "Store operations tried again: a database "
                           "lock held elsewhere, or another process's write first",
                           lambda: self.stale_retries + getattr(self.store, "busy_retries", 0))

    # ------------------------------------------------------------------ lobby
    async def create(self, guild_id: str, channel_id: str, host_id: str, host_name: str, *, kind: str = DEFAULT_GAME,
                     sets: list[str] | None = None, options: dict[str, Any] | None = None,
                     pace: str = "live", sex: str = "male", language: str | None = None) -> GameRecord:
        """A new lobby; ``language`` is what the game will say in its channel (None: its server's choice)."""
        rules = rules_of(kind)
        _check_sex(sex)
        check_pace(pace)
        options_model = rules.options_model.model_validate(options or {})
        chosen_sets = list(sets or rules.default_sets)
        known = rules.available_sets()
        for set_key in chosen_sets:
            if set_key not in known:
                raise TableError("unknown_set", set=set_key)
        record = await self.store.create_game(guild_id, channel_id, kind, chosen_sets, options_model.model_dump(),
                                              host_id, pace, self.clock(), language=language)
        await self.store.add_seat(record.id, host_id, seat_name(host_name, host_id), self.clock(), sex)
        self._rosters.pop(record.id, None)
        return record

    async def game_in(self, guild_id: str, channel_id: str) -> GameRecord:
        record = await self.store.open_game_in_channel(guild_id, channel_id)
        if record is None:
            raise TableError("no_game", channel=channel_id)
        return record

    async def join(self, guild_id: str, channel_id: str, user_id: str, name: str, sex: str = "male") -> GameRecord:
        _check_sex(sex)
        record = await self.game_in(guild_id, channel_id)
        if record.status != "lobby":
            raise TableError("already_started")
        seats = await self.store.seats(record.id)
        if any(s.user_id == user_id for s in seats):
            raise TableError("already_seated")
        if len(seats) >= rules_of(record.kind).max_players:
            raise TableError("table_full", max=rules_of(record.kind).max_players)
        await self.store.add_seat(record.id, user_id, seat_name(name, user_id), self.clock(), sex)
        self._rosters.pop(record.id, None)
        await self.store.watch(record.id, user_id, seat_name(name, user_id), False)      # a player watches as a player
        return record

    async def watch(self, guild_id: str, channel_id: str, user_id: str, name: str) -> bool:
        """Start following the channel's game as a spectator, or stop when already following; returns
        whether the user now watches. Players watch their own game anyway."""
        record = await self.game_in(guild_id, channel_id)
        if any(s.user_id == user_id for s in await self.store.seats(record.id)):
            raise TableError("watching_own_game")
        watching = not any(w.user_id == user_id for w in await self.store.spectators(record.id))
        await self.store.watch(record.id, user_id, seat_name(name, user_id), watching)
        return watching

    async def rematch(self, game_id: int, by: str) -> GameRecord:
        """A new lobby in the finished game's channel with the same game, sets, options, pace and
        players (bots stay bots), opened by one of its players, who hosts it."""
        old = await self.store.get_game(game_id, with_state=False)
        if old is None or old.status not in ("finished", "ended"):
            raise TableError("stale_prompt")
        seats = await self.store.seats(game_id)
        host = next((s for s in seats if s.user_id == by and not s.bot), None)
        if host is None:
            raise TableError("rematch_players_only")
        if await self.store.open_game_in_channel(old.guild_id, old.channel_id) is not None:
            raise TableError("game_exists")
        record = await self.create(old.guild_id, old.channel_id, host.user_id, host.name, kind=old.kind,
                                   sets=old.sets, options=old.options, pace=old.pace, sex=host.sex,
                                   language=old.language)
        for seat in seats:
            if seat.user_id != host.user_id:
                await self.store.add_seat(record.id, seat.user_id, seat.name, self.clock(), seat.sex)
                if seat.bot:
                    await self.store.set_seat_bot(record.id, seat.user_id, seat.name, True, seat.bot_level or "leicht")
        return record

    async def leave(self, guild_id: str, channel_id: str, user_id: str, origin: str = "table") -> ActResult | None:
        """Before the start: the seat is freed. During the game: the engine's leave rule applies."""
        record = await self.game_in(guild_id, channel_id)
        seats = await self.store.seats(record.id)
        if not any(s.user_id == user_id for s in seats):
            raise TableError("not_seated")
        if record.status == "lobby":
            await self.store.remove_seat(record.id, user_id)
            self._rosters.pop(record.id, None)
            if len(seats) == 1:
                await self.store.set_status(record.id, "ended", self.clock())
            return None
        action = rules_of(record.kind).parse_action({"type": "leave", "actor": user_id})
        return await self.act(guild_id, channel_id, user_id, action, origin=origin)

    async def start(self, guild_id: str, channel_id: str, by: str, seed: int | None = None,
                    origin: str = "table") -> ActResult:
        record = await self.game_in(guild_id, channel_id)
        if record.status != "lobby":
            raise TableError("already_started")
        if by != record.host_id:
            raise TableError("host_only")
        rules = rules_of(record.kind)
        seats = await self.store.seats(record.id)
        if len(seats) < rules.min_players:
            raise TableError("too_few_players", min=rules.min_players)
        seed = seed if seed is not None else int(self.clock() * 1000) & 0xFFFFFFFF
        state, events = rules.new_game([(s.user_id, s.name) for s in seats], seed=seed, sets=record.sets,
                                       options=rules.options_model.model_validate(record.options),
                                       sexes={s.user_id: s.sex for s in seats})
        pace = pace_of(record.pace)
        clocks = [PlayerClock(p.id, pace.turn_seconds or 0.0, self.clock() if p.id == state.active_player.id else None)
                  for p in state.players] if pace.has_bank else []
        deadlines = self._deadlines(rules, record, state, {}, {c.user_id: c for c in clocks})
        reminders = self._reminder_times(record, deadlines)
        version = await self.store.start_game(record.id, seed, state.model_dump_json(), deadlines, self.clock(),
                                              clocks, reminders)
        self._cache[record.id] = (version, state)
        self._tell_due(deadlines, reminders, {})
        result = ActResult(record.id, channel_id, version, state, events, origin=origin)
        await self._publish(result)
        await self.apply_standing_preferences(record.id)
        return result

    async def end(self, guild_id: str, channel_id: str, by: str, can_manage: bool = False) -> GameRecord:
        record = await self.game_in(guild_id, channel_id)
        if by != record.host_id and not can_manage:
            raise TableError("host_only")
        state = (await self.state_of(record))[1] if record.status == "active" else None
        await self.store.set_status(record.id, "ended", self.clock())
        self.forget(record.id)
        if state is not None:       # the front ends take down the game's menus and say it was ended
            await self._publish(ActResult(record.id, channel_id, record.version, state, status="ended",
                                          origin="interaction"))
        return record

    def forget(self, game_id: int) -> None:
        """A game that is over keeps nothing in memory: its state, deadlines, bot players and the state
        before its last move."""
        self._cache.pop(game_id, None)
        self._deadline_cache.pop(game_id, None)
        self._bots.drop(lambda key: key[0] == game_id)
        self._undoable.pop(game_id, None)
        self._rosters.pop(game_id, None)

    async def roster(self, game_id: int) -> tuple[GameRecord | None, list[Seat]]:
        """The game's record (without its state) and seats, for names and sets: read at most once per
        ROSTER_SECONDS (this process's seat changes are seen at once; another process's within that
        time), since every message of every move is written with them."""
        cached = self._rosters.get(game_id)
        now = time.monotonic()
        if cached is not None and now - cached[0] < ROSTER_SECONDS:
            return cached[1], cached[2]
        record = await self.store.get_game(game_id, with_state=False)
        seats = await self.store.seats(game_id)
        if record is not None and record.is_open:       # a game that is over is not kept (see forget)
            self._rosters[game_id] = (now, record, seats)
        return record, seats

    def held(self) -> dict[str, int]:
        """What this process keeps per game right now (for the benchmark and the tests)."""
        return {"states": len(self._cache), "deadlines": len(self._deadline_cache), "bots": len(self._bots),
                "locks": len(self._locks)}

    # ------------------------------------------------------------------ playing
    async def state_of(self, record: GameRecord) -> tuple[int, Any]:
        cached = self._cache.get(record.id)
        if cached and cached[0] == record.version:
            return cached
        if record.state_json is None:
            record = await self.store.get_game(record.id) or record
        if record.state_json is None:
            raise TableError("not_started")
        state = rules_of(record.kind).load_state(record.state_json)
        self._cache[record.id] = (record.version, state)
        return record.version, state

    async def act(self, guild_id: str, channel_id: str, user_id: str, action: Any,
                  expected_version: int | None = None, origin: str = "table") -> ActResult:
        record = await self.game_in(guild_id, channel_id)
        return await self.act_in(record.id, user_id, action, expected_version, origin)

    async def act_in(self, game_id: int, user_id: str, action: Any, expected_version: int | None = None,
                     origin: str = "table", note: Event | None = None, missed: str | None = None) -> ActResult:
        """One move. ``missed`` names the prompt whose deadline this timeout plays: the seats that owed
        it are marked as missing (see abandoned); a player's own move clears their mark."""
        began = time.perf_counter()
        async with self._lock(game_id):
            for _ in range(MAX_RETRIES):
                record = await self.store.get_game(game_id, with_state=False)
                if record is None:
                    raise TableError("no_game")
                if record.status != "active":
                    raise TableError("not_started" if record.status == "lobby" else "game_finished")
                rules = rules_of(record.kind)
                if isinstance(action, dict):
                    action = rules.parse_action(action)
                if action.actor != user_id:
                    raise TableError("not_allowed")
                if expected_version is not None and expected_version != record.version:
                    raise StaleVersion(expected_version, record.version)
                version, state = await self.state_of(record)
                if expected_version is not None and expected_version != version:
                    raise StaleVersion(expected_version, version)   # another process moved on while we read
                if user_id != "system" and not state.has_player(user_id):
                    raise TableError("not_seated")
                new_state, events = rules.apply(state, action)   # raises IllegalAction, nothing changed
                status = "finished" if new_state.phase == "over" else "active"
                existing = await self._open_deadlines(game_id, version)
                clocks, all_clocks = await self._update_clocks(record, state, new_state)
                deadlines = self._deadlines(rules, record, new_state, existing, all_clocks)
                # a timeout always rewrites the deadlines: one it kept (a turn timer's next step) is free again
                unchanged = deadlines == existing and user_id != "system"
                commit = Commit(
                    game_id=game_id, expected_version=version, actor=user_id, action_json=rules.dump_action(action),
                    state_json=new_state.model_dump_json(), status=status, now=self.clock(),
                    deadlines=None if unchanged else deadlines, clocks=clocks,
                    reminders=self._reminder_times(record, deadlines),
                    winners=list(new_state.winners) if status == "finished" else [],
                    missed=missing_seats(rules, state, missed),
                    present=user_id if user_id != "system" and origin != "preference" else None,
                )
                try:
                    new_version = await self.store.commit(commit)
                except StaleVersion:
                    self._cache.pop(game_id, None)   # another process wrote: read again
                    self._deadline_cache.pop(game_id, None)
                    if expected_version is not None:
                        raise
                    self.stale_retries += 1
                    continue
                if status == "finished":
                    self.forget(game_id)
                else:
                    self._cache[game_id] = (new_version, new_state)
                    self._deadline_cache[game_id] = (new_version, deadlines)
                self._remember_undoable(game_id, new_version, rules, state, new_state, user_id, events)
                if not unchanged:
                    self._tell_due(deadlines, commit.reminders, existing)
                if note is not None:
                    events = [note, *events]
                result = ActResult(game_id, record.channel_id, new_version, new_state, events, status, origin)
                break
            else:
                raise TableError("busy")
        self.metrics.action_done(record.kind, origin, time.perf_counter() - began)
        await self._publish(result)
        if origin != "preference":
            await self.apply_standing_preferences(game_id)
        return result

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ taking a move back
    def _remember_undoable(self, game_id: int, version: int, rules: GameRules, before: Any, after: Any,
                           actor: str, events: list[Event]) -> None:
        """Keep the state before a move that may be taken back, so that taking it back needs no replay
        (another process, or this one after a restart, replays the log instead)."""
        if actor != "system" and undo_refusal(rules, before, after, actor, events) is None:
            self._undoable[game_id] = (version, before, events)
        else:
            self._undoable.pop(game_id, None)

    async def undo(self, guild_id: str, channel_id: str, user_id: str, expected_version: int | None = None,
                   origin: str = "table") -> ActResult:
        record = await self.game_in(guild_id, channel_id)
        return await self.undo_in(record.id, user_id, expected_version, origin)

    async def undo_in(self, game_id: int, user_id: str, expected_version: int | None = None,
                      origin: str = "table") -> ActResult:
        """Take back the player's own last move: only the last line of the log, only their own, and only
        when it showed nobody anything new (engine/undo.py). The move stays in the log, marked as taken
        back, the taking back is a line of its own, and the game returns to the state before the move.
        ``expected_version`` refuses an undo meant for a game that has moved on since."""
        async with self._lock(game_id):
            record = await self.store.get_game(game_id, with_state=False)
            if record is None:
                raise TableError("no_game")
            if record.status != "active":
                raise TableError("not_started" if record.status == "lobby" else "game_finished")
            if expected_version is not None and expected_version != record.version:
                raise StaleVersion(expected_version, record.version)
            version, state = await self.state_of(record)
            if not state.has_player(user_id):
                raise TableError("not_seated")
            logged = await self.store.actions(game_id)
            last = _last_own_move(logged, user_id)
            rules = rules_of(record.kind)
            before, events = await self._before_last(record, version, state, logged)
            check_undoable(rules, before, state, user_id, events)
            existing = await self._open_deadlines(game_id, version)
            clocks, all_clocks = await self._update_clocks(record, state, before)
            deadlines = self._deadlines(rules, record, before, existing, all_clocks)
            commit = Commit(game_id=game_id, expected_version=version, actor=user_id,
                            action_json=json.dumps({"type": "undo", "actor": user_id, "seq": last.seq}),
                            state_json=before.model_dump_json(), status="active", now=self.clock(),
                            deadlines=deadlines, clocks=clocks, reminders=self._reminder_times(record, deadlines),
                            undoes=last.seq)
            try:
                new_version = await self.store.commit(commit)
            except StaleVersion:
                self._cache.pop(game_id, None)     # another process moved the game on: nothing to take back
                raise
            self._cache[game_id] = (new_version, before)
            self._deadline_cache[game_id] = (new_version, deadlines)
            self._undoable.pop(game_id, None)      # a move is taken back once; the one before it stays
            self._tell_due(deadlines, commit.reminders, existing)
        result = ActResult(game_id, record.channel_id, new_version, before,
                           [Event(kind="move_taken_back", params={"player": user_id})], "active", origin)
        await self._publish(result)
        return result

    async def _before_last(self, record: GameRecord, version: int, state: Any,
                           logged: list[LoggedAction]) -> tuple[Any, list[Event]]:
        """The state before the log's last move and the events that move made: remembered from making
        it, or replayed from the log (off the event loop: a long game takes a moment)."""
        remembered = self._undoable.get(record.id)
        if remembered is not None and remembered[0] == version:
            return remembered[1], remembered[2]
        seats = await self.store.seats(record.id)
        try:
            before, after, events = await asyncio.to_thread(last_move, record, seats, logged, state.rules_version)
        except (RefusedOnReplay, IllegalAction) as exc:
            raise TableError("undo_unavailable") from exc
        if after.model_dump_json() != state.model_dump_json():
            raise TableError("undo_unavailable")       # the log no longer leads to the stored state
        return before, events

    # ------------------------------------------------------------------ standing preferences
    async def set_preferences(self, guild_id: str, channel_id: str, user_id: str, *, auto_pass: bool | None = None,
                              away_hours: float | None = None, reminders: str | None = None) -> Preferences:
        """Standing preferences apply at once: nobody waits on a player who said not to."""
        record = await self.game_in(guild_id, channel_id)
        if not any(s.user_id == user_id for s in await self.store.seats(record.id)):
            raise TableError("not_seated")
        prefs = (await self.store.preferences(record.id)).get(user_id) or Preferences(record.id, user_id)
        if auto_pass is not None:
            prefs.auto_pass = auto_pass
        if away_hours is not None:
            prefs.away_until = self.clock() + away_hours * 3600 if away_hours > 0 else None
        if reminders is not None:
            if reminders not in ("on", "turns", "off"):
                raise TableError("bad_option", option=reminders)
            prefs.reminders = reminders
        await self.store.save_preferences(prefs)
        if record.status == "active":
            await self.apply_standing_preferences(record.id)
        return prefs

    # ------------------------------------------------------------------ who plays a seat
    async def abandoned(self, game_id: int, player_id: str) -> bool:
        """Whether a seat is abandoned, the one rule for handing a seat over without its player (README,
        "abandoned seat"): its player has left the game, or a deadline of a decision or a turn passed
        while the seat owed it (the table played the default on the timeout, or because the player
        had set themselves away beyond that deadline) and the player has not moved since. A reaction
        window closing without them does not count: letting a window pass in silence is a pass. At a
        pace with no deadline for a prompt, waiting on it never abandons a seat."""
        record = await self.store.get_game(game_id, with_state=False)
        if record is None or record.status != "active":
            return False                       # in the lobby everyone seated has just joined
        _, state = await self.state_of(record)
        if not state.has_player(player_id):
            return True
        seat = next((s for s in await self.store.seats(game_id) if s.user_id == player_id), None)
        return seat is not None and seat.missed_at is not None

    async def _seat_named(self, game_id: int, player_id: str) -> str:
        return next((s.name for s in await self.store.seats(game_id) if s.user_id == player_id), player_id)

    async def request_substitute(self, guild_id: str, channel_id: str, user_id: str, name: str,
                                 player_id: str) -> Substitute:
        """A new human offers to take over a seat. Nothing is handed over yet: the seat's player decides
        (a button in their DM, or /vertretung_annehmen), the host only for an abandoned seat."""
        record, state = await self.seated(guild_id, channel_id)
        if not state.has_player(player_id):
            raise TableError("no_such_player", name=player_id)
        if state.has_player(user_id) or await self.player_for(record.id, user_id) != user_id:
            raise TableError("already_seated")
        substitute = Substitute(record.id, user_id, seat_name(name, user_id), player_id)
        await self.store.save_substitute(substitute)
        return substitute

    async def pending_substitute(self, game_id: int, user_id: str) -> Substitute | None:
        """This user's request to stand in that awaits its answer, if any."""
        return next((s for s in await self.store.substitutes(game_id) if s.user_id == user_id and not s.approved),
                    None)

    async def approve_substitute(self, guild_id: str, channel_id: str, by: str, user_id: str) -> Substitute:
        """/vertretung_annehmen: the seat's player agrees, or the host hands over an abandoned seat."""
        record, _ = await self.seated(guild_id, channel_id)
        substitute = await self.pending_substitute(record.id, user_id)
        if substitute is None:
            raise TableError("no_such_player", name=user_id)
        return await self._hand_over(record, by, substitute)

    async def answer_substitute(self, game_id: int, by: str, user_id: str, player_id: str,
                                agree: bool) -> Substitute:
        """The seat's player answers a request from the button in their DM. A button whose request was
        answered, withdrawn or replaced, or whose game is over, is out of date."""
        record = await self.store.get_game(game_id, with_state=False)
        substitute = await self.pending_substitute(game_id, user_id)
        if record is None or record.status != "active" or substitute is None or substitute.player_id != player_id:
            raise TableError("stale_prompt")
        if agree:
            return await self._hand_over(record, by, substitute)
        if by not in (player_id, record.host_id):
            raise TableError("substitute_not_yours", player=await self._seat_named(game_id, player_id))
        await self.store.remove_substitute(game_id, user_id)
        return substitute

    async def _hand_over(self, record: GameRecord, by: str, substitute: Substitute) -> Substitute:
        """The stand-in plays the seat from now on, and sees it (its hand goes to their DMs); before
        this they see nothing of it."""
        seat = substitute.player_id
        if by != seat:
            if by != record.host_id:
                raise TableError("substitute_not_yours", player=await self._seat_named(record.id, seat))
            if not await self.abandoned(record.id, seat):
                raise TableError("seat_owner_decides", player=await self._seat_named(record.id, seat))
        substitute.approved = True
        await self.store.save_substitute(substitute)
        # the seat's private message starts afresh, in the stand-in's DMs
        await self.store.save_private_message(PrivateMessage(record.id, seat))
        for placed in await self.store.seats(record.id):       # a bot on that seat steps back
            if placed.user_id == seat and placed.bot:
                await self.store.set_seat_bot(record.id, placed.user_id, placed.name, False)
                self._rosters.pop(record.id, None)
        return substitute

    async def player_for(self, game_id: int, user_id: str) -> str:
        """The seat a Discord user plays: their own, or the one they stand in for."""
        for substitute in await self.store.substitutes(game_id):
            if substitute.approved and substitute.user_id == user_id:
                return substitute.player_id
        return user_id

    async def acting_seat(self, game_id: int, user_id: str) -> str:
        """The seat a user's move is made for: the one they stand in for, else their own. A player whose
        seat a stand-in plays does not play it beside them (two people moving one seat): they take it
        back first with /spiel vertretung_beenden."""
        substitutes = await self.store.substitutes(game_id)
        for substitute in substitutes:
            if substitute.approved and substitute.user_id == user_id:
                return substitute.player_id
        for substitute in substitutes:
            if substitute.approved and substitute.player_id == user_id:
                raise TableError("seat_handed_over", name=substitute.name)
        return user_id

    async def end_substitute(self, guild_id: str, channel_id: str, by: str) -> tuple[Substitute, PrivateMessage]:
        """/spiel vertretung_beenden: the seat's player takes their seat back, or the stand-in gives it
        back. Nobody else ends it (the host's say is only over abandoned seats, and a seat whose stand-in
        leaves is its player's again). Returns the ended stand-in and the hand message they had, which
        the front end closes; the seat's hand starts afresh in its player's DMs."""
        record, _ = await self.seated(guild_id, channel_id)
        substitute = next((s for s in await self.store.substitutes(record.id)
                           if s.approved and by in (s.user_id, s.player_id)), None)
        if substitute is None:
            raise TableError("no_stand_in")
        old_message = await self.store.private_message(record.id, substitute.player_id)
        await self.store.remove_substitute(record.id, substitute.user_id)
        await self.store.save_private_message(PrivateMessage(record.id, substitute.player_id))
        return substitute, old_message

    async def user_for(self, game_id: int, player_id: str) -> str:
        """Who to message for a seat: the approved stand-in, if there is one."""
        for substitute in await self.store.substitutes(game_id):
            if substitute.approved and substitute.player_id == player_id:
                return substitute.user_id
        return player_id

    async def seat_bot(self, guild_id: str, channel_id: str, by: str, user_id: str, bot: bool = True,
                       level: str = "leicht") -> None:
        """A bot player of this strength (leicht, mittel, schwer) takes a seat: the player may always
        hand their own seat to a bot; the host only an abandoned seat (or change a bot already there).
        It plays that seat from then on, under the seat's name marked "(Bot)"."""
        if level not in BOT_LEVEL_CODES:
            raise TableError("unknown_bot_level", level=level)
        record = await self.game_in(guild_id, channel_id)
        if by not in (record.host_id, user_id):
            raise TableError("host_only")
        seat = next((s for s in await self.store.seats(record.id) if s.user_id == user_id), None)
        if seat is None:
            raise TableError("not_seated")
        if bot and by != user_id and not seat.bot and not await self.abandoned(record.id, user_id):
            raise TableError("seat_owner_decides_bot", player=seat.name)
        # the seat keeps its name (replays rebuild the game from the seats); front ends mark it "(Bot)"
        await self.store.set_seat_bot(record.id, user_id, seat.name, bot, level)
        self._rosters.pop(record.id, None)
        if record.status == "active":
            await self.apply_standing_preferences(record.id)

    async def apply_standing_preferences(self, game_id: int) -> list[ActResult]:
        """Pass for players on auto-pass who hold nothing playable; play the defaults for away players
        (their windows, decisions and turn), saying so in the log; let bots play their seats."""
        prefs = await self.store.preferences(game_id)
        bots = {s.user_id: s.bot_level or "leicht" for s in (await self.roster(game_id))[1] if s.bot}
        if not prefs and not bots:
            return []
        results = []
        for _ in range(MAX_TIMEOUT_STEPS):
            record = await self.store.get_game(game_id, with_state=False)
            if record is None or record.status != "active":
                break
            _, state = await self.state_of(record)
            step = self._standing_step(rules_of(record.kind), state, prefs, record.pace)
            step = step or await self._bot_step(game_id, state, bots)
            if step is None:
                break
            actor, action, note, missed = step
            try:
                results.append(await self.act_in(game_id, actor, action, origin="preference", note=note,
                                                 missed=missed))
            except (IllegalAction, TableError):
                break
        return results

    async def _bot_step(self, game_id: int, state: Any, bots: dict[str, str]):
        """The first move a bot seat makes now (seats by id, each at its strength)."""
        for player_id in sorted(bots):
            if not state.has_player(player_id):
                continue
            level = bots[player_id]
            move = (await self._searched_move(game_id, state, player_id) if level == "schwer"
                    else self._bot_player(game_id, state, player_id, level).choose(state))
            if move is not None:
                return player_id, move, None, None
        return None

    def _bot_player(self, game_id: int, state: Any, player_id: str, level: str) -> Any:
        key = (game_id, player_id, level)
        bot = self._bots.get(key)
        if bot is None:     # forgotten or new: a bot player keeps nothing that the state does not hold
            bot = self._bots[key] = rules_of(state.game).bot_player(player_id, level=level)
        return bot

    async def _searched_move(self, game_id: int, state: Any, player_id: str) -> Any:
        """A schwer bot searches for up to its budget: in a worker process, so that the other games
        (and this process's event loop) go on meanwhile. Should the worker fail, mittel moves instead."""
        key = (game_id, player_id, "schwer")
        rules = rules_of(state.game)
        try:
            action_json, memory = await asyncio.get_running_loop().run_in_executor(
                self._search_pool(), decide, state.game, state.model_dump_json(), player_id, "schwer",
                self.bot_budget_s, game_id * 100_003 + state.turn, self._bots.get(key))
        except Exception:
            log_error(log, "the search for seat %s failed; mittel moves", player_id, game_id=game_id)
            return self._bot_player(game_id, state, player_id, "mittel").choose(state)
        self._bots[key] = memory
        return None if action_json is None else rules.parse_action(action_json)

    def _search_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:       # started on first use: most tables never seat a schwer bot
            self._pool = ProcessPoolExecutor(max_workers=SEARCH_WORKERS, initializer=start_search_worker,
                                             mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    def close(self) -> None:
        """Stop the search workers (the store is closed by its owner)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    def _standing_step(self, rules: GameRules, state: Any, prefs: dict[str, Preferences], pace: str):
        """The next move the players' standing preferences make: (actor, action, note, missed), where
        missed names the prompt when an away player will still be away once its deadline passes."""
        now = self.clock()
        for target, players in rules.open_prompts(state):
            kind, _, number = target.partition(":")
            for player in players:
                pref = prefs.get(player)
                if pref is None:
                    continue
                away = pref.away(now)
                if kind == "window" and (away or (pref.auto_pass and not rules.window_plays(state, player))):
                    note = Event(kind="played_for_away" if away else "auto_passed", params={"player": player})
                    pass_ = rules.parse_action({"type": "pass", "actor": player, "window": int(number)})
                    return player, pass_, note, None
                if away and kind in ("decision", "turn"):
                    note = Event(kind="played_for_away", params={"player": player})
                    wait = seconds_for(pace_of(pace), target)
                    past_deadline = wait is not None and pref.away_until > now + wait
                    return "system", rules.timeout_for(target), note, target if past_deadline else None
        return None

    async def _open_deadlines(self, game_id: int, version: int) -> dict[str, float]:
        cached = self._deadline_cache.get(game_id)
        if cached and cached[0] == version:
            return cached[1]
        return {d.target: d.due_at for d in await self.store.deadlines(game_id)}

    @staticmethod
    def _reminder_times(record: GameRecord, deadlines: dict[str, float]) -> dict[str, float]:
        """A player who owes a prompt is reminded when half its time is gone."""
        pace = pace_of(record.pace)
        waits = {target: seconds_for(pace, target) for target in deadlines}
        return {target: due - waits[target] / 2 for target, due in deadlines.items() if waits[target] is not None}

    def _tell_due(self, deadlines: dict[str, float], reminders: dict[str, float], existing: dict[str, float]) -> None:
        """Tell the scheduler when the deadlines this action opened (and their reminders) come due."""
        new = [target for target in deadlines if target not in existing]
        times = [deadlines[t] for t in new] + [reminders[t] for t in new if t in reminders]
        if times:
            for listener in self.due_listeners:
                listener(min(times))

    def _deadlines(self, rules: GameRules, record: GameRecord, state: Any, existing: dict[str, float],
                   clocks: dict[str, PlayerClock] | None = None) -> dict[str, float]:
        pace = pace_of(record.pace)
        now = self.clock()
        deadlines = {}
        for target, players in rules.open_prompts(state):
            seconds = seconds_for(pace, target)
            if seconds is None:
                continue
            clock = (clocks or {}).get(players[0]) if target.startswith("turn:") and players else None
            if clock is not None and clock.paused is not None:
                continue                                           # waiting on someone else: no turn timer
            if clock is not None and clock.started is not None:
                deadlines[target] = clock.started + clock.bank     # the turn timer is the player's bank
            else:
                deadlines[target] = existing.get(target, now + seconds)
        return deadlines

    async def _update_clocks(self, record: GameRecord, before: Any,
                             after: Any) -> tuple[list[PlayerClock], dict[str, PlayerClock]]:
        """Time banks: when the turn passes, the player who had it spends the time it took (minus any
        wait on others) and gains the increment, up to the cap; while the game waits on another
        player's decision, the bank of the player on turn stands still."""
        pace = pace_of(record.pace)
        if not pace.has_bank or after.phase == "over":
            return [], {}
        clocks = await self.store.clocks(record.id)
        now = self.clock()
        changed: dict[str, PlayerClock] = {}
        if before.turn != after.turn:
            old = clocks.get(before.active_player.id)
            if old is not None:
                stopped = old.paused if old.paused is not None else now
                spent = stopped - (old.started if old.started is not None else stopped)
                old.bank = min(pace.bank_cap or float("inf"), max(0.0, old.bank - spent) + (pace.bank_increment or 0))
                old.started = old.paused = None
                changed[old.user_id] = old
            new_id = after.active_player.id
            new = clocks.get(new_id) or PlayerClock(new_id, pace.turn_seconds or 0.0)
            new.started, new.paused = now, None
            clocks[new_id] = changed[new_id] = new
        active = clocks.get(after.active_player.id)
        waiting = any(d.blocking and d.player != after.active_player.id for d in after.decisions)
        if active is not None and active.started is not None:
            if waiting and active.paused is None:
                active.paused = now
                changed[active.user_id] = active
            elif not waiting and active.paused is not None:
                active.started += now - active.paused       # the wait does not count against the bank
                active.paused = None
                changed[active.user_id] = active
        return list(changed.values()), clocks

    # ------------------------------------------------------------------ deadlines and recovery
    async def recover(self) -> list[GameRecord]:
        """After a restart: the unfinished games (their deadlines are in the store; each state is loaded
        when the game next moves, so memory stays bounded however many games wait)."""
        return await self.store.games(("active",), with_state=False)

    async def next_deadline(self) -> float | None:
        """When the scheduler is next needed: a deadline, a lapsed claim or a reminder (one indexed query)."""
        return await self.store.next_due()

    async def fire_due(self, now: float | None = None) -> list[ActResult]:
        """Submit the engine's timeout for every deadline that has passed, claimed in small batches so
        that no other process fires the same one."""
        now = self.clock() if now is None else now
        results: list[ActResult] = []
        for _ in range(MAX_TIMEOUT_STEPS):   # a turn timer moves a turn on one step per timeout
            claimed = await self.store.claim_due(now, now + CLAIM_LEASE, BATCH)
            if not claimed:
                break
            for deadline in claimed:
                results += await self._fire(deadline)
        return results

    async def _fire(self, deadline: Deadline) -> list[ActResult]:
        self.metrics.deadline_fired(self.clock() - deadline.due_at)
        record = await self.store.get_game(deadline.game_id, with_state=False)
        if record is None or record.status != "active":
            return []
        timeout = rules_of(record.kind).timeout_for(deadline.target)
        try:
            return [await self.act_in(record.id, "system", timeout, missed=deadline.target)]
        except (IllegalAction, TableError):
            return []          # the prompt closed meanwhile; the claim lapses and it is looked at again

    async def send_reminders(self, now: float | None = None) -> list[Reminder]:
        """Remind the players who owe a prompt whose deadline is half gone: each prompt is claimed once
        across all processes; only players with reminders on, never when away (the table plays for
        them) and never those who owe nothing."""
        now = self.clock() if now is None else now
        sent = []
        while claimed := await self.store.claim_reminders(now, BATCH):
            for deadline in claimed:
                for reminder in await self._reminders_for(deadline, now):
                    delivered = False
                    for listener in self.reminder_listeners:
                        delivered = await listener(reminder) or delivered
                    if delivered or not self.reminder_listeners:
                        await self.store.mark_reminded(reminder.game_id, reminder.target, reminder.user_id,
                                                       self.clock())
                        sent.append(reminder)
        return sent

    async def _reminders_for(self, deadline: Deadline, now: float) -> list[Reminder]:
        if now >= deadline.due_at:
            return []                      # too late to remind: the deadline fires instead
        record = await self.store.get_game(deadline.game_id, with_state=False)
        if record is None or record.status != "active":
            return []
        _, state = await self.state_of(record)
        owing = dict(rules_of(record.kind).open_prompts(state)).get(deadline.target, [])
        prefs = await self.store.preferences(record.id)
        sent = await self.store.reminders_sent(record.id)
        due = []
        for user_id in owing:
            pref = prefs.get(user_id)
            if (deadline.target, user_id) in sent or (pref and (pref.reminders == "off" or pref.away(now))):
                continue
            if pref and pref.reminders == "turns" and not deadline.target.startswith("turn:"):
                continue           # turned down: only for the player's own turn
            due.append(Reminder(record.id, record.guild_id, record.channel_id, user_id, deadline.target,
                                deadline.due_at))
        return due

    async def set_pace(self, guild_id: str, channel_id: str, by: str, pace: str) -> GameRecord:
        """The host may change the pace at any time; deadlines already set keep their time."""
        record = await self.game_in(guild_id, channel_id)
        if by != record.host_id:
            raise TableError("host_only")
        check_pace(pace)
        await self.store.update_lobby(record.id, pace=pace, now=self.clock())
        self._rosters.pop(record.id, None)
        return await self.game_in(guild_id, channel_id)

    # ------------------------------------------------------------------ views
    async def seated(self, guild_id: str, channel_id: str) -> tuple[GameRecord, Any]:
        record = await self.game_in(guild_id, channel_id)
        if record.status != "active":
            raise TableError("not_started")
        _, state = await self.state_of(record)
        return record, state

    async def _publish(self, result: ActResult) -> None:
        for listener in list(self.listeners):
            await listener(result)
