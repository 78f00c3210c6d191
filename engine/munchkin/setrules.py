"""What the sets in play change about the shared rules. One place to look for "which set does what";
each set's own mechanics live in their own module once they are built."""

from __future__ import annotations

from dataclasses import dataclass

from engine.munchkin.state import Options


@dataclass(frozen=True)
class SetRules:
    starting_doors: int = 4
    starting_treasures: int = 4
    follow_traits: tuple[str, ...] = ("undead",)   # monsters that join their kind without a card
    treasure_for_defeat_without_kill: bool = False


def rules_for(sets: tuple[str, ...], options: Options) -> SetRules:
    return SetRules()
