"""The table's pictures on Discord: the status message carries the picture of the table (Munchkin's
status, Smash Up's bases), a move's message the pictures of what is going on (Munchkin's combat).

Each game draws its pictures (table/<game>/picture.py); ``table.pictures.contents`` lists them, the
table's own picture first. Drawing runs in a worker thread and is skipped when what a picture shows
did not change (the cache keys pictures by their content)."""

from __future__ import annotations

import io
from typing import Any

import discord

from table.pictures import Content, contents, digest, render


def _shown(state: Any, lang: str) -> list[tuple[str, Content]]:
    return list(contents(state, lang, {p.id: p.name for p in state.players}).items())


def table_picture(state: Any, lang: str) -> tuple[str, Content] | None:
    """The picture of the table (its file name and what it shows), for the status message."""
    shown = _shown(state, lang)
    return shown[0] if shown else None


def picture_digest(picture: tuple[str, Content] | None) -> str:
    return digest(picture[1]) if picture else ""


async def as_file(picture: tuple[str, Content]) -> discord.File:
    name, content = picture
    return discord.File(io.BytesIO(await render(content)), filename=name)


async def move_pictures(state: Any, lang: str) -> list[discord.File]:
    """The pictures a move's message carries: what is going on besides the table (a combat)."""
    return [await as_file(picture) for picture in _shown(state, lang)[1:]]
