"""Plain dataclasses as stored documents: pydantic only at the boundary.

The engines' states, moves and events are slotted dataclasses (read and changed as any object,
made by their plain constructors). What comes from outside (a stored game, a move a front end sends)
and what is written out (the stored JSON) goes through a pydantic ``TypeAdapter`` over the same
classes, which validates the one and serializes the other. ``Document`` gives them the boundary
methods under the names pydantic's models use, so the table reads and writes every game's documents
alike.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Self, TypeVar, dataclass_transform

from pydantic import ConfigDict, TypeAdapter

T = TypeVar("T")

# a document from outside names no field its class does not have (as the models' extra="forbid")
STRICT = ConfigDict(extra="forbid")

_ADAPTERS: dict[type, TypeAdapter] = {}


# The documents' dataclasses are made by keywords, as their stored JSON names its fields. Written as
# decorators (not ``dataclass(...)`` bound to a name) so that the type checker knows them for what they
# make: classes with these fields as keyword parameters.
@dataclass_transform(kw_only_default=True, field_specifiers=(dataclasses.field,))
def part(cls: type[T]) -> type[T]:
    """A changeable part of a game's state: a slotted dataclass."""
    return dataclasses.dataclass(slots=True, kw_only=True)(cls)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(dataclasses.field,))
def frozen_part(cls: type[T]) -> type[T]:
    """A part that never changes once made (a move, a card's design): a slotted, frozen dataclass."""
    return dataclasses.dataclass(slots=True, frozen=True, kw_only=True)(cls)


def new_default(kind: Any) -> Any:
    """A field's default made anew for each document (``new_default(list)``: its own empty list)."""
    return dataclasses.field(default_factory=kind)


def adapter(cls: type[T]) -> TypeAdapter[T]:
    """The class's TypeAdapter, made at its first use (when every class it refers to is defined)."""
    found = _ADAPTERS.get(cls)
    if found is None:
        found = _ADAPTERS[cls] = TypeAdapter(cls)
    return found


class Document:
    """The boundary methods of a dataclass (the subclass's ``__pydantic_config__`` is its validation's
    config). No slots of its own: a slotted subclass stays slotted."""

    __slots__ = ()
    __pydantic_config__ = STRICT

    def model_dump_json(self, **options: Any) -> str:
        return adapter(type(self)).dump_json(self, **options).decode()

    def model_dump(self, **options: Any) -> dict[str, Any]:
        return adapter(type(self)).dump_python(self, **options)

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        return adapter(cls).validate_python(data)

    @classmethod
    def model_validate_json(cls, data: str | bytes) -> Self:
        return adapter(cls).validate_json(data)

    def model_copy(self, *, update: dict[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy with ``update``'s fields replaced; ``deep``: nothing mutable shared with this one
        (``copied``)."""
        copy: Any = copied(self) if deep else self
        return dataclasses.replace(copy, **(update or {})) if update or not deep else copy


def copied(value: Any) -> Any:
    """A deep copy of a document's value, as reading its stored form back would give (nothing mutable
    shared with the original), made directly: lists, dicts and the dataclasses of a document, each
    made again by its constructor; anything else (text, numbers, tuples of them) is kept. Of the same
    type as ``value``."""
    kind = type(value)
    if kind is list:
        return [copied(item) for item in value]
    if kind is dict:
        return {key: copied(item) for key, item in value.items()}
    names = _FIELDS.get(kind)
    if names is None:
        if not isinstance(value, Document):
            return value
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return kind(**{name: copied(getattr(value, name)) for name in names})


_FIELDS: dict[type, tuple[str, ...]] = {}
