"""The power of minions and monsters, and what follows from it: each one's power at its base (what
the base, the cards on it and the other minions give), a player's total there, a base's breakpoint
and the places of a scoring; with the read-only block (powers_fixed) in which powers, candidates and
listings are worked out once per state."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, cast

from engine.smashup.cards import Effect, base_designs, designs, monster_designs, ops_of, per_card
from engine.smashup.registry import in_play
from engine.smashup.state import BaseInPlay, GameState, Minion, has_abilities, holds, treasures_on


def has_op(state, uid: str, op: str) -> bool:
    """Whether the card in play has a working effect with this op (none while its abilities rest)."""
    return uid not in state.silenced and op in ops_of(designs()[state.card_ids[uid]])     # (state.card)


READ_ONLY = threading.local()


class powers_fixed:      # named as the function it was: ``with powers_fixed(state):``
    """While nothing changes this state (listing or checking moves), each minion's power is worked out
    once and remembered; the cache lives only as long as the block and is never part of the state.
    A class rather than a generator: entered a few times per move, at a third of the cost."""

    __slots__ = ("before", "state")

    def __init__(self, state) -> None:
        self.state = state

    def __enter__(self) -> None:
        before = self.before = getattr(READ_ONLY, "cache", None)
        if before is None or before[0] is not self.state:
            READ_ONLY.cache = (self.state, {})

    def __exit__(self, *_exc) -> None:
        READ_ONLY.cache = self.before


class state_changing:
    """A move changing this very state (apply in place): whatever a powers_fixed block around it
    remembered of the state is set aside during the move and starts empty after it."""

    __slots__ = ("before", "state")

    def __init__(self, state) -> None:
        self.state = state

    def __enter__(self) -> None:
        self.before = getattr(READ_ONLY, "cache", None)
        READ_ONLY.cache = None

    def __exit__(self, *_exc) -> None:
        before = self.before
        READ_ONLY.cache = (self.state, {}) if before is not None and before[0] is self.state else before


def minion_power(state, base: BaseInPlay, minion: Minion) -> int:
    """A minion's (or monster's) power (powers_at, while the state is read only)."""
    cache = getattr(READ_ONLY, "cache", None)
    found = powers_at(state, base).get(id(minion)) if cache is not None and cache[0] is state else None
    if found is None:        # worked out alone (or asked about at a base it is not at: as if it stood there)
        return _power_table(state, base, ((holds(base.monsters, minion), (minion,)),), None)[id(minion)]
    return found


def powers_at(state, base: BaseInPlay) -> dict[int, int]:
    """The power of each minion and monster at the base, by id() (the objects stay while it is used).
    While the state is read only, worked out together the first time one of them is asked (what the
    base and the cards there give, and the other minions' boosts, found once) and then looked up."""
    cache = getattr(READ_ONLY, "cache", None)
    if cache is None or cache[0] is not state:
        return _power_table(state, base, None, None)
    memo = cache[1]
    tables = memo.get(_POWERS)
    if tables is None:
        tables = memo[_POWERS] = {}
    table = tables.get(id(base))
    if table is None:
        table = tables[id(base)] = _power_table(state, base, None, memo)
    return table


def power_sum(state, base: BaseInPlay, pools, controllers: set | frozenset) -> int:
    """The sum of the powers (as powers_at's) of the cards of the pools at the base (pairs of
    "monsters?" and cards, as _power_table's; None for all of them) whose controller is among
    ``controllers``; the others' powers are not worked out. In a read-only block the boosters are shared with it."""
    cache = getattr(READ_ONLY, "cache", None)
    memo = cache[1] if cache is not None and cache[0] is state else None
    return sum(_power_table(state, base, pools, memo, controllers).values())


_POWERS = ("powers",)


_BOOSTERS = ("boosters",)
_NO_BOOSTS: dict[int, int] = {}


def _power_table(state, base: BaseInPlay, pools, memo: dict | None,
                 only: set | frozenset | None = None) -> dict[int, int]:
    """The power of each minion (False) and monster (True) of the pools, standing at this base, by id():
    printed power, counters, this turn's changes, what is played on it, every ongoing ability that
    changes it; never below 0 ("Begriffe": power cannot go below 0). ``pools``: None for every minion
    and monster at the base (in one pass). ``memo``: the read-only block's (the boosters are
    found once in it), or None. ``only``: the controllers whose cards are wanted (the others are left
    out), or None for all."""
    card_of, ids, silenced, plans = designs(), state.card_ids, state.silenced, _PLANS
    whole = pools is None
    if whole:           # what the cards on the cards give every minion there is summed on the way
        pools, here = ((False, base.minions), (True, base.monsters)), 0
    else:
        here = _here_for_all(card_of, ids, silenced, plans, base)
    per_treasure = off_turn = 0    # what the base gives minions per treasure and on others' turns
    if base.uid not in silenced:
        card = card_of[ids[base.uid]]
        plan = plans.get(id(card)) or _plan(card)
        per_treasure, off_turn = plan.per_treasure, plan.off_turn
    active = state.active_player.id if off_turn else None
    boosts: dict[str, int] | None = None    # (found when the first minion with a controller needs them)
    boost_own = _NO_BOOSTS
    table: dict[int, int | None] = {}
    late = 0            # (whole) what every minion there gets from the cards on the cards
    settle = False      # a total to be put right at the end: not above 0, or None (no power at all)
    for monster, pool in pools:
        for minion in pool:
            controller = minion.controller
            if only is not None and controller not in only:
                if whole and minion.attached:    # (what its cards give every minion there still counts)
                    late += _to_all_here(card_of, ids, silenced, plans, minion.attached)
                continue
            uid = minion.uid
            card = card_of[ids[uid]]
            plan = plans.get(id(card)) or _plan(card)
            total = plan.power + minion.counters + minion.until_end_of_turn + here
            attached = minion.attached
            if attached:                         # what the cards played on it give
                if whole:
                    late += _to_all_here(card_of, ids, silenced, plans, attached)
                carried = _power_from_attached(state, base, minion)
                if carried is None:              # a card on it takes all its power
                    table[id(minion)] = None
                    settle = True
                    continue
                total += carried
            if plan.own and uid not in silenced and (not attached or has_abilities(state, minion)):
                total += _own_power_change(state, base, minion, plan.own)     # what its own abilities give
            if controller is not None:          # the controller's other minions' boosts
                if boosts is None:
                    boosts, boost_own = _boosters(state, memo)
                if boosts:
                    total += boosts.get(controller, 0) - boost_own.get(id(minion), 0)
            if not monster:                     # what the base gives minions, not monsters
                if per_treasure and attached:
                    total += per_treasure * treasures_on(state, minion)
                if off_turn and controller != active:
                    total += off_turn
            if total <= 0:
                settle = True
            table[id(minion)] = total
    if late or settle:
        for key, total in table.items():
            table[key] = 0 if total is None or total + late <= 0 else total + late
    return cast(dict[int, int], table)     # (no None left: a None above set ``settle``)


def _here_for_all(card_of, ids, silenced, plans, base: BaseInPlay) -> int:
    """What the cards on the cards at the base give every minion there."""
    here = 0
    for other in base.minions:     # (two plain loops: most cards carry nothing)
        if other.attached:
            here += _to_all_here(card_of, ids, silenced, plans, other.attached)
    for other in base.monsters:
        if other.attached:
            here += _to_all_here(card_of, ids, silenced, plans, other.attached)
    return here


class _Plan:
    """What a design brings to the power tables, worked out once per design object: its printed power,
    its effects that change its own power, how much it gives its controller's other minions (Elf Help
    Guru's kind), its effects on the minion it is played on and what it gives every minion at that
    base, and as a base what it gives per treasure and on other players' turns. The power tables
    look it up in _PLANS (_plan's memo) in place: a call per minion costs about as much as the rest
    of its sum."""

    __slots__ = ("boost", "off_turn", "on_carrier", "own", "per_treasure", "power", "to_all_here")

    def __init__(self, card) -> None:
        effects = card.effects
        self.power = getattr(card, "power", 0)
        self.own = tuple(e for e in effects if e.op in _OWN_POWER_OPS)
        self.boost = sum(e.n for e in effects if e.op == "others_mine_power")
        self.on_carrier = tuple(e for e in effects if e.op in _CARRIER_POWER_OPS)
        self.to_all_here = sum(e.n for e in effects if e.op == "base_minions_power")
        self.per_treasure = sum(e.n for e in effects if e.op == "base_per_attached_treasure")
        self.off_turn = sum(e.n for e in effects if e.op == "base_others_on_turn")


# the ops of lasting power that the power table reads (kind "attached": on a card played on a minion)
in_play("attached_power", "per_attached_treasure", "per_monster_at_base", "no_power", "base_minions_power",
        "no_abilities", kind="attached")
in_play("base_per_attached_treasure", "base_others_on_turn", "self_per_attached_treasure", "self_if_treasure",
        "monster_alone_bonus", "per_other_monster", "others_mine_power")
_OWN_POWER_OPS = frozenset({"self_per_attached_treasure", "self_if_treasure", "monster_alone_bonus",
                            "per_other_monster"})


_CARRIER_POWER_OPS = frozenset({"no_power", "attached_power", "per_attached_treasure", "per_monster_at_base"})


@per_card
def _plan(card) -> _Plan:
    return _Plan(card)


_PLANS: dict[int, _Plan] = _plan.found      # type: ignore[attr-defined]


def read_only_memo(state, key: tuple, work: Callable[[], Any]) -> Any:
    """``work()``, remembered under ``key`` while the state is read only (powers_fixed); the value is
    shared, not to be changed."""
    cache = getattr(READ_ONLY, "cache", None)
    if cache is None or cache[0] is not state:
        return work()
    found = cache[1].get(key, _MISSING)
    if found is _MISSING:
        found = cache[1][key] = work()
    return found


_MISSING = object()


_LISTED = ("listed",)


def note_listed(state, moves: list) -> None:
    """Remembers, while the state is read only, the moves legal_actions listed for it (a copy of the
    list: the caller may change its own; the moves themselves are frozen). Each listing is kept as it
    is, not indexed: validate asks about one move per listing at most."""
    cache = getattr(READ_ONLY, "cache", None)
    if moves and cache is not None and cache[0] is state:
        listed = cache[1].get(_LISTED)
        if listed is None:
            cache[1][_LISTED] = [tuple(moves)]
        else:
            listed.append(tuple(moves))


def was_listed(state, move) -> bool:
    """Whether legal_actions listed this very move object for this state in the read-only block (by
    identity: an equal move made elsewhere is checked)."""
    cache = getattr(READ_ONLY, "cache", None)
    if cache is None or cache[0] is not state:
        return False
    listed = cache[1].get(_LISTED)
    if listed is None:
        return False
    for moves in listed:        # (plain loops: any() with a generator costs more, and
        for other in moves:     # ``id(move) in map(id, moves)`` makes an int for each move)
            if other is move:
                return True
    return False


def _power_from_attached(state, base: BaseInPlay, minion: Minion) -> int | None:
    """What the cards played on the minion give it (None: one of them takes all its power; a card whose
    abilities rest gives nothing)."""
    card_of, ids, silenced, plans = designs(), state.card_ids, state.silenced, _PLANS
    total = 0
    for uid in minion.attached:
        if uid in silenced:
            continue
        card = card_of[ids[uid]]
        for e in (plans.get(id(card)) or _plan(card)).on_carrier:
            if e.op == "no_power":
                return None
            if e.op == "attached_power":
                total += e.n
            elif e.op == "per_attached_treasure":
                total += e.n * treasures_on(state, minion)
            else:                                   # per_monster_at_base
                total += e.n * len(base.monsters)
    return total


def _own_power_change(state, base: BaseInPlay, minion: Minion, effects: tuple[Effect, ...]) -> int:
    """What the minion's own abilities (``effects``: its _Plan.own; it has them: has_abilities) give it."""
    total = 0
    for e in effects:
        if e.op == "self_per_attached_treasure":
            total += e.n * treasures_on(state, minion)
        elif (e.op == "self_if_treasure" and treasures_on(state, minion)) or (
                e.op == "monster_alone_bonus" and len(base.monsters) == 1):
            total += e.n
        elif e.op == "per_other_monster":
            undead_only, others = e.what == "undead", 0      # (a plain loop: no lists made per table)
            card_of, ids = monster_designs(), state.card_ids     # (state.monster_card, per monster)
            for m in base.monsters:
                if m is not minion and (not undead_only or card_of[ids[m.uid]].undead):
                    others += 1
            total += e.n * others
    return total


def _to_all_here(card_of, ids, silenced, plans, attached) -> int:
    """What the cards played on one card give every minion at its base (those whose abilities rest
    give nothing until the turn ends)."""
    here = 0
    for uid in attached:
        if uid not in silenced:
            card = card_of[ids[uid]]
            here += (plans.get(id(card)) or _plan(card)).to_all_here
    return here


def _boosters(state, memo: dict | None) -> tuple[dict[str, int], dict[int, int]]:
    """_find_boosters, worked out once in a read-only block (``memo``: its memo, or None)."""
    if memo is None:
        return _find_boosters(state)
    found = memo.get(_BOOSTERS)
    if found is None:
        found = memo[_BOOSTERS] = _find_boosters(state)
    return found


def _find_boosters(state) -> tuple[dict[str, int], dict[int, int]]:
    """The power the minions (with their abilities) that give their controller's other minions power
    give: in all per controller, and each one's own part by id() (a minion does not boost itself)."""
    totals: dict[str, int] = {}
    own: dict[int, int] = {}
    card_of, ids, silenced, plans = designs(), state.card_ids, state.silenced, _PLANS
    for other_base in state.bases:
        for other in other_base.minions:
            card = card_of[ids[other.uid]]
            n = (plans.get(id(card)) or _plan(card)).boost
            if not n:               # (nearly every minion: its controller is not read)
                continue
            controller = other.controller
            if controller is not None and other.uid not in silenced and has_abilities(state, other):
                totals[controller] = totals.get(controller, 0) + n
                own[id(other)] = n
    return totals, own


def find_minion(state, uid: str) -> tuple[BaseInPlay, Minion] | None:
    cache = getattr(READ_ONLY, "cache", None)
    if cache is not None and cache[0] is state:      # read only: where each minion is, looked up once
        where = cache[1].get(_WHERE)
        if where is None:
            where = cache[1][_WHERE] = _where_minions_are(state)
        return where.get(uid)
    for base in state.bases:        # (two plain loops: no tuple of the base's cards made)
        for minion in base.minions:
            if minion.uid == uid:
                return base, minion
        for minion in base.monsters:
            if minion.uid == uid:
                return base, minion
    return None


_WHERE = ("where",)


def _where_minions_are(state) -> dict[str, tuple[BaseInPlay, Minion]]:
    where: dict[str, tuple[BaseInPlay, Minion]] = {}
    for base in state.bases:
        for pool in (base.minions, base.monsters):
            for minion in pool:
                where.setdefault(minion.uid, (base, minion))       # the first one, as the search finds it
    return where


def power_at(state: GameState, base: BaseInPlay, player_id: str) -> int:
    """A player's total power at a base: their minions and any monster they control."""
    powers = powers_at(state, base)
    return sum(powers[id(m)] for m in (*base.minions, *base.monsters) if m.controller == player_id)


def present_at(base: BaseInPlay, player_id: str) -> bool:
    return any(m.controller == player_id for m in (*base.minions, *base.monsters))


def breakpoint_of(state: GameState, base: BaseInPlay) -> int:
    """Monsters nobody controls raise the breakpoint by their power ("Monster und Schätze")."""
    powers = powers_at(state, base)
    return state.base_card(base.uid).breakpoint + sum(powers[id(m)] for m in base.monsters if m.controller is None)


def total_power(state: GameState, base: BaseInPlay) -> int:
    """The sum of every player's power_at here (cards of nobody at the table count for nobody)."""
    powers, seated = powers_at(state, base), {p.id for p in state.players}
    return sum(powers[id(m)] for m in (*base.minions, *base.monsters) if m.controller in seated)


def ready_bases(state: GameState) -> list[str]:
    """The bases whose total_power reached their breakpoint_of. The free monsters only raise the
    printed breakpoint, so their powers are worked out only where the players' total reaches it."""
    seated = {p.id for p in state.players}
    card_of, ids = base_designs(), state.card_ids
    ready = []
    with powers_fixed(state):       # read only: the boosters worked out once
        for base in state.bases:
            need = card_of[ids[base.uid]].breakpoint
            if need > 0 and not base.minions and not _anyone_controls(base.monsters, seated):
                continue            # nobody's power here: 0, below a breakpoint above 0 (power_sum says
                                    # as much where minions of nobody at the table are, at a higher cost)
            total = power_sum(state, base, None, seated)
            if total >= need and base.monsters:
                need += power_sum(state, base, ((True, base.monsters),), _NOBODY)
            if total >= need:
                ready.append(base.uid)
    return ready


def _anyone_controls(monsters: list[Minion], seated: set[str]) -> bool:
    """Whether a player at the table controls one of these monsters."""
    for monster in monsters:    # noqa: SIM110  (a plain loop: any() with a generator costs more)
        if monster.controller in seated:
            return True
    return False


_NOBODY = frozenset({None})       # the controller of a free monster


def places(state: GameState, base: BaseInPlay) -> dict[str, int]:
    """Place 1, 2, 3 by power among players with a minion there; equal power shares the place and
    the next places are skipped (10/10/5: two firsts and one third) ("Nur Unentschieden?")."""
    with powers_fixed(state):
        powers = {p.id: power_at(state, base, p.id) for p in state.players if present_at(base, p.id)}
    return {pid: 1 + sum(1 for other in powers.values() if other > power) for pid, power in powers.items()}
