"""Whether a move may be taken back: only while it gave nobody anything new to know.

One rule for every game, from the states before and after the move and the events it made:

- the random generator moved (a card drawn from a shuffled pile, a die rolled, a deck reshuffled),
- a zone the mover cannot see changed (a face-down pile, another player's hand: the game names its
  zones through ``GameRules.hidden``),
- another player was told something privately,
- a decision or the turn now waits on another player,
- or the game ended:

then the move stands. Anything else (a card played from one's own hand, an item equipped, a pass)
can be taken back before anybody else acts: nothing was learnt from it that undoing would hide.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from engine.core.errors import IllegalAction
from engine.core.events import Event

if TYPE_CHECKING:
    from engine.games import GameRules


def undo_refusal(rules: GameRules, before: Any, after: Any, actor: str, events: Iterable[Event]) -> str | None:
    """The reason the move (``before`` -> ``after`` by ``actor``) cannot be taken back, or None."""
    if after.phase == "over":
        return "undo_game_over"
    if after.rng != before.rng:
        return "undo_random"
    if rules.hidden(before, actor) != rules.hidden(after, actor):
        return "undo_revealed"
    if any(not e.is_public and e.audience != actor for e in events):
        return "undo_told_others"
    if _owed_by_others(rules, after, actor) - _owed_by_others(rules, before, actor):
        return "undo_others_owe"
    return None


def _owed_by_others(rules: GameRules, state: Any, actor: str) -> set[tuple[str, str]]:
    """The decisions and the turn (or draft pick) that wait on someone other than the mover. A
    reaction window is left out: it asks nobody for anything, it only lets them play."""
    return {(target, player) for target, players in rules.open_prompts(state) if not target.startswith("window:")
            for player in players if player != actor}


def check_undoable(rules: GameRules, before: Any, after: Any, actor: str, events: Iterable[Event]) -> None:
    """Raise IllegalAction with the reason when the move cannot be taken back."""
    reason = undo_refusal(rules, before, after, actor, events)
    if reason is not None:
        raise IllegalAction(reason)
