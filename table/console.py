"""The console table: a local game on the same table/ code as the bot, with no Discord.

Each input line is "NAME: command arguments", with the slash commands' words (German; English
accepted). Public messages print as the channel would show them; "NAME: hand" shows that player's
private view. ``--script FILE`` reads the lines from a file; ``--auto N`` lets random legal agents
play N whole games through the table.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from engine.core.cli import OneLineParser as BaseParser
from engine.core.errors import IllegalAction
from engine.core.numbers import NumberError, looks_like_a_number, parse_whole
from engine.core.process import freeze_startup_objects
from engine.search import LEVELS
from engine.sim import RandomAgent
from table.errors import DatabaseGone, TableError, UsageError
from table.games import DEFAULT_GAME, frontend, keys
from table.history import default_since, history_of, leaderboard, page_of
from table.i18n import DEFAULT_LANGUAGE, text
from table.render import Namer, names_by_seat, option_label, private_view, public_view, render_error, render_event
from table.service import ActResult, TableService
from table.store import GameRecord
from table.stores import database_url, folder_to_create, store_for
from table.text_match import NAME_LIMIT, clean, fold, tidy
from table.words import resolve_player, typed_number

GUILD = "console"
# the table's own words, the same in every game: taking a move back, the history, the records
TABLE_WORDS = {"undo": ("zurück", "zurueck", "undo"), "history": ("verlauf", "history"),
               "leaderboard": ("rangliste", "leaderboard")}
ALL_WORDS = ("alles", "all")
DEFAULT_PLAYERS = "Anna,Ben,Cleo"
WORDLESS = ("help", "hand", "status", "leave")   # console commands that take no arguments
ECHO_LIMIT = 100     # characters of an input line echoed back
MAX_PAGE = 9999     # the highest page "verlauf" takes (a later one shows the last page anyway)
PARAM_LIMIT = 60     # characters of a typed name (or a speaker) repeated in a refusal


def shorten(value: str, limit: int) -> str:
    return value if len(value) <= limit else value[:limit - 1] + "…"


def _shortened(exc: Exception) -> Exception:
    """A refusal that repeats what was typed repeats at most PARAM_LIMIT characters of it."""
    params = getattr(exc, "params", {})
    for key, value in params.items():
        if isinstance(value, str):
            params[key] = shorten(value, PARAM_LIMIT)
    return exc


class OneLineParser(BaseParser):
    """A mistake is one line in the language --lang asks for, and exit code 2, not the usage."""

    def language(self) -> str:
        argv = self.argv
        english = any(a == "--lang=en" or (a == "--lang" and argv[i + 1:i + 2] == ("en",)) for i, a in enumerate(argv))
        return "en" if english else DEFAULT_LANGUAGE

    def line(self, message: str) -> str:
        return text(self.language(), "cli", "bad_argument", message=message)

    def number_problem(self, error: NumberError) -> str:
        return number_problem(self.language(), error)


def number_problem(lang: str, error: NumberError) -> str:
    """"„²“ ist keine Zahl aus den Ziffern 0–9 (erlaubt: ab 1)": a typed number refused, in words."""
    allowed = (text(lang, "cli", "range_from", low=error.low) if error.high is None
               else text(lang, "cli", "range_between", low=error.low, high=error.high))
    return text(lang, "cli", f"number_{error.reason}", given=error.text, allowed=allowed)


def add_arguments(parser: OneLineParser) -> None:
    group = parser.add_argument_group("console table")
    number = parser.number
    # defaults of None: what the user named is compared with a game that is resumed (see resume_conflict)
    group.add_argument("--players", default=None,
                       help=f"comma-separated names (default {DEFAULT_PLAYERS}), each with :w or :m for the "
                            "character's sex (Munchkin; default m), or a number of players for --auto")
    group.add_argument("--game", default=None, choices=keys(), help=f"default {DEFAULT_GAME}")
    group.add_argument("--sets", default=None,
                       help="Munchkin: comma-separated set keys: cthulhu (default), impossible, shakespeare, axecop "
                            "(a mix: several)")
    group.add_argument("--seed", type=number(), default=None)
    group.add_argument("--db", default=None,
                       help="database file or postgresql:// URL (default: DATABASE_URL, else the data folder's file)")
    group.add_argument("--channel", default="konsole", help="the console's channel name (one game per channel)")
    group.add_argument("--fresh", action="store_true", help="end a game still open in this channel first")
    group.add_argument("--faster-play", action="store_true", default=None)
    group.add_argument("--shared-victory", action="store_true", default=None)
    group.add_argument("--lang", default="de", choices=["de", "en"])
    group.add_argument("--script", type=Path, default=None, help="read the input lines from this file")
    group.add_argument("--auto", type=number(), default=None, metavar="N", help="random agents play N whole games")
    group.add_argument("--bots", type=number(), default=0, metavar="N",
                       help="with --auto: the last N seats are bot players, the others random agents")
    group.add_argument("--bot-level", default="leicht", choices=list(LEVELS),
                       help="the bots' strength: leicht, mittel, or schwer (a search; see --bot-budget-ms)")
    group.add_argument("--bot-budget-ms", type=number(), default=None, metavar="MS",
                       help="schwer's thinking time per decision (default 1000)")
    group.add_argument("--images", type=Path, default=None, metavar="DIR",
                       help="write the table's pictures (PNG files) here after each move")


def player_names(value: str, least: int, most: int) -> list[str]:
    """The names given, or as many players as a number names ("3": P1, P2, P3). A number in another
    script ("²") is refused as a number, not taken for a name."""
    if looks_like_a_number(value):
        try:
            count = parse_whole(value, least, most)
        except NumberError:
            raise UsageError("players_number", given=value.strip(), least=least, most=most) from None
        return [f"P{i + 1}" for i in range(count)]
    return [name.strip() for name in value.split(",") if name.strip()]


SEX_TAGS = {"w": "female", "f": "female", "m": "male"}     # "--players Anna:w,Ben:m"


def split_sex(entry: str) -> tuple[str, str | None]:
    """"Anna:w" is Anna with a female character (Munchkin: the character has the player's sex);
    a name without a tag keeps the table's default."""
    name, colon, tag = entry.rpartition(":")
    if colon and tag.strip().lower() in SEX_TAGS and name.strip():
        return name.strip(), SEX_TAGS[tag.strip().lower()]
    return entry, None


def player_id(name: str, index: int) -> str:
    return fold(name).replace(" ", "_") or f"p{index}"


@dataclass
class ConsoleSettings:
    """The console's command line, checked before anything touches the database."""

    game: str
    names: list[str]
    sets: list[str]
    options: dict[str, Any]
    script: list[str] | None = None
    given: dict[str, Any] = field(default_factory=dict)   # what the user named, compared on resume
    sexes: dict[str, str] = field(default_factory=dict)   # name -> "female"/"male" where the user named it
    db: str = ""                                          # the database's address, checked (table.stores)


def console_settings(args: argparse.Namespace) -> ConsoleSettings:
    """Check and tidy the command line; a mistake raises UsageError (one line, exit code 2)."""
    from engine.games import rules_of

    game = args.game or DEFAULT_GAME
    rules = rules_of(game)
    tagged = [split_sex(entry) for entry in player_names(args.players or DEFAULT_PLAYERS, rules.min_players,
                                                                  rules.max_players)]
    names, sexes = [name for name, _ in tagged], {name: sex for name, sex in tagged if sex}
    check_players(names, rules.min_players, rules.max_players)
    if args.auto is not None and args.auto < 1:
        raise UsageError("auto_count", given=args.auto)
    if args.bots and (args.auto is None or not 0 <= args.bots <= len(names)):
        raise UsageError("bots_count", given=args.bots, players=len(names))
    if args.bot_budget_ms is not None and args.bot_budget_ms < 1:
        raise UsageError("bot_budget", given=args.bot_budget_ms)
    sets, options = frontend(game).settings(args.sets, {"faster_play": args.faster_play,
                                                         "shared_victory": args.shared_victory})
    db = database_url(args.db)
    if args.images is not None:
        check_picture_folder(args.images)
    given: dict[str, Any] = {"game": args.game, "players": args.players and names, "seed": args.seed,
                             "sets": sets if args.sets is not None else None,
                             "options": {k: True for k in ("faster_play", "shared_victory") if getattr(args, k)}}
    return ConsoleSettings(game, names, sets, options, read_script(args.script),
                           {k: v for k, v in given.items() if v not in (None, {})}, sexes, db)


def check_picture_folder(folder: Path) -> None:
    """--images names a folder that is there or can be made, and can be written to; checked before the
    game starts, so a bad name changes nothing (the folder itself is made with the first picture)."""
    there = next(p for p in (folder, *folder.parents) if p.exists())
    if not there.is_dir():
        raise UsageError("images_not_folder", path=str(folder), file=str(there))
    if not os.access(there, os.W_OK | os.X_OK):
        raise UsageError("images_unwritable", path=str(folder), folder=str(there))


def check_players(names: list[str], least: int, most: int) -> None:
    if not least <= len(names) <= most:
        raise UsageError("players_count", least=least, most=most, count=len(names), names=", ".join(names) or "–")
    seen: dict[str, str] = {}
    for index, name in enumerate(names):
        if ":" in name:      # a console line is "NAME: command": the name must not hold the colon
            raise UsageError("player_colon", name=name)
        if len(tidy(name)) > NAME_LIMIT:    # refused, not cut: the lines must name the player as typed
            raise UsageError("player_long", name=name, limit=NAME_LIMIT, count=len(tidy(name)))
        pid = player_id(name, index)
        if pid in seen:
            raise UsageError("player_twice" if seen[pid] == name else "player_alike", name=name, other=seen[pid])
        seen[pid] = name


def read_script(path: Path | None) -> list[str] | None:
    """The script's lines, read before the game starts, so a bad file changes nothing."""
    if path is None:
        return None
    try:
        return path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise UsageError("script_missing", path=str(path)) from None
    except IsADirectoryError:
        raise UsageError("script_not_file", path=str(path)) from None
    except UnicodeDecodeError as exc:
        raise UsageError("script_not_utf8", path=str(path), byte=exc.start) from None
    except OSError as exc:
        raise UsageError("script_unreadable", path=str(path), reason=exc.strerror or str(exc)) from None


def as_flags(values: dict[str, Any]) -> str:
    """Game settings written as the command line that names them."""
    parts = []
    for key in ("game", "players", "sets", "seed"):
        value = values.get(key)
        if value is not None:
            parts.append(f"--{key} {','.join(value) if isinstance(value, list) else value}")
    parts += ["--" + key.replace("_", "-") for key, on in sorted(values.get("options", {}).items()) if on]
    return " ".join(parts)


def running_settings(record: GameRecord, seat_names: list[str]) -> dict[str, Any]:
    return {"game": record.kind, "players": seat_names, "seed": record.seed, "options": record.options,
            "sets": record.sets if len(list(frontend(record.kind).set_keys())) > 1 else None}


def resume_conflict(running: dict[str, Any], given: dict[str, Any]) -> dict[str, Any]:
    """What the user named that the open game does not have (the order of the sets does not matter)."""
    def same(key: str, value: Any) -> bool:
        if key == "sets":
            return sorted(value) == sorted(running["sets"] or [])
        return value == running[key]

    wanted = {key: value for key, value in given.items() if key != "options" and not same(key, value)}
    options = {key: True for key in given.get("options", {}) if not running["options"].get(key)}
    if options:
        wanted["options"] = options
    return wanted


class ConsoleTable:
    def __init__(self, service: TableService, channel: str, lang: str, out: TextIO) -> None:
        self.service = service
        self.channel = channel
        self.lang = lang
        self.out = out
        self.names: dict[str, str] = {}
        self.game_id: int | None = None      # the table's game, remembered once it has ended too
        self.pictures = None                 # a table.pictures.PictureFolder with --images DIR

    def say(self, line: str) -> None:
        print(line, file=self.out, flush=True)

    def line(self, key: str, **params) -> str:
        """One of the console's own lines, in the table's language."""
        return text(self.lang, "console", key, **params)

    async def namer(self) -> Namer:
        """Names for the channel's game; a game that just ended is still named (its last move is shown)."""
        try:
            record = await self.service.game_in(GUILD, self.channel)
        except TableError:
            record = await self.service.store.get_game(self.game_id) if self.game_id else None
            if record is None:
                raise
        self.game_id = record.id
        seats = await self.service.store.seats(record.id)
        self.names = names_by_seat(seats)
        state = None
        if record.status in ("active", "finished"):
            _, state = await self.service.state_of(record)
        return Namer(self.lang, self.names, state, tuple(record.sets), console=True)

    async def setup(self, names: list[str], game: str, sets: list[str], options: dict, seed: int | None,
                    fresh: bool, given: dict[str, Any] | None = None, sexes: dict[str, str] | None = None) -> None:
        """Resume the channel's open game when what the command line named (``given``) fits it, and say
        so; refuse when it names something else (offering --fresh); or start a new one."""
        existing = await self.service.store.open_game_in_channel(GUILD, self.channel)
        if existing is not None and fresh:
            await self.service.end(GUILD, self.channel, existing.host_id)
            existing = None
        if existing is not None and existing.status == "active":
            await self.resume(existing, given or {})
            return
        if existing is not None:
            await self.service.end(GUILD, self.channel, existing.host_id)
        ids = [player_id(name, i) for i, name in enumerate(names)]
        sexes = sexes or {}
        await self.service.create(GUILD, self.channel, ids[0], names[0], kind=game, sets=sets, options=options,
                                  sex=sexes.get(names[0], "male"))
        for pid, name in zip(ids[1:], names[1:], strict=True):
            await self.service.join(GUILD, self.channel, pid, name, sexes.get(name, "male"))
        result = await self.service.start(GUILD, self.channel, ids[0], seed=seed)
        self.say(self.line("started", game=result.game_id, channel=self.channel, players=", ".join(names),
                           seed=result.state.seed))
        await self.show(result)

    async def resume(self, record: GameRecord, given: dict[str, Any]) -> None:
        seats = await self.service.store.seats(record.id)
        running = running_settings(record, [s.name for s in seats])
        wanted = resume_conflict(running, given)
        if wanted:
            raise UsageError("resume_differs", game=record.id, channel=self.channel, running=as_flags(running),
                             wanted=as_flags(wanted))
        self.say(text(self.lang, "cli", "resumed", game=record.id, channel=self.channel, version=record.version,
                      running=as_flags(running)))
        await self.show_status()

    async def show(self, result: ActResult, action=None) -> None:
        """The move's events as the channel and each player would see them; a move that shows nothing
        by itself (a passed round of specials, an answer) still gets a line."""
        namer = await self.namer()
        namer.state = result.state
        shown = 0
        for event in result.events:
            line = render_event(event, namer)
            if line is None:
                continue
            shown += 1
            self.say(line if event.is_public else f"  {self.private(namer, event.audience)} {line}")
        if not shown and action is not None:
            self.say(self.acknowledge(action, namer))
        if self.pictures is not None:
            self.pictures.update(result.state, self.lang, self.names)
        if result.status == "finished":
            record = await self.service.store.get_game(result.game_id, with_state=False)
            await self.show_summary((await history_of(self.service.store, record, "", self.lang)).summary)

    def private(self, namer: Namer, player_id) -> str:
        return self.line("private", player=namer.player(player_id))

    def acknowledge(self, action, namer: Namer) -> str:
        player = namer.player(action.actor)
        kind = type(action).__name__
        if kind == "PassSpecial":
            return self.line("ack_pass_special", player=player)
        if kind in ("Decide", "Choose"):
            return self.line("ack_decided", player=player, option=option_label(action.option, namer))
        return self.line("ack", player=player)

    async def show_status(self) -> None:
        namer = await self.namer()
        if namer.state is not None:
            for line in public_view(namer.state, namer):
                self.say(line)

    async def handle(self, line: str) -> None:
        line = line.strip()
        if not line or line.startswith("#"):
            return
        if ":" not in line:
            self.say(f"✗ {text(self.lang, 'errors', 'no_line')}")
            return
        who, _, rest = clean(line).partition(":")
        who, words = shorten(who.strip(), PARAM_LIMIT), rest.split()
        if not words:
            return
        try:
            namer = await self.namer()
        except TableError as exc:       # e.g. the database is busy: this line is refused, the table goes on
            self.say(f"✗ {who}: {text(self.lang, 'errors', exc.code, **exc.params)}")
            return
        try:
            await self._run(who, words, namer)
        except (TableError, IllegalAction) as exc:
            me = self.player_id(namer, who)
            self.say(f"✗ {who}: {render_error(_shortened(exc), namer, me)}")
            if exc.code in ("missing_argument", "not_understood", "bad_side", "bad_number",
                            "number_out_of_range"):
                self.say(f"  {self.usage(words[0], namer)}")

    @staticmethod
    def player_id(namer: Namer, who: str) -> str | None:
        try:
            return resolve_player(namer.state, who) if namer.state is not None else None
        except TableError:
            return None

    def usage(self, word: str, namer: Namer) -> str:
        """"So geht's: spielen KARTE [auf SPIELER …] – zum Beispiel „spielen …“" for the command typed."""
        key = next((k for k, names in TABLE_WORDS.items() if fold(word) in map(fold, names)), None) or \
            self._usage_key(self._command(word, namer), namer)
        return self.line("usage", usage=text(self.lang, "usage", key), example=text(self.lang, "examples", key))

    @staticmethod
    def _command(word: str, namer: Namer) -> str:
        return frontend(namer.game).command_name(word)

    @staticmethod
    def _usage_key(name: str, namer: Namer) -> str:
        return frontend(namer.game).usage_key(name)

    def help(self, who: str, namer: Namer) -> None:
        """Every command with its arguments and one example, in the table's language."""
        commands = frontend(namer.game).commands
        self.say(self.line("help_title"))
        for key in [self._usage_key(name, namer) for name in commands] + list(TABLE_WORDS):
            self.say(self.line("help_line", usage=text(self.lang, "usage", key),
                               example=f"{who}: {text(self.lang, 'examples', key)}"))

    async def _run(self, who: str, words: list[str], namer: Namer) -> None:
        state = namer.state
        words_of = frontend(namer.game)
        table_word = next((key for key, names in TABLE_WORDS.items() if fold(words[0]) in map(fold, names)), None)
        if table_word is not None:
            await self._table_word(table_word, who, words[1:], namer)
            return
        name = words_of.command_name(words[0])
        if name in WORDLESS and len(words) > 1:
            raise TableError("not_understood", words=" ".join(words[1:]))
        if name == "help":
            self.help(who, namer)
            return
        if name in ("rule", "card"):
            self.lookup(name, " ".join(words[1:]), namer.sets if state is not None else ())
            return
        if state is None:
            raise TableError("not_started")
        player_id = resolve_player(state, who) if state.players else who
        if name == "status":
            await self.show_status()
        elif name == "hand":
            for text_line in private_view(state, player_id, namer):
                self.say(f"  {self.private(namer, player_id)} {text_line}")
        elif name == "leave":
            result = await self.service.leave(GUILD, self.channel, player_id)
            if result is not None:
                await self.show(result)
        else:
            args = words_of.parse_words(words[1:])
            action = words_of.build_action(state, player_id, name, args)
            args.check_all_read()
            await self.show(await self.service.act(GUILD, self.channel, player_id, action), action)

    async def _table_word(self, name: str, who: str, rest: list[str], namer: Namer) -> None:
        if name == "leaderboard":
            if rest:
                raise TableError("not_understood", words=" ".join(rest))
            for line in await leaderboard(self.service.store, GUILD, self.lang):
                self.say(line)
            return
        if namer.state is None:
            raise TableError("not_started")
        player_id = resolve_player(namer.state, who)
        if name == "undo":
            if rest:
                raise TableError("not_understood", words=" ".join(rest))
            await self.show(await self.service.undo(GUILD, self.channel, player_id))
        else:
            await self.show_history(player_id, rest)

    async def show_history(self, player_id: str, rest: list[str]) -> None:
        """``verlauf [alles] [SEITE]``: one page of what this player may see of the game, newest last; by
        default the newest page (from the player's last move on, in an asynchronous game)."""
        everything = bool(rest) and fold(rest[0]) in ALL_WORDS
        rest = rest[1:] if everything else rest
        if len(rest) > 1:
            raise TableError("not_understood", words=" ".join(rest))
        number = typed_number(rest[0], 1, MAX_PAGE) - 1 if rest else None
        record = await self.service.store.get_game(self.game_id, with_state=False)
        found = await history_of(self.service.store, record, player_id, self.lang)
        since = 0 if everything else default_since(record, found)
        page = page_of(found, since, number, self.lang)
        title = "title_since" if since else "title"
        self.say(f"📜 {text(self.lang, 'history', title, game=record.id)} – "
                 f"{text(self.lang, 'history', 'page', page=page.number + 1, pages=page.count)}")
        for line in page.body.splitlines():
            self.say(f"   {line}")
        if page.count > 1:
            other = page.number if page.number > 0 else page.number + 2
            self.say(f"   {text(self.lang, 'history', 'history_hint', page=other)}")
        if found.summary and page.number == page.count - 1:
            await self.show_summary(found.summary)

    async def show_summary(self, lines: list[str]) -> None:
        self.say(f"📜 {text(self.lang, 'history', 'summary_title')}")
        for line in lines:
            self.say(f"   {line}")

    def lookup(self, kind: str, query: str, sets: tuple[str, ...] = ()) -> None:
        """Rule and card lookups answer with the best match (the table's game first) and name related ones;
        an empty query lists topics or asks for a word, a weak match names the nearest instead."""
        from table.lookup import preferred, reply

        found = reply(query, kind, self.lang, preferred(kind, sets))
        self.say(f"📖 {found.title}")
        for line in found.body.splitlines():
            self.say(f"   {line}" if line else "")
        if found.related:
            self.say("   → " + " · ".join(found.related))

    async def run_lines(self, lines: Iterable[str], echo: bool) -> None:
        for line in lines:
            if echo and line.strip():
                self.say(f"> {shorten(line.strip(), ECHO_LIMIT)}")
            await self.handle(line)


# ---------------------------------------------------------------------- auto play
async def auto_play(service: TableService, games: int, names: list[str], seed: int, sets: list[str],
                    options: dict, out: TextIO, bots: int = 0, game: str = DEFAULT_GAME, lang: str = "de",
                    bot_level: str = "leicht", bot_budget_s: float | None = None) -> dict:
    """Random legal agents (and bot players in the last ``bots`` seats) play whole games through the
    table and the store."""
    from engine.games import rules_of

    rules = rules_of(game)
    started = time.perf_counter()
    wins: Counter[int] = Counter()
    summary = {"games": games, "finished": 0, "actions": 0}
    ids = [f"seat{i + 1}" for i in range(len(names))]
    for number in range(games):
        channel = f"auto-{seed}-{number}-{int(time.time() * 1000)}"
        await service.create(GUILD, channel, ids[0], names[0], kind=game, sets=sets, options=options)
        for pid, name in zip(ids[1:], names[1:], strict=True):
            await service.join(GUILD, channel, pid, name)
        result = await service.start(GUILD, channel, ids[0], seed=seed * 10_007 + number)
        agent = RandomAgent(random.Random(seed * 10_007 + number))
        bot_players = [rules.bot_player(pid, level=bot_level, budget_s=bot_budget_s, seed=seed * 10_007 + number)
                       for pid in ids[len(ids) - bots:]] if bots else []
        state = result.state
        actions = 0
        while state.phase != "over":
            move = next((m for m in (b.choose(state) for b in bot_players) if m is not None), None)
            if move is None:
                seated_bots = {b.player_id for b in bot_players}
                moves = [m for p in state.players if p.id not in seated_bots for m in rules.legal_actions(state, p.id)]
                move = agent.choose(moves or [m for p in state.players for m in rules.legal_actions(state, p.id)])
            result = await service.act_in(result.game_id, move.actor, move)
            state = result.state
            actions += 1
        summary["finished"] += 1
        summary["actions"] += actions
        winners = [names[ids.index(w)] for w in state.winners]
        for w in state.winners:
            wins[ids.index(w)] += 1
        print(text(lang, "console", "auto_game", game=result.game_id, winners=", ".join(winners), turns=state.turn,
                   actions=actions), file=out, flush=True)
    summary["seconds"] = round(time.perf_counter() - started, 2)
    bot_mark = " (Bot)" if bot_level == "leicht" else f" (Bot, {bot_level})"
    summary["wins_by_seat"] = {names[i] + (bot_mark if i >= len(names) - bots else ""): wins[i]
                               for i in range(len(names))}
    wins_line = ", ".join(f"{seat} {n}" for seat, n in summary["wins_by_seat"].items())
    print(text(lang, "console", "auto_summary", finished=summary["finished"], games=games, actions=summary["actions"],
               seconds=summary["seconds"], wins=wins_line), file=out, flush=True)
    return summary


def refuse(lang: str, exc: TableError) -> int:
    """A mistake on the command line or a database that cannot be used: one line, exit code 2."""
    section = "cli" if isinstance(exc, UsageError) else "errors"
    print(text(lang, section, exc.code, **exc.params), file=sys.stderr)
    return 2


async def run_console(args: argparse.Namespace, stdin: TextIO | None = None, out: TextIO | None = None) -> int:
    stdin, out = stdin or sys.stdin, out or sys.stdout     # looked up now: a caller may have replaced them
    try:
        settings = console_settings(args)
    except UsageError as exc:
        return refuse(args.lang, exc)
    store = store_for(settings.db)
    if (folder := folder_to_create(settings.db)) is not None:
        print(text(args.lang, "cli", "db_folder_created", folder=str(folder)), file=sys.stderr)
    try:
        await store.open()
        service = TableService(store)
        await service.recover()
        freeze_startup_objects()
        if args.auto is not None:
            await auto_play(service, args.auto, settings.names, args.seed if args.seed is not None else 1,
                            settings.sets, settings.options, out, bots=args.bots, game=settings.game, lang=args.lang,
                            bot_level=args.bot_level,
                            bot_budget_s=None if args.bot_budget_ms is None else args.bot_budget_ms / 1000)
            return 0
        table = ConsoleTable(service, args.channel, args.lang, out)
        if args.images is not None:
            from table.pictures import PictureFolder

            table.pictures = PictureFolder(args.images)
        await table.setup(settings.names, settings.game, settings.sets, settings.options, args.seed, args.fresh,
                          settings.given, settings.sexes)
        if settings.script is not None:
            await table.run_lines(settings.script, echo=True)
            return 0
        if stdin.isatty():
            print(text(args.lang, "console", "prompt"), file=out)
        await table.run_lines(iter(stdin.readline, ""), echo=not stdin.isatty())
        return 0
    except TableError as exc:     # the database (damaged, busy, not ours) or a game that does not fit
        return refuse(args.lang, exc)
    except DatabaseGone as exc:   # the server stopped mid-game: what was played is stored, the table stops
        print(text(args.lang, "cli", "database_gone", path=exc.path, reason=exc.reason), file=sys.stderr)
        return 1
    finally:
        await store.close()
