"""Spielleiter: the Discord game master for Munchkin and Smash Up – Munchkin.

    python bot.py              the bot (or, with no DISCORD_TOKEN set, the console table)
    python bot.py --console    the console table: a local game with no Discord
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys

from table import console


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Spielleiter")
    parser.add_argument("--console", action="store_true", help="play at the console table, without Discord")
    console.add_arguments(parser)
    return parser.parse_args(argv)


def load_env() -> None:
    try:
        from dotenv import load_dotenv
    except ImportError:  # pragma: no cover - python-dotenv is a listed dependency
        return
    load_dotenv()


def main(argv: list[str] | None = None) -> int:
    load_env()
    args = parse_args(argv)
    logging.basicConfig(level=os.environ.get("LOG_LEVEL", "WARNING").upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not args.console:
        if token:
            print("The Discord front end is not part of this version yet; use --console.", file=sys.stderr)
            return 2
        print("Kein DISCORD_TOKEN gesetzt – starte den Konsolentisch.")
        interactive = args.script is not None or args.auto is not None or sys.stdin.isatty()
        if not interactive:
            return 0
    return asyncio.run(console.run_console(args))


if __name__ == "__main__":
    sys.exit(main())
