"""The one answer an interaction owes, and the watch that keeps it in time.

Discord drops an interaction whose first answer has not come within three seconds. Every command,
button and menu is watched from its arrival (``Spielleiter.on_interaction``): when no answer has begun
DEFER_AFTER seconds later, the watch defers (privately, "thinking …", so that a refusal that follows
stays the player's own; a page button is deferred as an update of its message). The later the event
loop runs (cogs.looplag), the sooner the watch acts: at a lag of a second it defers at once.

Everything that answers goes through ``Answer`` (cogs.base.reply does), under one lock per
interaction: a deferral and an answer never race each other into two first answers, and an answer
after a deferral becomes the follow-up Discord expects.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import discord

from cogs.limits import outgoing

log = logging.getLogger("spielleiter")
DEFER_AFTER = 1.5      # seconds after arrival; Discord drops an interaction not answered within three
LAG_WEIGHT = 2.0       # each second of loop lag brings the deferral this many seconds sooner
EXTRAS_KEY = "answer"
_EDITING_PREFIXES: list[str] = []    # custom ids of components whose answer edits their own message


def answers_by_editing(prefix: str) -> str:
    """Components whose custom id starts so answer by editing their message (page buttons): the watch
    defers them as an update, and ``Answer.edit`` finishes that update."""
    _EDITING_PREFIXES.append(prefix)
    return prefix


def edits_its_message(interaction: discord.Interaction) -> bool:
    if interaction.type is not discord.InteractionType.component:
        return False
    custom_id = str((interaction.data or {}).get("custom_id", ""))
    return custom_id.startswith(tuple(_EDITING_PREFIXES))


def defer_delay(lag: float) -> float:
    return max(0.0, DEFER_AFTER - LAG_WEIGHT * lag)


class Answer:
    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self._lock = asyncio.Lock()
        self._timer: asyncio.TimerHandle | None = None
        self._watch_task: asyncio.Task | None = None
        self.deferred: str | None = None     # "private" ("thinking …", only for this user) or "update"
        self._tick_owed = False              # deferred privately: the first public answer goes to the channel
        self._arrived: float | None = None
        self._observe: Callable[[str, float], None] | None = None   # told how long the first answer took

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Answer:
        found = interaction.extras.get(EXTRAS_KEY)
        if found is None:
            found = interaction.extras[EXTRAS_KEY] = cls(interaction)
        return found

    # ------------------------------------------------------------------ the watch
    def watch(self, lag: float = 0.0, observe: Callable[[str, float], None] | None = None) -> None:
        """Defer by itself unless an answer has begun by the time the loop's lag leaves; ``observe`` hears
        the interaction's kind and the seconds to its first answer."""
        if self.interaction.type is discord.InteractionType.autocomplete or self._timer is not None:
            return
        loop = asyncio.get_running_loop()
        self._arrived, self._observe = loop.time(), observe
        self._timer = loop.call_later(defer_delay(lag), self._on_time)

    def _first_answer_sent(self) -> None:
        if self._observe is not None and self._arrived is not None:
            self._observe(self.interaction.type.name, asyncio.get_running_loop().time() - self._arrived)
        self._observe = None

    def _on_time(self) -> None:
        self._timer = None
        if self.interaction.response.is_done() or self._lock.locked():
            return
        self._watch_task = asyncio.ensure_future(self._defer_in_time())

    async def _defer_in_time(self) -> None:
        try:
            if edits_its_message(self.interaction):
                await self.defer_update()
            else:
                await self.defer_private()
        except discord.HTTPException:      # expired or answered meanwhile: the answer says what it can
            log.warning("could not defer interaction %s in time", self.interaction.id, exc_info=True)

    def _stop_watch(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    # ------------------------------------------------------------------ answering
    async def defer_private(self) -> None:
        async with self._lock:
            if self.interaction.response.is_done():
                return
            self._stop_watch()
            await self.interaction.response.defer(ephemeral=True, thinking=True)
            self._first_answer_sent()
            self.deferred, self._tick_owed = "private", True

    async def defer_update(self) -> None:
        async with self._lock:
            if self.interaction.response.is_done():
                return
            self._stop_watch()
            await self.interaction.response.defer()
            self._first_answer_sent()
            self.deferred = "update"

    async def send(self, content: str | None = None, *, ephemeral: bool = False, **kwargs: Any) -> int | None:
        """Answer (or follow up if answered already), within Discord's limits. After a private deferral
        the first public answer goes to the channel and the player gets a private tick. The id of the
        message that carries the answer (None if Discord did not say)."""
        message = outgoing(content=content, **kwargs)
        async with self._lock:
            self._stop_watch()
            interaction = self.interaction
            if self._tick_owed and not ephemeral:
                self._tick_owed = False
                await interaction.followup.send(content="✅", ephemeral=True)
                return (await interaction.channel.send(**message)).id
            self._tick_owed = False
            if interaction.response.is_done():
                sent = await interaction.followup.send(ephemeral=ephemeral, wait=True, **message)
                return sent.id
            answered = await interaction.response.send_message(ephemeral=ephemeral, **message)
            self._first_answer_sent()
            return getattr(answered, "message_id", None)

    async def edit(self, **kwargs: Any) -> None:
        """The component's own message, changed: its first answer, or the end of a deferred update."""
        message = outgoing(**kwargs)
        async with self._lock:
            self._stop_watch()
            if self.deferred == "update":
                await self.interaction.edit_original_response(**message)
            elif not self.interaction.response.is_done():
                await self.interaction.response.edit_message(**message)
                self._first_answer_sent()
            else:                      # deferred privately after all: the new page comes privately
                if "attachments" in message:           # (a new message carries them as its files)
                    message["files"] = message.pop("attachments")
                await self.interaction.followup.send(ephemeral=True, **message)
