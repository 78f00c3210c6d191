"""The Munchkin state's models read their fields with CPython's plain attribute lookup
(engine.core.plain_reads) instead of pydantic's ``__getattr__`` hook, GameState too, whose private
attributes (the card catalogue, the seats, the card uids) are read through ``__pydantic_private__``:
every field, property and method reads as before, the private attributes keep working, a name a
model does not have is refused the same way, and a game stored and read back is the same game."""

from __future__ import annotations

import sys

import pytest

from engine.munchkin.rules import new_game
from engine.munchkin.state import PLAIN_READS, GameState, ItemInPlay, Options, Player


def _dealt() -> GameState:
    return new_game([("anna", "Anna"), ("ben", "Ben"), ("cleo", "Cleo")], seed=3, sets=("cthulhu",),
                    options=Options())[0]


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="the plain lookup is CPython's")
def test_every_model_of_the_state_reads_its_fields_plainly():
    assert {GameState, Player, ItemInPlay} <= set(PLAIN_READS) and len(PLAIN_READS) == 11


def test_fields_methods_and_missing_names_read_as_before():
    state = _dealt()
    player = state.players[0]
    assert (player.id, player.level) == ("anna", 1) and player.hand
    assert state.card(player.hand[0]).name_de          # the catalogue, a private attribute of the game
    assert state.has_player("ben") and not state.has_player("dora")
    item = ItemInPlay(uid="c1")
    assert item.model_fields_set == {"uid"}
    with pytest.raises(AttributeError, match="'Player' object has no attribute 'power'"):
        _ = player.power


def test_a_game_stored_and_read_back_is_the_same_game():
    state = _dealt()
    again = GameState.model_validate_json(state.model_dump_json())
    assert again.model_dump() == state.model_dump() and again.clone().model_dump() == state.model_dump()
    assert again.players[1].hand == state.players[1].hand


def test_the_games_private_attributes_still_work_and_are_shared_by_a_copy():
    state = _dealt()
    first = state.players[0].hand[0]
    assert state.card(first) is state.clone().card(first)          # the catalogue, shared by the copy
    assert state.card_uids() == frozenset(state.card_ids) and state.clone().card_uids() is state.card_uids()
    state.players.pop()                                              # a player leaves: the seats are asked anew
    assert not state.has_player("cleo") and state.has_player("anna")


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="the plain lookup is CPython's")
def test_moves_and_events_of_both_games_read_their_fields_plainly_and_as_before():
    """Every move of both games and the shared Event (made and read by the dozen per move) got the
    plain lookup: fields and properties read as before, a move parsed from outside too, and a name a
    model does not have is refused the same way."""
    import typing

    from engine.core.events import PLAIN_READS as EVENTS_PLAIN
    from engine.core.events import PUBLIC, Event
    from engine.munchkin import actions as munchkin
    from engine.smashup import actions as smashup

    for game in (munchkin, smashup):
        assert set(game.PLAIN_READS) == set(typing.get_args(typing.get_args(game.Action)[0]))
    assert (Event,) == EVENTS_PLAIN
    event = Event(kind="drawn", audience="anna", params={"card": "c1"})
    assert (event.kind, event.audience, event.params, event.is_public) == ("drawn", "anna", {"card": "c1"}, False)
    assert Event(kind="won").audience == PUBLIC
    played = munchkin.ACTION_ADAPTER.validate_python({"type": "play_card", "actor": "anna", "card": "c7"})
    assert (played.actor, played.card, played.target_player) == ("anna", "c7", None)
    picked = smashup.ACTION_ADAPTER.validate_json('{"type": "play_minion", "actor": "p1", "card": "s3", "base": "b1"}')
    assert (picked.actor, picked.card, picked.base, picked.target) == ("p1", "s3", "b1", None)
    with pytest.raises(AttributeError, match="'PlayMinion' object has no attribute 'power'"):
        _ = picked.power
    with pytest.raises(AttributeError, match="'Event' object has no attribute 'player'"):
        _ = event.player


@pytest.mark.skipif(sys.implementation.name != "cpython", reason="the plain lookup is CPython's")
def test_card_models_read_their_fields_plainly_and_as_before():
    """The cards (read at every listing and check) got the plain lookup: fields and properties read
    as before and a name a card does not have is refused the same way."""
    from engine.munchkin.cards import PLAIN_READS as CARDS_PLAIN
    from engine.munchkin.cards import Card, Effect, Provenance, catalog

    assert set(CARDS_PLAIN) == {Card, Effect, Provenance}
    cards = catalog(("cthulhu",))
    monster = next(card for card in cards.values() if card.kind == "monster" and card.bad_stuff)
    assert monster.level >= 1 and monster.bad_stuff[0].op and not monster.is_one_shot
    with pytest.raises(AttributeError, match="'Card' object has no attribute 'strength'"):
        _ = monster.strength
