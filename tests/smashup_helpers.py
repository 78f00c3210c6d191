"""Helpers of the Smash Up tests that stand apart from any one test module."""

from __future__ import annotations

from typing import Any

from engine.smashup.cards import Design, base_designs, designs, monster_designs, play_designs


def redesign(monkeypatch, card_id: str, **changes: Any) -> Design:
    """The design ``card_id`` with ``changes`` for the rest of the test, as an edited card file makes
    it: in the lookup of every design and in the one of its kind (engine.smashup.cards)."""
    new = designs()[card_id].model_copy(update=changes)
    monkeypatch.setitem(designs(), card_id, new)
    for by_kind in (play_designs(), base_designs(), monster_designs()):
        if card_id in by_kind:
            monkeypatch.setitem(by_kind, card_id, new)
    return new
