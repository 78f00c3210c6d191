"""What a Smash Up player cannot see: every face-down deck (the bases', the monsters', the
treasures' and each player's own draw deck, one's own included) and the other players' hands.
engine/undo.py compares these before and after a move to tell whether it showed the mover
something new."""

from __future__ import annotations

from engine.smashup.state import GameState


def hidden_from(state: GameState, player_id: str) -> dict[str, list[str]]:
    zones = {"base_deck": state.base_deck, "monster_deck": state.monster_deck, "treasure_deck": state.treasure_deck}
    zones |= {f"deck:{p.id}": p.deck for p in state.players}
    zones |= {f"hand:{p.id}": p.hand for p in state.players if p.id != player_id}
    return zones
