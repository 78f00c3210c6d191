"""Invariants every Munchkin state must keep, checked by the simulator and the property tests."""

from __future__ import annotations

from collections import Counter

from engine.core.events import Event
from engine.munchkin.character import MAX_LEVEL
from engine.munchkin.state import GameState


def violations(state: GameState, events: list[Event] = ()) -> list[str]:
    found: list[str] = []
    locations = Counter(state.all_card_locations())
    for uid, count in locations.items():
        if count != 1:
            found.append(f"card {uid} in {count} places")
    missing = set(state.card_ids) - set(locations)
    if missing:
        found.append(f"cards lost: {sorted(missing)[:5]}")
    unknown = set(locations) - set(state.card_ids)
    if unknown:
        found.append(f"unknown cards: {sorted(unknown)[:5]}")
    for player in state.players:
        if not 1 <= player.level <= MAX_LEVEL:
            found.append(f"{player.id} on level {player.level}")
        if player.level == MAX_LEVEL and player.id not in state.winners:
            found.append(f"{player.id} on level 10 without winning")
    if bool(state.winners or state.ended_reason == "abandoned") != (state.phase == "over"):
        found.append("winners and phase disagree")
    for event in events:
        if event.kind == "level_changed" and event.params["new"] == MAX_LEVEL and event.params["source"] != "kill":
            found.append(f"{event.params['player']} reached level 10 without a kill")
    kinds = {e.kind for e in events}
    if "game_won" in kinds and "combat_won" not in kinds:
        found.append("a win without a won combat")
    for winner in state.winners:
        if state.player(winner).level != MAX_LEVEL and not state.options.shared_victory:
            found.append(f"{winner} won on level {state.player(winner).level}")
    return found
