"""Shared by both games' in-place tests: a move applied both ways from the same state gives equal
results; the copying form leaves its argument as it was, the in-place form changes (and returns) its own."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def same_in_place(apply: Callable[..., Any], state: Any, move: Any) -> None:
    before = state.model_dump()
    copied, copied_events = apply(state, move)
    own = state.clone()
    changed, events = apply(own, move, in_place=True)
    assert changed is own
    assert state.model_dump() == before
    assert changed.model_dump() == copied.model_dump(), f"in place differs after {move!r}"
    assert events == copied_events
