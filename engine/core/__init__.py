"""What every game of the engine shares: seeded RNG, errors, events, decisions and windows."""

from engine.core.errors import IllegalAction
from engine.core.events import Event, PUBLIC
from engine.core.rng import Rng

__all__ = ["IllegalAction", "Event", "PUBLIC", "Rng"]
