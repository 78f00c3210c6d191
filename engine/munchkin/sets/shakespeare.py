"""Munchkin Shakespeare: its races and classes are the classic ones and live in the card data
(warrior wins ties, elf levels up for a monster helped to kill, dwarf keeps 6 cards and carries
any number of big items); one big item unless a card allows more (character.big_item_allowance and
character.ask_excess_big_items); "Halte einen Monolog" and "Die Schau stehlen" may give the winning
level ("reaches_level_10" in the card data, rules._check_play_level_up)."""

from __future__ import annotations

from engine.munchkin import character as ch
from engine.munchkin.registry import decision, handler
from engine.munchkin.state import Player
from engine.munchkin.tx import Tx


@handler("lose_level_unless_armour")
def _lose_level_unless_armour(tx: Tx, victim: Player, source: str) -> bool:
    """Zwei Bienen (sample card, S l.3-14): armour worn means a clean escape, else a level goes."""
    if any(c.slot == "armor" for c in ch.items_in_use(tx.s, victim)) or victim.level <= 1:
        return False
    ch.lose_levels(tx, victim, 1, source=tx.s.card_ids[source])
    return True


STEAL_NEEDS = 4


@decision("steal_pick")
def resolve_steal(tx: Tx, thief: Player, uid: str) -> None:
    """Dieb, stealing (S l.504 names it; the roll is the classic thief's, our reading): a die, on 4
    or more the item is the thief's (carried, not in use), else the thief is caught and loses a level."""
    state = tx.s
    owner = next((p for p in state.players if p.id != thief.id and ch.item_in_play(p, uid)), None)
    if owner is None:
        return
    if tx.roll(thief.id, "steal") >= STEAL_NEEDS:
        ch.move_item(state, owner, thief, uid)
        tx.emit("item_stolen", player=thief.id, victim=owner.id, card=state.card_ids[uid])
    else:
        tx.emit("steal_failed", player=thief.id, victim=owner.id, card=state.card_ids[uid])
        ch.lose_levels(tx, thief, 1, source="steal")

