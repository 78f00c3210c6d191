"""A sensible Smash Up player for empty seats: it drafts the factions with the most minion power,
plays the card that most improves its standing at the bases (looking one move ahead), scores the
base it leads first, keeps its strongest cards at the hand limit and passes on Specials unless it
has minions at the base being scored."""

from __future__ import annotations

from functools import cache

from engine.smashup import actions as A
from engine.smashup.cards import data
from engine.smashup.rules import HAND_LIMIT, apply, breakpoint_of, hand_cards, legal_actions, power_at, total_power
from engine.smashup.state import GameState

MAX_LOOKAHEAD = 120     # moves tried per decision; enough for a hand of 10 on five bases


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
        value += state.card(base.uid).vp[place] * (0.4 + 0.6 * progress) + 0.3 * mine
    value += 0.5 * len(state.player(me).hand)
    return value


def _spread(moves: list, limit: int) -> list:
    """At most ``limit`` moves, taken round-robin over the cards, so that every card in hand gets a
    look (one card's many targets and payments do not crowd out the others)."""
    by_card: dict[str, list] = {}
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
    def __init__(self, player_id: str) -> None:
        self.player_id = player_id

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
            return max(_spread(answers, MAX_LOOKAHEAD), key=lambda m: standing(apply(state, m)[0], self.player_id))
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
        specials = [m for m in moves if isinstance(m, A.PlaySpecial | A.UseTalent) and state.card(m.card).playable]
        if passing is None or not specials:
            return passing
        best, best_value = passing, standing(apply(state, passing)[0], self.player_id) + 0.6   # a card kept
        for move in _spread(specials, MAX_LOOKAHEAD):
            value = standing(apply(state, move)[0], self.player_id)
            if value > best_value:
                best, best_value = move, value
        return best

    def _play(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        plays = [m for m in moves if isinstance(m, A.PlayMinion | A.PlayAction | A.UseTalent)
                 and state.card(m.card).playable]
        finish = next((m for m in moves if isinstance(m, A.FinishPlaying)), None)
        now = standing(state, self.player_id)
        best, best_gain = finish, 0.0
        for move in _spread(plays, MAX_LOOKAHEAD):
            after, _ = apply(state, move)
            # a card played beats keeping it; a talent (free, once a turn) only if it does some good
            gain = standing(after, self.player_id) - now + (0.6 if not isinstance(move, A.UseTalent) else -0.05)
            if gain > best_gain:
                best, best_gain = move, gain
        return best

    @staticmethod
    def _card_value(state: GameState, uid: str) -> int:
        card = state.card(uid)
        treasure = state.card_ids[uid].startswith("treasure-")
        return card.power * 2 + (3 if card.kind == "action" else 0) + (5 if treasure else 0)
