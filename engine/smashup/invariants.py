"""Invariants every Smash Up state keeps, checked by the simulator and the tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.events import Event
from engine.core.invariants import known_uids, place_problems
from engine.smashup.state import GameState
from engine.smashup.turn import WINNING_VP


def violations(state: GameState, events: Sequence[Event] = ()) -> list[str]:
    card_ids = state.card_ids
    found = place_problems(known_uids(card_ids), card_ids, state.all_card_locations())
    players = state.players
    drafted = state.phase != "draft" and state.draft is None
    without_two = False
    # one plain loop over the seats: checked after every step, a generator per check would cost more
    for seat in players:
        if seat.vp < 0:
            found.append(f"{seat.id} has {seat.vp} VP")
        factions = seat.factions       # at most two, and not the same twice
        if len(factions) > 2 or (len(factions) == 2 and factions[0] == factions[1]):
            found.append(f"{seat.id} has factions {seat.factions}")
        if drafted and len(factions) != 2:
            without_two = True
    if without_two:
        found.append("a player without two factions")
    if drafted and len(state.bases) < len(players) + 1 and state.base_deck:   # a leaver's base stays
        found.append(f"{len(state.bases)} bases in play")
    if state.phase != "over":
        if state.winners:
            found.append("winners before the end")
    elif state.ended_reason != "abandoned":
        top = max(s.vp for s in players)
        if top < WINNING_VP or [s.id for s in players if s.vp == top] != state.winners:
            found.append(f"winners {state.winners} with VP {[s.vp for s in players]}")
    return found
