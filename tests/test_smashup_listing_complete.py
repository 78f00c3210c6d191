"""Every play from the hand that the rules allow is offered (rulebook "Dein Zug": a minion and an action
per turn, each card's picks and modes as its text says). Where the property test draws candidates at
random, this one tries every card in play as the pick and every mode of each card in the active
player's hand, at every base (for a card played at one), along random games: a valid play must be
listed, or do exactly what a listed one does (a field the card ignores). It found Turner's shuffle
and Dungeon Bait's monster missing while the other mode had something to pick."""

from __future__ import annotations

import random

import pytest

from engine.smashup import actions as A
from engine.smashup import choices, rules, turn
from engine.smashup.listing import legal_actions
from engine.smashup.rules import apply, is_legal, new_game
from tests.legal_moves_check import _same_as_a_listed_move

FREE_FORM = {"discard", "picks", "cards"}


def _plays(state, pid: str):
    """Each card of the hand played where the listing plays it (at each base, or at none for a card
    that names no base), with each pick and mode, paying nothing."""
    picks = [None, *(m.uid for b in state.bases for m in (*b.minions, *b.monsters)), *(b.uid for b in state.bases),
             *(u for b in state.bases for u in b.actions)]
    for uid in state.player(pid).hand:
        card = state.card(uid)
        kind = {"minion": A.PlayMinion, "action": A.PlayAction}.get(card.kind)
        if kind is None:
            continue
        for base in [b.uid for b in state.bases] if turn.uses_base(card) else [None]:
            for mode in turn._payment_plan(card)[3]:
                for target in picks:
                    yield kind(actor=pid, card=uid, base=base, target=target, mode=mode)


@pytest.mark.parametrize("seed", [21, 4])
def test_every_valid_play_from_the_hand_is_listed(seed):
    rng = random.Random(seed)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(3)], seed=seed)
    checked = 0
    for step in range(700):
        if state.phase == "over":
            break
        moves = [m for p in state.players for m in legal_actions(state, p.id)]
        if step % 9 == 0 and state.phase == "play" and choices.pending(state) is None:
            pid = state.active_player.id
            listed = legal_actions(state, pid)
            shapes = {m.model_dump_json() for m in listed}
            for move in _plays(state, pid):
                if move.model_dump_json() not in shapes and is_legal(state, move):
                    assert _same_as_a_listed_move(rules, state, move, listed, FREE_FORM), f"valid, not listed: {move!r}"
                checked += 1
        state, _ = apply(state, rng.choice(moves))
    assert checked > 500
