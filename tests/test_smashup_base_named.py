"""The base a played action names (rulebook "Dein Zug": an action acting at a base names it; a card
played on a minion lies at that minion's base). A card that needs a base and names none, or names
another base than its minion's, is refused with a clear message and changes nothing, instead of
silently doing nothing (Ruckus, Dungeon Bait's monster) or acting at the wrong base."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from engine.smashup.rules import apply, is_legal
from table.render import Namer, render_error
from tests.test_smashup import take
from tests.test_smashup_cards import game_for, put_minion


def _refused(state, move) -> IllegalAction:
    before = state.model_dump()
    with pytest.raises(IllegalAction) as refused:
        apply(state, move)
    assert state.model_dump() == before
    return refused.value


def _words(error: IllegalAction, lang: str) -> str:
    return render_error(error, Namer(lang, {}, None, ("smashup",)))


def test_ruckus_without_a_base_is_refused():
    """Ruckus: two monsters come to a base, or (mode "clear") the monsters there are destroyed."""
    state = game_for("ben")
    ruckus = take(state, "warriors-ruckus", "ben")
    for mode in (None, "clear"):
        error = _refused(state, A.PlayAction(actor="ben", card=ruckus, mode=mode))
        assert error.code == "needs_base"
        assert _words(error, "de") == "Auf welche Basis?"
    after, _ = apply(state, A.PlayAction(actor="ben", card=ruckus, base=state.bases[2].uid))
    assert len(after.bases[2].monsters) == 2


def test_dungeon_bait_brings_its_monster_only_to_a_base_named():
    """Dungeon Bait, mode "monster": a monster comes to the base named; without one the mode is
    refused (its other mode, destroying a weak minion, needs no base)."""
    state = game_for("ben")
    bait = take(state, "warriors-dungeon-bait", "ben")
    assert _refused(state, A.PlayAction(actor="ben", card=bait, mode="monster")).code == "needs_base"
    after, _ = apply(state, A.PlayAction(actor="ben", card=bait, base=state.bases[1].uid, mode="monster"))
    assert len(after.bases[1].monsters) == 1


def test_a_card_on_a_minion_names_no_other_base_than_the_minions():
    """Dumbbells on Ben's minion at the second base: naming the first base is refused (in German and
    English), naming the second or none is the same play."""
    state = game_for("ben")
    minion = put_minion(state, "warriors-berserker", "ben", 1)
    dumbbells = take(state, "warriors-dumbbells", "ben")
    wrong = A.PlayAction(actor="ben", card=dumbbells, base=state.bases[0].uid, target=minion)
    error = _refused(state, wrong)
    assert error.code == "carrier_elsewhere"
    assert _words(error, "de").startswith("Diese Kreatur liegt an einer anderen Basis")
    assert _words(error, "en").startswith("That minion is at another base")
    named, _ = apply(state, wrong.model_copy(update={"base": state.bases[1].uid}))
    unnamed, _ = apply(state, wrong.model_copy(update={"base": None}))
    assert named.model_dump() == unnamed.model_dump()
    assert dumbbells in named.bases[1].minions[-1].attached


def test_a_card_that_acts_anywhere_is_offered_once_per_pick_not_per_base():
    """Potion of Idiotic Bravery (+3 for a minion anywhere) and Good Habits (+1 for every minion in
    play) name no base: each pick is offered once, with no base, and played so it does what it says;
    the form with a base that older games stored stays valid."""
    state = game_for("anna", {"anna": ["clerics"], "ben": ["warriors"], "cleo": ["orcs"]})
    state.player("anna").hand = []
    mine = put_minion(state, "clerics-turner", "anna", 0)
    theirs = put_minion(state, "warriors-berserker", "ben", 2)
    potion = take(state, "treasure-potion-of-idiotic-bravery", "anna")
    habits = take(state, "clerics-good-habits", "anna")
    plays = [m for m in legal_actions(state, "anna") if isinstance(m, A.PlayAction)]
    assert sorted((m.card, m.base, m.target) for m in plays if m.card == potion) == sorted(
        [(potion, None, mine), (potion, None, theirs)])
    assert [(m.base, m.target) for m in plays if m.card == habits] == [(None, None)]
    after, _ = apply(state, next(m for m in plays if m.card == potion and m.target == theirs))
    assert after.bases[2].minions[-1].until_end_of_turn == 3
    stored_form = A.PlayAction(actor="anna", card=potion, base=state.bases[1].uid, target=theirs)
    assert is_legal(state, stored_form)
