"""The command line of every tool: a mistake is one line on stderr and exit code 2, never argparse's
usage block or a traceback. A number option is read by engine.core.numbers (ASCII digits, a range).

The table's tools (bot.py, table.replay, …) put their lines in the player's language
(table.console.OneLineParser); the engine's own tools (engine.sim) speak English.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from typing import NoReturn

from engine.core.numbers import NumberError, describe_range, parse_whole

USAGE_ERROR = 2


class OneLineParser(argparse.ArgumentParser):
    argv: tuple[str, ...] = ()

    def parse_known_args(self, args=None, namespace=None):
        self.argv = tuple(sys.argv[1:] if args is None else args)
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        self.refuse(self.line(message))

    def refuse(self, line: str) -> NoReturn:
        """A mistake found after parsing (a set that does not exist, say): the same one line, exit 2."""
        print(line, file=sys.stderr)
        sys.exit(USAGE_ERROR)

    def line(self, message: str) -> str:
        return f"{self.prog}: {message}. --help lists the options."

    def number_problem(self, error: NumberError) -> str:
        allowed = describe_range(error.low, error.high)
        if error.reason == "not_a_number":
            return f"{error.text!r} is not a whole number in the digits 0–9 (allowed: {allowed})"
        return f"{error.text} is outside what is allowed ({allowed})"

    def number(self, low: int = 0, high: int | None = None, *, signed: bool = False) -> Callable[[str], int]:
        """An option's ``type``: the whole number the value names, within low..high."""
        def read(value: str) -> int:
            try:
                return parse_whole(value, low, high, signed=signed)
            except NumberError as exc:
                raise argparse.ArgumentTypeError(self.number_problem(exc)) from None

        return read


SIGPIPE_EXIT = 141   # what a shell reports for a program stopped by SIGPIPE (128 + 13), as `yes | head` does


def run_tool(main: Callable[[], int | None]) -> NoReturn:
    """A tool's ``__main__``: its exit code, and when the reader of its output stops early
    (``python -m engine.cards | head``) a quiet exit instead of a BrokenPipeError traceback."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # whatever is still buffered can never be written: point stdout at /dev/null so that the
        # interpreter's own flush at exit does not raise the same error again
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        code = SIGPIPE_EXIT
    sys.exit(code)
