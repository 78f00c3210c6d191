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
from table.errors import TableError
from table.i18n import text
from table.render import Namer, private_view, public_view, render_error, render_event
from table.service import ActResult, TableService
from table.stores import store_for
from table.text_match import fold

GUILD = "console"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("console table")
    group.add_argument("--players", default="Anna,Ben,Cleo",
                       help="comma-separated names, or a number of players for --auto")
    group.add_argument("--game", default="munchkin", choices=["munchkin", "smashup"])
    group.add_argument("--sets", default=None,
                       help="Munchkin: comma-separated set keys: cthulhu (default), impossible, shakespeare, axecop "
                            "(a mix: several)")
    group.add_argument("--seed", type=int, default=None)
    group.add_argument("--db", default=None,
                       help="database file or postgresql:// URL (default: DATABASE_URL, else the data folder's file)")
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
        return Namer(self.lang, self.names, state, tuple(record.sets))

    async def setup(self, names: list[str], game: str, sets: list[str], options: dict, seed: int | None,
                    fresh: bool) -> None:
        existing = await self.service.store.open_game_in_channel(GUILD, self.channel)
        if existing is not None and fresh:
            await self.service.end(GUILD, self.channel, existing.host_id)
            existing = None
        if existing is not None and existing.status == "active":
            self.say(f"# Spiel #{existing.id} in #{self.channel} wird fortgesetzt (Version {existing.version}).")
            await self.show_status()
            return
        if existing is not None:
            await self.service.end(GUILD, self.channel, existing.host_id)
        ids = [fold(name).replace(" ", "_") or f"p{i}" for i, name in enumerate(names)]
        await self.service.create(GUILD, self.channel, ids[0], names[0], kind=game, sets=sets, options=options)
        for pid, name in zip(ids[1:], names[1:], strict=True):
            await self.service.join(GUILD, self.channel, pid, name)
        result = await self.service.start(GUILD, self.channel, ids[0], seed=seed)
        self.say(f"# Spiel #{result.game_id} in #{self.channel}: {', '.join(names)} (Seed {result.state.seed})")
        await self.show(result)

    async def show(self, result: ActResult) -> None:
        namer = await self.namer()
        namer.state = result.state
        for event in result.events:
            line = render_event(event, namer)
            if line is None:
                continue
            if event.is_public:
                self.say(line)
            else:
                self.say(f"  [privat an {namer.player(event.audience)}] {line}")

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
            self.say(f"✗ {text(self.lang, 'errors', 'unknown_command', word=line)}")
            return
        who, _, rest = line.partition(":")
        words = rest.split()
        if not words:
            return
        namer = await self.namer()
        try:
            await self._run(who.strip(), words, namer)
        except (TableError, IllegalAction) as exc:
            self.say(f"✗ {who.strip()}: {render_error(exc, namer)}")

    async def _run(self, who: str, words: list[str], namer: Namer) -> None:
        state = namer.state
        smashup = "smashup" in namer.sets
        words_of = smashup_commands if smashup else None
        name = words_of.command_name(words[0]) if words_of else command_name(words[0])
        if name == "help":
            listed = (words_of.COMMANDS if words_of else COMMANDS).values()
            self.say(" · ".join(names[0] for names in listed))
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
                self.say(f"  [privat an {namer.player(player_id)}] {text_line}")
        elif name == "leave":
            result = await self.service.leave(GUILD, self.channel, player_id)
            if result is not None:
                await self.show(result)
        else:
            if words_of:
                action = words_of.build_action(state, player_id, name, words_of.parse_words(words[1:]))
            else:
                action = build_action(state, player_id, name, parse_words(name, words[1:]))
            await self.show(await self.service.act(GUILD, self.channel, player_id, action))

    def lookup(self, kind: str, query: str, sets: tuple[str, ...] = ()) -> None:
        """Rule and card lookups answer with the best match (the table's game first) and name the next ones."""
        from table.lookup import card_answer, preferred, rule_answer, search

        hits = search(query, kind, limit=4, prefer=preferred(kind, sets))
        if not hits:
            self.say(f"✗ {text(self.lang, 'errors', 'no_lookup_match', query=query)}")
            return
        title, body = (rule_answer if kind == "rule" else card_answer)(hits[0], self.lang)
        self.say(f"📖 {title}")
        for line in body.splitlines():
            self.say(f"   {line}" if line else "")
        if len(hits) > 1:
            self.say("   → " + ", ".join(h.name(self.lang) for h in hits[1:]))

    async def run_lines(self, lines: Iterable[str], echo: bool) -> None:
        for line in lines:
            if echo and line.strip():
                self.say(f"> {line.rstrip()}")
            await self.handle(line)


# ---------------------------------------------------------------------- auto play
async def auto_play(service: TableService, games: int, names: list[str], seed: int, sets: list[str],
                    options: dict, out: TextIO, bots: int = 0, game: str = "munchkin") -> dict:
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
        print(f"Spiel #{result.game_id}: Sieger {', '.join(winners)} nach {state.turn} Zügen, "
              f"{actions} Aktionen", file=out, flush=True)
    summary["seconds"] = round(time.perf_counter() - started, 2)
    summary["wins_by_seat"] = {names[i] + (" (Bot)" if i >= len(names) - bots else ""): wins[i]
                               for i in range(len(names))}
    print(f"{summary['finished']}/{games} Spiele beendet, {summary['actions']} Aktionen in {summary['seconds']} s; "
          f"Siege je Platz: {summary['wins_by_seat']}", file=out, flush=True)
    return summary


def game_settings(args: argparse.Namespace) -> tuple[list[str], dict]:
    """The sets and options the chosen game takes (Smash Up has one set and no options)."""
    if args.game == "smashup":
        return ["smashup"], {}
    sets = (args.sets or "cthulhu").split(",")
    return sets, {"faster_play": args.faster_play, "shared_victory": args.shared_victory}


async def run_console(args: argparse.Namespace, stdin: TextIO = sys.stdin, out: TextIO = sys.stdout) -> int:
    store = store_for(args.db)
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
                            bots=args.bots, game=args.game)
            return 0
        table = ConsoleTable(service, args.channel, args.lang, out)
        await table.setup(names, args.game, sets, options, args.seed, args.fresh)
        if args.script is not None:
            await table.run_lines(args.script.read_text(encoding="utf-8").splitlines(), echo=True)
            return 0
        if stdin.isatty():
            print("Eingabe: NAME: befehl … („NAME: befehle“ listet alle, Strg-D beendet)", file=out)
        await table.run_lines(iter(stdin.readline, ""), echo=not stdin.isatty())
        return 0
    finally:
        await store.close()
