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


async def render(content: Content, cache: PictureCache = CACHE) -> bytes:
    """The picture's PNG, from the cache or drawn in the drawing process, so the event loop goes on
    serving others meanwhile."""
    found = cache.get(content)
    if found is not None:
        return found
    try:
        picture = await asyncio.get_running_loop().run_in_executor(drawer(), png, content)
    except BrokenProcessPool:        # the drawing process died: this picture in a thread, a new process next time
        _forget_drawer()
        picture = await asyncio.to_thread(png, content)
    cache.put(content, picture)
    return picture


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
