"""A Smash Up game stored before the engine's speed-up still loads and replays to the very same stored
JSON (a game is kept as its state and its action log; table.replay checks one against the other)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.smashup.actions import ACTION_ADAPTER
from engine.smashup.choices import STALLING_ON_ALL
from engine.smashup.listing import legal_actions
from engine.smashup.rules import apply, is_legal, new_game
from engine.smashup.state import RULES_VERSION, GameState

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


def _dealt_as_stored():
    """The stored game's start, by the rules version it was played with (as table.actionlog.start
    deals it: its stored state has no version, so version 1)."""
    state, _ = new_game([tuple(p) for p in STORED["players"]], seed=STORED["seed"])
    state.rules_version = STORED["stored_state"].get("rules_version", 1)
    return state


def test_a_stored_game_replays_from_its_seed_to_the_stored_states():
    state = _dealt_as_stored()
    assert state.rules_version == 1
    middle = _replayed(state, STORED["actions"][:STORED["stored_after"]])
    assert json.loads(middle.model_dump_json()) == STORED["stored_state"]
    final = _replayed(middle, STORED["actions"][STORED["stored_after"]:])
    assert json.loads(final.model_dump_json()) == STORED["final_state"]


def test_a_stored_state_loads_and_plays_on_to_the_stored_end():
    loaded = GameState.model_validate_json(json.dumps(STORED["stored_state"]))
    assert json.loads(loaded.model_dump_json()) == STORED["stored_state"]
    final = _replayed(loaded, STORED["actions"][STORED["stored_after"]:])
    assert json.loads(final.model_dump_json()) == STORED["final_state"]


def _first_refused(version: int):
    """The stored game's log replayed by this rules version: the state and the first move refused."""
    state, _ = new_game([tuple(p) for p in STORED["players"]], seed=STORED["seed"])
    state.rules_version = version
    for data in STORED["actions"]:
        action = ACTION_ADAPTER.validate_python(data)
        if not is_legal(state, action):
            return state, action
        state, _ = apply(state, action)
    return state, None


def test_the_stored_game_needs_its_own_rules_version_to_replay():
    """The versions differ where the stored game met them: at version 2 Stalling asks its player about a
    card acting on every minion at its base, so the logged move after that card is not the one the
    game waits for; the newest version (issue #35's card texts) parts from the log too. Replayed by
    version 1, the log stays legal to the end (the test above)."""
    assert new_game([tuple(p) for p in STORED["players"]], seed=STORED["seed"])[0].rules_version == RULES_VERSION
    state, refused = _first_refused(STALLING_ON_ALL)
    assert refused is not None and any(d.kind == "may_stall_all" for d in state.decisions)
    assert _first_refused(RULES_VERSION)[1] is not None


def test_a_state_keeps_its_rules_version_through_storing():
    """A new game is stored with the newest version and loads with it; a state stored without one (every
    game from before the versions) loads as version 1 and is stored again without it, byte for byte."""
    state, _ = new_game([("a", "A"), ("b", "B")], seed=5)
    stored = state.model_dump_json()
    assert json.loads(stored)["rules_version"] == RULES_VERSION
    assert GameState.model_validate_json(stored).rules_version == RULES_VERSION
    old = json.dumps(STORED["stored_state"])
    loaded = GameState.model_validate_json(old)
    assert loaded.rules_version == 1 and json.loads(loaded.model_dump_json()) == STORED["stored_state"]


def _stored_record(state_json: str | None):
    from table.store import GameRecord, LoggedAction, Seat

    record = GameRecord(id=1, guild_id="g", channel_id="c", kind="smashup", sets=["smashup"], options={},
                        status="finished", host_id=STORED["players"][0][0], seed=STORED["seed"],
                        state_json=state_json, version=len(STORED["actions"]) + 1, pace="live",
                        created_at=0.0, updated_at=0.0)
    seats = [Seat(user_id=pid, name=name, seat=n) for n, (pid, name) in enumerate(STORED["players"])]
    logged = [LoggedAction(seq=n + 1, actor=a["actor"], action_json=json.dumps(a), at=0.0)
              for n, a in enumerate(STORED["actions"])]
    return record, seats, logged


def test_the_table_replays_a_stored_game_by_the_rules_version_of_its_stored_state():
    """table.actionlog (replay, history, taking a move back) deals a stored game anew by the version its
    stored state names: the game stored without one replays clean to its stored end; with no stored
    state to go by, the newest rules refuse its log where the versions differ."""
    from table.actionlog import RefusedOnReplay, final_state

    record, seats, logged = _stored_record(json.dumps(STORED["final_state"]))
    final = final_state(record, seats, logged)
    assert final.rules_version == 1 and json.loads(final.model_dump_json()) == STORED["final_state"]
    assert json.loads(final_state(record, seats, logged, rules_version=1).model_dump_json()) == STORED["final_state"]
    record, seats, logged = _stored_record(None)
    with pytest.raises(RefusedOnReplay):
        final_state(record, seats, logged)
