"""Sample tables to draw, for the picture benchmark and the tests: each game's ``samples`` module
builds its own (table/<game>/samples.py) with ``played``; every card stays where the rules put it,
so hands are real hands."""

from __future__ import annotations

import importlib
import random

from engine.sim import RandomAgent
from table.games import PACKAGES
from table.pictures import names_of
from table.pictures.draw import Content

NAMES = ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz"]


def played(state, rules, moves: int, seed: int, show_state: bool = False):
    """The state after up to ``moves`` random legal moves (less if the game ends); ``show_state`` lets
    the random player see the table (it then prefers Munchkin's setup and progress moves)."""
    agent = RandomAgent(random.Random(seed))
    for _ in range(moves):
        if state.phase == "over":
            break
        legal = [m for p in state.players for m in rules.legal_actions(state, p.id)]
        if not legal:
            break
        state, _ = rules.apply(state, agent.choose(legal, state) if show_state else agent.choose(legal))
    return state


def samples(lang: str = "de") -> dict[str, Content]:
    """The content of each game's sample pictures, for the benchmark."""
    from table.pictures import contents

    shown = {}
    for package in PACKAGES.values():
        for label, (state, picture) in importlib.import_module(f"{package}.samples").picture_samples().items():
            shown[label] = contents(state, lang, names_of(state))[picture]
    return shown
