"""A Smash Up game stored before the engine's speed-up still loads and replays to the very same stored
JSON (a game is kept as its state and its action log; table.replay checks one against the other)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.smashup.actions import ACTION_ADAPTER
from engine.smashup.rules import apply, legal_actions, new_game
from engine.smashup.state import GameState

STORED = json.loads((Path(__file__).parent / "data" / "smashup_stored_game.json").read_text(encoding="utf-8"))


def _replayed(state, actions):
    for data in actions:
        action = ACTION_ADAPTER.validate_python(data)
        listed = legal_actions(state, action.actor)
        # cards that act anywhere (Potion of Idiotic Bravery) were listed once per base when this
        # game was stored; they are listed without a base now, and the stored form stays valid
        assert action in listed or (getattr(action, "base", None) is not None
                                    and action.model_copy(update={"base": None}) in listed)
        state, _ = apply(state, action)
    return state


def test_a_stored_game_replays_from_its_seed_to_the_stored_states():
    state, _ = new_game([tuple(p) for p in STORED["players"]], seed=STORED["seed"])
    middle = _replayed(state, STORED["actions"][:STORED["stored_after"]])
    assert json.loads(middle.model_dump_json()) == STORED["stored_state"]
    final = _replayed(middle, STORED["actions"][STORED["stored_after"]:])
    assert json.loads(final.model_dump_json()) == STORED["final_state"]


def test_a_stored_state_loads_and_plays_on_to_the_stored_end():
    loaded = GameState.model_validate_json(json.dumps(STORED["stored_state"]))
    assert json.loads(loaded.model_dump_json()) == STORED["stored_state"]
    final = _replayed(loaded, STORED["actions"][STORED["stored_after"]:])
    assert json.loads(final.model_dump_json()) == STORED["final_state"]
