"""The Mages' ops: monsters summoned and charmed, power and cards bought with discards."""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.hooks import play_monster
from engine.smashup.ops.common import extra_action, extra_minion
from engine.smashup.power import find_minion
from engine.smashup.registry import Context, op
from engine.smashup.targets import affectable_minions, any_minion, needs, same_at_every_base
from engine.smashup.tx import Tx


@op("draw_to")
def _draw_to(tx: Tx, effect: Effect, ctx: Context) -> None:
    seat = tx.s.player(ctx.player)
    if len(seat.hand) < effect.n:
        tx.draw(ctx.player, effect.n - len(seat.hand))


@op("play_monster", at_base=True)
def _play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    bases = tx.s.bases if effect.where == "each_base" else [tx.s.base(ctx.base or "")]
    for base in bases:
        play_monster(tx, base)


def _free_monsters(state, effect: Effect, ctx: Context) -> list[str]:
    return same_at_every_base(state, "free_monsters", effect, ctx, lambda: affectable_minions(
        state, ctx, [(b, m) for b in state.bases for m in b.monsters if m.controller is None]))


@op("charm_monster", targets=_free_monsters)
def _charm_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Charm: a monster counts as your minion until the end of the turn (its power is yours there and
    no longer raises the breakpoint; its treasures still join the loot). turn._close_turn frees it."""
    target = needs(ctx, _free_monsters(tx.s, effect, ctx))
    found = find_minion(tx.s, target) if target else None
    if found is not None and target is not None:
        found[1].controller = ctx.player
        tx.emit("monster_charmed", player=ctx.player, monster=tx.s.card_ids[target])


@op("self_power")
def _self_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    found = find_minion(tx.s, ctx.card)
    if found is not None:
        found[1].until_end_of_turn += effect.n


@op("discard_for_extra", optional_cost=(0, 1))
def _discard_for_extra(tx: Tx, effect: Effect, ctx: Context) -> None:
    """A card paid (optional): an extra minion, or with mode "action" an extra action."""
    if ctx.discard:
        (extra_action if ctx.mode == "action" else extra_minion)(tx, Effect(op="x", n=1), ctx)


@op("power_per_card_paid", targets=any_minion)
def _power_per_card_paid(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = needs(ctx, any_minion(tx.s, effect, ctx))
    if target is not None:
        find_minion(tx.s, target)[1].until_end_of_turn += len(ctx.discard)  # type: ignore[index]
