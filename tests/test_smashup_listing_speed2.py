"""The fast listing of cards that choose one of several modes (README, "How the engines stay fast"):
their picks are checked against what the card may pick in the mode named, looked up once per card and
base while the state is read only. The plays listed must be the ones validate allows, in the order
the slow listing finds."""

from __future__ import annotations

from engine.smashup import listing
from engine.smashup.power import powers_fixed
from tests.test_smashup import take
from tests.test_smashup_cards import add_monster, game_for, put_minion
from tests.test_smashup_speed_listing import _slow_plays


def test_turner_is_offered_the_undead_monster_at_each_base_it_may_go_to():
    """Card text of Turner, choose one: destroy an undead monster here, or shuffle a minion of your
    discard pile into your deck (mode "recycle", no pick). With a Ghoul at the first base, King Tut at
    the third and no monster at the other two, each base offers its own monster to destroy, and every
    base offers the shuffle without a pick (a choice of modes: the monster there does not force the
    first); the bases without a monster offer the first mode without a pick too."""
    state = game_for("cleo", {"anna": ["orcs"], "ben": ["warriors"], "cleo": ["clerics"]})
    state.player("cleo").hand = []
    ghoul, tut = add_monster(state, 0, "monster-ghoul"), add_monster(state, 2, "monster-king-tut")
    turner = take(state, "clerics-turner", "cleo")
    with powers_fixed(state):
        plays = listing._hand_moves(state, "cleo")
    assert all(m.card == turner for m in plays)
    bases = [b.uid for b in state.bases]
    assert {base: [m.target for m in plays if m.base == base and m.mode is None] for base in bases} == {
        bases[0]: [ghoul], bases[1]: [None], bases[2]: [tut], bases[3]: [None]}
    assert [(m.target, m.mode) for m in plays if m.base in (bases[1], bases[3])] == [
        (None, None), (None, "recycle")] * 2
    assert [(m.target, m.mode) for m in plays if m.base in (bases[0], bases[2])] == [
        (ghoul, None), (None, "recycle"), (tut, None), (None, "recycle")]
    assert plays == _slow_plays(state, "cleo")


def test_dungeon_bait_offers_the_weak_minions_at_every_base():
    """Card text of Dungeon Bait, choose one: destroy a minion of power 2 or less, or play a monster
    at this base (mode "monster", no pick). Anna's Scroll Shuffler (power 2) is offered at every base, her
    stronger one nowhere, and the monster mode without a pick at every base, also while a weak minion
    could be destroyed; without one, both modes without a pick."""
    state = game_for("ben")
    state.player("ben").hand = []
    weak = put_minion(state, "mages-scroll-shuffler", "anna", 0)
    strong = put_minion(state, "orcs-topper-chopper", "anna", 1)
    bait = take(state, "warriors-dungeon-bait", "ben")
    with powers_fixed(state):
        plays = listing._hand_moves(state, "ben")
    assert [(m.card, m.base, m.target, m.mode) for m in plays] == [
        (bait, b.uid, target, mode) for b in state.bases for target, mode in ((weak, None), (None, "monster"))]
    assert plays == _slow_plays(state, "ben")
    state.bases[0].minions = []
    with powers_fixed(state):
        plays = listing._hand_moves(state, "ben")
    assert [(m.base, m.target, m.mode) for m in plays] == [
        (b.uid, None, mode) for b in state.bases for mode in (None, "monster")]
    assert strong not in {m.target for m in plays}
    assert plays == _slow_plays(state, "ben")


def test_berserker_is_offered_the_monsters_at_each_base_it_may_go_to():
    """Card text of Berserker: destroy a monster here no stronger than it (power 3). A base whose
    monsters it may destroy are the same as the base before's shares that base's picks in the
    listing: with a Ghoul (power 3) at the first base, none at the second and third, and Ghoul and
    King Tut (power 4) at the fourth, each base offers exactly its own Ghoul, or no pick."""
    state = game_for("ben")
    state.player("ben").hand = []
    first, last = add_monster(state, 0, "monster-ghoul"), add_monster(state, 3, "monster-ghoul")
    tut = add_monster(state, 3, "monster-king-tut")
    berserker = take(state, "warriors-berserker", "ben")
    with powers_fixed(state):
        plays = listing._hand_moves(state, "ben")
    assert [(m.card, m.base, m.target) for m in plays] == [
        (berserker, base.uid, pick) for base, pick in zip(state.bases, (first, None, None, last), strict=True)]
    assert tut not in {m.target for m in plays}
    assert plays == _slow_plays(state, "ben")
