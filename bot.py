"""Spielleiter: the Discord game master for Munchkin and Smash Up – Munchkin.

    python bot.py                    the bot (or, with no DISCORD_TOKEN set, the console table)
    python bot.py --console          the console table: a local game with no Discord
    python bot.py --check-commands   build the slash commands and check them against Discord's limits
    python bot.py --sync             sync the slash commands with Discord now
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import os
import sys

import discord

from cogs.client import ShardedSpielleiter, Spielleiter, command_payloads, make_bot, stop_on_signals
from table import console
from table.config import Settings
from table.errors import TableError, UsageError
from table.i18n import text
from table.logs import configure_logging

log = logging.getLogger("spielleiter")
__all__ = ["Settings", "ShardedSpielleiter", "Spielleiter", "main", "make_bot", "start"]


async def check_commands() -> int:
    """Build the tree offline and check it against Discord's documented limits."""
    from cogs.checks import check_payloads
    from cogs.commands_tree import subcommand_count
    from cogs.texts import CommandTranslator

    bot = Spielleiter(Settings())
    await bot.tree.set_translator(CommandTranslator())
    await bot.load_cogs()
    payloads = await command_payloads(bot)
    problems = check_payloads(payloads)
    for problem in problems:
        print(f"✗ {problem}")
    print(f"{len(payloads)} commands, {subcommand_count(payloads)} subcommands, {len(problems)} problems")
    return 1 if problems else 0


async def run_bot(settings: Settings, sync_commands: bool, lang: str) -> int:
    """The database is opened (and checked) before Discord is contacted; a bad token or no connection
    is one line, like every other start-up problem."""
    from table.stores import store_for

    try:
        store = store_for(os.environ.get("DATABASE_URL") or settings.db_path)
    except UsageError as exc:       # an address of a kind this program does not read (mysql://…)
        return console.refuse(lang, exc)
    try:
        await store.open()
    except TableError as exc:
        await store.close()
        return console.refuse(lang, exc)
    bot = make_bot(settings, sync_commands, store=store)
    stop_on_signals(bot)
    bot.loop_lag.start()
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
    try:
        settings = Settings.from_env()
    except UsageError as exc:     # a bad setting (SHARD_COUNT=², LOG_LEVEL=BOGUS): one line, nothing started
        return console.refuse(args.lang, exc)
    configure_logging(settings.log_level, settings.log_format)
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
        if args.script is None and args.auto is None and not sys.stdin.isatty():
            return console.refuse(args.lang, UsageError("needs_token_or_terminal"))   # `make run` from a service
        print(text(args.lang, "cli", "console_without_token"))
    return asyncio.run(console.run_console(args))


if __name__ == "__main__":
    sys.exit(main())
