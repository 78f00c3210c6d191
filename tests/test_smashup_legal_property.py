"""legal_actions and validate agree, over random Smash Up states: every listed move validates, and a
move drawn from a wide space of candidates (any player, any card of hand, play or pile, any base,
any minion, player or base as a pick, any mode, stale windows and decisions) that validates is listed.

Which cards pay a cost, which cards an "any number of" card picks and which excess cards are discarded
are free-form: legal_actions lists them in their useful forms (README, "Rules notes"), so the listed
move a valid candidate must match is compared without them.

Quick by default; SMASHUP_PROPERTY_EXAMPLES=200 explores more random states."""

from __future__ import annotations

import os
import random
from types import SimpleNamespace

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.smashup import actions as A
from engine.smashup.cards import data
from engine.smashup.listing import legal_actions
from engine.smashup.rules import apply, is_legal, new_game
from engine.smashup.state import GameState
from tests.legal_moves_check import check_state

# what check_state asks of a game's rules: apply and is_legal (rules), legal_actions (listing)
rules = SimpleNamespace(apply=apply, is_legal=is_legal, legal_actions=legal_actions)

EXAMPLES = int(os.environ.get("SMASHUP_PROPERTY_EXAMPLES", "10"))
SAMPLES = 120            # candidates drawn per player and state
FREE_FORM = {"discard", "picks", "cards"}
MODES = [None, "monster", "clear", "take", "action", "recycle", "x", *(f.id for f in data().factions)]


def _pools(state: GameState) -> tuple[list[str], list[str | None], list[str | None]]:
    in_play: list[str] = []
    for base in state.bases:
        in_play += base.actions
        for minion in (*base.minions, *base.monsters):
            in_play += [minion.uid, *minion.attached]
    bases: list[str | None] = [b.uid for b in state.bases] + [None]
    loot = state.scoring.loot if state.scoring is not None else []
    picks: list[str | None] = [*in_play, *bases, *loot, *(p.id for p in state.players), "nobody"]
    return in_play, bases, picks


def _candidate(state: GameState, pid: str, rng: random.Random) -> A.Action:
    hand = state.player(pid).hand
    in_play, bases, picks = _pools(state)
    card = rng.choice([*hand, *in_play, rng.choice(list(state.card_ids))] if hand or in_play
                      else list(state.card_ids))
    others = [u for u in hand if u != card]
    treasures = [u for u in others if state.card_ids[u].startswith("treasure-")]
    discard = tuple(rng.choice([others, treasures])[:rng.randint(0, 3)])
    some = tuple(rng.sample([p for p in picks if p is not None], k=min(len(picks) - 1, rng.randint(0, 2))))
    common = {"actor": pid, "card": card, "target": rng.choice(picks), "target2": rng.choice(picks)}
    window = state.scoring.window if state.scoring is not None else 0
    decision = rng.choice([*state.decisions, None])
    kind = rng.randrange(9)
    if kind == 0:
        return A.PlayMinion(**common, base=rng.choice(bases[:-1] or ["nowhere"]), discard=discard,
                            mode=rng.choice(MODES))
    if kind == 1:
        return A.PlayAction(**common, base=rng.choice(bases), discard=discard, mode=rng.choice(MODES), picks=some)
    if kind == 2:
        return A.UseTalent(**common, discard=discard, mode=rng.choice(MODES))
    if kind == 3:
        return A.PlaySpecial(**common, base=rng.choice(bases), picks=some)
    if kind == 4:
        return A.PassSpecial(actor=pid, window=window + rng.randint(-1, 1))
    if kind == 5:
        options = [*decision.options, "keine", "x"] if decision is not None else ["x"]
        return A.Choose(actor=pid, decision=decision.id if decision else state.next_id, option=rng.choice(options))
    if kind == 6:
        return A.DiscardDown(actor=pid, cards=tuple(rng.sample(hand, k=min(len(hand), rng.randint(1, 2)))))
    if kind == 7:
        return A.ScoreFirst(actor=pid, base=rng.choice(bases[:-1] or ["nowhere"]))
    if state.draft is not None and rng.random() < 0.5:
        return A.PickFaction(actor=pid, faction=rng.choice(state.draft.offered))
    return A.FinishPlaying(actor=pid)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(seed=315, players=4, steps=100)       # Fae Fighter named with a second pick and a mode it ignores
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), steps=st.integers(20, 160))
def test_listed_moves_are_exactly_the_valid_ones(seed, players, steps):
    """Rulebook "Dein Zug" (play a minion, play an action, talents) and "Die große Wertung" (specials,
    passing, choosing the base to score): a move is offered exactly when the rules allow it."""
    rng = random.Random(seed)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed)
    for step in range(steps):
        if state.phase == "over":
            break
        if step % 20 == 0 or (state.scoring is not None and rng.random() < 0.3):
            check_state(rules, state, _candidate, FREE_FORM, rng, SAMPLES)
        moves = [m for p in state.players for m in legal_actions(state, p.id)]
        state, _ = apply(state, rng.choice(moves))
    if state.phase != "over":
        check_state(rules, state, _candidate, FREE_FORM, rng, SAMPLES)
