"""Seats belong to their players (issue 34, point 5): a seat goes to a bot or a stand-in only when its
player agrees (their own /bot_einsetzen, the button in their DM, their own /vertretung_annehmen), or
when the seat is abandoned (TableService.abandoned: the player left, or a decision's or turn's
deadline passed while the seat owed it). The host alone cannot take a present player's seat, not
even for a second account of their own; a stand-in sees nothing of the hand before the handover.
Played through the table service here; through Discord in tests/test_discord_seat_handover.py."""

from __future__ import annotations

import pytest

from engine.munchkin import actions as A
from engine.munchkin.rules import new_game
from table.errors import TableError
from table.render import Namer, render_error
from table.service import TableService
from tests.conftest import seated_game

PLAYERS = ("anna", "ben", "cleo")       # anna hosts


async def _async_game(service: TableService, channel: str = "h1"):
    """Three players at the asynchronous pace (a turn timer of 24 hours from each player's bank);
    Cleo has the first turn."""
    await service.create("g", channel, "anna", "Anna", pace="async")
    for pid in PLAYERS[1:]:
        await service.join("g", channel, pid, pid.title())
    started = await service.start("g", channel, "anna", seed=3)
    assert started.state.active_player.id == "cleo"
    return started


async def _refused(call) -> TableError:
    with pytest.raises(TableError) as refused:
        await call
    return refused.value


async def _bots(service: TableService, game_id: int) -> dict[str, bool]:
    return {s.user_id: s.bot for s in await service.store.seats(game_id)}


# ---------------------------------------------------------------------- bots
async def test_the_host_cannot_put_a_bot_on_a_present_players_seat(service):
    started = await seated_game(service, "h2")
    refused = await _refused(service.seat_bot("g", "h2", "anna", "ben", level="mittel"))
    assert refused.code == "seat_owner_decides_bot"
    assert await _bots(service, started.game_id) == {"anna": False, "ben": False, "cleo": False}
    assert [a.actor for a in await service.store.actions(started.game_id)] == []     # nobody moved for Ben
    # the refusal says so in words, in both languages, naming the seat's player
    assert "Ben spielt diesen Platz selbst" in render_error(refused, Namer("de", {}))
    assert "Ben plays this seat" in render_error(refused, Namer("en", {}))


async def test_a_player_may_always_put_a_bot_on_their_own_seat(service):
    started = await seated_game(service, "h3")
    await service.seat_bot("g", "h3", "ben", "ben")
    assert (await _bots(service, started.game_id))["ben"]


async def test_the_host_may_put_a_bot_on_a_seat_whose_turn_timed_out(service, clock):
    """Abandoned: the turn's deadline passed while the seat owed it, and its player has not moved since."""
    started = await _async_game(service)
    idle = started.state.active_player.id
    assert not await service.abandoned(started.game_id, idle)
    clock.advance(25 * 3600)                           # past the 24 hours of the turn timer
    await service.fire_due()
    _, state = await service.seated("g", "h1")
    assert state.active_player.id != idle              # the table played the turn out
    assert await service.abandoned(started.game_id, idle)
    assert not await service.abandoned(started.game_id, "ben")     # Ben owed nothing
    await service.seat_bot("g", "h1", "anna", idle)
    assert (await _bots(service, started.game_id))[idle]


async def test_a_seat_is_no_longer_abandoned_once_its_player_moves_again(backend, clock):
    store = await backend.open()
    try:
        await _back_again(TableService(store, clock), clock)
    finally:
        await store.close()


async def _back_again(service: TableService, clock) -> None:
    started = await _async_game(service)
    first = started.state.active_player.id
    for _ in PLAYERS:                                  # every turn of a round times out
        clock.advance(25 * 3600)
        await service.fire_due()
    _, state = await service.seated("g", "h1")
    back = state.active_player.id
    assert await service.abandoned(started.game_id, back) and await service.abandoned(started.game_id, first)
    await service.act("g", "h1", back, A.KickDoor(actor=back))          # the player is back and plays
    assert not await service.abandoned(started.game_id, back)
    assert back == "cleo"
    refused = await _refused(service.seat_bot("g", "h1", "anna", back))
    assert refused.code == "seat_owner_decides_bot"
    assert not (await _bots(service, started.game_id))[back]
    await service.seat_bot("g", "h1", "anna", "ben")                  # Ben's turn timed out: still abandoned
    assert (await _bots(service, started.game_id))["ben"]


def _monster_seed() -> int:
    """A seed whose first door is a monster: kicking it open opens a reaction window for the others."""
    ids = [(p, p.title()) for p in PLAYERS]
    for seed in range(1, 500):
        state, _ = new_game(ids, seed=seed, sets=("cthulhu",))
        if state.card(state.door_deck[-1]).kind == "monster":
            return seed
    raise AssertionError("no seed opens with a monster")


async def test_a_reaction_window_closing_without_a_player_abandons_nobody(service, clock):
    """Letting a window pass in silence is a pass (the live pace closes it after 45 s)."""
    started = await seated_game(service, "h4", seed=_monster_seed())
    active = started.state.active_player.id
    kicked = await service.act("g", "h4", active, A.KickDoor(actor=active))
    assert any(target.startswith("window:") for target in await service._open_deadlines(started.game_id,
                                                                                         kicked.version))
    clock.advance(50)
    await service.fire_due()
    for player in PLAYERS:
        assert not await service.abandoned(started.game_id, player)


async def test_away_beyond_the_turn_deadline_abandons_the_seat_and_away_for_less_does_not(service):
    """Away for 48 hours at a 24-hour turn timer: the table plays the turn, and the player would have
    missed its deadline anyway. Away for 3 hours: the table plays it too, but the seat is not given up."""
    long_gone = await _async_game(service, "h5")
    player = long_gone.state.active_player.id
    await service.set_preferences("g", "h5", player, away_hours=48)
    assert await service.abandoned(long_gone.game_id, player)
    short = await _async_game(service, "h6")
    player = short.state.active_player.id
    await service.set_preferences("g", "h6", player, away_hours=3)
    _, state = await service.seated("g", "h6")
    assert state.active_player.id != player                       # the table played the turn meanwhile
    assert not await service.abandoned(short.game_id, player)


async def test_a_seat_whose_player_left_is_abandoned(service):
    started = await seated_game(service, "h7")
    await service.leave("g", "h7", "cleo")
    assert await service.abandoned(started.game_id, "cleo")
    assert not await service.abandoned(started.game_id, "ben")
    await service.seat_bot("g", "h7", "anna", "cleo")            # nothing of the seat is left to play
    refused = await _refused(service.request_substitute("g", "h7", "dora", "Dora", "cleo"))
    assert refused.code == "no_such_player"


# ---------------------------------------------------------------------- stand-ins
async def _handed(service: TableService, game_id: int, stand_in: str) -> str:
    return await service.player_for(game_id, stand_in)


async def test_a_stand_in_gets_a_present_seat_only_when_its_player_agrees(service):
    started = await seated_game(service, "h8")
    await service.request_substitute("g", "h8", "dora", "Dora", "ben")
    refused = await _refused(service.approve_substitute("g", "h8", "anna", "dora"))      # the host
    assert refused.code == "seat_owner_decides"
    assert "Ben plays this seat" in render_error(refused, Namer("en", {}))
    stranger = await _refused(service.approve_substitute("g", "h8", "cleo", "dora"))      # another player
    assert stranger.code == "substitute_not_yours"
    itself = await _refused(service.approve_substitute("g", "h8", "dora", "dora"))        # the stand-in
    assert itself.code == "substitute_not_yours"
    assert await _handed(service, started.game_id, "dora") == "dora"                       # nothing changed
    assert await service.user_for(started.game_id, "ben") == "ben"
    await service.approve_substitute("g", "h8", "ben", "dora")                             # Ben agrees
    assert await _handed(service, started.game_id, "dora") == "ben"
    assert await service.user_for(started.game_id, "ben") == "dora"


async def test_the_hosts_second_account_waits_for_the_seats_player(service):
    """The host asks for Cleo's seat with a second account and approves it: refused until Cleo agrees."""
    started = await seated_game(service, "h9")
    await service.request_substitute("g", "h9", "anna-zwei", "Anna 2", "cleo")
    refused = await _refused(service.approve_substitute("g", "h9", "anna", "anna-zwei"))
    assert refused.code == "seat_owner_decides"
    assert await _handed(service, started.game_id, "anna-zwei") == "anna-zwei"
    refused = await _refused(service.answer_substitute(started.game_id, "anna", "anna-zwei", "cleo", True))
    assert refused.code == "seat_owner_decides"                 # the host cannot click Cleo's button either
    await service.answer_substitute(started.game_id, "cleo", "anna-zwei", "cleo", True)
    assert await _handed(service, started.game_id, "anna-zwei") == "cleo"


async def test_the_host_hands_an_abandoned_seat_to_a_stand_in(service, clock):
    started = await _async_game(service, "h10")
    idle = started.state.active_player.id
    await service.request_substitute("g", "h10", "dora", "Dora", idle)
    assert (await _refused(service.approve_substitute("g", "h10", "anna", "dora"))).code == "seat_owner_decides"
    clock.advance(25 * 3600)
    await service.fire_due()
    await service.approve_substitute("g", "h10", "anna", "dora")
    assert await _handed(service, started.game_id, "dora") == idle


async def test_a_declined_or_replaced_request_and_a_finished_game_make_the_button_stale(service):
    started = await seated_game(service, "h11")
    await service.request_substitute("g", "h11", "dora", "Dora", "ben")
    await service.answer_substitute(started.game_id, "ben", "dora", "ben", False)          # Ben keeps it
    assert await service.store.substitutes(started.game_id) == []
    stale = await _refused(service.answer_substitute(started.game_id, "ben", "dora", "ben", True))
    assert stale.code == "stale_prompt"
    await service.request_substitute("g", "h11", "dora", "Dora", "ben")
    await service.request_substitute("g", "h11", "dora", "Dora", "cleo")                  # Dora asks Cleo instead
    stale = await _refused(service.answer_substitute(started.game_id, "ben", "dora", "ben", True))
    assert stale.code == "stale_prompt"
    await service.end("g", "h11", "anna")
    stale = await _refused(service.answer_substitute(started.game_id, "cleo", "dora", "cleo", True))
    assert stale.code == "stale_prompt"
    assert await _handed(service, started.game_id, "dora") == "dora"


async def test_a_request_its_consent_and_an_abandoned_mark_survive_a_restart(backend, clock):
    store = await backend.open()
    service = TableService(store, clock)
    started = await _async_game(service, "h12")
    idle = started.state.active_player.id
    await service.request_substitute("g", "h12", "dora", "Dora", "ben")
    clock.advance(25 * 3600)
    await service.fire_due()
    await store.close()
    store = await backend.open()                                  # a restart: nothing in memory
    try:
        service = TableService(store, clock)
        await service.recover()
        assert await service.abandoned(started.game_id, idle)
        refused = await _refused(service.approve_substitute("g", "h12", "anna", "dora"))
        assert refused.code == "seat_owner_decides"                 # Ben's seat is no idle one
        await service.answer_substitute(started.game_id, "ben", "dora", "ben", True)    # the button from before
    finally:
        await store.close()
    store = await backend.open()
    try:
        service = TableService(store, clock)
        assert await service.player_for(started.game_id, "dora") == "ben"
        assert await service.user_for(started.game_id, "ben") == "dora"
    finally:
        await store.close()


async def test_one_seat_one_player_until_the_standing_in_ends_on_either_backend(backend, clock):
    """A handed-over seat is played by its stand-in alone: its owner's move is refused
    (seat_handed_over, naming the stand-in) until the owner takes it back or the stand-in gives it
    back (/spiel vertretung_beenden); the end survives a restart, on SQLite and PostgreSQL alike."""
    store = await backend.open()
    service = TableService(store, clock)
    try:
        started = await _async_game(service, "h13")             # Cleo's turn
        await service.request_substitute("g", "h13", "dora", "Dora", "cleo")
        await service.answer_substitute(started.game_id, "cleo", "dora", "cleo", True)
        refused = await _refused(service.acting_seat(started.game_id, "cleo"))
        assert refused.code == "seat_handed_over"
        assert "Dora is playing your seat" in render_error(refused, Namer("en", {}))
        assert await service.acting_seat(started.game_id, "dora") == "cleo"
        assert await service.acting_seat(started.game_id, "ben") == "ben"
        nobody = await _refused(service.end_substitute("g", "h13", "ben"))
        assert nobody.code == "no_stand_in"
        ended, _ = await service.end_substitute("g", "h13", "cleo")
        assert (ended.user_id, ended.player_id) == ("dora", "cleo")
    finally:
        await store.close()
    store = await backend.open()                                  # a restart: nothing in memory
    try:
        service = TableService(store, clock)
        assert await service.acting_seat(started.game_id, "cleo") == "cleo"
        assert await service.acting_seat(started.game_id, "dora") == "dora"
        assert await service.user_for(started.game_id, "cleo") == "cleo"
        again = await _refused(service.end_substitute("g", "h13", "dora"))
        assert again.code == "no_stand_in"
    finally:
        await store.close()
