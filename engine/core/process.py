"""Settings for a process that plays many games: the bot, the console table, the search workers of the
schwer bots and the simulator."""

from __future__ import annotations

import gc


def freeze_startup_objects() -> None:
    """Set everything alive now aside from the garbage collector, for good: the modules, the card
    designs, the catalogues and their indexes, tens of thousands of objects that live as long as the
    process. Each full collection would otherwise walk them all again while the games allocate (in the
    simulator, collections cost 5-9% of the time; freezing saves about two thirds of that). Call it
    once, after the process has loaded what it keeps; whatever is made later is collected as always."""
    gc.collect()       # what is already garbage is freed first, not kept for good
    gc.freeze()


YOUNG_COLLECTION_EVERY = 20_000   # containers allocated (net) between collections of the youngest generation


def collect_less_often() -> None:
    """For a process that keeps many tables in memory (the bot): collect the youngest generation every
    YOUNG_COLLECTION_EVERY containers instead of every 700. One move allocates thousands of them, nearly
    all freed by reference counting at once; at 700 several collections ran within each move, moved
    each table that was in use into the older generations and so brought on the full collections that
    walk every table kept (loadbench, 200 Munchkin games: 7.4 s of 77 s spent collecting, pauses of
    350 ms every 6 s; at 20,000: 2.9 s, and the event loop's lag p99 fell from about 190 to 30 ms)."""
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, older, oldest)
