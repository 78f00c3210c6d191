"""Events that ``apply`` returns: what happened, and who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.documents import Document

PUBLIC = "public"


@dataclass(slots=True)
class Event(Document):
    """One thing that happened. ``audience`` is PUBLIC or the id of the one player who may see it.
    Made by the dozen per move: ``Event(kind, audience, params)`` in this order."""

    kind: str
    audience: str = PUBLIC
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def is_public(self) -> bool:
        return self.audience == PUBLIC
