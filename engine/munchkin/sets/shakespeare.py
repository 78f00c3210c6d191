"""Munchkin Shakespeare: its races and classes are the classic ones and live in the card data
(warrior wins ties, elf levels up for a monster helped to kill, dwarf keeps 6 cards and carries
any number of big items); one big item unless a card allows more (character.big_item_allowance and
character.ask_excess_big_items, withdrawn by withdraw_settled_big_items once they fit again);
Halb-Blut's second race on one's own turn (second_race_any_time); "Halte einen Monolog" and "Die
Schau stehlen" may give the winning level ("reaches_level_10" in the card data,
rules._check_play_level_up)."""

from __future__ import annotations

from engine.munchkin import character as ch
from engine.munchkin.registry import decision, handler
from engine.munchkin.state import MIX_AND_ALLOWANCE_RULES, GameState, Player
from engine.munchkin.tx import Tx


@handler("lose_level_unless_armour")
def _lose_level_unless_armour(tx: Tx, victim: Player, source: str) -> bool:
    """Zwei Bienen (sample card, S l.3-14): armour worn means a clean escape, else a level goes."""
    if any(c.slot == "armor" for c in ch.items_in_use(tx.s, victim)) or victim.level <= 1:
        return False
    ch.lose_levels(tx, victim, 1, source=tx.s.card_ids[source])
    return True


def second_race_any_time(state: GameState, player: Player) -> bool:
    """Halb-Blut itself may come at any time while one has a race (S l.623-629), but the second race
    it makes room for is a race like any: laid out on one's own turn or when drawn (S l.595-596).
    ("At any time" for the second one is Cthulhu's Super Munchkin sentence, C l.266, about classes.)
    A game begun before rules version 2 keeps the second race at any time."""
    old_rules = state.rules_version < MIX_AND_ALLOWANCE_RULES
    return old_rules and player.half_breed is not None and len(player.races) == 1


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



def withdraw_settled_big_items(tx: Tx) -> None:
    """Too many big items must go at once, unless the problem is put right (S l.640-645, A l.243): the
    question which to give away is withdrawn as soon as the player is within the allowance again,
    whether she sold or discarded one or laid out a card allowing more (a second Dinosaurier)."""
    state = tx.s
    if not state.decisions or state.rules_version < MIX_AND_ALLOWANCE_RULES:
        return
    for question in [d for d in state.decisions if d.kind == "excess_big"]:
        player = state.player(question.player)
        carried = sum(1 for i in player.items if state.card(i.uid).big)
        if carried <= ch.big_item_allowance(state, player):
            state.decisions.remove(question)
