"""Pictures of the table, drawn with Pillow from a game state, a language and the players' names.

Each picture is built in two steps: its visible content (a small JSON-able dict of exactly what is
drawn; a table picture never shows a card from a hand, a hand's picture is for its player alone),
then the PNG. A cache keyed by the content's digest skips the
drawing when what a picture shows has not changed. No Discord and no files here, except the folder
writer that the console's ``--images DIR`` uses.
"""

from __future__ import annotations

import asyncio
import hashlib
import heapq
import itertools
import json
import multiprocessing
import threading
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from table.games import frontend_of
from table.pictures.draw import Content, png

CACHE_SIZE = 64      # pictures kept; a few per open game is enough to skip repeats


def contents(state: Any, lang: str, names: dict[str, str]) -> dict[str, Content]:
    """The pictures a table shows now, by file name, as the state's game draws them (each game's
    ``picture`` module)."""
    return frontend_of(state).pictures(state, lang, names)


def hand_content(state: Any, player_id: str, lang: str, names: dict[str, str]) -> Content:
    """The picture of one player's hand (for that player alone), as the state's game draws it."""
    return frontend_of(state).hand_picture(state, player_id, lang, names)


def names_of(state: Any) -> dict[str, str]:
    """The seats' own names (a front end may pass others: a bot's seat marked, say)."""
    return {p.id: p.name for p in state.players}


def digest(content: Content) -> str:
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


class PictureCache:
    """PNG bytes by the digest of their content; the least recently used go first."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self.drawn = 0                  # how many pictures were actually drawn
        self._pngs: OrderedDict[str, bytes] = OrderedDict()
        self._lock = threading.Lock()   # the async helper draws in worker threads

    def png(self, content: Content) -> bytes:
        found = self.get(content)
        if found is not None:
            return found
        picture = png(content)
        self.put(content, picture)
        return picture

    def get(self, content: Content) -> bytes | None:
        key = digest(content)
        with self._lock:
            if key in self._pngs:
                self._pngs.move_to_end(key)
                return self._pngs[key]
        return None

    def put(self, content: Content, picture: bytes) -> None:
        with self._lock:
            self.drawn += 1
            self._pngs[digest(content)] = picture
            while len(self._pngs) > self.size:
                self._pngs.popitem(last=False)


CACHE = PictureCache()
_drawer: ProcessPoolExecutor | None = None


def drawer() -> ProcessPoolExecutor:
    """One process draws, one picture at a time: drawing is mostly Python, and in this process it
    would hold the interpreter lock that the event loop and the database thread need."""
    global _drawer
    if _drawer is None:
        _drawer = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
    return _drawer


async def render(content: Content, cache: PictureCache = CACHE, urgent: bool = False) -> bytes:
    """The picture's PNG, from the cache or drawn in the drawing process, so the event loop goes on
    serving others meanwhile. ``urgent``: a player's answer waits for it (drawn before the pictures
    the publisher keeps current, which are queued behind it)."""
    found = cache.get(content)
    if found is not None:
        return found
    picture = await _queue_for(asyncio.get_running_loop()).draw(content, urgent)
    cache.put(content, picture)
    return picture


class DrawingQueue:
    """The pictures waiting for the one drawing process, fed to it one at a time, the urgent first: a
    click answered with a new hand picture waits for at most the picture being drawn, not behind the
    table and hand pictures of every other game (a FIFO in front of the process made answers wait
    seconds with two hundred games open). The same content asked for twice is drawn once."""

    def __init__(self) -> None:
        self._waiting: list[tuple[int, int, str]] = []                    # (0 urgent / 1 not, order, digest)
        self._wanted: dict[str, tuple[Content, asyncio.Future[bytes]]] = {}
        self._order = itertools.count()
        self._pump: asyncio.Task | None = None

    async def draw(self, content: Content, urgent: bool) -> bytes:
        key = digest(content)
        wanted = self._wanted.get(key)
        if wanted is None:
            wanted = self._wanted[key] = (content, asyncio.get_running_loop().create_future())
            heapq.heappush(self._waiting, (0 if urgent else 1, next(self._order), key))
        elif urgent:                 # asked for again, now urgently: moved to the front
            heapq.heappush(self._waiting, (0, next(self._order), key))
        if self._pump is None or self._pump.done():
            self._pump = asyncio.create_task(self._work_off())
        return await asyncio.shield(wanted[1])

    async def _work_off(self) -> None:
        loop = asyncio.get_running_loop()
        while self._waiting:
            _, _, key = heapq.heappop(self._waiting)
            wanted = self._wanted.get(key)
            if wanted is None:          # drawn already (it was queued twice)
                continue
            content, future = wanted
            try:
                try:
                    picture = await loop.run_in_executor(drawer(), png, content)
                except BrokenProcessPool:   # the drawing process died: this picture in a thread, a new process next
                    _forget_drawer()
                    picture = await asyncio.to_thread(png, content)
            except Exception as exc:     # handed to whoever waits for this picture
                del self._wanted[key]
                future.set_exception(exc)
                continue
            del self._wanted[key]
            future.set_result(picture)


_queues: dict[asyncio.AbstractEventLoop, DrawingQueue] = {}


def _queue_for(loop: asyncio.AbstractEventLoop) -> DrawingQueue:
    """Each event loop its own queue (tests run many loops, one after the other)."""
    found = _queues.get(loop)
    if found is None:
        for old in [known for known in _queues if known.is_closed()]:
            del _queues[old]
        found = _queues[loop] = DrawingQueue()
    return found


def _forget_drawer() -> None:
    global _drawer
    if _drawer is not None:
        _drawer.shutdown(wait=False, cancel_futures=True)
    _drawer = None


class PictureFolder:
    """Writes a table's pictures into a folder after each move, only those whose content changed."""

    def __init__(self, folder: Path, cache: PictureCache | None = None) -> None:
        self.folder = folder
        self.cache = cache or PictureCache()
        self._written: dict[str, str] = {}

    def update(self, state: Any, lang: str, names: dict[str, str]) -> list[str]:
        """The names of the files written this time. A picture no longer shown (the combat, once it
        is over) is removed, so the folder never shows a fight that has ended."""
        self.folder.mkdir(parents=True, exist_ok=True)
        shown = contents(state, lang, names)
        for name in [n for n in self._written if n not in shown]:
            (self.folder / name).unlink(missing_ok=True)
            del self._written[name]
        written = []
        for name, content in shown.items():
            key = digest(content)
            if self._written.get(name) != key:
                (self.folder / name).write_bytes(self.cache.png(content))
                self._written[name] = key
                written.append(name)
        return written
