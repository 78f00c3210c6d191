"""Card handlers more than one set uses: what the effect vocabulary cannot say in numbers."""

from __future__ import annotations

from engine.munchkin import character as ch
from engine.munchkin.effects import lose_card
from engine.munchkin.registry import handler
from engine.munchkin.sets.cult import may_lose
from engine.munchkin.state import Player
from engine.munchkin.tx import Tx


@handler("lose_class_or_level")
def _lose_class_or_level(tx: Tx, victim: Player, source: str) -> list[str] | bool:
    """Lose a class; without one, lose a level instead."""
    classes = [u for u in victim.classes if may_lose(tx.s, victim, u)]
    if classes:
        return classes
    if victim.level <= 1:
        return False
    ch.lose_levels(tx, victim, 1, source=tx.s.card_ids[source])
    return True


@handler("lose_unused_items")
def _lose_unused_items(tx: Tx, victim: Player, source: str) -> bool:
    """Every item carried but not in use goes."""
    unused = [i.uid for i in victim.items if not i.in_use]
    for uid in unused:
        lose_card(tx, victim, uid, source)
    return bool(unused)


@handler("lose_level_per_hand_card")
def _lose_level_per_hand_card(tx: Tx, victim: Player, source: str) -> bool:
    if not victim.hand or victim.level <= 1:
        return False
    ch.lose_levels(tx, victim, len(victim.hand), source=tx.s.card_ids[source])
    return True


@handler("draw_three_treasures")
def _draw_three_treasures(tx: Tx, victim: Player, source: str) -> bool:
    return bool(tx.draw_to_hand(victim.id, "treasure", 3, fresh_until=tx.s.turn))


@handler("draw_two_doors")
def _draw_two_doors(tx: Tx, victim: Player, source: str) -> bool:
    return bool(tx.draw_to_hand(victim.id, "door", 2, fresh_until=tx.s.turn))


@handler("remove_curse")
def _remove_curse(tx: Tx, victim: Player, source: str) -> list[str] | bool:
    """Ends a curse (or trap) lying on the player; the player picks among several."""
    return list(victim.curses) or False


@handler("lose_big_item")
def _lose_big_item(tx: Tx, victim: Player, source: str) -> list[str] | bool:
    return [i.uid for i in victim.items if tx.s.card(i.uid).big] or False


@handler("lose_two_levels_if_high")
def _lose_two_levels_if_high(tx: Tx, victim: Player, source: str) -> bool:
    """Leaders are hit harder: two levels from level 5 up, one below."""
    if victim.level <= 1:
        return False
    ch.lose_levels(tx, victim, 2 if victim.level >= 5 else 1, source=tx.s.card_ids[source])
    return True
