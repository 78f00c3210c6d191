"""Smash Up's moves and state objects, pydantic models the engine makes by the hundred thousand
(legal_actions): made from values already of their fields' types, without pydantic validating each
field again, yet the very object the model's constructor gives (equal, same hash, same dump, same
fields set). Moves from outside are always parsed and validated. Munchkin's moves and state are
plain dataclasses (engine.core.documents) and need none of this; Smash Up's follow."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_DEFAULTS: dict[type, dict[str, Any]] = {}
_NEW = object.__new__
# BaseModel's own slots, set through their descriptors (a third cheaper than object.__setattr__, which
# looks each name up again): frozen models refuse ordinary attribute assignment
_SET_DICT = BaseModel.__dict__["__dict__"].__set__
_SET_FIELDS_SET = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_SET_EXTRA = BaseModel.__dict__["__pydantic_extra__"].__set__
_SET_PRIVATE = BaseModel.__dict__["__pydantic_private__"].__set__


def listed_move(cls: type[M], **given: Any) -> M:
    """``cls(**given)`` without the validation: every field without a default must be given, each as
    a value of its declared type (tuples, not lists)."""
    return model_from(cls, {**(_DEFAULTS.get(cls) or _defaults(cls)), **given}, given)


def model_from(cls: type[M], values: dict[str, Any], fields_set: Iterable[str]) -> M:
    """A model of this class holding ``values`` (every field, in the model's order, each already of
    its declared type) with ``fields_set`` counted as set, as its constructor leaves it, without
    validating the values (the engines' moves and their own state objects, made by the thousand)."""
    made = _NEW(cls)
    _SET_DICT(made, values)
    _SET_FIELDS_SET(made, set(fields_set))
    _SET_EXTRA(made, None)
    _SET_PRIVATE(made, None)
    return made


def _defaults(cls: type[BaseModel], given: tuple[str, ...] = ()) -> dict[str, Any]:
    """Each field's default in the model's field order; a model this shortcut cannot make faithfully
    (a default made by a factory for a field not always given, private attributes, extra fields) is
    refused at once."""
    fields = cls.model_fields
    if any(field.default_factory is not None for name, field in fields.items() if name not in given) \
            or cls.__private_attributes__ or cls.model_config.get("extra") == "allow":
        raise TypeError(f"{cls.__name__} cannot be made without validation: build it with its constructor")
    found = {name: field.default for name, field in fields.items()}
    if not given:
        _DEFAULTS[cls] = found
    return found


SHARED_LIMIT = 4_096      # moves a shared maker remembers (bounded memory): the least recently made go


def move_maker(cls: type[M], *names: str, shared: bool = False) -> Callable[..., M]:
    """A function ``make(*values)`` giving ``listed_move(cls, **dict(zip(names, values)))`` (a field
    whose default a factory makes may be among the names, never left out), for the forms a listing
    makes by the thousand: the defaults are merged and the fields set made once for the maker.

    ``shared``: the same values give the very same object, remembered (up to SHARED_LIMIT) — for a
    frozen move listed again after every action, looked up for a fraction of making it. The values
    must be hashable."""
    defaults = _defaults(cls, names)
    if set(names) - set(defaults) or len(set(names)) != len(names):
        raise TypeError(f"{cls.__name__}: cannot make a maker for the fields {names}")
    if shared and not cls.model_config.get("frozen"):
        raise TypeError(f"{cls.__name__} is not frozen: its moves cannot be shared")
    # pydantic changes a model's fields set in place only when a field is assigned (a copy gets its own
    # set): a frozen model refuses that, and a set naming every field stays the same. Then all the
    # maker's moves hold one set of the names; otherwise each move gets its own.
    one_set = set(names) if cls.model_config.get("frozen") or set(names) == set(defaults) else None
    field_order = tuple(defaults)
    given_at = {name: index for index, name in enumerate(names)}
    # each field in the model's order (as the constructor fills __dict__): where its value comes from
    sources = tuple((name, given_at.get(name), defaults[name]) for name in field_order)

    def make(*values: Any) -> M:
        move = _NEW(cls)
        _SET_DICT(move, {name: default if at is None else values[at] for name, at, default in sources})
        _SET_FIELDS_SET(move, one_set if one_set is not None else set(names))
        _SET_EXTRA(move, None)
        _SET_PRIVATE(move, None)
        return move

    make.__qualname__ = f"move_maker({cls.__name__}, {', '.join(names)})"
    return lru_cache(maxsize=SHARED_LIMIT)(make) if shared else make
