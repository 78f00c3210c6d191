"""The bases' abilities that a minion played there triggers (Treasure Bath, Dimension Doors, Mage's
Tower, Treehouse), each with the choice it opens; the bases' other moments (a monster destroyed, a
scoring, Birthday Party, Subterranean Lair) are in engine.smashup.hooks."""

from __future__ import annotations

from engine.smashup.choices import NONE, YES, handler, offer, open_choice
from engine.smashup.hooks import trigger
from engine.smashup.registry import in_play
from engine.smashup.state import BaseInPlay, Decision
from engine.smashup.tx import Tx

# bases whose abilities wait for a minion played there (hooks.after_minion_played finds them)
in_play("base_treasure_first_minion", "base_may_draw", "base_other_draws", kind="hook")
in_play("base_doors")


@trigger("bath")
def _bath(tx: Tx, card: str, player: str, base: BaseInPlay, minion: str) -> None:
    """Treasure Bath: the first minion each turn there draws its player a treasure."""
    tx.s.player(player).used_this_turn.append(f"bath:{base.uid}")
    tx.draw_treasures(player, 1)


@trigger("doors")
def _doors(tx: Tx, card: str, player: str, base: BaseInPlay, minion: str) -> None:
    """Dimension Doors: after the first minion each turn there, a card may be paid for another one."""
    seat = tx.s.player(player)
    seat.used_this_turn.append(f"doors:{base.uid}")
    if seat.hand:
        open_choice(tx, player, "doors_pay", [NONE, *seat.hand], base=base.uid)


@trigger("tower")
def _tower(tx: Tx, card: str, player: str, base: BaseInPlay, minion: str) -> None:
    """Mage's Tower: "you may draw"."""
    offer(tx, player, "may_draw")


@trigger("treehouse")
def _treehouse(tx: Tx, card: str, player: str, base: BaseInPlay, minion: str) -> None:
    """Treehouse: the player names another player, who may draw a card."""
    ids = [p.id for p in tx.s.players]
    open_choice(tx, player, "treehouse_pick", ids[ids.index(player) + 1:] + ids[:ids.index(player)])


@handler("may_draw")
def _may_draw(tx: Tx, decision: Decision, option: str) -> None:
    """Mage's Tower's or Treehouse's card: drawn if its player said yes."""
    if option == YES:
        tx.draw(decision.player, 1)


@handler("treehouse_pick")
def _treehouse_pick(tx: Tx, decision: Decision, option: str) -> None:
    if tx.s.has_player(option):
        offer(tx, option, "may_draw")


@handler("doors_pay")
def _doors_pay(tx: Tx, decision: Decision, option: str) -> None:
    """A card paid: one more minion may come to Dimension Doors this turn."""
    if option == NONE:
        return
    seat = tx.s.player(decision.player)
    seat.hand.remove(option)
    tx.to_discard(option)
    seat.minion_grants.append(f"base:{decision.context['base']}")
    tx.emit("paid", player=decision.player, cards=[tx.s.card_ids[option]])
    tx.emit("extra_play", player=decision.player, kind="minion")
