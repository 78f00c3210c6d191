"""The Warriors' ops: Taunter, War Cry, Cleave, Berserker, Campaign, Dungeon Bait, Ruckus."""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.choices import YES, handler, offer
from engine.smashup.hooks import destroy, play_monster
from engine.smashup.power import find_minion, minion_power
from engine.smashup.registry import Context, op
from engine.smashup.state import Decision
from engine.smashup.targets import affectable_minions, base_of, destroy_targets, needs, reached, same_at_every_base
from engine.smashup.tx import Tx


@op("may_play_monster")
def _may_play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Taunter: its player may have a monster come to this base."""
    offer(tx, ctx.player, "may_monster", base=base_of(tx.s, ctx.card) or ctx.base or "")


@handler("may_monster")
def _may_monster(tx: Tx, decision: Decision, option: str) -> None:
    if option == YES and any(b.uid == decision.context["base"] for b in tx.s.bases):
        play_monster(tx, tx.s.base(decision.context["base"]))


def _any_monster(state, effect: Effect, ctx: Context) -> list[str]:
    return same_at_every_base(state, "any_monster", effect, ctx, lambda: affectable_minions(
        state, ctx, [(b, m) for b in state.bases for m in b.monsters]))


def _minions_at_first_pick(state, effect: Effect, ctx: Context) -> list[str]:
    found = find_minion(state, ctx.target or "")
    return affectable_minions(state, ctx, [(found[0], m) for m in found[0].minions]) if found is not None else []


@op("war_cry", targets=_any_monster, second=_minions_at_first_pick)
def _war_cry(tx: Tx, effect: Effect, ctx: Context) -> None:
    """War Cry: a monster is destroyed; a minion at its base gets its power until the end of the turn."""
    found = find_minion(tx.s, ctx.target or "")
    if found is None:
        return
    strength = minion_power(tx.s, found[0], found[1])
    destroy(tx, found[1].uid, ctx.player)
    backed = find_minion(tx.s, ctx.target2 or "")
    if backed is not None:
        backed[1].until_end_of_turn += strength


@op("cleave", targets=_any_monster)
def _cleave(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Cleave: a monster is destroyed; the treasures it gives may be played as extra cards."""
    if ctx.target is None or find_minion(tx.s, ctx.target) is None:
        return
    hand = tx.s.player(ctx.player).hand
    before = set(hand)
    destroy(tx, ctx.target, ctx.player)
    gained = [u for u in hand if u not in before and tx.s.card_ids[u].startswith("treasure-")]
    tx.s.player(ctx.player).minion_grants.extend(f"card:{u}" for u in gained)
    if gained:
        tx.emit("extra_play", player=ctx.player, kind="treasure")


def _monsters_here(state, effect: Effect, ctx: Context) -> list[str]:
    found = find_minion(state, ctx.card)
    base = found[0] if found else (state.base(ctx.base) if ctx.base else None)
    if base is None:
        return []
    limit = 99
    if effect.what == "weaker":       # not yet on the table while the move is checked: its printed power
        limit = minion_power(state, found[0], found[1]) if found else state.card(ctx.card).power
    return [m.uid for m in base.monsters if minion_power(state, base, m) <= limit]


@op("berserker", targets=_monsters_here, at_base=True)
def _berserker(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Destroy a monster here no stronger than this minion: a +1 counter on it."""
    target = needs(ctx, _monsters_here(tx.s, effect, ctx))
    if target is None:
        return
    destroy(tx, target, ctx.player)
    found = find_minion(tx.s, ctx.card)
    if found is not None:
        found[1].counters += 1


@op("destroy_or_play_monster", targets=lambda s, e, c: _monsters_here(s, e, c) if c.mode != "monster" else [],
    at_base=True)
def _destroy_or_play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mode "monster": play a monster at this base; otherwise destroy a monster here."""
    found = find_minion(tx.s, ctx.card)
    base = found[0] if found else tx.s.base(ctx.base or "")
    if ctx.mode == "monster":
        play_monster(tx, base)
        return
    target = needs(ctx, _monsters_here(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)


@op("campaign")
def _campaign(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Your minions on a base with a monster get +N until the end of the turn."""
    for base in tx.s.bases:
        if base.monsters:
            for minion in reached(tx.s, ctx, base, base.minions):
                if minion.controller == ctx.player:
                    minion.until_end_of_turn += effect.n


def _weak_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Dungeon Bait's other option: a minion (a monster too: targets.minions_of) of power 2 or less, anywhere."""
    return [] if ctx.mode == "monster" else destroy_targets(state, _BAIT_WEAK, ctx)


# one object for all the calls: destroy_targets remembers its answer by the effect (while read only)
_BAIT_WEAK = Effect(op="destroy", max_power=2, what="minion")


@op("bait", targets=_weak_minions, at_base=True)
def _bait(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mode "monster": a monster comes to the chosen base; otherwise destroy a minion of power 2 or less."""
    if ctx.mode == "monster":
        if ctx.base:
            play_monster(tx, tx.s.base(ctx.base))
        return
    target = needs(ctx, _weak_minions(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)


@op("ruckus", at_base=True)
def _ruckus(tx: Tx, effect: Effect, ctx: Context) -> None:
    """At the chosen base: mode "clear" destroys every monster without treasures; otherwise two
    monsters come."""
    if not ctx.base:
        return
    base = tx.s.base(ctx.base)
    if ctx.mode == "clear":
        for monster in reached(tx.s, ctx, base, list(base.monsters)):
            destroy(tx, monster.uid, ctx.player, no_treasures=True)
    else:
        play_monster(tx, base)
        play_monster(tx, base)
