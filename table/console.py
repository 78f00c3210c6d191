"""The console table: a local game on the same table/ code as the bot, with no Discord.

Each input line is "NAME: command arguments", with the slash commands' words (German; English
accepted). Public messages print as the channel would show them; "NAME: hand" shows that player's
private view. ``--script FILE`` reads the lines from a file; ``--auto N`` lets random legal agents
play N whole games through the table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from engine.core.errors import IllegalAction
from engine.sim import RandomAgent
from table import smashup_commands
from table.commands import COMMANDS, build_action, command_name, parse_words, resolve_player
from table.config import default_db_path
from table.errors import TableError
from table.i18n import has_text, text
from table.render import Namer, option_label, private_view, public_view, render_error, render_event
from table.service import ActResult, TableService
from table.sqlite_store import SqliteStore
from table.text_match import clean, fold

GUILD = "console"
WORDLESS = ("help", "hand", "status", "leave")   # console commands that take no arguments
ECHO_LIMIT = 100     # characters of an input line echoed back
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


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("console table")
    group.add_argument("--players", default="Anna,Ben,Cleo",
                       help="comma-separated names, or a number of players for --auto")
    group.add_argument("--game", default="munchkin", choices=["munchkin", "smashup"])
    group.add_argument("--sets", default=None,
                       help="Munchkin: comma-separated set keys: cthulhu (default), impossible, shakespeare, axecop "
                            "(a mix: several)")
    group.add_argument("--seed", type=int, default=None)
    group.add_argument("--db", type=Path, default=None, help="database file (default: the data folder's)")
    group.add_argument("--channel", default="konsole", help="the console's channel name (one game per channel)")
    group.add_argument("--fresh", action="store_true", help="end a game still open in this channel first")
    group.add_argument("--faster-play", action="store_true")
    group.add_argument("--shared-victory", action="store_true")
    group.add_argument("--lang", default="de", choices=["de", "en"])
    group.add_argument("--script", type=Path, default=None, help="read the input lines from this file")
    group.add_argument("--auto", type=int, default=None, metavar="N", help="random agents play N whole games")
    group.add_argument("--bots", type=int, default=0, metavar="N",
                       help="with --auto: the last N seats are bot players, the others random agents")


def player_names(value: str) -> list[str]:
    if value.strip().isdigit():
        return [f"P{i + 1}" for i in range(int(value))]
    return [name.strip() for name in value.split(",") if name.strip()]


class ConsoleTable:
    def __init__(self, service: TableService, channel: str, lang: str, out: TextIO) -> None:
        self.service = service
        self.channel = channel
        self.lang = lang
        self.out = out
        self.names: dict[str, str] = {}
        self.game_id: int | None = None      # the table's game, remembered once it has ended too

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
        self.names = {s.user_id: s.name + (" (Bot)" if s.bot else "") for s in seats}
        state = None
        if record.status in ("active", "finished"):
            _, state = await self.service.state_of(record)
        return Namer(self.lang, self.names, state, tuple(record.sets), console=True)

    async def setup(self, names: list[str], game: str, sets: list[str], options: dict, seed: int | None,
                    fresh: bool) -> None:
        existing = await self.service.store.open_game_in_channel(GUILD, self.channel)
        if existing is not None and fresh:
            await self.service.end(GUILD, self.channel, existing.host_id)
            existing = None
        if existing is not None and existing.status == "active":
            self.say(self.line("resumed", game=existing.id, channel=self.channel, version=existing.version))
            await self.show_status()
            return
        if existing is not None:
            await self.service.end(GUILD, self.channel, existing.host_id)
        ids = [fold(name).replace(" ", "_") or f"p{i}" for i, name in enumerate(names)]
        await self.service.create(GUILD, self.channel, ids[0], names[0], kind=game, sets=sets, options=options)
        for pid, name in zip(ids[1:], names[1:], strict=True):
            await self.service.join(GUILD, self.channel, pid, name)
        result = await self.service.start(GUILD, self.channel, ids[0], seed=seed)
        self.say(self.line("started", game=result.game_id, channel=self.channel, players=", ".join(names),
                           seed=result.state.seed))
        await self.show(result)

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

    def private(self, namer: Namer, player_id) -> str:
        return self.line("private", player=namer.player(player_id))

    def acknowledge(self, action, namer: Namer) -> str:
        player = namer.player(action.actor)
        kind = type(action).__name__
        if kind == "PassSpecial":
            return self.line("ack_pass_special", player=player)
        if kind in ("Decide", "Choose"):
            from table import smashup_render

            label = (smashup_render.option_label if "smashup" in namer.sets else option_label)(action.option, namer)
            return self.line("ack_decided", player=player, option=label)
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
        namer = await self.namer()
        try:
            await self._run(who, words, namer)
        except (TableError, IllegalAction) as exc:
            me = self.player_id(namer, who)
            self.say(f"✗ {who}: {render_error(_shortened(exc), namer, me)}")
            if exc.code in ("missing_argument", "not_understood", "bad_side", "bad_number"):
                self.say(f"  {self.usage(words[0], namer)}")

    @staticmethod
    def player_id(namer: Namer, who: str) -> str | None:
        try:
            return resolve_player(namer.state, who) if namer.state is not None else None
        except TableError:
            return None

    def usage(self, word: str, namer: Namer) -> str:
        """"So geht's: spielen KARTE [auf SPIELER …] – zum Beispiel „spielen …“" for the command typed."""
        key = self._usage_key(self._command(word, namer), namer)
        return self.line("usage", usage=text(self.lang, "usage", key), example=text(self.lang, "examples", key))

    @staticmethod
    def _command(word: str, namer: Namer) -> str:
        return (smashup_commands.command_name if "smashup" in namer.sets else command_name)(word)

    @staticmethod
    def _usage_key(name: str, namer: Namer) -> str:
        smashup = "smashup" in namer.sets and has_text("de", "usage", f"su_{name}")
        return f"su_{name}" if smashup else name

    def help(self, who: str, namer: Namer) -> None:
        """Every command with its arguments and one example, in the table's language."""
        commands = (smashup_commands.COMMANDS if "smashup" in namer.sets else COMMANDS)
        self.say(self.line("help_title"))
        for name in commands:
            key = self._usage_key(name, namer)
            self.say(self.line("help_line", usage=text(self.lang, "usage", key),
                               example=f"{who}: {text(self.lang, 'examples', key)}"))

    async def _run(self, who: str, words: list[str], namer: Namer) -> None:
        state = namer.state
        smashup = "smashup" in namer.sets
        words_of = smashup_commands if smashup else None
        name = words_of.command_name(words[0]) if words_of else command_name(words[0])
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
            args = words_of.parse_words(words[1:]) if words_of else parse_words(name, words[1:])
            action = (words_of.build_action if words_of else build_action)(state, player_id, name, args)
            args.check_all_read()
            await self.show(await self.service.act(GUILD, self.channel, player_id, action), action)

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
                    options: dict, out: TextIO, bots: int = 0, game: str = "munchkin", lang: str = "de") -> dict:
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
        bot_players = [rules.bot_player(pid) for pid in ids[len(ids) - bots:]] if bots else []
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
    summary["wins_by_seat"] = {names[i] + (" (Bot)" if i >= len(names) - bots else ""): wins[i]
                               for i in range(len(names))}
    wins_line = ", ".join(f"{seat} {n}" for seat, n in summary["wins_by_seat"].items())
    print(text(lang, "console", "auto_summary", finished=summary["finished"], games=games, actions=summary["actions"],
               seconds=summary["seconds"], wins=wins_line), file=out, flush=True)
    return summary


def game_settings(args: argparse.Namespace) -> tuple[list[str], dict]:
    """The sets and options the chosen game takes (Smash Up has one set and no options)."""
    if args.game == "smashup":
        return ["smashup"], {}
    sets = (args.sets or "cthulhu").split(",")
    return sets, {"faster_play": args.faster_play, "shared_victory": args.shared_victory}


async def run_console(args: argparse.Namespace, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    store = SqliteStore(args.db or default_db_path())
    try:
        await store.open()
    except TableError as exc:
        print(text(args.lang, "errors", exc.code, **exc.params), file=sys.stderr)
        return 2
    service = TableService(store)
    try:
        await service.recover()
        names = player_names(args.players)
        sets, options = game_settings(args)
        if args.auto is not None:
            await auto_play(service, args.auto, names, args.seed if args.seed is not None else 1, sets, options, out,
                            bots=args.bots, game=args.game, lang=args.lang)
            return 0
        table = ConsoleTable(service, args.channel, args.lang, out)
        await table.setup(names, args.game, sets, options, args.seed, args.fresh)
        if args.script is not None:
            await table.run_lines(args.script.read_text(encoding="utf-8").splitlines(), echo=True)
            return 0
        if stdin.isatty():
            print(text(args.lang, "console", "prompt"), file=out)
        await table.run_lines(iter(stdin.readline, ""), echo=not stdin.isatty())
        return 0
    finally:
        await store.close()
