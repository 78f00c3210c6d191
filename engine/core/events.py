"""Events that ``apply`` returns: what happened, and who may see it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engine.core.plain_reads import read_fields_plainly

PUBLIC = "public"


class Event(BaseModel):
    """One thing that happened. ``audience`` is PUBLIC or the id of the one player who may see it."""

    kind: str
    audience: str = PUBLIC
    params: dict[str, Any] = Field(default_factory=dict)

    @property
    def is_public(self) -> bool:
        return self.audience == PUBLIC


# events are made and read by the dozen per move: fields read with the plain lookup (engine.core.plain_reads)
PLAIN_READS = read_fields_plainly((Event,))
