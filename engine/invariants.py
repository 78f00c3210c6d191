"""Invariants every Munchkin state must keep, checked by the simulator and the property tests."""

from __future__ import annotations

from operator import attrgetter

from engine.core.events import Event
from engine.core.invariants import place_problems
from engine.munchkin.cards import game_ending_cards
from engine.munchkin.character import MAX_LEVEL
from engine.munchkin.state import GameState


def violations(state: GameState, events: list[Event] = ()) -> list[str]:
    found = place_problems(state.card_uids(), state.card_ids, state.all_card_locations())
    winners = state.winners
    for player in state.players:
        level = player.level
        if not 1 <= level <= MAX_LEVEL:
            found.append(f"{player.id} on level {level}")
        if level == MAX_LEVEL and player.id not in winners:
            found.append(f"{player.id} on level 10 without winning")
    if bool(winners or state.ended_reason == "abandoned") != (state.phase == "over"):
        found.append("winners and phase disagree")
    kinds = set(map(_KIND, events))
    if "level_changed" in kinds or "game_won" in kinds:     # most steps change no level and win nothing
        found += _level_ten_problems(state, events, kinds)
    for winner in winners:
        if "all_cultists" in kinds:
            break
        if state.player(winner).level != MAX_LEVEL and not state.options.shared_victory:
            found.append(f"{winner} won on level {state.player(winner).level}")
    return found


_KIND = attrgetter("kind")


def _level_ten_problems(state: GameState, events: list[Event], kinds: set[str]) -> list[str]:
    """The tenth level comes from a kill, except the rulebooks' named exceptions: the last
    non-Kultist's level (Cthulhu) and a card that says it may end the game (Shakespeare)."""
    found = []
    exceptions = {"kill", "last_human"} | game_ending_cards(tuple(state.sets))
    changes = [e for e in events if e.kind == "level_changed"]
    for event in changes:
        if event.params["new"] == MAX_LEVEL and event.params["source"] not in exceptions:
            found.append(f"{event.params['player']} reached level 10 without a kill")
    special_end = kinds & {"all_cultists", "last_human"} or any(
        e.params["source"] in exceptions - {"kill"} for e in changes)
    if "game_won" in kinds and "combat_won" not in kinds and not special_end:
        found.append("a win without a won combat")
    return found
