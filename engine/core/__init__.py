"""What every game of the engine shares: seeded RNG, errors, events, decisions and windows."""

from engine.core.errors import IllegalAction
from engine.core.events import PUBLIC, Event
from engine.core.rng import Rng

__all__ = ["PUBLIC", "Event", "IllegalAction", "Rng"]
