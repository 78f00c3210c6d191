"""Moves the engines list by the hundred thousand (legal_actions): made from values already of their
fields' types, without pydantic validating each field again, yet the very object the model's
constructor gives (equal, same hash, same dump, same fields set). Moves from outside are always
parsed and validated. Each game's tests compare its listed moves with the constructor's."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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


SHARED_LIMIT = 4_096      # moves a shared maker remembers before it starts afresh (bounded memory)


def move_maker(cls: type[M], *names: str, shared: bool = False) -> Callable[..., M]:
    """A function ``make(*values)`` giving ``listed_move(cls, **dict(zip(names, values)))`` (a field
    whose default a factory makes may be among the names, never left out), for the forms a listing
    (or the events a move) makes by the thousand: its source is written once for these fields (like
    dataclasses' ``__init__``), so each move costs no keyword dict, no merge with the defaults and
    no set of the names given (about a third less than listed_move).

    ``shared``: the same values give the very same object, remembered (up to SHARED_LIMIT, then
    afresh) — for a frozen move listed again after every action (the same trade offers, the same
    curses on the same players), looked up for a fraction of making it. The values must be hashable."""
    defaults = _defaults(cls, names)
    unknown = set(names) - set(defaults)
    if unknown or len(set(names)) != len(names) or set(names) & {"move", "cls", "_defaults"} \
            or any(name.startswith(("_SET", "_SHARED")) or name in ("_NEW", "_FIELDS_SET") for name in names):
        raise TypeError(f"{cls.__name__}: cannot make a maker for the fields {names}")
    if shared and not cls.model_config.get("frozen"):
        raise TypeError(f"{cls.__name__} is not frozen: its moves cannot be shared")
    # every field in the model's order, as the constructor fills __dict__: a given value or its default
    entries = ", ".join(f"{name!r}: {name if name in names else f'_defaults[{name!r}]'}" for name in defaults)
    # pydantic changes a model's fields set in place only when a field is assigned (a copy gets its own
    # set): a frozen model refuses that, and a set naming every field stays the same. Then all the
    # maker's moves hold one set of the names (a set of eight names, made for each move, cost as much
    # as the rest of the move); otherwise each move gets its own.
    one_set = cls.model_config.get("frozen") or set(names) == set(defaults)
    key = f"({', '.join(names)},)"
    looked_up = (f"    move = _SHARED_GET({key})\n"
                 f"    if move is not None:\n"
                 f"        return move\n"
                 f"    if len(_SHARED) >= {SHARED_LIMIT}:\n"
                 f"        _SHARED.clear()\n") if shared else ""
    source = (f"def make({', '.join(names)}):\n"
              f"{looked_up}"
              f"    move = _NEW(cls)\n"
              f"    _SET_DICT(move, {{{entries}}})\n"
              f"    _SET_FIELDS_SET(move, {'_FIELDS_SET' if one_set else repr(set(names))})\n"
              f"    _SET_EXTRA(move, None)\n"
              f"    _SET_PRIVATE(move, None)\n"
              + (f"    _SHARED[{key}] = move\n" if shared else "")
              + "    return move\n")
    remembered: dict[tuple, M] = {}
    namespace = {"_NEW": _NEW, "_SET_DICT": _SET_DICT, "_SET_FIELDS_SET": _SET_FIELDS_SET, "_SET_EXTRA": _SET_EXTRA,
                 "_SET_PRIVATE": _SET_PRIVATE, "cls": cls, "_defaults": defaults,
                 "_SHARED": remembered, "_SHARED_GET": remembered.get, "_FIELDS_SET": set(names)}
    # the source is built above from the model's own field names; its file name shows in profiles
    exec(compile(source, f"<move_maker {cls.__name__}: {', '.join(names)}>", "exec"), namespace)
    make = namespace["make"]
    make.__qualname__ = f"move_maker({cls.__name__}, {', '.join(names)})"
    return make
