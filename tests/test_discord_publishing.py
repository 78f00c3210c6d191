"""What the bot keeps current without being asked (the status message, each hand DM), on simcord's
Discord: each game publishes on its own, each message is edited at most once a second with the newest
content, and a failed request (429, 5xx) costs that one message only."""

from __future__ import annotations

import asyncio
import random

import discord

from engine.munchkin import actions as A
from engine.munchkin.rules import legal_actions
from tests.simcord_table import COMPONENTS_V2, Table, said


def edits_of(table: Table, channel_id: int) -> list:
    return [r for r in table.env.http_requests
            if r.method == "PATCH" and r.path.startswith(f"/channels/{channel_id}/messages/")]


def status_message(table: Table, channel=None):
    """The live table message (cogs/live.py): the game's one components-v2 message."""
    return [m for m in (channel or table.channel).history() if m.flags.value & COMPONENTS_V2]


def displayed(message) -> list[str]:
    return [c.content for c in message.components if getattr(c, "content", None)]


async def current_table(table: Table) -> list[str]:
    """The texts the live table message should show for the game as it is now."""
    view = await table.bot.publisher.live_view(_result(await table.state(), await table.game_id()), [])
    return [c.content for c in view.children if isinstance(c, discord.ui.TextDisplay)]


async def play_until(table: Table, done, channel=None, moves: int = 80) -> None:
    """Random legal moves of the seated players (through the table, as commands would) until ``done()``."""
    rng = random.Random(3)
    game_id = await table.game_id(channel)
    for _ in range(moves):
        state = await table.state(channel)
        action = rng.choice([m for p in state.players for m in legal_actions(state, p.id)])
        await table.bot.table.act_in(game_id, action.actor, action, origin="interaction")
        await table.settle()
        if done():
            return
    raise AssertionError("never happened")


def status_changed(table: Table, before: str):
    return lambda: bool(status_message(table)) and said(status_message(table)[-1]) != before


async def test_the_status_is_edited_in_place_and_posted_anew_when_chat_pushed_it_up(table: Table):
    await table.open_game()
    first = status_message(table)[0]
    for word in ("hallo", "wer ist dran?", "moment", "gleich"):  # the players chat in the channel
        await table.players[1].send(table.channel, word)
    await play_until(table, status_changed(table, said(first)))
    statuses = status_message(table)
    assert len(statuses) == 1 and statuses[0].id != first.id     # the old one deleted, the new one at the end
    assert table.channel.history()[-1].id == statuses[0].id


async def test_a_status_with_little_below_it_is_edited_not_reposted(table: Table):
    await table.open_game()
    first = status_message(table)[0]
    await play_until(table, status_changed(table, said(first)))
    assert [m.id for m in status_message(table)] == [first.id]
    assert edits_of(table, table.channel.id)


async def test_a_429_on_one_dm_does_not_stop_the_status_update(table: Table):
    await table.open_game()
    victim = table.players[1]
    dm = table.dm_channel_of(victim)
    table.env.inject_error("PATCH", f"/channels/{dm}/messages/*", status=429, message="rate limited", times=None)
    others = [table.dm_channel_of(m) for m in table.players if m is not victim]
    before = said(status_message(table)[0])
    hands_before = [len(edits_of(table, c)) for c in others]
    await play_until(table, lambda: bool(edits_of(table, dm)) and status_changed(table, before)()
                     and [len(edits_of(table, c)) for c in others] > hands_before)
    assert edits_of(table, dm)                    # the victim's hand was tried (and refused with 429) ...
    await table.bot.publisher.drain()             # the last move's publishing may still be under way
    await table.settle()
    assert displayed(status_message(table)[-1]) == await current_table(table)   # ... and the table is current
    table.env.errors.clear()


async def test_a_500_on_the_status_costs_that_update_only_and_the_next_change_repairs_it(table: Table):
    await table.open_game()
    table.env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/*", status=500, times=1)
    await play_until(table, lambda: any(r.method == "PATCH" and r.path.startswith(f"/channels/{table.channel.id}/")
                                        for r in table.env.http_requests))
    stale = said(status_message(table)[-1])
    await play_until(table, status_changed(table, stale))
    await table.bot.publisher.drain()         # the newest move's update, still on its way, lands first
    await table.settle()
    edits = [r for r in table.env.http_requests
             if r.method == "PATCH" and r.path.startswith(f"/channels/{table.channel.id}/messages/")]
    assert len(edits) >= 2            # the one the 500 cost, and a later one that put the status right
    assert displayed(status_message(table)[-1]) == await current_table(table)
    table.env.errors.clear()


def _result(state, game_id: int):
    from table.service import ActResult

    return ActResult(game_id=game_id, channel_id="0", state=state, events=[], version=0, origin="test")


async def test_two_games_publish_at_the_same_time(table: Table):
    second = table.guild.create_text_channel("zweiter-tisch")
    await table.open_game()
    await table.open_game(second)
    publisher = table.bot.publisher
    slow_game, fast_game = await table.game_id(), await table.game_id(second)
    finished: dict[int, float] = {}
    real_hand = publisher._update_hand

    async def hand(game_id, *args, **kwargs):
        if game_id == slow_game:
            await asyncio.sleep(30)               # this game's Discord calls are very slow
        await real_hand(game_id, *args, **kwargs)
        finished[game_id] = asyncio.get_running_loop().time()
        if game_id == fast_game:
            fast_done.set()

    publisher._update_hand = hand
    fast_done = asyncio.Event()
    for channel in (table.channel, second):
        state = await table.state(channel)
        action = A.KickDoor(actor=state.active_player.id)
        await table.bot.table.act_in(await table.game_id(channel), action.actor, action, origin="interaction")
    await asyncio.wait_for(fast_done.wait(), timeout=10)
    assert fast_game in finished and slow_game not in finished   # the second game did not wait for the first


async def test_a_burst_of_changes_edits_a_message_twice_with_the_newest_content_last():
    from cogs.publisher import MessageSlot

    sent: list[tuple[int, float]] = []
    loop = asyncio.get_running_loop()

    def change(n: int):
        async def send() -> None:
            sent.append((n, loop.time()))
            await asyncio.sleep(0.01)        # the request in flight
        return send

    slot = MessageSlot((1, "#status"), interval=0.2)
    first = slot.want(change(0))
    await asyncio.sleep(0)                                   # the first edit is on its way
    assert [slot.want(change(n)) for n in range(1, 10)] == [None] * 9   # one task per message
    await first
    assert [n for n, _ in sent] == [0, 9]                    # the first at once, then only the newest
    assert sent[1][1] - sent[0][1] >= 0.19                   # no faster than one edit per interval


def looks_below_status(table: Table) -> list:
    """The requests for the channel's messages (the look below the status message)."""
    return [r for r in table.env.http_requests
            if r.method == "GET" and r.path == f"/channels/{table.channel.id}/messages"]


async def test_a_lively_game_looks_below_its_status_once_per_interval_and_still_moves_it_down(table: Table):
    """Every status change would otherwise cost a read of the channel's history (rate-limited per
    channel): within STATUS_LOOK_EVERY seconds the status is edited in place, and the first change after
    that time moves a status pushed up by the chat to the bottom."""
    from cogs.pictures import SPREAD
    from cogs.publisher import STATUS_LOOK_EVERY

    now = [1000.0]
    table.bot.publisher.looks_below.clock = lambda: now[0]
    await table.open_game()
    first = status_message(table)[0]
    for _ in range(3):                              # three changes within the interval: one look only
        await play_until(table, status_changed(table, said(status_message(table)[-1])))
        await table.bot.publisher.drain()
        await table.settle()
    assert len(looks_below_status(table)) == 1 and len(edits_of(table, table.channel.id)) >= 3
    for word in ("hallo", "wer ist dran?", "moment", "gleich"):      # the chat pushes the status up
        await table.players[1].send(table.channel, word)
    await play_until(table, status_changed(table, said(status_message(table)[-1])))
    await table.bot.publisher.drain()
    await table.settle()
    assert [m.id for m in status_message(table)] == [first.id]       # not looked at yet: edited in place
    now[0] += STATUS_LOOK_EVERY * (1 + SPREAD)      # this game's own interval, at its longest
    await play_until(table, lambda: [m.id for m in status_message(table)] not in ([], [first.id]))
    assert len(looks_below_status(table)) == 2
    assert table.channel.history()[-1].id == status_message(table)[-1].id   # at the bottom again


async def test_a_table_posted_anew_is_not_looked_below_before_its_own_interval(table: Table):
    """A table message posted anew (here: after a moderator deleted it) has nothing below it: its next
    change edits it without reading the channel's history, although the last look is an interval ago."""
    from cogs.pictures import SPREAD
    from cogs.publisher import STATUS_LOOK_EVERY

    now = [1000.0]
    table.bot.publisher.looks_below.clock = lambda: now[0]
    await table.open_game()
    await play_until(table, lambda: len(looks_below_status(table)) == 1)       # the first change looks once
    await table.bot.publisher.drain()
    moderator_role = table.guild.create_role("Moderation", permissions=discord.Permissions(manage_messages=True))
    moderator = table.guild.add_member(table.env.create_user("mod", global_name="Mod"), roles=[moderator_role])
    now[0] += 0.9 * STATUS_LOOK_EVERY
    await moderator.delete(status_message(table)[0])
    await play_until(table, lambda: len(status_message(table)) == 1)          # posted anew, without a look
    await table.bot.publisher.drain()
    await table.settle()
    assert len(looks_below_status(table)) == 1
    now[0] += 0.4 * STATUS_LOOK_EVERY      # past the last look's interval (at most 1 + SPREAD), not the post's
    assert 1 + SPREAD < 1.3
    await play_until(table, status_changed(table, said(status_message(table)[-1])))
    await table.bot.publisher.drain()
    await table.settle()
    assert len(looks_below_status(table)) == 1


async def test_a_lobby_joined_by_commands_is_looked_below_one_joined_by_buttons_is_not(table: Table):
    """The lobby message becomes the live table. Joined and started by commands, the bot's own lines
    ("Ben ist jetzt am Tisch", "Das Spiel beginnt") stand below it: the table's first change looks below
    (and moves it down once STATUS_REPOST_AFTER lines stand there). Joined and started by the lobby's
    buttons, nothing stands below it: no look before its interval, the lobby is edited into the table."""
    await table.open_game()                          # /neu, /beitreten, /start: lines below the lobby
    await play_until(table, status_changed(table, said(status_message(table)[-1])))
    await table.bot.publisher.drain()
    await table.settle()
    assert len(looks_below_status(table)) == 1

    second = table.guild.create_text_channel("zweiter-tisch")
    anna, *others = table.players
    await anna.slash(second, "neu")
    lobby = second.history()[-1]
    game_id = await table.game_id(second)
    for member in others:
        await member.click(lobby, custom_id=f"sl:join:{game_id}:male")
    await anna.click(lobby, custom_id=f"sl:start:{game_id}")
    await table.settle()
    state = await table.state(second)
    action = next(m for p in state.players for m in legal_actions(state, p.id))
    await table.bot.table.act_in(game_id, action.actor, action, origin="interaction")
    await table.bot.publisher.drain()
    await table.settle()
    assert not [r for r in table.env.http_requests if r.method == "GET" and r.path == f"/channels/{second.id}/messages"]
    assert [m.id for m in status_message(table, second)] == [lobby.id]
