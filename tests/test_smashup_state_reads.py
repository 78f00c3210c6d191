"""The Smash Up state's models read their fields with CPython's plain attribute lookup
(engine.smashup.state._read_fields_plainly) instead of pydantic's ``__getattr__`` hook: every field,
property and method reads as before, a name the model does not have is refused the same way, and a
game stored and read back is the same game."""

from __future__ import annotations

import sys

import pytest

from engine.smashup.state import _COPY_PLAN, PLAIN_READS, GameState, Minion
from tests.test_smashup import drafted


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="the plain lookup is CPython's")
def test_every_state_model_reads_its_fields_plainly():
    """All seven models (from a minion to the whole game) got the plain lookup: none was left on the
    slow hook because the type's layout looked unexpected."""
    assert set(PLAIN_READS) == set(_COPY_PLAN)


def test_fields_properties_and_missing_names_read_as_before():
    state = drafted()
    assert state.active_player is state.players[state.active]          # a property
    assert state.card(state.bases[0].uid).breakpoint > 0                # a method
    minion = Minion(uid="m1", owner="anna", controller="anna")
    assert (minion.uid, minion.counters, minion.attached) == ("m1", 0, [])
    assert minion.model_fields_set == {"uid", "owner", "controller"}   # pydantic's own attributes
    assert getattr(minion, "power", None) is None
    with pytest.raises(AttributeError, match="'Minion' object has no attribute 'power'"):
        _ = minion.power


def test_a_game_stored_and_read_back_is_the_same_game():
    state = drafted()
    again = GameState.model_validate_json(state.model_dump_json())
    assert again == state and again.clone() == state
    assert again.bases[0].minions == state.bases[0].minions


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="the plain lookup is CPython's")
def test_card_designs_read_their_fields_plainly_and_as_before():
    """The card designs (read field by field at every listing and check) got the plain lookup too: a
    field reads its value, a name a design does not have is refused (a base has no keywords, so
    getattr's default is taken), and a design copied with a new text reads the new text."""
    from engine.smashup.cards import PLAIN_READS as DESIGNS_PLAIN
    from engine.smashup.cards import Base, Effect, Faction, Monster, PlayCard, designs

    assert set(DESIGNS_PLAIN) == {Effect, Faction, PlayCard, Base, Monster}
    guru, base = designs()["elves-elf-help-guru"], next(c for c in designs().values() if isinstance(c, Base))
    assert "talent" in guru.keywords and guru.kind == "minion" and guru.effects[0].op == "others_here_power"
    assert getattr(base, "keywords", ()) == () and getattr(base, "power", 0) == 0
    with pytest.raises(AttributeError, match="'Base' object has no attribute 'keywords'"):
        _ = base.keywords
    assert guru.model_copy(update={"keywords": ()}).keywords == ()
