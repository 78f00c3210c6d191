"""The gallery: scripted moments of both games played on simcord's simulated Discord, each written as
a PNG of the game channel as Discord draws it (issue 36, "A look that is checked").

    python -m cogs.gallery --out DIR [--lang de,en] [--moments munchkin-lobby,smashup-scoring,...]

Every moment is reached through real moves: the players type the slash commands and click the
buttons and menus the bot sent them (each game's drive module, cogs/<game>/drive.py, names the
path of each engine move). Which moves: a seeded game (the table takes its seed from its clock) and
players that prefer the moves a moment needs (a help request with a bribe, a trade, a curse, a sale)
and otherwise play at random; the moves are found by playing the engine alone first, then made in
Discord. Nothing edits a game's state.

A picture is simcord's preview (``simcord[preview]``: the channel served on loopback as Discord draws
it, seen by Anna) taken by Debian's headless Chromium (``chromium``; ``$CHROMIUM`` names another),
cut to the channel's pane (without the preview's own toolbar and sidebar). One file per moment and
language: ``munchkin-fight-de.png``. Prints one line per picture and, at the end, the seconds taken.

Needs the development requirements (simcord, pytest for its helpers): tests/simcord_table.py is the
Discord tests' world, used here as it is.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import importlib
import io
import json
import os
import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import simcord
from PIL import Image

import bot as bot_module
from cogs.games import PACKAGES
from engine.games import rules_of
from engine.sim import RandomAgent
from tests.simcord_table import PLAYER_NAMES, Table, call_by_leaf_names, custom_ids, refusals

LANGUAGES = ("de", "en")
MUNCHKIN = ("lobby", "start", "fight", "trade", "curse", "sale", "death", "win")
SMASHUP = ("draft", "scoring")
MOMENTS = tuple(f"munchkin-{m}" for m in MUNCHKIN) + tuple(f"smashup-{m}" for m in SMASHUP)
WIDTH, HEIGHT = 1200, 1500         # the browser window; the picture is its channel pane
TOOLBAR, SIDEBAR = 52, 257         # the preview's own bar on top and message list on the left, cut away
SHOT_SECONDS = 60.0                # one picture, at most (2-12 s: the preview reads every image in view) ...
SHOT_TRIES = 3                     # ... and tried this often
CLOCK_TRIES = 200                  # seeds looked at for a Munchkin game that has every moment
MOVE_LIMIT = 400                   # a planned game longer than this is passed over (it takes long to play)
EMPTY_KEPT = 40                    # rows kept of an empty stretch of the channel pane
SETTLE_SECONDS = 30.0              # the bot's work after a move (a busy host draws pictures slowly)
BROWSER_LOCALES = {"de": "de", "en": "en-US"}


class GalleryError(RuntimeError):
    """A moment could not be reached or drawn; the message says which and why."""


def chromium() -> str | None:
    """The headless browser to take pictures with: $CHROMIUM, else Debian's ``chromium`` on the path."""
    named = os.environ.get("CHROMIUM")
    if named:
        return shutil.which(named) or (named if Path(named).is_file() else None)
    return shutil.which("chromium") or shutil.which("chromium-browser")


def seed_of(clock: float) -> int:
    """The seed the table gives a game started at this clock (table/service.py)."""
    return int(clock * 1000) & 0xFFFFFFFF


# ---------------------------------------------------------------------- the moves, planned on the engine
@dataclass(frozen=True)
class Plan:
    """A game's clock (its seed), its moves, and after which move (1-based) each moment is reached."""

    clock: float
    moves: list[Any]
    marks: dict[str, int]


def _wanted_munchkin(state: Any, moves: list[Any], marks: dict[str, int]) -> Any:
    """The move a moment still missing needs, if one is legal now: a help request with a bribe (and
    the helper's yes), a trade offer of a card for a card, a curse on another player that changes
    something, a sale. (Moves are told apart by their ``type``: this module reaches the game through
    the registries only.)"""
    if "bribe" not in marks:
        found = next((m for m in moves if m.type == "ask_help" and m.treasures > 0), None)
        if found is not None:
            return found
    elif "fight" not in marks:
        found = next((m for m in moves if m.type == "decide" and m.option == "accept"
                      and state.decision(m.decision).kind == "help"), None)
        if found is not None:
            return found
    if "trade" not in marks:
        found = next((m for m in moves if m.type == "offer_trade" and m.give and m.want), None)
        if found is not None:
            return found
    if "curse" not in marks:
        found = next((m for m in moves if m.type == "play_card" and state.card(m.card).kind == "curse"
                      and m.target_player not in (None, m.actor) and _bites(state, m)), None)
        if found is not None:
            return found
    if "sale" not in marks:
        return next((m for m in moves if m.type == "sell"), None)
    return None


def _bites(state: Any, curse: Any) -> bool:
    """Whether the curse changes something for its victim (tried on a copy of the game)."""
    _, events = rules_of("munchkin").apply(state, curse)
    return not any(e.kind in ("no_effect", "nothing_to_lose") for e in events)


MUNCHKIN_EVENTS = {"helper_joined": "fight", "curse_cast": "curse", "items_sold": "sale",
                   "player_died": "death", "game_won": "win"}


def _legal(rules: Any, state: Any) -> list[Any]:
    return [m for p in state.players for m in rules.legal_actions(state, p.id)]


def plan_munchkin(seats: list[tuple[str, str]], sets: tuple[str, ...], first_clock: float) -> Plan:
    """The first clock from ``first_clock`` on whose game reaches every Munchkin moment within
    MOVE_LIMIT moves, with its moves."""
    rules = rules_of("munchkin")
    for step in range(CLOCK_TRIES):
        clock = first_clock + step
        state, _ = rules.new_game(seats, seed=seed_of(clock), sets=sets)
        agent = RandomAgent(random.Random(seed_of(clock)))
        moves: list[Any] = []
        marks: dict[str, int] = {}
        while state.phase != "over" and len(moves) < MOVE_LIMIT:
            legal = _legal(rules, state)
            move = _wanted_munchkin(state, legal, marks) or agent.choose(legal, state)
            state, events = rules.apply(state, move)
            moves.append(move)
            if move.type == "ask_help" and move.treasures > 0:
                marks.setdefault("bribe", len(moves))
            if move.type == "offer_trade":
                marks.setdefault("trade", len(moves))
            for event in events:
                if event.kind in MUNCHKIN_EVENTS and (event.kind != "helper_joined" or "bribe" in marks):
                    marks.setdefault(MUNCHKIN_EVENTS[event.kind], len(moves))
        if state.phase == "over" and all(m in marks for m in MUNCHKIN[2:]):
            return Plan(clock, moves, marks)
    raise GalleryError(f"no Munchkin game among {CLOCK_TRIES} seeds reaches every moment")


def plan_smashup(seats: list[tuple[str, str]], clock: float) -> Plan:
    """A Smash Up game of random players up to its first base scored ("draft": after the first pick)."""
    rules = rules_of("smashup")
    state, _ = rules.new_game(seats, seed=seed_of(clock))
    agent = RandomAgent(random.Random(seed_of(clock)))
    moves: list[Any] = []
    marks: dict[str, int] = {}
    while state.phase != "over" and len(moves) < MOVE_LIMIT * 5:
        move = agent.choose(_legal(rules, state))
        state, events = rules.apply(state, move)
        moves.append(move)
        marks.setdefault("draft", len(moves))
        if any(e.kind == "base_scored" for e in events):
            marks["scoring"] = len(moves)
            return Plan(clock, moves, marks)
    raise GalleryError("the Smash Up game ended without a base scored")


# ---------------------------------------------------------------------- the pictures
def cut_to_channel(png: bytes) -> Image.Image:
    """The channel pane of a preview screenshot: without simcord's toolbar and message list, and
    without the empty stretch between a short channel's last message and the message box."""
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        pane = image.convert("RGB").crop((SIDEBAR, TOOLBAR, image.width, image.height))
    start, length = _longest_empty_band(pane)
    if length <= EMPTY_KEPT:
        return pane
    kept = Image.new("RGB", (pane.width, pane.height - length + EMPTY_KEPT))
    kept.paste(pane.crop((0, 0, pane.width, start + EMPTY_KEPT)), (0, 0))
    kept.paste(pane.crop((0, start + length, pane.width, pane.height)), (0, start + EMPTY_KEPT))
    return kept


def _longest_empty_band(image: Image.Image) -> tuple[int, int]:
    """Where the longest run of rows of one colour (nothing drawn on them) begins, and its length."""
    grey = image.convert("L")
    best, run_start = (0, 0), None
    for y in range(grey.height + 1):
        low, high = grey.crop((0, y, grey.width, y + 1)).getextrema() if y < grey.height else (0, 1)
        flat = low == high
        if flat and run_start is None:
            run_start = y
        elif not flat and run_start is not None:
            if y - run_start > best[1]:
                best = (run_start, y - run_start)
            run_start = None
    return best


class Browser:
    """One headless Chromium for the whole gallery, driven over its DevTools protocol (aiohttp's
    websocket): each picture is a new tab at the preview's address, captured once the preview says it
    has drawn the channel and every image on the page has loaded. (``chromium --screenshot`` cannot
    wait for that: with a time budget it now and then never returns, without one it shoots too early.)"""

    def __init__(self, program: str, workdir: Path) -> None:
        self.program, self.workdir = program, workdir
        self.process: asyncio.subprocess.Process | None = None
        self.session: aiohttp.ClientSession | None = None
        self.endpoint = ""

    async def __aenter__(self) -> Browser:
        self.process = await asyncio.create_subprocess_exec(
            self.program, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--no-first-run", "--mute-audio", "--remote-debugging-port=0",
            f"--user-data-dir={self.workdir / 'browser'}", "about:blank",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
        said = []
        try:
            async with asyncio.timeout(SHOT_SECONDS):
                while not self.endpoint:
                    line = (await self.process.stderr.readline()).decode(errors="replace")
                    if not line:
                        break
                    said.append(line)
                    if "DevTools listening on ws://" in line:
                        self.endpoint = "http://" + line.split("ws://", 1)[1].split("/", 1)[0]
        except TimeoutError:
            pass
        if not self.endpoint:
            await self.__aexit__()
            raise GalleryError(f"{self.program} did not start: {''.join(said)[-400:]}")
        asyncio.get_running_loop().create_task(self._drain(self.process.stderr))
        self.session = aiohttp.ClientSession()
        return self

    @staticmethod
    async def _drain(stream: asyncio.StreamReader) -> None:
        while await stream.readline():     # the browser's chatter (dbus and the like), unread otherwise
            pass

    async def __aexit__(self, *exc: object) -> None:
        if self.session is not None:
            await self.session.close()
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()

    async def screenshot(self, url: str, size: tuple[int, int]) -> bytes:
        """The PNG of the page at ``url`` in a window of ``size``, once it is drawn."""
        async with self.session.put(f"{self.endpoint}/json/new?about:blank") as answer:
            tab = await answer.json()
        try:
            async with asyncio.timeout(SHOT_SECONDS), \
                    self.session.ws_connect(tab["webSocketDebuggerUrl"], max_msg_size=0) as ws:
                devtools = _DevTools(ws)
                await devtools.call("Emulation.setDeviceMetricsOverride", width=size[0], height=size[1],
                                    deviceScaleFactor=1, mobile=False)
                await devtools.call("Page.navigate", url=url)
                while not await devtools.evaluate(DRAWN):
                    await asyncio.sleep(0.1)
                await asyncio.sleep(0.3)        # the last layout's paint ...
                await devtools.evaluate(TO_THE_END)
                await asyncio.sleep(0.2)        # ... and the channel scrolled to its newest message
                shot = await devtools.call("Page.captureScreenshot", format="png")
                return base64.b64decode(shot["data"])
        except TimeoutError:
            raise GalleryError(f"the preview was not drawn within {SHOT_SECONDS:.0f} s") from None
        finally:
            async with self.session.get(f"{self.endpoint}/json/close/{tab['id']}"):
                pass


# the preview has drawn the channel (simcord's page status) and every picture in it has loaded
DRAWN = ("!!(window.simcordPreview && window.simcordPreview.ready === true"
         " && Array.from(document.images).every((image) => image.complete))")


# a channel shows its newest message at the bottom: a picture that loaded late after the preview had
# scrolled may have pushed it down, so whatever scrolls is scrolled to its end once more
TO_THE_END = ("document.querySelectorAll('*').forEach((element) => {"
              " if (element.scrollHeight > element.clientHeight) element.scrollTop = element.scrollHeight; })")


class _DevTools:
    """Calls over one tab's DevTools websocket (answers matched by id; events are skipped)."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws, self.next_id = ws, 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        await self.ws.send_json({"id": self.next_id, "method": method, "params": params})
        async for message in self.ws:
            answer = json.loads(message.data)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise GalleryError(f"{method}: {answer['error']}")
                return answer.get("result", {})
        raise GalleryError(f"the browser closed the tab during {method}")

    async def evaluate(self, expression: str) -> Any:
        found = await self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return found.get("result", {}).get("value")


class Camera:
    """Writes the channel as Anna sees it to ``out``/<name>.png, for the moments asked for."""

    def __init__(self, out: Path, wanted: set[str], browser: Browser,
                 report: Callable[[str], None] = print) -> None:
        self.out, self.wanted, self.browser, self.report = out, wanted, browser, report
        self.written: list[Path] = []

    def wants(self, moment: str) -> bool:
        return moment in self.wanted

    async def take(self, table: Table, moment: str, lang: str) -> None:
        if not self.wants(moment):
            return
        await table.env.settle(timeout=SETTLE_SECONDS)
        began = time.monotonic()
        viewer = table.players[0]
        async with table.env.preview(table.channel, viewers=[viewer], layout="channel", width=WIDTH,
                                     height=HEIGHT, locale=BROWSER_LOCALES[lang]) as preview:
            for attempt in range(SHOT_TRIES):
                try:
                    png = await self.browser.screenshot(preview.url, (WIDTH, HEIGHT))
                    break
                except GalleryError as exc:
                    self.report(f"{moment}-{lang}: {exc}")
                    if attempt + 1 == SHOT_TRIES:
                        raise
        path = self.out / f"{moment}-{lang}.png"
        cut_to_channel(png).save(path, optimize=True)
        self.written.append(path)
        self.report(f"{path} ({path.stat().st_size // 1024} KB, {time.monotonic() - began:.1f} s)")


# ---------------------------------------------------------------------- the table, on simcord
async def _made(table: Table, what: str, result: Any) -> None:
    """A move the plan needs must have been taken: a refusal stops the gallery with its text."""
    try:
        await table.env.settle(timeout=SETTLE_SECONDS)
    except TimeoutError as exc:
        raise GalleryError(f"the bot did not settle after {what}: {exc}") from exc
    refused = refusals(result)
    if refused:
        raise GalleryError(f"{what} was refused: {refused}")


async def _open(table: Table, lang: str, game: str) -> None:
    """The lobby: in another channel each player says which language the bot speaks with them (the
    gallery's viewer sees her own answers in it); then Anna opens the game in the game's language and
    the others sit down."""
    elsewhere = table.guild.create_text_channel("allgemein")
    for member in table.players:
        await _made(table, "the language", await member.slash(elsewhere, "einstellungen", sprache=lang))
    anna, *others = table.players
    opened = await anna.slash(table.channel, "neu", spiel=game, sprache=lang)
    await _made(table, "/spiel neu", opened)
    lobby = _lobby(table)
    join = next(c for c in custom_ids(lobby) if c.startswith("sl:join:") and not c.endswith(":female"))
    for member in others:            # the lobby message's Join button (the message then lists who sits there)
        await _made(table, "Join", await member.click(_lobby(table), custom_id=join))


def _lobby(table: Table) -> Any:
    """The lobby message as the channel shows it now (the one with a Start button)."""
    return next(m for m in reversed(table.channel.history()) if any(c.startswith("sl:start:") for c in custom_ids(m)))


async def _start(table: Table) -> None:
    """Anna clicks the lobby message's Start: the lobby message becomes the live table."""
    lobby = _lobby(table)
    start = next(c for c in custom_ids(lobby) if c.startswith("sl:start:"))
    await _made(table, "Start", await table.players[0].click(lobby, custom_id=start))


async def _munchkin(table: Table, camera: Camera, lang: str) -> None:
    seats = [(table.uid(m), m.user.global_name) for m in table.players]
    plan = plan_munchkin(seats, ("cthulhu",), table.env.now().timestamp())
    table.bot.table.clock = lambda: plan.clock
    await _open(table, lang, "munchkin")
    await camera.take(table, "munchkin-lobby", lang)
    await _start(table)
    await camera.take(table, "munchkin-start", lang)
    if (await table.state()).seed != seed_of(plan.clock):
        raise GalleryError("the table did not deal the planned game")
    await _play(table, camera, lang, "munchkin", plan)


async def _move(table: Table, game: str, game_id: int, move: Any) -> Any:
    """The move the way a player makes it (the game's drive module names the button or command)."""
    step = importlib.import_module(f"{PACKAGES[game]}.drive").step_for(await table.state(), game_id, move)
    return await table.perform(table.member(move.actor), step)


async def _smashup(table: Table, camera: Camera, lang: str) -> None:
    seats = [(table.uid(m), m.user.global_name) for m in table.players]
    plan = plan_smashup(seats, table.env.now().timestamp())
    table.bot.table.clock = lambda: plan.clock
    await _open(table, lang, "smashup")
    await _start(table)
    await _play(table, camera, lang, "smashup", plan)


async def _play(table: Table, camera: Camera, lang: str, game: str, plan: Plan) -> None:
    """The plan's moves made in Discord up to the last moment wanted, a picture after each moment's."""
    at = {number: moment for moment, number in plan.marks.items() if camera.wants(f"{game}-{moment}")}
    if not at:
        return
    game_id = await table.game_id()
    for number, move in enumerate(plan.moves[:max(at)], start=1):
        result = await _move(table, game, game_id, move)
        await _made(table, f"move {number} ({type(move).__name__})", result)
        if number in at:
            await camera.take(table, f"{game}-{at[number]}", lang)


@dataclass
class _World:
    table: Table
    patch: pytest.MonkeyPatch


async def _world(env: Any) -> _World:
    """The Discord tests' table: one server, a game channel, Anna, Ben and Cleo; slash commands
    called by their own names as a player finds them."""
    patch = pytest.MonkeyPatch()
    call_by_leaf_names(patch, env)
    await env.bot.tree.sync()
    guild = env.create_guild(name="Spieleabend")
    channel = guild.create_text_channel("spieltisch")
    players = [guild.add_member(env.create_user(name.lower(), global_name=name)) for name in PLAYER_NAMES]
    env.bot.table.clock = env.now().timestamp      # the table's time is simcord's (deadlines shown as Discord would)
    # no pacing: each moment shows the table as its move left it (a real evening's moves come seconds
    # apart, so the paces change what is drawn, not how; they are tested on their own)
    env.bot.publisher.edit_interval = 0.0
    env.bot.publisher.pictures.every = 0.0
    env.bot.publisher.looks_below.every = 0.0
    env.bot.publisher.hand_interval = 0.0
    return _World(Table(env, guild, channel, players), patch)


async def _session(game: str, lang: str, camera: Camera, workdir: Path) -> None:
    data = workdir / f"{game}-{lang}"
    data.mkdir()
    settings = bot_module.Settings(token="", db_path=data / "bot.db", data_dir=data)
    bot = bot_module.Spielleiter(settings, run_scheduler=False)
    try:
        async with simcord.run(bot, settle_timeout=SETTLE_SECONDS) as env:
            world = await _world(env)
            try:
                await (_munchkin if game == "munchkin" else _smashup)(world.table, camera, lang)
                await bot.publisher.drain()      # no drawing left running once the loop is gone
            finally:
                world.patch.undo()
    finally:
        if bot.table is not None:
            await bot.table.store.close()


def _games(wanted: set[str]) -> Iterator[str]:
    for game in ("munchkin", "smashup"):
        if any(m.startswith(f"{game}-") for m in wanted):
            yield game


async def render(out: Path, languages: tuple[str, ...] = LANGUAGES, moments: tuple[str, ...] = MOMENTS,
                 browser: str | None = None, report: Callable[[str], None] = print) -> list[Path]:
    """Plays the moments and writes their pictures into ``out``; the paths written, in order."""
    unknown = set(moments) - set(MOMENTS)
    if unknown:
        raise GalleryError(f"no such moment: {', '.join(sorted(unknown))} (known: {', '.join(MOMENTS)})")
    browser = browser or chromium()
    if browser is None:
        raise GalleryError("no Chromium found: install Debian's `chromium` (apt-get install chromium) "
                           "or name one in $CHROMIUM")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="gallery-") as temporary:
        workdir = Path(temporary)
        async with Browser(browser, workdir) as chrome:
            camera = Camera(out, set(moments), chrome, report)
            for lang in languages:
                for game in _games(set(moments)):
                    await _session(game, lang, camera, workdir)
    return camera.written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cogs.gallery", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True, help="the folder the PNGs go to")
    parser.add_argument("--lang", default=",".join(LANGUAGES), help="languages, comma-separated (de,en)")
    parser.add_argument("--moments", default=",".join(MOMENTS), help=f"moments, comma-separated ({','.join(MOMENTS)})")
    args = parser.parse_args(argv)
    languages = tuple(x.strip() for x in args.lang.split(",") if x.strip())
    if not set(languages) <= set(LANGUAGES):
        parser.error(f"--lang: one of {', '.join(LANGUAGES)}")
    moments = tuple(x.strip() for x in args.moments.split(",") if x.strip())
    started = time.monotonic()
    try:
        written = asyncio.run(render(args.out, languages, moments))
    except GalleryError as exc:
        print(f"gallery: {exc}", file=sys.stderr)
        return 1
    print(f"{len(written)} pictures in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
