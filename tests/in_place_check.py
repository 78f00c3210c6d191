"""Shared by both games' in-place tests: a move applied both ways from the same state gives equal
results; the copying form leaves its argument as it was, the in-place form changes (and returns) its own;
a move the rules refuse is refused in place too and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine.core.errors import IllegalAction


def same_in_place(apply: Callable[..., Any], state: Any, move: Any) -> None:
    before = state.model_dump()
    copied, copied_events = apply(state, move)
    own = state.clone()
    changed, events = apply(own, move, in_place=True)
    assert changed is own
    assert state.model_dump() == before
    assert changed.model_dump() == copied.model_dump(), f"in place differs after {move!r}"
    assert events == copied_events


def refused_in_place(apply: Callable[..., Any], is_legal: Callable[[Any, Any], bool], state: Any, move: Any,
                     errors: tuple[type[Exception], ...] = (IllegalAction,)) -> bool:
    """For a move the rules refuse: the in-place apply raises one of ``errors`` and leaves the state as it
    was (True). A legal move is not tried (False)."""
    if is_legal(state, move):
        return False
    own = state.clone()
    with pytest.raises(errors):
        apply(own, move, in_place=True)
    assert own.model_dump() == state.model_dump(), f"refused {move!r} changed the state"
    return True
