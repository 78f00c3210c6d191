"""``python -m table.pictures --bench``: milliseconds to draw each picture of sample tables
(a 6-player Munchkin game in a fight with a helper and two monsters, a 4-player Smash Up game)."""

from __future__ import annotations

import argparse
import time

from engine.core.cli import run_tool
from table.pictures.draw import png
from table.pictures.samples import samples

ROUNDS = 20


def bench(rounds: int = ROUNDS) -> dict[str, float]:
    """Milliseconds per drawing, by picture (the cache is bypassed: every round draws)."""
    timings = {}
    for name, content in samples().items():
        png(content)                      # the first drawing loads the fonts
        started = time.perf_counter()
        for _ in range(rounds):
            png(content)
        timings[name] = (time.perf_counter() - started) * 1000 / rounds
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m table.pictures")
    parser.add_argument("--bench", action="store_true", help="print the milliseconds per picture")
    parser.add_argument("--rounds", type=int, default=ROUNDS)
    args = parser.parse_args()
    if not args.bench:
        parser.print_help()
        return
    for name, ms in bench(args.rounds).items():
        print(f"{name}: {ms:.1f} ms per image")


if __name__ == "__main__":
    run_tool(main)
