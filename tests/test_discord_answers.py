"""Every interaction is answered, also when something goes wrong (simcord's Discord: an interaction
left unanswered or answered twice fails there as in a server)."""

from __future__ import annotations

import asyncio
import logging
import re
from types import SimpleNamespace

import pytest
from simcord.backend.errors import OptionError

from cogs import client
from cogs.client import RESYNC_EVERY
from cogs.commands_tree import find_command
from engine.core.errors import IllegalAction
from table.errors import DatabaseGone
from tests.simcord_table import Table, said


def syncs(table: Table) -> int:
    return sum(r.method == "PUT" and r.path.endswith("/commands") for r in table.env.http_requests)


def deferred(table: Table, result) -> bool:
    """The interaction was first answered with "thinking …" (callback type 5)."""
    return any(r.path.endswith("/callback") and (r.json or {}).get("type") == 5 for r in table.env.http_requests)


async def test_an_exception_inside_a_command_gets_a_private_apology_with_an_error_id(table: Table, caplog):
    await table.open_game()
    state = await table.state()

    async def broken(*args, **kwargs):
        raise RuntimeError("the store fell over")

    table.bot.table.act_in = broken
    with caplog.at_level(logging.ERROR, logger="spielleiter.errors"):
        result = await table.member(state.active_player.id).slash(table.channel, "tuer")
    assert result.ephemeral
    error_id = re.search(r"\(error ([0-9a-f]{8})\)", result.response.content)[1]
    assert result.response.content.startswith("Sorry")          # the player's language (an English client)
    logged = [r for r in caplog.records if error_id in r.getMessage()]
    assert logged and logged[0].exc_info and "the store fell over" in str(logged[0].exc_info[1])


async def test_a_stale_command_asks_for_a_minute_and_syncs_again(table: Table, monkeypatch):
    await table.open_game()
    card = find_command(table.bot.tree, "spielen")._params["card"]

    async def discord_has_a_stale_spielen() -> int:
        card.required = False
        await table.bot.tree.sync()          # what Discord still has: an older /spielen whose card was optional
        card.required = True
        return syncs(table)

    async def stale_click(player) -> None:
        result = await player.slash(table.channel, "spielen")
        assert result.ephemeral and "being updated" in result.response.content
        await table.env.settle()

    syncs_before = await discord_has_a_stale_spielen()
    await stale_click(table.players[0])
    assert syncs(table) == syncs_before + 1
    with pytest.raises(OptionError, match="requires option"):   # Discord has the current command again
        await table.players[1].slash(table.channel, "spielen")

    syncs_before = await discord_has_a_stale_spielen()
    await stale_click(table.players[0])      # Discord rate-limits syncing: none again within RESYNC_EVERY
    assert syncs(table) == syncs_before
    await table.env.advance_time(RESYNC_EVERY)
    await stale_click(table.players[0])
    assert syncs(table) == syncs_before + 1

    # stale clicks while a re-sync runs start no second one (simcord runs one interaction at a time, so
    # the bot is asked twice directly, on a clock past the rate limit)
    monkeypatch.setattr(client, "time", SimpleNamespace(monotonic=lambda: 10 * RESYNC_EVERY))
    table.bot.resync_soon()
    table.bot.resync_soon()
    await table.env.settle()
    assert syncs(table) == syncs_before + 2


async def test_a_slow_move_defers_first_and_then_shows_the_move(table: Table):
    await table.open_game()
    state = await table.state()
    real = table.bot.table.act_in

    async def slow(*args, **kwargs):
        await asyncio.sleep(2.5)
        return await real(*args, **kwargs)

    table.bot.table.act_in = slow
    result = await table.member(state.active_player.id).slash(table.channel, "tuer")
    assert deferred(table, result)
    assert (await table.state()).model_dump_json() != state.model_dump_json()
    await table.settle()
    assert "kicks open the door" in said(table.live())       # the live table message shows the move


async def test_a_slow_refusal_stays_private(table: Table):
    await table.open_game()
    state = await table.state()

    async def slow_refusal(*args, **kwargs):
        await asyncio.sleep(2.5)
        raise IllegalAction("not_your_turn", active="Ben")

    table.bot.table.act_in = slow_refusal
    result = await table.member(state.active_player.id).slash(table.channel, "tuer")
    assert deferred(table, result)
    assert result.response.content.startswith("⛔") and result.response.ephemeral
    assert not any(m.content.startswith("⛔") for m in table.public())


async def test_a_move_on_a_lagging_loop_is_deferred_at_once_and_still_shows_the_move(table: Table):
    """Issue #39: the later the event loop runs, the sooner an interaction is deferred; at a second of
    lag at once, so a move that then takes half a second is not dropped by Discord."""
    await table.open_game()
    state = await table.state()
    real = table.bot.table.act_in

    async def half_a_second(*args, **kwargs):
        await asyncio.sleep(0.5)
        return await real(*args, **kwargs)

    table.bot.table.act_in = half_a_second
    table.bot.loop_lag.note(1.2)
    try:
        result = await table.member(state.active_player.id).slash(table.channel, "tuer")
    finally:
        table.bot.loop_lag.reset()
    assert deferred(table, result)
    assert (await table.state()).model_dump_json() != state.model_dump_json()
    await table.settle()
    assert "door" in said(table.live())


async def test_a_quick_move_on_a_quiet_loop_is_answered_without_a_deferral(table: Table):
    await table.open_game()
    state = await table.state()
    result = await table.member(state.active_player.id).slash(table.channel, "tuer")
    assert not deferred(table, result)
    # issue 36: the mover reads what the move did, the channel's table message shows it to everyone
    assert "door" in result.response.content
    await table.settle()
    assert "door" in said(table.live())


def test_the_deferral_comes_sooner_the_later_the_loop_runs():
    from cogs.answers import DEFER_AFTER, defer_delay

    assert defer_delay(0.0) == DEFER_AFTER
    assert 0 < defer_delay(0.3) < DEFER_AFTER
    assert defer_delay(1.0) == defer_delay(5.0) == 0.0


async def test_a_database_that_went_away_is_named_to_the_player_in_one_log_line(table: Table, caplog):
    """With PostgreSQL restarting, a move meets no database: the player reads that, privately and in
    their language, and the log holds one line without a traceback (it is no bug of ours)."""
    await table.open_game()
    state = await table.state()

    async def away(*args, **kwargs):
        raise DatabaseGone("postgresql://spielleiter@db/spiele", "connection refused")

    table.bot.table.act_in = away
    with caplog.at_level(logging.ERROR, logger="spielleiter.errors"):
        result = await table.member(state.active_player.id).slash(table.channel, "tuer")
    assert result.ephemeral
    assert result.response.content.startswith("I cannot reach my database right now")
    logged = [r for r in caplog.records if r.name == "spielleiter.errors"]
    assert len(logged) == 1 and not logged[0].exc_info
    assert "connection refused" in logged[0].getMessage()
