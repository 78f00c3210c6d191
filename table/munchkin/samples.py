"""Sample Munchkin tables to draw: random legal play for a while, a big item, then a combat with a
helper and two monsters. The picture benchmark and the tests draw these; every card stays where the
rules put it, so hands are real hands."""

from __future__ import annotations

import contextlib

from engine.munchkin import rules as munchkin_rules
from engine.munchkin.state import Combat, CombatMonster, GameState, ItemInPlay
from table.pictures.samples import NAMES, played


def munchkin_game(sets: tuple[str, ...], players: int, seed: int = 7, moves: int = 60) -> GameState:
    state, _ = munchkin_rules.new_game([(n.lower(), n) for n in NAMES[:players]], seed=seed, sets=sets)
    return played(state, munchkin_rules, moves, seed, show_state=True)


def _pull(state: GameState, wanted) -> str:
    """One card from the decks or discard piles that fits ``wanted`` (so no hand loses a card)."""
    for pile in (state.door_deck, state.treasure_deck, state.door_discard, state.treasure_discard):
        for uid in pile:
            if wanted(state.card(uid)):
                pile.remove(uid)
                return uid
    raise LookupError("no such card left in the decks")


def with_big_item(state: GameState, player: int = 0) -> GameState:
    state = state.model_copy(deep=True)
    uid = _pull(state, lambda c: c.kind == "item" and c.big)
    state.players[player].items.append(ItemInPlay(uid=uid))
    return state


def in_combat(state: GameState, enhanced: bool = True) -> GameState:
    """The active player fights two monsters (one enhanced where the sets have an enhancer) with the
    next player's help; the second player has already passed."""
    state = state.model_copy(deep=True)
    fighter, helper = state.players[state.active], state.players[(state.active + 1) % len(state.players)]
    monsters = [CombatMonster(uid=_pull(state, lambda c: c.kind == "monster"), by=fighter.id) for _ in range(2)]
    if enhanced:
        with contextlib.suppress(LookupError):       # a set without monster enhancers
            monsters[0].enhancers.append(_pull(state, lambda c: c.kind == "enhancer"))
    state.decisions.clear()
    state.phase = "trouble"
    state.combat = Combat(fighter=fighter.id, helper=helper.id, monsters=monsters, passed=[helper.id])
    return state


def picture_samples() -> dict[str, tuple[GameState, str]]:
    """For the benchmark: a 6-player table in a fight, and which of its pictures shows what."""
    fight = in_combat(with_big_item(munchkin_game(("cthulhu",), 6)))
    return {"status (6 players)": (fight, "status.png"), "combat (helper, 2 monsters)": (fight, "combat.png")}
