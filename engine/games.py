"""The games the engine knows, behind one interface the table uses."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.munchkin import actions as munchkin_actions
from engine.munchkin import cards as munchkin_cards
from engine.munchkin import rules as munchkin_rules
from engine.munchkin.cards import CardDataError, use_host_card_dir
from engine.munchkin.hidden import hidden_from as munchkin_hidden
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
    # a player for an empty seat, (player_id, level="leicht", budget_s=None, seed=0): .choose(state) -> action | None
    bot_player: Callable[..., Any]
    # what a player cannot see, zone by zone (face-down piles, others' hands): engine/undo.py
    hidden: Callable[[Any, str], dict[str, list[str]]]
    # a character starts with its player's sex (Munchkin: Cthulhu l.103), so joining asks for it
    characters_have_sex: bool = False


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
    bot_player=lambda player_id, level="leicht", budget_s=None, seed=0: _bot("munchkin", player_id, level,
                                                                            budget_s, seed),
    hidden=munchkin_hidden,
    characters_have_sex=True,
)


def _bot(game: str, player_id: str, level: str, budget_s: float | None, seed: int):
    from engine.bots import make_bot

    return make_bot(game, player_id, level, budget_s=budget_s, seed=seed)


def _smashup_rules() -> GameRules:
    """Smash Up – Munchkin behind the same interface."""
    from pydantic import BaseModel, ConfigDict

    from engine.smashup import actions as su_actions
    from engine.smashup import listing as su_listing
    from engine.smashup import rules as su_rules
    from engine.smashup.hidden import hidden_from as smashup_hidden
    from engine.smashup.state import GameState as SmashUpState

    class SmashUpOptions(BaseModel):
        model_config = ConfigDict(extra="forbid")

    return GameRules(
        key="smashup",
        new_game=lambda players, seed, sets=("smashup",), options=None, sexes=None: su_rules.new_game(players, seed),
        apply=su_rules.apply,
        legal_actions=su_listing.legal_actions,
        parse_action=lambda data: (su_actions.ACTION_ADAPTER.validate_json(data) if isinstance(data, str | bytes)
                                   else su_actions.ACTION_ADAPTER.validate_python(data)),
        dump_action=lambda action: su_actions.ACTION_ADAPTER.dump_json(action).decode(),
        load_state=SmashUpState.model_validate_json,
        open_prompts=su_rules.open_prompts,
        timeout_for=su_rules.timeout_for,
        window_plays=su_listing.window_plays,
        options_model=SmashUpOptions,
        default_sets=("smashup",),
        min_players=su_rules.MIN_PLAYERS,
        max_players=su_rules.MAX_PLAYERS,
        available_sets=lambda: ["smashup"],
        bot_player=lambda player_id, level="leicht", budget_s=None, seed=0: _bot("smashup", player_id, level,
                                                                                budget_s, seed),
        hidden=smashup_hidden,
    )


# use_host_card_dir: CARD_DIR, Munchkin's card files
__all__ = ["GAMES", "CardDataError", "GameRules", "rules_of", "use_host_card_dir", "warm_up"]

GAMES: dict[str, GameRules] = {"munchkin": MUNCHKIN, "smashup": _smashup_rules()}


WARM_UP_PLAYERS = [("warm-1", "A"), ("warm-2", "B"), ("warm-3", "C")]


def warm_up() -> None:
    """Read every game's card data and build what a game start builds, now (at start-up) rather than
    when the first game of a set begins: parsing a card file in the middle of play holds every table."""
    for rules in GAMES.values():
        for set_key in rules.available_sets():
            rules.new_game(WARM_UP_PLAYERS, seed=0, sets=(set_key,))


def rules_of(kind: str) -> GameRules:
    try:
        return GAMES[kind]
    except KeyError:
        from engine.core.errors import IllegalAction

        raise IllegalAction("unknown_game", game=kind) from None
