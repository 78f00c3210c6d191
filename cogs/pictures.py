"""The table's pictures on Discord: the live table message (cogs/live.py) carries the picture of the
table (Munchkin's status, Smash Up's bases) and of what is going on besides it (Munchkin's combat).

Each game draws its pictures (table/<game>/picture.py); ``table.pictures.contents`` lists them, the
table's own picture first. Drawing runs in a worker thread, is skipped when what a picture shows did
not change (the cache keys pictures by their content), and happens at most once per ``every`` seconds
per game and message: drawing costs tens of milliseconds of CPU, and a busy table must not spend its
time on pictures that the next move replaces anyway (the text is always current)."""

from __future__ import annotations

import io
import logging
import time
from collections.abc import Callable
from typing import Any

import discord

from table.cache import LRU
from table.pictures import Content, contents, digest, names_of, render

log = logging.getLogger("spielleiter.pictures")
PICTURE_EVERY = 15.0      # seconds between two drawings of one game's picture
REMEMBERED = 4096         # games whose last drawing time is kept
# each game waits between 1 and 1 + SPREAD times ``every`` (by its id): games started together (a
# restart, an evening's opening) do not all draw or look again in the same second
SPREAD = 0.25


class Throttle:
    """When each game's pictures were last drawn (or its table message last looked below: the same
    pace, for another key)."""

    def __init__(self, every: float = PICTURE_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.clock = every, clock
        self._drawn: LRU[tuple[int, str], float] = LRU(REMEMBERED)

    def wait(self, key: tuple[int, str]) -> float:
        """Seconds until this picture may be drawn again (0: now)."""
        last = self._drawn.get(key)
        return 0.0 if last is None else max(0.0, self.interval(key) - (self.clock() - last))

    def interval(self, key: tuple[int, str]) -> float:
        """``every``, stretched by a share of SPREAD that is the game's own (a fixed scramble of its id)."""
        share = (key[0] * 2654435761 % 4096) / 4096
        return self.every * (1 + SPREAD * share)

    def drew(self, key: tuple[int, str]) -> None:
        self._drawn[key] = self.clock()

    def forget(self, key: tuple[int, str]) -> None:
        """Due again now."""
        self._drawn.pop(key)


def _shown(state: Any, lang: str) -> list[tuple[str, Content]]:
    return list(contents(state, lang, names_of(state)).items())


def table_pictures(state: Any, lang: str) -> list[tuple[str, Content]]:
    """The picture of the table (a file name and what it shows) for the live table message: the table's
    own, or while something goes on besides it (a combat) that one alone: Discord's gallery would cut
    two pictures side by side to squares, and the message's text lists the players anyway."""
    return _shown(state, lang)[-1:]


def pictures_digest(pictures: list[tuple[str, Content]]) -> str:
    return digest([content for _, content in pictures]) if pictures else ""


async def as_file(picture: tuple[str, Content]) -> discord.File:
    name, content = picture
    return discord.File(io.BytesIO(await render(content)), filename=name)
