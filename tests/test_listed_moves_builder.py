"""The forms of Smash Up's moves listed by the thousand (actions.listed_*): the same values give the
very same move, frozen so that nobody changes it for the others, equal to what its constructor makes;
at most SHARED_LIMIT of them are remembered (bounded memory, issue #38: plain frozen dataclasses)."""

from __future__ import annotations

import dataclasses

import pytest

from engine.smashup import actions as smashup


@pytest.mark.parametrize(("form", "values", "expected"), [
    (smashup.listed_minion, ("p1", "c1", "b1", "m1", None, ("c2",), None),
     smashup.PlayMinion(actor="p1", card="c1", base="b1", target="m1", discard=("c2",))),
    (smashup.listed_action, ("p1", "c1", None, None, None, (), "draw", ("c3",)),
     smashup.PlayAction(actor="p1", card="c1", mode="draw", picks=("c3",))),
    (smashup.listed_talent, ("p1", "c1", "m1", "b1", (), None),
     smashup.UseTalent(actor="p1", card="c1", target="m1", target2="b1")),
    (smashup.listed_finish, ("p1",), smashup.FinishPlaying(actor="p1")),
])
def test_a_shared_form_hands_out_one_frozen_move_per_values(form, values, expected):
    first = form(*values)
    assert form(*values) is first
    assert (first, first.model_dump_json(), hash(first)) == (expected, expected.model_dump_json(), hash(expected))
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.actor = "p2"          # type: ignore[misc]


def test_the_unshared_forms_make_the_constructors_moves():
    assert smashup.listed_special("p1", "c1", None, None, ("c2",), "b1") == \
        smashup.PlaySpecial(actor="p1", card="c1", picks=("c2",), base="b1")
    assert smashup.listed_choice("p1", 3, "c1") == smashup.Choose(actor="p1", decision=3, option="c1")


def test_a_shared_form_forgets_past_its_limit():
    first = smashup.listed_talent("p9", "c1", None, None, (), None)
    for n in range(smashup.SHARED_LIMIT):
        smashup.listed_talent("p9", f"x{n}", None, None, (), None)
    assert smashup.listed_talent("p9", "c1", None, None, (), None) is not first
