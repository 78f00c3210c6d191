"""Invariants every game keeps, whatever the game: each card in exactly one place."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable


def card_place_problems(card_ids: Iterable[str], locations: Iterable[str]) -> list[str]:
    """Every card of the game lies in exactly one place, and nothing else lies anywhere."""
    if not isinstance(locations, list):
        locations = list(locations)
    known = card_ids.keys() if isinstance(card_ids, dict) else set(card_ids)
    if len(locations) == len(known) and known == set(locations):
        return []        # as many places as cards and every card placed: each lies in exactly one
    found: list[str] = []
    counted = Counter(locations)
    for uid, count in counted.items():
        if count != 1:
            found.append(f"card {uid} in {count} places")
    missing = set(known) - set(counted)
    if missing:
        found.append(f"cards lost: {sorted(missing)[:5]}")
    unknown = set(counted) - known
    if unknown:
        found.append(f"unknown cards: {sorted(unknown)[:5]}")
    return found
