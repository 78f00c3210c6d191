"""Bot seats at a chosen strength (issue 21): the strength is stored with the seat, a schwer bot
thinks in a worker process so that the table goes on meanwhile, and /bot_einsetzen takes the
strength as an option."""

from __future__ import annotations

import pytest

from table.errors import TableError
from table.replay import replay_game
from tests.conftest import seated_game


async def test_a_seats_bot_strength_is_stored_and_old_bot_seats_are_leicht(any_store):
    record = await any_store.create_game("g", "lv", "munchkin", ["testdeck"], {}, "u1", "live", 1.0)
    for user, name in (("u1", "Uli"), ("u2", "Udo"), ("u3", "Ute")):
        await any_store.add_seat(record.id, user, name, 1.0)
    await any_store.set_seat_bot(record.id, "u1", "Uli", True, "schwer")
    await any_store.set_seat_bot(record.id, "u2", "Udo", True)            # as bot seats were stored before
    await any_store.set_seat_bot(record.id, "u3", "Ute", True, "mittel")
    await any_store.set_seat_bot(record.id, "u3", "Ute", False, "mittel")  # a person takes it back
    levels = {s.user_id: (s.bot, s.bot_level) for s in await any_store.seats(record.id)}
    assert levels == {"u1": (True, "schwer"), "u2": (True, "leicht"), "u3": (False, None)}


async def test_an_unknown_strength_is_refused_and_changes_nothing(service):
    started = await seated_game(service, "lv2")
    with pytest.raises(TableError) as refused:
        await service.seat_bot("g", "lv2", "anna", "ben", level="unschlagbar")
    assert refused.value.code == "unknown_bot_level"
    assert not any(s.bot for s in await service.store.seats(started.game_id))


async def test_a_schwer_bot_plays_its_seat_from_a_worker_process(service):
    started = await seated_game(service, "lv3", seed=11)
    idle = started.state.active_player.id
    service.bot_budget_s = 0.02                    # a short think: the test is about where, not how well
    try:
        await service.seat_bot("g", "lv3", idle, idle, level="schwer")    # the player hands the seat over
        assert service._pool is not None                                    # the search ran in a worker
        assert any(a.actor == idle for a in await service.store.actions(started.game_id))
        report = await replay_game(service.store, await service.store.get_game(started.game_id))
        assert report["clean"], report
    finally:
        service.close()


async def test_bot_einsetzen_takes_the_strength(table):
    """/bot_einsetzen staerke: (simcord's clients speak English: "medium" is mittel)."""
    await table.open_game()
    _, ben, _ = table.players
    answer = await ben.slash(table.channel, "bot_einsetzen", spieler=table.uid(ben), staerke="mittel")
    assert "A bot (medium) takes over" in answer.response.content
    seats = {s.user_id: s for s in await table.bot.table.store.seats(await table.game_id())}
    assert seats[table.uid(ben)].bot and seats[table.uid(ben)].bot_level == "mittel"


async def test_the_roster_is_read_once_and_sees_this_processs_seat_changes_at_once(service):
    """Every message of a move names the seats: they are read from memory, and a bot seated here shows
    at once (another process's change within table.service.ROSTER_SECONDS)."""
    started = await seated_game(service, "lv4")
    reads = []
    seats = service.store.seats

    async def counted(game_id):
        reads.append(game_id)
        return await seats(game_id)

    service.store.seats = counted
    service.forget(started.game_id)              # what the start itself read is forgotten: count from here
    first = await service.roster(started.game_id)
    again = await service.roster(started.game_id)
    assert first == again and len(reads) == 1
    await service.seat_bot("g", "lv4", "ben", "ben", level="mittel")
    _, now = await service.roster(started.game_id)
    assert {s.user_id: s.bot for s in now}["ben"]
