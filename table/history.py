"""A game's history, read from its action log (issue 20): the stored moves replayed (the engine is
deterministic, so every event comes back exactly as it happened), filtered to what one player may
see – the public events and their own private ones, nobody else's –, newest last, in pages; at the
end of a game a summary (the winners and turns here, the game's own numbers from its front-end);
and a server's records from its finished games."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event
from table.actionlog import Step, steps
from table.cache import LRU
from table.errors import TableError
from table.games import frontend
from table.i18n import text
from table.pace import pace_of
from table.render import Namer, names_by_seat, render_event
from table.store import GameRecord, Seat, Standing, Store
from table.text_match import seat_name

Markup = Callable[[str], str] | None     # how a name is written into the text (table.render.Namer.markup)
PAGE_CHARS = 1800          # one page of the history: readable on a phone, well within an embed
LEADERBOARD_SIZE = 15
HISTORIES_KEPT = 32
# per store (game ids repeat across databases): (game, version, viewer, lang) -> that history
_RENDERED: weakref.WeakKeyDictionary[Store, LRU[tuple, History]] = weakref.WeakKeyDictionary()


@dataclass
class HistoryLine:
    seq: int                 # the log line it comes from (0: the deal)
    text: str
    private: bool = False    # only the viewer sees it


@dataclass
class History:
    game_id: int
    lines: list[HistoryLine]
    last_own: int = 0        # the viewer's last move in the log (0: none yet)
    summary: list[str] = field(default_factory=list)    # once the game is over

    def since(self, seq: int) -> list[HistoryLine]:
        """The lines after that log line; from 0, every line, the deal included."""
        return [line for line in self.lines if line.seq > seq or not seq]


def default_since(record: GameRecord, history: History) -> int:
    """An asynchronous game opens at the viewer's last move ("what happened while I was away");
    a live one shows everything (newest page first)."""
    return history.last_own if pace_of(record.pace).has_bank else 0


async def history_of(store: Store, record: GameRecord, viewer: str, lang: str, markup: Markup = None) -> History:
    """What ``viewer`` may see of the game, replayed off the event loop (a long game takes a moment)
    and kept for the game's version, so that turning pages replays nothing; names written with
    ``markup`` (Discord's escaping; the console's plain text by default)."""
    if record.seed is None:
        raise TableError("not_started")
    kept = _RENDERED.setdefault(store, LRU(HISTORIES_KEPT))
    key = (record.id, record.version, viewer, lang, markup)
    cached = kept.get(key)
    if cached is not None:
        return cached
    seats = await store.seats(record.id)
    entries = await store.actions(record.id)
    found = await asyncio.to_thread(_read, record, seats, entries, viewer, Namer(lang, names_by_seat(seats), None,
                                                                                  tuple(record.sets), markup=markup))
    kept[key] = found
    return found


def _read(record: GameRecord, seats: list[Seat], entries: list, viewer: str, namer: Namer) -> History:
    tally = frontend(record.kind).summary_tally()
    found = History(record.id, [])
    last: Step | None = None
    for step in steps(record, seats, entries):
        namer.state = step.after
        found.lines += _lines(step, viewer, namer)
        if step.entry is not None and step.entry.actor == viewer:
            found.last_own = step.entry.seq
        if step.entry is None or step.entry.counts:
            tally.add(step.before, step.events, step.after)
        last = step
    if last is not None and last.after.phase == "over":
        found.summary = summary(last.after, tally, namer)
    return found


def _lines(step: Step, viewer: str, namer: Namer) -> list[HistoryLine]:
    seq = step.entry.seq if step.entry is not None else 0
    if step.entry is not None and step.entry.undo_of is not None:
        events = [Event(kind="move_taken_back", params={"player": step.entry.actor})]
    else:
        events = [e for e in step.events if e.is_public or e.audience == viewer]
    lines = []
    for event in events:
        line = render_event(event, namer)
        if line is None:
            continue
        if step.entry is not None and step.entry.undone:
            line = text(namer.lang, "history", "taken_back", line=line)
        lines.append(HistoryLine(seq, line, not event.is_public))
    return lines


def summary(state: Any, tally: Any, namer: Namer) -> list[str]:
    """The end of a game in a few lines: who won, after how many turns, then the game's own numbers."""
    lang = namer.lang
    winners = ", ".join(namer.player(p) for p in state.winners)
    key = "summary_no_winner" if not winners else "summary_winner" if len(state.winners) == 1 else "summary_winners"
    lines = [text(lang, "history", key, winners=winners),
             text(lang, "history", "summary_turns", turns=state.turn)]
    return lines + tally.lines(state, namer)


# ---------------------------------------------------------------------- pages
def pages(lines: list[HistoryLine], size: int = PAGE_CHARS) -> list[list[HistoryLine]]:
    """Oldest first; each page holds whole lines up to about ``size`` characters. A page never
    changes once full, so a page number stays right while the game goes on."""
    out: list[list[HistoryLine]] = [[]]
    used = 0
    for line in lines:
        length = len(line.text) + 3
        if out[-1] and used + length > size:
            out.append([])
            used = 0
        out[-1].append(line)
        used += length
    return out


def page_text(page: list[HistoryLine], lang: str) -> str:
    marker = text(lang, "history", "private_marker")
    return "\n".join(f"{marker} {line.text}" if line.private else line.text for line in page)


@dataclass
class Page:
    number: int              # from 0, oldest first
    count: int
    body: str
    since: int               # the log line the shown part starts after


def page_of(history: History, since: int, number: int | None, lang: str) -> Page:
    """One page of the lines after ``since``: the given one, or by default the first of them when
    they start at the viewer's last move (read on from there) and the newest otherwise."""
    shown = pages(history.since(since))
    if number is None:
        number = 0 if since else len(shown) - 1
    number = max(0, min(number, len(shown) - 1))
    body = page_text(shown[number], lang) or text(lang, "history", "nothing_since" if since else "nothing")
    return Page(number, len(shown), body, since)


# ---------------------------------------------------------------------- a server's records
async def leaderboard(store: Store, guild_id: str, lang: str, limit: int = LEADERBOARD_SIZE,
                      markup: Markup = None) -> list[str]:
    """The server's players by wins, then games played, from its finished games; a name stored before
    names were tidied (seat_name) is tidied here."""
    rows: list[Standing] = await store.standings(guild_id, limit)
    if not rows:
        return [text(lang, "history", "leaderboard_empty")]
    shown = markup or str
    return [text(lang, "history", "leaderboard_line", place=i + 1, player=shown(seat_name(row.name, row.user_id)),
                 wins=row.won, count=row.played) for i, row in enumerate(rows)]
