"""The Thieves' ops: treasures drawn and taken, Mugging, Clever Distraction, counters per treasure."""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.choices import NONE, handler, open_choice
from engine.smashup.ops.common import actions_on_minions, attach, attached_actions, detach, gain_vp, my_other_minions
from engine.smashup.power import find_minion
from engine.smashup.registry import Context, op
from engine.smashup.state import CARDS_AS_WRITTEN, Decision
from engine.smashup.targets import carrier_of, needs
from engine.smashup.tx import Tx


@op("draw_treasure")
def _draw_treasure(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw_treasures(ctx.player, effect.n)


@op("draw_treasure_if_pair", at_base=True)
def _draw_treasure_if_pair(tx: Tx, effect: Effect, ctx: Context) -> None:
    here = tx.s.base(ctx.base or "")
    design = tx.s.card_ids[ctx.card]
    if sum(tx.s.card_ids[m.uid] == design for m in here.minions) > 1:
        tx.draw_treasures(ctx.player, effect.n)


@op("shuffle_discard_into_deck")
def _shuffle_discard_into_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Your discard pile is shuffled into your deck (Smuggling)."""
    seat = tx.s.player(ctx.player)
    seat.deck.extend(seat.discard)
    seat.discard.clear()
    tx.rng.shuffle(seat.deck)


@op("bottom_of_own_deck")
def _bottom_of_own_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    """This card goes under its owner's deck instead of the discard pile (turn.put_action asks)."""


@op("distraction", special="after")
def _distraction(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Clever Distraction, after the scoring of a base where you had a minion: its winner (the first of
    several in seat order from the active player) loses 1 VP, and you gain 1 VP."""
    if ctx.placed is None or ctx.player not in ctx.placed:
        return
    ids = [p.id for p in tx.s.players]
    seat_order = ids[tx.s.active:] + ids[:tx.s.active]
    winners = [pid for pid in seat_order if ctx.placed.get(pid) == 1 and pid != ctx.player]
    if not winners:
        return
    loser = tx.s.player(winners[0])
    loser.vp -= min(effect.n, loser.vp)
    tx.s.player(ctx.player).vp += effect.n
    tx.emit("vp_taken", player=ctx.player, victim=loser.id, vp=effect.n)


@op("mug", targets=actions_on_minions, second=my_other_minions)
def _mug(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mugging: an action on a minion moves onto one of your minions."""
    action, onto = ctx.target, ctx.target2
    found = carrier_of(tx.s, action) if action is not None else None
    if found is None or action is None or onto is None:
        return
    found[1].attached.remove(action)
    attach(tx, action, onto)


@op("counter_per_treasure_in_hand")
def _counter_per_treasure_in_hand(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Cat Burglar: reveal any number of the treasures in hand (they stay there), a +1 counter for each.
    From CARDS_AS_WRITTEN on the player shows them one by one and may stop (burglar_show); before,
    every treasure was shown unasked."""
    seat = tx.s.player(ctx.player)
    shown = [u for u in seat.hand if tx.s.card_ids[u].startswith("treasure-")]
    found = find_minion(tx.s, ctx.card)
    if found is None or not shown:
        return
    if tx.s.rules_version >= CARDS_AS_WRITTEN:
        open_choice(tx, ctx.player, "burglar_show", [NONE, *shown], card=ctx.card)
        return
    found[1].counters += len(shown)
    tx.emit("treasures_shown", player=ctx.player, cards=[tx.s.card_ids[u] for u in shown])


@handler("burglar_show")
def _burglar_show(tx: Tx, decision: Decision, option: str) -> None:
    """One more treasure shown from the hand: a +1 counter on the Cat Burglar, and the choice again
    among the treasures not shown yet ("none": no more)."""
    found = find_minion(tx.s, decision.context["card"])
    if option == NONE or found is None or option not in tx.s.player(decision.player).hand:
        return
    found[1].counters += 1
    tx.emit("treasures_shown", player=decision.player, cards=[tx.s.card_ids[option]])
    rest = [u for u in decision.options if u not in (NONE, option) and u in tx.s.player(decision.player).hand]
    if rest:
        open_choice(tx, decision.player, "burglar_show", [NONE, *rest], card=decision.context["card"])


@op("treasures_for_vp", optional_cost=(0, 2))
def _treasures_for_vp(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Two treasures paid (optional): 1 VP."""
    if len(ctx.discard) == 2:
        gain_vp(tx, Effect(op="gain_vp", n=1), ctx)


def _treasures_in_play(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for u in attached_actions(state, effect, ctx) if state.card_ids[u].startswith("treasure-")]


@op("take_treasure_in_play", targets=_treasures_in_play)
def _take_treasure_in_play(tx: Tx, effect: Effect, ctx: Context) -> None:
    """A treasure in play goes into your hand (taking it is no action on the minion)."""
    target = needs(ctx, _treasures_in_play(tx.s, effect, ctx))
    if target is None:
        return
    detach(tx.s, target)
    tx.s.player(ctx.player).hand.append(target)
    tx.emit("treasure_taken", player=ctx.player, card=tx.s.card_ids[target])
