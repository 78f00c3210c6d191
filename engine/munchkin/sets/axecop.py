"""Munchkin Axe Cop: powers with ranks, allies, Christmas monsters (rulebook "Kräfte",
"Verbündete", "Weihnachtsmonster", "Tod").

- Powers: the sum of the ranks in play may not exceed your level; when the level drops below it,
  powers go until it fits (the player picks which); powers stay at death; a duplicate adds nothing
  (see character.ability_cards).
- Allies: one in play unless a class allows more ("extra_followers"), played at any time, even in
  combat. An ally can be sacrificed instead of a run-away roll: the fighter escapes every monster,
  and decides whether the helper escapes too (rules.Sacrifice).
- Christmas monsters follow Christmas monsters without a Wandering Monster card (setrules).
- Curses lying on you are kept at death (setrules.keeps_curses_at_death).
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.munchkin.decisions import first_pending, open_decision
from engine.munchkin.state import GameState, Player
from engine.munchkin.tx import Tx


def rank_sum(state: GameState, player: Player) -> int:
    return sum(state.card(u).rank for u in player.powers)


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
