"""Watching a game without playing, and a rematch under a finished game (issue 20), on simcord's
Discord (its clients speak English): a spectator gets the public table by DM and never a hand,
cannot act, and stops when they ask; a finished game's message offers a rematch that opens a lobby
with the same players."""

from __future__ import annotations

import pytest

from engine.munchkin.rules import legal_actions
from tests.simcord_table import Table


@pytest.fixture
def dora(table: Table):
    """Someone on the server who does not play."""
    user = table.env.create_user("dora", global_name="Dora")
    return user, table.guild.add_member(user)


def hand_names(state) -> set[str]:
    return {n for p in state.players for uid in p.hand for n in (state.card(uid).name_de, state.card(uid).name_en)}


def dm_texts(user) -> list[str]:
    return [" ".join([m.content or "", *(f"{e.title} {e.description} {[f.value for f in e.fields]}" for e in m.embeds)])
            for m in user.dm_channel.history()]


async def a_move(table: Table) -> None:
    state = await table.state()
    action = next(a for p in state.players for a in legal_actions(state, p.id))
    await table.bot.table.act_in(await table.game_id(), action.actor, action, origin="interaction")
    await table.bot.publisher.drain()          # the publishing runs in the background
    await table.settle()


async def test_a_spectator_gets_the_public_table_by_dm_and_never_a_hand(table: Table, dora):
    user, member = dora
    await table.open_game()
    result = await member.slash(table.channel, "zuschauen")
    assert result.ephemeral and "watching now" in result.response.content
    assert result.response.embeds                       # the table as /status shows it
    await table.settle()
    dms = dm_texts(user)
    assert len(dms) == 1 and "Watching –" in dms[0] and "Anna" in dms[0]
    state = await table.state()
    assert not any(name in dms[0] for name in hand_names(state))
    dm = user.dm_channel.id
    await a_move(table)
    assert [r for r in table.env.http_requests if r.method == "PATCH" and r.path.startswith(f"/channels/{dm}/")]
    assert len(dm_texts(user)) == 1                    # the same DM, kept current (edited, not re-sent)
    assert not any(name in dm_texts(user)[0] for name in hand_names(await table.state()))


async def test_a_spectator_cannot_act_and_a_player_need_not_watch(table: Table, dora):
    _, member = dora
    await table.open_game()
    await member.slash(table.channel, "zuschauen")
    refused = await member.slash(table.channel, "tuer")
    assert refused.ephemeral and refused.response.content.startswith("⛔")
    player = await table.players[0].slash(table.channel, "zuschauen")
    assert player.ephemeral and "playing here" in player.response.content


async def test_watching_again_stops_the_dms(table: Table, dora):
    user, member = dora
    await table.open_game()
    await member.slash(table.channel, "zuschauen")
    await table.settle()
    stopped = await member.slash(table.channel, "zuschauen")
    assert "stopped watching" in stopped.response.content
    dm = user.dm_channel.id
    before = [r for r in table.env.http_requests if f"/channels/{dm}/" in r.path]
    others = len(table.env.http_requests)
    await a_move(table)
    assert len(table.env.http_requests) > others          # the players' messages were updated ...
    assert [r for r in table.env.http_requests if f"/channels/{dm}/" in r.path] == before   # ... not Dora's


async def test_a_finished_game_offers_a_rematch_with_the_same_players(table: Table):
    """Cthulhu: with fewer than two players left the game is over; a player of it opens the rematch."""
    anna, ben, cleo = table.players
    await table.open_game()
    game = await table.game_id()
    await ben.slash(table.channel, "verlassen")
    last = await cleo.slash(table.channel, "verlassen")
    await table.settle()
    assert (await table.bot.table.store.get_game(game)).status == "finished"
    del last
    ended = table.live()          # the live table message of the game that is over offers the rematch
    outsider = table.guild.add_member(table.env.create_user("emil", global_name="Emil"))
    refused = await outsider.click(ended, custom_id=f"sl:rematch:{game}")
    assert refused.ephemeral and "Only a player" in refused.response.content
    opened = await ben.click(ended, custom_id=f"sl:rematch:{game}")
    assert "Rematch" in opened.response.content
    record = await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))
    old = await table.bot.table.store.get_game(game)
    assert record.status == "lobby" and record.id != game and record.host_id == table.uid(ben)
    assert (record.kind, record.sets, record.options, record.pace) == (old.kind, old.sets, old.options, old.pace)
    assert sorted(s.name for s in await table.bot.table.store.seats(record.id)) == ["Anna", "Ben", "Cleo"]
    again = await anna.click(ended, custom_id=f"sl:rematch:{game}")
    assert again.ephemeral and again.response.content.startswith("⛔")       # the lobby is open already
