"""Pending decisions: choices owed by one player, each with a default for when time runs out."""

from __future__ import annotations

from typing import Any

from engine.munchkin.state import Decision, GameState
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


def first_pending(state: GameState, kind: str) -> dict[str, Decision]:
    """Each player's first open decision of this kind, by player id (the rules that watch the whole
    table after every step ask it once, not once per player)."""
    found: dict[str, Decision] = {}
    for decision in state.decisions:
        if decision.kind == kind:
            found.setdefault(decision.player, decision)
    return found
