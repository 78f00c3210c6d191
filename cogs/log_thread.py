"""The game's full log in a thread of its channel (issue 36: what the live table message does not show
any more lives in /spiel verlauf and in this thread). The thread is opened the first time someone
asks for the history where the bot may open threads; it gets the game's public log so far, then
the new public lines, gathered and posted at most once per LOG_EVERY seconds (a lively table posts
a few messages a minute there, not one per move). Where threads are not allowed, /spiel verlauf's
private pages are the log."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING

import discord

from cogs.limits import CONTENT
from cogs.names import escaped
from cogs.texts import ui
from table.cache import LRU
from table.history import history_of
from table.render import render_event
from table.service import ActResult

if TYPE_CHECKING:
    from cogs.publisher import Publisher

log = logging.getLogger(__name__)
LOG_KEY = "#log"            # the thread is kept like a private message under this key: its id, the version logged
LOG_EVERY = 10.0            # seconds between two posts to one game's thread
THREAD_ARCHIVE = 10080      # minutes without a post before Discord archives it (a week: asynchronous games)
KNOWN = 4096                # games whose thread (or none) is remembered without reading the store


def chunks(lines: list[str], limit: int = CONTENT) -> list[str]:
    """The lines as few messages as fit Discord's limit, none cut in the middle of a line (a line
    longer than a message is cut)."""
    messages: list[str] = []
    current = ""
    for line in (line[:limit] for line in lines):
        if current and len(current) + 1 + len(line) > limit:
            messages.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    return [*messages, current] if current else messages


def may_open_threads(permissions: discord.Permissions) -> bool:
    return permissions.create_public_threads and permissions.send_messages_in_threads


class LogThreads:
    """Each game's log thread: opened on request, then kept current from the publisher's results."""

    def __init__(self, publisher: Publisher) -> None:
        self.publisher = publisher
        self._threads: LRU[int, str] = LRU(KNOWN)        # game -> thread id ("" : none)
        self._pending: dict[int, list[str]] = {}          # game -> lines not posted yet

    @property
    def store(self):
        return self.publisher.bot.table.store

    async def thread_of(self, game_id: int) -> str:
        known = self._threads.get(game_id)
        if known is None:
            record = await self.store.private_message(game_id, LOG_KEY)
            known = record.channel_id if record.channel_id and not record.closed else ""
            self._threads[game_id] = known
        return known

    async def open(self, interaction: discord.Interaction, game_id: int) -> str | None:
        """The game's thread, opened now if it has none (with the log so far); None where the bot may
        not open one here (then the private pages are the log)."""
        found = await self.thread_of(game_id)
        if found:
            return found
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel) or not may_open_threads(interaction.app_permissions):
            return None
        bot = self.publisher.bot
        record = await bot.table.store.get_game(game_id, with_state=False)
        lang = await self.publisher.channel_language(game_id)
        try:
            thread = await channel.create_thread(name=ui(lang, "log_thread_name", game=game_id),
                                                 type=discord.ChannelType.public_thread,
                                                 auto_archive_duration=THREAD_ARCHIVE)
        except discord.HTTPException as error:      # refused after all (a permission override, a limit)
            log.info("no log thread for game %s: %s", game_id, error)
            return None
        kept = await self.store.private_message(game_id, LOG_KEY)
        kept.channel_id, kept.digest = str(thread.id), str(record.version)
        await self.store.save_private_message(kept)
        self._threads[game_id] = str(thread.id)
        found_log = await history_of(self.store, record, "", lang, escaped)     # nobody's private lines
        so_far = [line.text for line in found_log.lines if not line.private]
        self._pending[game_id] = so_far + self._pending.get(game_id, [])
        self._want(game_id)
        return str(thread.id)

    async def on_result(self, result: ActResult) -> None:
        """The result's public lines (in the channel's language, as the table says them), for the
        thread if the game has one."""
        if not result.public_events or not await self.thread_of(result.game_id):
            return
        from cogs.base import public_namer

        namer = await public_namer(self.publisher.bot, result.game_id, result.state)
        lines = [line for line in (render_event(e, namer) for e in result.public_events) if line]
        if lines:
            self._pending.setdefault(result.game_id, []).extend(lines)
            self._want(result.game_id)

    def _want(self, game_id: int) -> None:
        self.publisher.want_paced(game_id, LOG_KEY, LOG_EVERY, functools.partial(self._post, game_id))

    async def _post(self, game_id: int) -> None:
        """Everything gathered for the thread, as few messages as fit; a thread that is gone or closed
        to the bot is given up (the private pages remain)."""
        lines = self._pending.pop(game_id, [])
        thread_id = await self.thread_of(game_id)
        if not lines or not thread_id:
            return
        thread = self.publisher.bot.get_partial_messageable(int(thread_id))
        try:
            for text in chunks(lines):
                await thread.send(content=text, allowed_mentions=discord.AllowedMentions.none())
                await asyncio.sleep(0)
        except (discord.NotFound, discord.Forbidden):
            log.info("the log thread of game %s is gone; the history stays in /spiel verlauf", game_id)
            kept = await self.store.private_message(game_id, LOG_KEY)
            kept.closed = 1
            await self.store.save_private_message(kept)
            self._threads[game_id] = ""
