"""Pending decisions: choices owed by one player, each with a default for when time runs out."""

from __future__ import annotations

from typing import Any

from engine.munchkin import character as ch
from engine.munchkin.state import Decision, Player
from engine.munchkin.tx import Tx


def open_decision(tx: Tx, player: str, kind: str, options: list[str], *, default: str | None = None,
                  blocking: bool = True, params: dict[str, Any] | None = None) -> Decision:
    decision = Decision(
        id=tx.s.new_id(), player=player, kind=kind, options=options,
        default=default if default is not None else options[0], blocking=blocking, params=params or {},
    )
    tx.s.decisions.append(decision)
    tx.emit("decision_opened", decision=decision.id, player=player, kind=kind,
            params={k: v for k, v in decision.params.items() if k != "remaining"})
    return decision


def ask_excess_big_items(tx: Tx, player: Player) -> None:
    """Too many big items (an allowance was lost): the player picks one to give away; it goes to the
    lowest-level player who can carry it, or is discarded (rulebook: "Große Gegenstände")."""
    if any(d.player == player.id and d.kind == "excess_big" for d in tx.s.decisions):
        return
    big = [i.uid for i in player.items if tx.s.card(i.uid).big]
    if len(big) > ch.big_item_allowance(tx.s, player):
        open_decision(tx, player.id, "excess_big", big)


def give_away_big_item(tx: Tx, player: Player, uid: str) -> None:
    others = sorted((p for p in tx.s.players if p.id != player.id and ch.can_carry_big(tx.s, p)),
                    key=lambda p: p.level)
    lowest = [p for p in others if p.level == others[0].level] if others else []
    if lowest:
        receiver = lowest[0]
        ch.move_item(tx.s, player, receiver, uid)
        tx.emit("item_given", player=player.id, to=receiver.id, card=tx.s.card_ids[uid])
    else:
        for removed in ch.remove_from_play(tx.s, player, uid):
            tx.discard(removed)
        tx.emit("card_lost", player=player.id, card=tx.s.card_ids[uid], source="big_item_limit")
    ask_excess_big_items(tx, player)
