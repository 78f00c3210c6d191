"""The three bot strengths (issue 21): the strongest searches only in worlds built from what its
seat may know, so swapping the cards it cannot see (other hands, deck order, later dice) never
changes its move; the search keeps to its budget; ``mittel`` beats ``leicht``; the registry and the
plain ``decide`` call give every level.

Hidden cards: Munchkin Cthulhu (munchkin-cthulhu.de.txt, line 154) draws cards face down onto the
hand, and line 39 shuffles the decks; Smash Up – Munchkin (smash-up-munchkin.de.txt, line 28) keeps
each player's deck face down and line 40 shuffles the base, treasure and monster decks.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random

import pytest

from engine import search
from engine.bots import decide, make_bot
from engine.bots_bench import main as bench_main
from engine.bots_bench import play, seating, wilson
from engine.core.errors import IllegalAction
from engine.games import rules_of

ME = "p0"


def _positions(game: str, players: int, seed: int, wanted: int) -> list:
    """Positions from a game of ``mittel`` players where the ``schwer`` bot on p0 has a real choice."""
    rules = rules_of(game)
    module = _bot_module(game)
    kwargs = {"sets": ("cthulhu",)} if game == "munchkin" else {}
    state, _ = rules.new_game([(f"p{i}", f"p{i}") for i in range(players)], seed=seed, **kwargs)
    bots = [make_bot(game, f"p{i}", "mittel") for i in range(players)]
    found = []
    for _ in range(600):
        if state.phase == "over" or len(found) >= wanted:
            break
        guided = bots[0].choose(state)
        if guided is not None and len(module.candidates(state, ME, rules.legal_actions(state, ME), guided)) > 2:
            found.append(state)
        move = next(m for m in (b.choose(state) for b in bots) if m is not None)
        state, _ = rules.apply(state, move)
    assert len(found) == wanted
    return found


def _bot_module(game: str):
    if game == "munchkin":
        from engine.munchkin import bot
    else:
        from engine.smashup import bot
    return bot


def _swap_munchkin(state):
    """The same table with the hidden cards moved around: the other players' hand cards and the
    decks change places (each hand place keeping its deck), and the dice to come are others."""
    other = state.clone()
    hands = [p for p in other.players if p.id != ME]
    for deck in ("door", "treasure"):
        pile = f"{deck}_deck"
        pool = [u for p in hands for u in p.hand if state.card(u).deck == deck] + getattr(other, pile)
        pool.reverse()
        for player in hands:
            player.fresh = {}
            player.hand = [pool.pop(0) if state.card(u).deck == deck else u for u in player.hand]
        setattr(other, pile, pool)
    for real, player in zip(state.players, other.players, strict=True):
        if player.id != ME:
            player.fresh = {new: real.fresh[old] for old, new in zip(real.hand, player.hand, strict=True)
                            if old in real.fresh}
    other.rng = state.rng ^ 0x5DEECE66D
    return other


def _swap_smashup(state):
    """Each other player's faction cards in hand and deck change places, the treasures in their
    hands change with the treasure deck, the shared decks are reversed, the dice differ."""
    other = state.clone()
    treasures = list(reversed(other.treasure_deck))
    for seat in other.players:
        if seat.id == ME:
            seat.deck = list(reversed(seat.deck))
            continue
        own = [u for u in seat.hand if u in state.owners]
        cards = list(reversed(own + seat.deck))
        seat.hand = [cards.pop(0) if u in state.owners else treasures.pop(0) for u in seat.hand]
        seat.deck = cards
        treasures += [u for u in state.player(seat.id).hand if u not in state.owners]
    other.treasure_deck = treasures
    other.base_deck = list(reversed(other.base_deck))
    other.monster_deck = list(reversed(other.monster_deck))
    other.rng = state.rng ^ 0x5DEECE66D
    return other


@pytest.mark.parametrize(("game", "players", "swap"), [("munchkin", 4, _swap_munchkin), ("smashup", 3, _swap_smashup)])
def test_schwer_does_not_peek_at_hidden_cards(game, players, swap):
    """The same seed, the same view, other hidden cards: the world it samples and the move it picks
    stay the same."""
    module = _bot_module(game)
    for state in _positions(game, players, seed=7, wanted=3):
        other = swap(state)
        hidden = [p.hand for p in state.players if p.id != ME]
        assert hidden != [p.hand for p in other.players if p.id != ME]     # something was really swapped
        worlds = [module.determinize(real, ME, random.Random(3)).model_dump() for real in (state, other)]
        assert worlds[0] == worlds[1]
        first = make_bot(game, ME, "schwer", seed=11, iterations=2)
        second = make_bot(game, ME, "schwer", seed=11, iterations=2)
        assert first.choose(state) == second.choose(other)
        assert first.searched == second.searched == 1


@pytest.mark.parametrize(("game", "players"), [("munchkin", 4), ("smashup", 3)])
def test_a_sampled_world_keeps_every_card_and_everything_the_bot_sees(game, players):
    module = _bot_module(game)
    state = _positions(game, players, seed=5, wanted=1)[0]
    world = module.determinize(state, ME, random.Random(1))
    assert sorted(world.all_card_locations()) == sorted(state.all_card_locations())
    assert world.player(ME).hand == state.player(ME).hand
    for real, sampled in zip(state.players, world.players, strict=True):
        assert len(real.hand) == len(sampled.hand)


@pytest.mark.parametrize(("game", "players"), [("munchkin", 4), ("smashup", 3)])
def test_search_plays_exactly_the_rounds_it_is_given(game, players, monkeypatch):
    """A budget in rounds: every candidate is played out once per round, no more."""
    module = _bot_module(game)
    state = _positions(game, players, seed=9, wanted=1)[0]
    calls = []
    real_playout = search.playout
    monkeypatch.setattr(search, "playout", lambda *a: calls.append(1) or real_playout(*a))
    bot = make_bot(game, ME, "schwer", seed=1, iterations=3)
    guided = bot.guide.choose(state)
    width = len(module.candidates(state, ME, rules_of(game).legal_actions(state, ME), guided))
    bot.choose(state)
    assert len(calls) == 3 * width


def test_search_without_a_choice_takes_the_guides_move_at_once(monkeypatch):
    """A fight the fighter already wins, nobody holding a card: passing is the only sensible move
    for everyone (help would only share the reward), so nothing is searched and nobody waits."""
    from engine.munchkin import actions as A
    from tests.munchkin_helpers import fight, game, to_table

    state = fight(game(), "t_slimeling")
    to_table(state, "anna", "t_short_sword")
    monkeypatch.setattr(search, "playout", lambda *a: pytest.fail("searched a move without a choice"))
    for seat in ("anna", "ben", "cleo"):
        bot = make_bot("munchkin", seat, "schwer", iterations=5)
        assert isinstance(bot.choose(state), A.Pass) and bot.searched == 0


def test_mittel_beats_leicht_at_smash_up():
    """Twelve fixed three-player games (each seating order twice), one seat each for leicht, mittel
    and a random player: mittel wins more. (Measured over 60 games: 88% against 8%.)"""
    results = [play(40 + g, seating(["leicht", "mittel"], 3, g), "smashup") for g in range(12)]
    wins = {level: sum(level in r["winners"] for r in results) for level in ("leicht", "mittel")}
    assert wins["mittel"] > wins["leicht"], wins


def test_registry_and_decide_give_every_level():
    """The table asks ``rules_of(game).bot_player(seat, level=…, budget_s=…)``, or calls the plain
    ``decide`` in a worker process (picklable, state JSON in, action JSON out)."""
    for game in ("munchkin", "smashup"):
        rules = rules_of(game)
        assert type(rules.bot_player("p0")).__name__ == "EasyPlayer"
        assert type(rules.bot_player("p0", level="mittel")).__name__ == "MiddlePlayer"
        strong = rules.bot_player("p0", level="schwer", budget_s=0.4)
        assert strong.budget_s == 0.4 and strong.window_budget_s <= 0.4
        with pytest.raises(IllegalAction):
            rules.bot_player("p0", level="unschlagbar")
    assert pickle.loads(pickle.dumps(decide)) is decide
    state = _positions("munchkin", 4, seed=7, wanted=1)[0]
    answer, memory = decide("munchkin", state.model_dump_json(), ME, "schwer", budget_s=0.2, seed=1)
    move = rules_of("munchkin").parse_action(answer)
    assert move in rules_of("munchkin").legal_actions(state, ME)
    pickle.dumps(memory)


def test_decide_remembers_whom_it_asked_for_help():
    """Called afresh for every move (as in a worker process), the Munchkin bot still does not ask
    a player again who refused to help in this fight: the memory comes back with the next call."""
    from engine.munchkin import actions as A
    from tests.munchkin_helpers import decide as answer
    from tests.munchkin_helpers import fight, game

    state = game()
    state.players[1].level = 8
    state = fight(state, "t_stone_troll")
    rules = rules_of("munchkin")
    first, memory = decide("munchkin", state.model_dump_json(), "anna", "mittel")
    ask = rules.parse_action(first)
    assert isinstance(ask, A.AskHelp) and ask.helper == "ben"
    state, _ = rules.apply(state, ask)
    state, _ = answer(state, "ben", "help", "decline")
    again, _ = decide("munchkin", state.model_dump_json(), "anna", "mittel", memory=memory)
    assert not isinstance(rules.parse_action(again), A.AskHelp) or rules.parse_action(again).helper != "ben"


def test_seating_puts_every_level_in_every_order():
    """Over as many games as there are orders, each level sits in each seat equally often."""
    orders = [tuple(seating(["leicht", "mittel", "schwer"], 4, g)) for g in range(24)]
    assert len(set(orders)) == 24
    for seat in range(4):
        assert sum(order[seat] == "schwer" for order in orders) == 6


def test_wilson_interval():
    assert wilson(0, 20)[0] == 0.0 and 0.1 < wilson(0, 20)[1] < 0.2
    low, high = wilson(50, 100)
    assert abs((0.5 - low) - (high - 0.5)) < 0.002 and 0.39 < low < 0.41


def test_bench_prints_one_json_line_per_level(capsys):
    assert bench_main(["--game", "munchkin", "--sets", "cthulhu", "--players", "4", "--games", "2",
                       "--levels", "leicht,mittel", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    for level in ("leicht", "mittel"):
        entry = summary["levels"][level]
        assert 0.0 <= entry["win_rate"] <= 1.0 and len(entry["ci95"]) == 2 and entry["decision_p99_ms"] >= 0
    assert summary["games"] == 2 and summary["unfinished"] == 0


@pytest.mark.parametrize(("game", "players"), [("munchkin", 4), ("smashup", 3)])
def test_searching_leaves_the_real_table_as_it_was(game, players):
    """The search's playouts change their states in place (Munchkin): only copies made for them, so
    the table the bot was asked about is the same after every searched decision."""
    for state in _positions(game, players, seed=4, wanted=3):
        before = state.model_dump()
        make_bot(game, ME, "schwer", seed=2, iterations=2).choose(state)
        assert state.model_dump() == before


def test_a_playout_takes_the_moves_a_player_listed_when_it_makes_none():
    """When no ``mittel`` player wants to move, the playout picks among the moves they listed for
    that very state (each keeps them in ``listed`` on every choose: exactly legal_actions' list), and
    does not list them a second time."""
    import dataclasses

    from engine.munchkin import bot as munchkin_bot
    from engine.munchkin.rules import legal_actions

    class Idle(munchkin_bot.MiddlePlayer):
        def choose(self, state):
            super().choose(state)
            return None

    for state in _positions("munchkin", 4, seed=9, wanted=3):
        for seat in state.players:
            asked = munchkin_bot.MiddlePlayer(seat.id)
            asked.choose(state)
            assert asked.listed == legal_actions(state, seat.id)
        game = dataclasses.replace(munchkin_bot.SEARCH, policy=Idle,
                                   legal=lambda *a: pytest.fail("listed a second time"))
        players: dict = {}
        picked = search._next_move(game, state, players, random.Random(3), None)
        listed = [m for seat in munchkin_bot.movers(state) for m in players[seat].listed]
        assert picked in listed


# ---------------------------------------------------------------------- leicht: a beginner's player
def test_leicht_keeps_out_of_the_leaders_fight_where_mittel_spoils_it():
    """Munchkin Cthulhu (munchkin-cthulhu.de.txt, lines 188-202: anyone may play a monster enhancer
    into another's fight). The leader is about to win a fight; a monster enhancer in hand: ``mittel`` plays
    it against the leader, ``leicht`` minds its own game and passes."""
    from engine.munchkin import actions as A
    from engine.munchkin import bot as munchkin_bot
    from tests.munchkin_helpers import fight, game, to_hand

    state = game()
    state.players[0].level = 8
    state = fight(state, "t_slimeling")
    to_hand(state, "ben", "t_ancient")
    spoil = munchkin_bot.MiddlePlayer("ben").choose(state)
    assert isinstance(spoil, A.PlayCard) and state.card(spoil.card).name_en == "Ancient"
    assert isinstance(munchkin_bot.EasyPlayer("ben").choose(state), A.Pass)
    assert type(make_bot("munchkin", "ben", "leicht")) is munchkin_bot.EasyPlayer


def test_leicht_curses_nobody():
    from engine.munchkin import actions as A
    from engine.munchkin import bot as munchkin_bot
    from tests.munchkin_helpers import game, to_hand

    state = game()
    state.players[2].level = 9
    to_hand(state, "ben", "t_curse_lose_level")
    state.phase = "after"
    assert isinstance(munchkin_bot.MiddlePlayer("ben").choose(state), A.PlayCard)
    assert munchkin_bot.EasyPlayer("ben").choose(state) is None


def test_leicht_passes_on_specials_at_smash_up():
    """Smash Up – Munchkin (smash-up-munchkin.de.txt, line 202: before a base scores, everyone may
    use the abilities that act "before" scoring). ``leicht`` always passes there (a
    beginner keeps its Specials in hand)."""
    from engine.smashup import actions as A
    from engine.smashup import bot as smashup_bot
    from engine.smashup.rules import apply

    rules = rules_of("smashup")
    for seed in range(40):
        state, _ = rules.new_game([("a", "A"), ("b", "B"), ("c", "C")], seed=seed)
        bots = {p.id: smashup_bot.MiddlePlayer(p.id) for p in state.players}
        for _ in range(400):
            if state.phase == "over":
                break
            for seat in state.players:
                moves = rules.legal_actions(state, seat.id)
                if state.scoring is not None and any(isinstance(m, A.PlaySpecial) for m in moves):
                    assert isinstance(smashup_bot.EasyPlayer(seat.id).choose(state), A.PassSpecial)
                    return
            state, _ = apply(state, next(m for m in (b.choose(state) for b in bots.values()) if m is not None))
    pytest.fail("no Special offered in 40 games")


# ---------------------------------------------------------------------- schwer: judging the playouts
def test_a_lead_inside_the_noise_keeps_the_guides_move():
    """Round by round (the same sampled world for every candidate) the second move scores now far
    better, now far worse: its average lead is no clearer than its noise, so the guide's move stands;
    a steady lead of the third move wins."""
    noisy = [[0.5, 0.9, 0.5], [0.5, 0.1, 0.5], [0.5, 0.95, 0.5], [0.5, 0.2, 0.5]]
    assert search.clear_winner(noisy, margin=0.01) == 0
    steady = [[0.5, 0.9, 0.6], [0.5, 0.1, 0.62], [0.5, 0.95, 0.61], [0.5, 0.2, 0.6]]
    assert search.clear_winner(steady, margin=0.01) == 2
    assert search.clear_winner(steady, margin=0.2) == 0         # a lead must also beat the game's margin
    assert search.clear_winner(steady[:1], margin=0.01) == 0    # one world says nothing about the noise
    refused = [[0.5, float("-inf"), 0.6], [0.5, 2.0, 0.61]]
    assert search.clear_winner(refused, margin=0.01) == 2       # refused in a world: not a candidate


@pytest.mark.parametrize(("game", "players"), [("munchkin", 4), ("smashup", 3)])
def test_a_playout_ends_when_the_next_turn_begins(game, players):
    """Every candidate is judged at the same point: when the turn after the decision's begins (or
    the game ends), not after a fixed number of steps."""
    module = _bot_module(game)
    seen = []
    scored = dataclasses.replace(module.SEARCH, evaluate=lambda s, me: seen.append((s.turn, s.phase)) or 0.0)
    for state in _positions(game, players, seed=9, wanted=3):
        search.playout(scored, state.clone(), ME, random.Random(1), None, state.turn + 1)
        turn, phase = seen.pop()
        assert turn == state.turn + 1 or phase == "over"


def test_the_search_stops_early_once_its_choice_is_settled():
    """A move that leads the guide's by far in every world is settled after SETTLE_AFTER rounds (the
    player is answered sooner); with two moves alike within the noise, it is not, and the search
    goes on."""
    clear = [[0.3, 0.8 + 0.01 * (i % 3), 0.5] for i in range(search.SETTLE_AFTER)]
    assert search.clear_winner(clear, margin=0.01) == 1 and search.settled(clear, margin=0.01)
    assert not search.settled(clear[:-1], margin=0.01)          # too few rounds to be sure
    rng = random.Random(4)
    close = [[0.5, 0.5 + rng.uniform(-0.3, 0.3), 0.4] for _ in range(search.SETTLE_AFTER)]
    assert not search.settled(close, margin=0.01)
    same = [[0.5, 0.5, 0.5] for _ in range(search.SETTLE_AFTER)]   # moves alike in every world: the guide's
    assert search.clear_winner(same, margin=0.01) == 0 and search.settled(same, margin=0.01)


def test_the_bench_says_how_far_a_level_is_ahead_of_the_one_before():
    """The paired difference of two levels' win rates at the same tables, with its 95% interval:
    clearly ahead when one wins most games the other loses; not shown when they win alike."""
    from engine.bots_bench import lead, summarize

    ahead = [{"winners": ["mittel"]}] * 30 + [{"winners": ["leicht"]}] * 10 + [{"winners": ["zufall"]}] * 10
    found = lead(ahead, "mittel", "leicht")
    assert found["difference"] == 0.4 and 0.0 < found["ci95"][0] < 0.4 < found["ci95"][1]
    alike = [{"winners": ["mittel"]}] * 12 + [{"winners": ["leicht"]}] * 12 + [{"winners": ["zufall"]}] * 6
    low, high = lead(alike, "mittel", "leicht")["ci95"]
    assert low < 0.0 < high
    results = [{**r, "times": {}, "finished": True} for r in ahead]
    assert set(summarize(results, ["leicht", "mittel", "schwer"])["ahead"]) == {"mittel>leicht", "schwer>mittel"}
