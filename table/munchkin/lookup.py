"""Munchkin's cards in the lookups: every set's cards for the index, and a card's answer."""

from __future__ import annotations

from functools import cache

from engine.munchkin.cards import Card, available_sets, load_set
from table.frontend import CardEntry
from table.i18n import has_word, word
from table.lookup import automated_line, provenance_text
from table.munchkin.describe import describe, trait_names


@cache
def card_sets() -> dict[str, dict[str, Card]]:
    return {set_key: load_set(set_key)[0] for set_key in available_sets()}


@cache
def card_sources() -> dict[str, dict[str, str]]:
    return {set_key: load_set(set_key)[1] for set_key in available_sets()}


def card_entries() -> list[CardEntry]:
    return [CardEntry(set_key, card.id, card.name_de, card.name_en)
            for set_key, cards in card_sets().items() for card in cards.values()]


@cache
def _names(lang: str) -> dict[str, str]:
    merged: dict[str, Card] = {}
    for cards in card_sets().values():
        merged.update(cards)
    return trait_names(merged, lang)


def provenance_line(set_key: str, card: Card, lang: str) -> str:
    return provenance_text(card.provenance, card_sources().get(set_key, {}), lang)


def card_answer(set_key: str, card_id: str, lang: str) -> list[str]:
    """The card's deck and kind, its numbers and effect in our words, its set, whether the bot plays
    it by itself, and where its facts come from."""
    card = card_sets()[set_key][card_id]
    kind = word(lang, "kind_card_" + card.kind) if has_word(lang, "kind_card_" + card.kind) else card.kind
    copies = f" · ×{card.count}" if card.count > 1 else ""
    lines = [f"{word(lang, card.deck + '_one')} · {kind}{copies}"]
    details = describe(card, lang, _names(lang))
    if details:
        lines.append(details)
    effect = card.text_en if lang == "en" else card.text_de
    if effect:
        lines.append(effect)
    lines.append(f"Set: {set_key} · {automated_line(card.automated, lang)}")
    lines.append(provenance_line(set_key, card, lang))
    return lines
