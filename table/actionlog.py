"""The action log replayed: the engine is deterministic, so the seed, the seats and the moves that
stand rebuild every state and every event of a game. table.replay checks stored games with it, the
table takes a move back with it (service.undo) and the history is read from it (table.history).

A move taken back is skipped, and so is the line that took it back; ``steps`` still shows a taken
back move's events (applied to the state it was made on, and then dropped), so a history can tell
what was taken back."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.core.events import Event
from engine.games import rules_of
from table.store import GameRecord, LoggedAction, Seat


@dataclass
class Step:
    """One line of the log with the state it met and what it made (None for the game's start)."""

    entry: LoggedAction | None
    before: Any
    after: Any
    events: list[Event]


def start(record: GameRecord, seats: list[Seat], rules_version: int | None = None) -> tuple[Any, list[Event]]:
    """The game as it was dealt, from its seed and seats, to be played on by the rules version it began
    with (a game keeps it: a rule changed later leaves its log as it was made): ``rules_version``, that
    of a state of the game at hand, else the stored state's; a game not stored yet takes the newest."""
    rules = rules_of(record.kind)
    state, events = rules.new_game([(s.user_id, s.name) for s in seats], seed=record.seed, sets=record.sets,
                                   options=rules.options_model.model_validate(record.options),
                                   sexes={s.user_id: s.sex for s in seats})
    version = rules_version if rules_version is not None else stored_rules_version(record)
    if version is not None and version != state.rules_version:     # (new_game deals alike at every version)
        state.rules_version = version
    return state, events


def stored_rules_version(record: GameRecord) -> int | None:
    """The rules version of the game's stored state (a state stored without one is of version 1)."""
    if not record.state_json:
        return None
    return json.loads(record.state_json).get("rules_version", 1)


def steps(record: GameRecord, seats: list[Seat], entries: list[LoggedAction],
          rules_version: int | None = None) -> Iterator[Step]:
    """Every line of the log in order, the start first. A logged move the engine refuses raises
    (IllegalAction, or whatever the engine raised): the caller reports it."""
    rules = rules_of(record.kind)
    state, events = start(record, seats, rules_version)
    yield Step(None, state, state, events)
    for entry in entries:
        if entry.undo_of is not None:
            yield Step(entry, state, state, [])
            continue
        after, events = rules.apply(state, rules.parse_action(entry.action_json))
        yield Step(entry, state, state if entry.undone else after, events)
        if not entry.undone:
            state = after


class RefusedOnReplay(Exception):
    """A logged move the engine refuses when the log is replayed."""

    def __init__(self, seq: int, cause: Exception) -> None:
        super().__init__(f"action {seq} refused on replay: {cause}")
        self.seq = seq


def final_state(record: GameRecord, seats: list[Seat], entries: list[LoggedAction],
                rules_version: int | None = None) -> Any:
    """The state the moves that stand lead to (``rules_version``: see start)."""
    rules = rules_of(record.kind)
    state, _ = start(record, seats, rules_version)
    for entry in entries:
        if entry.counts:
            try:
                state, _ = rules.apply(state, rules.parse_action(entry.action_json))
            except Exception as exc:  # whatever the engine raised, named with the line it refused
                raise RefusedOnReplay(entry.seq, exc) from exc
    return state


def last_move(record: GameRecord, seats: list[Seat], entries: list[LoggedAction],
              rules_version: int | None = None) -> tuple[Any, Any, list[Event]]:
    """The state before the log's last line, the state after it and its events (taking a move back)."""
    rules = rules_of(record.kind)
    before = final_state(record, seats, entries[:-1], rules_version)
    after, events = rules.apply(before, rules.parse_action(entries[-1].action_json))
    return before, after, events
