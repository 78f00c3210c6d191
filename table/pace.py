"""How long the table waits: per pace, in seconds. The engine never reads a clock; the table turns
these into deadlines and the scheduler submits the engine's timeout when one passes."""

from __future__ import annotations

from pydantic import BaseModel


class Pace(BaseModel):
    name: str
    window_seconds: float      # a reaction window closes as if everyone silent had passed
    decision_seconds: float    # a pending decision takes its default
    turn_seconds: float | None = None   # the turn timer: then the least harmful play moves the turn on


PACES: dict[str, Pace] = {
    "live": Pace(name="live", window_seconds=45, decision_seconds=120),
    "async": Pace(name="async", window_seconds=4 * 3600, decision_seconds=12 * 3600, turn_seconds=24 * 3600),
}


def pace_of(name: str) -> Pace:
    return PACES.get(name, PACES["live"])


def seconds_for(pace: Pace, target: str) -> float | None:
    """How long this prompt waits; None: it has no deadline at this pace."""
    if target.startswith("window:"):
        return pace.window_seconds
    if target.startswith("turn:"):
        return pace.turn_seconds
    return pace.decision_seconds
