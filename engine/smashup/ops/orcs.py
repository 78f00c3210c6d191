"""The Orcs' ops: Pillagers, Gimme!, Stay Down, Crush, minions sent to crowded bases or under decks."""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.hooks import destroy, move_minion
from engine.smashup.ops.common import actions_on_minions, attach, my_other_minions
from engine.smashup.power import find_minion, minion_power, power_at
from engine.smashup.registry import Context, op
from engine.smashup.state import CARDS_AS_WRITTEN
from engine.smashup.targets import affectable, affectable_minions, carrier_of, needs
from engine.smashup.tx import Tx


def _mine_elsewhere_if_crowded(state, effect: Effect, ctx: Context) -> list[str]:
    """Dogpile: your minions at other bases, if you have two or more at the base named."""
    if ctx.base is None:
        return []
    here = state.base(ctx.base)
    if sum(1 for m in here.minions if m.controller == ctx.player) < 2:
        return []
    return [m.uid for b in state.bases if b.uid != ctx.base for m in b.minions if m.controller == ctx.player]


@op("move_own_to_crowded", targets=_mine_elsewhere_if_crowded, at_base=True, names_base=True)
def _move_own_to_crowded(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = needs(ctx, _mine_elsewhere_if_crowded(tx.s, effect, ctx))
    if target is not None and ctx.base is not None:
        move_minion(tx, target, ctx.base)


@op("pillage", special="during", at_base=True)
def _pillage(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Angry Pillagers, during the scoring: a lead of 3 or more power over the runner-up there is 1 VP."""
    base = tx.s.base(ctx.base or "")
    mine = power_at(tx.s, base, ctx.player)
    runner_up = max((power_at(tx.s, base, p.id) for p in tx.s.players if p.id != ctx.player), default=0)
    if mine and mine - runner_up >= (effect.max_power or 0):
        tx.s.player(ctx.player).vp += effect.n
        tx.emit("vp_gained", player=ctx.player, vp=effect.n)


@op("gimme", targets=actions_on_minions, second=my_other_minions)
def _gimme(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Gimme!: the minion under the action picked is destroyed, and the action comes onto one of your
    minions (even if the minion survives)."""
    action, onto = ctx.target, ctx.target2
    found = carrier_of(tx.s, action) if action is not None else None
    if found is None or action is None or onto is None:
        return
    reached = affectable(tx.s, ctx, found[0], found[1])      # (as it lies, the action still on it)
    found[1].attached.remove(action)
    if reached or tx.s.rules_version < CARDS_AS_WRITTEN:     # a Dork Orc survives, the action comes (l.390)
        destroy(tx, found[1].uid, ctx.player)
    attach(tx, action, onto)


@op("stay_down", special="before")
def _stay_down(tx: Tx, effect: Effect, ctx: Context) -> None:
    """And Stay Down!, before a scoring: with the most power there (ties count), nobody else may use a
    special for this scoring (specials already used stay used)."""
    scoring = tx.s.scoring
    if scoring is None:
        return
    base = tx.s.base(scoring.base)
    mine = power_at(tx.s, base, ctx.player)
    if mine and all(power_at(tx.s, base, p.id) <= mine for p in tx.s.players):
        scoring.locked_by = ctx.player
        tx.emit("specials_locked", player=ctx.player, base=tx.s.card_ids[base.uid])


def _owned_minions_at_most(state, effect: Effect, ctx: Context) -> list[str]:
    limit = effect.max_power or 0
    return affectable_minions(state, ctx, [(b, m) for b in state.bases for m in b.minions
                                           if m.owner is not None and minion_power(state, b, m) <= limit])


@op("bottom_of_owners_deck", targets=_owned_minions_at_most)
def _bottom_of_owners_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = needs(ctx, _owned_minions_at_most(tx.s, effect, ctx))
    if target is None:
        return
    base, minion = find_minion(tx.s, target)  # type: ignore[misc]
    base.minions.remove(minion)
    for uid in minion.attached:
        tx.to_discard(uid)
    tx.s.player(minion.owner or "").deck.insert(0, minion.uid)
    tx.emit("minion_to_deck_bottom", player=ctx.player, card=tx.s.card_ids[target])


def _crush_targets(state, effect: Effect, ctx: Context) -> list[str]:
    found = []
    for base in state.bases:
        mine = sum(1 for m in base.minions if m.controller == ctx.player)
        for minion in base.minions:
            theirs = sum(1 for m in base.minions if m.controller == minion.controller)
            if minion.controller not in (None, ctx.player) and theirs < mine and affectable(state, ctx, base, minion):
                found.append(minion.uid)
    return found


@op("crush", targets=_crush_targets)
def _crush(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Destroy a minion of a player who has fewer minions at that base than you."""
    target = needs(ctx, _crush_targets(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)
