"""Load benchmark of the Discord bot: N games played at once by simulated players, every move made
through the bot's slash commands, buttons and menus, against a simulated Discord that takes
--latency-ms for every API call and answers some message writes with 429 (discord.py waits out the
retry-after and sends again; the wait is counted).

    python -m cogs.loadbench [--games 200] [--moves 20] [--latency-ms 150] [--think-ms 2000]
                             [--rate-limited 0.02] [--cpu-hog 0] [--seed 1] [--json]

Each game has three players who take turns making random legal moves (engine.sim's RandomAgent) and
think --think-ms (±50 %) between moves. Prints one JSON line: response_p50_ms / response_p99_ms (an
interaction to its first answer, a deferral included), publish_p50_ms / publish_p99_ms (a move to the
status message showing it, or a later state, in its channel), requests_per_move (every API call of
the bot while the games are played, per move), peak_edits_per_message_per_s (the most edits of one
message within any second), rate_limited (429s met), unanswered (interactions not answered within
Discord's 3 seconds: must be 0), refused (moves that changed nothing), refusals (the bot's most
frequent refusals, by text) and loop_lag_p99_ms / loop_lag_max_ms (how late the bot's event loop ran,
looked at every 100 ms: cogs.looplag). --cpu-hog N starts N processes that keep a core busy for the
length of the run (a host doing other work; each stops by itself after HOG_LIMIT seconds at most).
--stop-after S sends the bot SIGTERM after S seconds: the players go on until it has stopped, and the
report adds told_to_wait (interactions answered "back in a minute" meanwhile), lost_moves (moves a
player saw made that are not in the store: must be 0) and replayed_clean of replayed (the store's games).

The simulated Discord is the Discord tests' network edge (tests/discord_harness.py), so the benchmark
needs the development requirements. The bot itself is the real one: its command tree, views,
publisher (with its real one-edit-a-second pace), table, SQLite store and deadline scheduler.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import multiprocessing
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from cogs.client import stop_on_signals
from cogs.commands_tree import command_data, find_command
from cogs.games import PACKAGES
from cogs.publisher import EDIT_INTERVAL, HAND_EDIT_INTERVAL, LOBBY_KEY, STATUS_KEY
from engine.games import rules_of
from engine.sim import RandomAgent
from table.replay import replay
from table.sqlite_store import SqliteStore
from tests.discord_harness import FakeHTTP, FakeWebhookAdapter, Harness, form_payload, message_payload

GAMES = ("munchkin", "smashup")   # the games whose package has a ``drive`` module (one Discord path per move)
PLAYERS = 3
ANSWER_WITHIN = 3.0          # Discord's limit for the first answer to an interaction
RETRY_AFTER = 0.3            # seconds a simulated 429 asks to wait
LOOKUP_WAIT = 120.0          # how long a publish is awaited at the end of the run
WINDOW = 1.0 - 1e-3          # "one second", forgiving the event loop's clock resolution
DEFERRALS = (5, 6)           # interaction callback types that only acknowledge ("thinking …", an update later)
FINISH_WITHIN = 60.0         # how long a player waits for a deferred interaction's outcome
DM_CHANNELS = 9_000_000      # the fake Discord's DM channels have ids from here on; game channels below
EPHEMERAL = 64               # the message flag of an answer only its user sees
HOG_LIMIT = 900.0            # seconds a --cpu-hog process burns at most, should the run not stop it


def _burn(until: float) -> None:
    while time.monotonic() < until:
        pass


@contextlib.contextmanager
def cpu_hogs(count: int) -> Iterator[None]:
    """``count`` processes that keep a core busy until the block ends."""
    hogs = [multiprocessing.Process(target=_burn, args=(time.monotonic() + HOG_LIMIT,), daemon=True)
            for _ in range(count)]
    for hog in hogs:
        hog.start()
    try:
        yield
    finally:
        for hog in hogs:
            hog.terminate()
        for hog in hogs:
            hog.join()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share + 0.5) - 1)] if ordered else 0.0


class Network:
    """Discord's timing as the bot meets it, and what the benchmark measures at the network edge."""

    def __init__(self, latency: float, rate_limited: float, rng: random.Random) -> None:
        self.latency, self.rate_limited_share, self.rng = latency, rate_limited, rng
        self.requests = 0
        self.rate_limited = 0
        self.edits: dict[str, list[float]] = defaultdict(list)     # message -> when each edit was sent
        self.answered: dict[str, asyncio.Event] = {}               # interaction id -> set at its first answer
        self.finished: dict[str, asyncio.Event] = {}               # ... and at its first one that is no deferral
        self.refusals: Counter[str] = Counter()                    # the bot's refusals ("⛔ …"), by text
        self.kinds: Counter[str] = Counter()                       # requests by what they were
        self.public_messages = 0                 # new messages the game channels saw while their games were played
        self.lobby_messages = 0                  # ... and before (opening, joining, the start)
        self.playing: set[str] = set()           # the channels whose game has started

    def posted(self, channel_id: str) -> None:
        if channel_id in self.playing:
            self.public_messages += 1
        else:
            self.lobby_messages += 1

    async def call(self, message_write: bool) -> None:
        self.requests += 1
        await asyncio.sleep(self.latency)
        if message_write and self.rng.random() < self.rate_limited_share:
            self.rate_limited += 1         # 429: discord.py sleeps for retry_after and sends again
            self.requests += 1
            await asyncio.sleep(RETRY_AFTER + self.latency)

    def expect(self, interaction_id: str) -> tuple[asyncio.Event, asyncio.Event]:
        """Set at the interaction's first answer (a deferral counts), and once it is answered for good
        (its first answer that is not a deferral: a player's client shows the outcome then)."""
        answered = self.answered[interaction_id] = asyncio.Event()
        finished = self.finished[interaction_id] = asyncio.Event()
        return answered, finished

    def heard(self, interaction_id: str | None, deferral: bool) -> None:
        for events, happened in ((self.answered, True), (self.finished, not deferral)):
            event = events.get(interaction_id or "")
            if happened and event is not None:
                event.set()


def edges(network: Network) -> tuple[type, type]:
    """The tests' fake HTTP client and webhook adapter, slowed down and rate-limited by ``network``."""

    class SlowHTTP(FakeHTTP):
        async def request(self, route, *, files=None, form=None, **kwargs: Any) -> Any:
            message_write = route.path.startswith("/channels/") and route.method in ("POST", "PATCH")
            channel = getattr(route, "channel_id", None)
            where = "" if channel is None else " (dm)" if int(channel) >= DM_CHANNELS else " (channel)"
            network.kinds[f"{route.method} {route.path}{where}"] += 1
            if route.method == "POST" and route.path == "/channels/{channel_id}/messages" \
                    and int(route.channel_id) < DM_CHANNELS:
                network.posted(str(route.channel_id))
            if route.method == "PATCH" and route.path == "/channels/{channel_id}/messages/{message_id}":
                network.edits[route.url].append(asyncio.get_running_loop().time())
            await network.call(message_write)
            return await super().request(route, files=files, form=form, **kwargs)

    class SlowWebhooks(FakeWebhookAdapter):
        async def request(self, route, session, **kwargs: Any) -> Any:
            await network.call(message_write=False)
            callback = route.path.endswith("/callback")
            body = form_payload(kwargs.get("multipart")) or kwargs.get("payload") or {}
            kind = body.get("type") if callback else route.method
            network.kinds[f"interaction {kind}"] += 1
            interaction = str(route.webhook_id) if callback else self.tokens.get(route.webhook_token, "")
            data = (body.get("data") or {}) if callback else body
            if kind in (4, "POST") and not data.get("flags", 0) & EPHEMERAL \
                    and int(self.channels.get(interaction, 0)) < DM_CHANNELS:
                network.posted(self.channels[interaction])     # a public answer: a new message in the channel
            content = ((kwargs.get("payload") or {}).get("data") or kwargs.get("payload") or {}).get("content") or ""
            if content.startswith("⛔"):
                network.refusals[content[:80]] += 1
            answer = await super().request(route, session, **kwargs)
            if route.path.endswith("/callback"):
                deferral = (kwargs.get("payload") or {}).get("type") in DEFERRALS
                network.heard(str(route.webhook_id), deferral)
            else:                       # a follow-up or an edit of the deferred answer
                network.heard(self.tokens.get(route.webhook_token), False)
            return answer

    return SlowHTTP, SlowWebhooks


class Run:
    """One benchmark run: the bot, its simulated Discord and the measurements."""

    def __init__(self, harness: Harness, network: Network, seed: int, game: str = "munchkin") -> None:
        self.h, self.network, self.seed, self.game = harness, network, seed, game
        self.drive = importlib.import_module(f"{PACKAGES[game]}.drive")
        self.responses: list[float] = []
        self.moves: list[tuple[int, int, float]] = []          # (game, version it made, when it was sent)
        self.published: dict[int, list[tuple[int, float]]] = defaultdict(list)   # game -> (version, when shown)
        self.unanswered = 0
        self.refused = 0
        self.told_to_wait = 0          # interactions that arrived while the bot shut down, answered so

    @property
    def stopping(self) -> bool:
        return self.h.bot.stopping

    async def after_the_stop(self, db: Path) -> dict:
        """After a SIGTERM: every move a player saw made is in the store, and each game replays clean."""
        store = SqliteStore(db)
        await store.open()
        try:
            versions = {g.id: g.version for g in await store.games(with_state=False)}
        finally:
            await store.close()
        lost = sum(1 for game_id, version, _ in self.moves if versions.get(game_id, 0) < version)
        reports = await replay(db, None)
        return {"stopped_by_sigterm": True, "told_to_wait": self.told_to_wait, "lost_moves": lost,
                "replayed_clean": sum(r["clean"] for r in reports), "replayed": len(reports)}

    def watch_publishing(self) -> None:
        publisher = self.h.bot.publisher
        publisher.edit_interval = EDIT_INTERVAL              # the real pace, not the tests' zero
        publisher.hand_interval = HAND_EDIT_INTERVAL
        update = publisher._update_status

        async def timed(result) -> None:
            await update(result)
            self.published[result.game_id].append((result.version, asyncio.get_running_loop().time()))

        publisher._update_status = timed

    async def interact(self, user_id: str, channel_id: int, step: Any) -> str | None:
        """Send one interaction as the player's client would; wait for its answer (None: refused). A pick
        in a private menu is made after the click on the table's button that opens it."""
        if getattr(step, "opens", None):
            await self.interact(user_id, channel_id, type(step)("click", step.opens, on_table=True))
        if getattr(step, "first", None) is not None:      # the hand's card, then its target, on the hand message
            await self.interact(user_id, channel_id, step.first)
        if step.kind == "slash":
            options = [{"name": k, "type": _option_type(v), "value": v} for k, v in step.options.items()]
            command = find_command(self.h.bot.tree, step.name, prefer=self.game)
            kind, data, message = 2, command_data(command, options), None
        else:
            component: dict[str, Any] = {"type": 2, "style": 1, "label": "x", "custom_id": step.name}
            data = {"custom_id": step.name, "component_type": 2}
            if step.values is not None:
                component = {"type": 3, "custom_id": step.name, "options": [{"label": v, "value": v}
                                                                            for v in step.values]}
                data = {"custom_id": step.name, "component_type": 3, "values": step.values}
            on = await self._table_message(channel_id) if step.on_table else None   # the live table's id
            if step.name.startswith(("sl:join:", "sl:start:")):       # the lobby's buttons
                on = await self._lobby_message(channel_id)
            where = channel_id
            if step.in_dm:            # a pick in the DM is made on the player's hand message
                on, where = await self._hand_message(channel_id, user_id), dm_channel(user_id)
            kind, message = 3, message_payload(str(where), {"components": [{"type": 1,
                                                                           "components": [component]}]}, on)
        if step.in_dm:
            channel_id = dm_channel(user_id)
        payload = self.h._base(user_id, kind, data, channel_id=channel_id, in_dm=step.in_dm, message=message)
        if self.h.bot.is_closed():        # stopped: Discord no longer hands this process interactions
            return None
        answered, finished = self.network.expect(payload["id"])
        loop = asyncio.get_running_loop()
        sent, during_stop = loop.time(), self.stopping
        self.h.bot._connection.parse_interaction_create(payload)
        try:
            await asyncio.wait_for(answered.wait(), ANSWER_WITHIN)
            self.responses.append(loop.time() - sent)
            self.told_to_wait += during_stop
            await asyncio.wait_for(finished.wait(), FINISH_WITHIN)     # the outcome, before the next move
        except TimeoutError:
            if not answered.is_set():
                self.unanswered += 1
        finally:
            self.network.answered.pop(payload["id"], None)
            self.network.finished.pop(payload["id"], None)
        return payload["id"]

    async def _table_message(self, channel_id: int) -> str | None:
        """The id of the channel's live table message (the one a click on the table is made on)."""
        record = await self.h.bot.table.game_in(str(self.h.guild_id), str(channel_id))
        return (await self.h.bot.table.store.private_message(record.id, STATUS_KEY)).message_id or None

    async def _lobby_message(self, channel_id: int) -> str | None:
        record = await self.h.bot.table.game_in(str(self.h.guild_id), str(channel_id))
        return (await self.h.bot.table.store.private_message(record.id, LOBBY_KEY)).message_id or None

    async def _hand_message(self, channel_id: int, user_id: str) -> str | None:
        """The id of the player's hand message in their DM (the one a pick in the DM is made on)."""
        record = await self.h.bot.table.game_in(str(self.h.guild_id), str(channel_id))
        return (await self.h.bot.table.store.private_message(record.id, user_id)).message_id or None

    async def play_game(self, number: int, moves: int, think: float) -> None:
        rng = random.Random(self.seed * 100_003 + number)
        agent = RandomAgent(rng)
        channel_id = 7_000_000 + number
        players = [str(300_000 + number * 10 + seat) for seat in range(PLAYERS)]
        self.h.names.update({p: f"P{number}-{seat}" for seat, p in enumerate(players)})
        await asyncio.sleep(rng.uniform(0, think))                 # the tables do not all open at once
        step = self.drive.Step
        await self.interact(players[0], channel_id, step("slash", "neu", {"spiel": self.game}))
        game_id = (await self.h.bot.table.game_in(str(self.h.guild_id), str(channel_id))).id
        join = f"sl:join:{game_id}" + (":male" if rules_of(self.game).characters_have_sex else "")
        # the players click the lobby message's Join, the host its Start (which makes it the table)
        for user_id, command in [*[(p, step("click", join)) for p in players[1:]],
                                 (players[0], step("click", f"sl:start:{game_id}"))]:
            await self.interact(user_id, channel_id, command)
        self.network.playing.add(str(channel_id))       # from here on the channel's new messages are counted
        table, guild = self.h.bot.table, str(self.h.guild_id)
        try:
            await self._play_moves(table, guild, channel_id, agent, rng, moves, think)
        except Exception:
            if not self.stopping:
                raise              # the store closes under a player only when the bot is stopped

    async def _play_moves(self, table: Any, guild: str, channel_id: int, agent: RandomAgent, rng: random.Random,
                          moves: int, think: float) -> None:
        rules = rules_of(self.game)
        for _ in range(moves):
            record = await table.game_in(guild, str(channel_id))
            if record.status != "active":
                return
            _, state = await table.state_of(record)
            move = agent.choose([m for p in state.players for m in rules.legal_actions(state, p.id)])
            sent = asyncio.get_running_loop().time()
            await self.interact(move.actor, channel_id, self.drive.step_for(state, record.id, move))
            after = await table.store.get_game(record.id, with_state=False)
            if after.version == record.version:
                self.refused += 1
            else:
                self.moves.append((record.id, after.version, sent))
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))

    def publish_times(self) -> list[float]:
        """For each move: until the status showed its version or a later one."""
        times = []
        for game_id, version, sent in self.moves:
            shown = [when for v, when in self.published[game_id] if v >= version and when >= sent]
            if shown:
                times.append(min(shown) - sent)
        return times

    def peak_edits_per_second(self) -> int:
        peak = 0
        for times in self.network.edits.values():
            ordered = sorted(times)
            start = 0
            for end, when in enumerate(ordered):
                while when - ordered[start] >= WINDOW:
                    start += 1
                peak = max(peak, end - start + 1)
        return peak


async def bench(games: int, moves: int, latency_ms: float, think_ms: float, rate_limited: float,
                seed: int, folder: Path, stop_after: float | None = None, game: str = "munchkin") -> dict:
    network = Network(latency_ms / 1000, rate_limited, random.Random(seed))

    class LoadHarness(Harness):
        http_class, adapter_class = edges(network)

    harness = await LoadHarness(folder).start()
    lag = harness.bot.loop_lag
    lag.start()
    run = Run(harness, network, seed, game)
    run.watch_publishing()
    started = time.perf_counter()
    if stop_after is not None:        # SIGTERM in the middle of the run, handled as the running bot does
        stop_on_signals(harness.bot)
        asyncio.get_running_loop().call_later(stop_after, os.kill, os.getpid(), signal.SIGTERM)
    try:
        await asyncio.gather(*(run.play_game(n, moves, think_ms / 1000) for n in range(games)))
        played = time.perf_counter() - started
        requests, public, kinds = network.requests, network.public_messages, Counter(network.kinds)
        lobby = network.lobby_messages
        if harness.bot.shutdown_task is not None:
            await harness.bot.shutdown_task
        else:
            await asyncio.wait_for(harness.bot.publisher.drain(), LOOKUP_WAIT)
    finally:
        await lag.stop()
        await harness.stop()
    publish = run.publish_times()
    made = len(run.moves)
    stopped = {} if stop_after is None else await run.after_the_stop(folder / "bot.db")
    return {**stopped,
        "game": game, "games": games, "moves": made, "latency_ms": latency_ms, "think_ms": think_ms,
        "response_p50_ms": round(percentile(run.responses, 0.5) * 1000, 1),
        "response_p99_ms": round(percentile(run.responses, 0.99) * 1000, 1),
        "publish_p50_ms": round(percentile(publish, 0.5) * 1000, 1),
        "publish_p99_ms": round(percentile(publish, 0.99) * 1000, 1),
        "requests_per_move": round(requests / max(made, 1), 2),
        "public_messages_per_move": round(public / max(made, 1), 2),
        "lobby_messages_per_game": round(lobby / max(games, 1), 2),
        "requests_by_kind": {k: round(v / max(made, 1), 2) for k, v in kinds.most_common(10)},
        "rate_limited": network.rate_limited,
        "peak_edits_per_message_per_s": run.peak_edits_per_second(),
        "unanswered": run.unanswered,
        "refused": run.refused,
        "refusals": dict(network.refusals.most_common(5)),
        "interactions": len(run.responses) + run.unanswered,
        "loop_lag_p99_ms": round(lag.percentile(0.99) * 1000, 1),
        "loop_lag_max_ms": round(lag.percentile(1.0) * 1000, 1),
        "seconds": round(played, 1),
    }


def dm_channel(user_id: str) -> int:
    """The DM channel the fake Discord opens for a user."""
    return DM_CHANNELS + int(user_id) % 1_000_000


def _option_type(value: Any) -> int:
    if isinstance(value, bool):
        return 5
    return 4 if isinstance(value, int) else 3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=GAMES, default="munchkin")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--moves", type=int, default=20, help="moves per game (fewer when a game ends)")
    parser.add_argument("--latency-ms", type=float, default=150.0, help="simulated time of every Discord API call")
    parser.add_argument("--think-ms", type=float, default=2000.0, help="a player's time between two moves")
    parser.add_argument("--rate-limited", type=float, default=0.02, help="share of message writes answered 429")
    parser.add_argument("--cpu-hog", type=int, default=0, choices=range(0, 9), metavar="N",
                        help="N busy processes beside the bot for the run (0-8)")
    parser.add_argument("--stop-after", type=float, default=None, metavar="SECONDS",
                        help="send the bot SIGTERM this long after the start; the report then says what the "
                             "graceful stop kept (lost_moves, told_to_wait, replayed_clean)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print only the JSON line (the default output)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder, cpu_hogs(args.cpu_hog):
        report = asyncio.run(bench(args.games, args.moves, args.latency_ms, args.think_ms, args.rate_limited,
                                   args.seed, Path(folder), args.stop_after, args.game))
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
