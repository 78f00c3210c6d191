"""The card ops, one module for the ops several cards share (common) and one for each faction, the
bases, the monsters and the treasures: each op with what it may pick and the choices it opens. Importing the
package registers them all (engine.smashup.registry)."""

from engine.smashup.ops import (  # noqa: F401  (each module registers its ops)
    bases,
    clerics,
    common,
    dwarves,
    elves,
    halflings,
    mages,
    monsters,
    orcs,
    thieves,
    treasures,
    warriors,
)
