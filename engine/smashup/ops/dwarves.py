"""The Dwarves' ops: treasures mined, salvaged, cashed out and paid for."""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.ops.common import my_minions_at_scoring_base, play_treasure_on, treasures_for_minions_in
from engine.smashup.registry import Context, op
from engine.smashup.state import CARDS_AS_WRITTEN
from engine.smashup.targets import affectable_minions, needs
from engine.smashup.tx import Tx


@op("mill_treasures")
def _mill_treasures(tx: Tx, effect: Effect, ctx: Context) -> None:
    for _ in range(effect.n):
        uid = tx.top("treasure")
        if uid is not None:
            tx.s.treasure_discard.append(uid)


@op("cash_out")
def _cash_out(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Cash Out: up to N treasures from the hand may be played as extra cards this turn."""
    tx.s.player(ctx.player).minion_grants.extend(["treasure"] * effect.n)
    tx.emit("extra_play", player=ctx.player, kind="treasure")


def _my_minions(state, effect: Effect, ctx: Context) -> list[str]:
    return affectable_minions(state, ctx, [(b, m) for b in state.bases for m in b.minions
                                           if m.controller == ctx.player])


@op("mine", targets=treasures_for_minions_in("treasure_deck"), second=_my_minions)
def _mine(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mine!: a treasure for minions, searched out of the treasure deck, is played on one of your
    minions as an extra card; then the treasure deck is shuffled."""
    if ctx.target in tx.s.treasure_deck and ctx.target2 is not None:
        tx.s.treasure_deck.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.target2)  # type: ignore[arg-type]
    tx.rng.shuffle(tx.s.treasure_deck)


@op("salvage", targets=treasures_for_minions_in("treasure_discard"), second=my_minions_at_scoring_base,
    special="before")
def _salvage(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Salvage, before a scoring: a treasure from the treasure discard pile onto one of your minions there."""
    if ctx.target in tx.s.treasure_discard and ctx.target2 is not None:
        tx.s.treasure_discard.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.target2)  # type: ignore[arg-type]


def _discarded_treasures(state, effect: Effect, ctx: Context) -> list[str]:
    """Gold Digger, Greed is Good (mode "take"): "take one treasure from the treasure discard pile" is
    the player's pick, the topmost copy of each design offered (from CARDS_AS_WRITTEN on; before, the
    top card was taken unasked)."""
    if state.rules_version < CARDS_AS_WRITTEN or (effect.op == "treasure_draw_or_take" and ctx.mode != "take"):
        return []
    ids, seen = state.card_ids, dict[str, str]()
    for uid in reversed(state.treasure_discard):
        seen.setdefault(ids[uid], uid)
    return list(seen.values())


def _none_discarded(state, effect: Effect, player: str, card: str = "") -> bool:
    return not state.treasure_discard


@op("take_treasure_from_discard", targets=_discarded_treasures, idle=_none_discarded)
def _take_treasure_from_discard(tx: Tx, effect: Effect, ctx: Context) -> None:
    pile = tx.s.treasure_discard
    if not pile:
        return
    if tx.s.rules_version < CARDS_AS_WRITTEN:
        uid = pile.pop()
    else:
        uid = needs(ctx, _discarded_treasures(tx.s, effect, ctx)) or ""
        if uid not in pile:
            return
        pile.remove(uid)
    tx.s.player(ctx.player).hand.append(uid)
    tx.emit("cards_received", audience=ctx.player, player=ctx.player, cards=[tx.s.card_ids[uid]], uids=[uid])


@op("treasure_draw_or_take", targets=_discarded_treasures)
def _treasure_draw_or_take(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Draw a treasure, or (mode "take") take one of the treasure discard pile."""
    if ctx.mode == "take" and tx.s.treasure_discard:
        _take_treasure_from_discard(tx, effect, ctx)
    else:
        tx.draw_treasures(ctx.player, 1)


@op("treasure_per_card_paid")
def _treasure_per_card_paid(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw_treasures(ctx.player, len(ctx.discard))
