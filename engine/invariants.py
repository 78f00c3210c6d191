"""Invariants every Munchkin state must keep, checked by the simulator and the property tests."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.invariants import card_place_problems
from engine.munchkin.cards import game_ending_cards
from engine.munchkin.character import MAX_LEVEL
from engine.munchkin.state import GameState


def violations(state: GameState, events: list[Event] = ()) -> list[str]:
    found = card_place_problems(state.card_ids, state.all_card_locations())
    for player in state.players:
        if not 1 <= player.level <= MAX_LEVEL:
            found.append(f"{player.id} on level {player.level}")
        if player.level == MAX_LEVEL and player.id not in state.winners:
            found.append(f"{player.id} on level 10 without winning")
    if bool(state.winners or state.ended_reason == "abandoned") != (state.phase == "over"):
        found.append("winners and phase disagree")
    # the tenth level comes from a kill, except the rulebooks' named exceptions: the last
    # non-Kultist's level (Cthulhu) and a card that says it may end the game (Shakespeare)
    exceptions = {"kill", "last_human"} | game_ending_cards(tuple(state.sets))
    for event in events:
        reached_ten = event.kind == "level_changed" and event.params["new"] == MAX_LEVEL
        if reached_ten and event.params["source"] not in exceptions:
            found.append(f"{event.params['player']} reached level 10 without a kill")
    kinds = {e.kind for e in events}
    special_end = kinds & {"all_cultists", "last_human"} or any(
        e.kind == "level_changed" and e.params["source"] in exceptions - {"kill"} for e in events)
    if "game_won" in kinds and "combat_won" not in kinds and not special_end:
        found.append("a win without a won combat")
    for winner in state.winners:
        if "all_cultists" in kinds:
            break
        if state.player(winner).level != MAX_LEVEL and not state.options.shared_victory:
            found.append(f"{winner} won on level {state.player(winner).level}")
    return found
