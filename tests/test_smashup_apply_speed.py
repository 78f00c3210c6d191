"""Applying a move looks for the cards that wait for a moment by their design first (hooks._designed:
the op sets of the designs) and asks only those whether the ability works now: a card in play with
the ability still answers, and one whose abilities rest still does nothing."""

from __future__ import annotations

from engine.smashup import actions as A
from engine.smashup.rules import apply, breakpoint_of, ready_bases, total_power
from tests.test_smashup import put_minion
from tests.test_smashup_cards import ELVES, add_monster, game_for, play


def test_a_fae_fighter_whose_abilities_rest_trades_no_counters():
    """Fae Fighter trades counters when another player plays a minion, but not while her abilities
    rest until the end of the turn (Potion of Paralysis, Last Call): rulebook line 498, an ability
    ends with the turn or when its card leaves play, whichever comes first."""
    state = game_for("ben", ELVES)
    fae = put_minion(state, "elves-fae-fighter", "anna", 0)
    state.silenced.append(fae)
    state.player("ben").minions_left = 1
    (state, events), _ = play(state, "ben", "thieves-master-thief", base_index=1)   # acts only by its talent
    assert "minion_played" in [e.kind for e in events]
    assert not any(d.kind == "fae_counter" for d in state.decisions)
    state.silenced.remove(fae)                  # her abilities back: the next minion is answered
    state.player("ben").minions_left = 1
    (state, _), _ = play(state, "ben", "thieves-fence", base_index=1)
    assert any(d.kind == "fae_counter" and d.player == "anna" for d in state.decisions)


# ---------------------------------------------------------------------- bases at their breakpoint
def test_a_base_scores_at_its_breakpoint_and_not_one_below():
    """Rulebook line 200 ("Die große Wertung"): a base is scored when its minions' total power reaches
    or exceeds its breakpoint. One power short, the turn simply passes on."""
    for short, scores in ((1, False), (0, True)):
        state = game_for("anna")                   # no monsters; the bases' abilities rest
        me, base = "anna", state.bases[1]
        need = breakpoint_of(state, base)
        put_minion(state, "orcs-topper-chopper", me, 1, power_bonus=need - short - 5)   # 5, no abilities
        assert total_power(state, base) == need - short
        assert (base.uid in ready_bases(state)) is scores
        state, events = apply(state, A.FinishPlaying(actor=me))
        assert ("base_scores_soon" in [e.kind for e in events]) is scores
        if not scores:                       # nothing to score: the next player's turn
            assert state.active_player.id != me


def test_monsters_nobody_controls_never_make_their_base_ready_and_a_charmed_one_counts():
    """Rulebook line 200 and "Monster und Schätze": the monsters' power is added to the breakpoint,
    so a base with only free monsters is never scored, however strong they are; a monster a player
    controls counts toward the total instead."""
    state = game_for("anna")
    base = state.bases[2]
    printed = state.card(base.uid).breakpoint
    monster = add_monster(state, 2, "monster-bigfoot")
    free = next(m for m in base.monsters if m.uid == monster)
    free.counters = printed                       # as strong as the printed breakpoint by itself
    assert base.uid not in ready_bases(state)
    free.controller = "anna"                      # taken over (Charm): its power counts for its player
    assert total_power(state, base) >= breakpoint_of(state, base) == printed
    assert base.uid in ready_bases(state)


def test_a_base_waits_until_the_players_reach_the_breakpoint_raised_by_its_free_monsters():
    """Rulebook line 200: the monsters' power counts toward the breakpoint, so players who reach the
    printed breakpoint alone do not score the base yet; with the monster's power added, they do."""
    for short, scores in ((None, False), (1, False), (0, True)):
        state = game_for("anna")
        base = state.bases[0]
        printed = state.card(base.uid).breakpoint
        add_monster(state, 0, "monster-bigfoot")
        raised = breakpoint_of(state, base)
        assert raised > printed
        reach = printed if short is None else raised - short       # the printed breakpoint alone, or near the raised
        put_minion(state, "orcs-topper-chopper", "anna", 0, power_bonus=reach - 5)
        assert total_power(state, base) == reach and breakpoint_of(state, base) == raised
        assert (base.uid in ready_bases(state)) is scores
