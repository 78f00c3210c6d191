"""The Halflings' ops: Rude Awakening, Last Call, Spoiled Brats, extra minions where they are behind or alone."""

from __future__ import annotations

from engine.smashup.cards import Effect
from engine.smashup.hooks import after_minion_played, may_play_minion_at, trigger
from engine.smashup.ops.common import grant_minion
from engine.smashup.power import find_minion, power_at
from engine.smashup.registry import Context, in_play, op
from engine.smashup.state import CARDS_AS_WRITTEN, BaseInPlay, Minion
from engine.smashup.targets import needs
from engine.smashup.tx import Tx


@op("dig_minions")
def _dig_minions(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Reveal from the deck until N minions show; they go to the hand, the rest back into the deck."""
    seat = tx.s.player(ctx.player)
    revealed: list[str] = []
    found: list[str] = []
    shown: list[str] = []
    while len(found) < effect.n:
        tx._refill(seat.deck, seat.discard)
        if not seat.deck:
            break
        uid = seat.deck.pop()
        shown.append(uid)
        (found if tx.s.play_card(uid).kind == "minion" else revealed).append(uid)
    if shown:                         # revealed: every player sees them, in the order turned up
        tx.emit("cards_revealed", player=ctx.player, cards=[tx.s.card_ids[u] for u in shown])
    seat.hand.extend(found)
    seat.deck.extend(revealed)
    tx.rng.shuffle(seat.deck)


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


def _party_allows(state, player: str, base_uid: str | None) -> bool:
    """Whether Birthday Party lets the player play a minion at this base: its prohibition holds for
    every way of playing one, an extra play by a card too (the card that forbids wins: rulebook,
    "Bei Verbot unwirksam"); before CARDS_AS_WRITTEN only the turn's own plays were kept off."""
    if base_uid is None:
        return False
    return state.rules_version < CARDS_AS_WRITTEN or may_play_minion_at(state, player, base_uid)


@op("rude_awakening", at_base=True)
def _rude_awakening(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Rude Awakening: every minion in your hand comes to the base named, abilities resting (none
    where Birthday Party forbids it: once the first arrives at the party, the party allows the rest)."""
    for uid in [u for u in tx.s.player(ctx.player).hand if tx.s.play_card(u).kind == "minion"]:
        if _party_allows(tx.s, ctx.player, ctx.base):
            play_silenced(tx, ctx.player, uid, ctx.base)  # type: ignore[arg-type]


def _minions_in_hand(state, effect: Effect, ctx: Context) -> list[str]:
    """Last Call's pick: a minion of your hand, where Birthday Party lets you play one."""
    if not _party_allows(state, ctx.player, ctx.base):
        return []
    return [u for u in state.player(ctx.player).hand if u != ctx.card and state.card(u).kind == "minion"]


@op("last_call", targets=_minions_in_hand, special="before", at_base=True)
def _last_call(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Last Call, before a scoring: the minion named comes from your hand to that base, abilities resting."""
    target = needs(ctx, _minions_in_hand(tx.s, effect, ctx))
    if target is not None and ctx.base is not None:
        play_silenced(tx, ctx.player, target, ctx.base)


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


@op("extra_minion_if_behind_here")
def _extra_if_behind_here(tx: Tx, effect: Effect, ctx: Context) -> None:
    base = find_minion(tx.s, ctx.card)[0]  # type: ignore[index]
    mine = power_at(tx.s, base, ctx.player)
    if any(power_at(tx.s, base, p.id) > mine for p in tx.s.players if p.id != ctx.player):
        grant_minion(tx, Effect(op="grant_minion", where="here"), ctx)


@op("extra_minion_if_alone_here")
def _extra_if_alone_here(tx: Tx, effect: Effect, ctx: Context) -> None:
    base = find_minion(tx.s, ctx.card)[0]  # type: ignore[index]
    if [m.controller for m in base.minions].count(ctx.player) == 1:
        grant_minion(tx, Effect(op="grant_minion", where="here"), ctx)


in_play("base_action_draw_on_minion", kind="hook")      # Lunch Run (hooks.after_minion_played)


@trigger("stash")
def _stash(tx: Tx, card: str, player: str, base: BaseInPlay, minion: str) -> None:
    """An ongoing action of the player's on this base: a card for each minion they play here."""
    if card in base.actions:
        tx.draw(player, 1)
