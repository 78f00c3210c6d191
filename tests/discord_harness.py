"""discord.py's real bot, command tree and views, with a fake only at the network edge.

The bot's HTTP client is replaced by one that records each request and answers with a plausible
payload (or Forbidden 50007 for a closed DM); interaction responses and follow-ups go through a
recording webhook adapter. Gateway payloads are fed with ``parse_interaction_create``.
These are private names of discord.py 2.7: ``test_discord_canary`` fails loudly if they move.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import types
from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from discord.http import HTTPClient
from discord.webhook import async_ as webhook_async

import bot as bot_module
from cogs.commands_tree import command_data, find_command

APP_ID = 424242
BOT_USER = {"id": str(APP_ID), "username": "spielleiter", "discriminator": "0", "avatar": None, "bot": True}
GUILD_ID = 5000
CHANNEL_ID = 6000
_ids = itertools.count(10_000_000)


TEXT_DISPLAY = 10          # a components-v2 text display
COMPONENTS_V2 = 1 << 15    # the flag of a layout message
ALL_PERMISSIONS = str(discord.Permissions.all().value)   # the bot's in the guild channel (a DM has none)


def snowflake() -> str:
    return str(next(_ids))


@dataclass
class Sent:
    """One message the bot produced: where it went and what it said."""

    kind: str                  # "channel", "dm", "response", "followup", "edit", "autocomplete"
    channel_id: str | None
    content: str
    embeds: list[dict]
    components: list[dict]
    ephemeral: bool
    interaction_id: str | None = None
    choices: list[dict] = field(default_factory=list)

    @property
    def text(self) -> str:
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
        parts += [c["content"] for c in self.components if c.get("type") == TEXT_DISPLAY]   # a layout message
        return "\n".join(parts)

    @property
    def is_layout(self) -> bool:
        """A components-v2 message (the live table, cogs/live.py)."""
        return any(c.get("type") == TEXT_DISPLAY for c in self.components)

    def custom_ids(self) -> list[str]:
        found = []
        for row in self.components:
            for comp in row.get("components", []):
                if "custom_id" in comp:
                    found.append(comp["custom_id"])
        return found


def message_payload(channel_id: str, payload: dict | None, message_id: str | None = None) -> dict:
    payload = payload or {}
    return {
        "id": message_id or snowflake(), "channel_id": str(channel_id), "author": BOT_USER,
        "content": payload.get("content") or "", "embeds": payload.get("embeds") or [],
        "components": payload.get("components") or [], "attachments": [], "mentions": [], "mention_roles": [],
        "pinned": False, "mention_everyone": False, "tts": False, "timestamp": "2026-11-25T12:00:00+00:00",
        "edited_timestamp": None, "type": 0, "flags": payload.get("flags", 0),
    }


class Recorder:
    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self.requests: list[tuple[str, str]] = []
        self.closed_dms: set[str] = set()
        self.dm_channels: dict[str, str] = {}      # dm channel id -> user id

    def record(self, kind: str, channel_id: str | None, payload: dict | None, interaction_id: str | None = None,
               ephemeral: bool = False) -> None:
        payload = payload or {}
        self.sent.append(Sent(kind, str(channel_id) if channel_id else None, payload.get("content") or "",
                              payload.get("embeds") or [], payload.get("components") or [],
                              ephemeral or bool(payload.get("flags", 0) & 64), interaction_id,
                              payload.get("choices") or []))


def form_payload(form: list[dict[str, Any]] | None) -> dict | None:
    """The JSON part of a message sent with files (multipart: "payload_json" beside the files)."""
    return next((json.loads(part["value"]) for part in form or () if part.get("name") == "payload_json"), None)


def _forbidden() -> discord.Forbidden:
    response = types.SimpleNamespace(status=403, reason="Forbidden")
    return discord.Forbidden(response, {"code": 50007, "message": "Cannot send messages to this user"})


class FakeHTTP(HTTPClient):
    def __init__(self, recorder: Recorder, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(loop)
        self.recorder = recorder
        self.token = "fake-token"

    async def request(self, route: discord.http.Route, *, files=None, form=None, **kwargs: Any) -> Any:
        method, path = route.method, route.path
        payload = form_payload(form) or kwargs.get("json")
        self.recorder.requests.append((method, route.url))
        if method == "POST" and path == "/users/@me/channels":
            user_id = str(payload["recipient_id"])
            if user_id in self.recorder.closed_dms:
                raise _forbidden()
            channel_id = str(9_000_000 + int(user_id) % 1_000_000)
            self.recorder.dm_channels[channel_id] = user_id
            return {"id": channel_id, "type": 1, "recipients": [
                {"id": user_id, "username": f"u{user_id}", "discriminator": "0", "avatar": None}]}
        if path == "/channels/{channel_id}/messages" and method == "POST":
            channel_id = str(route.channel_id)
            if self.recorder.dm_channels.get(channel_id) in self.recorder.closed_dms:
                raise _forbidden()
            kind = "dm" if channel_id in self.recorder.dm_channels else "channel"
            self.recorder.record(kind, channel_id, payload)
            return message_payload(channel_id, payload)
        if path == "/channels/{channel_id}/messages/{message_id}" and method == "PATCH":
            channel_id = str(route.channel_id)
            self.recorder.record("edit", channel_id, payload)
            return message_payload(channel_id, payload, str(route.url.rsplit("/", 1)[-1]))
        if path == "/channels/{channel_id}/threads" and method == "POST":
            channel_id = str(route.channel_id)
            thread_id = str(8_000_000 + len(self.recorder.requests))
            return {"id": thread_id, "parent_id": channel_id, "owner_id": "1", "name": payload["name"],
                    "type": 11, "message_count": 0, "member_count": 1,
                    "thread_metadata": {"archived": False, "auto_archive_duration": 10080,
                                        "archive_timestamp": "2026-01-01T00:00:00+00:00"}}
        if path == "/channels/{channel_id}/messages" and method == "GET":
            return []          # channel history is not modelled here (simcord's tests cover it)
        if path.startswith("/applications/") and method == "PUT":
            return []
        return {}


class FakeWebhookAdapter(webhook_async.AsyncWebhookAdapter):
    def __init__(self, recorder: Recorder, channels: dict[str, str]) -> None:
        super().__init__()
        self.recorder = recorder
        self.channels = channels        # interaction id -> channel id

    async def request(self, route, session, *, payload=None, multipart=None, files=None, params=None, **kw):
        payload = form_payload(multipart) or payload       # a message with files comes as multipart
        path = route.path
        webhook_id = str(route.webhook_id)
        if path.endswith("/callback"):
            body = payload or {}
            data = body.get("data") or {}
            channel = self.channels.get(webhook_id)
            if body.get("type") == 8:      # autocomplete result
                self.recorder.record("autocomplete", channel, data, webhook_id)
            elif body.get("type") in (4, 7):
                self.recorder.record("response", channel, data, webhook_id)
            message = message_payload(channel or "0", data)
            return {"interaction": {"id": webhook_id, "type": 2, "response_message_id": message["id"],
                                    "response_message_loading": body.get("type") == 5,
                                    "response_message_ephemeral": bool(data.get("flags", 0) & 64)},
                    "resource": {"type": body.get("type", 4), "message": message}}
        token = route.webhook_token
        interaction_id = getattr(self, "tokens", {}).get(token)      # token -> interaction id
        channel = self.channels.get(interaction_id or "", None)
        if route.method == "POST":
            self.recorder.record("followup", channel, payload, interaction_id)
            return message_payload(channel or "0", payload)
        if route.method == "PATCH":
            self.recorder.record("edit", channel, payload, interaction_id)
            return message_payload(channel or "0", payload)
        return {}


def member(user_id: str, name: str, manage_channels: bool = False) -> dict:
    return {"user": {"id": user_id, "username": name.lower(), "global_name": name, "discriminator": "0",
                     "avatar": None},
            "roles": [], "joined_at": "2026-01-01T00:00:00+00:00", "deaf": False, "mute": False, "flags": 0,
            "permissions": str(1 << 4 if manage_channels else 0), "nick": None}


class Harness:
    """A running bot with faked network edges, and helpers to click and type as players would.
    ``beside``: a second process of the same bot (its own shards, the same database and Discord)."""

    http_class = FakeHTTP                    # the network edges (cogs.loadbench adds latency and 429s)
    adapter_class = FakeWebhookAdapter

    def __init__(self, tmp_path, recorder: Recorder | None = None, *, shards: tuple[int, list[int]] | None = None,
                 beside: Harness | None = None) -> None:
        self.tmp_path = tmp_path
        self.recorder = beside.recorder if beside else (recorder or Recorder())
        self.channels: dict[str, str] = beside.channels if beside else {}
        self.names: dict[str, str] = beside.names if beside else {}
        self.shards = shards
        self.beside = beside
        self.guild_id = GUILD_ID
        self.bot: bot_module.Spielleiter | None = None

    async def start(self) -> Harness:
        from cogs.client import make_bot

        settings = bot_module.Settings(token="", db_path=self.tmp_path / "bot.db", data_dir=self.tmp_path)
        if self.shards is not None:
            settings.shard_count, settings.shard_ids = self.shards
        bot = make_bot(settings)
        loop = asyncio.get_running_loop()
        fake = self.http_class(self.recorder, loop)
        bot.http = fake
        bot._connection.http = fake
        bot.tree._http = fake
        if self.beside is not None:      # one Discord: interactions answered through the same webhook edge
            self.adapter = self.beside.adapter
        else:
            self.adapter = self.adapter_class(self.recorder, self.channels)
            self.adapter.tokens = {}
        webhook_async.async_context.set(self.adapter)
        await bot._async_setup_hook()
        bot._connection.application_id = APP_ID
        bot._connection.user = discord.ClientUser(state=bot._connection, data=BOT_USER)
        await bot.setup_hook()
        bot.publisher.edit_interval = 0.0      # real time here: no pacing between edits of one message
        bot.publisher.hand_interval = 0.0
        self.bot = bot
        return self

    async def stop(self) -> None:
        if self.bot is not None:
            await self.settle()
            if self.bot.scheduler is not None:
                await self.bot.scheduler.stop()
            await self.bot.publisher.drain()
            await self.bot.table.store.close()
            self.bot = None

    # ------------------------------------------------------------------ feeding interactions
    def _base(self, user_id: str, kind: int, data: dict, *, locale: str = "de", channel_id: int = CHANNEL_ID,
              in_dm: bool = False, manage_channels: bool = False, message: dict | None = None) -> dict:
        interaction_id = snowflake()
        token = f"tok{interaction_id}"
        self.adapter.tokens[token] = interaction_id
        self.channels[interaction_id] = str(channel_id)
        payload = {
            "id": interaction_id, "application_id": str(APP_ID), "type": kind, "token": token, "version": 1,
            "data": data, "locale": locale, "app_permissions": "0", "entitlements": [],
            "attachment_size_limit": 8_388_608, "context": 1 if in_dm else 0,
            "channel_id": str(channel_id),
            "channel": {"id": str(channel_id), "type": 1 if in_dm else 0, "name": "spieltisch", "position": 0,
                        "permission_overwrites": [], "nsfw": False, "parent_id": None},
        }
        name = self.names.get(user_id, f"user{user_id}")
        if in_dm:
            payload["user"] = member(user_id, name)["user"]
            payload["channel"]["recipients"] = [payload["user"]]
        else:
            payload.update(guild_id=str(self.guild_id), guild_locale="de", app_permissions=ALL_PERMISSIONS,
                           member=member(user_id, name, manage_channels))
            payload["channel"]["guild_id"] = str(self.guild_id)
        if message is not None:
            payload["message"] = message
        return payload

    async def feed(self, payload: dict) -> str:
        self.bot._connection.parse_interaction_create(payload)
        await self.settle()
        return payload["id"]

    async def settle(self) -> None:
        """Wait for every task the interaction started (command invocations, view callbacks, the
        background DM updates), but not for the deadline scheduler's endless loop."""
        current = asyncio.current_task()
        for _ in range(20):
            pending = [t for t in asyncio.all_tasks() if t is not current and not t.done() and not _background(t)]
            if not pending:
                return
            await asyncio.wait(pending, timeout=5)

    async def command_data(self, name: str, options: list[dict], channel_id: int = CHANNEL_ID) -> dict:
        """The interaction data a client sends for the command ``name`` (its own name, "tuer", or its
        path, "munchkin tuer"); a move both games share is called in the channel's game's group."""
        record = await self.bot.table.store.open_game_in_channel(str(self.guild_id), str(channel_id))
        return command_data(find_command(self.bot.tree, name, prefer=record.kind if record else None), options)

    async def slash(self, user_id: str, name: str, locale: str = "de", **options: Any) -> list[Sent]:
        return await self.slash_in(user_id, name, locale=locale, **options)

    async def slash_in(self, user_id: str, name: str, *, locale: str = "de", in_dm: bool = False,
                       manage_channels: bool = False, channel_id: int = CHANNEL_ID, **options: Any) -> list[Sent]:
        opts = [{"name": k, "type": _option_type(v), "value": v} for k, v in options.items() if v is not None]
        data = await self.command_data(name, opts, channel_id)
        interaction_id = await self.feed(self._base(user_id, 2, data, locale=locale, in_dm=in_dm,
                                                    manage_channels=manage_channels, channel_id=channel_id))
        return self.for_interaction(interaction_id)

    async def autocomplete(self, user_id: str, name: str, focused: str, current: str = "",
                           locale: str = "de", **typed: str) -> list[dict]:
        """Suggestions for the focused option; ``typed`` are the options already filled in."""
        filled = [{"name": k, "type": 3, "value": v} for k, v in typed.items()]
        data = await self.command_data(name, [*filled, {"name": focused, "type": 3, "value": current, "focused": True}])
        interaction_id = await self.feed(self._base(user_id, 4, data, locale=locale))
        answers = [s for s in self.for_interaction(interaction_id) if s.kind == "autocomplete"]
        return answers[0].choices if answers else []

    async def click(self, user_id: str, custom_id: str, *, values: list[str] | None = None, in_dm: bool = False,
                    channel_id: int = CHANNEL_ID, locale: str = "de") -> list[Sent]:
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 3 if values is not None else 2}
        if values is not None:
            data["values"] = values
        components = self._components_with(custom_id, values)
        layout = any(c.get("type") == TEXT_DISPLAY for c in components)     # the live table: a layout message
        message = message_payload(str(channel_id), {"content": "", "components": components,
                                                    "flags": COMPONENTS_V2 if layout else 0})
        interaction_id = await self.feed(self._base(user_id, 3, data, in_dm=in_dm, channel_id=channel_id,
                                                    message=message, locale=locale))
        return self.for_interaction(interaction_id)

    def _components_with(self, custom_id: str, values: list[str] | None) -> list[dict]:
        """The message's components as the bot sent them (the latest message that had this custom id);
        for an id never sent (a forged or very old click), a row with just that component."""
        for sent in reversed(self.recorder.sent):
            if custom_id in sent.custom_ids():
                return sent.components
        if values is None:
            return [{"type": 1, "components": [{"type": 2, "style": 1, "label": "x", "custom_id": custom_id}]}]
        options = [{"label": v, "value": v} for v in values]
        return [{"type": 1, "components": [{"type": 3, "custom_id": custom_id, "options": options}]}]

    # ------------------------------------------------------------------ reading what was sent
    def for_interaction(self, interaction_id: str) -> list[Sent]:
        return [s for s in self.recorder.sent if s.interaction_id == interaction_id]

    def public(self) -> list[Sent]:
        """Everything the channel saw: channel posts, non-ephemeral responses and each version of the
        live table message (its edits)."""
        dms = set(self.recorder.dm_channels)
        return [s for s in self.recorder.sent
                if (s.kind == "channel" or (s.kind in ("response", "followup") and not s.ephemeral)
                    or (s.kind == "edit" and s.is_layout and s.channel_id not in dms))]

    def live_table(self) -> Sent:
        """The live table message as it was last sent or edited."""
        return next(s for s in reversed(self.public()) if s.is_layout)

    def dms_to(self, user_id: str) -> list[Sent]:
        channels = {c for c, u in self.recorder.dm_channels.items() if u == user_id}
        return [s for s in self.recorder.sent if s.channel_id in channels]


def _background(task: asyncio.Task) -> bool:
    """Tasks that wait by design: the deadline schedulers (of every bot running), their sleeps and
    discord.py's 15-minute view timeouts."""
    name = getattr(task.get_coro(), "__qualname__", "")
    return name in ("Event.wait", "DeadlineScheduler.run") or name.endswith("__timeout_task_impl")


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    if isinstance(value, int):
        return 4
    return 3


# ---------------------------------------------------------------------- what the Discord tests share
PLAYERS = {"111": "Anna", "222": "Ben", "333": "Cleo"}
FIXED_CLOCK = 1_700_000_000.0
SEED = int(FIXED_CLOCK * 1000) & 0xFFFFFFFF      # the seed the table picks from this clock


@pytest.fixture
async def h(tmp_path):
    """A started bot with three named players and a clock that stands still."""
    harness = await Harness(tmp_path).start()
    harness.names = dict(PLAYERS)
    harness.bot.table.clock = lambda: FIXED_CLOCK
    yield harness
    await harness.stop()


async def state_of(h: Harness):
    """The game state of the test channel's game."""
    return (await h.bot.table.seated(str(h.guild_id), str(CHANNEL_ID)))[1]


def dm_channel(h: Harness, user_id: str) -> int:
    """The id of the DM channel the bot opened with this user."""
    return next(int(c) for c, u in h.recorder.dm_channels.items() if u == user_id)
