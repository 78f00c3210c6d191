"""Plays whole games with random legal agents and checks the invariants after every step.

    python -m engine.sim --game munchkin --players 4 --games 300 --seed 11 --json
    python -m engine.sim --game smashup --players 3 --games 300 --seed 5 --json

``--no-invariants`` skips the invariant checks (for timing only; they run by default and in tests).
``--digest`` prints one sha256 over every listing, move, state and event of the games played: a change
meant to leave the games as they are (a restructuring) must leave it the same.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
import traceback
from contextlib import nullcontext
from functools import partial
from typing import Any

from engine.core.cli import OneLineParser, run_tool
from engine.core.process import freeze_startup_objects
from engine.invariants import violations
from engine.munchkin.actions import Action, Decide, EndTurn, KickDoor, LookForTrouble, LootRoom, Pass, PlayCard
from engine.munchkin.cards import catalog
from engine.munchkin.character import strength
from engine.munchkin.rules import apply, legal_actions_of_all, new_game
from engine.munchkin.state import GameState, Options

ACTION_CAP = 50_000   # a game that needs more has stalled: counted as unfinished, a failure
PROGRESS = frozenset({Pass, Decide, KickDoor, LootRoom, EndTurn, LookForTrouble})   # move types (none has subtypes)


SETUP_KINDS = ("item", "class", "race", "loyalty", "training", "power", "hireling", "ally", "super_munchkin",
               "half_breed", "extra_loyalty", "extra_training", "item_enhancer", "level_up")


class RandomAgent:
    """Picks uniformly among legal moves, leaning towards moves that carry the game forward so that
    a game of random players still ends, and laying out what it holds outside a fight (items,
    classes, followers, level-ups), as any player would."""

    def __init__(self, rng: random.Random, progress_bias: float = 0.7, setup_bias: float = 0.6) -> None:
        self.rng = rng
        self.progress_bias = progress_bias
        self.setup_bias = setup_bias

    def choose(self, moves: list[Action], state: GameState | None = None) -> Action:
        if state is not None and state.combat is None:
            setup = [m for m in moves if type(m) is PlayCard and m.target_player is None
                     and state.card(m.card).kind in SETUP_KINDS]
            if setup and self.rng.random() < self.setup_bias:
                return self.rng.choice(setup)
        progress = [m for m in moves if type(m) in PROGRESS
                    and (type(m) is not LookForTrouble or not self._hopeless(m, state))]
        if progress and self.rng.random() < self.progress_bias:
            return self.rng.choice(progress)
        return self.rng.choice(moves)


    @staticmethod
    def _hopeless(move: Action, state: GameState | None) -> bool:
        """Looking for trouble with a monster stronger than oneself is left to the uniform choice."""
        if state is None or type(move) is not LookForTrouble:
            return False
        player = state.player(move.actor)
        return state.card(move.card).level >= strength(state, player, in_this_combat=False)


def all_moves(state: GameState) -> list[Action]:
    return [m for moves in legal_actions_of_all(state).values() for m in moves]


def _play(state, events, apply_fn, moves_fn, choose, violations_fn, step=nullcontext) -> dict:
    """One whole game: legal moves chosen until the end, invariants checked after every step.
    ``step(state)``: a context around each step's listing and move (Smash Up's read-only block)."""
    result = {"actions": 0, "violations": violations_fn(state, events), "finished": False, "winners": []}
    while state.phase != "over" and result["actions"] < ACTION_CAP:
        with step(state):
            moves = moves_fn(state)
            if not moves:
                result["violations"].append("no legal move: the game is stuck")
                break
            state, events = apply_fn(state, choose(moves, state))
        result["actions"] += 1
        found = violations_fn(state, events)
        if found:
            result["violations"] += found
            break
    result["finished"] = state.phase == "over"
    result["winners"] = state.winners
    result["turns"] = state.turn
    return result


def no_checks(_state, _events) -> list[str]:
    return []


def as_is(_phase: str, fn):
    return fn


def _play_wrapped(state, events, apply_fn, moves_fn, choose, violations_fn, wrap, step=nullcontext) -> dict:
    """``wrap(phase, fn)`` may put a timer around each phase (engine.bench); by default nothing."""
    return _play(state, events, wrap("apply", apply_fn), wrap("legal", moves_fn), choose,
                 wrap("invariants", violations_fn), step)


def play_game(seed: int, players: int, sets: tuple[str, ...], options: Options, checks: bool = True,
              wrap=as_is) -> dict:
    agent = RandomAgent(random.Random(seed))
    state, events = new_game([(f"p{i}", f"Spieler {i}") for i in range(players)], seed=seed, sets=sets,
                             options=options)
    # the simulator owns its state and keeps only the newest: each move changes it in place
    return _play_wrapped(state, events, partial(apply, in_place=True), all_moves, agent.choose,
                         violations if checks else no_checks, wrap)


def play_smashup_game(seed: int, players: int, sets: tuple[str, ...], options: Options,
                      checks: bool = True, wrap=as_is) -> dict:
    """Random legal players of Smash Up – Munchkin: uniform among legal moves, the draft included."""
    from engine.smashup import listing as su_listing
    from engine.smashup import rules as su
    from engine.smashup.invariants import violations as su_violations
    from engine.smashup.power import powers_fixed

    rng = random.Random(seed)
    state, events = su.new_game([(f"p{i}", f"Spieler {i}") for i in range(players)], seed=seed)
    # every seat's listing and the chosen move's check read the same state: one read-only block lets
    # them share the powers and candidates worked out (the move itself starts the block afresh)
    return _play_wrapped(state, events, partial(su.apply, in_place=True),   # it owns its state
                         lambda s: [m for p in s.players for m in su_listing.legal_actions(s, p.id)],
                         lambda moves, _state: rng.choice(moves), su_violations if checks else no_checks, wrap,
                         powers_fixed)


GAMES = {"munchkin": play_game, "smashup": play_smashup_game}


def _dump(model) -> bytes:
    return model.model_dump_json().encode()


def digester(sha):
    """A ``wrap`` (as engine.bench's timer) that feeds ``sha`` each listing, each move applied and the
    state and events it led to, in the order they happen."""
    def wrap(phase: str, fn):
        def listing(state):
            moves = fn(state)
            sha.update(b"L" + b"|".join(map(_dump, moves)))
            return moves

        def applying(state, move):
            state, events = fn(state, move)
            sha.update(b"M" + _dump(move) + b"S" + _dump(state) + b"E" + b"|".join(map(_dump, events)))
            return state, events
        return {"legal": listing, "apply": applying}.get(phase, fn)
    return wrap


def prepare(game: str, sets: tuple[str, ...]) -> None:
    """What a process does once before its first game (the game's modules imported, its card file
    read), done before the clock starts: the figures are per action played, and a one-time cost of
    ~60 ms would otherwise count against the first of a few thousand actions. What it loaded is then
    set aside from the garbage collector (engine.core.process), as the bot does after its start."""
    if game == "smashup":
        from engine.smashup import listing as _listing  # noqa: F401  (it imports the rules and the rest)
        from engine.smashup.cards import designs

        designs()
    else:
        catalog(tuple(sets))
    freeze_startup_objects()


def run(game: str, players: int, games: int, seed: int, sets: tuple[str, ...], options: Options,
        checks: bool = True, digest: bool = False) -> dict:
    if game not in GAMES:
        raise SystemExit(f"unknown game {game!r}")
    if game == "smashup":
        sets = ("smashup",)
    prepare(game, sets)
    started, cpu_started = time.perf_counter(), time.process_time()
    summary: dict[str, Any] = {"game": game, "players": players, "sets": list(sets), "games": games, "finished": 0,
               "violations": 0, "errors": 0, "actions": 0, "turns": 0}
    details: list[str] = []
    sha = hashlib.sha256()
    wrap = digester(sha) if digest else as_is
    for index in range(games):
        game_seed = seed * 1_000_003 + index
        try:
            result = GAMES[game](game_seed, players, sets, options, checks, wrap)
        except Exception:  # an engine error is a result to report, not a crash of the simulator
            sha.update(f"error {game_seed}".encode())
            summary["errors"] += 1
            details.append(f"seed {game_seed}: {traceback.format_exc(limit=3)}")
            continue
        summary["finished"] += result["finished"]
        summary["violations"] += len(result["violations"])
        summary["actions"] += result["actions"]
        summary["turns"] += result["turns"]
        details += [f"seed {game_seed}: {v}" for v in result["violations"]]
        if not result["finished"] and not result["violations"]:
            details.append(f"seed {game_seed}: unfinished after {result['actions']} actions")
    summary["seconds"] = round(time.perf_counter() - started, 3)
    summary["cpu_seconds"] = round(time.process_time() - cpu_started, 3)
    summary["actions_per_second"] = round(summary["actions"] / max(summary["seconds"], 1e-9))
    # CPU time, not wall time: the machine is shared, and other processes' load is not ours
    summary["actions_per_cpu_second"] = round(summary["actions"] / max(summary["cpu_seconds"], 1e-9))
    summary["invariants"] = checks
    summary["problems"] = details[:10]
    if digest:
        summary["digest"] = sha.hexdigest()
    return summary


def set_keys(text: str) -> tuple[str, ...]:
    return tuple(key.strip().lower() for key in text.split(",") if key.strip())


def setup_problem(game: str, players: int, sets_text: str) -> str | None:
    """What is wrong with the game asked for (too many players, a set that does not exist), in words;
    None when it can be played."""
    from engine.games import rules_of

    rules = rules_of(game)
    if not rules.min_players <= players <= rules.max_players:
        return f"--players {players}: {game} is played by {rules.min_players} to {rules.max_players}"
    if game == "munchkin":
        known = rules.available_sets()
        unknown = [key for key in set_keys(sets_text) if key not in known]
        if unknown or not set_keys(sets_text):
            return f"--sets {sets_text!r}: the sets are {', '.join(known)}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m engine.sim", description=__doc__,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="munchkin", choices=["munchkin", "smashup"])
    parser.add_argument("--players", type=parser.number(1), default=4)
    parser.add_argument("--games", type=parser.number(1), default=100)
    parser.add_argument("--seed", type=parser.number(), default=1)
    parser.add_argument("--sets", default="testdeck", help="comma-separated set keys")
    parser.add_argument("--faster-play", action="store_true")
    parser.add_argument("--shared-victory", action="store_true")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    parser.add_argument("--no-invariants", action="store_true", help="skip the invariant checks (timing only)")
    parser.add_argument("--digest", action="store_true", help="print the sha256 of every listing, move, state, event")
    args = parser.parse_args(argv)
    problem = setup_problem(args.game, args.players, args.sets)
    if problem:
        parser.refuse(parser.line(problem))
    options = Options(faster_play=args.faster_play, shared_victory=args.shared_victory)
    summary = run(args.game, args.players, args.games, args.seed, set_keys(args.sets), options,
                  checks=not args.no_invariants, digest=args.digest)
    if args.digest and not args.json:
        print(summary["digest"])
        return 0 if summary["finished"] == summary["games"] and not summary["errors"] else 1
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        for key, value in summary.items():
            print(f"{key}: {value}")
    ok = summary["finished"] == summary["games"] and not summary["violations"] and not summary["errors"]
    return 0 if ok else 1


if __name__ == "__main__":
    run_tool(main)
