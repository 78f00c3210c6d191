"""Benchmark: p50/p99 of one autocomplete query over every card and rule topic.

    python -m table.lookup_bench [--queries 2000]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from engine.core.cli import run_tool
from table.lookup import index, search


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--queries", type=int, default=2000)
    args = parser.parse_args(argv)
    entries, choices, _ = index()
    rng = random.Random(1)
    words = [c for c in choices if c]
    timings = []
    for _ in range(args.queries):
        text = rng.choice(words)
        cut = rng.randint(1, max(1, len(text)))
        query = text[:cut]
        if rng.random() < 0.3 and len(query) > 3:   # a typo
            i = rng.randrange(len(query) - 1)
            query = query[:i] + query[i + 1] + query[i] + query[i + 2:]
        kind = rng.choice(["rule", "card"])
        started = time.perf_counter()
        search(query, kind)
        timings.append(time.perf_counter() - started)
    timings.sort()
    print(json.dumps({
        "entries": len(entries), "search_strings": len(choices), "queries": len(timings),
        "p50_ms": round(statistics.median(timings) * 1000, 3),
        "p99_ms": round(timings[int(len(timings) * 0.99) - 1] * 1000, 3),
    }))
    return 0


if __name__ == "__main__":
    run_tool(main)
