"""What cards do, as data: the effect vocabulary of Smash Up – Munchkin. Each op is a function
(tx, player, context) -> None; ``context`` carries the base played on, the target picked, the card
itself. Terms follow the rulebook's "Begriffe und Beschränkungen": "destroy" puts a card and what
was played on it into the right discard piles; a destroyed monster's treasures go to whoever
controls the destroying effect; power never goes below 0."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.smashup.cards import Effect
from engine.smashup.state import BaseInPlay, Minion
from engine.smashup.tx import Tx


@dataclass
class Context:
    player: str
    card: str
    base: str | None
    target: str | None


Op = Callable[[Tx, Effect, Context], None]
OPS: dict[str, Op] = {}
NEEDS_TARGET: dict[str, Callable] = {}     # op -> (state, effect, context) -> candidate uids


def op(name: str, targets: Callable | None = None) -> Callable[[Op], Op]:
    def register(fn: Op) -> Op:
        OPS[name] = fn
        if targets is not None:
            NEEDS_TARGET[name] = targets
        return fn

    return register


# ---------------------------------------------------------------------- power
def minion_power(tx_state, base: BaseInPlay, minion: Minion) -> int:
    """Printed power, counters, this turn's changes and what is played on it; never below 0."""
    card = tx_state.card(minion.uid)
    total = card.power + minion.counters + minion.until_end_of_turn
    for uid in minion.attached:
        total += sum(e.n for e in tx_state.card(uid).effects if e.op == "attached_power")
    return max(0, total)


def find_minion(state, uid: str) -> tuple[BaseInPlay, Minion] | None:
    for base in state.bases:
        for minion in (*base.minions, *base.monsters):
            if minion.uid == uid:
                return base, minion
    return None


# ---------------------------------------------------------------------- targets
def _destroy_targets(state, effect: Effect, ctx: Context) -> list[str]:
    found = []
    for base in state.bases:
        if effect.where == "here" and base.uid != ctx.base:
            continue
        pool = base.minions if effect.what == "minion" else base.monsters
        for minion in pool:
            if effect.what == "undead_monster" and not state.card(minion.uid).undead:
                continue
            if minion.uid != ctx.card and minion_power(state, base, minion) <= (effect.max_power or 0):
                found.append(minion.uid)
    return found


def _any_minion(state, effect: Effect, ctx: Context) -> list[str]:
    return [m.uid for b in state.bases for m in b.minions]


def _needs(ctx: Context, candidates: list[str]) -> str | None:
    """A target the card needs: none to pick leaves the effect without one; otherwise it must be named."""
    if not candidates:
        return None
    if ctx.target not in candidates:
        raise IllegalAction("needs_target", options=len(candidates))
    return ctx.target


# ---------------------------------------------------------------------- ops
@op("draw")
def _draw(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw(ctx.player, effect.n)


@op("draw_treasure")
def _draw_treasure(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw_treasures(ctx.player, effect.n)


@op("draw_to")
def _draw_to(tx: Tx, effect: Effect, ctx: Context) -> None:
    seat = tx.s.player(ctx.player)
    if len(seat.hand) < effect.n:
        tx.draw(ctx.player, effect.n - len(seat.hand))


@op("gain_vp")
def _gain_vp(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).vp += effect.n
    tx.emit("vp_gained", player=ctx.player, vp=effect.n)


@op("extra_minion")
def _extra_minion(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).minions_left += effect.n
    tx.emit("extra_play", player=ctx.player, kind="minion")


@op("extra_action")
def _extra_action(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).actions_left += effect.n
    tx.emit("extra_play", player=ctx.player, kind="action")


@op("extra_minion_if_behind")
def _extra_if_behind(tx: Tx, effect: Effect, ctx: Context) -> None:
    from engine.smashup.rules import power_at

    here = tx.s.base(ctx.base or "")
    mine = power_at(tx.s, here, ctx.player)
    if any(power_at(tx.s, here, p.id) > mine for p in tx.s.players if p.id != ctx.player):
        _extra_minion(tx, effect, ctx)


@op("extra_minion_if_alone")
def _extra_if_alone(tx: Tx, effect: Effect, ctx: Context) -> None:
    here = tx.s.base(ctx.base or "")
    if [m.controller for m in here.minions].count(ctx.player) == 1:
        _extra_minion(tx, effect, ctx)


@op("power", targets=lambda s, e, c: _any_minion(s, e, c) if e.who == "target_minion" else [])
def _power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """+N until the end of the turn: to a chosen minion, every minion at a base, or every minion."""
    state = tx.s
    if effect.who == "target_minion":
        target = _needs(ctx, _any_minion(state, effect, ctx))
        if target is None:
            return
        found = find_minion(state, target)
        assert found is not None
        found[1].until_end_of_turn += effect.n
        return
    bases = state.bases if effect.who == "all_in_play" else [state.base(ctx.base or "")]
    for base in bases:
        for minion in base.minions:
            minion.until_end_of_turn += effect.n
    tx.emit("power_changed", player=ctx.player, n=effect.n)


@op("attached_power")
def _attached_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Counts while the card lies on its minion (see minion_power); nothing to do when played."""


@op("destroy", targets=_destroy_targets)
def _destroy(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = _needs(ctx, _destroy_targets(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)


def destroy(tx: Tx, uid: str, by: str) -> None:
    """A destroyed monster's treasures go to the player who controls the destroying effect."""
    found = find_minion(tx.s, uid)
    assert found is not None
    base, minion = found
    card = tx.s.card(uid)
    is_monster = minion in base.monsters
    tx.remove_minion(base, minion)
    tx.emit("destroyed", player=by, card=tx.s.card_ids[uid], base=tx.s.card_ids[base.uid])
    if is_monster and getattr(card, "treasures", 0):
        tx.draw_treasures(by, card.treasures)


@op("play_monster")
def _play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    bases = tx.s.bases if effect.where == "each_base" else [tx.s.base(ctx.base or "")]
    for base in bases:
        tx.play_monster(base)


@op("recycle")
def _recycle(tx: Tx, effect: Effect, ctx: Context) -> None:
    """A random card of the discard pile is shuffled into the deck."""
    seat = tx.s.player(ctx.player)
    if seat.discard:
        seat.deck.append(seat.discard.pop(tx.rng.below(len(seat.discard))))
        tx.rng.shuffle(seat.deck)


@op("take_from_discard")
def _take_from_discard(tx: Tx, effect: Effect, ctx: Context) -> None:
    seat = tx.s.player(ctx.player)
    for _ in range(effect.n):
        if seat.discard:
            seat.hand.append(seat.discard.pop(tx.rng.below(len(seat.discard))))


@op("mill_treasures")
def _mill_treasures(tx: Tx, effect: Effect, ctx: Context) -> None:
    for _ in range(effect.n):
        uid = tx.top("treasure")
        if uid is not None:
            tx.s.treasure_discard.append(uid)


@op("after_you")
def _after_you(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every other player draws one; you draw one for each player, you included."""
    for seat in tx.s.players:
        if seat.id != ctx.player:
            tx.draw(seat.id, 1)
    tx.draw(ctx.player, len(tx.s.players))


@op("dancing_root")
def _dancing_root(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every discard pile is shuffled into its deck, then you draw one (this card is not among them)."""
    for seat in tx.s.players:
        seat.deck.extend(seat.discard)
        seat.discard.clear()
        tx.rng.shuffle(seat.deck)
    tx.draw(ctx.player, 1)


@op("dig_minions")
def _dig_minions(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Reveal from the deck until N minions show; they go to the hand, the rest back into the deck."""
    seat = tx.s.player(ctx.player)
    revealed, found = [], []
    while len(found) < effect.n:
        tx._refill(seat.deck, seat.discard)
        if not seat.deck:
            break
        uid = seat.deck.pop()
        (found if tx.s.card(uid).kind == "minion" else revealed).append(uid)
    seat.hand.extend(found)
    seat.deck.extend(revealed)
    tx.rng.shuffle(seat.deck)


@op("draw_treasure_if_pair")
def _draw_treasure_if_pair(tx: Tx, effect: Effect, ctx: Context) -> None:
    here = tx.s.base(ctx.base or "")
    design = tx.s.card_ids[ctx.card]
    if sum(tx.s.card_ids[m.uid] == design for m in here.minions) > 1:
        tx.draw_treasures(ctx.player, effect.n)


@op("bottom_of_treasure_deck")
def _bottom_of_treasure_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    """This card goes under the treasure deck instead of the discard pile (rules.play_action asks)."""
