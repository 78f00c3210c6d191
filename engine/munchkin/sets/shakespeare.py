"""Munchkin Shakespeare: its races and classes are the classic ones and live in the card data
(warrior wins ties, elf levels up for a monster helped to kill, dwarf keeps 6 cards and carries
any number of big items); one big item unless a card allows more (character.big_item_allowance and
decisions.ask_excess_big_items); "Halte einen Monolog" and "Die Schau stehlen" may give the winning
level ("reaches_level_10" in the card data, rules._check_play_level_up)."""

from __future__ import annotations

from engine.munchkin import character as ch
from engine.munchkin.effects import handler
from engine.munchkin.state import Player
from engine.munchkin.tx import Tx


@handler("lose_level_unless_armour")
def _lose_level_unless_armour(tx: Tx, victim: Player, source: str) -> bool:
    """Zwei Bienen (sample card, S l.3-14): armour worn means a clean escape, else a level goes."""
    if any(c.slot == "armor" for c in ch.items_in_use(tx.s, victim)) or victim.level <= 1:
        return False
    ch.lose_levels(tx, victim, 1, source=tx.s.card_ids[source])
    return True
