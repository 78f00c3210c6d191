"""A sensible Smash Up player for empty seats: it drafts the factions with the most minion power,
plays the card that most improves its standing at the bases (looking one move ahead), scores the
base it leads first, keeps its strongest cards at the hand limit and passes on Specials unless it
has minions at the base being scored (``BotPlayer``); the three strengths built on it: ``leicht``
(``EasyPlayer``, a beginner), ``mittel`` (``MiddlePlayer``) and ``schwer`` (the search over
``mittel``, see engine/search.py)."""

from __future__ import annotations

import random
from functools import cache, partial
from operator import attrgetter
from typing import Any

from engine.core.errors import IllegalAction
from engine.search import SearchGame, SearchPlayer, first_of_each, shuffled
from engine.smashup import actions as A
from engine.smashup.cards import data
from engine.smashup.listing import legal_actions
from engine.smashup.power import breakpoint_of, power_at, powers_fixed, total_power
from engine.smashup.rules import apply
from engine.smashup.state import GameState
from engine.smashup.turn import HAND_LIMIT, WINNING_VP, hand_cards, playable

MAX_LOOKAHEAD = 120     # moves tried per decision; enough for a hand of 10 on five bases
SEARCH_LOOKAHEAD = 16   # the search's share: its playouts look further instead
EASY_LOOKAHEAD = 5      # leicht: about one way to play each card


@cache
def faction_strength() -> dict[str, int]:
    """Total printed minion power per faction: the draft's rough measure."""
    totals: dict[str, int] = {}
    for card in data().cards:
        if card.faction and card.kind == "minion":
            totals[card.faction] = totals.get(card.faction, 0) + card.power * card.count
    return totals


def standing(state: GameState, me: str) -> float:
    """How well placed ``me`` is: victory points, and at each base the points its lead is worth,
    weighed by how close the base is to scoring; cards in hand are worth a little."""
    value = 10.0 * state.player(me).vp
    others = [p for p in state.players if p.id != me]
    value -= 4.0 * max((p.vp for p in others), default=0)
    for base in state.bases:
        mine = power_at(state, base, me)
        if not mine:
            continue
        best_other = max((power_at(state, base, p.id) for p in others), default=0)
        place = 0 if mine > best_other else 1 if mine == best_other else 2
        progress = min(1.0, total_power(state, base) / max(1, breakpoint_of(state, base)))
        value += state.base_card(base.uid).vp[place] * (0.4 + 0.6 * progress) + 0.3 * mine
    value += 0.5 * len(state.player(me).hand)
    return value


def _spread(moves: list, limit: int) -> list:
    """At most ``limit`` moves, taken round-robin over the cards, so that every card in hand gets a
    look (one card's many targets and payments do not crowd out the others)."""
    by_card: dict[Any, list] = {}
    for move in moves:
        by_card.setdefault(getattr(move, "card", None) or getattr(move, "option", ""), []).append(move)
    picked: list = []
    queues = list(by_card.values())
    while queues and len(picked) < limit:
        for queue in list(queues):
            picked.append(queue.pop(0))
            if not queue:
                queues.remove(queue)
    return picked[:limit]


class BotPlayer:
    lookahead = MAX_LOOKAHEAD

    def __init__(self, player_id: str) -> None:
        self.player_id = player_id

    def _standing(self, state: GameState) -> float:
        return standing(state, self.player_id)

    def choose(self, state: GameState) -> A.Action | None:
        moves = legal_actions(state, self.player_id)
        if not moves:
            return None
        for pick in (self._draft, self._decision, self._special, self._play):
            move = pick(state, moves)
            if move is not None:
                return move
        return None

    def _draft(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        picks = [m for m in moves if isinstance(m, A.PickFaction)]
        strength = faction_strength()
        return max(picks, key=lambda m: strength.get(m.faction, 0)) if picks else None

    def _decision(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        answers = [m for m in moves if isinstance(m, A.Choose)]
        if answers:                               # a card's choice: the answer that leaves it best placed
            return max(_spread(answers, self.lookahead), key=lambda m: self._standing(apply(state, m)[0]))
        orders = [m for m in moves if isinstance(m, A.ScoreFirst)]
        if orders:
            return max(orders, key=lambda m: power_at(state, state.base(m.base), self.player_id))
        if any(isinstance(m, A.DiscardDown) for m in moves):
            seat = state.player(self.player_id)
            one = any(d.kind == "discard_one" and d.player == self.player_id for d in state.decisions)
            pool = seat.hand if one else hand_cards(state, self.player_id)    # treasures stay at the limit
            ranked = sorted(pool, key=lambda u: self._card_value(state, u), reverse=True)
            keep = ranked[:-1] if one else ranked[:HAND_LIMIT]
            return A.DiscardDown(actor=self.player_id, cards=tuple(u for u in pool if u not in keep))
        return None

    def _special(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        """In the round before a scoring: the special (or special talent) that leaves it best placed
        once the dust settles, or pass."""
        if state.scoring is None:
            return None
        passing = next((m for m in moves if isinstance(m, A.PassSpecial)), None)
        specials = [m for m in moves if isinstance(m, A.PlaySpecial | A.UseTalent) and playable(state.card(m.card))]
        if passing is None or not specials:
            return passing
        best, best_value = passing, self._standing(apply(state, passing)[0]) + 0.6   # a card kept
        for move in _spread(specials, self.lookahead):
            value = self._standing(apply(state, move)[0])
            if value > best_value:
                best, best_value = move, value
        return best

    def _play(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        plays = [m for m in moves if isinstance(m, A.PlayMinion | A.PlayAction | A.UseTalent)
                 and playable(state.card(m.card))]
        finish = next((m for m in moves if isinstance(m, A.FinishPlaying)), None)
        now = self._standing(state)
        best, best_gain = finish, 0.0
        for move in _spread(plays, self.lookahead):
            after, _ = apply(state, move)
            # a card played beats keeping it; a talent (free, once a turn) only if it does some good
            gain = self._standing(after) - now + (0.6 if not isinstance(move, A.UseTalent) else -0.05)
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    @staticmethod
    def _card_value(state: GameState, uid: str) -> int:
        card = state.play_card(uid)
        treasure = state.card_ids[uid].startswith("treasure-")
        return card.power * 2 + (3 if card.kind == "action" else 0) + (5 if treasure else 0)


# ---------------------------------------------------------------------------------------------- leicht
class EasyPlayer(BotPlayer):
    """``leicht``: a beginner's player. It looks at one way to play each card (the first target the
    card offers), passes on Specials and answers a card's question with its first option."""

    lookahead = EASY_LOOKAHEAD

    def _decision(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        answers = [m for m in moves if isinstance(m, A.Choose)]
        return answers[0] if answers else super()._decision(state, moves)

    def _special(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        if state.scoring is None:
            return None
        return next((m for m in moves if isinstance(m, A.PassSpecial)), None)


# ---------------------------------------------------------------------------------------------- mittel
def contested_standing(state: GameState, me: str) -> float:
    """Like ``standing``, but a base is worth what its places are worth to everyone: the points the
    others stand to take there count against the bot (the leader's twice as much), a base that is
    ready to score counts in full, and a lead that wins the game when it scores counts as the game."""
    if state.phase == "over":
        return 1000.0 if me in state.winners else -1000.0
    vp = {p.id: p.vp for p in state.players}
    leader = max((p for p in vp if p != me), key=lambda p: vp[p], default=None)
    value = 10.0 * vp[me] - 4.0 * (vp[leader] if leader else 0)
    for base in state.bases:
        powers = {p.id: power_at(state, base, p.id) for p in state.players}
        total, breakpoint = sum(powers.values()), max(1, breakpoint_of(state, base))
        weight = 1.0 if total >= breakpoint else 0.3 + 0.6 * min(1.0, total / breakpoint)
        for player_id, award in _awards(state, base, powers).items():
            if player_id == me:
                won = weight == 1.0 and vp[me] + award >= WINNING_VP
                value += 100.0 if won else award * weight
            else:
                value -= award * weight * (1.0 if player_id == leader else 0.5)
        value += 0.3 * powers[me]
    value += 0.5 * len(state.player(me).hand)
    return value


def _awards(state: GameState, base, powers: dict[str, int]) -> dict[str, int]:
    """The points each player with power at the base would get if it scored now (a tie shares the
    better place)."""
    points = state.base_card(base.uid).vp
    awards = {}
    for player_id, power in powers.items():
        place = sum(1 for p in powers.values() if p > power)
        if power > 0 and place < len(points):
            awards[player_id] = points[place]
    return awards


class MiddlePlayer(BotPlayer):
    """``mittel``: the same player weighing the bases by what everyone stands to win there: it
    takes points away from the leader, pushes a base over its breakpoint when it comes out ahead,
    and goes for the base that wins it the game."""

    def _standing(self, state: GameState) -> float:
        return contested_standing(state, self.player_id)


class PlayoutPlayer(MiddlePlayer):
    """``mittel`` with a short look ahead: the other players in a search's playouts."""

    lookahead = 4


class GuidePlayer(MiddlePlayer):
    """``mittel`` looking at fewer moves: the search's first guess, which must leave it time."""

    lookahead = SEARCH_LOOKAHEAD


# ---------------------------------------------------------------------------------------------- schwer
def determinize(state: GameState, me: str, rng: random.Random) -> GameState:
    """A world the bot cannot tell from the real one: each other player's faction cards in hand
    and deck are dealt anew (their factions are public, so the mix is known), the treasures in their
    hands come from the unseen treasures, the bot's own deck and the base, monster and treasure
    decks are shuffled, and the random generator is reseeded."""
    world = state.clone()
    treasures = list(world.treasure_deck)
    held_by: dict[str, int] = {}        # how many treasures each other player holds, dealt anew below
    for seat in world.players:
        if seat.id == me:
            seat.deck = shuffled(seat.deck, rng)
            continue
        held = [u for u in seat.hand if state.card_ids[u].startswith("treasure-")]
        treasures += held
        faction_hand = len(seat.hand) - len(held)
        pool = shuffled([u for u in seat.hand if u not in held] + seat.deck, rng)
        seat.hand, seat.deck = pool[:faction_hand], pool[faction_hand:]
        held_by[seat.id] = len(held)
    treasures = shuffled(treasures, rng)
    for seat in world.players:
        seat.hand += [treasures.pop() for _ in range(held_by.get(seat.id, 0))]
    world.treasure_deck = treasures
    world.base_deck = shuffled(world.base_deck, rng)
    world.monster_deck = shuffled(world.monster_deck, rng)
    world.rng = rng.getrandbits(63)
    return world


def evaluate(state: GameState, me: str) -> float:
    return contested_standing(state, me)


def candidates(state: GameState, me: str, moves: list, guided) -> list:
    """In the draft the guide alone; else the guide, passing or finishing, then the moves that
    look best one step ahead (one per card)."""
    if isinstance(guided, A.PickFaction | A.DiscardDown):
        return [guided]
    finish = [m for m in moves if isinstance(m, A.FinishPlaying | A.PassSpecial)]
    ranked = sorted(_spread(moves, SEARCH_LOOKAHEAD), key=lambda m: -_after(state, m, me))
    key = lambda m: (type(m).__name__, getattr(m, "card", None), getattr(m, "option", None))   # noqa: E731
    return first_of_each(finish + ranked, guided, key, SEARCH_WIDTH)


def _after(state: GameState, move, me: str) -> float:
    try:
        return contested_standing(apply(state, move)[0], me)
    except IllegalAction:
        return float("-inf")


def movers(state: GameState) -> list[str]:
    seats = [p.id for p in state.players]
    order = [d.player for d in state.decisions] + seats[state.active:] + seats[:state.active]
    return list(dict.fromkeys(order))


def in_window(state: GameState, me: str) -> bool:
    """The round of specials before a scoring, or a choice on someone else's turn."""
    return state.scoring is not None or state.active_player.id != me


SEARCH_WIDTH = 4


SEARCH = SearchGame(legal=legal_actions, apply=apply, policy=PlayoutPlayer, determinize=determinize,
                    evaluate=evaluate, candidates=candidates, in_window=in_window, movers=movers, horizon=40,
                    guide=GuidePlayer, margin=1.0, apply_owned=partial(apply, in_place=True),
                    turn_of=attrgetter("turn"), step=powers_fixed)


def player(player_id: str, level: str = "leicht", budget_s: float | None = None, seed: int = 0,
           iterations: int | None = None):
    """A player of the given strength for a seat."""
    if level == "schwer":
        return SearchPlayer(SEARCH, player_id, budget_s=budget_s, iterations=iterations, seed=seed)
    return MiddlePlayer(player_id) if level == "mittel" else EasyPlayer(player_id)
