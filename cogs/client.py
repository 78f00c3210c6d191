"""The Discord client: the bot with its generic cogs and each game's cog, its store, the buttons
that outlive a restart, the deadline scheduler and the guarded command sync. bot.py starts it."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import os
import signal
import time
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from cogs.answers import Answer
from cogs.health import HealthServer, discord_trace, watch_bot
from cogs.languages import client_language
from cogs.looplag import LoopLag
from cogs.texts import ui
from engine.core.process import collect_less_often, freeze_startup_objects
from engine.games import warm_up
from table.i18n import load_texts
from table.logs import log_error

if TYPE_CHECKING:
    from table.config import Settings

log = logging.getLogger("spielleiter")
SHUTDOWN_WITHIN = 20.0  # seconds a graceful stop may take (a service manager's stop timeout is longer)
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
        client_options.setdefault("http_trace", discord_trace(self))     # Discord's 429s and 5xx, counted
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
        self.stopping = False          # set on SIGTERM/SIGINT: no new moves, the ones in flight finish
        self.handling: set[int] = set()            # interactions whose handling has begun and not ended
        self.shutdown_task: asyncio.Task | None = None
        self._idle = asyncio.Event()
        self.health: HealthServer | None = None

    async def begin_handling(self, interaction: discord.Interaction) -> bool:
        """Before every command (the tree's check) and button or menu (the component guard): while the bot
        shuts down a new interaction is not handled but answered privately that it is back in a minute;
        otherwise it counts as in flight until ``done_handling``."""
        if interaction.type is discord.InteractionType.autocomplete:
            return not self.stopping
        if self.stopping:       # the user's language from their client: the store may be closing
            from cogs.base import reply

            lang = client_language(interaction) or self.settings.default_language
            await reply(interaction, ui(lang, "restarting"), ephemeral=True)
            return False
        self.handling.add(interaction.id)
        return True

    def done_handling(self, interaction: discord.Interaction) -> None:
        self.handling.discard(interaction.id)
        if not self.handling:
            self._idle.set()

    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        self.done_handling(interaction)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every command, button and menu is watched from its arrival, so it is answered in time."""
        Answer.of(interaction).watch(self.loop_lag.recent,
                                     self.table.metrics.first_answer if self.table is not None else None)

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
        watch_bot(self)
        if self.settings.health_port is not None:
            self.health = HealthServer(self, self.settings.health_host, self.settings.health_port)
            await self.health.start()
        await self.load_cogs()
        from cogs.errors import guard_components, on_tree_error
        from cogs.history import HistoryPage
        from cogs.lobby import LOBBY_BUTTONS
        from cogs.lookups import PageButton, ShowButton
        from cogs.spectate import RematchButton

        self.tree.on_error = on_tree_error                  # every failing command is answered
        self.tree.interaction_check = self.begin_handling   # type: ignore[method-assign]
        buttons = (*dynamic_items(), ShowButton, PageButton, RematchButton, HistoryPage)
        guard_components(*buttons)
        self.add_dynamic_items(*buttons)     # buttons from before a restart keep working
        persistent = (*dynamic_items(), *LOBBY_BUTTONS, ShowButton, PageButton)
        guard_components(*persistent)
        self.add_dynamic_items(*persistent)   # buttons from before a restart keep working
        recovered = await self.table.recover()
        log.info("recovered %d unfinished games", len(recovered))
        warm_up()             # every card file read now: parsing one mid-game would hold every table
        load_texts()
        freeze_startup_objects()      # cogs, cards and the recovered tables: kept for the bot's lifetime
        collect_less_often()
        self.scheduler = DeadlineScheduler(self.table)
        if self.run_scheduler:
            self.scheduler.start()
        await self.sync_if_needed()

    async def load_cogs(self) -> None:
        from cogs.commands_tree import group_commands
        from cogs.games import extensions
        from cogs.limits import limit_string_options

        for cog in (*GENERIC_COGS, *extensions()):
            await self.load_extension(cog)
        group_commands(self.tree)      # a handful of top-level entries (issue 36)
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
            log_error(log, "re-syncing the commands failed")

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

    async def shutdown(self, within: float = SHUTDOWN_WITHIN) -> None:
        """A graceful stop (SIGTERM, SIGINT): no new moves (an interaction arriving now is answered that
        the bot is back in a minute), the deadline scheduler stopped, the interactions in flight finished,
        the publishing queues worked off, then the stores closed; all within ``within`` seconds. Every
        committed move is in the store already, so a start after it resumes every game."""
        if self.stopping:
            return
        self.stopping = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        if self.scheduler is not None:
            await self.scheduler.stop()
        if self.handling:
            self._idle.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), max(0.0, deadline - loop.time()) * 0.6)
        if self.handling:
            log.warning("shutting down with %d interactions still being handled", len(self.handling))
        await self.close(within=max(0.1, deadline - loop.time()))

    async def close(self, within: float = SHUTDOWN_WITHIN) -> None:
        if self.scheduler is not None:
            await self.scheduler.stop()
        try:
            await asyncio.wait_for(self.publisher.drain(), within)
        except TimeoutError:
            log.warning("shutting down with %d committed moves not yet published", self.publisher.waiting())
        if self.health is not None:
            await self.health.stop()
        await self.loop_lag.stop()
        if self.table is not None:
            self.table.close()              # the schwer bots' search workers
            await self.table.store.close()
        await super().close()


def stop_on_signals(bot: Spielleiter) -> None:
    """SIGTERM and SIGINT stop the bot gracefully (Spielleiter.shutdown); a second signal changes nothing."""
    loop = asyncio.get_running_loop()

    def stop() -> None:
        if bot.shutdown_task is None:
            bot.shutdown_task = loop.create_task(bot.shutdown())

    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop)


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
