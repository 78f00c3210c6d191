"""Spielleiter: the Discord game master for Munchkin and Smash Up – Munchkin.

    python bot.py                    the bot (or, with no DISCORD_TOKEN set, the console table)
    python bot.py --console          the console table: a local game with no Discord
    python bot.py --check-commands   build the slash commands and check them against Discord's limits
    python bot.py --sync             sync the slash commands with Discord now
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import os
import signal
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import discord
from discord.ext import commands

from table import console
from table.config import data_dir, default_db_path
from table.errors import TableError, UsageError
from table.i18n import DEFAULT_LANGUAGE, text

log = logging.getLogger("spielleiter")
RESYNC_EVERY = 600.0   # seconds between re-syncs triggered by stale commands (Discord rate-limits syncing)
GENERIC_COGS = ("cogs.lobby", "cogs.play", "cogs.lookups")   # the games' own cogs come from cogs.games


@dataclass
class Settings:
    token: str = ""
    db_path: Path = Path("var/spielleiter.db")
    data_dir: Path = Path("var")
    dev_guild_id: int | None = None
    log_level: str = "WARNING"
    default_language: str = DEFAULT_LANGUAGE
    card_dir: Path | None = None      # the host's corrected or additional card files
    shard_count: int | None = None    # several processes: the bot's shards in all, and this process's own
    shard_ids: list[int] | None = None

    @classmethod
    def from_env(cls) -> Settings:
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        language = os.environ.get("DEFAULT_LANGUAGE", DEFAULT_LANGUAGE).strip().lower()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=default_db_path(),
            data_dir=data_dir(),
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=os.environ.get("LOG_LEVEL", "WARNING").upper(),
            default_language=language if language in ("de", "en") else DEFAULT_LANGUAGE,
            card_dir=Path(os.environ["CARD_DIR"]) if os.environ.get("CARD_DIR", "").strip() else None,
            shard_count=int(count) if (count := os.environ.get("SHARD_COUNT", "").strip()).isdigit() else None,
            shard_ids=[int(s) for s in os.environ.get("SHARD_IDS", "").replace(" ", "").split(",") if s.isdigit()]
            or None,
        )


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
        from cogs.publisher import Publisher

        self.publisher = Publisher(self)

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
        from cogs.lookups import PageButton, ShowButton

        self.tree.on_error = on_tree_error                  # every failing command is answered
        guard_components(*dynamic_items(), ShowButton, PageButton)
        self.add_dynamic_items(*dynamic_items(), ShowButton, PageButton)   # buttons from before a restart keep working
        recovered = await self.table.recover()
        log.info("recovered %d unfinished games", len(recovered))
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


async def check_commands() -> int:
    """Build the tree offline and check it against Discord's documented limits."""
    from cogs.checks import check_payloads
    from cogs.texts import CommandTranslator

    bot = Spielleiter(Settings())
    await bot.tree.set_translator(CommandTranslator())
    await bot.load_cogs()
    payloads = await command_payloads(bot)
    problems = check_payloads(payloads)
    for problem in problems:
        print(f"✗ {problem}")
    print(f"{len(payloads)} commands, {len(problems)} problems")
    return 1 if problems else 0


async def run_bot(settings: Settings, sync_commands: bool, lang: str) -> int:
    """The database is opened (and checked) before Discord is contacted; a bad token or no connection
    is one line, like every other start-up problem."""
    from table.stores import store_for

    store = store_for(os.environ.get("DATABASE_URL") or settings.db_path)
    try:
        await store.open()
    except TableError as exc:
        await store.close()
        return console.refuse(lang, exc)
    bot = make_bot(settings, sync_commands, store=store)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, lambda: asyncio.create_task(bot.close()))
    try:
        async with bot:
            await bot.login(settings.token)       # runs setup_hook: cogs, store, recovery, scheduler
            gc.freeze()        # what start-up loaded stays for good: later collections need not walk it again
            await bot.connect()
    except discord.LoginFailure:
        return console.refuse(lang, UsageError("token_refused"))
    except (OSError, discord.GatewayNotFound, discord.HTTPException) as exc:
        print(text(lang, "cli", "discord_unreachable", reason=str(exc) or type(exc).__name__), file=sys.stderr)
        return 1
    finally:
        await store.close()
    return 0


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = console.OneLineParser(description="Spielleiter")
    parser.add_argument("--console", action="store_true", help="play at the console table, without Discord")
    parser.add_argument("--check-commands", action="store_true", help="check the slash commands offline")
    parser.add_argument("--sync", action="store_true", help="sync the slash commands with Discord on start")
    console.add_arguments(parser)
    return parser.parse_args(argv)


def load_env() -> None:
    try:
        from dotenv import load_dotenv
    except ImportError:  # pragma: no cover - python-dotenv is a listed dependency
        return
    load_dotenv()


def load_host_cards(settings: Settings, lang: str) -> bool:
    """Validate the host's card folder before anything starts (before the database is even opened);
    a bad file stops the start with one message naming the file, the card and the field."""
    from engine.games import CardDataError, use_host_card_dir

    try:
        counts = use_host_card_dir(settings.card_dir)
    except CardDataError as exc:
        print(text(lang, "cli", "card_file", problem=str(exc)), file=sys.stderr)
        return False
    if counts:
        logging.getLogger("spielleiter").info("host card files: %s", counts)
    return True


def main(argv: list[str] | None = None) -> int:
    try:
        return start(argv)
    except KeyboardInterrupt:     # Ctrl-C at the console: the store was closed on the way out
        return 130
    except BrokenPipeError:       # output piped into a reader that stopped early (| head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())   # no second error at exit
        return 1


def start(argv: list[str] | None = None) -> int:
    load_env()
    args = parse_args(argv)
    settings = Settings.from_env()
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").setLevel(logging.ERROR)   # no voice here: its warnings are noise
    if args.check_commands:
        return asyncio.run(check_commands())
    if args.sync and not settings.token:
        return console.refuse(args.lang, UsageError("sync_needs_token"))
    if not load_host_cards(settings, args.lang):
        return 2
    if not args.console:
        if settings.token:
            return asyncio.run(run_bot(settings, args.sync, args.lang))
        print("Kein DISCORD_TOKEN gesetzt – starte den Konsolentisch.")
        interactive = args.script is not None or args.auto is not None or sys.stdin.isatty()
        if not interactive:
            return 0
    return asyncio.run(console.run_console(args))


if __name__ == "__main__":
    sys.exit(main())
