"""What cards do, as data: the effect vocabulary of Smash Up – Munchkin. Each op is a function
(tx, player, context) -> None; ``context`` carries the base played on, the target picked, the card
itself. Terms follow the rulebook's "Begriffe und Beschränkungen": "destroy" puts a card and what
was played on it into the right discard piles; a destroyed monster's treasures go to whoever
controls the destroying effect; power never goes below 0."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.smashup.cards import Effect
from engine.smashup.choices import NONE, YES, handler, offer, open_choice
from engine.smashup.hooks import after_minion_played, after_treasure_played, destroy, move_minion, play_monster
from engine.smashup.power import find_minion, minion_power, power_at
from engine.smashup.registry import (
    AFTER_OPS,
    ATTACH_OPS,
    COST_OPS,
    DURING_OPS,
    LASTING_OPS,
    NEEDS_TARGET,
    OPS,
    Context,
    in_play,
    op,
    price,
)
from engine.smashup.state import BaseInPlay, Decision, Minion
from engine.smashup.targets import (
    affectable,
    affectable_minions,
    any_minion,
    base_of,
    carrier_of,
    destroy_targets,
    destroyable,
    indestructible,
    needs,
    reached,
    same_at_every_base,
)
from engine.smashup.tx import Tx


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
        for minion in reached(state, ctx, base, base.minions):
            minion.until_end_of_turn += effect.n
    tx.emit("power_changed", player=ctx.player, n=effect.n)


# a card played on a minion lies on it (rules._played_on_minion); "on_own_minion": on one of your own
in_play("on_minion", "on_own_minion", kind="attached")
in_play("tut")       # King Tut: the winners of its base discard a card after its scoring (rules._clear_base)


@op("destroy", targets=destroy_targets, at_base=True)
def _destroy(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = _still_destroyable(tx.s, effect, ctx)
    if target is not None:
        destroy(tx, target, ctx.player)


def _still_destroyable(state, effect: Effect, ctx: Context) -> str | None:
    """needs(ctx, destroy_targets(...)): the target, if the effect can still destroy it. Whether a
    card can be picked depends on its own base alone, so only that base's candidates are worked out
    (for a card destroying anywhere, not every base's powers)."""
    found = find_minion(state, ctx.target) if ctx.target is not None else None
    if found is None or (effect.where == "here" and found[0].uid != ctx.base):
        return None
    at_its_base = destroyable(state, effect, replace(ctx, base=found[0].uid), here=True)
    return ctx.target if ctx.target in at_its_base else None


@op("play_monster", at_base=True)
def _play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    bases = tx.s.bases if effect.where == "each_base" else [tx.s.base(ctx.base or "")]
    for base in bases:
        play_monster(tx, base)


def recycle(tx: Tx, player: str, minions_only: bool = False) -> None:
    """A random card (or minion) of the discard pile is shuffled into the deck."""
    seat = tx.s.player(player)
    pool = [u for u in seat.discard if not minions_only or tx.s.card(u).kind == "minion"]
    if pool:
        uid = pool[tx.rng.below(len(pool))]
        seat.discard.remove(uid)
        seat.deck.append(uid)
        tx.rng.shuffle(seat.deck)


@op("recycle")
def _recycle(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Holy Roller: its player may shuffle a random card of the discard pile into the deck."""
    if tx.s.player(ctx.player).discard:
        offer(tx, ctx.player, "may_recycle")


@handler("may_recycle")
def _may_recycle(tx: Tx, decision: Decision, option: str) -> None:
    if option == YES:
        recycle(tx, decision.player)


@op("may_play_monster")
def _may_play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Taunter: its player may have a monster come to this base."""
    offer(tx, ctx.player, "may_monster", base=base_of(tx.s, ctx.card) or ctx.base or "")


@handler("may_monster")
def _may_monster(tx: Tx, decision: Decision, option: str) -> None:
    if option == YES and any(b.uid == decision.context["base"] for b in tx.s.bases):
        play_monster(tx, tx.s.base(decision.context["base"]))


def _undead_unless_recycling(state, effect: Effect, ctx: Context) -> list[str]:
    return [] if ctx.mode == "recycle" else destroy_targets(state, effect, ctx)


@op("turner", targets=_undead_unless_recycling)
def _turner(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Turner, choose one: destroy an undead monster here, or (mode "recycle") shuffle a random minion
    of your discard pile into your deck."""
    if ctx.mode == "recycle":
        recycle(tx, ctx.player, minions_only=True)
        return
    target = needs(ctx, destroy_targets(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)


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
    """This card goes under its owner's deck instead of the discard pile (rules.play_action asks)."""


def _free_monsters(state, effect: Effect, ctx: Context) -> list[str]:
    return same_at_every_base(state, "free_monsters", effect, ctx, lambda: affectable_minions(
        state, ctx, [(b, m) for b in state.bases for m in b.monsters if m.controller is None]))


@op("charm_monster", targets=_free_monsters)
def _charm_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Charm: a monster counts as your minion until the end of the turn (its power is yours there and
    no longer raises the breakpoint; its treasures still join the loot). rules._close_turn frees it."""
    target = needs(ctx, _free_monsters(tx.s, effect, ctx))
    found = find_minion(tx.s, target) if target else None
    if found is not None:
        found[1].controller = ctx.player
        tx.emit("monster_charmed", player=ctx.player, monster=tx.s.card_ids[target])


# ---------------------------------------------------------------------- moves ("Begriffe": Versetzen)


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


def _weak_at_carrier_base(state, effect: Effect, ctx: Context) -> list[str]:
    found = carrier_of(state, ctx.card)
    if found is None:
        return []
    base = found[0]
    return [m.uid for m in base.minions if minion_power(state, base, m) <= (effect.max_power or 0)
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


# ---------------------------------------------------------------------- specials during and after scoring
# A special is used in the round of its moment: before the scoring (most), during it once the places
# are known and the loot lies revealed (special="during"), or after it (special="after") ("Die große Wertung",
# steps 3, 4-5 and 6). Helping Hands is used before and takes its VP during the scoring: it waits
# beside the base (kind="set_aside") and acts with the scoring's places in Context.placed.


def special_moment(card) -> str:
    """When a special acts: "during" or "after" the scoring, else "before" it."""
    ops = {e.op for e in card.effects}
    if ops & DURING_OPS:
        return "during"
    return "after" if ops & AFTER_OPS else "before"


@op("pillage", special="during", at_base=True)
def _pillage(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Angry Pillagers, during the scoring: a lead of 3 or more power over the runner-up there is 1 VP."""
    base = tx.s.base(ctx.base or "")
    mine = power_at(tx.s, base, ctx.player)
    runner_up = max((power_at(tx.s, base, p.id) for p in tx.s.players if p.id != ctx.player), default=0)
    if mine and mine - runner_up >= (effect.max_power or 0):
        tx.s.player(ctx.player).vp += effect.n
        tx.emit("vp_gained", player=ctx.player, vp=effect.n)


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


# ---------------------------------------------------------------------- abilities cancelled for the turn
def play_silenced(tx: Tx, player: str, uid: str, base_uid: str) -> None:
    """A minion from the hand goes to a base as an extra play, its abilities resting until the end of
    the turn (its "when played" ability does not fire; the base's abilities still do)."""
    state = tx.s
    state.player(player).hand.remove(uid)
    base = state.base(base_uid)
    base.minions.append(Minion(uid=uid, owner=state.owners.get(uid), controller=player))
    state.silenced.append(uid)
    tx.emit("minion_played", player=player, card=state.card_ids[uid], base=state.card_ids[base_uid])
    after_minion_played(tx, player, base, uid)


@op("rude_awakening", at_base=True)
def _rude_awakening(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Rude Awakening: every minion in your hand comes to the base named, abilities resting."""
    for uid in [u for u in tx.s.player(ctx.player).hand if tx.s.card(u).kind == "minion"]:
        if ctx.base is not None:
            play_silenced(tx, ctx.player, uid, ctx.base)


def _minions_in_hand(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for u in state.player(ctx.player).hand if u != ctx.card and state.card(u).kind == "minion"]


@op("last_call", targets=_minions_in_hand, special="before", at_base=True)
def _last_call(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Last Call, before a scoring: the minion named comes from your hand to that base, abilities resting."""
    target = needs(ctx, _minions_in_hand(tx.s, effect, ctx))
    if target is not None and ctx.base is not None:
        play_silenced(tx, ctx.player, target, ctx.base)


@op("paralysis", special="before", at_base=True)
def _paralysis(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Paralysis, before a scoring: the minions there and the actions on them or on the base
    lose their abilities until the end of the turn (the base's own ability stays). A minion protected
    from its player's actions keeps its own; the actions on it are cards of their own and do not."""
    base = tx.s.base(ctx.base or "")
    kept = {m.uid for m in base.minions} - {m.uid for m in reached(tx.s, ctx, base, base.minions)}
    quiet = [*base.actions] + [u for m in base.minions for u in (m.uid, *m.attached) if u not in kept]
    tx.s.silenced.extend(u for u in quiet if u not in tx.s.silenced)
    tx.emit("abilities_cancelled", base=tx.s.card_ids[base.uid])


# ---------------------------------------------------------------------- second picks, treasures from piles
def _actions_on_minions(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for b in state.bases for m in b.minions for u in m.attached if affectable(state, ctx, b, m)]


def _my_other_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Your minions, other than the one the first pick lies on."""
    return affectable_minions(state, ctx, [(b, m) for b in state.bases for m in b.minions
                                           if m.controller == ctx.player and ctx.target not in m.attached])


def _attach(tx: Tx, uid: str, minion_uid: str) -> None:
    found = find_minion(tx.s, minion_uid)
    if found is not None:
        found[1].attached.append(uid)
        tx.emit("action_moved", card=tx.s.card_ids[uid], target=tx.s.card_ids[minion_uid])


@op("mug", targets=_actions_on_minions, second=_my_other_minions)
def _mug(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mugging: an action on a minion moves onto one of your minions."""
    found = carrier_of(tx.s, ctx.target or "")
    if found is None or ctx.target2 is None:
        return
    found[1].attached.remove(ctx.target)
    _attach(tx, ctx.target, ctx.target2)  # type: ignore[arg-type]


@op("gimme", targets=_actions_on_minions, second=_my_other_minions)
def _gimme(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Gimme!: the minion under the action picked is destroyed, and the action comes onto one of your
    minions (even if the minion survives)."""
    found = carrier_of(tx.s, ctx.target or "")
    if found is None or ctx.target2 is None:
        return
    found[1].attached.remove(ctx.target)
    destroy(tx, found[1].uid, ctx.player)
    _attach(tx, ctx.target, ctx.target2)  # type: ignore[arg-type]


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


@op("cash_out")
def _cash_out(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Cash Out: up to N treasures from the hand may be played as extra cards this turn."""
    tx.s.player(ctx.player).minion_grants.extend(["treasure"] * effect.n)
    tx.emit("extra_play", player=ctx.player, kind="treasure")


def _scoring_base(state, ctx: Context) -> str | None:
    return state.scoring.base if state.scoring is not None else None


def _mine_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    """Run Away!: your minions at the base about to score, if the base named to go to is another one."""
    here = _scoring_base(state, ctx)
    if here is None or ctx.base in (None, here):
        return []
    return _my_minions_at_scoring_base(state, effect, ctx)


def _others_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    here = _scoring_base(state, ctx)
    if here is None:
        return []
    base = state.base(here)
    return [m.uid for m in base.minions if m.controller != ctx.player and affectable(state, ctx, base, m)]


@op("run_away", targets=_mine_at_scoring_base, second=_others_at_scoring_base, special="before", at_base=True,
    names_base=True)
def _run_away(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Run Away!, before a scoring: one of your minions and one of another player's leave that base for
    the base named."""
    if ctx.base is None or ctx.target is None:
        return
    move_minion(tx, ctx.target, ctx.base)
    if ctx.target2 is not None:
        move_minion(tx, ctx.target2, ctx.base)


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
    card = tx.s.card(uid)
    if "talent" in card.keywords:
        return
    for effect in card.effects:
        if effect.op not in LASTING_OPS:
            OPS[effect.op](tx, effect, Context(player, uid, base.uid, minion_uid))


def _treasures_for_minions_in(pile_name: str) -> Callable:
    def candidates(state, effect: Effect, ctx: Context) -> list[str]:
        return [u for u in getattr(state, pile_name) if goes_on_minions(state, u)]

    return candidates


def _my_minions(state, effect: Effect, ctx: Context) -> list[str]:
    return affectable_minions(state, ctx, [(b, m) for b in state.bases for m in b.minions
                                           if m.controller == ctx.player])


def _my_minions_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    here = _scoring_base(state, ctx)
    if here is None:
        return []
    base = state.base(here)
    return [m.uid for m in reached(state, ctx, base, base.minions) if m.controller == ctx.player]


@op("mine", targets=_treasures_for_minions_in("treasure_deck"), second=_my_minions)
def _mine(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mine!: a treasure for minions, searched out of the treasure deck, is played on one of your
    minions as an extra card; then the treasure deck is shuffled."""
    if ctx.target in tx.s.treasure_deck and ctx.target2 is not None:
        tx.s.treasure_deck.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.target2)  # type: ignore[arg-type]
    tx.rng.shuffle(tx.s.treasure_deck)


@op("salvage", targets=_treasures_for_minions_in("treasure_discard"), second=_my_minions_at_scoring_base,
    special="before")
def _salvage(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Salvage, before a scoring: a treasure from the treasure discard pile onto one of your minions there."""
    if ctx.target in tx.s.treasure_discard and ctx.target2 is not None:
        tx.s.treasure_discard.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.target2)  # type: ignore[arg-type]


@op("hireling_treasure", targets=_treasures_for_minions_in("treasure_discard"), optional=True)
def _hireling_treasure(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Dwarf Hireling, when played: a treasure from the treasure discard pile may be played on him."""
    if ctx.target in tx.s.treasure_discard:
        tx.s.treasure_discard.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.card)  # type: ignore[arg-type]


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


# ---------------------------------------------------------------------- other players' cards and control
def _others_with_cards(state, effect: Effect, ctx: Context) -> list[str]:
    return [p.id for p in state.players if p.id != ctx.player and p.hand]


@op("trade", targets=_others_with_cards, places_card=True)
def _trade(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Trade: a random card from the named player's hand comes to yours, this card goes to theirs (its
    owner stays who played it), and you may play an extra action."""
    if ctx.target is None or not tx.s.has_player(ctx.target):
        return
    theirs = tx.s.player(ctx.target).hand
    if theirs:
        taken = theirs.pop(tx.rng.below(len(theirs)))
        tx.s.player(ctx.player).hand.append(taken)
        tx.emit("cards_received", audience=ctx.player, player=ctx.player, cards=[tx.s.card_ids[taken]], uids=[taken])
    theirs.append(ctx.card)
    tx.emit("card_given", player=ctx.player, to=ctx.target, card=tx.s.card_ids[ctx.card])
    tx.s.player(ctx.player).actions_left += 1
    tx.emit("extra_play", player=ctx.player, kind="action")


def _weak_minions_of_others(state, effect: Effect, ctx: Context) -> list[str]:
    """Another player's minions of power 3 or less, and monsters a player controls (rulebook,
    "Blumenkind": a monster nobody controls cannot be taken)."""
    return same_at_every_base(state, "weak_of_others", effect, ctx, lambda: [
        m.uid for b in state.bases for m in (*b.minions, *b.monsters)
        if m.controller not in (None, ctx.player) and minion_power(state, b, m) <= (effect.max_power or 0)])


@op("flower_child", targets=_weak_minions_of_others, optional=True)
def _flower_child(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Flower Child, when played: she may go to another player's control in exchange for one of their
    minions of power 3 or less (each stays with its new player until it leaves play)."""
    theirs = find_minion(tx.s, ctx.target) if ctx.target else None
    mine = find_minion(tx.s, ctx.card)
    if theirs is None or mine is None:
        return
    other = theirs[1].controller
    theirs[1].controller, mine[1].controller = ctx.player, other
    tx.emit("control_swapped", player=ctx.player, to=other, card=tx.s.card_ids[ctx.card],
            monster=tx.s.card_ids[theirs[1].uid])


# ---------------------------------------------------------------------- choices left to a player
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


def _other_players(state, effect: Effect, ctx: Context) -> list[str]:
    return [p.id for p in state.players if p.id != ctx.player]


@op("pumping_iron", targets=_other_players, second=any_minion)
def _pumping_iron(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Pumping Iron: the other player named gives a minion of their choice +2, you give yours +3 (both
    until the end of the turn; either may pick any minion)."""
    mine = find_minion(tx.s, ctx.target2 or "")
    if mine is not None:
        mine[1].until_end_of_turn += effect.n
    if ctx.target is not None:
        options = [m.uid for b in tx.s.bases for m in reached(tx.s, ctx, b, b.minions)]    # the card is yours
        open_choice(tx, ctx.target, "pumping_iron", options, power=str(effect.n - 1))


def _minions_in_my_discard(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for u in state.player(ctx.player).discard if state.card(u).kind == "minion"]


@op("brats", picks=_minions_in_my_discard)
def _brats(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Spoiled Brats: the minions picked from your discard pile are shuffled and put on top of your deck."""
    seat = tx.s.player(ctx.player)
    picked = [u for u in ctx.picks if u in seat.discard]
    for uid in picked:
        seat.discard.remove(uid)
    tx.rng.shuffle(picked)
    seat.deck.extend(picked)          # the end of the list is the top of the deck


@op("run_more", special="before", at_base=True, names_base=True, picks=_mine_at_scoring_base)
def _run_more(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Run Away More!, before a scoring: the minions of yours picked leave that base for the base named."""
    if ctx.base is None:
        return
    for uid in ctx.picks:
        move_minion(tx, uid, ctx.base)


def _others_at_scoring_base_players(state, effect: Effect, ctx: Context) -> list[str]:
    here = _scoring_base(state, ctx)
    if here is None:
        return []
    return [p.id for p in state.players if p.id != ctx.player
            and any(m.controller == p.id for m in state.base(here).minions)]


@op("helping_hands", targets=_others_at_scoring_base_players, second=_my_minions_at_scoring_base, special="before")
def _helping_hands(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Helping Hands, before a scoring: the player named gets +2 there (on one of their minions), the
    minion of yours picked -2; if they win the base, you take 1 VP from them (rules: steal_if_wins)."""
    here = _scoring_base(tx.s, ctx)
    if here is None or ctx.target is None:
        return
    base = tx.s.base(here)
    theirs = next((m for m in reached(tx.s, ctx, base, base.minions) if m.controller == ctx.target), None)
    if theirs is not None:
        theirs.until_end_of_turn += effect.n
    mine = find_minion(tx.s, ctx.target2 or "")
    if mine is not None:
        mine[1].until_end_of_turn -= effect.n


@op("steal_if_wins", kind="set_aside", special="before")
def _steal_if_wins(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Helping Hands, during the scoring: the helped player won the base: 1 of their VP is yours."""
    if ctx.target is None or ctx.placed is None or ctx.placed.get(ctx.target) != 1 or not tx.s.has_player(ctx.target):
        return
    helped = tx.s.player(ctx.target)
    if helped.vp > 0:
        helped.vp -= 1
        tx.s.player(ctx.player).vp += 1
        tx.emit("vp_taken", player=ctx.player, victim=ctx.target, vp=1)


@op("line_cutting", special="during")
def _line_cutting(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Line Cutting, during the scoring: its player takes a revealed loot card of their choice
    before the sharing."""
    if tx.s.scoring is not None and tx.s.scoring.loot:
        open_choice(tx, ctx.player, "line_cut", list(tx.s.scoring.loot))


@op("word_of_recall")
def _word_of_recall(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Word of Recall: a random action from each other player's discard pile is shown; you may play one
    of them as an extra action this turn; the others stay where they are."""
    shown = []
    for seat in tx.s.players:
        actions = [u for u in seat.discard if seat.id != ctx.player and tx.s.card(u).kind == "action"]
        if actions:
            shown.append(actions[tx.rng.below(len(actions))])
    if shown:
        tx.emit("cards_revealed", player=ctx.player, cards=[tx.s.card_ids[u] for u in shown])
        open_choice(tx, ctx.player, "recall_pick", [NONE, *shown])


@op("bottom_of_treasure_deck")
def _bottom_of_treasure_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    """This card goes under the treasure deck instead of the discard pile (rules.play_action asks)."""


# ---------------------------------------------------------------------- costs and choices
def pay(tx: Tx, ctx: Context) -> None:
    """Cards named as the price go from the hand to the discard pile (checked by rules.check_cost)."""
    seat = tx.s.player(ctx.player)
    for uid in ctx.discard:
        seat.hand.remove(uid)
        tx.to_discard(uid)
    if ctx.discard:
        tx.emit("paid", player=ctx.player, cards=[tx.s.card_ids[u] for u in ctx.discard])


price("cost_discard", "any")
price("cost_discard_treasure", "treasure")


@op("self_power")
def _self_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    found = find_minion(tx.s, ctx.card)
    if found is not None:
        found[1].until_end_of_turn += effect.n


@op("others_here_power")
def _others_here_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every other player's minion at this card's base gets +N until the end of the turn."""
    found = find_minion(tx.s, ctx.card)
    if found is None:
        return
    for minion in reached(tx.s, ctx, found[0], found[0].minions):
        if minion.controller != ctx.player:
            minion.until_end_of_turn += effect.n


@op("take_treasure_from_discard")
def _take_treasure_from_discard(tx: Tx, effect: Effect, ctx: Context) -> None:
    if tx.s.treasure_discard:
        uid = tx.s.treasure_discard.pop()
        tx.s.player(ctx.player).hand.append(uid)
        tx.emit("cards_received", audience=ctx.player, player=ctx.player, cards=[tx.s.card_ids[uid]], uids=[uid])


@op("treasure_draw_or_take")
def _treasure_draw_or_take(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Draw a treasure, or (mode "take") take the top of the treasure discard pile."""
    if ctx.mode == "take" and tx.s.treasure_discard:
        _take_treasure_from_discard(tx, effect, ctx)
    else:
        tx.draw_treasures(ctx.player, 1)


@op("cardinal")
def _cardinal(tx: Tx, effect: Effect, ctx: Context) -> None:
    """With 5 or more cards in the discard pile, 2 of them at random go to the hand."""
    if len(tx.s.player(ctx.player).discard) >= 5:
        _take_from_discard(tx, effect, ctx)


@op("counter_per_treasure_in_hand")
def _counter_per_treasure_in_hand(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Reveal the treasures in hand (they stay there): a +1 counter for each."""
    seat = tx.s.player(ctx.player)
    shown = [u for u in seat.hand if tx.s.card_ids[u].startswith("treasure-")]
    found = find_minion(tx.s, ctx.card)
    if found is not None and shown:
        found[1].counters += len(shown)
        tx.emit("treasures_revealed", player=ctx.player, cards=[tx.s.card_ids[u] for u in shown])


@op("treasures_for_vp", optional_cost=(0, 2))
def _treasures_for_vp(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Two treasures paid (optional): 1 VP."""
    if len(ctx.discard) == 2:
        _gain_vp(tx, Effect(op="gain_vp", n=1), ctx)


@op("discard_for_extra", optional_cost=(0, 1))
def _discard_for_extra(tx: Tx, effect: Effect, ctx: Context) -> None:
    """A card paid (optional): an extra minion, or with mode "action" an extra action."""
    if ctx.discard:
        (_extra_action if ctx.mode == "action" else _extra_minion)(tx, Effect(op="x", n=1), ctx)


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


@op("gift_draw", targets=lambda s, e, c: _other_players(s, e, c))
def _gift_draw(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Another player (the next one, unless named) draws a card; then you draw one."""
    ids = [p.id for p in tx.s.players]
    other = ctx.target if ctx.target in ids and ctx.target != ctx.player else None
    other = other or ids[(ids.index(ctx.player) + 1) % len(ids)]
    tx.draw(other, 1)
    tx.draw(ctx.player, 1)


@op("grant_minion", at_base=True)
def _grant_minion(tx: Tx, effect: Effect, ctx: Context) -> None:
    """An extra minion with a condition: "here" (this base), "no_minion" (a base where you have none),
    "behind" (a base where someone has more power than you), "power<=3"; with a cost paid, one per card."""
    found = find_minion(tx.s, ctx.card)
    here = found[0].uid if found else ctx.base
    rule = f"base:{here}" if effect.where == "here" else effect.where or ""
    times = len(ctx.discard) if effect.what == "per_card_paid" else effect.n
    tx.s.player(ctx.player).minion_grants.extend([rule] * times)
    if times:
        tx.emit("extra_play", player=ctx.player, kind="minion")


@op("extra_minion_if_behind_here")
def _extra_if_behind_here(tx: Tx, effect: Effect, ctx: Context) -> None:
    base = find_minion(tx.s, ctx.card)[0]  # type: ignore[index]
    mine = power_at(tx.s, base, ctx.player)
    if any(power_at(tx.s, base, p.id) > mine for p in tx.s.players if p.id != ctx.player):
        _grant_minion(tx, Effect(op="grant_minion", where="here"), ctx)


@op("extra_minion_if_alone_here")
def _extra_if_alone_here(tx: Tx, effect: Effect, ctx: Context) -> None:
    base = find_minion(tx.s, ctx.card)[0]  # type: ignore[index]
    if [m.controller for m in base.minions].count(ctx.player) == 1:
        _grant_minion(tx, Effect(op="grant_minion", where="here"), ctx)


@op("return_to_monster_deck_top")
def _return_to_monster_deck_top(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Ghoul: when destroyed it goes on top of the monster deck (see destroy)."""


@op("play_another_monster")
def _play_another_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Web Troll: when played, another monster comes to its base (see Tx.play_monster)."""


# ---------------------------------------------------------------------- more card effects
def _attached_actions(state, effect: Effect, ctx: Context) -> list[str]:
    """Actions played on minions (and, unless the card says minions only, on bases)."""
    found = [u for b in state.bases for m in (*b.minions, *b.monsters) for u in m.attached]
    if effect.where != "minion":
        found += [u for b in state.bases for u in b.actions]
    return found


def _detach(state, uid: str) -> BaseInPlay:
    """Take an action off the base or minion it lies on; returns that base."""
    for base in state.bases:
        for holder in [base.actions] + [m.attached for m in (*base.minions, *base.monsters)]:
            if uid in holder:
                holder.remove(uid)
                return base
    raise KeyError(uid)


@op("destroy_attached_action", targets=_attached_actions)
def _destroy_attached_action(tx: Tx, effect: Effect, ctx: Context) -> None:
    """An action lying on a minion or a base is destroyed; with "extra_if_treasure" a destroyed
    treasure gives an extra action."""
    target = needs(ctx, _attached_actions(tx.s, effect, ctx))
    if target is None:
        return
    base = _detach(tx.s, target)
    tx.to_discard(target)
    tx.emit("destroyed", player=ctx.player, card=tx.s.card_ids[target], base=tx.s.card_ids[base.uid])
    if effect.what == "extra_if_treasure" and tx.s.card_ids[target].startswith("treasure-"):
        _extra_action(tx, Effect(op="extra_action"), ctx)


def _treasures_in_play(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for u in _attached_actions(state, effect, ctx) if state.card_ids[u].startswith("treasure-")]


@op("take_treasure_in_play", targets=_treasures_in_play)
def _take_treasure_in_play(tx: Tx, effect: Effect, ctx: Context) -> None:
    """A treasure in play goes into your hand (taking it is no action on the minion)."""
    target = needs(ctx, _treasures_in_play(tx.s, effect, ctx))
    if target is None:
        return
    _detach(tx.s, target)
    tx.s.player(ctx.player).hand.append(target)
    tx.emit("treasure_taken", player=ctx.player, card=tx.s.card_ids[target])


@op("treasure_per_card_paid")
def _treasure_per_card_paid(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw_treasures(ctx.player, len(ctx.discard))


@op("power_per_card_paid", targets=any_minion)
def _power_per_card_paid(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = needs(ctx, any_minion(tx.s, effect, ctx))
    if target is not None:
        find_minion(tx.s, target)[1].until_end_of_turn += len(ctx.discard)  # type: ignore[index]


def _weak_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Dungeon Bait's other option: a minion (not a monster) of power 2 or less, anywhere."""
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
    (rules.do_play_action puts the card back for "shuffle_into_treasure_deck")."""
    tx.draw_treasures(ctx.player, 2)


# ---------------------------------------------------------------------- a talent borrowed
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
    borrowed = _borrowed(tx.s, ctx)
    if borrowed is None:
        return
    tx.emit("talent_borrowed", player=ctx.player, card=tx.s.card_ids[ctx.target])
    for e in tx.s.card(ctx.target).effects:
        if e.op not in LASTING_OPS and e.op not in COST_OPS:
            OPS[e.op](tx, e, borrowed)
