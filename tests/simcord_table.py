"""The Discord tests' world on simcord: discord.py's real bot against a simulated Discord that
validates what the bot sends as Discord does (sizes, the interaction lifecycle, permissions) and can
fail any request on purpose (``env.inject_error``). ``Table`` is one server with a game channel and
three players; ``table`` is the fixture."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

import bot as bot_module

PLAYER_NAMES = ("Anna", "Ben", "Cleo")
FIXED_CLOCK = 1_700_000_000.0


@pytest.fixture
def simcord_bot(tmp_path):
    settings = bot_module.Settings(token="", db_path=tmp_path / "bot.db", data_dir=tmp_path)
    return bot_module.Spielleiter(settings, run_scheduler=False)


@dataclass
class Table:
    env: Any
    guild: Any
    channel: Any
    players: list[Any] = field(default_factory=list)

    @property
    def bot(self) -> bot_module.Spielleiter:
        return self.env.bot

    def uid(self, member: Any) -> str:
        return str(member.id)

    async def open_game(self, channel: Any = None, **options: Any) -> None:
        channel = channel or self.channel
        anna, *others = self.players
        await anna.slash(channel, "neu", **options)
        for member in others:
            await member.slash(channel, "beitreten")
        await anna.slash(channel, "start")
        await self.settle()

    async def settle(self) -> None:
        await self.env.settle()

    async def state(self, channel: Any = None) -> Any:
        channel = channel or self.channel
        return (await self.bot.table.seated(str(self.guild.id), str(channel.id)))[1]

    async def game_id(self, channel: Any = None) -> int:
        return (await self.bot.table.game_in(str(self.guild.id), str((channel or self.channel).id))).id

    def dm_channel_of(self, member: Any) -> int:
        """The DM channel the bot opened with this player."""
        for channel in self.env.backend.channels.values():
            if member.id in (getattr(channel, "recipient_ids", None) or ()):
                return channel.id
        raise LookupError(member)

    def member(self, user_id: str) -> Any:
        return next(m for m in self.players if str(m.id) == user_id)

    def public(self) -> list[Any]:
        """What everyone in the game channel sees, oldest first."""
        return self.channel.history(viewer=self.players[0])


@pytest.fixture
async def table(simcord_env) -> Table:
    env = simcord_env
    await env.bot.tree.sync()
    guild = env.create_guild(name="Spieleabend")
    channel = guild.create_text_channel("spieltisch")
    players = [guild.add_member(env.create_user(name.lower(), global_name=name)) for name in PLAYER_NAMES]
    env.bot.table.clock = lambda: FIXED_CLOCK
    env.bot.publisher.edit_interval = 0.0     # pacing is tested on its own (test_discord_publishing)
    return Table(env, guild, channel, players)
