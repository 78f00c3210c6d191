"""The table layer: one game per channel, every action one transaction, stale versions, errors; on
SQLite and on PostgreSQL alike."""

from __future__ import annotations

import asyncio

import pytest

from engine.core.errors import IllegalAction
from engine.munchkin import actions as A
from table.errors import TableError
from table.service import TableService
from tests.conftest import seated_game


@pytest.fixture
def store(any_store):
    """Every test here runs against both backends."""
    return any_store


async def test_lobby_create_join_start(service):
    record = await service.create("g", "c1", "anna", "Anna", sets=["testdeck"], options={"faster_play": True})
    await service.join("g", "c1", "ben", "Ben")
    with pytest.raises(TableError) as err:
        await service.start("g", "c1", "ben")
    assert err.value.code == "host_only"
    result = await service.start("g", "c1", "anna", seed=4)
    assert result.version == 1 and result.state.options.faster_play
    assert [p.id for p in result.state.players] == ["anna", "ben"]
    assert (await service.store.get_game(record.id)).status == "active"


async def test_too_few_players_to_start(service):
    await service.create("g", "c1", "anna", "Anna")
    with pytest.raises(TableError) as err:
        await service.start("g", "c1", "anna")
    assert err.value.code == "too_few_players"


async def test_second_game_in_the_same_channel_is_refused(service):
    await service.create("g", "c1", "anna", "Anna")
    with pytest.raises(TableError) as err:
        await service.create("g", "c1", "ben", "Ben")
    assert err.value.code == "game_exists"
    await service.create("g", "c2", "ben", "Ben")     # another channel is fine


async def test_unknown_channel(service):
    with pytest.raises(TableError) as err:
        await service.act("g", "nowhere", "anna", A.KickDoor(actor="anna"))
    assert err.value.code == "no_game"


async def test_player_not_seated(service):
    await seated_game(service)
    with pytest.raises(TableError) as err:
        await service.act("g", "c1", "mallory", A.KickDoor(actor="mallory"))
    assert err.value.code == "not_seated"
    with pytest.raises(TableError) as err:
        await service.leave("g", "c1", "mallory")
    assert err.value.code == "not_seated"


async def test_acting_in_someone_elses_name_is_refused(service):
    await seated_game(service)
    with pytest.raises(TableError) as err:
        await service.act("g", "c1", "ben", A.KickDoor(actor="anna"))
    assert err.value.code == "not_allowed"


async def test_stale_version_is_refused_and_changes_nothing(service):
    started = await seated_game(service)
    active = started.state.active_player.id
    await service.act("g", "c1", active, A.KickDoor(actor=active))
    with pytest.raises(TableError) as err:
        await service.act("g", "c1", active, A.EndTurn(actor=active), expected_version=started.version)
    assert err.value.code == "stale_version"
    assert (await service.store.get_game(started.game_id)).version == started.version + 1


async def test_illegal_move_is_refused_and_not_logged(service):
    started = await seated_game(service)
    other = next(p.id for p in started.state.players if p.id != started.state.active_player.id)
    with pytest.raises(IllegalAction):
        await service.act("g", "c1", other, A.KickDoor(actor=other))
    assert await service.store.actions(started.game_id) == []


async def test_fifty_concurrent_actions_only_the_legal_one_applies(service):
    started = await seated_game(service)
    active = started.state.active_player.id
    results = await asyncio.gather(
        *(service.act("g", "c1", active, A.KickDoor(actor=active)) for _ in range(50)), return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and len(refused) == 49
    assert all(isinstance(r, (IllegalAction, TableError)) and r.code for r in refused)
    record = await service.store.get_game(started.game_id)
    assert record.version == 2 and len(await service.store.actions(started.game_id)) == 1


async def _item_in_play(service, started) -> tuple[str, str]:
    """The active player puts an item from their hand on the table; returns (player, item)."""
    state = started.state
    player = state.active_player
    for uid in [u for u in player.hand if state.card(u).kind == "item"]:
        try:
            await service.act("g", "c1", player.id, A.PlayCard(actor=player.id, card=uid))
        except IllegalAction:
            continue
        return player.id, uid
    raise AssertionError("the seed gives the active player no playable item")


async def test_fifty_identical_trade_offers_at_once_ask_the_partner_once(service):
    """Gegenstände handeln (Cthulhu, line 296): an offer waits for one answer; the same offer fired
    fifty times at once opens one decision and the other 49 are refused with a reason."""
    started = await seated_game(service, seed=3)
    giver, item = await _item_in_play(service, started)
    partner = next(p.id for p in started.state.players if p.id != giver)
    results = await asyncio.gather(
        *(service.act("g", "c1", giver, A.OfferTrade(actor=giver, to=partner, give=(item,))) for _ in range(50)),
        return_exceptions=True)
    refused = [r for r in results if isinstance(r, BaseException)]
    assert len(refused) == 49 and {getattr(r, "code", None) for r in refused} == {"trade_already_offered"}
    _, state = await service.state_of(await service.game_in("g", "c1"))
    assert [d.player for d in state.decisions if d.kind == "trade"] == [partner]


async def test_two_processes_writing_one_game_stay_consistent(backend, clock):
    """Two stores on one database (as two processes or shards would have): each action reads the current
    version, a move is judged on the newest state, and the log stays complete."""
    first, second = await backend.open(), await backend.open()
    try:
        a, b = TableService(first, clock), TableService(second, clock)
        started = await seated_game(a)
        await b.recover()                                  # b caches version 1
        active = started.state.active_player.id
        kicked = await a.act("g", "c1", active, A.KickDoor(actor=active))
        if kicked.state.combat is not None:                # b must see the combat a started
            window = kicked.state.combat.window
            passed = await b.act("g", "c1", active, A.Pass(actor=active, window=window))
            assert passed.version == kicked.version + 1
        record = await first.get_game(started.game_id)
        assert record.version == len(await first.actions(started.game_id)) + 1
    finally:
        await first.close()
        await second.close()


async def test_stale_cache_in_a_second_process_is_refreshed(backend, clock):
    first, second = await backend.open(), await backend.open()
    try:
        a, b = TableService(first, clock), TableService(second, clock)
        started = await seated_game(a)
        await b.recover()
        active = started.state.active_player.id
        await a.act("g", "c1", active, A.KickDoor(actor=active))
        # b still holds version 1 in its cache; kicking again must be judged on the new state
        with pytest.raises(IllegalAction) as err:
            await b.act("g", "c1", active, A.KickDoor(actor=active))
        assert err.value.code in ("wrong_phase", "in_combat", "waiting_for_decision")
    finally:
        await first.close()
        await second.close()


async def test_leave_in_the_lobby_and_during_the_game(service):
    await service.create("g", "c1", "anna", "Anna")
    await service.join("g", "c1", "ben", "Ben")
    await service.join("g", "c1", "cleo", "Cleo")
    assert await service.leave("g", "c1", "cleo") is None
    await service.join("g", "c1", "dora", "Dora")
    await service.join("g", "c1", "emil", "Emil")
    started = await service.start("g", "c1", "anna", seed=2)
    result = await service.leave("g", "c1", "dora")
    assert "dora" not in [p.id for p in result.state.players]
    assert any(e.kind == "player_left" for e in result.public_events)
    assert result.version == started.version + 1


async def test_end_only_by_host_or_manager(service):
    await seated_game(service)
    with pytest.raises(TableError):
        await service.end("g", "c1", "ben")
    await service.end("g", "c1", "ben", can_manage=True)
    with pytest.raises(TableError) as err:
        await service.game_in("g", "c1")
    assert err.value.code == "no_game"


async def test_finished_game_frees_the_channel(service):
    started = await seated_game(service, players=("anna", "ben"))
    await service.leave("g", "c1", "ben")        # one player left: the game ends
    assert (await service.store.get_game(started.game_id)).status == "finished"
    await service.create("g", "c1", "anna", "Anna")
