"""Issue 36: what the live table message no longer shows lives in `/spiel verlauf` and, where the bot
may open threads, in a thread of the game's channel with the whole public log. Asking for the history
opens the thread once, with the log so far and none of anyone's private lines; later public lines
arrive there gathered (one post per pace, not one per move); where threads are not allowed, the
private pages remain the log and nothing points to a thread."""

from __future__ import annotations

import discord
import pytest

import cogs.log_thread as log_thread
from cogs.texts import ui
from table.render import Namer
from tests.simcord_table import Table, said
from tests.test_discord import open_game
from tests.test_discord_live_table import _quiet_door_clock, click_on_table


@pytest.fixture(autouse=True)
def quick_pace(monkeypatch):
    monkeypatch.setattr(log_thread, "LOG_EVERY", 0.05)


def pointer(message) -> str:
    """The history answer's field that points to the thread ("" when it has none)."""
    return next((f.value for f in message.embeds[0].fields if f.name == ui("en", "log_thread_title")), "")


def thread_text(thread) -> str:
    return "\n".join(said(m) for m in thread.history())


async def _looted(table: Table):
    """The start player kicks the door (no monster) and loots the room by the table's buttons; the
    looted card is theirs alone to know (Cthulhu l.150: drawn face down)."""
    await open_game(table, _quiet_door_clock(table))
    game_id, state = await table.game_id(), await table.state()
    active = table.member(state.active_player.id)
    await click_on_table(table, active, f"sl:turn:{game_id}:door")
    before = (await table.state()).player(state.active_player.id).hand
    await click_on_table(table, active, f"sl:turn:{game_id}:loot")
    after = await table.state()
    (card,) = [uid for uid in after.player(state.active_player.id).hand if uid not in before]
    return game_id, active, card, after


async def test_the_history_opens_one_thread_with_the_public_log_and_no_private_card(table: Table):
    _, active, card, state = await _looted(table)
    asked = await table.players[1].slash(table.channel, "verlauf")
    await table.settle()
    assert asked.ephemeral
    (thread,) = table.channel.threads
    assert thread.mention in pointer(asked.response.message)
    logged = thread_text(thread)
    assert "kicks open the door" in logged, logged            # the public log so far, in the channel's language
    name = Namer("en", {}, state, ("cthulhu",)).card(card)
    assert name not in logged                                 # the card looted face down stays the looter's
    again = await active.slash(table.channel, "verlauf")     # a second ask points to the same thread
    await table.settle()
    assert len(table.channel.threads) == 1
    assert thread.mention in pointer(again.response.message)


async def test_later_public_lines_arrive_in_the_thread_gathered(table: Table):
    await open_game(table, _quiet_door_clock(table))
    game_id, state = await table.game_id(), await table.state()
    active = table.member(state.active_player.id)
    await click_on_table(table, active, f"sl:turn:{game_id}:door")
    await table.players[0].slash(table.channel, "verlauf")
    await table.settle()
    (thread,) = table.channel.threads
    posts_before = len(thread.history())
    assert "loots the room" not in thread_text(thread)
    await click_on_table(table, active, f"sl:turn:{game_id}:loot")      # two public lines: the loot, the draw
    await table.settle()
    new_posts = thread.history()[posts_before:]
    assert len(new_posts) == 1, [said(m) for m in new_posts]              # gathered into one post
    assert f"{active.user.global_name} loots the room" in said(new_posts[0])
    assert f"{active.user.global_name} draws 1 door card" in said(new_posts[0])


async def test_where_threads_are_not_allowed_the_history_stays_private_pages(table: Table):
    denied = discord.PermissionOverwrite(create_public_threads=False)
    closed = table.guild.create_text_channel("ohne-threads", overwrites={table.bot.user: denied})
    table.bot.table.clock = lambda: _quiet_door_clock(table)
    await table.open_game(closed)
    asked = await table.players[0].slash(closed, "verlauf")
    await table.settle()
    assert asked.ephemeral and not closed.threads
    assert pointer(asked.response.message) == ""
