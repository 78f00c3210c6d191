"""The one live table message of a game (issue 36): a components-v2 message (``discord.ui.LayoutView``)
that says whose turn it is, the phase, the fight and the last few events in the channel's language, in
the third person, carries the table's picture as a media gallery and the buttons of the moment. The
publisher (cogs/publisher.py) keeps it current by editing it in place, its edits coalesced; a click on
it answers by editing it (one request for the answer and the table).

Each game's front-end says what its table shows (``LiveTable``); this module lays it out."""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field

import discord

from cogs.limits import BUTTON_LABEL, clip
from engine.core.events import Event
from table.cache import LRU
from table.render import Namer, render_event
from table.service import ActResult

RECENT = 5                 # the events the table message shows, newest last
TEXT_BUDGET = 3800         # characters of all text displays together (Discord: 4,000 per message)
BUTTONS_PER_ROW = 5
ROWS = 4                   # rows of buttons at most (the text and the picture take the rest of the 40 parts)
REMEMBERED_GAMES = 4096    # games whose recent events are kept in memory
KEPT_EVENTS = 16           # events kept per game (some render to nothing in public)
# what gets a public message of its own; everything else the table message and /spiel verlauf show
HEADLINES = frozenset({"combat_started", "level_changed", "player_died", "game_won", "game_abandoned",
                       "base_scored"})


@dataclass
class LiveTable:
    """What a game's table message shows: a heading (whose turn, the phase), the table's lines, the fight
    (if one is on) and the buttons for every public step legal now."""

    heading: str
    body: list[str] = field(default_factory=list)
    fight: list[str] = field(default_factory=list)
    buttons: list[discord.ui.Item] = field(default_factory=list)


class Recent:
    """The last public events of each game (the table message shows the last few, written in the
    channel's language when it is drawn; the whole log is in /spiel verlauf)."""

    def __init__(self) -> None:
        self._events: LRU[int, deque[Event]] = LRU(REMEMBERED_GAMES)

    def add(self, game_id: int, events: Iterable[Event]) -> None:
        events = list(events)
        if any(e.kind == "game_started" for e in events):    # the opening deal shows in each hand, not as news
            events = [e for e in events if e.kind != "cards_drawn"]
        kept = self._events.get(game_id)
        if kept is None:
            kept = deque(maxlen=KEPT_EVENTS)
            self._events[game_id] = kept
        kept.extend(events)

    def of(self, game_id: int) -> list[Event]:
        return list(self._events.get(game_id) or ())


def headlines(result: ActResult, namer: Namer) -> list[str]:
    """The lines of a move that matter enough for a message of their own (HEADLINES)."""
    lines = [render_event(e, namer) for e in result.public_events if e.kind in HEADLINES]
    return [line for line in lines if line]


def _text(lines: list[str], budget: int) -> str:
    return clip("\n".join(lines), max(budget, 1)) or "-"


def layout(live: LiveTable, recent: list[str], pictures: list[str]) -> discord.ui.LayoutView:
    """The message: the heading, the fight, the table, the recent events, the pictures (``pictures``:
    the file names of the attachments they show) and the buttons, a row of up to five each."""
    view = discord.ui.LayoutView(timeout=None)
    budget = TEXT_BUDGET
    parts = [[live.heading], live.fight, live.body, [f"› {line}" for line in recent]]
    for lines in parts:
        if not lines or budget <= 0:
            continue
        shown = _text(lines, budget)
        budget -= len(shown)
        view.add_item(discord.ui.TextDisplay(shown))
    if pictures:
        view.add_item(discord.ui.MediaGallery(*(discord.MediaGalleryItem(f"attachment://{name}")
                                                for name in pictures[:10])))
    buttons = live.buttons[:BUTTONS_PER_ROW * ROWS]
    for start in range(0, len(buttons), BUTTONS_PER_ROW):
        row: discord.ui.ActionRow = discord.ui.ActionRow()
        for item in buttons[start:start + BUTTONS_PER_ROW]:
            inner = item.item if isinstance(item, discord.ui.DynamicItem) else item
            if isinstance(inner, discord.ui.Button):
                inner.label = clip(inner.label, BUTTON_LABEL)
            row.add_item(item)
        view.add_item(row)
    return view


def layout_digest(view: discord.ui.LayoutView) -> str:
    """What the message shows, as a digest: the same digest, no edit."""
    return hashlib.sha256(json.dumps(view.to_components(), sort_keys=True).encode()).hexdigest()
