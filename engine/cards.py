"""A report on the card data: per set, how many cards, by deck and kind, where their facts come
from, and how many the engine plays by itself.

    python -m engine.cards --json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from engine.core.cli import run_tool
from engine.munchkin.cards import load_set

MUNCHKIN_SETS = ("cthulhu", "impossible", "shakespeare", "axecop")


def munchkin_report(set_key: str) -> dict:
    cards, _sources = load_set(set_key)
    copies = list(cards.values())
    count: Counter[str] = Counter()
    by_deck: Counter[str] = Counter()
    by_kind: Counter[str] = Counter()
    for card in copies:
        by_deck[card.deck] += card.count
        by_kind[card.kind] += card.count
        count[card.provenance.origin] += card.count
        count["automated" if card.automated else "not_automated"] += card.count
    total = sum(c.count for c in copies)
    return {
        "cards": total,
        "designs": len(copies),
        "by_deck": dict(sorted(by_deck.items())),
        "by_kind": dict(sorted(by_kind.items())),
        "official": count["official"],
        "partly_ours": count["partly_ours"],
        "ours": count["ours"],
        "automated": count["automated"],
        "automated_share": round(count["automated"] / total, 3) if total else 0.0,
        "not_automated": sorted(c.id for c in copies if not c.automated),
    }


def report() -> dict:
    result = {key: munchkin_report(key) for key in MUNCHKIN_SETS}
    try:
        from engine.smashup.report import smashup_report
    except ImportError:
        return result
    result["smashup"] = smashup_report()
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    args = parser.parse_args(argv)
    data = report()
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        for key, entry in data.items():
            print(f"{key}: " + ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("by_kind", "not_automated")))
    return 0


if __name__ == "__main__":
    run_tool(main)
