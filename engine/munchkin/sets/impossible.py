"""Munchkin Impossible: loyalties, training, hirelings, traps, the vehicle slot (rulebook
"Loyalitäten", "Ausbildung", "Mietlinge", "Fallen", "Fahrzeuge").

- One loyalty; a Doppelagent allows a second, a Dreifachagent a third ("rank" says how many more);
  never the same loyalty twice.
- One training, plus one for each Zusatzausbildung in play. When an agent card or an extra training
  goes, the player picks which loyalties or trainings go with it (hooks.check_zone_limits).
- Hirelings are followers: one in play, any time, even in combat; they are not items and cannot
  be traded (trades only move items).
- Traps are curses: they act at once and, when they last, lie in front of their victim.
- Treasure is also won for a monster defeated without being killed (setrules).
- An item received in a trade cannot be sold before its new owner's next turn (rules.check_sell); one
  given for nothing in return is a gift, no trade, and may be sold at once (I l.205).
- The backpack may change at any time but in a combat (setrules.backpack_out_of_turn, I l.195).
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.munchkin.registry import handler
from engine.munchkin.state import GameState, Player
from engine.munchkin.tx import Tx


def _extra(state: GameState, player: Player, kind: str) -> int:
    return sum(max(1, state.card(u).rank) for u in player.extras if state.card(u).kind == kind)


def allowance(state: GameState, player: Player, zone: str) -> int:
    """Loyalties ("loyalties") or trainings ("trainings") the player may have: one, and more for each
    agent or extra training in play (I l.181, I l.257)."""
    return 1 + _extra(state, player, "extra_loyalty" if zone == "loyalties" else "extra_training")


def check_ability_room(state: GameState, player: Player, card) -> None:
    zone = player.loyalties if card.kind == "loyalty" else player.trainings
    if any(set(state.card(u).traits) & set(card.traits) for u in zone):
        raise IllegalAction("already_have_that", card=card.id)
    if len(zone) >= allowance(state, player, "loyalties" if card.kind == "loyalty" else "trainings"):
        raise IllegalAction("loyalty_limit" if card.kind == "loyalty" else "training_limit")


def check_extra(state: GameState, player: Player, card) -> None:
    """A double or triple agent needs a loyalty in play, and only one of them at a time; extra
    training may come any time, even without a training ("Doppelagent, Dreifachagent, ...")."""
    if card.kind == "extra_loyalty":
        if not player.loyalties:
            raise IllegalAction("needs_loyalty")
        if any(state.card(u).kind == "extra_loyalty" for u in player.extras):
            raise IllegalAction("one_agent_card_only")


# ---------------------------------------------------------------------- card handlers

@handler("lose_loyalty")
def _lose_loyalty(tx: Tx, victim: Player, source: str) -> list[str] | bool:
    return list(victim.loyalties) or False


@handler("lose_training")
def _lose_training(tx: Tx, victim: Player, source: str) -> list[str] | bool:
    return list(victim.trainings) or False
