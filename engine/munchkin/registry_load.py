"""The one place that imports every module registering a card handler or a set's decision, so that
the registries are complete once this module is imported (rules.py does). Read them from here.

The registries are looked up by name only, so the order of these imports changes nothing."""

from __future__ import annotations

from engine.munchkin import effects  # noqa: F401  (lose_most_valuable_item)
from engine.munchkin.registry import DECISIONS, HANDLERS, PLAYS
from engine.munchkin.sets import axecop, common, cthulhu, cthulhu_cards, hooks, impossible, shakespeare  # noqa: F401

__all__ = ["DECISIONS", "HANDLERS", "PLAYS"]
