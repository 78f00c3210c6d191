"""Sample tables to draw: random legal play for a while, then a combat with a helper and two
monsters (Munchkin) or a 4-player game with its five bases (Smash Up). The benchmark and the tests
draw these; every card stays where the rules put it, so hands are real hands."""

from __future__ import annotations

import contextlib
import random

from engine.munchkin import rules as munchkin_rules
from engine.munchkin.state import Combat, CombatMonster, GameState, ItemInPlay
from engine.sim import RandomAgent
from engine.smashup import rules as smashup_rules
from engine.smashup.state import GameState as SmashUpState
from table.pictures.draw import Content

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]


def played(state, rules, moves: int, seed: int):
    """The state after up to ``moves`` random legal moves (less if the game ends)."""
    agent = RandomAgent(random.Random(seed))
    for _ in range(moves):
        if state.phase == "over":
            break
        legal = [m for p in state.players for m in rules.legal_actions(state, p.id)]
        if not legal:
            break
        state, _ = rules.apply(state, agent.choose(legal, state) if state.game == "munchkin" else agent.choose(legal))
    return state


def munchkin_game(sets: tuple[str, ...], players: int, seed: int = 7, moves: int = 60) -> GameState:
    state, _ = munchkin_rules.new_game([(n.lower(), n) for n in NAMES[:players]], seed=seed, sets=sets)
    return played(state, munchkin_rules, moves, seed)


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


def smashup_game(players: int = 4, seed: int = 7, moves: int = 40) -> SmashUpState:
    state, _ = smashup_rules.new_game([(n.lower(), n) for n in NAMES[:players]], seed=seed)
    return played(state, smashup_rules, moves, seed)


def names_of(state) -> dict[str, str]:
    return {p.id: p.name for p in state.players}


def samples(lang: str = "de") -> dict[str, Content]:
    """The content of one picture of each kind, for the benchmark."""
    from table.pictures import contents

    munchkin = in_combat(with_big_item(munchkin_game(("cthulhu",), 6)))
    smashup = smashup_game()
    shown = contents(munchkin, lang, names_of(munchkin))
    return {"status (6 players)": shown["status.png"], "combat (helper, 2 monsters)": shown["combat.png"],
            "smashup (4 players, 5 bases)": contents(smashup, lang, names_of(smashup))["smashup.png"]}
