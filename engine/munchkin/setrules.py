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
    # Impossible alone starts with 2 door and 2 treasure cards; its faster play (and every mix, whose
    # "Kombiniere" sections switch faster play on) deals the usual 4 + 4 (Impossible: "Schnelleres Spiel").
    if tuple(sets) == ("impossible",) and not options.faster_play:
        return SetRules(starting_doors=2, starting_treasures=2)
    return SetRules()
