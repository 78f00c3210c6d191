"""The ops several cards share (draw, gain VP, extra plays, power, destroy, move the card's carrier …)
and the mechanics the card ops build on: paying a price, playing a treasure on a minion, playing a
minion with its abilities resting, shuffling a card of the discard pile into the deck. Terms follow
the rulebook's "Begriffe und Beschränkungen": "destroy" puts a card and what was played on it into
the right discard piles; a destroyed monster's treasures go to whoever controls the destroying
effect; power never goes below 0."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.smashup.cards import Effect
from engine.smashup.hooks import after_treasure_played, destroy, move_minion
from engine.smashup.power import find_minion
from engine.smashup.registry import (
    AFTER_OPS,
    ATTACH_OPS,
    DURING_OPS,
    LASTING_OPS,
    OPS,
    Context,
    in_play,
    op,
    price,
)
from engine.smashup.state import CARDS_AS_WRITTEN, BaseInPlay
from engine.smashup.targets import (
    affectable,
    affectable_minions,
    any_minion,
    carrier_of,
    destroy_targets,
    destroyable,
    minions_in_play,
    minions_of,
    needs,
    reached,
)
from engine.smashup.tx import Tx


@op("draw")
def _draw(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw(ctx.player, effect.n)


@op("gain_vp")
def gain_vp(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).vp += effect.n
    tx.emit("vp_gained", player=ctx.player, vp=effect.n)


@op("extra_minion")
def extra_minion(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).minions_left += effect.n
    tx.emit("extra_play", player=ctx.player, kind="minion")


@op("extra_action")
def extra_action(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).actions_left += effect.n
    tx.emit("extra_play", player=ctx.player, kind="action")


@op("power", targets=lambda s, e, c: any_minion(s, e, c) if e.who == "target_minion" else [], at_base=True)
def _power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """+N until the end of the turn: to a chosen minion, every minion at a base, or every minion."""
    state = tx.s
    if effect.who == "target_minion":
        target = needs(ctx, any_minion(state, effect, ctx))
        if target is None:
            return
        found = find_minion(state, target)
        assert found is not None
        found[1].until_end_of_turn += effect.n
        return
    bases = state.bases if effect.who == "all_in_play" else [state.base(ctx.base or "")]
    for base in bases:
        for minion in reached(state, ctx, base, minions_of(state, base)):
            minion.until_end_of_turn += effect.n
    tx.emit("power_changed", player=ctx.player, n=effect.n)


# a card played on a minion lies on it (turn._played_on_minion); "on_own_minion": on one of your own
in_play("on_minion", "on_own_minion", kind="attached")


@op("destroy", targets=destroy_targets, at_base=True)
def _destroy(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = _still_destroyable(tx.s, effect, ctx)
    if target is not None:
        destroy(tx, target, ctx.player)


@op("may_destroy", targets=destroy_targets, optional=True, at_base=True)
def _may_destroy(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Tiger Steed: "you may destroy" (rulebook l.476: with "dürfen" the player chooses): as destroy,
    and the pick may be left out."""
    _destroy(tx, effect, ctx)


def _still_destroyable(state, effect: Effect, ctx: Context) -> str | None:
    """needs(ctx, destroy_targets(...)): the target, if the effect can still destroy it. Whether a
    card can be picked depends on its own base alone, so only that base's candidates are worked out
    (for a card destroying anywhere, not every base's powers)."""
    found = find_minion(state, ctx.target) if ctx.target is not None else None
    if found is None or (effect.where == "here" and found[0].uid != ctx.base):
        return None
    at_its_base = destroyable(state, effect, replace(ctx, base=found[0].uid), here=True)
    return ctx.target if ctx.target in at_its_base else None


def _other_bases(state, effect: Effect, ctx: Context) -> list[str]:
    found = carrier_of(state, ctx.card)
    return [b.uid for b in state.bases if found is None or b.uid != found[0].uid]


@op("move_carrier", targets=_other_bases)
def _move_carrier(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Traveling Elf, Boots of Running Really Fast: the minion this card is on moves to the base
    named as the target, the card with it."""
    found = carrier_of(tx.s, ctx.card)
    target = needs(ctx, _other_bases(tx.s, effect, ctx))
    if found is not None and target is not None:
        move_minion(tx, found[1].uid, target)


def special_moment(card) -> str:
    """When a special acts: "during" or "after" the scoring, else "before" it."""
    ops = {e.op for e in card.effects}
    if ops & DURING_OPS:
        return "during"
    return "after" if ops & AFTER_OPS else "before"


def actions_on_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Actions lying on minions (Mugging, Gimme!). Taking an action away is no effect on its minion
    (rulebook l.360, l.390: a Dork Orc does not keep it): from CARDS_AS_WRITTEN on any action on any
    minion; before, only on the minions the card may affect."""
    if state.rules_version >= CARDS_AS_WRITTEN:
        return [u for _, m in minions_in_play(state) for u in m.attached]
    return [u for b in state.bases for m in b.minions for u in m.attached if affectable(state, ctx, b, m)]


def my_other_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Your minions, other than the one the first pick lies on."""
    return affectable_minions(state, ctx, [(b, m) for b in state.bases for m in b.minions
                                           if m.controller == ctx.player and ctx.target not in m.attached])


def attach(tx: Tx, uid: str, minion_uid: str) -> None:
    found = find_minion(tx.s, minion_uid)
    if found is not None:
        found[1].attached.append(uid)
        tx.emit("action_moved", card=tx.s.card_ids[uid], target=tx.s.card_ids[minion_uid])


def scoring_base(state, ctx: Context) -> str | None:
    return state.scoring.base if state.scoring is not None else None


def goes_on_minions(state, uid: str) -> bool:
    return any(e.op in ATTACH_OPS for e in state.card(uid).effects)


def play_treasure_on(tx: Tx, player: str, uid: str, minion_uid: str) -> None:
    """A treasure from a pile is played on a minion as an extra card: it lies there and does what it
    does when played."""
    found = find_minion(tx.s, minion_uid)
    if found is None:
        return
    base, minion = found
    minion.attached.append(uid)
    tx.emit("action_played", player=player, card=tx.s.card_ids[uid], base=tx.s.card_ids[base.uid],
            target=tx.s.card_ids[minion_uid])
    after_treasure_played(tx, player, base, uid)
    card = tx.s.play_card(uid)
    if "talent" in card.keywords:
        return
    for effect in card.effects:
        if effect.op not in LASTING_OPS:
            OPS[effect.op](tx, effect, Context(player, uid, base.uid, minion_uid))


def treasures_for_minions_in(pile_name: str) -> Callable:
    def candidates(state, effect: Effect, ctx: Context) -> list[str]:
        return [u for u in getattr(state, pile_name) if goes_on_minions(state, u)]

    return candidates


def my_minions_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    here = scoring_base(state, ctx)
    if here is None:
        return []
    base = state.base(here)
    return [m.uid for m in reached(state, ctx, base, base.minions) if m.controller == ctx.player]


def pay(tx: Tx, ctx: Context) -> None:
    """Cards named as the price go from the hand to the discard pile (checked by turn.check_cost)."""
    seat = tx.s.player(ctx.player)
    for uid in ctx.discard:
        seat.hand.remove(uid)
        tx.to_discard(uid)
    if ctx.discard:
        tx.emit("paid", player=ctx.player, cards=[tx.s.card_ids[u] for u in ctx.discard])


price("cost_discard", "any")


price("cost_discard_treasure", "treasure")


# Scroll Shuffler, Speed Reading: "discard a card, draw …" are two sentences, not a price (from
# CARDS_AS_WRITTEN on; before, played as cost_discard)
price("discard_owed", "any", owed=True)


@op("grant_minion", at_base=True)
def grant_minion(tx: Tx, effect: Effect, ctx: Context) -> None:
    """An extra minion with a condition: "here" (this base), "no_minion" (a base where you have none),
    "behind" (a base where someone has more power than you), "power<=3"; with a cost paid, one per card."""
    found = find_minion(tx.s, ctx.card)
    here = found[0].uid if found else ctx.base
    rule = f"base:{here}" if effect.where == "here" else effect.where or ""
    times = len(ctx.discard) if effect.what == "per_card_paid" else effect.n
    tx.s.player(ctx.player).minion_grants.extend([rule] * times)
    if times:
        tx.emit("extra_play", player=ctx.player, kind="minion")


def attached_actions(state, effect: Effect, ctx: Context) -> list[str]:
    """Actions played on minions (and, unless the card says minions only, on bases)."""
    found = [u for b in state.bases for m in (*b.minions, *b.monsters) for u in m.attached]
    if effect.where != "minion":
        found += [u for b in state.bases for u in b.actions]
    return found


def detach(state, uid: str) -> BaseInPlay:
    """Take an action off the base or minion it lies on; returns that base."""
    for base in state.bases:
        for holder in [base.actions] + [m.attached for m in (*base.minions, *base.monsters)]:
            if uid in holder:
                holder.remove(uid)
                return base
    raise KeyError(uid)


@op("destroy_attached_action", targets=attached_actions)
def _destroy_attached_action(tx: Tx, effect: Effect, ctx: Context) -> None:
    """An action lying on a minion or a base is destroyed; with "extra_if_treasure" a destroyed
    treasure gives an extra action."""
    target = needs(ctx, attached_actions(tx.s, effect, ctx))
    if target is None:
        return
    carrier = carrier_of(tx.s, target)
    base = detach(tx.s, target)
    if carrier is not None:
        tx.off_minion(carrier[1], target)
    else:
        tx.to_discard(target)
    tx.emit("destroyed", player=ctx.player, card=tx.s.card_ids[target], base=tx.s.card_ids[base.uid])
    if effect.what == "extra_if_treasure" and tx.s.card_ids[target].startswith("treasure-"):
        extra_action(tx, Effect(op="extra_action"), ctx)
