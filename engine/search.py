"""Determinized Monte Carlo search for the strongest computer players (level ``schwer``), shared by
both games.

A decision is searched only when the ``mittel`` player wants to act and more than one sensible move
is open. Each round samples one world consistent with what the bot may know (its own hand and
everything on the table; the other hands, the decks' order and the random generator are drawn
anew, see each game's ``determinize``), then tries every candidate in that same world and plays on
with the ``mittel`` players until the next turn begins; the position reached is scored by the
game's ``evaluate``. Every candidate sees the same worlds, so they are compared world by world: the
``mittel`` move stands unless another leads it clearly (``clear_winner``), and the search stops once
its choice is settled or the budget is spent.

The search never reads a hidden card: the world it plays in is built only from the bot's view, so
its choice stays the same when the hidden cards are swapped for others it cannot tell apart.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from engine.core.errors import IllegalAction

LEVELS = ("leicht", "mittel", "schwer")
DEFAULT_BUDGET_S = 1.0       # per searched decision, one core
WINDOW_BUDGET_S = 0.3        # when the decision is an answer in a reaction window (others wait on it)
MARGIN = 0.05                # share of the budget kept back for the last step of a playout


@dataclass(frozen=True)
class SearchGame:
    """What the search needs of a game."""

    legal: Callable[[Any, str], list]
    apply: Callable[[Any, Any], tuple[Any, list]]
    # a ``mittel`` player for a seat: .choose(state); it may set ``.listed`` on every choose to the legal
    # moves it listed there, which spares the playout listing them again when it makes none
    policy: Callable[[str], Any]
    determinize: Callable[[Any, str, random.Random], Any]
    evaluate: Callable[[Any, str], float]           # higher is better for the seat
    candidates: Callable[[Any, str, list, Any], list]   # the moves worth trying, the guide first
    in_window: Callable[[Any, str], bool]           # the shorter budget applies
    movers: Callable[[Any], list[str]]              # who is asked first in a playout
    horizon: int                                    # playout steps before the position is scored, at most
    guide: Callable[[str], Any] | None = None       # the player whose move stands unsearched (else ``policy``)
    margin: float = 0.0                             # by how much (average score) a move must beat the guide's
    # apply that may change the state it is given (the playouts own theirs); else ``apply``
    apply_owned: Callable[[Any, Any], tuple[Any, list]] | None = None
    # the game's turn counter: a playout ends, scored, when ``turns`` turns after the decision's have
    # begun (every candidate is then judged at the same point of the game, and short playouts are
    # more of them); without it, after ``horizon`` steps
    turn_of: Callable[[Any], int] | None = None
    turns: int = 1
    # a block held around each playout step (listing, then applying in place): Smash Up's read-only
    # block lets the move's check and the breakpoints reuse what the listing worked out
    step: Callable[[Any], Any] = nullcontext


class SearchPlayer:
    """``choose(state)`` like any bot; ``iterations`` (rounds over all candidates) fixes the work
    instead of the clock, for tests and reproducible runs."""

    def __init__(self, game: SearchGame, player_id: str, budget_s: float | None = None,
                 window_budget_s: float | None = None, iterations: int | None = None, seed: int = 0) -> None:
        self.game = game
        self.player_id = player_id
        self.guide = (game.guide or game.policy)(player_id)
        self.budget_s = DEFAULT_BUDGET_S if budget_s is None else budget_s
        self.window_budget_s = min(self.budget_s, WINDOW_BUDGET_S if window_budget_s is None else window_budget_s)
        self.iterations = iterations
        self.seed = seed
        self.searched = 0          # decisions that were searched (for the bench)
        self.calls = 0

    def choose(self, state: Any) -> Any:
        started = time.perf_counter()
        self.calls += 1
        # the guide looks ahead by applying moves, which may draw a card or roll a die: it does so
        # in a sampled world too, so that nothing it finds out comes from the hidden cards
        view = self.game.determinize(state, self.player_id, random.Random(self.seed * 7919 + self.calls))
        guided = self.guide.choose(view)
        if guided is None:
            return None
        moves = self.game.legal(state, self.player_id)
        if guided not in moves:        # one's own moves are the same in every world; kept safe all the same
            guided = moves[0]
        candidates = self.game.candidates(state, self.player_id, moves, guided)
        if len(candidates) <= 1:
            return guided
        budget = self.window_budget_s if self.game.in_window(state, self.player_id) else self.budget_s
        deadline = None if self.iterations is not None else started + (1 - MARGIN) * budget
        self.searched += 1
        return best_move(self.game, state, self.player_id, candidates, deadline, self.iterations,
                         self.seed * 1_000_003 + self.searched)


def best_move(game: SearchGame, state: Any, me: str, candidates: list, deadline: float | None,
              iterations: int | None, seed: int) -> Any:
    """The candidate that beats the first (the guide's move) most clearly over whole rounds. With a
    deadline, no round is begun that the rounds so far say would not end in time; the search stops
    early once its choice is settled."""
    rounds: list[list[float]] = []
    began = time.perf_counter()
    rng = random.Random(seed)
    while iterations is None or len(rounds) < iterations:
        per_round = (time.perf_counter() - began) / len(rounds) if rounds else 0.0
        if deadline is not None and rounds and time.perf_counter() + per_round > deadline:
            break
        values = _round(game, state, me, candidates, rng.getrandbits(64), deadline)
        if values is None:
            break
        rounds.append(values)
        if len(rounds) % SETTLE_EVERY == 0 and settled(rounds, game.margin):
            break
    return candidates[clear_winner(rounds, game.margin)]


CONFIDENCE = 1.65       # standard errors a lead must stand clear of nothing (one-sided, about 95%)


def clear_winner(rounds: list[list[float]], margin: float) -> int:
    """The index of the candidate with the largest average lead over the guide's move (index 0),
    world by world. A playout is a noisy judge: a lead counts only when it is above the game's margin
    and at least CONFIDENCE standard errors above zero, so that a lucky world or two does not throw
    away the guide's judgement. Two rounds at least; otherwise, and when nothing leads clearly, 0."""
    if len(rounds) < 2:
        return 0
    best, best_lead = 0, 0.0
    for index in range(1, len(rounds[0])):
        leads = [values[index] - values[0] for values in rounds]
        if not all(math.isfinite(lead) for lead in leads):     # refused in some world
            continue
        lead, noise = mean_and_error(leads)
        if lead > margin and lead > CONFIDENCE * noise and lead > best_lead:
            best, best_lead = index, lead
    return best


SETTLE_AFTER = 24       # rounds before the search may call its choice settled
SETTLE_EVERY = 8        # rounds between two looks
SURE = 3.0              # standard errors by which the choice must stand apart to be settled


def settled(rounds: list[list[float]], margin: float) -> bool:
    """Whether more rounds would hardly change clear_winner's choice: world by world it stands
    apart from every other candidate by SURE standard errors (the guide's move: no other can reach
    the margin; another move: it stays ahead of the guide's by the margin and of the rest by
    anything). A move refused in some world can never be chosen and is no rival."""
    if len(rounds) < SETTLE_AFTER:
        return False
    chosen = clear_winner(rounds, margin)
    for index in range(len(rounds[0])):
        if index == chosen:
            continue
        gaps = [values[chosen] - values[index] for values in rounds]
        if not all(math.isfinite(gap) for gap in gaps):
            continue
        needed = margin if index == 0 else -margin if chosen == 0 else 0.0
        gap, noise = mean_and_error(gaps)
        if gap - SURE * noise < needed:
            return False
    return True


def mean_and_error(values: Sequence[float]) -> tuple[float, float]:
    """The mean of two or more values and its standard error."""
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


def _round(game: SearchGame, state: Any, me: str, candidates: list, seed: int,
           deadline: float | None) -> list[float] | None:
    """Every candidate tried in one sampled world; None when the clock ran out on the way."""
    world = game.determinize(state, me, random.Random(seed))
    end_turn = None if game.turn_of is None else game.turn_of(state) + game.turns
    values = []
    for index, move in enumerate(candidates):
        try:
            after = game.apply(world, move)[0]
        except IllegalAction:      # refused in this world (it cannot be, with the bot's own cards)
            values.append(float("-inf"))
            continue
        value = playout(game, after, me, random.Random(seed + index + 1), deadline, end_turn)
        if value is None:
            return None
        values.append(value)
    return values


def playout(game: SearchGame, state: Any, me: str, rng: random.Random, deadline: float | None,
            end_turn: int | None = None) -> float | None:
    """Play on with ``mittel`` players until turn ``end_turn`` begins, for ``game.horizon`` steps at
    most, and score the position; None when the clock ran out first. ``state`` is handed over: the
    game's ``apply_owned`` may change it."""
    players: dict[str, Any] = {}
    apply = game.apply_owned or game.apply
    turn_of = game.turn_of
    for _ in range(game.horizon):
        if getattr(state, "phase", None) == "over":
            break
        if end_turn is not None and turn_of is not None and turn_of(state) >= end_turn:
            break
        if deadline is not None and time.perf_counter() > deadline:
            return None
        with game.step(state):
            move = _next_move(game, state, players, rng, deadline)
            if move is None:
                break
            state, _ = apply(state, move)
    if deadline is not None and time.perf_counter() > deadline:
        return None
    return game.evaluate(state, me)


def _next_move(game: SearchGame, state: Any, players: dict, rng: random.Random, deadline: float | None) -> Any:
    """The first move a ``mittel`` player wants, asking who the game names first; when nobody
    wants to act, any legal move of those who can (as a stalled table's deadline would). None
    when the clock runs out while asking."""
    open_moves: list[Any] = []
    for seat in game.movers(state):
        if deadline is not None and time.perf_counter() > deadline:
            return None
        if seat not in players:
            players[seat] = game.policy(seat)
        policy = players[seat]
        move = policy.choose(state)
        if move is not None:
            return move
        listed = getattr(policy, "listed", None)
        open_moves += game.legal(state, seat) if listed is None else listed
    return rng.choice(open_moves) if open_moves else None


def first_of_each(moves: list, guided: Any, key: Callable[[Any], Any], limit: int) -> list:
    """The guide and then one move of each kind (``key``), at most ``limit``: the candidates a search
    can afford to try (one card's many targets do not crowd out the other cards)."""
    picked, seen = [guided], {key(guided)}
    for move in moves:
        if len(picked) >= limit:
            break
        group = key(move)
        if group not in seen:
            seen.add(group)
            picked.append(move)
    return picked


def shuffled(cards: list[str], rng: random.Random) -> list[str]:
    """The cards in an order drawn from ``rng`` alone: sorted first, so where they lay before (which
    the bot could not see) leaves no trace."""
    order = sorted(cards)
    rng.shuffle(order)
    return order
