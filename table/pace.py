"""How long the table waits: per pace, in seconds. The engine never reads a clock; the table turns
these into deadlines and the scheduler submits the engine's timeout when one passes."""

from __future__ import annotations

from pydantic import BaseModel


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
FIELDS = {"window": "window_seconds", "decision": "decision_seconds", "turn": "turn_seconds",
          "increment": "bank_increment", "cap": "bank_cap"}


def pace_of(spec: str) -> Pace:
    """A pace by name, with numbers overridden: "async;turn=172800;window=7200" (seconds)."""
    name, *overrides = spec.split(";")
    pace = PACES.get(name, PACES["live"])
    changes = {}
    for item in overrides:
        key, _, value = item.partition("=")
        if key in FIELDS and value.replace(".", "", 1).isdigit():
            changes[FIELDS[key]] = float(value)
    return pace.model_copy(update=changes)


def valid_pace(spec: str) -> bool:
    name, *overrides = spec.split(";")
    return name in PACES and all(
        o.partition("=")[0] in FIELDS and o.partition("=")[2].replace(".", "", 1).isdigit() for o in overrides)


def seconds_for(pace: Pace, target: str) -> float | None:
    """How long this prompt waits; None: it has no deadline at this pace."""
    if target.startswith("window:"):
        return pace.window_seconds
    if target.startswith("turn:"):
        return pace.turn_seconds
    return pace.decision_seconds
