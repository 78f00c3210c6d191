"""The Smash Up state's parts are plain slotted dataclasses (issue #38): every field, property and
method reads as it did when they were pydantic models, a name a part does not have is refused, and a
game stored and read back is the same game."""

from __future__ import annotations

import pytest

from engine.smashup.state import GameState, Minion
from tests.test_smashup import drafted


def test_fields_properties_and_missing_names_read_as_before():
    state = drafted()
    assert state.active_player is state.players[state.active]          # a property
    assert state.card(state.bases[0].uid).breakpoint > 0                # a method
    minion = Minion(uid="m1", owner="anna", controller="anna")
    assert (minion.uid, minion.counters, minion.attached) == ("m1", 0, [])
    assert getattr(minion, "power", None) is None
    with pytest.raises(AttributeError, match="'Minion' object has no attribute 'power'"):
        _ = minion.power
    with pytest.raises(AttributeError):
        minion.power = 3            # type: ignore[attr-defined]  (slotted: no field made by a typo)


def test_a_game_stored_and_read_back_is_the_same_game():
    state = drafted()
    again = GameState.model_validate_json(state.model_dump_json())
    assert again == state and again.clone() == state
    assert again.bases[0].minions == state.bases[0].minions
    assert again.model_dump_json() == state.model_dump_json()
