"""The Discord tests' world on simcord: discord.py's real bot against a simulated Discord that
validates what the bot sends as Discord does (sizes, the interaction lifecycle, permissions) and can
fail any request on purpose (``env.inject_error``). ``Table`` is one server with a game channel and
three players; ``table`` is the fixture."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from simcord.actors import MemberActor
from simcord.builders import UserHandle

import bot as bot_module
from cogs.commands_tree import find_command

PLAYER_NAMES = ("Anna", "Ben", "Cleo")
FIXED_CLOCK = 1_700_000_000.0


@pytest.fixture
async def simcord_bot(tmp_path):
    """The bot; its database is closed once simcord has shut it down (simcord cancels the bot's work
    but does not close it: a connection left open keeps its thread, and the test run, alive)."""
    settings = bot_module.Settings(token="", db_path=tmp_path / "bot.db", data_dir=tmp_path)
    bot = bot_module.Spielleiter(settings, run_scheduler=False)
    yield bot
    if bot.table is not None:
        await bot.table.store.close()


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

    def public(self, channel: Any = None) -> list[Any]:
        """What everyone in the game channel sees, oldest first (no one's private answers)."""
        return [m for m in (channel or self.channel).history(viewer=self.players[0]) if not m.flags.ephemeral]

    def live(self, channel: Any = None) -> Any:
        """The game's live table message (cogs/live.py): the newest components-v2 message in the channel."""
        return next(m for m in reversed(self.public(channel)) if m.flags.value & COMPONENTS_V2)

    def public_text(self, channel: Any = None) -> str:
        """Everything the channel shows, the live table message included."""
        return "\n".join(said(m) for m in self.public(channel))

    def dms(self, member: Any) -> list[Any]:
        """The bot's direct messages to this player, oldest first."""
        return member.user.dm_channel.history()

    def carrying(self, messages: list[Any], custom_id: str) -> Any:
        """The newest of ``messages`` with a button or menu of this custom id (as a player sees it)."""
        for message in reversed(messages):
            if custom_id in custom_ids(message):
                return message
        raise LookupError(custom_id)

    async def perform(self, member: Any, step: Any, channel: Any = None) -> Any:
        """One ``Step`` of a game's drive module, made as the player makes it: the slash command, or
        the button or menu on the newest message that carries it (in the channel or their DM)."""
        channel = channel or self.channel
        if step.kind == "slash":
            return await member.slash(channel, step.name, **step.options)
        if getattr(step, "opens", None):        # the table's button first, then the pick in its private menu
            opened = await member.click(self.live(channel), custom_id=step.opens)
            menu = opened.response.message
            if step.name not in custom_ids(menu):
                return opened
            return await member.select(menu, step.values, custom_id=step.name)
        if getattr(step, "on_table", False):
            return await member.click(self.live(channel), custom_id=step.name)
        if getattr(step, "first", None) is not None:     # the step whose answer puts this menu on its message
            opened = await self.perform(member, step.first, channel)
            if step.name not in custom_ids(opened.response.message):
                return opened
            actor = member.user if step.in_dm else member
            return await actor.select(opened.response.message, step.values, custom_id=step.name)
        if step.in_dm:
            actor, message = member.user, self.carrying(self.dms(member), step.name)
        else:
            actor, message = member, self.carrying(channel.history(viewer=member), step.name)
        if step.values is not None:
            return await actor.select(message, step.values, custom_id=step.name)
        return await actor.click(message, custom_id=step.name)


COMPONENTS_V2 = 1 << 15       # the message flag of a layout message (the live table)


def said(message: Any) -> str:
    """What a message says: its content, its embeds' titles and texts, its text displays."""
    parts = [message.content or ""]
    parts += [f"{e.title or ''}\n{e.description or ''}" for e in message.embeds]
    parts += [c.content for c in message.components if getattr(c, "content", None)]
    return "\n".join(parts)


def custom_ids(message: Any) -> list[str]:
    return [child.custom_id for row in message.components for child in getattr(row, "children", [row])
            if getattr(child, "custom_id", None)]


def select_options(message: Any, custom_id: str) -> list[tuple[str, str]]:
    """The (label, value) pairs of the select menu with this custom id in a message."""
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id:
                return [(option.label, option.value) for option in child.options]
    raise LookupError(custom_id)


def texts(result: Any) -> list[str]:
    """Everything an interaction's answer says: its response and follow-ups, with their embeds."""
    return [said(message) for message in [result.response, *result.followups] if message is not None]


def refusals(result: Any) -> list[str]:
    return [text for text in texts(result) if text.startswith("⛔")]


def call_by_leaf_names(monkeypatch: pytest.MonkeyPatch, env: Any) -> None:
    """simcord calls a subcommand by its path ("munchkin tuer"); the tests may also name just the
    subcommand ("tuer"), as a player finds it in Discord's list: the path is looked up in the bot's
    command tree (a move both games share in the channel's game's group). A name the tree does not
    have goes to simcord as it is, which refuses it as Discord would."""
    async def path(name: str, guild: Any = None, channel: Any = None) -> str:
        record = None
        if guild is not None:
            record = await env.bot.table.store.open_game_in_channel(str(guild.id), str(channel.id))
        try:
            return find_command(env.bot.tree, name, prefer=record.kind if record else None).qualified_name
        except LookupError:
            return name

    member_slash, member_autocomplete = MemberActor.slash, MemberActor.autocomplete
    user_slash, user_autocomplete = UserHandle.slash, UserHandle.autocomplete

    async def slash(self, channel, name, /, **options):
        return await member_slash(self, channel, await path(name, self.guild, channel), **options)

    async def autocomplete(self, channel, name, option, value, /, **filled):
        return await member_autocomplete(self, channel, await path(name, self.guild, channel), option, value, **filled)

    async def dm_slash(self, name, /, **options):
        return await user_slash(self, await path(name), **options)

    async def dm_autocomplete(self, name, option, value, /, **filled):
        return await user_autocomplete(self, await path(name), option, value, **filled)

    monkeypatch.setattr(MemberActor, "slash", slash)
    monkeypatch.setattr(MemberActor, "autocomplete", autocomplete)
    monkeypatch.setattr(UserHandle, "slash", dm_slash)
    monkeypatch.setattr(UserHandle, "autocomplete", dm_autocomplete)


@pytest.fixture
async def table(simcord_env, monkeypatch) -> Table:
    env = simcord_env
    call_by_leaf_names(monkeypatch, env)
    await env.bot.tree.sync()
    guild = env.create_guild(name="Spieleabend")
    channel = guild.create_text_channel("spieltisch")
    players = [guild.add_member(env.create_user(name.lower(), global_name=name)) for name in PLAYER_NAMES]
    env.bot.table.clock = lambda: FIXED_CLOCK
    env.bot.publisher.edit_interval = 0.0     # pacing is tested on its own (test_discord_publishing)
    env.bot.publisher.hand_interval = 0.0
    return Table(env, guild, channel, players)
