"""Plain attribute reads for pydantic models on CPython (see read_fields_plainly): Smash Up's models
only, until they are plain dataclasses as Munchkin's are (engine.core.documents)."""

from __future__ import annotations

import ctypes
from typing import Any


def read_fields_plainly(models, private_read_directly: tuple[type, ...] = ()) -> tuple[type, ...]:
    """Lets CPython read these models' fields as it reads any object's attributes; returns the models
    it did this for. pydantic's BaseModel has a ``__getattr__``, which serves private attributes and
    extra fields only. A class with one gets CPython's attribute hook, which the interpreter never
    specializes, so each ``minion.uid`` took the slow path: about a sixth of the instructions of a
    Smash Up game (engine.sim, callgrind). For a model with neither (no PrivateAttr, no
    extra="allow"; any other model is left as it is) the type's attribute slot is set back to the
    plain lookup (PyObject_GenericGetAttr), which finds every field, property and method as before
    and raises the same AttributeError for any other name (all pydantic's ``__getattr__`` would do for
    it). A model of ``private_read_directly`` is switched although it has private attributes: its code
    reads them only through ``__pydantic_private__`` (writes still go through pydantic's
    ``__setattr__``), never as attributes, which would then raise AttributeError.

    The slot is found by comparing a plain class with one that has ``__getattr__``; where anything
    looks otherwise (another Python, another layout), nothing is changed and the models read as
    before."""
    slot = _getattr_slot()
    if slot is None:
        return ()
    index, plain, hook = slot
    done = []
    for model in models:
        words = _type_words(model)
        private = model.__private_attributes__ and model not in private_read_directly
        if private or model.model_config.get("extra") == "allow" or words[index] != hook:
            continue
        words[index] = plain
        ctypes.pythonapi.PyType_Modified(ctypes.py_object(model))
        done.append(model)
    return tuple(done)


def _getattr_slot() -> tuple[int, int, int] | None:
    """Where a type keeps its attribute lookup (tp_getattro, in pointer-sized words), the plain
    lookup's address and the hook's, or None where they cannot be told apart for sure."""
    try:
        plain = ctypes.cast(ctypes.pythonapi.PyObject_GenericGetAttr, ctypes.c_void_p).value
    except (AttributeError, ValueError):     # not CPython
        return None

    class Plain:
        pass

    class Hooked:
        def __getattr__(self, name: str) -> Any:
            raise AttributeError(name)

    without, with_hook = _type_words(Plain), _type_words(Hooked)
    found = [i for i in range(len(without)) if without[i] == plain and with_hook[i] != plain]
    if len(found) != 1 or with_hook[found[0]] is None:
        return None
    return found[0], plain, with_hook[found[0]]


def _type_words(cls: type):
    """A class's type object as pointer-sized words (read and written in place)."""
    return (ctypes.c_void_p * (type.__basicsize__ // ctypes.sizeof(ctypes.c_void_p))).from_address(id(cls))
