"""Munchkin Impossible's mixing rules by name ("Kombiniere", I l.323-327 with I l.191): in a game with
Impossible, an item of another set is a knife when its name speaks of a knife or dagger, a firearm
when it names a pistol or gun, and a vehicle (in the one vehicle slot) when it is a steed or names a
car or wagon. Read from the German and the English name alike, where the card table of such a game is
made (state.card_table); Impossible's own cards say what they are in their data.

This module leans on the card model only: the card table is made below the rules."""

from __future__ import annotations

import re

from engine.munchkin.cards import Card

# the trait an Impossible card asks for ("item:knife", "item:gun", "vehicle") -> the words that give it,
# German and English, each read in its own name (the English "Cross-Gartered" is no German "Ross").
# German nouns join into compounds (Taschenmesser, Maschinengewehr, Streifenwagen): the word may be
# the tail of a longer one; English names are read word by word ("gun" in Shotgun, not in Burgundy).
_NAME_WORDS = {
    "knife": ((r"messer", r"dolch"), (r"\bknife\b|knives\b", r"dagger")),
    "gun": ((r"pistole", r"gewehr"), (r"pistols?\b", r"guns?\b", r"\brifles?\b")),
    "vehicle": ((r"ross\b", r"auto\b", r"wagen\b"), (r"\bhorses?\b", r"\bsteeds?\b", r"\bcars?\b", r"\bwagons?\b")),
}
_PATTERNS = {trait: tuple(re.compile("|".join(words), re.IGNORECASE) for words in by_language)
             for trait, by_language in _NAME_WORDS.items()}


def traits_by_name(card: Card) -> tuple[str, ...]:
    """The traits the names of this item give it, in the order of _NAME_WORDS."""
    if card.kind != "item":
        return ()
    return tuple(trait for trait, (german, english) in _PATTERNS.items()
                 if german.search(card.name_de) or english.search(card.name_en))


def read_by_name(card: Card) -> Card:
    """The card as a game with Impossible sees it: the traits its names give added, and a vehicle put
    in the vehicle slot (Impossible: one vehicle in use, I l.191)."""
    found = [t for t in traits_by_name(card) if t not in card.traits]
    if not found:
        return card
    update: dict[str, object] = {"traits": (*card.traits, *found)}
    if "vehicle" in found:
        update["slot"] = "vehicle"
    return card.model_copy(update=update)


def mixed_with_impossible(cards: dict[str, Card], impossible_ids: frozenset[str]) -> dict[str, Card]:
    """The card table of a game with Impossible: every other set's item read by its names."""
    return {cid: card if cid in impossible_ids else read_by_name(card) for cid, card in cards.items()}
