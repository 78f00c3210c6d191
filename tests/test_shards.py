"""Two processes of one bot, each serving its own shards (SHARD_COUNT=2, SHARD_IDS=0 and 1), on one
database: a game's server sits on shard 1, so its slash commands and buttons reach the second
process, while the direct messages (the hand menus) reach shard 0, the first. Both work on the same
game, the status message stays current, and a deadline fires once although both run a scheduler.

simcord runs one bot per event loop, so the two processes are two bots on tests/discord_harness.py
sharing its recorded Discord."""

from __future__ import annotations

import asyncio
from collections import Counter

from cogs.munchkin.drive import step_for
from tests.discord_harness import FIXED_CLOCK, PLAYERS, SEED, Harness, dm_channel, state_of
from tests.test_discord import engine_game

SHARD_ONE_GUILD = (1 << 22) + 5000      # Discord puts a server on shard (id >> 22) % SHARD_COUNT
MOVES = 60


class TwoProcesses:
    """The players' Discord: what happens in the server goes to the guild's shard, DMs to shard 0."""

    def __init__(self, dm_process: Harness, guild_process: Harness) -> None:
        self.dm_process, self.guild_process = dm_process, guild_process
        self.recorder = guild_process.recorder
        self.served: Counter[str] = Counter()
        self.guild_id = guild_process.guild_id

    @property
    def bot(self):
        return self.guild_process.bot

    async def slash(self, user_id: str, name: str, locale: str = "de", **options):
        self.served["guild"] += 1
        return await self.guild_process.slash(user_id, name, locale, **options)

    async def click(self, user_id: str, custom_id: str, *, in_dm: bool = False, **kwargs):
        self.served["dm" if in_dm else "guild"] += 1
        process = self.dm_process if in_dm else self.guild_process
        return await process.click(user_id, custom_id, in_dm=in_dm, **kwargs)


async def drive(table: TwoProcesses, game_id: int, action) -> list:
    """One engine move as a player makes it (cogs/munchkin/drive.py), routed as Discord routes it."""
    me, step = action.actor, step_for(await state_of(table), game_id, action)
    if step.kind == "slash":
        return await table.slash(me, step.name, **step.options)
    if step.in_dm:
        return await table.click(me, step.name, values=step.values, in_dm=True, channel_id=dm_channel(table, me))
    return await table.click(me, step.name, values=step.values)


async def _two_processes(tmp_path) -> tuple[Harness, Harness]:
    first = await Harness(tmp_path, shards=(2, [0])).start()
    first.names.update(PLAYERS)
    second = await Harness(tmp_path, shards=(2, [1]), beside=first).start()
    for process in (first, second):
        process.guild_id = SHARD_ONE_GUILD
        process.bot.table.clock = lambda: FIXED_CLOCK
    return first, second


async def _stop(*processes: Harness) -> None:
    for process in processes:
        await process.stop()


def _status_posts(table: TwoProcesses, channel_id: str) -> list:
    """The live table message as each process sent or edited it (a click on it answers by editing it)."""
    return [s for s in table.recorder.sent if s.channel_id == channel_id and s.kind in ("channel", "edit", "response")
            and s.is_layout]


async def test_two_shards_play_one_game_from_the_server_and_from_the_dms(tmp_path):
    first, second = await _two_processes(tmp_path)
    assert first.bot.shard_ids == [0] and second.bot.shard_ids == [1]
    table = TwoProcesses(first, second)
    try:
        for user_id, command in (("111", "neu"), ("222", "beitreten"), ("333", "beitreten"), ("111", "start")):
            await table.slash(user_id, command)
        record = await second.bot.table.game_in(str(SHARD_ONE_GUILD), "6000")
        expected, moves = engine_game(list(PLAYERS.items()), SEED, 5, limit=MOVES)
        for number, move in enumerate(moves, start=1):
            sent = await drive(table, record.id, move)
            assert not [s.content for s in sent if s.content.startswith("⛔")], (number, move)
        assert table.served["dm"] and table.served["guild"]          # both processes took moves
        await first.settle()
        for process in (first, second):               # each process reads the one game as it is now
            assert (await state_of(process)).model_dump_json() == expected.model_dump_json()
        # the table message shows whose turn it is now, whichever process edited it last (its last few
        # events are each process's own: what that process published)
        heading = _status_posts(table, "6000")[-1].components[0]["content"]
        assert expected.active_player.name in heading and "ist am Zug" in heading
        assert all(table.recorder.dm_channels.get(str(dm_channel(table, u))) == u for u in PLAYERS)
    finally:
        await _stop(first, second)


async def test_a_deadline_fires_once_with_both_processes_watching(tmp_path):
    first, second = await _two_processes(tmp_path)
    table = TwoProcesses(first, second)
    try:
        await table.slash("111", "neu", tempo="async")
        for user_id in ("222", "333"):
            await table.slash(user_id, "beitreten")
        await table.slash("111", "start")
        await first.settle()
        record = await first.bot.table.game_in(str(SHARD_ONE_GUILD), "6000")
        posts = len([s for s in table.recorder.sent if s.kind == "channel"])
        logged = len(await first.bot.table.store.actions(record.id))
        for process in (first, second):      # both schedulers keep running; the clock jumps a day and more
            process.bot.table.clock = lambda: FIXED_CLOCK + 49 * 3600      # past the first turn's bank
        fired = await asyncio.gather(first.bot.table.fire_due(), second.bot.table.fire_due())
        await first.settle()
        assert any(fired)
        log = (await first.bot.table.store.actions(record.id))[logged:]
        assert log and {a.actor for a in log} == {"system"}          # only the clock moved
        new_posts = [s.content for s in table.recorder.sent if s.kind == "channel"][posts:]
        # each timeout applied once, and what matters of it told once, by whichever process fired it
        told = [text for text in new_posts if text]
        assert len(told) == len(set(told)) <= len(log)
    finally:
        await _stop(first, second)


def _result(state, game_id: int):
    from table.service import ActResult

    return ActResult(game_id=game_id, channel_id="6000", state=state, events=[], version=0, origin="test")
