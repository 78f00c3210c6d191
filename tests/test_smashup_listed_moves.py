"""A caller holding one read-only block around listing, checking and applying (the simulator, each
step: ``with powers_fixed(state)``) has a listed move's checks and the powers worked out for the
listing used again (rules.validate, rules._read_first). The rules stay the same: a game played that way
gives the same states and events as one with no block, a move not listed for the state is still
checked, and a listed move is checked again once the state it was listed for has changed (rulebook
"So läuft dein Spielzug ab": a card played has left the hand; "Die große Wertung": after the playing
step the bases at their breakpoint are scored)."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from engine.smashup.power import powers_fixed
from engine.smashup.rules import apply, new_game


def _game(seed: int, players: int):
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed)
    return state


def _moves(state) -> list[A.Action]:
    return [m for p in state.players for m in legal_actions(state, p.id)]


def _refused_unchanged(state, move: A.Action) -> str:
    """The refusal's code for the move applied in place, after checking it changed nothing."""
    before = state.model_dump()
    with pytest.raises(IllegalAction) as refused:
        apply(state, move, in_place=True)
    assert state.model_dump() == before
    return refused.value.code


def _in_play(seed: int):
    """A game of three random players, at its first playing step with a minion in the active hand."""
    rng = random.Random(seed)
    state = _game(seed, 3)
    while not (state.phase == "play" and not state.decisions
               and any(isinstance(m, A.PlayMinion) for m in legal_actions(state, state.active_player.id))):
        state, _ = apply(state, rng.choice(_moves(state)))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_in_read_only_blocks_plays_as_one_without(players):
    """The same random moves, once each step in a block around listing and applying (in place) and
    once with no block (copying): equal states and events after every move, to the end."""
    for seed in (2, 13):
        rng = random.Random(seed)
        plain = _game(seed, players)
        blocked = plain.clone()
        finishes = 0
        for _ in range(2500):
            if plain.phase == "over":
                break
            move = rng.choice(_moves(plain))
            plain, plain_events = apply(plain, move)
            with powers_fixed(blocked):
                listed = _moves(blocked)
                own = listed[[m.model_dump() for m in listed].index(move.model_dump())]
                _, events = apply(blocked, own, in_place=True)
            finishes += isinstance(move, A.FinishPlaying)
            assert blocked.model_dump() == plain.model_dump(), f"seed {seed}: differs after {move!r}"
            assert events == plain_events
        assert plain.phase == "over" and finishes > 10


def test_a_listed_move_played_again_in_the_same_block_is_refused():
    """The simulator's block lives on after a move: the minion played a moment ago is no longer in the
    hand, so the very same listed move is refused the second time and changes nothing."""
    state = _in_play(7)
    with powers_fixed(state):
        play = next(m for m in legal_actions(state, state.active_player.id) if isinstance(m, A.PlayMinion))
        apply(state, play, in_place=True)
        assert _refused_unchanged(state, play) == "card_not_in_hand"


def test_a_move_not_listed_is_checked_inside_the_block():
    """Listing in a block does not wave through other moves: another player's minion play out of turn
    (equal in every field to nothing listed) is refused there and changes nothing."""
    state = _in_play(11)
    waiting = next(p for p in state.players if p.id != state.active_player.id)
    minion = next((u for u in waiting.hand if state.card(u).kind == "minion"), waiting.hand[0])
    out_of_turn = A.PlayMinion(actor=waiting.id, card=minion, base=state.bases[0].uid)
    with powers_fixed(state):
        _moves(state)
        assert _refused_unchanged(state, out_of_turn) == "not_your_turn"


def test_a_move_the_caller_adds_to_a_listing_is_still_checked():
    """Rulebook "So läuft dein Spielzug ab": only the active player plays cards. A caller that adds a
    move of its own to the list legal_actions gave it (another player's minion play out of turn)
    does not make that move pass as listed: it is refused and changes nothing."""
    state = _in_play(11)
    waiting = next(p for p in state.players if p.id != state.active_player.id)
    with powers_fixed(state):
        listed = legal_actions(state, state.active_player.id)
        out_of_turn = A.listed_minion(waiting.id, waiting.hand[0], state.bases[0].uid, None, None, (), None)
        listed.append(out_of_turn)
        assert _refused_unchanged(state, out_of_turn) == "not_your_turn"


def test_a_listed_move_is_checked_again_on_a_copy_of_its_state():
    """A move listed for one state is no pass for another: on a copy where the card has left the hand
    since, the listed move is refused."""
    state = _in_play(5)
    with powers_fixed(state):
        play = next(m for m in legal_actions(state, state.active_player.id) if isinstance(m, A.PlayMinion))
        other = state.clone()
        other.player(play.actor).hand.remove(play.card)
        with pytest.raises(IllegalAction):
            apply(other, play, in_place=True)


def test_a_bot_playout_in_read_only_blocks_ends_where_one_without_does():
    """The search's playouts hold the block around each step (bot.SEARCH.step): the same players
    reach the same position, scored the same, as with no block."""
    from contextlib import nullcontext
    from dataclasses import replace

    from engine import search
    from engine.smashup import bot

    rng = random.Random(8)
    state = _game(8, 3)
    for _ in range(150):
        state, _ = apply(state, rng.choice(_moves(state)))
    without = replace(bot.SEARCH, step=nullcontext)
    for seed in range(4):
        ends = []
        for game in (bot.SEARCH, without):
            own = state.clone()
            ends.append((search.playout(game, own, "p0", random.Random(seed), None), own.model_dump()))
        assert ends[0] == ends[1]
