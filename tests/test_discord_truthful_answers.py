"""Issue 36, "no silent failure", on simcord: the outcome of a move that was applied is never reported
as "nothing changed", also when Discord fails the answer to it; and /neu in a channel where the bot
may not post or embed says so, privately, naming the missing permission, and opens no game."""

from __future__ import annotations

import discord
import pytest

from cogs.texts import ui
from tests.simcord_table import Table, texts

NOTHING_CHANGED = ("Am Spiel hat sich nichts geändert", "Nothing in the game changed")
CALLBACK = "/interactions/*/callback"        # the interaction's first answer


async def _door_with_failing_answer(table: Table, status: int, times: int):
    """The player whose turn it is kicks the door open while Discord fails the answer; the answer, the
    game's version before and after, and what the channel got meanwhile."""
    await table.open_game()
    mover = table.member((await table.state()).active_player.id)
    before = (await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))).version
    posts = {m.id for m in table.public()}
    table.env.inject_error("POST", CALLBACK, status=status, times=times)
    answer = await mover.slash(table.channel, "tuer")
    await table.settle()
    table.env.errors.clear()
    after = (await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))).version
    return answer, before, after, [m.content for m in table.public() if m.id not in posts]


async def test_a_failed_reply_to_an_applied_move_still_tells_the_truth(table: Table):
    """A 500 on the answer, through all of discord.py's retries (the interaction has expired by then):
    the move counted, so the channel is told of it, and no answer claims that nothing changed."""
    answer, before, after, posted = await _door_with_failing_answer(table, 500, times=5)
    assert after == before + 1
    assert any("kicks open the door" in line for line in posted), posted
    assert not any(phrase in text for text in texts(answer) for phrase in NOTHING_CHANGED), texts(answer)


async def test_a_refused_answer_to_an_applied_move_is_posted_and_the_player_told_it_counted(table: Table):
    """Discord refuses the answer once (a 400): the move is posted to the channel all the same and the
    player hears privately that it went through."""
    answer, before, after, posted = await _door_with_failing_answer(table, 400, times=1)
    assert after == before + 1
    assert any("kicks open the door" in line for line in posted), posted
    said = texts(answer)
    assert said == [ui("en", "move_applied_answer_failed")] and answer.ephemeral, said


@pytest.mark.parametrize("permission", ["send_messages", "embed_links", "attach_files", "read_message_history"])
async def test_new_refuses_privately_where_the_bot_lacks_a_permission_and_names_it(table: Table, permission: str):
    denied = discord.PermissionOverwrite(**{permission: False})        # for the bot, in this channel only
    closed = table.guild.create_text_channel("ohne-rechte", overwrites={table.bot.user: denied})
    anna = table.players[0]
    answer = await anna.slash(closed, "neu")
    assert answer.ephemeral
    assert texts(answer) == [ui("en", "missing_permissions", permissions=ui("en", f"perm_{permission}"))]
    assert await table.bot.table.store.open_game_in_channel(str(table.guild.id), str(closed.id)) is None
    opened = await anna.slash(table.channel, "neu")           # where it may, the same command opens a game
    assert not opened.ephemeral and await table.game_id()
