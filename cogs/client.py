"""The Discord client: the bot with its generic cogs and each game's cog, its store, the buttons
that outlive a restart, the deadline scheduler and the guarded command sync. bot.py starts it."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import time
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.answers import Answer
from cogs.looplag import LoopLag
from engine.core.process import freeze_startup_objects

if TYPE_CHECKING:
    from table.config import Settings

log = logging.getLogger("spielleiter")
RESYNC_EVERY = 600.0   # seconds between re-syncs triggered by stale commands (Discord rate-limits syncing)
# the cogs every game shares; each game's own cog comes from cogs.games
GENERIC_COGS = ("cogs.lobby", "cogs.play", "cogs.lookups", "cogs.spectate", "cogs.history", "cogs.help")


def intents() -> discord.Intents:
    """Slash commands need no privileged intents: guilds for the channel and server context only."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    return wanted


class Spielleiter(commands.Bot):
    def __init__(self, settings: Settings, *, sync_commands: bool = False, store=None, run_scheduler: bool = True,
                 **client_options) -> None:
        # nothing the bot says pings anyone (a player may call themselves @everyone); reminders name
        # their one user explicitly
        super().__init__(command_prefix=commands.when_mentioned, intents=intents(), help_command=None,
                         allowed_mentions=discord.AllowedMentions.none(), **client_options)
        self.settings = settings
        self.sync_commands = sync_commands
        self.store = store    # opened before logging in (run_bot), so a bad database stops the start at once
        self.run_scheduler = run_scheduler      # tests fire deadlines themselves
        self._resync: asyncio.Task | None = None
        self._resync_at = 0.0
        self.table = None  # type: ignore[assignment]
        self.scheduler = None
        from cogs.languages import Languages
        from cogs.publisher import Publisher

        self.publisher = Publisher(self)
        self.languages = Languages(self)
        self.loop_lag = LoopLag()      # started by the running bot (run_bot) and the load benchmark

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every command, button and menu is watched from its arrival, so it is answered in time."""
        Answer.of(interaction).watch(self.loop_lag.recent)

    async def setup_hook(self) -> None:
        from cogs.games import dynamic_items
        from cogs.texts import CommandTranslator
        from table.scheduler import DeadlineScheduler
        from table.service import TableService
        from table.stores import store_for

        await self.tree.set_translator(CommandTranslator())
        store = self.store
        if store is None:
            store = store_for(os.environ.get("DATABASE_URL") or self.settings.db_path)
            await store.open()
        self.table = TableService(store)
        self.table.listeners.append(self.publisher.on_result)
        self.table.reminder_listeners.append(self.publisher.on_reminder)
        await self.load_cogs()
        from cogs.errors import guard_components, on_tree_error
        from cogs.history import HistoryPage
        from cogs.lobby import LOBBY_BUTTONS
        from cogs.lookups import PageButton, ShowButton
        from cogs.spectate import RematchButton

        self.tree.on_error = on_tree_error                  # every failing command is answered
        buttons = (*dynamic_items(), ShowButton, PageButton, RematchButton, HistoryPage)
        guard_components(*buttons)
        self.add_dynamic_items(*buttons)     # buttons from before a restart keep working
        persistent = (*dynamic_items(), *LOBBY_BUTTONS, ShowButton, PageButton)
        guard_components(*persistent)
        self.add_dynamic_items(*persistent)   # buttons from before a restart keep working
        recovered = await self.table.recover()
        log.info("recovered %d unfinished games", len(recovered))
        freeze_startup_objects()      # cogs, cards and the recovered tables: kept for the bot's lifetime
        self.scheduler = DeadlineScheduler(self.table)
        if self.run_scheduler:
            self.scheduler.start()
        await self.sync_if_needed()

    async def load_cogs(self) -> None:
        from cogs.games import extensions
        from cogs.limits import limit_string_options

        for cog in (*GENERIC_COGS, *extensions()):
            await self.load_extension(cog)
        limit_string_options(self.tree)

    def resync_soon(self) -> None:
        """A client sent a command that does not match ours (a stale sync): sync again in the
        background, at most once per RESYNC_EVERY seconds, never twice at the same time."""
        now = time.monotonic()
        if self._resync is not None and (not self._resync.done() or now - self._resync_at < RESYNC_EVERY):
            return
        self._resync_at = now
        self._resync = asyncio.create_task(self._resync_now())

    async def _resync_now(self) -> None:
        try:
            await self.sync_if_needed(force=True)
        except discord.HTTPException:
            log.exception("re-syncing the commands failed")

    async def sync_if_needed(self, force: bool = False) -> None:
        """Sync only when asked or when the commands changed since the last sync: Discord rate-limits
        syncing, and an unchanged tree needs none. A development guild gets its copy at once."""
        digest = hashlib.sha256(json.dumps(await command_payloads(self), sort_keys=True).encode()).hexdigest()
        marker = self.settings.data_dir / "commands.sha256"
        unchanged = marker.exists() and marker.read_text().strip() == digest
        if not (force or self.sync_commands) and unchanged:
            return
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text(digest)

    async def close(self) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        await self.publisher.drain()
        if self.table is not None:
            self.table.close()              # the schwer bots' search workers
            await self.table.store.close()
        await super().close()


class ShardedSpielleiter(Spielleiter, commands.AutoShardedBot):
    """One of several processes: it serves the shards SHARD_IDS of SHARD_COUNT; the games are in the
    shared database (DATABASE_URL), and any process's scheduler fires any game's deadlines."""


def make_bot(settings: Settings, sync_commands: bool = False, store=None) -> Spielleiter:
    if settings.shard_count is None:
        return Spielleiter(settings, sync_commands=sync_commands, store=store)
    return ShardedSpielleiter(settings, sync_commands=sync_commands, store=store, shard_count=settings.shard_count,
                              shard_ids=settings.shard_ids or list(range(settings.shard_count)))


async def command_payloads(bot: commands.Bot) -> list[dict]:
    from cogs.texts import CommandTranslator

    translator = bot.tree.translator or CommandTranslator()
    return [await command.get_translated_payload(bot.tree, translator)
            for command in bot.tree.get_commands()]
