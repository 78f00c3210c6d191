"""Moves the engines list by the hundred thousand (legal_actions): made from values already of their
fields' types, without pydantic validating each field again, yet the very object the model's
constructor gives (equal, same hash, same dump, same fields set). Moves from outside are always
parsed and validated. Each game's tests compare its listed moves with the constructor's."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel

M = TypeVar("M", bound=BaseModel)

_DEFAULTS: dict[type, dict[str, Any]] = {}
_NEW = object.__new__
_SET = object.__setattr__


def listed_move(cls: type[M], **given: Any) -> M:
    """``cls(**given)`` without the validation: every field without a default must be given, each as
    a value of its declared type (tuples, not lists)."""
    move = _NEW(cls)
    _SET(move, "__dict__", {**(_DEFAULTS.get(cls) or _defaults(cls)), **given})
    _SET(move, "__pydantic_fields_set__", set(given))
    _SET(move, "__pydantic_extra__", None)
    _SET(move, "__pydantic_private__", None)
    return move


def _defaults(cls: type[BaseModel]) -> dict[str, Any]:
    """Each field's default in the model's field order; a model this shortcut cannot make faithfully
    (a default made by a factory, private attributes, extra fields) is refused at once."""
    fields = cls.model_fields
    if any(field.default_factory is not None for field in fields.values()) or cls.__private_attributes__ \
            or cls.model_config.get("extra") == "allow":
        raise TypeError(f"{cls.__name__} cannot be made without validation: build it with its constructor")
    found = _DEFAULTS[cls] = {name: field.default for name, field in fields.items()}
    return found
