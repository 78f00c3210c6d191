"""What the bot says without being asked: the one private message per player and game that it keeps
current (edited, not re-sent), and the channel posts for moves made by the clock (deadlines)."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from cogs.games import frontend_of, table_embed
from cogs.hand import HandMessage, hand_files, hand_message
from cogs.limits import outgoing
from cogs.live import RECENT, LiveTable, Recent, headlines, layout, layout_digest
from cogs.log_thread import LogThreads
from cogs.pictures import Throttle, as_file, pictures_digest, table_pictures
from cogs.texts import game_ui, ui
from table.logs import log_error
from table.render import render_event
from table.service import ActResult
from table.store import PrivateMessage

if TYPE_CHECKING:
    from cogs.client import Spielleiter

log = logging.getLogger(__name__)
DM_CLOSED = 50007   # Discord: cannot send messages to this user
STATUS_KEY = "#status"   # the live status message is kept like a private message under this key
LOBBY_KEY = "#lobby"     # the lobby message (cogs/lobby.py), kept the same way; at the start it becomes the table
LOBBY_CLOSED = 2         # its ``closed`` once it lost its buttons (or became the table)
STATUS_REPOST_AFTER = 4  # with this many channel messages below it, the status is posted anew at the bottom
# seconds between two looks at the channel below a game's status message (each look is a request to the
# channel's rate-limited history; in a lively game the status changes about once a second)
STATUS_LOOK_EVERY = 30.0


EDIT_INTERVAL = 1.0      # seconds between two requests for the same message (Discord's per-message pace)
# seconds between two edits of one player's hand message: its first change goes out at once, the changes
# of a lively table after it are gathered (the hand is checked when a card is picked from it anyway);
# a pick made on the hand message itself redraws it at once
HAND_EDIT_INTERVAL = 8.0
# seconds a table picture that is due waits for the next move's edit to carry it before it is sent alone
PICTURE_GRACE = 5.0


class MessageSlot:
    """One message the bot keeps current. At most one request for it is in flight, at most one a second,
    and only the newest wanted content is sent: what was wanted in between is dropped (latest wins)."""

    def __init__(self, key: tuple[int, str], interval: float = EDIT_INTERVAL) -> None:
        self.key, self.interval = key, interval
        self.pending: Callable[[], Awaitable[None]] | None = None
        self.task: asyncio.Task | None = None
        self.last_sent = float("-inf")
        self.hurried = False

    def hurry(self) -> None:
        """The next request goes out as soon as Discord's pace for one message allows (EDIT_INTERVAL
        after the last), not after this slot's longer wait (the player's own move)."""
        self.hurried = True

    def _wait(self, now: float) -> float:
        pace = min(self.interval, EDIT_INTERVAL) if self.hurried else self.interval
        return self.last_sent + pace - now

    def want(self, send: Callable[[], Awaitable[None]]) -> asyncio.Task | None:
        self.pending = send
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._run())
            return self.task
        return None

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            while (wait := self._wait(loop.time())) > 0:   # also after the last request: a change meanwhile
                await asyncio.sleep(min(wait, EDIT_INTERVAL))   # keeps the pace (shortened when hurried)
            if self.pending is None:
                return
            send, self.pending, self.hurried = self.pending, None, False
            try:
                await send()
            except Exception:    # 429 after discord.py's retries, 5xx, Forbidden: this message only;
                log_error(log, "updating message %s failed", self.key[1], game_id=self.key[0])   # repaired next
            finally:         # paced from the end of a request: its own reads before it may have taken a while
                self.last_sent = loop.time()


def _shows_nothing(state: Any, player_id: str, hand: HandMessage, news: list) -> bool:
    """A hand message with nothing in it: no card in the hand, no menu, no news (Smash Up's players have
    no cards while they draft their factions at the table). It is first sent once it shows something,
    so a game's start does not open a DM per player only to say that the hand is empty."""
    player = state.player(player_id)
    return not getattr(player, "hand", None) and not hand.view.children and not news


class Publisher:
    """Each game publishes in its own ordered queue (games never wait on each other); each message
    through its own MessageSlot. Queues and slots live only while they have work: a queue until it is
    worked off, a slot until a second has passed since its last request with nothing new wanted, so
    idle and finished games hold nothing here."""

    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot
        self._queues: dict[int, deque[ActResult]] = {}
        self._workers: dict[int, asyncio.Task] = {}
        self._slots: dict[tuple[int, str], MessageSlot] = {}
        self._tasks: set[asyncio.Task] = set()
        self.edit_interval = EDIT_INTERVAL
        self.hand_interval = HAND_EDIT_INTERVAL
        self.pictures = Throttle()
        self.looks_below = Throttle(every=STATUS_LOOK_EVERY)   # when each game's status last looked below it
        self._latest_status: dict[int, ActResult] = {}     # a status picture waiting for its time
        self.recent = Recent()                              # each game's last public events (the table shows them)
        self.log = LogThreads(self)                         # each game's full log in a thread, where asked for
        self._answering: dict[int, int] = {}                # games whose table a click is answering by editing it
        self._held_status: dict[int, ActResult] = {}        # ... and the newest update waiting for that
        self._movers: set[tuple[int, str]] = set()          # (game, player) whose own move is to be shown at once
        self._picture_timers: dict[int, asyncio.TimerHandle] = {}
        # (game, player) -> the newest events only that player saw: their hand message shows them ("just
        # now") until newer ones come (kept in memory: after a restart a hand shows none until then)
        self._news: dict[tuple[int, str], list] = {}

    async def on_result(self, result: ActResult) -> None:
        """Called by the table after every committed action; the work runs in the background so that
        an interaction is answered within Discord's three seconds."""
        self.recent.add(result.game_id, result.public_events)
        for player_id in {e.audience for e in result.events if e.audience and not e.is_public}:
            self._news[(result.game_id, player_id)] = result.private_events(player_id)
        self._queues.setdefault(result.game_id, deque()).append(result)
        worker = self._workers.get(result.game_id)
        if worker is None or worker.done():
            self._workers[result.game_id] = self._track(self._work_off(result.game_id))

    def waiting(self) -> int:
        """Committed actions not yet published, over all games."""
        return sum(len(queue) for queue in self._queues.values())

    def _track(self, coro: Awaitable[None]) -> asyncio.Task:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def drain(self) -> None:
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _work_off(self, game_id: int) -> None:
        """This game's results in order: the clock's moves are posted one by one; the hand messages and
        the status only for the newest result waiting (older ones would be overwritten at once)."""
        queue = self._queues[game_id]
        try:
            while queue:
                result = queue.popleft()
                steps = [self.post_to_channel] if result.origin != "interaction" else []
                steps.append(self.log.on_result)          # every result's lines, in order, for the log thread
                if not queue:
                    steps += [self.update_private_messages, self.update_spectators_of, self.update_status]
                for step in steps:      # a failed post (5xx, 429) costs that post, not the hands and status
                    try:
                        await step(result)
                    except Exception:
                        log_error(log, "publishing version %s failed", result.version, game_id=result.game_id)
        finally:
            if not queue:
                self._queues.pop(game_id, None)
                self._workers.pop(game_id, None)

    def slot(self, game_id: int, key: str) -> MessageSlot:
        found = self._slots.get((game_id, key))
        if found is None:
            pace = self.edit_interval if key.startswith(("#", "watch:")) else self.hand_interval
            found = self._slots[(game_id, key)] = MessageSlot((game_id, key), pace)
        return found

    def news_of(self, game_id: int, player_id: str) -> list:
        """The newest events only this player saw (their hand message shows them)."""
        return self._news.get((game_id, player_id), [])

    async def shows_news(self, game_id: int, player_id: str) -> bool:
        """Whether the player's hand message (an open DM) will say what they alone learnt by the move."""
        record = await self.bot.table.store.private_message(game_id, player_id)
        return bool(record.message_id) and not record.closed

    def want_paced(self, game_id: int, key: str, interval: float, send: Callable[[], Awaitable[None]]) -> None:
        """A request for this game's message ``key`` at most once per ``interval`` seconds, the newest wins."""
        if (game_id, key) not in self._slots:
            self._slots[(game_id, key)] = MessageSlot((game_id, key), interval)
        self._want(game_id, key, send)

    def moved(self, game_id: int, player_id: str) -> None:
        """This player made the game's newest move: their hand message shows it at once, not paced."""
        self._movers.add((game_id, player_id))

    def _want(self, game_id: int, key: str, send: Callable[[], Awaitable[None]]) -> None:
        slot = self.slot(game_id, key)
        if (game_id, key) in self._movers:
            self._movers.discard((game_id, key))
            slot.hurry()
        task = slot.want(send)
        if task is not None:
            self._track(task)
            task.add_done_callback(functools.partial(self._drop_slot, slot))

    def _drop_slot(self, slot: MessageSlot, task: asyncio.Task) -> None:
        """A slot whose work is done is forgotten (unless a new request already started on it)."""
        if slot.task is task and self._slots.get(slot.key) is slot:
            del self._slots[slot.key]

    def held(self) -> dict[str, int]:
        """What the publisher keeps right now (for the benchmark and the tests)."""
        return {"slots": len(self._slots), "queues": len(self._queues), "workers": len(self._workers)}

    async def post_to_channel(self, result: ActResult) -> None:
        """A move made by the clock or a bot seat: what matters of it (a fight begins, a level changes,
        someone dies or wins, a base scores) gets a message of its own; the rest the table message shows."""
        from cogs.base import public_namer

        lines = headlines(result, await public_namer(self.bot, result.game_id, result.state))
        if lines:
            channel = self.bot.get_partial_messageable(int(result.channel_id))
            await channel.send(**outgoing(content="\n".join(lines)))

    async def channel_language(self, game_id: int) -> str:
        """The language of everything the game says in its channel, whoever made the move: the one it was
        opened with (cogs.languages.for_new_game); a game opened before games had one, its server's choice."""
        record, _ = await self.bot.table.roster(game_id)
        if record is not None and record.language:
            return record.language
        return await self.bot.languages.for_server(record.guild_id if record else None)

    async def update_private_messages(self, result: ActResult) -> None:
        from cogs.base import hand_title

        record, seats = await self.bot.table.roster(result.game_id)      # seats and sets: read once
        guild_id = record.guild_id if record else None
        playing = [] if result.status == "ended" else [p.id for p in result.state.players]
        for player_id in playing:     # each hand is built when its message is sent: of the newest result only
            self._want(result.game_id, player_id, functools.partial(
                self._build_and_update_hand, result, player_id, record, seats))
        self._movers = {m for m in self._movers if m[0] != result.game_id}   # shown (or no hand to show)
        for key in [k for k in self._news if k[0] == result.game_id and k[1] not in playing]:
            del self._news[key]      # a player who left, or every player of an ended game
        gone = "hand_game_ended" if result.status == "ended" else "hand_you_left"
        for seat in seats:     # who left, or everyone once the game was ended
            if seat.user_id not in playing:
                lang = await self.bot.languages.for_user(seat.user_id, guild_id)
                embed = discord.Embed(title=hand_title(self.bot, lang, result.game_id, result.channel_id),
                                      description=ui(lang, gone), colour=discord.Colour.dark_grey())
                self._want(result.game_id, seat.user_id, functools.partial(
                    self._close_hand, result.game_id, seat.user_id, embed, gone))

    async def _build_and_update_hand(self, result: ActResult, player_id: str, record, seats) -> None:
        """The player's hand message as of ``result``, built only now that it is due: a hand is edited
        at most every HAND_EDIT_INTERVAL seconds, and the moves made meanwhile would each have built
        one (its menus, its picture's content) that the next replaced unsent."""
        from cogs.base import namer_of

        lang = await self.bot.languages.for_user(player_id, record.guild_id if record else None)
        news = self.news_of(result.game_id, player_id)
        hand = hand_message(self.bot, result, player_id, namer_of(record, seats, lang, result.state), news)
        await self._update_hand(result.game_id, player_id, hand.embed, hand.view, hand.digest, hand,
                                first_now=not _shows_nothing(result.state, player_id, hand, news))

    async def mark_hand_current(self, game_id: int, player_id: str, message_id: int, digest: str) -> None:
        """The hand message was brought up to date by the click made on it: no second edit for the same."""
        store = self.bot.table.store
        record = await store.private_message(game_id, player_id)
        if record.message_id == str(message_id) and not record.closed:
            record.digest = digest
            await store.save_private_message(record)

    async def _close_hand(self, game_id: int, player_id: str, embed: discord.Embed, digest: str) -> None:
        """The hand message of a player who left, or of a game that was ended, says so and loses its
        menus: nothing stale stays clickable. A player who never got one gets none."""
        store = self.bot.table.store
        record = await store.private_message(game_id, player_id)
        if record.digest == digest or record.closed or not record.message_id:
            return
        channel = self.bot.get_partial_messageable(int(record.channel_id))
        with contextlib.suppress(discord.NotFound):     # the player deleted it: nothing left to close
            await channel.get_partial_message(int(record.message_id)).edit(**outgoing(embed=embed), view=None)
        record.digest = digest
        await store.save_private_message(record)

    async def update_spectators_of(self, result: ActResult) -> None:
        await self.update_spectators(result.game_id, result.channel_id, result.state)

    async def update_spectators(self, game_id: int, channel_id: str, state) -> None:
        """Each spectator's DM shows the public table (the same embed as /status), kept current."""
        from cogs.base import namer_for

        spectators = await self.bot.table.store.spectators(game_id)
        record = (await self.bot.table.roster(game_id))[0] if spectators else None
        for spectator in spectators:
            lang = await self.bot.languages.for_user(spectator.user_id, record.guild_id if record else None)
            embed = table_embed(state, await namer_for(self.bot, game_id, lang, state))
            embed.title = ui(lang, "watching_title", channel=f"#{channel_id}")
            digest = hashlib.sha256(json.dumps(embed.to_dict(), sort_keys=True).encode()).hexdigest()
            self._want(game_id, f"watch:{spectator.user_id}", functools.partial(
                self._update_hand, game_id, spectator.user_id, embed, discord.ui.View(), digest))

    async def _update_hand(self, game_id: int, player_id: str, embed: discord.Embed, view: discord.ui.View,
                           digest: str, hand: HandMessage | None = None, first_now: bool = True) -> None:
        """A hand message (``hand``: with the picture of its cards, drawn only now that it is sent) or
        a spectator's table, sent or edited unless it shows this already; not ``first_now``: not sent
        as a new message yet (an empty hand with nothing to pick, in Smash Up's faction draft)."""
        store = self.bot.table.store
        record = await store.private_message(game_id, player_id)
        if record.digest == digest or record.closed or (not first_now and not record.message_id):
            return
        try:
            files = await hand_files(hand) if hand is not None else None
            await self._send_or_edit(record, player_id, embed, view, files)
            record.digest = digest
        except discord.Forbidden as exc:
            if exc.code != DM_CLOSED:
                raise
            record.closed = 1     # told once, privately, on the player's next interaction
        await store.save_private_message(record)

    async def _send_or_edit(self, record: PrivateMessage, user_id: str, embed: discord.Embed,
                            view: discord.ui.View, files: list[discord.File] | None = None) -> None:
        if record.channel_id and record.message_id:
            channel = self.bot.get_partial_messageable(int(record.channel_id))
            attachments = {"attachments": files} if files is not None else {}    # the picture replaces the old one
            try:
                await channel.get_partial_message(int(record.message_id)).edit(**outgoing(embed=embed, view=view),
                                                                               **attachments)
                return
            except discord.NotFound:
                pass    # the player deleted it: send a new one
            for file in files or []:
                file.reset()
        recipient = await self.bot.table.user_for(record.game_id, user_id)   # a stand-in gets the seat's hand
        dm = await self.bot.create_dm(discord.Object(int(recipient)))
        message = await dm.send(**outgoing(embed=embed, view=view), files=files or [])
        record.channel_id, record.message_id = str(message.channel.id), str(message.id)

    async def status_text(self, result: ActResult) -> str:
        """Whose move is owed, and until when."""
        from cogs.base import namer_for

        lang = await self.channel_language(result.game_id)
        namer = await namer_for(self.bot, result.game_id, lang, result.state)
        state = result.state
        if result.status == "ended":
            return ui(lang, "status_ended")
        if state.phase == "over":
            return ui(lang, "status_over")
        lines = [ui(lang, "status_line", game=f"#{result.game_id}", active=namer.player(state.active_player.id))]
        return "\n".join(lines + await self.owed_lines(result, namer))[:1900]

    async def owed_lines(self, result: ActResult, namer, skip: tuple[str, ...] = ()) -> list[str]:
        """Who owes what (a turn, a decision, a say in a fight or a scoring), and until when."""
        from engine.games import rules_of

        state, lang = result.state, namer.lang
        if result.status == "ended" or state.phase == "over":
            return []
        due = {d.target: d.due_at for d in await self.bot.table.store.deadlines(result.game_id)}
        lines = []
        for target, players in rules_of(state.game).open_prompts(state):
            kind = target.split(":")[0]
            if kind in skip:
                continue
            for player in players:     # said of the player, for everyone: the channel reads it
                line = game_ui(lang, f"status_owed_{kind}", state.game, player=namer.player(player))
                lines.append(line + (ui(lang, "status_due", due=int(due[target])) if target in due else ""))
        return lines

    async def update_status(self, result: ActResult) -> None:
        if result.game_id in self._answering:       # a click on the table answers by editing it: later
            self._held_status[result.game_id] = result
            return
        self._want(result.game_id, STATUS_KEY, functools.partial(self._update_status, result))

    async def live_view(self, result: ActResult, pictures: list[str]) -> discord.ui.LayoutView:
        """The game's live table message (cogs/live.py) for this result, in the channel's language and
        the third person: whose turn and the phase, who owes what until when, the fight, the table, the
        last few events, the pictures (file names of the message's attachments) and the buttons."""
        from cogs.base import public_namer

        namer = await public_namer(self.bot, result.game_id, result.state)
        live = frontend_of(result.state).live_table(result, namer)
        if result.status == "ended":           # ended by the host: the table says so, and no button stays
            live = LiveTable(ui(namer.lang, "status_ended"), live.body)
        owed = await self.owed_lines(result, namer, skip=("turn",))     # the turn's: the heading says it
        live.heading = "\n".join([live.heading, *owed])
        lines = [line for line in (render_event(e, namer) for e in self.recent.of(result.game_id)) if line]
        return layout(live, lines[-RECENT:], pictures)

    async def is_table(self, game_id: int, message_id: int) -> bool:
        """Whether this message is the game's live table message."""
        return (await self.bot.table.store.private_message(game_id, STATUS_KEY)).message_id == str(message_id)

    @contextlib.asynccontextmanager
    async def answering(self, game_id: int) -> AsyncIterator[None]:
        """While a click on the table is answered by editing it, the table's own updates wait; the newest
        of them comes after (usually finding the table current: no request)."""
        self._answering[game_id] = self._answering.get(game_id, 0) + 1
        try:
            yield
        finally:
            self._answering[game_id] -= 1
            if not self._answering[game_id]:
                del self._answering[game_id]
                held = self._held_status.pop(game_id, None)
                if held is not None:
                    await self.update_status(held)

    async def table_answer(self, result: ActResult, message_id: int) -> discord.ui.LayoutView | None:
        """The live table for a click made on it (its answer edits it: one request for both), marked as
        shown first so that the publisher's own update, due now, is not a second edit. None when the
        click was not on the current table message."""
        store = self.bot.table.store
        record = await store.private_message(result.game_id, STATUS_KEY)
        if record.message_id != str(message_id):
            return None
        _, sent_pictures, names, _ = _parts(record.digest)
        slot = self._slots.get((result.game_id, STATUS_KEY))
        if slot is not None:             # this answer is an edit of the table too: the pace counts from it
            slot.last_sent = asyncio.get_running_loop().time()
        view = await self.live_view(result, _names(names))
        record.digest = f"{layout_digest(view)}:{sent_pictures}:{names}:{_shown_key(result)}"
        await store.save_private_message(record)
        return view

    async def table_not_shown(self, result: ActResult) -> None:
        """The click's answer that was to edit the table failed: the publisher edits it after all."""
        store = self.bot.table.store
        record = await store.private_message(result.game_id, STATUS_KEY)
        _, pictures, names, _ = _parts(record.digest)
        record.digest = f":{pictures}:{names}:"
        await store.save_private_message(record)
        await self.update_status(result)

    async def _update_status(self, result: ActResult) -> None:
        """One live table message per game, edited in place (the newest result only: cogs/live.py);
        posted anew at the bottom once STATUS_REPOST_AFTER of the channel's messages (anyone's) stand
        below it, or once when it was deleted; the old one is deleted, so no stale buttons stay. It carries
        the pictures of the table, drawn again when what they show changed, at most once per PICTURE_EVERY
        seconds (a change in between is drawn once that time has passed)."""
        store = self.bot.table.store
        lang = await self.channel_language(result.game_id)
        record = await store.private_message(result.game_id, STATUS_KEY)
        sent_view, sent_pictures, sent_names, sent_key = _parts(record.digest)
        pictures = None
        if not record.message_id or self.pictures.wait((result.game_id, "status")) == 0:
            pictures = table_pictures(result.state, lang)
            self._drawing(result)
        else:       # too soon to draw: look again (at the newest result) once the time has come
            self._picture_later(result)
        new_pictures = pictures is not None and pictures_digest(pictures) != sent_pictures
        if record.message_id and not new_pictures and sent_key == _shown_key(result):
            return        # a click's answer showed this version already (Publisher.table_answer)
        channel = self.bot.get_partial_messageable(int(result.channel_id))
        if record.message_id:
            view = await self.live_view(result, [n for n, _ in pictures] if new_pictures else _names(sent_names))
            if sent_view == layout_digest(view) and not new_pictures:
                return
            if not await self._pushed_up(result.game_id, channel, int(record.message_id)):
                try:
                    drawn = await self._status_files(result.game_id, pictures) if new_pictures else None
                    names = ",".join(f.filename for f in drawn) if drawn is not None else sent_names
                    if new_pictures and drawn is None:
                        view = await self.live_view(result, _names(sent_names))
                    attachments = {"attachments": drawn} if drawn is not None else {}
                    await channel.get_partial_message(int(record.message_id)).edit(view=view, **attachments)
                    shown = pictures_digest(pictures) if drawn is not None else sent_pictures
                    record.digest = f"{layout_digest(view)}:{shown}:{names}:{_shown_key(result)}"
                    await store.save_private_message(record)
                    return
                except discord.NotFound:
                    pass        # deleted: posted anew, once
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                await channel.get_partial_message(int(record.message_id)).delete()
        pictures = pictures if pictures is not None else table_pictures(result.state, lang)   # a new message: drawn
        drawn = await self._status_files(result.game_id, pictures) or []
        view = await self.live_view(result, [f.filename for f in drawn])
        message_id = None if record.message_id else await self._lobby_made_table(result, channel, view, drawn)
        if message_id is None:
            for file in drawn:
                file.reset()
            message_id = str((await channel.send(view=view, files=drawn)).id)
            self.posted_at_bottom(result.game_id)
        record.channel_id, record.message_id = result.channel_id, message_id
        shown = pictures_digest(pictures) if drawn else ""
        record.digest = f"{layout_digest(view)}:{shown}:{','.join(f.filename for f in drawn)}:{_shown_key(result)}"
        await store.save_private_message(record)

    async def _lobby_made_table(self, result: ActResult, channel: discord.PartialMessageable,
                                view: discord.ui.LayoutView, files: list[discord.File]) -> str | None:
        """The game's first table message is its lobby message, turned into the table (one edit, not a
        closed lobby and a new post: the channel keeps one message per game). None when there is no open
        lobby message to turn (a game started before this, a lobby deleted): the table is then posted."""
        store = self.bot.table.store
        lobby = await store.private_message(result.game_id, LOBBY_KEY)
        if not lobby.message_id or lobby.closed or lobby.channel_id != result.channel_id:
            return None
        lobby.closed = LOBBY_CLOSED        # first: a stale click on its Join or Start is refused from now on
        await store.save_private_message(lobby)
        try:      # a classic message becomes a layout message: its text and embeds go, the layout says all
            await channel.get_partial_message(int(lobby.message_id)).edit(content=None, embeds=[], view=view,
                                                                          attachments=files)
        except (discord.NotFound, discord.Forbidden):
            return None
        return lobby.message_id

    async def _status_files(self, game_id: int, pictures: list) -> list[discord.File] | None:
        """The pictures as files; pictures that cannot be drawn cost the pictures, never the table (None)."""
        self.pictures.drew((game_id, "status"))
        try:
            return [await as_file(picture) for picture in pictures]
        except Exception:
            log_error(log, "drawing the status picture failed", game_id=game_id)
            return None

    def _picture_later(self, result: ActResult) -> None:
        """Draw the status picture again once its time has come, for the newest result by then. The
        drawing waits PICTURE_GRACE seconds beyond that time: at a lively table the next move's edit
        comes first and carries the new picture (one edit, not a move's and then a picture's)."""
        self._latest_status[result.game_id] = result
        if result.game_id in self._picture_timers:
            return
        self._picture_timer(result.game_id)

    def _picture_timer(self, game_id: int) -> None:
        delay = self.pictures.wait((game_id, "status")) + PICTURE_GRACE
        self._picture_timers[game_id] = asyncio.get_running_loop().call_later(delay, self._picture_due, game_id)

    def _picture_due(self, game_id: int) -> None:
        self._picture_timers.pop(game_id, None)
        if game_id not in self._latest_status:          # a move's edit drew the newest result meanwhile
            return
        if self.pictures.wait((game_id, "status")) > 0:     # ... or an older one: the newer waits its time
            self._picture_timer(game_id)
            return
        newest = self._latest_status.pop(game_id)
        self._want(game_id, STATUS_KEY, functools.partial(self._update_status, newest))

    def _drawing(self, result: ActResult) -> None:
        """The status picture is drawn for this result: a result waiting for its picture (_picture_later)
        that is no newer needs none any more."""
        waiting = self._latest_status.get(result.game_id)
        if waiting is not None and waiting.version <= result.version:
            del self._latest_status[result.game_id]

    def posted_at_bottom(self, game_id: int) -> None:
        """The game's lobby or table message was just posted, so nothing stands below it: the first look
        below it (_pushed_up) is due STATUS_LOOK_EVERY seconds from now, not at its first edit."""
        self.looks_below.drew((game_id, "below"))

    def posted_below(self, game_id: int) -> None:
        """The bot posted a line below the game's lobby message (a join or leave by command, /start): the
        table's next change looks below it, so the lobby turned table moves down where it was pushed up."""
        self.looks_below.forget((game_id, "below"))

    async def _pushed_up(self, game_id: int, channel: discord.PartialMessageable, message_id: int) -> bool:
        """Whether the channel's chat pushed the status message up (_scrolled_away), looked at no more
        than once per STATUS_LOOK_EVERY seconds per game: in between the status is edited in place, and
        a status pushed up meanwhile moves to the bottom with the first change after that time."""
        key = (game_id, "below")
        if self.looks_below.wait(key) > 0:
            return False
        self.looks_below.drew(key)
        return await self._scrolled_away(channel, message_id)

    @staticmethod
    async def _scrolled_away(channel: discord.PartialMessageable, message_id: int) -> bool:
        """The channel's real messages below the status message (one request, at most N read)."""
        below = [m async for m in channel.history(limit=STATUS_REPOST_AFTER, after=discord.Object(message_id))]
        return len(below) >= STATUS_REPOST_AFTER

    async def on_reminder(self, reminder) -> bool:
        """DM the one player owed the move (a mention in the channel when DMs are closed)."""
        lang = await self.bot.languages.for_user(reminder.user_id, reminder.guild_id)
        kind = reminder.target.split(":")[0]
        record, _ = await self.bot.table.roster(reminder.game_id)
        link = f"https://discord.com/channels/{reminder.guild_id}/{reminder.channel_id}"
        status = await self.bot.table.store.private_message(reminder.game_id, STATUS_KEY)
        if status.message_id:      # jump straight to the game's status message
            link += f"/{status.message_id}"
        what = game_ui(lang, f"reminder_{kind}", record.kind if record else "")
        text = ui(lang, "reminder", channel=reminder.channel_id, what=what,
                  due=int(reminder.due_at), link=link)
        record = await self.bot.table.store.private_message(reminder.game_id, reminder.user_id)
        recipient = await self.bot.table.user_for(reminder.game_id, reminder.user_id)   # a stand-in's turn
        if not record.closed:
            try:
                dm = await self.bot.create_dm(discord.Object(int(recipient)))
                await dm.send(**outgoing(content=text))
                return True
            except discord.Forbidden as exc:
                if exc.code != DM_CLOSED:
                    raise
        # DMs closed: the one mention the bot ever makes, of exactly this user
        await self.bot.get_partial_messageable(int(reminder.channel_id)).send(
            **outgoing(content=f"<@{recipient}> {text}"),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(int(recipient))]))
        return True

    async def tell_if_dms_closed(self, interaction: discord.Interaction, game_id: int, lang: str) -> None:
        user_id = str(interaction.user.id)
        record = await self.bot.table.store.private_message(game_id, user_id)
        if record.closed == 1:
            await interaction.followup.send(ui(lang, "dm_closed"), ephemeral=True)
            record.closed = 2
            await self.bot.table.store.save_private_message(record)



def _parts(digest: str | None) -> tuple[str, str, str, str]:
    """A table message's stored digest: what it shows, its picture's digest, the picture's file names and
    the result it shows (_shown_key; empty in digests stored before it was kept)."""
    shown, _, rest = (digest or "").partition(":")
    picture, _, rest = rest.partition(":")
    names, _, key = rest.partition(":")
    return shown, picture, names, key


def _shown_key(result: ActResult) -> str:
    """The result a table message shows: its version and the game's status (the host's end keeps the version)."""
    return f"{result.version}/{result.status}"


def _names(names: str) -> list[str]:
    return [name for name in names.split(",") if name]
