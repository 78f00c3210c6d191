"""What a command's options may suggest now: read off the rules' legal moves of the player, so a
suggestion is never a card, base or partner the move would then be refused for. A helper of
suggestions, not of moves: on any problem it suggests nothing rather than fail."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from engine.games import rules_of

log = logging.getLogger(__name__)


def legal_moves(state: Any, player_id: str) -> list[Any]:
    """The player's legal moves now; none when the rules cannot list them (a suggestion only)."""
    try:
        return rules_of(state.game).legal_actions(state, player_id)
    except Exception:      # a suggestion never breaks the command it helps with
        log.exception("legal moves for suggestions failed")
        return []


def legal_values(moves: Iterable[Any], kind: str, field: str, **fixed: Any) -> list[str]:
    """The values of ``field`` among the moves of this type (its ``type`` literal, e.g. "play_card")
    whose fields named in ``fixed`` hold those values (a None in ``fixed`` holds any), each once, in the
    rules' order; a tuple field (cards of a sale, items of a trade) gives each of its cards."""
    found: dict[str, None] = {}
    for move in moves:
        if move.type != kind or any(v is not None and getattr(move, k) != v for k, v in fixed.items()):
            continue
        value = getattr(move, field)
        for one in value if isinstance(value, tuple) else (value,):
            if one is not None:
                found[one] = None
    return list(found)


def any_legal(moves: Iterable[Any], kind: str, **fixed: Any) -> bool:
    return any(m.type == kind and all(v is None or getattr(m, k) == v for k, v in fixed.items()) for m in moves)


def legal_answers(moves: Iterable[Any]) -> set[tuple[int, str]]:
    """(decision, option) of each answer the player may give now (Munchkin's Decide, Smash Up's Choose)."""
    return {(m.decision, m.option) for m in moves if getattr(m, "option", None) is not None
            and getattr(m, "decision", None) is not None}
