"""Smash Up – Munchkin's cards in the lookups: every faction card, base, monster and treasure for
the index, and a card's answer."""

from __future__ import annotations

from engine.smashup.cards import data, designs
from engine.smashup.report import automated
from table.frontend import CardEntry
from table.lookup import automated_line, provenance_text
from table.smashup.render import card_facts, card_text

SET_KEY = "smashup"


def card_entries() -> list[CardEntry]:
    return [CardEntry(SET_KEY, design.id, design.name_de, design.name_en) for design in designs().values()]


def card_answer(set_key: str, design_id: str, lang: str) -> list[str]:
    """The facts, what the card does, whether the bot plays it, its origin."""
    design = designs()[design_id]
    return [card_facts(design, lang), card_text(design_id, lang),
            f"Set: Smash Up – Munchkin · {automated_line(automated(design), lang)}",
            provenance_text(design.provenance, data().sources, lang)]
