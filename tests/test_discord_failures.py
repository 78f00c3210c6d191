"""Discord failing on purpose (simcord's ``inject_error``): a 5xx or 429 costs the one request it hits;
the rest of the publish goes on and the next change repairs what was missed."""

from __future__ import annotations

from tests.simcord_table import COMPONENTS_V2, FIXED_CLOCK, Table, said


def statuses(table: Table) -> list:
    """The live table message (cogs/live.py), the one components-v2 message of the game."""
    return [m for m in table.public() if m.flags.value & COMPONENTS_V2]


async def _async_game_past_its_first_deadline(table: Table) -> None:
    await table.open_game(tempo="async")
    table.bot.table.clock = lambda: FIXED_CLOCK + 49 * 3600     # the first turn's bank has run out


async def test_a_500_on_the_deadline_posts_still_updates_the_status_and_the_hands(table: Table):
    await _async_game_past_its_first_deadline(table)
    before = said(statuses(table)[-1])
    posts = [m.id for m in table.public() if m not in statuses(table)]
    hand_edits = len(_dm_edits(table))
    table.env.inject_error("POST", f"/channels/{table.channel.id}/messages", status=500, times=None)
    fired = await table.bot.table.fire_due()
    await table.settle()
    await table.bot.publisher.drain()
    table.env.errors.clear()
    assert fired                                                  # the clock played the idle turn;
    assert [m.id for m in table.public() if m not in statuses(table)] == posts   # its posts were lost,
    state = await table.state()
    heading = statuses(table)[-1].components[0].content
    assert said(statuses(table)[-1]) != before and state.active_player.name in heading   # the table shows it
    assert len(_dm_edits(table)) > hand_edits                     # and the hands were edited


def _dm_edits(table: Table) -> list:
    dms = {str(table.dm_channel_of(m)) for m in table.players}
    return [r for r in table.env.http_requests if r.method == "PATCH" and r.path.split("/")[2] in dms]


async def test_a_503_opening_one_players_dm_spares_the_others_and_the_next_change_repairs_it(table: Table):
    table.env.inject_error("POST", "/users/@me/channels", status=503, times=1)   # the first DM to open fails
    await table.open_game()
    await table.bot.publisher.drain()
    with_dm = [m for m in table.players if _has_dm(table, m)]
    assert len(with_dm) == 2                                     # one player's hand was lost, not everyone's
    missing = next(m for m in table.players if m not in with_dm)
    state = await table.state()
    await table.member(state.active_player.id).slash(table.channel, "tuer")   # the next change
    await table.settle()
    await table.bot.publisher.drain()
    assert _has_dm(table, missing) and table.dms(missing)
    assert statuses(table)


def _has_dm(table: Table, member) -> bool:
    try:
        return bool(table.dms(member))
    except Exception:       # simcord: no DM channel was ever opened with this user
        return False
