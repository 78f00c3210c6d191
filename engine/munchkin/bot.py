"""A simple, sensible Munchkin player for empty seats: it fights when it wins, asks for help when a
helper would make the difference, runs otherwise, lays out what helps, sells for levels and plays
curses and monster-side cards against the leader (``BotPlayer``); the three strengths built on it:
``leicht`` (``EasyPlayer``, a beginner), ``mittel`` (``MiddlePlayer``) and ``schwer`` (the search over
``mittel``, see engine/search.py)."""

from __future__ import annotations

import random
from functools import partial
from operator import attrgetter

from engine.munchkin import actions as A
from engine.munchkin import character as ch
from engine.munchkin import combat as cb
from engine.munchkin.rules import apply, legal_actions
from engine.munchkin.state import GameState
from engine.search import SearchGame, SearchPlayer, first_of_each, shuffled

LAYOUT_KINDS = ("class", "race", "item", "super_munchkin", "half_breed", "level_up", "item_enhancer", "loyalty",
                "training", "power", "hireling", "ally", "extra_loyalty", "extra_training")


class BotPlayer:
    def __init__(self, player_id: str) -> None:
        self.player_id = player_id
        self.asked: dict[int, set[str]] = {}    # combat window -> players already asked for help
        self.listed: list[A.Action] | None = None   # the legal moves of the last choose (for the search)

    def choose(self, state: GameState) -> A.Action | None:
        moves = self.listed = legal_actions(state, self.player_id)
        if not moves:
            return None
        for pick in (self._decision, self._combat, self._own_turn, self._just_received, self._spite):
            move = pick(state, moves)
            if move is not None:
                return move
        passes = [m for m in moves if isinstance(m, A.Pass)]
        return passes[0] if passes else None

    # ------------------------------------------------------------------ helpers
    def _value(self, state: GameState, uid: str) -> int:
        card = state.card(uid)
        return card.value + 100 * card.bonus

    def _leader(self, state: GameState) -> str | None:
        others = [p for p in state.players if p.id != self.player_id]
        top = max(others, key=lambda p: p.level, default=None)
        me = state.player(self.player_id)
        return top.id if top is not None and top.level >= me.level else None

    def _wins_after(self, state: GameState, move: A.Action) -> bool:
        after, _ = apply(state, move)
        return after.combat is None or after.combat.stage != "fight" or cb.players_win(after)

    # ------------------------------------------------------------------ decisions owed
    def _decision(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        mine = [d for d in state.decisions if d.player == self.player_id]
        if not mine:
            return None
        decision = mine[0]
        options = [m for m in moves if isinstance(m, A.Decide) and m.decision == decision.id]
        if not options:
            return None
        by_option = {m.option: m for m in options}
        if decision.kind in ("help", "help_offer"):
            want = self._help_worth_it(state, decision)
            return by_option["accept" if want else "decline"]
        if decision.kind == "trade":
            return by_option["decline"]
        if decision.kind in ("treasure_pick", "corpse_pick"):
            return max(options, key=lambda m: self._value(state, m.option))
        if decision.kind == "set_die":      # the Gezinkter Würfel is spent only on a roll that fails
            fails = decision.params["roll"] < decision.params["needs"]
            return by_option["6" if fails and decision.params["needs"] <= 6 else "keep"]
        if decision.kind == "run_away":
            sacrifice = self._sacrifice(state, moves)
            if sacrifice is not None:
                return sacrifice
        if decision.kind in ("charity_give", "charity_discard", "choose_loss", "excess_big", "drop_follower",
                             "drop_power", "drop_class", "drop_race", "drop_loyalty", "drop_training"):
            return min(options, key=lambda m: self._value(state, m.option.split(">")[0]))
        return options[0]

    def _sacrifice(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        """An ally gives its life when a monster in the fight would kill."""
        deadly = any(e.op == "death" for m in state.combat.monsters for e in state.card(m.uid).bad_stuff)  # type: ignore[union-attr]
        offers = [m for m in moves if isinstance(m, A.Sacrifice)]
        return offers[0] if deadly and offers else None

    def _help_worth_it(self, state: GameState, decision) -> bool:
        combat = state.combat
        if combat is None:
            return False
        helper_id = self.player_id if decision.kind == "help" else decision.params.get("helper")
        helper = state.player(helper_id)
        ours = cb.players_strength(state) + ch.strength(state, helper, in_this_combat=True)
        stronger = ours > cb.monsters_strength(state)
        if decision.kind == "help":   # helping the leader to a win is not worth a treasure
            fighter = state.player(combat.fighter)
            close_to_win = fighter.level + sum(state.card(m.uid).levels for m in combat.monsters) >= ch.MAX_LEVEL
            return stronger and not close_to_win and decision.params.get("treasures", 0) >= 1
        return stronger and not cb.players_win(state)

    # ------------------------------------------------------------------ combat
    def _combat(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        combat = state.combat
        if combat is None or combat.stage != "fight":
            return None
        if combat.fighter == self.player_id:
            return self._fight(state, moves)
        passes = [m for m in moves if isinstance(m, A.Pass)]
        fighter = state.player(combat.fighter)
        if cb.players_win(state) and fighter.id == self._leader(state):
            spoil = [m for m in moves if isinstance(m, A.PlayCard)
                     and (m.side == "monsters" or state.card(m.card).kind == "enhancer"
                          or (m.target_player == fighter.id and state.card(m.card).kind == "curse"))]
            if spoil:
                return spoil[0]
        return passes[0] if passes else None

    def _fight(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        passes = [m for m in moves if isinstance(m, A.Pass)]
        if cb.players_win(state):
            return passes[0] if passes else None
        boosts = [m for m in moves if isinstance(m, A.PlayCard) and m.side == "players"]
        for move in sorted(boosts, key=lambda m: -state.card(m.card).bonus):
            if self._wins_after(state, move):
                return move
        combat = state.combat
        if combat is not None and combat.helper is None:
            if combat.window not in self.asked:      # a new fight: the asks of older ones are forgotten
                self.asked = {combat.window: set()}
            asked = self.asked[combat.window]
            gap = cb.monsters_strength(state) - cb.players_strength(state)
            asks = [m for m in moves if isinstance(m, A.AskHelp) and m.helper not in asked and m.treasures > 0
                    and ch.strength(state, state.player(m.helper), True) > gap]
            if asks:
                ask = min(asks, key=lambda m: m.treasures)
                asked.add(ask.helper)
                return ask
        return passes[0] if passes else None

    # ------------------------------------------------------------------ own turn
    def _own_turn(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        if state.active_player.id != self.player_id or state.combat is not None:
            return None
        layout = [m for m in moves if isinstance(m, A.PlayCard) and m.target_player is None
                  and state.card(m.card).kind in LAYOUT_KINDS]
        if layout:
            return layout[0]
        equip = [m for m in moves if isinstance(m, A.Equip) and m.in_use]
        if equip:
            return max(equip, key=lambda m: state.card(m.card).bonus)
        sells = [m for m in moves if isinstance(m, A.Sell)]
        if sells:
            return min(sells, key=lambda m: sum(self._value(state, u) for u in m.cards))
        for kind in (A.KickDoor,):
            found = [m for m in moves if isinstance(m, kind)]
            if found:
                return found[0]
        if state.phase == "trouble":
            me = state.player(self.player_id)
            mine = ch.strength(state, me, False)
            easy = [m for m in moves if isinstance(m, A.LookForTrouble) and state.card(m.card).level < mine]
            if easy:
                return easy[0]
            loot = [m for m in moves if isinstance(m, A.LootRoom)]
            if loot:
                return loot[0]
        ends = [m for m in moves if isinstance(m, A.EndTurn)]
        return ends[0] if ends else None

    def _just_received(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        """On another player's turn, outside a combat: lay out and put on what just came from a
        trade or a corpse (it may go down at that moment)."""
        if state.active_player.id == self.player_id or state.combat is not None:
            return None
        me = state.player(self.player_id)
        fresh = {uid for uid, last in me.fresh.items() if last >= state.turn}
        if not fresh:
            return None
        for move in moves:
            if isinstance(move, A.PlayCard) and move.card in fresh and move.target_player is None \
                    and state.card(move.card).kind in LAYOUT_KINDS and state.card(move.card).kind != "level_up":
                return move
            if isinstance(move, A.Equip) and move.card in fresh and move.in_use:
                return move
        return None

    def _spite(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        """Curses go to the leader."""
        leader = self._leader(state)
        curses = [m for m in moves if isinstance(m, A.PlayCard) and state.card(m.card).kind in ("curse", "trap")
                  and m.target_player == leader]
        return curses[0] if curses and leader else None


# ---------------------------------------------------------------------------------------------- leicht
class EasyPlayer(BotPlayer):
    """``leicht``: a beginner's player. It minds its own game only: lays out what it holds, kicks the
    door, fights a monster it already beats and runs from one it does not (no one-shots, no asking
    for help), sells, and never meddles in the others' fights or curses anyone."""

    def _combat(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        combat = state.combat
        if combat is None or combat.stage != "fight":
            return None
        passes = [m for m in moves if isinstance(m, A.Pass)]
        return passes[0] if passes else None

    def _spite(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        return None


# ---------------------------------------------------------------------------------------------- mittel
class MiddlePlayer(BotPlayer):
    """``mittel``: today's player with better judgement. It never spoils a fight it helps in, helps
    nobody who is well ahead of it, keeps its curses for a leader who is close to winning or pulls
    two levels ahead, and looks for trouble with the strongest monster it still beats (the most
    treasure for the same risk). (Winning a fight with the smallest card that does it, and asking
    the weakest helper instead of the cheapest, measured worse: a wide margin is what survives the
    others' monster enhancers.)"""

    def _combat(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        combat = state.combat
        if combat is not None and combat.stage == "fight" and combat.helper == self.player_id:
            passes = [m for m in moves if isinstance(m, A.Pass)]
            return passes[0] if passes else None
        return super()._combat(state, moves)

    def _help_worth_it(self, state: GameState, decision) -> bool:
        if decision.kind == "help" and state.combat is not None:
            fighter = state.player(state.combat.fighter)
            if fighter.level >= state.player(self.player_id).level + 2:     # no help for who is well ahead
                return False
        return super()._help_worth_it(state, decision)

    def _spite(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        """A curse is kept until the leader is close to winning or pulls two levels ahead."""
        leader = self._leader(state)
        if leader is None:
            return None
        top, me = state.player(leader), state.player(self.player_id)
        if top.level < ch.MAX_LEVEL - 3 and top.level < me.level + 2:
            return None
        return super()._spite(state, moves)

    def _own_turn(self, state: GameState, moves: list[A.Action]) -> A.Action | None:
        if state.active_player.id == self.player_id and state.combat is None and state.phase == "trouble":
            me = state.player(self.player_id)
            mine = ch.strength(state, me, False)
            easy = [m for m in moves if isinstance(m, A.LookForTrouble) and state.card(m.card).level < mine]
            if easy:        # the strongest monster it still beats: most treasure for the same risk
                return max(easy, key=lambda m: (state.card(m.card).treasures, state.card(m.card).level))
        return super()._own_turn(state, moves)


# ---------------------------------------------------------------------------------------------- schwer
def determinize(state: GameState, me: str, rng: random.Random) -> GameState:
    """A world the bot cannot tell from the real one: the other players' hands and both decks are
    dealt anew from the cards it has not seen. Card backs are public, so each place in a hand keeps
    its deck (door or treasure) and whether it was just drawn; the random generator (dice, later
    shuffles) is reseeded."""
    world = state.clone()
    others = [p for p in world.players if p.id != me]
    for deck in ("door", "treasure"):
        pile = f"{deck}_deck"
        pool = shuffled([u for p in others for u in p.hand if state.card(u).deck == deck] + getattr(world, pile), rng)
        for player in others:
            player.hand = [pool.pop() if state.card(u).deck == deck else u for u in player.hand]
        setattr(world, pile, pool)
    for real, player in zip(state.players, world.players, strict=True):
        if player.id != me:
            player.fresh = {new: real.fresh[old] for old, new in zip(real.hand, player.hand, strict=True)
                            if old in real.fresh}
    world.rng = rng.getrandbits(63)
    return world


def evaluate(state: GameState, me: str) -> float:
    """0 to 1: the game won or lost, else levels (own, and the lead over the best other), strength
    and cards in hand."""
    if state.phase == "over" or not state.has_player(me):
        return 1.0 if me in state.winners else 0.0
    player = state.player(me)
    best_other = max((p.level for p in state.players if p.id != me), default=1)
    value = (0.5 + 0.05 * (player.level - best_other) + 0.03 * player.level
             + 0.004 * ch.strength(state, player, False) + 0.004 * len(player.hand))
    return min(0.99, max(0.01, value))


def _group(move: A.Action) -> tuple:
    return (type(move).__name__, getattr(move, "card", None), getattr(move, "target_player", None),
            getattr(move, "helper", None), getattr(move, "option", None), getattr(move, "side", None))


PROGRESS = (A.Pass, A.EndTurn, A.KickDoor, A.LootRoom)
NOT_TRIED = (A.Discard, A.OfferTrade, A.Leave, A.Timeout)   # a short playout cannot judge what these cost


def candidates(state: GameState, me: str, moves: list[A.Action], guided: A.Action) -> list[A.Action]:
    """The guide, then moving on (pass, end the turn), then one move per card, target and option.
    Help is no choice while the fighters already win: it would only share their reward."""
    combat = state.combat
    winning = combat is not None and combat.stage == "fight" and cb.players_win(state)
    skip = NOT_TRIED + ((A.AskHelp, A.OfferHelp) if winning else ())
    moves = [m for m in moves if not isinstance(m, skip)]
    ordered = [m for m in moves if isinstance(m, PROGRESS)] + [m for m in moves if not isinstance(m, PROGRESS)]
    return first_of_each(ordered, guided, _group, SEARCH_WIDTH)


def movers(state: GameState) -> list[str]:
    """Who owes a decision, then the fight's players, then the rest from the active player on."""
    order = [d.player for d in state.decisions]
    if state.combat is not None:
        order += [state.combat.fighter] + ([state.combat.helper] if state.combat.helper else [])
    seats = [p.id for p in state.players]
    order += seats[state.active:] + seats[:state.active]
    return list(dict.fromkeys(order))


def in_window(state: GameState, me: str) -> bool:
    """Answering on someone else's turn (a fight's window, a help request): the others wait."""
    return state.active_player.id != me


SEARCH_WIDTH = 6


SEARCH = SearchGame(legal=legal_actions, apply=apply, policy=MiddlePlayer, determinize=determinize,
                    evaluate=evaluate, candidates=candidates, in_window=in_window, movers=movers, horizon=60,
                    margin=0.03, apply_owned=partial(apply, in_place=True), turn_of=attrgetter("turn"))


def player(player_id: str, level: str = "leicht", budget_s: float | None = None, seed: int = 0,
           iterations: int | None = None):
    """A player of the given strength for a seat."""
    if level == "schwer":
        return SearchPlayer(SEARCH, player_id, budget_s=budget_s, iterations=iterations, seed=seed)
    return MiddlePlayer(player_id) if level == "mittel" else EasyPlayer(player_id)
