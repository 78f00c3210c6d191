"""Invariants every Munchkin state must keep, checked by the simulator and the property tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.events import Event
from engine.core.invariants import place_problems
from engine.munchkin.cards import game_ending_cards
from engine.munchkin.character import MAX_LEVEL
from engine.munchkin.state import GameState


def violations(state: GameState, events: Sequence[Event] = ()) -> list[str]:
    found = place_problems(state.card_uids(), state.card_ids, state.all_card_locations())
    winners = state.winners
    for player in state.players:
        if not 0 < player.level < MAX_LEVEL:      # most steps: every level from 1 to 9
            found += _level_problems(state)
            break
    if bool(winners or state.ended_reason == "abandoned") != (state.phase == "over"):
        found.append("winners and phase disagree")
    for event in events:
        if event.kind in _LEVEL_OR_WIN:           # most steps change no level and win nothing
            found += _level_ten_problems(state, events)
            break
    if winners:
        found += _winner_problems(state, events)
    return found


_LEVEL_OR_WIN = frozenset({"level_changed", "game_won"})


def _level_problems(state: GameState) -> list[str]:
    """Every level from 1 to 10, and the tenth only for a winner."""
    found = []
    for player in state.players:
        level = player.level
        if not 1 <= level <= MAX_LEVEL:
            found.append(f"{player.id} on level {level}")
        if level == MAX_LEVEL and player.id not in state.winners:
            found.append(f"{player.id} on level 10 without winning")
    return found


def _winner_problems(state: GameState, events: Sequence[Event]) -> list[str]:
    """A winner is on the tenth level, unless the Kultists won together or victory is shared."""
    if state.options.shared_victory or any(e.kind == "all_cultists" for e in events):
        return []
    return [f"{winner} won on level {state.player(winner).level}" for winner in state.winners
            if state.player(winner).level != MAX_LEVEL]


def _level_ten_problems(state: GameState, events: Sequence[Event]) -> list[str]:
    """The tenth level comes from a kill, except the rulebooks' named exceptions: the last
    non-Kultist's level (Cthulhu) and a card that says it may end the game (Shakespeare). A helper
    who goes up for the kill (Professor, Elf) reaches it by that kill (C l.27, I l.63)."""
    found = []
    kinds = {e.kind for e in events}
    exceptions = {"kill", "helped_kill", "last_human"} | game_ending_cards(tuple(state.sets))
    changes = [e for e in events if e.kind == "level_changed"]
    for event in changes:
        if event.params["new"] == MAX_LEVEL and event.params["source"] not in exceptions:
            found.append(f"{event.params['player']} reached level 10 without a kill")
    special_end = kinds & {"all_cultists", "last_human"} or any(
        e.params["source"] in exceptions - {"kill", "helped_kill"} for e in changes)
    if "game_won" in kinds and "combat_won" not in kinds and not special_end:
        found.append("a win without a won combat")
    return found
