"""The Elves' ops: After You, Dancing Root, Run Away!, Flower Child, Pumping Iron, Helping Hands …"""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.choices import NONE, handler, open_choice
from engine.smashup.hooks import move_minion, trigger
from engine.smashup.ops.common import my_minions_at_scoring_base, scoring_base
from engine.smashup.power import find_minion, has_abilities, minion_power
from engine.smashup.registry import Context, in_play, op
from engine.smashup.state import HELPING_NEEDS_A_MINION, TALENTS_THAT_ACT, BaseInPlay, Decision
from engine.smashup.targets import affectable, any_minion, reached, same_at_every_base
from engine.smashup.tx import Tx


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


def _mine_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    """Run Away!: your minions at the base about to score, if the base named to go to is another one."""
    here = scoring_base(state, ctx)
    if here is None or ctx.base in (None, here):
        return []
    return my_minions_at_scoring_base(state, effect, ctx)


def _others_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    here = scoring_base(state, ctx)
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


@op("run_more", special="before", at_base=True, names_base=True, picks=_mine_at_scoring_base)
def _run_more(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Run Away More!, before a scoring: the minions of yours picked leave that base for the base named."""
    if ctx.base is None:
        return
    for uid in ctx.picks:
        move_minion(tx, uid, ctx.base)


def _others_at_scoring_base_players(state, effect: Effect, ctx: Context) -> list[str]:
    """Helping Hands' player to help: another with a minion at the scoring base, and only where a
    minion of yours is there too, from HELPING_NEEDS_A_MINION on (before, at any scoring)."""
    here = scoring_base(state, ctx)
    if here is None:
        return []
    minions = state.base(here).minions
    if state.rules_version >= HELPING_NEEDS_A_MINION and not any(m.controller == ctx.player for m in minions):
        return []
    return [p.id for p in state.players if p.id != ctx.player and any(m.controller == p.id for m in minions)]


@op("helping_hands", targets=_others_at_scoring_base_players, second=my_minions_at_scoring_base, special="before")
def _helping_hands(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Helping Hands, before a scoring: the player named gets +2 there (on one of their minions), the
    minion of yours picked -2; if they win the base, you take 1 VP from them (rules: steal_if_wins)."""
    here = scoring_base(tx.s, ctx)
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


def _no_other_players_minion_here(state, effect: Effect, player: str, card: str = "") -> bool:
    """Elf Help Guru's talent finds no other player's minion at its base (monsters are nobody's,
    l.504): it would do nothing; from TALENTS_THAT_ACT on it is not offered."""
    found = find_minion(state, card)
    return state.rules_version >= TALENTS_THAT_ACT and found is not None and not any(
        m.controller != player for m in found[0].minions)


@op("others_here_power", idle=_no_other_players_minion_here)
def _others_here_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every other player's minion at this card's base gets +N until the end of the turn."""
    found = find_minion(tx.s, ctx.card)
    if found is None:
        return
    for minion in reached(tx.s, ctx, found[0], found[0].minions):
        if minion.controller != ctx.player:
            minion.until_end_of_turn += effect.n


@op("gift_draw", targets=lambda s, e, c: _other_players(s, e, c))
def _gift_draw(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Another player (the next one, unless named) draws a card; then you draw one."""
    ids = [p.id for p in tx.s.players]
    other = ctx.target if ctx.target in ids and ctx.target != ctx.player else None
    other = other or ids[(ids.index(ctx.player) + 1) % len(ids)]
    tx.draw(other, 1)
    tx.draw(ctx.player, 1)


in_play("fae_fighter")      # Fae Fighter (hooks.after_minion_played finds it)


@trigger("fae")
def _fae(tx: Tx, card: str, player: str, base: BaseInPlay, minion: str) -> None:
    """Fae Fighter: when another player plays a minion, her player may give it a +1 counter for a +1
    counter on one of their own minions at her base."""
    found = find_minion(tx.s, card)
    if found is None or not has_abilities(tx.s, found[1]):
        return
    fae_base, fae = found
    if fae.controller is None or fae.controller == player:
        return
    mine = [m.uid for m in fae_base.minions if m.controller == fae.controller]
    open_choice(tx, fae.controller, "fae_counter", [NONE, *mine], played=minion)


@handler("fae_counter")
def _fae_counter(tx: Tx, decision: Decision, option: str) -> None:

    if option == NONE:
        return
    played, mine = find_minion(tx.s, decision.context["played"]), find_minion(tx.s, option)
    if played is None or mine is None:
        return
    played[1].counters += 1
    mine[1].counters += 1
    tx.emit("counters_given", player=decision.player, card=tx.s.card_ids[option],
            monster=tx.s.card_ids[played[1].uid])
