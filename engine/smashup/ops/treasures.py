"""The treasures' ops: potions, Magic Missile, Hireling, Dowsing Rod, Redundancy …"""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.choices import NONE, handler, open_choice
from engine.smashup.hooks import destroy, move_minion
from engine.smashup.ops.common import play_treasure_on, treasures_for_minions_in
from engine.smashup.power import minion_power
from engine.smashup.registry import COST_OPS, LASTING_OPS, NEEDS_TARGET, OPS, Context, op
from engine.smashup.state import Decision
from engine.smashup.targets import affectable, carrier_of, indestructible, minions_of, needs, reached
from engine.smashup.tx import Tx


def _weak_at_carrier_base(state, effect: Effect, ctx: Context) -> list[str]:
    found = carrier_of(state, ctx.card)
    if found is None:
        return []
    base = found[0]
    return [m.uid for m in minions_of(state, base) if minion_power(state, base, m) <= (effect.max_power or 0)
            and not indestructible(state, m) and affectable(state, ctx, base, m)]


@op("missile", targets=_weak_at_carrier_base)
def _missile(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Magic Missile: the card goes under the treasure deck and destroys a weak minion at its base."""
    found = carrier_of(tx.s, ctx.card)
    target = needs(ctx, _weak_at_carrier_base(tx.s, effect, ctx))
    if found is None:
        return
    found[1].attached.remove(ctx.card)
    tx.s.treasure_deck.insert(0, ctx.card)
    if target is not None:
        destroy(tx, target, ctx.player)


@op("paralysis", special="before", at_base=True)
def _paralysis(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Paralysis, before a scoring: the minions there and the actions on them or on the base
    lose their abilities until the end of the turn (the base's own ability stays). A minion protected
    from its player's actions keeps its own; the actions on it are cards of their own and do not."""
    base = tx.s.base(ctx.base or "")
    minions = minions_of(tx.s, base)
    kept = {m.uid for m in minions} - {m.uid for m in reached(tx.s, ctx, base, minions)}
    quiet = [*base.actions] + [u for m in minions for u in (m.uid, *m.attached) if u not in kept]
    tx.s.silenced.extend(u for u in quiet if u not in tx.s.silenced)
    tx.emit("abilities_cancelled", base=tx.s.card_ids[base.uid])


@op("hireling_treasure", targets=treasures_for_minions_in("treasure_discard"), optional=True)
def _hireling_treasure(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Dwarf Hireling, when played: a treasure from the treasure discard pile may be played on him."""
    if ctx.target in tx.s.treasure_discard:
        tx.s.treasure_discard.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.card)  # type: ignore[arg-type]


def _players_at(state, effect: Effect, ctx: Context) -> list[str]:
    """Players with a minion at the base named (Potion of Halitosis)."""
    if ctx.base is None:
        return []
    return [p.id for p in state.players if any(m.controller == p.id for m in state.base(ctx.base).minions)]


@op("halitosis", targets=_players_at, at_base=True)
def _halitosis(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Halitosis: the player named moves one of their minions from this base to another (they
    choose which and where)."""
    if ctx.target is None or ctx.base is None:
        return
    here = tx.s.base(ctx.base)
    options = [f"{m.uid}>{b.uid}" for m in reached(tx.s, ctx, here, here.minions) if m.controller == ctx.target
               for b in tx.s.bases if b.uid != here.uid]
    open_choice(tx, ctx.target, "halitosis_move", options, base=ctx.base)


@handler("halitosis_move")
def _halitosis_move(tx: Tx, decision: Decision, option: str) -> None:
    """The minion (and what is on it) goes to the base named: "<minion>><base>"."""
    if option == NONE:
        return
    minion, _, base = option.partition(">")
    if any(b.uid == base for b in tx.s.bases):
        move_minion(tx, minion, base)


@op("line_cutting", special="during")
def _line_cutting(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Line Cutting, during the scoring: its player takes a revealed loot card of their choice
    before the sharing."""
    if tx.s.scoring is not None and tx.s.scoring.loot:
        open_choice(tx, ctx.player, "line_cut", list(tx.s.scoring.loot))


@op("bottom_of_treasure_deck")
def _bottom_of_treasure_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    """This card goes under the treasure deck instead of the discard pile (turn.put_action asks)."""


@op("faction_power", at_base=True)
def _faction_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every minion of the chosen faction (mode) at the base gets +N until the end of the turn."""
    if not ctx.base or not ctx.mode:
        return
    base = tx.s.base(ctx.base)
    for minion in reached(tx.s, ctx, base, base.minions):
        if getattr(tx.s.card(minion.uid), "faction", None) == ctx.mode:
            minion.until_end_of_turn += effect.n


@op("dowsing")
def _dowsing(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Draw two treasures; this card and the treasure discard pile are shuffled into the treasure deck
    (turn.put_action puts the card back for "shuffle_into_treasure_deck")."""
    tx.draw_treasures(ctx.player, 2)


def _talented_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Potion of Redundancy Potion: the other minions in play with a talent."""
    found = carrier_of(state, ctx.card)
    carrier = found[1].uid if found else None
    return [m.uid for b in state.bases for m in b.minions
            if m.uid != carrier and "talent" in state.card(m.uid).keywords and state.card(m.uid).kind == "minion"]


def _borrowed(state, ctx: Context) -> Context | None:
    """The context of the talent borrowed: it acts as the minion the potion lies on, its pick is the
    potion's second pick."""
    found = carrier_of(state, ctx.card)
    if found is None or ctx.target is None:
        return None
    return Context(ctx.player, found[1].uid, found[0].uid, ctx.target2, ctx.discard, ctx.mode, None, ctx.picks,
                   ctx.placed)


def _borrowed_targets(state, effect: Effect, ctx: Context) -> list[str]:
    borrowed = _borrowed(state, ctx)
    if borrowed is None or ctx.target not in state.card_ids:
        return []
    borrowed.target = None
    return [u for e in state.card(ctx.target).effects if e.op in NEEDS_TARGET
            for u in NEEDS_TARGET[e.op](state, e, borrowed)]


@op("redundancy", targets=_talented_minions, second=_borrowed_targets)
def _redundancy(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Redundancy Potion's talent: the minion it lies on uses another minion's talent (its
    price paid with the potion's)."""
    borrowed, lender = _borrowed(tx.s, ctx), ctx.target
    if borrowed is None or lender is None:
        return
    tx.emit("talent_borrowed", player=ctx.player, card=tx.s.card_ids[lender])
    for e in tx.s.card(lender).effects:
        if e.op not in LASTING_OPS and e.op not in COST_OPS:
            OPS[e.op](tx, e, borrowed)
