"""Munchkin Axe Cop: powers with ranks, allies, Christmas monsters (rulebook "Kräfte",
"Verbündete", "Weihnachtsmonster", "Tod").

- Powers: played from the hand whenever they could be used, on anyone's turn, in a fight or while
  helping, and discarded and replaced at any time (A l.193-201; play_any_time); the sum of the
  ranks in play may not exceed your level; when the level drops below it, powers go until it fits
  (the player picks which); powers stay at death; a duplicate adds nothing
  (see character.ability_cards).
- Allies: one in play unless a class allows more ("extra_followers"), played at any time, even in
  combat. An ally can be sacrificed instead of a run-away roll: the fighter escapes every monster,
  and decides whether the helper escapes too (rules.Sacrifice). Only an ally: Impossible's hirelings
  are no allies and are not sacrificed (I l.267-269 against A l.309; check_sacrifice).
- Christmas monsters follow Christmas monsters without a Wandering Monster card (setrules).
- Curses lying on you are kept at death (setrules.keeps_curses_at_death).
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.munchkin.decisions import first_pending, open_decision
from engine.munchkin.state import MIX_AND_ALLOWANCE_RULES, GameState, Player
from engine.munchkin.tx import Tx


def rank_sum(state: GameState, player: Player) -> int:
    return sum(state.card(u).rank for u in player.powers)


def play_any_time(card) -> bool:
    """A power may be played whenever it may be used (A l.193-196) and replaced at any time (l.201):
    not only on one's own turn like a class. (Our powers name no moment they may not be used.)"""
    return card.kind == "power"


def check_sacrifice(state: GameState, uid: str) -> None:
    """Sacrificing a follower to escape is the Axe Cop ally's gift (A l.309); Impossible's hirelings
    say nothing of it (I l.267-269), so a hireling is not sacrificed, in Impossible nor in a mix."""
    if state.rules_version >= MIX_AND_ALLOWANCE_RULES and state.card(uid).kind != "ally":
        raise IllegalAction("only_allies_sacrificed", card=state.card_ids[uid])


def check_power_fits(state: GameState, player: Player, card) -> None:
    if rank_sum(state, player) + card.rank > player.level:
        raise IllegalAction("power_rank_too_high", rank=card.rank, level=player.level)


def check_power_ranks(tx: Tx) -> None:
    if not tx.s.decisions and not any(p.powers for p in tx.s.players):
        return          # no power in play and no decision open: nothing to drop, nothing to withdraw
    pending = first_pending(tx.s, "drop_power")
    for player in tx.s.players:
        if not player.powers and player.id not in pending:
            continue            # nothing to drop, nothing to withdraw
        too_many = bool(player.powers) and rank_sum(tx.s, player) > player.level
        if too_many and player.id not in pending:
            open_decision(tx, player.id, "drop_power", list(player.powers))
        elif player.id in pending and not too_many:      # the level came back meanwhile
            tx.s.decisions.remove(pending[player.id])
