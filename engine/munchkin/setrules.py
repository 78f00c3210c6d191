"""What the sets in play change about the shared rules. One place to look for "which set does what";
each set's own mechanics live in engine/munchkin/sets/."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.munchkin.state import Options


@dataclass(frozen=True)
class SetRules:
    starting_doors: int = 4
    starting_treasures: int = 4
    follow_traits: tuple[str, ...] = ("undead",)   # monsters that join their kind without a card
    treasure_for_defeat_without_kill: bool = False
    keeps_curses_at_death: bool = False
    traded_items_unsellable: bool = False
    backpack_out_of_turn: bool = False   # items into and out of the backpack on others' turns too
    items_in_combat: bool = False     # a non-one-shot item may be played from hand during a combat
    listen_at_door: bool = False      # faster play: phase 0 draws a face-down door card
    loot_treasure: bool = False       # faster play: looting the room draws a treasure, not a door


def rules_for(sets: tuple[str, ...], options: Options) -> SetRules:
    """The rules for these sets and options; asked on nearly every move, so worked out once for each
    combination (SetRules is frozen: the same value may be handed out again)."""
    return _rules_for(tuple(sets), options.faster_play)


@cache
def _rules_for(sets: tuple[str, ...], faster_play: bool) -> SetRules:
    chosen = set(sets)
    follow = ["undead"]
    if "cthulhu" in chosen:
        follow.append("goth")           # Cthulhu: "Goth-Monster"
    if "axecop" in chosen:
        follow.append("christmas")      # Axe Cop: "Weihnachtsmonster"
    # Impossible alone starts with 2 door and 2 treasure cards; its faster play (and every mix, whose
    # "Kombiniere" sections switch faster play on) deals the usual 4 + 4 (Impossible: "Schnelleres Spiel").
    small_start = sets == ("impossible",) and not faster_play
    # faster play is phase 0 and treasure for looting in Cthulhu (l.33), Shakespeare and Axe Cop;
    # Impossible's own faster play is only 4 + 4 cards and the claim (I l.287-291). A mix keeps
    # phase 0 and the treasure (the others' "Kombiniere" sections).
    faster_extras = faster_play and sets != ("impossible",)
    return SetRules(
        listen_at_door=faster_extras,
        loot_treasure=faster_extras,
        starting_doors=2 if small_start else 4,
        starting_treasures=2 if small_start else 4,
        follow_traits=tuple(follow),
        # Impossible and Axe Cop: "Gewonnen!" pays treasure for monsters removed without a kill too
        treasure_for_defeat_without_kill=bool(chosen & {"impossible", "axecop"}),
        # Axe Cop "Tod": curses stay; Impossible "Tod": lasting trap effects stay
        keeps_curses_at_death=bool(chosen & {"axecop", "impossible"}),
        traded_items_unsellable="impossible" in chosen,          # Impossible: "Handeln"
        # Impossible l.195 bars backpack changes only in a combat or while running away; Cthulhu
        # l.286 (and the books that follow it) only on your own turn. A mix keeps the own turn.
        backpack_out_of_turn=chosen == {"impossible"},
        # Cthulhu l.212, Shakespeare l.505-506, Impossible l.201: no items but one-shots during a
        # combat. Impossible l.235 lets the player whose turn it is play one and use it at once; we
        # follow l.201 there. Axe Cop l.122 bans only selling and trading in combat, so Axe Cop alone
        # keeps its items on its own turn (l.245); a mix takes the ban.
        items_in_combat=chosen == {"axecop"},
    )
