"""What a Munchkin player cannot see: the two face-down decks and the other players' hands (the
discard piles and everything in play lie face up). engine/undo.py compares these before and after
a move to tell whether it showed the mover something new."""

from __future__ import annotations

from engine.munchkin.state import GameState


def hidden_from(state: GameState, player_id: str) -> dict[str, list[str]]:
    zones = {"door_deck": state.door_deck, "treasure_deck": state.treasure_deck}
    zones |= {f"hand:{p.id}": p.hand for p in state.players if p.id != player_id}
    return zones
