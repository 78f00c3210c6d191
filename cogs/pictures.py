"""The table's pictures on Discord: the status message carries the picture of the table (Munchkin's
status, Smash Up's bases), a move's message the pictures of what is going on (Munchkin's combat).

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
from table.logs import log_error
from table.pictures import Content, contents, digest, names_of, render

log = logging.getLogger("spielleiter.pictures")
PICTURE_EVERY = 15.0      # seconds between two drawings of one game's picture
REMEMBERED = 4096         # games whose last drawing time is kept


class Throttle:
    """When each game's pictures were last drawn."""

    def __init__(self, every: float = PICTURE_EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        self.every, self.clock = every, clock
        self._drawn: LRU[tuple[int, str], float] = LRU(REMEMBERED)

    def wait(self, key: tuple[int, str]) -> float:
        """Seconds until this picture may be drawn again (0: now)."""
        last = self._drawn.get(key)
        return 0.0 if last is None else max(0.0, self.every - (self.clock() - last))

    def drew(self, key: tuple[int, str]) -> None:
        self._drawn[key] = self.clock()


def _shown(state: Any, lang: str) -> list[tuple[str, Content]]:
    return list(contents(state, lang, names_of(state)).items())


def table_picture(state: Any, lang: str) -> tuple[str, Content] | None:
    """The picture of the table (its file name and what it shows), for the status message."""
    shown = _shown(state, lang)
    return shown[0] if shown else None


def picture_digest(picture: tuple[str, Content] | None) -> str:
    return digest(picture[1]) if picture else ""


async def as_file(picture: tuple[str, Content]) -> discord.File:
    name, content = picture
    return discord.File(io.BytesIO(await render(content)), filename=name)


async def move_pictures(state: Any, lang: str, throttle: Throttle, game_id: int,
                        embeds: list[discord.Embed]) -> list[discord.File]:
    """The pictures a move's message carries: what is going on besides the table (a combat), when
    the game's last one is old enough; an embed that points at a picture not sent this time is shown
    without it."""
    key = (game_id, "move")
    shown = _shown(state, lang)[1:] if throttle.wait(key) == 0.0 else []    # worked out only when it may be drawn
    files = []
    if shown:
        throttle.drew(key)
        try:
            files = [await as_file(picture) for picture in shown]
        except Exception:          # a picture that cannot be drawn costs the picture, never the move's message
            log_error(log, "drawing the pictures failed", game_id=game_id)
            files = []
    sent = {f"attachment://{f.filename}" for f in files}
    for embed in embeds:
        if embed.image and str(embed.image.url).startswith("attachment://") and embed.image.url not in sent:
            embed.set_image(url=None)
    return files
