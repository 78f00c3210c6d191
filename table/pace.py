"""How long the table waits: per pace, in seconds. The engine never reads a clock; the table turns
these into deadlines and the scheduler submits the engine's timeout when one passes."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core.numbers import NumberError, parse_decimal
from table.errors import TableError


class Pace(BaseModel):
    name: str
    window_seconds: float      # a reaction window closes as if everyone silent had passed
    decision_seconds: float    # a pending decision takes its default
    turn_seconds: float | None = None   # the turn timer: then the least harmful play moves the turn on
    # a time bank per player, as in correspondence play: the turn timer is the bank of the player on
    # turn; a turn spends what it took and adds the increment, up to the cap
    bank_increment: float | None = None
    bank_cap: float | None = None

    @property
    def has_bank(self) -> bool:
        return self.turn_seconds is not None and self.bank_increment is not None


HOUR = 3600
PACES: dict[str, Pace] = {
    "live": Pace(name="live", window_seconds=45, decision_seconds=120),
    "async": Pace(name="async", window_seconds=4 * HOUR, decision_seconds=12 * HOUR, turn_seconds=24 * HOUR,
                  bank_increment=12 * HOUR, bank_cap=48 * HOUR),
}


def _async_turn(hours: int) -> str:
    """An asynchronous pace with a turn of this many hours; the bank grows by half a turn a turn and
    holds two turns at most, as the plain "async" pace does with its 24 hours."""
    turn = hours * HOUR
    return f"async;turn={turn};increment={turn // 2};cap={2 * turn}"


# the paces /tempo offers by name (the choice texts "pace_<key>"); any other spec can still be typed
NAMED_PACES: dict[str, str] = {
    "live": "live",
    "async": "async",
    "async_12h": _async_turn(12),
    "async_48h": _async_turn(48),
    "async_72h": _async_turn(72),
}
FIELDS = {"window": "window_seconds", "decision": "decision_seconds", "turn": "turn_seconds",
          "increment": "bank_increment", "cap": "bank_cap"}


def overrides_of(spec: str) -> dict[str, float] | None:
    """The numbers a pace spec overrides, by Pace field; None when a part is not "field=seconds" (a
    number in ASCII digits, one decimal point at most: "turn=²" is refused, not read later)."""
    _, *items = spec.split(";")
    changes = {}
    for item in items:
        key, _, value = item.partition("=")
        if key not in FIELDS:
            return None
        try:
            changes[FIELDS[key]] = parse_decimal(value)
        except NumberError:
            return None
    return changes


def pace_of(spec: str) -> Pace:
    """A pace by name, with numbers overridden: "async;turn=172800;window=7200" (seconds)."""
    pace = PACES.get(spec.split(";")[0], PACES["live"])
    return pace.model_copy(update=overrides_of(spec) or {})


def check_pace(spec: str) -> None:
    """A pace the host names: a known name, then "field=seconds" parts; else TableError, in words."""
    if spec.split(";")[0] not in PACES:
        raise TableError("unknown_pace", pace=spec)
    if overrides_of(spec) is None:
        raise TableError("pace_override", pace=spec, words=", ".join(FIELDS))


def seconds_for(pace: Pace, target: str) -> float | None:
    """How long this prompt waits; None: it has no deadline at this pace."""
    if target.startswith("window:"):
        return pace.window_seconds
    if target.startswith("turn:"):
        return pace.turn_seconds
    return pace.decision_seconds
