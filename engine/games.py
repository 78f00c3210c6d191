"""The games the engine knows, behind one interface the table uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.munchkin import actions as munchkin_actions
from engine.munchkin import cards as munchkin_cards
from engine.munchkin import rules as munchkin_rules
from engine.munchkin.state import GameState as MunchkinState
from engine.munchkin.state import Options as MunchkinOptions


@dataclass(frozen=True)
class GameRules:
    key: str
    new_game: Callable[..., tuple[Any, list]]
    apply: Callable[[Any, Any], tuple[Any, list]]
    legal_actions: Callable[[Any, str], list]
    parse_action: Callable[[Any], Any]
    dump_action: Callable[[Any], str]
    load_state: Callable[[str], Any]
    open_prompts: Callable[[Any], list[tuple[str, list[str]]]]
    timeout_for: Callable[[str], Any]
    window_plays: Callable[[Any, str], list]
    options_model: type
    default_sets: tuple[str, ...]
    min_players: int
    max_players: int
    available_sets: Callable[[], list[str]]


MUNCHKIN = GameRules(
    key="munchkin",
    new_game=munchkin_rules.new_game,
    apply=munchkin_rules.apply,
    legal_actions=munchkin_rules.legal_actions,
    parse_action=munchkin_actions.parse_action,
    dump_action=lambda action: munchkin_actions.ACTION_ADAPTER.dump_json(action).decode(),
    load_state=MunchkinState.model_validate_json,
    open_prompts=munchkin_rules.open_prompts,
    timeout_for=munchkin_rules.timeout_for,
    window_plays=munchkin_rules.window_plays,
    options_model=MunchkinOptions,
    default_sets=("cthulhu",),
    min_players=2,
    max_players=6,
    available_sets=munchkin_cards.available_sets,
)

GAMES: dict[str, GameRules] = {"munchkin": MUNCHKIN}


def rules_of(kind: str) -> GameRules:
    try:
        return GAMES[kind]
    except KeyError:
        from engine.core.errors import IllegalAction

        raise IllegalAction("unknown_game", game=kind) from None
