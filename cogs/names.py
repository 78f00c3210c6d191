"""A person's name in what the bot posts (issue 34, point 6): text, never Markdown. Every name that
goes into a message, an embed's title, description or field passes ``escaped`` once, where it becomes
text for Discord: the Namer of cogs/base.py for seats, and here for names the cogs take straight
from Discord (a lobby's host, who joins, who offers to stand in). Buttons, menus and suggestions show
their text as it is and get the plain name (Namer.labels). The table keeps and the console prints
the name as the person chose it (table/text_match.seat_name)."""

from __future__ import annotations

import re

import discord
from discord.utils import escape_markdown

from table.text_match import seat_name

# what discord.utils.escape_markdown leaves as it is: the brackets of a masked link (it escapes only
# the "[" and then skips the link's text, so "[**x**](…)" would still be bold), and the start of a
# mention ("<@123>", "<#1>", "<t:…>") or of "@everyone" and "@here"
LEFT_BY_ESCAPE_MARKDOWN = re.compile(r"([\[\]<@])")
# a line that begins "1. " is a numbered list (escape_markdown knows "-", "#" and ">" only)
NUMBERED_LIST = re.compile(r"^(\d+)\.(?=\s)", re.MULTILINE)


def escaped(name: str) -> str:
    """The name as Discord text: every character that would be Markdown, a masked link, a heading,
    a list, a quote or a mention carries a backslash, which Discord hides."""
    pieces = LEFT_BY_ESCAPE_MARKDOWN.split(name)
    parts = [("\\" + piece) if index % 2 else _escaped_piece(piece) for index, piece in enumerate(pieces)]
    return NUMBERED_LIST.sub(r"\1\\.", "".join(parts))


def _escaped_piece(piece: str) -> str:
    """escape_markdown of a piece between two brackets or mentions; the spaces that lead it are kept
    out, since it takes "  -" after them for a list and a backslash before a space would show."""
    body = piece.lstrip()
    return piece[: len(piece) - len(body)] + escape_markdown(body)


def person_name(user: discord.abc.User) -> str:
    """The person's name as the table keeps it (their display name, tidied as every name is)."""
    return seat_name(user.display_name, str(user.id))


def escaped_person(user: discord.abc.User) -> str:
    """The person's name as Discord text, for a message that names them."""
    return escaped(person_name(user))
