"""The Clerics' ops: Holy Roller's card back into the deck, Turn Undead, Word of Recall, the Cardinal …"""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.choices import NONE, YES, handler, offer, open_choice
from engine.smashup.hooks import destroy, move_minion, trigger
from engine.smashup.registry import Context, in_play, op
from engine.smashup.state import CARDS_AS_WRITTEN, BaseInPlay, Decision
from engine.smashup.targets import destroy_targets, needs
from engine.smashup.tx import Tx


def recycle(tx: Tx, player: str, minions_only: bool = False) -> None:
    """A random card (or minion) of the discard pile is shuffled into the deck."""
    seat = tx.s.player(player)
    pool = [u for u in seat.discard if not minions_only or tx.s.play_card(u).kind == "minion"]
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


@op("word_of_recall")
def _word_of_recall(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Word of Recall: a random action from each other player's discard pile is shown; you may play one
    of them as an extra action this turn; the others stay where they are."""
    shown = []
    for seat in tx.s.players:
        actions = [u for u in seat.discard if seat.id != ctx.player and tx.s.play_card(u).kind == "action"]
        if actions:
            shown.append(actions[tx.rng.below(len(actions))])
    if shown:
        tx.emit("cards_revealed", player=ctx.player, cards=[tx.s.card_ids[u] for u in shown])
        open_choice(tx, ctx.player, "recall_pick", [NONE, *shown])


def _few_discarded(state, effect: Effect, player: str, card: str = "") -> bool:
    return len(state.player(player).discard) < 5


@op("cardinal", idle=_few_discarded)
def _cardinal(tx: Tx, effect: Effect, ctx: Context) -> None:
    """With 5 or more cards in the discard pile, 2 of them at random go to the hand."""
    if not _few_discarded(tx.s, effect, ctx.player):
        _take_from_discard(tx, effect, ctx)


in_play("deep_friar", "bin_and_gone")      # saves after a scoring (hooks.after_scoring_saves)


@trigger("friar")
def _friar(tx: Tx, card: str, player: str, base: BaseInPlay, minion: str) -> None:
    """Deep Friar, after its base scored: another of its player's minions there may go to another base.
    Two Friars there are used one after the other (rulebook l.396): one may save the other, which then
    is gone and saves nobody, so they cannot save each other (before CARDS_AS_WRITTEN no Friar could
    be saved by one)."""
    if not any(m.uid == card for m in base.minions):
        return
    movable = [m.uid for m in base.minions if m.controller == player and m.uid != card
               and (tx.s.rules_version >= CARDS_AS_WRITTEN or tx.s.effect(m.uid, "deep_friar") is None)]
    options = [f"{m}>{b.uid}" for m in movable for b in tx.s.bases if b is not base]
    if options:
        open_choice(tx, player, "friar_move", [NONE, *options])


@trigger("bin")
def _bin(tx: Tx, card: str, player: str, base: BaseInPlay, minion: str) -> None:
    """``minion`` carries the base Bin and Gone lies on."""
    if not any(b.uid == minion and card in b.actions for b in tx.s.bases):
        return
    options = [f"{m.uid}>{minion}" for m in base.minions if m.controller == player]
    if options:
        open_choice(tx, player, "bin_move", [NONE, *options])


@handler("friar_move")
@handler("bin_move")
def _move(tx: Tx, decision: Decision, option: str) -> None:
    """A minion (and what is on it) goes to the base named: "<minion>><base>"."""
    if option == NONE:
        return
    minion, _, base = option.partition(">")
    if any(b.uid == base for b in tx.s.bases):
        move_minion(tx, minion, base)
