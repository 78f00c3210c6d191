"""The ops of Smash Up – Munchkin's cards: what each op does and what kind of op it is, registered
where the op is defined (ops/, bases.py, monsters.py, treasures.py, power.py …). A card names its ops
in its effects (data/smashup/cards.yaml); the engine plays a card whose every op is registered here.

Kinds (``kind=``):
    now        acts when its card is played (most)
    lasting    works while its card lies in play (power.py, targets.py and hooks.py read it)
    attached   lasting, on a card played on a minion (the card needs a minion to lie on)
    hook       waits for a moment of the game (hooks.py: a minion played, a base scoring …)
    cost       a price paid before the card's other effects (turn.check_cost)
    set_aside  a special that waits beside the base and acts during its scoring (Helping Hands)

and, for specials, ``special=`` "before", "during" or "after": the op works only as a special in
that round of a scoring ("Die große Wertung", steps 3, 4-5 and 6), not as an action in one's turn.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.smashup.cards import Effect
from engine.smashup.tx import Tx


@dataclass(slots=True)
class Context:
    """What an op acting is given besides its effect: whose card, which, where, and what it picked."""

    player: str
    card: str
    base: str | None
    target: str | None
    discard: tuple[str, ...] = ()
    mode: str | None = None
    target2: str | None = None
    picks: tuple[str, ...] = ()
    placed: dict[str, int] | None = None   # a scoring's places, for specials acting in it; None outside a
    #                                        scoring (where most Contexts are made: no dict for each)
    kept_off: str | None = None   # Stalling: the player whose minions at their Stalling's base this card's
    #                               effects on every minion there pass over (they chose so)


Op = Callable[[Tx, Effect, Context], None]
Candidates = Callable[..., list[str]]       # (state, effect, context) -> candidate uids

OPS: dict[str, Op] = {}
NEEDS_TARGET: dict[str, Candidates] = {}   # op -> candidates for its first pick
NEEDS_TARGET2: dict[str, Candidates] = {}  # op -> candidates for the second pick, given the first
OPTIONAL_TARGET_OPS: set[str] = set()      # ops whose pick may be left out ("you may")
PICK_OPS: dict[str, Candidates] = {}       # op -> candidates for "any number of" picks (Context.picks)
Idle = Callable[..., bool]                 # (state, effect, player, card) -> the op would do nothing now
IDLE_WHEN: dict[str, Idle] = {}            # op -> when it does nothing (a talent made only of such ops
#                                            is not offered then: turn.talent_idle)

# the kinds, as sets of op names (filled as the ops register; read by the hundred thousand)
LASTING_OPS: set[str] = set()      # kinds "lasting" and "attached"
ATTACH_OPS: set[str] = set()       # kind "attached"
HOOK_OPS: set[str] = set()         # kind "hook"
SET_ASIDE_OPS: set[str] = set()    # kind "set_aside"
COST_OPS: dict[str, str] = {}      # kind "cost": op -> what is paid ("any" card, a "treasure")
OWED_COSTS: set[str] = set()       # a discard the text demands outright ("Discard a card. Draw a card."),
#                                    not a price ("Um …"): paid with what the hand has, the rest acts anyway
OPTIONAL_COSTS: dict[str, tuple[int, int]] = {}   # a price the player may pay or not: op -> the card counts
SPECIAL_ONLY_OPS: set[str] = set()   # special= given
DURING_OPS: set[str] = set()       # special="during"
AFTER_OPS: set[str] = set()        # special="after"
# the ops that act at the base a card names (or is played at): an action without one of them (and not
# lying on a base) needs no base, and move lists offer it once instead of once per base
BASE_OPS: set[str] = set()
BASE_CHOICE_OPS: set[str] = set()  # a special that names the base where it acts (any other: the scored one)
PLACED_BY_OP: set[str] = set()     # the op itself puts its card somewhere (not to the discard pile)

KINDS = ("now", "lasting", "attached", "hook", "cost", "set_aside")
MOMENTS = (None, "before", "during", "after")


def op(name: str, *, kind: str = "now", targets: Candidates | None = None, second: Candidates | None = None,
       optional: bool = False, picks: Candidates | None = None, at_base: bool = False,
       names_base: bool = False, special: str | None = None, places_card: bool = False,
       pays: str | None = None, optional_cost: tuple[int, int] | None = None,
       idle: Idle | None = None) -> Callable[[Op], Op]:
    """Registers the function as the op ``name``, of its kind, with what it may pick."""
    def register(fn: Op) -> Op:
        _register(name, fn, kind, special)
        tables: tuple[tuple[dict[str, Any], object], ...] = (
            (NEEDS_TARGET, targets), (NEEDS_TARGET2, second), (PICK_OPS, picks), (COST_OPS, pays),
            (OPTIONAL_COSTS, optional_cost), (IDLE_WHEN, idle))
        for table, value in tables:
            if value is not None:
                table[name] = value
        for found, flag in ((OPTIONAL_TARGET_OPS, optional), (BASE_OPS, at_base), (BASE_CHOICE_OPS, names_base),
                            (PLACED_BY_OP, places_card)):
            if flag:
                found.add(name)
        return fn

    return register


def _register(name: str, fn: Op, kind: str, special: str | None) -> None:
    if kind not in KINDS or special not in MOMENTS:
        raise ValueError(f"op {name!r}: kind {kind!r}, special {special!r}")
    if name in OPS:
        raise ValueError(f"op {name!r} registered twice")
    OPS[name] = fn
    sets = {"lasting": (LASTING_OPS,), "attached": (LASTING_OPS, ATTACH_OPS), "hook": (HOOK_OPS,),
            "set_aside": (SET_ASIDE_OPS,)}.get(kind, ())
    for found in sets:
        found.add(name)
    if special is not None:
        SPECIAL_ONLY_OPS.add(name)
        {"during": DURING_OPS, "after": AFTER_OPS}.get(special, set()).add(name)


def _works_in_play(tx: Tx, effect: Effect, ctx: Context) -> None:
    """An op of kind lasting, attached or hook: nothing happens when its card is played; it is read
    where it works (powers, targets, hooks)."""


def in_play(*names: str, kind: str = "lasting") -> None:
    """Registers ops that do nothing when played but work while their card is in play (or wait for
    a moment): each module that reads one names it here, beside the code that reads it."""
    for name in names:
        _register(name, _works_in_play, kind, None)


def _paid_before(tx: Tx, effect: Effect, ctx: Context) -> None:
    """A price: paid by rules before the card's other effects act."""


def price(name: str, pays: str, owed: bool = False) -> None:
    """Registers a cost op: the card's player discards a card (``pays``: "any" or "treasure");
    ``owed``: the text demands the discard rather than asking it as a price (OWED_COSTS)."""
    op(name, kind="cost", pays=pays)(_paid_before)
    if owed:
        OWED_COSTS.add(name)
