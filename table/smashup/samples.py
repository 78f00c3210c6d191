"""A sample Smash Up – Munchkin table to draw: four players after random legal play, five bases."""

from __future__ import annotations

from engine.games import rules_of
from engine.smashup.state import GameState
from table.pictures.samples import NAMES, played


def smashup_game(players: int = 4, seed: int = 7, moves: int = 40) -> GameState:
    rules = rules_of("smashup")      # (new_game, apply and legal_actions, from rules and listing)
    state, _ = rules.new_game([(n.lower(), n) for n in NAMES[:players]], seed=seed)
    return played(state, rules, moves, seed)


def picture_samples() -> dict[str, tuple[GameState, str]]:
    return {"smashup (4 players, 5 bases)": (smashup_game(), "smashup.png")}
