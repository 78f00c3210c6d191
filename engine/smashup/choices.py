"""Choices a card leaves to a player while the game waits: a decision with its options (the first is
the default a passed deadline takes), answered with ``Choose``. Until it is answered nobody plays on
(rules.validate); once it is, the card's effect finishes and the game goes on where it stopped.

    doors_pay        Dimension Doors: a card from the hand to pay for an extra minion there, or "none"
    halitosis_move   Potion of Halitosis: which of one's minions leaves that base, and to where
    pumping_iron     Pumping Iron: the minion the other player gives +2
    fae_counter      Fae Fighter: one of one's minions at her base for a +1 counter (and one on the minion
                     just played), or "none"
    recall_pick      Word of Recall: the revealed action to play as an extra action this turn, or "none"
    friar_move       Deep Friar / Bin and Gone, after a scoring: a minion saved to another base (or "none")
    bin_move
    line_cut         Potion of Line Cutting: the revealed loot card taken before the sharing
    loot_pick        the sharing of the loot: the revealed card this player takes in their turn
    cunning_play     Cunning Plan: where (and on what) the treasure drawn is played at once, or "none"
    may_monster      a "dürfen" ability ("yes" or "none"): Taunter's monster here,
    may_draw         Mage's Tower's or Treehouse's card,
    may_recycle      Holy Roller's card from the discard pile into the deck
    may_stall        Stalling: another player's card picked one's minion at its base; "yes" keeps the
                     card off (its picking effects do not act, a card played on the minion is
                     discarded), "none" lets it act
    may_stall_all    Stalling: another player's card acts on every minion at its base (Join the Club,
                     Potion of Paralysis …); "yes" keeps those effects off one's own minions there
    treehouse_pick   Treehouse: the other player who may draw a card
    order_abilities  several abilities triggered at once: the card whose ability the active player
                     puts first (hooks.run_triggers)
"""

from __future__ import annotations

import json
from collections.abc import Callable

from engine.smashup.cards import OPS_BY_ID, designs, ops_of
from engine.smashup.power import find_minion
from engine.smashup.registry import Context
from engine.smashup.state import Decision, GameState, new_decision
from engine.smashup.targets import stalling_player, stalling_player_for_all
from engine.smashup.tx import Tx

NONE = "none"
YES = "yes"
STALLING_ON_ALL = 2     # the rules version (state.RULES_VERSION) from which may_stall_all is asked
Handler = Callable[[Tx, Decision, str], None]
HANDLERS: dict[str, Handler] = {}


def handler(kind: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn

    return register


def still_open(state: GameState, decision: Decision, option: str) -> bool:
    """An option can go stale while the choice waits (Rude Awakening plays the hand out after Dimension
    Doors asked; a loot card is taken): it must still be there to be chosen."""
    if decision.kind == "doors_pay" and option != NONE:
        return option in state.player(decision.player).hand
    if decision.kind in ("line_cut", "loot_pick"):
        return state.scoring is not None and option in state.scoring.loot
    if decision.kind == "cunning_play" and option != NONE:
        return decision.context["card"] in state.player(decision.player).hand
    return True


def open_options(state: GameState, decision: Decision) -> list[str]:
    """The decision's options still_open lets go, in their order (what the listing offers)."""
    if decision.kind in _GO_STALE:
        return [option for option in decision.options if still_open(state, decision, option)]
    return decision.options


_GO_STALE = frozenset({"doors_pay", "line_cut", "loot_pick", "cunning_play"})    # the kinds still_open asks about


def pending(state: GameState) -> Decision | None:
    """The first card choice still waiting for its answer (asked at every listing and move: a plain loop)."""
    for decision in state.decisions:
        if decision.kind in HANDLERS:
            return decision
    return None


def open_choice(tx: Tx, player: str, kind: str, options: list[str], **context: str) -> None:
    if not options:
        return
    decision = new_decision(tx.s.new_id(), player, kind, options, options[0], context)
    tx.s.decisions.append(decision)
    tx.emit("choice_opened", player=player, kind=kind)


@handler("pumping_iron")
def _pumping_iron(tx: Tx, decision: Decision, option: str) -> None:

    found = find_minion(tx.s, option)
    if found is not None:
        found[1].until_end_of_turn += int(decision.context.get("power", "2"))
        tx.emit("power_given", player=decision.player, card=tx.s.card_ids[option])


@handler("recall_pick")
def _recall_pick(tx: Tx, decision: Decision, option: str) -> None:
    """The action picked comes to the hand as an extra action for this turn; if it is still there when
    the turn ends, it goes back to its owner's discard pile (turn._close_turn)."""
    if option == NONE:
        return
    owner = tx.s.player(tx.s.owners[option])
    if option not in owner.discard:
        return
    owner.discard.remove(option)
    seat = tx.s.player(decision.player)
    seat.hand.append(option)
    seat.minion_grants.append(f"card:{option}")
    seat.used_this_turn.append(f"recall:{option}")
    tx.emit("card_recalled", player=decision.player, card=tx.s.card_ids[option])


def offer(tx: Tx, player: str, kind: str, **context: str) -> None:
    """An ability that says "dürfen": its player decides; a passed deadline declines ("Bei Verbot
    unwirksam": with "dürfen" you have the choice)."""
    open_choice(tx, player, kind, [NONE, YES], **context)


def ask_stalling(tx: Tx, ctx, now: Callable | None = None) -> str:
    """Stalling ("you may have your minions here be unaffected by it"): when another player's card picks
    a minion at a base with its controller's Stalling, or acts on every minion there (``now``: which of
    its effects act at once; None: the card does not act now, only its pick is asked about), that
    player decides; until then those effects wait. The kind of the question asked ("may_stall",
    "may_stall_all"), or "" when none was."""
    if not _stalling_in_play(tx.s):
        return ""

    kind, player = "may_stall", stalling_player(tx.s, ctx)
    if player is None:
        asks_for_all = now is not None and tx.s.rules_version >= STALLING_ON_ALL
        kind, player = "may_stall_all", stalling_player_for_all(tx.s, ctx, now) if asks_for_all and now else None
        if player is None:
            return ""
    offer(tx, player, kind, by=ctx.player, card=ctx.card, base=ctx.base or "", target=ctx.target or "",
          target2=ctx.target2 or "", picks=",".join(ctx.picks), discard=",".join(ctx.discard),
          mode=ctx.mode or "", placed=json.dumps(ctx.placed or {}))
    return kind


def _stalling_in_play(state: GameState) -> bool:
    """Whether a card with Stalling's op lies on any base: in most games none does, and then no card
    needs the look at what it picks (asked for every card played). By design, working or not."""
    card_of, ids, ops = designs(), state.card_ids, OPS_BY_ID
    for base in state.bases:            # (plain loops: a generator costs more per card)
        for uid in base.actions:
            card = card_of[ids[uid]]
            if "stalling" in (ops.get(id(card)) or ops_of(card)):
                return True
    return False


def stalled_context(decision: Decision) -> Context:
    """The card's context, as it was when the Stalling question was asked."""
    c = decision.context
    return Context(c["by"], c["card"], c["base"] or None, c["target"] or None, _listed(c["discard"]),
                   c["mode"] or None, c["target2"] or None, _listed(c["picks"]), placed=json.loads(c["placed"]))


def _listed(text: str) -> tuple[str, ...]:
    return tuple(u for u in text.split(",") if u)
