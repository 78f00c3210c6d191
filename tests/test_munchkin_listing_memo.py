"""The listing remembers what it made from a game's cards (rules._Game: trade offers for a table of
items, discards, sales, plays on players, requests for help) between its listings. A table serves
many games at once, and the same card number is another card in each game, so a game's moves must
be exactly those listed with nothing remembered, whatever other games were listed meanwhile."""

from __future__ import annotations

import random

from engine.munchkin import actions as A
from engine.munchkin import rules
from engine.munchkin.rules import apply, legal_actions_of_all, new_game
from engine.munchkin.state import Options
from engine.sim import RandomAgent

GAMES = [(("cthulhu",), 3), (("shakespeare",), 4), (("cthulhu", "impossible", "shakespeare", "axecop"), 5)]


def _fresh(state):
    """The listing with nothing remembered from before."""
    kept = dict(rules._GAMES)
    rules._GAMES.clear()
    try:
        return legal_actions_of_all(state)
    finally:
        rules._GAMES.clear()
        rules._GAMES.update(kept)


def test_games_listed_in_turn_get_the_moves_of_their_own_cards():
    """Cthulhu l.131 (items are traded any time outside a combat), l.41 (one big item per character) and
    the sales, discards and curses of every set's "Spielablauf": three games with different cards under
    the same numbers, listed in turn, each get the moves a listing of that game alone gives."""
    agents = [RandomAgent(random.Random(seed)) for _, seed in GAMES]
    states = [new_game([(f"p{i}", f"P{i}") for i in range(4)], seed=seed, sets=sets, options=Options())[0]
              for sets, seed in GAMES]
    assert len({tuple(s.card(f"c{n}").id for n in range(1, 40)) for s in states}) == len(states)
    kinds: set[type] = set()
    for _ in range(250):
        for index, state in enumerate(states):
            if state.phase == "over":
                continue
            listed = legal_actions_of_all(state)
            assert listed == _fresh(state)
            moves = [m for ms in listed.values() for m in ms]
            kinds |= {type(m) for m in moves}
            states[index], _ = apply(state, agents[index].choose(moves, state))
    assert {A.OfferTrade, A.Discard, A.PlayCard, A.AskHelp} <= kinds


def test_many_games_at_once_keep_their_own_moves():
    """More games than the listing keeps at once (it forgets them all and starts again): each game's
    moves stay those of its own cards (every rulebook's "Spielablauf")."""
    sets = [("cthulhu",), ("shakespeare",), ("axecop",), ("impossible",)]
    states = [new_game([(f"p{i}", f"P{i}") for i in range(3)], seed=seed, sets=sets[seed % 4], options=Options())[0]
              for seed in range(rules._GAMES_KEPT + 6)]
    first = [legal_actions_of_all(state) for state in states]
    assert [legal_actions_of_all(state) for state in states] == first
    assert first == [_fresh(state) for state in states]


def test_a_long_game_keeps_a_bounded_memory_of_its_listings():
    """A table keeps many games for days: what a game's listing remembers stays within
    _KEPT_PER_GAME of each kind however long the game runs (all of a long game's tables of items
    were once kept: megabytes per game), and the moves stay those of a fresh listing."""
    agent = RandomAgent(random.Random(8))
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(6)], seed=8,
                        sets=("cthulhu", "impossible", "shakespeare", "axecop"), options=Options())
    most = 0          # the most tables of items the game remembered at once
    for step in range(1500):
        if state.phase == "over":
            break
        listed = legal_actions_of_all(state)
        if step % 100 == 0:
            assert listed == _fresh(state)
        game = rules._game(state)
        kept = [game._tables, game._on_players, game._sales, game._asks, game.known_discards]
        assert max(len(memo) for memo in kept) <= rules._KEPT_PER_GAME
        most = max(most, len(game._tables))
        state, _ = apply(state, agent.choose([m for moves in listed.values() for m in moves], state), in_place=True)
    assert most == rules._KEPT_PER_GAME           # the game met more tables than are kept


def test_a_table_of_many_games_keeps_the_listing_stores_of_the_games_being_played():
    """More games than the listing keeps stores for (rules._GAMES_KEPT): a game listed again and again
    keeps its store while others come and go; the one listed longest ago makes room."""
    kept = dict(rules._GAMES)
    rules._GAMES.clear()
    try:
        games = [new_game([("p0", "P0"), ("p1", "P1"), ("p2", "P2")], seed=seed, sets=("cthulhu",),
                          options=Options())[0] for seed in range(rules._GAMES_KEPT + 2)]
        played, waiting = games[0], games[1]
        for state in games[:rules._GAMES_KEPT]:
            legal_actions_of_all(state)
        store = rules._game(played)
        for state in games[rules._GAMES_KEPT:]:
            legal_actions_of_all(played)
            legal_actions_of_all(state)
        assert rules._game(played) is store
        assert len(rules._GAMES) == rules._GAMES_KEPT and id(waiting.card_ids) not in rules._GAMES
    finally:
        rules._GAMES.clear()
        rules._GAMES.update(kept)
