"""engine.core.moves (Smash Up's moves, pydantic models; Munchkin's are plain dataclasses): listed
moves made without pydantic's validation must be the constructor's objects. The games' own tests
compare every listed move with its parsed JSON; here the shortcut refuses the models it could not
make faithfully, so a new field with a factory default or a private attribute on a move fails at
once instead of giving a subtly different object."""

from __future__ import annotations

import types
import typing

import pytest
from pydantic import BaseModel, Field, PrivateAttr

from engine.core.moves import listed_move
from engine.smashup import actions as smashup


def move_classes(module) -> list[type]:
    found, todo = [], list(module._Action.__subclasses__())
    while todo:
        cls = todo.pop()
        found.append(cls)
        todo += cls.__subclasses__()
    return found


def sample(annotation):
    """A value of the field's declared type, as legal_actions would pass it."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Literal:
        return args[0]
    if origin in (typing.Union, types.UnionType):
        return sample(next(a for a in args if a is not type(None)))
    if origin is tuple:
        return ("c1",)
    return {int: 1, bool: True, str: "c1"}[annotation]


@pytest.mark.parametrize("cls", move_classes(smashup), ids=lambda c: c.__name__)
def test_every_move_of_both_games_can_be_listed_faithfully(cls):
    required = {name: sample(field.annotation) for name, field in cls.model_fields.items() if field.is_required()}
    made = listed_move(cls, **required)
    assert made == cls(**required) and made.model_dump() == cls(**required).model_dump()
    assert made.model_fields_set == cls(**required).model_fields_set


def test_a_model_it_cannot_make_faithfully_is_refused():
    class WithFactory(BaseModel):
        cards: list[str] = Field(default_factory=list)

    class WithPrivate(BaseModel):
        name: str = ""
        _seen: int = PrivateAttr(default=0)

    for cls in (WithFactory, WithPrivate):
        with pytest.raises(TypeError, match="constructor"):
            listed_move(cls)


@pytest.mark.parametrize("cls", move_classes(smashup), ids=lambda c: c.__name__)
def test_a_move_maker_gives_what_listed_move_gives(cls):
    """move_maker's made function gives the same object as listed_move with the same fields, the
    optional fields given as well as left out."""
    from engine.core.moves import move_maker

    required = {name: sample(field.annotation) for name, field in cls.model_fields.items() if field.is_required()}
    given = {**required, **{name: sample(field.annotation) for name, field in cls.model_fields.items()
                            if not field.is_required() and name != "type"}}
    for fields in (required, given):
        made = move_maker(cls, *fields)(*fields.values())
        expected = cls(**fields)
        assert (made, made.model_dump_json(), repr(made), hash(made)) == \
            (expected, expected.model_dump_json(), repr(expected), hash(expected))
        assert made.model_fields_set == expected.model_fields_set
        assert list(made.__dict__) == list(expected.__dict__)


def test_a_move_maker_refuses_fields_the_model_does_not_have():
    from engine.core.moves import move_maker

    with pytest.raises(TypeError):
        move_maker(smashup.Choose, "actor", "decisions")
    with pytest.raises(TypeError):
        move_maker(smashup.Choose, "actor", "actor")


def test_a_shared_maker_hands_out_one_object_per_move_and_forgets_past_its_limit():
    """A shared maker gives the same move for the same values (frozen, so nobody can change it for
    the others), the very object the constructor would give, and keeps at most SHARED_LIMIT moves."""
    from engine.core import moves

    choose = moves.move_maker(smashup.Choose, "actor", "decision", "option", shared=True)
    first = choose("p1", 2, "c1")
    assert choose("p1", 2, "c1") is first
    assert choose("p2", 2, "c1") is not first
    expected = smashup.Choose(actor="p1", decision=2, option="c1")
    assert (first, first.model_dump_json(), first.model_fields_set) == \
        (expected, expected.model_dump_json(), expected.model_fields_set)
    with pytest.raises(ValueError):
        first.option = "c2"                 # frozen: nobody changes a move the others hold
    for n in range(moves.SHARED_LIMIT):
        choose("p1", n + 10, "c1")
    assert choose("p1", 2, "c1") is not first       # forgotten once the limit was reached


def test_only_frozen_moves_are_shared():
    from engine.core.moves import move_maker

    class Loose(BaseModel):
        actor: str

    with pytest.raises(TypeError, match="frozen"):
        move_maker(Loose, "actor", shared=True)


def test_moves_of_one_maker_share_no_fields_set_anything_changes():
    """A maker's frozen moves hold one fields set: a copy with an update gets its own (pydantic's
    __copy__), so the other moves keep theirs; a model that may be assigned a field left out gets a
    set of its own for each object."""
    from engine.core.moves import move_maker

    make = move_maker(smashup.PlayAction, "actor", "card", "base")
    first, second = make("p1", "c1", None), make("p1", "c2", "b1")
    changed = first.model_copy(update={"target": "m1"})
    assert changed.model_fields_set == {"actor", "card", "base", "target"}
    assert first.model_fields_set == second.model_fields_set == {"actor", "card", "base"}

    class Loose(BaseModel):
        actor: str
        seen: int = 0

    loose = move_maker(Loose, "actor")
    one, other = loose("p1"), loose("p2")
    one.seen = 1
    assert (one.model_fields_set, other.model_fields_set) == ({"actor", "seen"}, {"actor"})
