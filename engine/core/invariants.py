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


def place_problems(uids: frozenset[str], card_ids: Iterable[str], locations: list[str]) -> list[str]:
    """card_place_problems with the usual answer found quicker (``uids``: every card of ``card_ids``,
    as a frozenset). Most steps of a game move no card: places equal, one by one, to the last ones
    proven for the same cards are right as well. Otherwise as many places as cards, and none of the
    game's cards left over once the placed ones are taken away, means n places filled by n different
    known cards, each in exactly one. Only a state that fails is counted card by card to say what is
    wrong."""
    global _proven
    proven_uids, proven_locations = _proven
    if uids is proven_uids and locations == proven_locations:
        return []
    if len(locations) == len(uids) and not uids.difference(locations):
        _proven = (uids, locations.copy())      # a copy: the caller's list may change afterwards
        return []
    return card_place_problems(card_ids, locations)


# the last places found right and the cards they were checked against (see place_problems)
_proven: tuple[frozenset[str], list[str]] = (frozenset(), [])


_known: tuple[dict[str, str], frozenset[str]] = ({}, frozenset())


def known_uids(card_ids: dict[str, str]) -> frozenset[str]:
    """The uids of a card table as a frozenset, remembered for the last table asked about: a game's
    table is set up once and then only read, so the simulator builds this once a game. Another table,
    or the same one grown in place, is worked out afresh."""
    global _known
    table, uids = _known
    if table is not card_ids or len(uids) != len(card_ids):
        uids = frozenset(card_ids)
        _known = (card_ids, uids)
    return uids
