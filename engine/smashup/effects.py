"""What cards do, as data: the effect vocabulary of Smash Up – Munchkin. Each op is a function
(tx, player, context) -> None; ``context`` carries the base played on, the target picked, the card
itself. Terms follow the rulebook's "Begriffe und Beschränkungen": "destroy" puts a card and what
was played on it into the right discard piles; a destroyed monster's treasures go to whoever
controls the destroying effect; power never goes below 0."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.smashup.cards import OPS_BY_ID, Effect, designs, ops_of, per_card
from engine.smashup.state import BaseInPlay, Minion, holds, treasures_on
from engine.smashup.tx import Tx


@dataclass(slots=True)
class Context:
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
OPS: dict[str, Op] = {}
NEEDS_TARGET: dict[str, Callable] = {}     # op -> (state, effect, context) -> candidate uids
NEEDS_TARGET2: dict[str, Callable] = {}    # op -> candidates for the second pick, given the first
OPTIONAL_TARGET_OPS: set[str] = set()      # ops whose pick may be left out ("you may")
PICK_OPS: dict[str, Callable] = {}         # op -> candidates for "any number of" picks (Context.picks)


def op(name: str, targets: Callable | None = None, second: Callable | None = None,
       optional: bool = False) -> Callable[[Op], Op]:
    def register(fn: Op) -> Op:
        OPS[name] = fn
        if targets is not None:
            NEEDS_TARGET[name] = targets
        if second is not None:
            NEEDS_TARGET2[name] = second
        if optional:
            OPTIONAL_TARGET_OPS.add(name)
        return fn

    return register


# ---------------------------------------------------------------------- power
def _effects_of(state, uid: str) -> tuple[Effect, ...]:
    return state.active_effects(uid)


def has_op(state, uid: str, op: str) -> bool:
    """Whether the card in play has a working effect with this op (none while its abilities rest)."""
    return uid not in state.silenced and op in ops_of(designs()[state.card_ids[uid]])     # (state.card)


_READ_ONLY = threading.local()


class powers_fixed:      # named as the function it was: ``with powers_fixed(state):``
    """While nothing changes this state (listing or checking moves), each minion's power is worked out
    once and remembered; the cache lives only as long as the block and is never part of the state.
    A class rather than a generator: entered a few times per move, at a third of the cost."""

    __slots__ = ("before", "state")

    def __init__(self, state) -> None:
        self.state = state

    def __enter__(self) -> None:
        before = self.before = getattr(_READ_ONLY, "cache", None)
        if before is None or before[0] is not self.state:
            _READ_ONLY.cache = (self.state, {})

    def __exit__(self, *_exc) -> None:
        _READ_ONLY.cache = self.before


class state_changing:
    """A move changing this very state (apply in place): whatever a powers_fixed block around it
    remembered of the state is set aside during the move and starts empty after it."""

    __slots__ = ("before", "state")

    def __init__(self, state) -> None:
        self.state = state

    def __enter__(self) -> None:
        self.before = getattr(_READ_ONLY, "cache", None)
        _READ_ONLY.cache = None

    def __exit__(self, *_exc) -> None:
        before = self.before
        _READ_ONLY.cache = (self.state, {}) if before is not None and before[0] is self.state else before


def minion_power(state, base: BaseInPlay, minion: Minion) -> int:
    """A minion's (or monster's) power (powers_at, while the state is read only)."""
    cache = getattr(_READ_ONLY, "cache", None)
    found = powers_at(state, base).get(id(minion)) if cache is not None and cache[0] is state else None
    if found is None:        # worked out alone (or asked about at a base it is not at: as if it stood there)
        return _power_table(state, base, ((holds(base.monsters, minion), (minion,)),), None)[id(minion)]
    return found


def powers_at(state, base: BaseInPlay) -> dict[int, int]:
    """The power of each minion and monster at the base, by id() (the objects stay while it is used).
    While the state is read only, worked out together the first time one of them is asked (what the
    base and the cards there give, and the other minions' boosts, found once) and then looked up."""
    cache = getattr(_READ_ONLY, "cache", None)
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
    cache = getattr(_READ_ONLY, "cache", None)
    memo = cache[1] if cache is not None and cache[0] is state else None
    return sum(_power_table(state, base, pools, memo, controllers).values())


_POWERS = ("powers",)
_BOOSTERS = ("boosters",)


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
    boosts = boost_own = None          # (found when the first minion with a controller needs them)
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
    return table     # type: ignore[return-value]  (no None left)


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
    cache = getattr(_READ_ONLY, "cache", None)
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
    cache = getattr(_READ_ONLY, "cache", None)
    if moves and cache is not None and cache[0] is state:
        listed = cache[1].get(_LISTED)
        if listed is None:
            cache[1][_LISTED] = [tuple(moves)]
        else:
            listed.append(tuple(moves))


def was_listed(state, move) -> bool:
    """Whether legal_actions listed this very move object for this state in the read-only block (by
    identity: an equal move made elsewhere is checked)."""
    cache = getattr(_READ_ONLY, "cache", None)
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


def pick_candidates_of(state, effect: Effect, ctx: Context, second: bool = False) -> list[str]:
    """What an effect may pick first (or, given the first pick, second). While the state is read only
    each list is worked out once: a first pick's candidates do not depend on the pick named, so
    the checks of every move of a card share them (the listing asks for a plain card's once, without
    this memo: rules._plain_candidates)."""
    table = NEEDS_TARGET2 if second else NEEDS_TARGET
    cache = getattr(_READ_ONLY, "cache", None)
    if cache is None or cache[0] is not state:
        return table[effect.op](state, effect, ctx)
    key = ("picks", id(effect), ctx.player, ctx.card, ctx.base, ctx.mode, ctx.target if second else None)
    found = cache[1].get(key)
    if found is None:
        found = cache[1][key] = table[effect.op](state, effect, ctx)
    return found


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
            card_of, ids = designs(), state.card_ids         # (state.card, per monster)
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
    cache = getattr(_READ_ONLY, "cache", None)
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


# ---------------------------------------------------------------------- targets
def has_abilities(state, minion: Minion) -> bool:
    """A card played on a minion can take its abilities away (Curse of Imprisonment, Potion of Cowardice),
    and some cards cancel them until the end of the turn."""
    if minion.uid in state.silenced:
        return False
    # (most minions carry nothing: no generator made for them, here and in the checks below)
    return not (minion.attached and any(has_op(state, uid, "no_abilities") for uid in minion.attached))


def affectable(state, ctx: Context, base: BaseInPlay, minion: Minion) -> bool:
    """Minions that are "not affected by other players' actions": Dork Orc, Too Tough on it, The Pits,
    Sneaksy on their base. Only actions of another player are kept off; minions and talents are not.
    Too Tough speaks for whoever played it: on another player's minion it keeps that player's own
    actions off too (rulebook, "Zu widerstandsfähig"). Stalling is not checked here: its player decides
    once the card is played (stalling_player). While the state is read only each answer for an
    action is remembered: it depends on the player, not on which action it is."""
    if designs()[state.card_ids[ctx.card]].kind != "action":      # (state.card, asked per minion)
        return True
    return reached_by_actions(state, ctx.player, base, minion)


def reached_by_actions(state, player: str, base: BaseInPlay, minion: Minion) -> bool:
    """affectable for an action of the player (remembered while the state is read only; the player's
    own minions and monsters nobody controls, with nothing on them, are reached without looking)."""
    if not minion.attached and minion.controller in (None, player):      # (_reached_by_actions' answer)
        return True
    cache = getattr(_READ_ONLY, "cache", None)
    if cache is None or cache[0] is not state:
        return _reached_by_actions(state, player, base, minion)
    key = ("reached", player, id(base), id(minion))
    found = cache[1].get(key)
    if found is None:
        found = cache[1][key] = _reached_by_actions(state, player, base, minion)
    return found


def _reached_by_actions(state, player: str, base: BaseInPlay, minion: Minion) -> bool:
    """Whether the player's actions can affect the minion (affectable): reached_at's answer for it."""
    return bool(reached_at(state, player, base, (minion,)))


def reached_at(state, player: str, base: BaseInPlay, pool) -> list[Minion]:
    """The minions of ``pool`` (at this base) the player's actions can affect, in their order: each
    minion's own immunity and what lies on it looked at, what the base keeps off read once for all
    of them (the player's own minions and monsters nobody controls, with nothing on them, without
    looking). Each card's ops are looked up in place (asked for every other player's minion per
    listing)."""
    shield: bool | list | None = None     # (_base_shield, read for the first minion it decides)
    found = []
    for minion in pool:
        if minion.attached and _kept_off_by_attached(state, player, minion):
            continue
        controller = minion.controller
        if controller is None or controller == player:
            found.append(minion)
            continue
        if _immune_itself(state, minion):
            continue
        if shield is None:
            shield = _base_shield(state, base)
        if shield is not True and controller not in shield:      # type: ignore[operator]
            found.append(minion)
    return found


def _immune_itself(state, minion: Minion) -> bool:
    """Dork Orc: a minion whose own ability keeps other players' actions off it (while it works)."""
    uid = minion.uid
    if uid in state.silenced:
        return False
    card = designs()[state.card_ids[uid]]
    return "immune_to_others_actions" in (OPS_BY_ID.get(id(card)) or ops_of(card)) and has_abilities(state, minion)


def _kept_off_by_attached(state, player: str, minion: Minion) -> bool:
    """Too Tough on the minion keeps the actions of everyone but its own player off it."""
    card_of, ids, silenced, ops = designs(), state.card_ids, state.silenced, OPS_BY_ID
    for uid in minion.attached:
        if uid not in silenced:
            card = card_of[ids[uid]]
            if "attached_immunity" in (ops.get(id(card)) or ops_of(card)) \
                    and _player_of_card(state, uid, minion) != player:
                return True
    return False


def _base_shield(state, base: BaseInPlay) -> bool | list:
    """What keeps other players' actions off the minions at this base: True for all of them (The
    Pits), else the players whose own minions there an ongoing action of theirs protects (Sneaksy)."""
    card_of, ids, silenced, ops = designs(), state.card_ids, state.silenced, OPS_BY_ID
    uid = base.uid
    if uid not in silenced:
        card = card_of[ids[uid]]
        if "base_immune_to_others_actions" in (ops.get(id(card)) or ops_of(card)):
            return True
    protected = []
    for uid in base.actions:
        if uid not in silenced:
            card = card_of[ids[uid]]
            if "protect_own_minions_here" in (ops.get(id(card)) or ops_of(card)):
                protected.append(state.owners.get(uid))
    return protected


def stalling_player(state, ctx: Context) -> str | None:
    """Who may keep this card off a minion it picks: the minion's controller, when another player plays
    the card and a Stalling of the controller's lies on that minion's base ("you may have your minions
    here be unaffected by it")."""
    for uid in _picked(state, ctx):
        found = find_minion(state, uid or "")
        if found is None or found[1].controller in (None, ctx.player):
            continue
        base, controller = found[0], found[1].controller
        if stalls(state, base, controller):
            return controller
    return None


def stalls(state, base: BaseInPlay, player: str) -> bool:
    """Whether a working Stalling of the player's lies on the base."""
    return any(e.op == "stalling" and state.owners.get(u) == player
               for u in base.actions for e in _effects_of(state, u))


# the effects of a card played that act on every minion of a kind at once rather than on a pick
_ON_ALL_OPS = frozenset({"power", "others_here_power", "faction_power", "paralysis"})


def acts_on_all(effect: Effect) -> bool:
    """An effect acting on every minion at a base (or in play) that it reaches: Join the Club, Good
    Habits, Elf Help Guru, Cross Bow, Potion of Paralysis. Stalling's player may keep it off theirs."""
    return effect.op in _ON_ALL_OPS and not (effect.op == "power" and effect.who == "target_minion")


def stalling_player_for_all(state, ctx: Context, now: Callable[[Effect], bool]) -> str | None:
    """Who may keep this card's effects on every minion off their own (Stalling): a player other than
    the card's, with a minion such an effect would reach (``now``: the effects acting at once) at a
    base where their Stalling lies."""
    for effect in _effects_of(state, ctx.card):
        if not (now(effect) and acts_on_all(effect)):
            continue
        for base in _bases_acted_on(state, effect, ctx):
            for minion in reached(state, ctx, base, base.minions):
                controller = minion.controller
                if controller in (None, ctx.player) or (
                        effect.op == "faction_power" and getattr(state.card(minion.uid), "faction", None) != ctx.mode):
                    continue
                if stalls(state, base, controller):
                    return controller
    return None


def _bases_acted_on(state, effect: Effect, ctx: Context) -> list[BaseInPlay]:
    """Where an acts_on_all effect acts: every base, the base of the minion that is the card, or the
    card's base."""
    if effect.op == "power" and effect.who == "all_in_play":
        return list(state.bases)
    if effect.op == "others_here_power":
        found = find_minion(state, ctx.card)
        return [found[0]] if found else []
    return [b for b in state.bases if b.uid == ctx.base]


def _picked(state, ctx: Context) -> list[str | None]:
    """The picks the card really makes: a first pick when an effect picks (or the card is played on a
    minion), a second and "any number of" picks only when an effect makes them; a pick named for a
    card that makes none changes nothing, so it cannot call Stalling either."""
    ops = {e.op for e in _effects_of(state, ctx.card)}
    first = bool(ops & (NEEDS_TARGET.keys() | NEEDS_TARGET2.keys() | ATTACH_OPS))   # ("any number of": picks)
    second = bool(ops & NEEDS_TARGET2.keys())
    return [*([ctx.target] if first else []), *([ctx.target2] if second else []),
            *(ctx.picks if ops & PICK_OPS.keys() else ())]


def takes_pick(effect: Effect) -> bool:
    """An effect that acts on what the card picked (the part Stalling can keep off)."""
    return effect.op in NEEDS_TARGET or effect.op in NEEDS_TARGET2 or effect.op in PICK_OPS


def _player_of_card(state, uid: str, carrier: Minion) -> str | None:
    """Who controls a card played on a minion: its owner (a treasure: who played it, else the carrier's
    controller)."""
    return state.owners.get(uid) or state.played_by.get(uid) or carrier.controller


def affectable_minions(state, ctx: Context, pool=None) -> list[str]:
    """The minions in play (or of ``pool``, a list of (base, minion)) the card picking may affect:
    affectable's answers, the card's kind looked at once for them all."""
    if designs()[state.card_ids[ctx.card]].kind != "action":      # (state.card)
        return [m.uid for b in state.bases for m in b.minions] if pool is None else [m.uid for _, m in pool]
    player, found = ctx.player, []      # (reached_at for each run of minions at one base)
    if pool is None:
        for b in state.bases:
            found += [m.uid for m in reached_at(state, player, b, b.minions)]
        return found
    run: list[Minion] = []
    at = None
    for b, m in pool:
        if b is not at:
            if run:
                found += [m.uid for m in reached_at(state, player, at, run)]
            at, run = b, []
        run.append(m)
    if run:
        found += [m.uid for m in reached_at(state, player, at, run)]
    return found


def reached(state, ctx: Context, base: BaseInPlay, minions) -> list[Minion]:
    """Of the minions an effect changes all at once (every minion at a base, every one of a kind), the
    ones it reaches: another player's action passes over a protected minion and acts on the others, as
    the card that forbids wins (rulebook, "Bei Verbot unwirksam"); a minion's or talent's ability
    reaches them all. A card whose player's minions there Stalling keeps it off (Context.kept_off)
    passes over them."""
    if ctx.kept_off is not None and stalls(state, base, ctx.kept_off):    # Stalling's player said so
        return [m for m in minions if m.controller != ctx.kept_off and affectable(state, ctx, base, m)]
    return [m for m in minions if affectable(state, ctx, base, m)]


def indestructible(state, minion: Minion) -> bool:
    return bool(minion.attached) and any(has_op(state, uid, "indestructible") for uid in minion.attached)


def _destroy_targets(state, effect: Effect, ctx: Context) -> list[str]:
    """What a destroying effect may pick: at its base ("here") or anywhere; anywhere, it is the same
    whichever base the card is played at (worked out once for all of them while the state is read only)."""
    if effect.where == "here":
        return _destroyable(state, effect, ctx, here=True)
    return read_only_memo(state, ("destroyable", id(effect), ctx.player, ctx.card),
                          lambda: _destroyable(state, effect, ctx, here=False))


def _destroyable(state, effect: Effect, ctx: Context, here: bool) -> list[str]:
    cache = getattr(_READ_ONLY, "cache", None)
    if cache is not None and cache[0] is state:      # (a listing: read only already)
        return _destroyable_now(state, effect, ctx, here)
    with powers_fixed(state):    # read only, also when a move asks: each power's terms worked out once
        return _destroyable_now(state, effect, ctx, here)


def _destroyable_now(state, effect: Effect, ctx: Context, here: bool) -> list[str]:
    found = []
    card_of, ids = designs(), state.card_ids      # (state.card, asked per minion)
    by_action = card_of[ids[ctx.card]].kind == "action"    # (affectable's first question)
    player, what, limit = ctx.player, effect.what, effect.max_power or 0
    for base in state.bases:
        if here and base.uid != ctx.base:
            continue
        powers = None       # the base's powers_at (minion_power's answers), looked up once it is needed
        for minion in base.minions if what == "minion" else base.monsters:
            if what == "undead_monster" and not card_of[ids[minion.uid]].undead:
                continue
            if minion.uid == ctx.card:
                continue
            if minion.attached:
                if indestructible(state, minion) or (by_action and not reached_by_actions(state, player, base, minion)):
                    continue
            elif by_action and minion.controller is not None and minion.controller != player \
                    and not reached_by_actions(state, player, base, minion):     # (reached without the call)
                continue
            if powers is None:
                powers = powers_at(state, base)
            if powers[id(minion)] <= limit:
                found.append(minion.uid)
    return found


def _any_minion(state, effect: Effect, ctx: Context) -> list[str]:
    return _same_at_every_base(state, "any_minion", effect, ctx, lambda: affectable_minions(state, ctx))


def _same_at_every_base(state, name: str, effect: Effect, ctx: Context, work: Callable[[], list[str]]) -> list[str]:
    """Candidates that do not depend on the base the card is played at (nor on a first pick or a
    mode): worked out once for all the bases a listing tries while the state is read only."""
    return read_only_memo(state, (name, id(effect), ctx.player, ctx.card), work)


def _needs(ctx: Context, candidates: list[str]) -> str | None:
    """The target picked, if it is still one the effect can take. The pick itself was checked when the
    move was validated (rules._check_targets); an effect earlier on the same card can change what
    qualifies (a minion's power once it is on the table), and then the effect takes nothing."""
    return ctx.target if ctx.target in candidates else None


# ---------------------------------------------------------------------- ops
@op("draw")
def _draw(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw(ctx.player, effect.n)


@op("draw_treasure")
def _draw_treasure(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw_treasures(ctx.player, effect.n)


@op("draw_to")
def _draw_to(tx: Tx, effect: Effect, ctx: Context) -> None:
    seat = tx.s.player(ctx.player)
    if len(seat.hand) < effect.n:
        tx.draw(ctx.player, effect.n - len(seat.hand))


@op("gain_vp")
def _gain_vp(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).vp += effect.n
    tx.emit("vp_gained", player=ctx.player, vp=effect.n)


@op("extra_minion")
def _extra_minion(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).minions_left += effect.n
    tx.emit("extra_play", player=ctx.player, kind="minion")


@op("extra_action")
def _extra_action(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.s.player(ctx.player).actions_left += effect.n
    tx.emit("extra_play", player=ctx.player, kind="action")


@op("power", targets=lambda s, e, c: _any_minion(s, e, c) if e.who == "target_minion" else [])
def _power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """+N until the end of the turn: to a chosen minion, every minion at a base, or every minion."""
    state = tx.s
    if effect.who == "target_minion":
        target = _needs(ctx, _any_minion(state, effect, ctx))
        if target is None:
            return
        found = find_minion(state, target)
        assert found is not None
        found[1].until_end_of_turn += effect.n
        return
    bases = state.bases if effect.who == "all_in_play" else [state.base(ctx.base or "")]
    for base in bases:
        for minion in reached(state, ctx, base, base.minions):
            minion.until_end_of_turn += effect.n
    tx.emit("power_changed", player=ctx.player, n=effect.n)


def _lasting(tx: Tx, effect: Effect, ctx: Context) -> None:
    """An ongoing ability that counts in minion_power while its card is in play."""


# the ongoing abilities of a card played on a minion (the card lies on it)
ATTACH_OPS = frozenset({"on_minion", "on_own_minion",
                        "attached_power", "per_attached_treasure", "per_monster_at_base", "no_power",
                        "base_minions_power", "no_abilities", "indestructible", "save_to_hand", "save_to_deck_top",
                        "save_with_card", "attached_immunity"})

LASTING_OPS = ATTACH_OPS | {"base_per_attached_treasure", "base_others_on_turn", "self_per_attached_treasure",
                            "self_if_treasure", "monster_alone_bonus", "per_other_monster", "others_mine_power",
                            "immune_to_others_actions", "base_immune_to_others_actions", "protect_own_minions_here",
                            "keep_treasures", "caltrops", "stalling", "tut", "base_doors", "fae_fighter", "deep_friar",
                            "bin_and_gone"}
for _name in LASTING_OPS:
    OPS[_name] = _lasting


@op("destroy", targets=_destroy_targets)
def _destroy(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = _still_destroyable(tx.s, effect, ctx)
    if target is not None:
        destroy(tx, target, ctx.player)


def _still_destroyable(state, effect: Effect, ctx: Context) -> str | None:
    """_needs(ctx, _destroy_targets(...)): the target, if the effect can still destroy it. Whether a
    card can be picked depends on its own base alone, so only that base's candidates are worked out
    (for a card destroying anywhere, not every base's powers)."""
    found = find_minion(state, ctx.target) if ctx.target is not None else None
    if found is None or (effect.where == "here" and found[0].uid != ctx.base):
        return None
    at_its_base = _destroyable(state, effect, replace(ctx, base=found[0].uid), here=True)
    return ctx.target if ctx.target in at_its_base else None


def destroy(tx: Tx, uid: str, by: str, no_treasures: bool = False) -> None:
    """A destroyed monster's treasures go to the player who controls the destroying effect."""
    found = find_minion(tx.s, uid)
    assert found is not None
    base, minion = found
    if indestructible(tx.s, minion):
        tx.emit("not_destroyed", card=tx.s.card_ids[uid])
        return
    card = tx.s.card(uid)
    is_monster = holds(base.monsters, minion)
    tx.remove_minion(base, minion)
    if tx.s.effect(uid, "return_to_monster_deck_top"):
        tx.s.monster_discard.remove(uid)
        tx.s.monster_deck.append(uid)
    tx.emit("destroyed", player=by, card=tx.s.card_ids[uid], base=tx.s.card_ids[base.uid])
    if is_monster:
        if getattr(card, "treasures", 0) and not no_treasures and by:
            tx.draw_treasures(by, card.treasures)
        from engine.smashup.hooks import after_monster_destroyed

        after_monster_destroyed(tx, base, by, no_treasures)


@op("play_monster")
def _play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    bases = tx.s.bases if effect.where == "each_base" else [tx.s.base(ctx.base or "")]
    for base in bases:
        tx.play_monster(base)


def recycle(tx: Tx, player: str, minions_only: bool = False) -> None:
    """A random card (or minion) of the discard pile is shuffled into the deck."""
    seat = tx.s.player(player)
    pool = [u for u in seat.discard if not minions_only or tx.s.card(u).kind == "minion"]
    if pool:
        uid = pool[tx.rng.below(len(pool))]
        seat.discard.remove(uid)
        seat.deck.append(uid)
        tx.rng.shuffle(seat.deck)


@op("recycle")
def _recycle(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Holy Roller: its player may shuffle a random card of the discard pile into the deck."""
    from engine.smashup.choices import offer

    if tx.s.player(ctx.player).discard:
        offer(tx, ctx.player, "may_recycle")


@op("may_play_monster")
def _may_play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Taunter: its player may have a monster come to this base."""
    from engine.smashup.choices import offer

    offer(tx, ctx.player, "may_monster", base=base_of(tx.s, ctx.card) or ctx.base or "")


def _undead_unless_recycling(state, effect: Effect, ctx: Context) -> list[str]:
    return [] if ctx.mode == "recycle" else _destroy_targets(state, effect, ctx)


@op("turner", targets=_undead_unless_recycling)
def _turner(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Turner, choose one: destroy an undead monster here, or (mode "recycle") shuffle a random minion
    of your discard pile into your deck."""
    if ctx.mode == "recycle":
        recycle(tx, ctx.player, minions_only=True)
        return
    target = _needs(ctx, _destroy_targets(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)


@op("take_from_discard")
def _take_from_discard(tx: Tx, effect: Effect, ctx: Context) -> None:
    seat = tx.s.player(ctx.player)
    for _ in range(effect.n):
        if seat.discard:
            seat.hand.append(seat.discard.pop(tx.rng.below(len(seat.discard))))


@op("mill_treasures")
def _mill_treasures(tx: Tx, effect: Effect, ctx: Context) -> None:
    for _ in range(effect.n):
        uid = tx.top("treasure")
        if uid is not None:
            tx.s.treasure_discard.append(uid)


@op("after_you")
def _after_you(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every other player draws one; you draw one for each player, you included."""
    for seat in tx.s.players:
        if seat.id != ctx.player:
            tx.draw(seat.id, 1)
    tx.draw(ctx.player, len(tx.s.players))


@op("dancing_root")
def _dancing_root(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every discard pile is shuffled into its deck, then you draw one (this card is not among them)."""
    for seat in tx.s.players:
        seat.deck.extend(seat.discard)
        seat.discard.clear()
        tx.rng.shuffle(seat.deck)
    tx.draw(ctx.player, 1)


@op("dig_minions")
def _dig_minions(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Reveal from the deck until N minions show; they go to the hand, the rest back into the deck."""
    seat = tx.s.player(ctx.player)
    revealed, found = [], []
    while len(found) < effect.n:
        tx._refill(seat.deck, seat.discard)
        if not seat.deck:
            break
        uid = seat.deck.pop()
        (found if tx.s.card(uid).kind == "minion" else revealed).append(uid)
    seat.hand.extend(found)
    seat.deck.extend(revealed)
    tx.rng.shuffle(seat.deck)


@op("draw_treasure_if_pair")
def _draw_treasure_if_pair(tx: Tx, effect: Effect, ctx: Context) -> None:
    here = tx.s.base(ctx.base or "")
    design = tx.s.card_ids[ctx.card]
    if sum(tx.s.card_ids[m.uid] == design for m in here.minions) > 1:
        tx.draw_treasures(ctx.player, effect.n)


@op("shuffle_discard_into_deck")
def _shuffle_discard_into_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Your discard pile is shuffled into your deck (Smuggling)."""
    seat = tx.s.player(ctx.player)
    seat.deck.extend(seat.discard)
    seat.discard.clear()
    tx.rng.shuffle(seat.deck)


@op("bottom_of_own_deck")
def _bottom_of_own_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    """This card goes under its owner's deck instead of the discard pile (rules.play_action asks)."""


def _free_monsters(state, effect: Effect, ctx: Context) -> list[str]:
    return _same_at_every_base(state, "free_monsters", effect, ctx, lambda: affectable_minions(
        state, ctx, [(b, m) for b in state.bases for m in b.monsters if m.controller is None]))


@op("charm_monster", targets=_free_monsters)
def _charm_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Charm: a monster counts as your minion until the end of the turn (its power is yours there and
    no longer raises the breakpoint; its treasures still join the loot). rules._close_turn frees it."""
    target = _needs(ctx, _free_monsters(tx.s, effect, ctx))
    found = find_minion(tx.s, target) if target else None
    if found is not None:
        found[1].controller = ctx.player
        tx.emit("monster_charmed", player=ctx.player, monster=tx.s.card_ids[target])


# ---------------------------------------------------------------------- moves ("Begriffe": Versetzen)
def carrier_of(state, uid: str) -> tuple[BaseInPlay, Minion] | None:
    """The base and minion a card is played on."""
    for base in state.bases:
        for minion in (*base.minions, *base.monsters):
            if uid in minion.attached:
                return base, minion
    return None


def base_of(state, uid: str) -> str | None:
    """Where a card in play is: as a minion or monster, on one, or on a base."""
    found = find_minion(state, uid) or carrier_of(state, uid)
    if found is not None:
        return found[0].uid
    return next((b.uid for b in state.bases if uid in b.actions), None)


def move_minion(tx: Tx, uid: str, to_base: str) -> None:
    """A minion goes to another base with everything played on it; moving is not playing, so no
    "when played" ability fires."""
    found = find_minion(tx.s, uid)
    if found is None or found[0].uid == to_base:
        return
    base, minion = found
    base.minions.remove(minion)
    tx.s.base(to_base).minions.append(minion)
    tx.emit("minion_moved", card=tx.s.card_ids[uid], base=tx.s.card_ids[to_base])


def _other_bases(state, effect: Effect, ctx: Context) -> list[str]:
    found = carrier_of(state, ctx.card)
    return [b.uid for b in state.bases if found is None or b.uid != found[0].uid]


@op("move_carrier", targets=_other_bases)
def _move_carrier(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Traveling Elf, Boots of Running Really Fast: the minion this card is on moves to the base
    named as the target, the card with it."""
    found = carrier_of(tx.s, ctx.card)
    target = _needs(ctx, _other_bases(tx.s, effect, ctx))
    if found is not None and target is not None:
        move_minion(tx, found[1].uid, target)


def _mine_elsewhere_if_crowded(state, effect: Effect, ctx: Context) -> list[str]:
    """Dogpile: your minions at other bases, if you have two or more at the base named."""
    if ctx.base is None:
        return []
    here = state.base(ctx.base)
    if sum(1 for m in here.minions if m.controller == ctx.player) < 2:
        return []
    return [m.uid for b in state.bases if b.uid != ctx.base for m in b.minions if m.controller == ctx.player]


@op("move_own_to_crowded", targets=_mine_elsewhere_if_crowded)
def _move_own_to_crowded(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = _needs(ctx, _mine_elsewhere_if_crowded(tx.s, effect, ctx))
    if target is not None and ctx.base is not None:
        move_minion(tx, target, ctx.base)


def _weak_at_carrier_base(state, effect: Effect, ctx: Context) -> list[str]:
    found = carrier_of(state, ctx.card)
    if found is None:
        return []
    base = found[0]
    return [m.uid for m in base.minions if minion_power(state, base, m) <= (effect.max_power or 0)
            and not indestructible(state, m) and affectable(state, ctx, base, m)]


@op("missile", targets=_weak_at_carrier_base)
def _missile(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Magic Missile: the card goes under the treasure deck and destroys a weak minion at its base."""
    found = carrier_of(tx.s, ctx.card)
    target = _needs(ctx, _weak_at_carrier_base(tx.s, effect, ctx))
    if found is None:
        return
    found[1].attached.remove(ctx.card)
    tx.s.treasure_deck.insert(0, ctx.card)
    if target is not None:
        destroy(tx, target, ctx.player)


# ---------------------------------------------------------------------- specials during and after scoring
# A special is used in the round of its moment: before the scoring (most), during it once the places
# are known and the loot lies revealed (DURING_OPS), or after it (AFTER_OPS) ("Die große Wertung",
# steps 3, 4-5 and 6). Helping Hands is used before and takes its VP during the scoring: it waits
# beside the base (SET_ASIDE_OPS) and acts with the scoring's places in Context.placed.
DURING_OPS = frozenset({"pillage", "line_cutting"})
AFTER_OPS = frozenset({"distraction"})
SET_ASIDE_OPS = frozenset({"steal_if_wins"})
# cards that work only as a Special in a round of a scoring (not as an action in one's turn)
SPECIAL_ONLY_OPS = DURING_OPS | AFTER_OPS | SET_ASIDE_OPS | {
    "run_away", "salvage", "last_call", "paralysis", "stay_down", "run_more", "helping_hands", "cunning_plan"}


def special_moment(card) -> str:
    """When a special acts: "during" or "after" the scoring, else "before" it."""
    ops = {e.op for e in card.effects}
    if ops & DURING_OPS:
        return "during"
    return "after" if ops & AFTER_OPS else "before"


@op("pillage")
def _pillage(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Angry Pillagers, during the scoring: a lead of 3 or more power over the runner-up there is 1 VP."""
    from engine.smashup.rules import power_at

    base = tx.s.base(ctx.base or "")
    mine = power_at(tx.s, base, ctx.player)
    runner_up = max((power_at(tx.s, base, p.id) for p in tx.s.players if p.id != ctx.player), default=0)
    if mine and mine - runner_up >= (effect.max_power or 0):
        tx.s.player(ctx.player).vp += effect.n
        tx.emit("vp_gained", player=ctx.player, vp=effect.n)


@op("distraction")
def _distraction(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Clever Distraction, after the scoring of a base where you had a minion: its winner (the first of
    several in seat order from the active player) loses 1 VP, and you gain 1 VP."""
    if ctx.placed is None or ctx.player not in ctx.placed:
        return
    ids = [p.id for p in tx.s.players]
    seat_order = ids[tx.s.active:] + ids[:tx.s.active]
    winners = [pid for pid in seat_order if ctx.placed.get(pid) == 1 and pid != ctx.player]
    if not winners:
        return
    loser = tx.s.player(winners[0])
    loser.vp -= min(effect.n, loser.vp)
    tx.s.player(ctx.player).vp += effect.n
    tx.emit("vp_taken", player=ctx.player, victim=loser.id, vp=effect.n)


# ---------------------------------------------------------------------- abilities cancelled for the turn
def play_silenced(tx: Tx, player: str, uid: str, base_uid: str) -> None:
    """A minion from the hand goes to a base as an extra play, its abilities resting until the end of
    the turn (its "when played" ability does not fire; the base's abilities still do)."""
    from engine.smashup.hooks import after_minion_played

    state = tx.s
    state.player(player).hand.remove(uid)
    base = state.base(base_uid)
    base.minions.append(Minion(uid=uid, owner=state.owners.get(uid), controller=player))
    state.silenced.append(uid)
    tx.emit("minion_played", player=player, card=state.card_ids[uid], base=state.card_ids[base_uid])
    after_minion_played(tx, player, base, uid)


@op("rude_awakening")
def _rude_awakening(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Rude Awakening: every minion in your hand comes to the base named, abilities resting."""
    for uid in [u for u in tx.s.player(ctx.player).hand if tx.s.card(u).kind == "minion"]:
        if ctx.base is not None:
            play_silenced(tx, ctx.player, uid, ctx.base)


def _minions_in_hand(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for u in state.player(ctx.player).hand if u != ctx.card and state.card(u).kind == "minion"]


@op("last_call", targets=_minions_in_hand)
def _last_call(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Last Call, before a scoring: the minion named comes from your hand to that base, abilities resting."""
    target = _needs(ctx, _minions_in_hand(tx.s, effect, ctx))
    if target is not None and ctx.base is not None:
        play_silenced(tx, ctx.player, target, ctx.base)


@op("paralysis")
def _paralysis(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Paralysis, before a scoring: the minions there and the actions on them or on the base
    lose their abilities until the end of the turn (the base's own ability stays). A minion protected
    from its player's actions keeps its own; the actions on it are cards of their own and do not."""
    base = tx.s.base(ctx.base or "")
    kept = {m.uid for m in base.minions} - {m.uid for m in reached(tx.s, ctx, base, base.minions)}
    quiet = [*base.actions] + [u for m in base.minions for u in (m.uid, *m.attached) if u not in kept]
    tx.s.silenced.extend(u for u in quiet if u not in tx.s.silenced)
    tx.emit("abilities_cancelled", base=tx.s.card_ids[base.uid])


# ---------------------------------------------------------------------- second picks, treasures from piles
def _actions_on_minions(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for b in state.bases for m in b.minions for u in m.attached if affectable(state, ctx, b, m)]


def _my_other_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Your minions, other than the one the first pick lies on."""
    return affectable_minions(state, ctx, [(b, m) for b in state.bases for m in b.minions
                                           if m.controller == ctx.player and ctx.target not in m.attached])


def _attach(tx: Tx, uid: str, minion_uid: str) -> None:
    found = find_minion(tx.s, minion_uid)
    if found is not None:
        found[1].attached.append(uid)
        tx.emit("action_moved", card=tx.s.card_ids[uid], target=tx.s.card_ids[minion_uid])


@op("mug", targets=_actions_on_minions, second=_my_other_minions)
def _mug(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mugging: an action on a minion moves onto one of your minions."""
    found = carrier_of(tx.s, ctx.target or "")
    if found is None or ctx.target2 is None:
        return
    found[1].attached.remove(ctx.target)
    _attach(tx, ctx.target, ctx.target2)  # type: ignore[arg-type]


@op("gimme", targets=_actions_on_minions, second=_my_other_minions)
def _gimme(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Gimme!: the minion under the action picked is destroyed, and the action comes onto one of your
    minions (even if the minion survives)."""
    found = carrier_of(tx.s, ctx.target or "")
    if found is None or ctx.target2 is None:
        return
    found[1].attached.remove(ctx.target)
    destroy(tx, found[1].uid, ctx.player)
    _attach(tx, ctx.target, ctx.target2)  # type: ignore[arg-type]


def _any_monster(state, effect: Effect, ctx: Context) -> list[str]:
    return _same_at_every_base(state, "any_monster", effect, ctx, lambda: affectable_minions(
        state, ctx, [(b, m) for b in state.bases for m in b.monsters]))


def _minions_at_first_pick(state, effect: Effect, ctx: Context) -> list[str]:
    found = find_minion(state, ctx.target or "")
    return affectable_minions(state, ctx, [(found[0], m) for m in found[0].minions]) if found is not None else []


@op("war_cry", targets=_any_monster, second=_minions_at_first_pick)
def _war_cry(tx: Tx, effect: Effect, ctx: Context) -> None:
    """War Cry: a monster is destroyed; a minion at its base gets its power until the end of the turn."""
    found = find_minion(tx.s, ctx.target or "")
    if found is None:
        return
    strength = minion_power(tx.s, found[0], found[1])
    destroy(tx, found[1].uid, ctx.player)
    backed = find_minion(tx.s, ctx.target2 or "")
    if backed is not None:
        backed[1].until_end_of_turn += strength


@op("cleave", targets=_any_monster)
def _cleave(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Cleave: a monster is destroyed; the treasures it gives may be played as extra cards."""
    if ctx.target is None or find_minion(tx.s, ctx.target) is None:
        return
    hand = tx.s.player(ctx.player).hand
    before = set(hand)
    destroy(tx, ctx.target, ctx.player)
    gained = [u for u in hand if u not in before and tx.s.card_ids[u].startswith("treasure-")]
    tx.s.player(ctx.player).minion_grants.extend(f"card:{u}" for u in gained)
    if gained:
        tx.emit("extra_play", player=ctx.player, kind="treasure")


@op("cash_out")
def _cash_out(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Cash Out: up to N treasures from the hand may be played as extra cards this turn."""
    tx.s.player(ctx.player).minion_grants.extend(["treasure"] * effect.n)
    tx.emit("extra_play", player=ctx.player, kind="treasure")


def _scoring_base(state, ctx: Context) -> str | None:
    return state.scoring.base if state.scoring is not None else None


def _mine_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    """Run Away!: your minions at the base about to score, if the base named to go to is another one."""
    here = _scoring_base(state, ctx)
    if here is None or ctx.base in (None, here):
        return []
    return _my_minions_at_scoring_base(state, effect, ctx)


def _others_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    here = _scoring_base(state, ctx)
    if here is None:
        return []
    base = state.base(here)
    return [m.uid for m in base.minions if m.controller != ctx.player and affectable(state, ctx, base, m)]


@op("run_away", targets=_mine_at_scoring_base, second=_others_at_scoring_base)
def _run_away(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Run Away!, before a scoring: one of your minions and one of another player's leave that base for
    the base named."""
    if ctx.base is None or ctx.target is None:
        return
    move_minion(tx, ctx.target, ctx.base)
    if ctx.target2 is not None:
        move_minion(tx, ctx.target2, ctx.base)


def goes_on_minions(state, uid: str) -> bool:
    return any(e.op in ATTACH_OPS for e in state.card(uid).effects)


def play_treasure_on(tx: Tx, player: str, uid: str, minion_uid: str) -> None:
    """A treasure from a pile is played on a minion as an extra card: it lies there and does what it
    does when played."""
    from engine.smashup.hooks import after_treasure_played

    found = find_minion(tx.s, minion_uid)
    if found is None:
        return
    base, minion = found
    minion.attached.append(uid)
    tx.emit("action_played", player=player, card=tx.s.card_ids[uid], base=tx.s.card_ids[base.uid],
            target=tx.s.card_ids[minion_uid])
    after_treasure_played(tx, player, base, uid)
    card = tx.s.card(uid)
    if "talent" in card.keywords:
        return
    for effect in card.effects:
        if effect.op not in LASTING_OPS:
            OPS[effect.op](tx, effect, Context(player, uid, base.uid, minion_uid))


def _treasures_for_minions_in(pile_name: str) -> Callable:
    def candidates(state, effect: Effect, ctx: Context) -> list[str]:
        return [u for u in getattr(state, pile_name) if goes_on_minions(state, u)]

    return candidates


def _my_minions(state, effect: Effect, ctx: Context) -> list[str]:
    return affectable_minions(state, ctx, [(b, m) for b in state.bases for m in b.minions
                                           if m.controller == ctx.player])


def _my_minions_at_scoring_base(state, effect: Effect, ctx: Context) -> list[str]:
    here = _scoring_base(state, ctx)
    if here is None:
        return []
    base = state.base(here)
    return [m.uid for m in reached(state, ctx, base, base.minions) if m.controller == ctx.player]


@op("mine", targets=_treasures_for_minions_in("treasure_deck"), second=_my_minions)
def _mine(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mine!: a treasure for minions, searched out of the treasure deck, is played on one of your
    minions as an extra card; then the treasure deck is shuffled."""
    if ctx.target in tx.s.treasure_deck and ctx.target2 is not None:
        tx.s.treasure_deck.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.target2)  # type: ignore[arg-type]
    tx.rng.shuffle(tx.s.treasure_deck)


@op("salvage", targets=_treasures_for_minions_in("treasure_discard"), second=_my_minions_at_scoring_base)
def _salvage(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Salvage, before a scoring: a treasure from the treasure discard pile onto one of your minions there."""
    if ctx.target in tx.s.treasure_discard and ctx.target2 is not None:
        tx.s.treasure_discard.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.target2)  # type: ignore[arg-type]


@op("hireling_treasure", targets=_treasures_for_minions_in("treasure_discard"), optional=True)
def _hireling_treasure(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Dwarf Hireling, when played: a treasure from the treasure discard pile may be played on him."""
    if ctx.target in tx.s.treasure_discard:
        tx.s.treasure_discard.remove(ctx.target)
        play_treasure_on(tx, ctx.player, ctx.target, ctx.card)  # type: ignore[arg-type]


@op("stay_down")
def _stay_down(tx: Tx, effect: Effect, ctx: Context) -> None:
    """And Stay Down!, before a scoring: with the most power there (ties count), nobody else may use a
    special for this scoring (specials already used stay used)."""
    from engine.smashup.rules import power_at

    scoring = tx.s.scoring
    if scoring is None:
        return
    base = tx.s.base(scoring.base)
    mine = power_at(tx.s, base, ctx.player)
    if mine and all(power_at(tx.s, base, p.id) <= mine for p in tx.s.players):
        scoring.locked_by = ctx.player
        tx.emit("specials_locked", player=ctx.player, base=tx.s.card_ids[base.uid])


# ---------------------------------------------------------------------- other players' cards and control
def _others_with_cards(state, effect: Effect, ctx: Context) -> list[str]:
    return [p.id for p in state.players if p.id != ctx.player and p.hand]


@op("trade", targets=_others_with_cards)
def _trade(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Trade: a random card from the named player's hand comes to yours, this card goes to theirs (its
    owner stays who played it), and you may play an extra action."""
    if ctx.target is None or not tx.s.has_player(ctx.target):
        return
    theirs = tx.s.player(ctx.target).hand
    if theirs:
        taken = theirs.pop(tx.rng.below(len(theirs)))
        tx.s.player(ctx.player).hand.append(taken)
        tx.emit("cards_received", audience=ctx.player, player=ctx.player, cards=[tx.s.card_ids[taken]], uids=[taken])
    theirs.append(ctx.card)
    tx.emit("card_given", player=ctx.player, to=ctx.target, card=tx.s.card_ids[ctx.card])
    tx.s.player(ctx.player).actions_left += 1
    tx.emit("extra_play", player=ctx.player, kind="action")


def _weak_minions_of_others(state, effect: Effect, ctx: Context) -> list[str]:
    """Another player's minions of power 3 or less, and monsters a player controls (rulebook,
    "Blumenkind": a monster nobody controls cannot be taken)."""
    return _same_at_every_base(state, "weak_of_others", effect, ctx, lambda: [
        m.uid for b in state.bases for m in (*b.minions, *b.monsters)
        if m.controller not in (None, ctx.player) and minion_power(state, b, m) <= (effect.max_power or 0)])


@op("flower_child", targets=_weak_minions_of_others, optional=True)
def _flower_child(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Flower Child, when played: she may go to another player's control in exchange for one of their
    minions of power 3 or less (each stays with its new player until it leaves play)."""
    theirs = find_minion(tx.s, ctx.target) if ctx.target else None
    mine = find_minion(tx.s, ctx.card)
    if theirs is None or mine is None:
        return
    other = theirs[1].controller
    theirs[1].controller, mine[1].controller = ctx.player, other
    tx.emit("control_swapped", player=ctx.player, to=other, card=tx.s.card_ids[ctx.card],
            monster=tx.s.card_ids[theirs[1].uid])


# ---------------------------------------------------------------------- choices left to a player
def _players_at(state, effect: Effect, ctx: Context) -> list[str]:
    """Players with a minion at the base named (Potion of Halitosis)."""
    if ctx.base is None:
        return []
    return [p.id for p in state.players if any(m.controller == p.id for m in state.base(ctx.base).minions)]


@op("halitosis", targets=_players_at)
def _halitosis(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Halitosis: the player named moves one of their minions from this base to another (they
    choose which and where)."""
    from engine.smashup.choices import open_choice

    if ctx.target is None or ctx.base is None:
        return
    here = tx.s.base(ctx.base)
    options = [f"{m.uid}>{b.uid}" for m in reached(tx.s, ctx, here, here.minions) if m.controller == ctx.target
               for b in tx.s.bases if b.uid != here.uid]
    open_choice(tx, ctx.target, "halitosis_move", options, base=ctx.base)


def _other_players(state, effect: Effect, ctx: Context) -> list[str]:
    return [p.id for p in state.players if p.id != ctx.player]


@op("pumping_iron", targets=_other_players, second=_any_minion)
def _pumping_iron(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Pumping Iron: the other player named gives a minion of their choice +2, you give yours +3 (both
    until the end of the turn; either may pick any minion)."""
    from engine.smashup.choices import open_choice

    mine = find_minion(tx.s, ctx.target2 or "")
    if mine is not None:
        mine[1].until_end_of_turn += effect.n
    if ctx.target is not None:
        options = [m.uid for b in tx.s.bases for m in reached(tx.s, ctx, b, b.minions)]    # the card is yours
        open_choice(tx, ctx.target, "pumping_iron", options, power=str(effect.n - 1))


def _minions_in_my_discard(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for u in state.player(ctx.player).discard if state.card(u).kind == "minion"]


@op("brats")
def _brats(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Spoiled Brats: the minions picked from your discard pile are shuffled and put on top of your deck."""
    seat = tx.s.player(ctx.player)
    picked = [u for u in ctx.picks if u in seat.discard]
    for uid in picked:
        seat.discard.remove(uid)
    tx.rng.shuffle(picked)
    seat.deck.extend(picked)          # the end of the list is the top of the deck


PICK_OPS["brats"] = _minions_in_my_discard


@op("run_more")
def _run_more(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Run Away More!, before a scoring: the minions of yours picked leave that base for the base named."""
    if ctx.base is None:
        return
    for uid in ctx.picks:
        move_minion(tx, uid, ctx.base)


PICK_OPS["run_more"] = _mine_at_scoring_base


def _others_at_scoring_base_players(state, effect: Effect, ctx: Context) -> list[str]:
    here = _scoring_base(state, ctx)
    if here is None:
        return []
    return [p.id for p in state.players if p.id != ctx.player
            and any(m.controller == p.id for m in state.base(here).minions)]


@op("helping_hands", targets=_others_at_scoring_base_players, second=_my_minions_at_scoring_base)
def _helping_hands(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Helping Hands, before a scoring: the player named gets +2 there (on one of their minions), the
    minion of yours picked -2; if they win the base, you take 1 VP from them (rules: steal_if_wins)."""
    here = _scoring_base(tx.s, ctx)
    if here is None or ctx.target is None:
        return
    base = tx.s.base(here)
    theirs = next((m for m in reached(tx.s, ctx, base, base.minions) if m.controller == ctx.target), None)
    if theirs is not None:
        theirs.until_end_of_turn += effect.n
    mine = find_minion(tx.s, ctx.target2 or "")
    if mine is not None:
        mine[1].until_end_of_turn -= effect.n


@op("steal_if_wins")
def _steal_if_wins(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Helping Hands, during the scoring: the helped player won the base: 1 of their VP is yours."""
    if ctx.target is None or ctx.placed is None or ctx.placed.get(ctx.target) != 1 or not tx.s.has_player(ctx.target):
        return
    helped = tx.s.player(ctx.target)
    if helped.vp > 0:
        helped.vp -= 1
        tx.s.player(ctx.player).vp += 1
        tx.emit("vp_taken", player=ctx.player, victim=ctx.target, vp=1)


@op("line_cutting")
def _line_cutting(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Line Cutting, during the scoring: its player takes a revealed loot card of their choice
    before the sharing."""
    from engine.smashup.choices import open_choice

    if tx.s.scoring is not None and tx.s.scoring.loot:
        open_choice(tx, ctx.player, "line_cut", list(tx.s.scoring.loot))


@op("word_of_recall")
def _word_of_recall(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Word of Recall: a random action from each other player's discard pile is shown; you may play one
    of them as an extra action this turn; the others stay where they are."""
    from engine.smashup.choices import NONE, open_choice

    shown = []
    for seat in tx.s.players:
        actions = [u for u in seat.discard if seat.id != ctx.player and tx.s.card(u).kind == "action"]
        if actions:
            shown.append(actions[tx.rng.below(len(actions))])
    if shown:
        tx.emit("cards_revealed", player=ctx.player, cards=[tx.s.card_ids[u] for u in shown])
        open_choice(tx, ctx.player, "recall_pick", [NONE, *shown])


@op("cunning_plan")
def _cunning_plan(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Cunning Plan, before a scoring: a treasure is drawn; its player may play it at once, as an extra
    card (they choose where, and on what)."""
    from engine.smashup.choices import NONE, open_choice
    from engine.smashup.rules import play_options_for

    drawn = tx.draw_treasures(ctx.player, 1)
    if drawn:
        open_choice(tx, ctx.player, "cunning_play", [NONE, *play_options_for(tx.s, ctx.player, drawn[0])],
                    card=drawn[0])


# the ops that act at the base a card names (or is played at): an action without one of them (and not
# lying on a base) needs no base, and move lists offer it once instead of once per base
BASE_OPS = frozenset({"bait", "berserker", "destroy", "destroy_or_play_monster", "draw_treasure_if_pair",
                      "faction_power", "grant_minion", "halitosis", "last_call", "move_own_to_crowded",
                      "paralysis", "pillage", "play_monster", "power", "ruckus", "rude_awakening", "run_away",
                      "run_more"})


# the cards an op itself puts somewhere (not to the discard pile after they are played)
PLACED_BY_OP = frozenset({"trade"})


@op("bottom_of_treasure_deck")
def _bottom_of_treasure_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    """This card goes under the treasure deck instead of the discard pile (rules.play_action asks)."""


# ---------------------------------------------------------------------- costs and choices
def pay(tx: Tx, ctx: Context) -> None:
    """Cards named as the price go from the hand to the discard pile (checked by rules.check_cost)."""
    seat = tx.s.player(ctx.player)
    for uid in ctx.discard:
        seat.hand.remove(uid)
        tx.to_discard(uid)
    if ctx.discard:
        tx.emit("paid", player=ctx.player, cards=[tx.s.card_ids[u] for u in ctx.discard])


COST_OPS = {"cost_discard": "any", "cost_discard_treasure": "treasure"}
for _name in COST_OPS:
    OPS[_name] = lambda tx, effect, ctx: None      # paid by rules before the card's effects


@op("self_power")
def _self_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    found = find_minion(tx.s, ctx.card)
    if found is not None:
        found[1].until_end_of_turn += effect.n


@op("others_here_power")
def _others_here_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every other player's minion at this card's base gets +N until the end of the turn."""
    found = find_minion(tx.s, ctx.card)
    if found is None:
        return
    for minion in reached(tx.s, ctx, found[0], found[0].minions):
        if minion.controller != ctx.player:
            minion.until_end_of_turn += effect.n


@op("take_treasure_from_discard")
def _take_treasure_from_discard(tx: Tx, effect: Effect, ctx: Context) -> None:
    if tx.s.treasure_discard:
        uid = tx.s.treasure_discard.pop()
        tx.s.player(ctx.player).hand.append(uid)
        tx.emit("cards_received", audience=ctx.player, player=ctx.player, cards=[tx.s.card_ids[uid]], uids=[uid])


@op("treasure_draw_or_take")
def _treasure_draw_or_take(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Draw a treasure, or (mode "take") take the top of the treasure discard pile."""
    if ctx.mode == "take" and tx.s.treasure_discard:
        _take_treasure_from_discard(tx, effect, ctx)
    else:
        tx.draw_treasures(ctx.player, 1)


@op("cardinal")
def _cardinal(tx: Tx, effect: Effect, ctx: Context) -> None:
    """With 5 or more cards in the discard pile, 2 of them at random go to the hand."""
    if len(tx.s.player(ctx.player).discard) >= 5:
        _take_from_discard(tx, effect, ctx)


@op("counter_per_treasure_in_hand")
def _counter_per_treasure_in_hand(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Reveal the treasures in hand (they stay there): a +1 counter for each."""
    seat = tx.s.player(ctx.player)
    shown = [u for u in seat.hand if tx.s.card_ids[u].startswith("treasure-")]
    found = find_minion(tx.s, ctx.card)
    if found is not None and shown:
        found[1].counters += len(shown)
        tx.emit("treasures_revealed", player=ctx.player, cards=[tx.s.card_ids[u] for u in shown])


@op("treasures_for_vp")
def _treasures_for_vp(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Two treasures paid (optional): 1 VP."""
    if len(ctx.discard) == 2:
        _gain_vp(tx, Effect(op="gain_vp", n=1), ctx)


@op("discard_for_extra")
def _discard_for_extra(tx: Tx, effect: Effect, ctx: Context) -> None:
    """A card paid (optional): an extra minion, or with mode "action" an extra action."""
    if ctx.discard:
        (_extra_action if ctx.mode == "action" else _extra_minion)(tx, Effect(op="x", n=1), ctx)


def _monsters_here(state, effect: Effect, ctx: Context) -> list[str]:
    found = find_minion(state, ctx.card)
    base = found[0] if found else (state.base(ctx.base) if ctx.base else None)
    if base is None:
        return []
    limit = 99
    if effect.what == "weaker":       # not yet on the table while the move is checked: its printed power
        limit = minion_power(state, found[0], found[1]) if found else state.card(ctx.card).power
    return [m.uid for m in base.monsters if minion_power(state, base, m) <= limit]


@op("berserker", targets=_monsters_here)
def _berserker(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Destroy a monster here no stronger than this minion: a +1 counter on it."""
    target = _needs(ctx, _monsters_here(tx.s, effect, ctx))
    if target is None:
        return
    destroy(tx, target, ctx.player)
    found = find_minion(tx.s, ctx.card)
    if found is not None:
        found[1].counters += 1


@op("destroy_or_play_monster", targets=lambda s, e, c: _monsters_here(s, e, c) if c.mode != "monster" else [])
def _destroy_or_play_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mode "monster": play a monster at this base; otherwise destroy a monster here."""
    found = find_minion(tx.s, ctx.card)
    base = found[0] if found else tx.s.base(ctx.base or "")
    if ctx.mode == "monster":
        tx.play_monster(base)
        return
    target = _needs(ctx, _monsters_here(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)


@op("campaign")
def _campaign(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Your minions on a base with a monster get +N until the end of the turn."""
    for base in tx.s.bases:
        if base.monsters:
            for minion in reached(tx.s, ctx, base, base.minions):
                if minion.controller == ctx.player:
                    minion.until_end_of_turn += effect.n


def _owned_minions_at_most(state, effect: Effect, ctx: Context) -> list[str]:
    limit = effect.max_power or 0
    return affectable_minions(state, ctx, [(b, m) for b in state.bases for m in b.minions
                                           if m.owner is not None and minion_power(state, b, m) <= limit])


@op("bottom_of_owners_deck", targets=_owned_minions_at_most)
def _bottom_of_owners_deck(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = _needs(ctx, _owned_minions_at_most(tx.s, effect, ctx))
    if target is None:
        return
    base, minion = find_minion(tx.s, target)  # type: ignore[misc]
    base.minions.remove(minion)
    for uid in minion.attached:
        tx.to_discard(uid)
    tx.s.player(minion.owner or "").deck.insert(0, minion.uid)
    tx.emit("minion_to_deck_bottom", player=ctx.player, card=tx.s.card_ids[target])


def _crush_targets(state, effect: Effect, ctx: Context) -> list[str]:
    found = []
    for base in state.bases:
        mine = sum(1 for m in base.minions if m.controller == ctx.player)
        for minion in base.minions:
            theirs = sum(1 for m in base.minions if m.controller == minion.controller)
            if minion.controller not in (None, ctx.player) and theirs < mine and affectable(state, ctx, base, minion):
                found.append(minion.uid)
    return found


@op("crush", targets=_crush_targets)
def _crush(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Destroy a minion of a player who has fewer minions at that base than you."""
    target = _needs(ctx, _crush_targets(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)


@op("gift_draw", targets=lambda s, e, c: _other_players(s, e, c))
def _gift_draw(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Another player (the next one, unless named) draws a card; then you draw one."""
    ids = [p.id for p in tx.s.players]
    other = ctx.target if ctx.target in ids and ctx.target != ctx.player else None
    other = other or ids[(ids.index(ctx.player) + 1) % len(ids)]
    tx.draw(other, 1)
    tx.draw(ctx.player, 1)


@op("grant_minion")
def _grant_minion(tx: Tx, effect: Effect, ctx: Context) -> None:
    """An extra minion with a condition: "here" (this base), "no_minion" (a base where you have none),
    "behind" (a base where someone has more power than you), "power<=3"; with a cost paid, one per card."""
    found = find_minion(tx.s, ctx.card)
    here = found[0].uid if found else ctx.base
    rule = f"base:{here}" if effect.where == "here" else effect.where or ""
    times = len(ctx.discard) if effect.what == "per_card_paid" else effect.n
    tx.s.player(ctx.player).minion_grants.extend([rule] * times)
    if times:
        tx.emit("extra_play", player=ctx.player, kind="minion")


@op("extra_minion_if_behind_here")
def _extra_if_behind_here(tx: Tx, effect: Effect, ctx: Context) -> None:
    from engine.smashup.rules import power_at

    base = find_minion(tx.s, ctx.card)[0]  # type: ignore[index]
    mine = power_at(tx.s, base, ctx.player)
    if any(power_at(tx.s, base, p.id) > mine for p in tx.s.players if p.id != ctx.player):
        _grant_minion(tx, Effect(op="grant_minion", where="here"), ctx)


@op("extra_minion_if_alone_here")
def _extra_if_alone_here(tx: Tx, effect: Effect, ctx: Context) -> None:
    base = find_minion(tx.s, ctx.card)[0]  # type: ignore[index]
    if [m.controller for m in base.minions].count(ctx.player) == 1:
        _grant_minion(tx, Effect(op="grant_minion", where="here"), ctx)


@op("return_to_monster_deck_top")
def _return_to_monster_deck_top(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Ghoul: when destroyed it goes on top of the monster deck (see destroy)."""


@op("play_another_monster")
def _play_another_monster(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Web Troll: when played, another monster comes to its base (see Tx.play_monster)."""


from engine.smashup.hooks import HOOK_OPS  # noqa: E402

for _name in HOOK_OPS:
    OPS.setdefault(_name, _lasting)
for _name in LASTING_OPS:
    OPS.setdefault(_name, _lasting)


# ---------------------------------------------------------------------- more card effects
def _attached_actions(state, effect: Effect, ctx: Context) -> list[str]:
    """Actions played on minions (and, unless the card says minions only, on bases)."""
    found = [u for b in state.bases for m in (*b.minions, *b.monsters) for u in m.attached]
    if effect.where != "minion":
        found += [u for b in state.bases for u in b.actions]
    return found


def _detach(state, uid: str) -> BaseInPlay:
    """Take an action off the base or minion it lies on; returns that base."""
    for base in state.bases:
        for holder in [base.actions] + [m.attached for m in (*base.minions, *base.monsters)]:
            if uid in holder:
                holder.remove(uid)
                return base
    raise KeyError(uid)


@op("destroy_attached_action", targets=_attached_actions)
def _destroy_attached_action(tx: Tx, effect: Effect, ctx: Context) -> None:
    """An action lying on a minion or a base is destroyed; with "extra_if_treasure" a destroyed
    treasure gives an extra action."""
    target = _needs(ctx, _attached_actions(tx.s, effect, ctx))
    if target is None:
        return
    base = _detach(tx.s, target)
    tx.to_discard(target)
    tx.emit("destroyed", player=ctx.player, card=tx.s.card_ids[target], base=tx.s.card_ids[base.uid])
    if effect.what == "extra_if_treasure" and tx.s.card_ids[target].startswith("treasure-"):
        _extra_action(tx, Effect(op="extra_action"), ctx)


def _treasures_in_play(state, effect: Effect, ctx: Context) -> list[str]:
    return [u for u in _attached_actions(state, effect, ctx) if state.card_ids[u].startswith("treasure-")]


@op("take_treasure_in_play", targets=_treasures_in_play)
def _take_treasure_in_play(tx: Tx, effect: Effect, ctx: Context) -> None:
    """A treasure in play goes into your hand (taking it is no action on the minion)."""
    target = _needs(ctx, _treasures_in_play(tx.s, effect, ctx))
    if target is None:
        return
    _detach(tx.s, target)
    tx.s.player(ctx.player).hand.append(target)
    tx.emit("treasure_taken", player=ctx.player, card=tx.s.card_ids[target])


@op("treasure_per_card_paid")
def _treasure_per_card_paid(tx: Tx, effect: Effect, ctx: Context) -> None:
    tx.draw_treasures(ctx.player, len(ctx.discard))


@op("power_per_card_paid", targets=_any_minion)
def _power_per_card_paid(tx: Tx, effect: Effect, ctx: Context) -> None:
    target = _needs(ctx, _any_minion(tx.s, effect, ctx))
    if target is not None:
        find_minion(tx.s, target)[1].until_end_of_turn += len(ctx.discard)  # type: ignore[index]


def _weak_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Dungeon Bait's other option: a minion (not a monster) of power 2 or less, anywhere."""
    return [] if ctx.mode == "monster" else _destroy_targets(state, _BAIT_WEAK, ctx)


# one object for all the calls: _destroy_targets remembers its answer by the effect (while read only)
_BAIT_WEAK = Effect(op="destroy", max_power=2, what="minion")


@op("bait", targets=_weak_minions)
def _bait(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Mode "monster": a monster comes to the chosen base; otherwise destroy a minion of power 2 or less."""
    if ctx.mode == "monster":
        if ctx.base:
            tx.play_monster(tx.s.base(ctx.base))
        return
    target = _needs(ctx, _weak_minions(tx.s, effect, ctx))
    if target is not None:
        destroy(tx, target, ctx.player)


@op("ruckus")
def _ruckus(tx: Tx, effect: Effect, ctx: Context) -> None:
    """At the chosen base: mode "clear" destroys every monster without treasures; otherwise two
    monsters come."""
    if not ctx.base:
        return
    base = tx.s.base(ctx.base)
    if ctx.mode == "clear":
        for monster in reached(tx.s, ctx, base, list(base.monsters)):
            destroy(tx, monster.uid, ctx.player, no_treasures=True)
    else:
        tx.play_monster(base)
        tx.play_monster(base)


@op("faction_power")
def _faction_power(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Every minion of the chosen faction (mode) at the base gets +N until the end of the turn."""
    if not ctx.base or not ctx.mode:
        return
    base = tx.s.base(ctx.base)
    for minion in reached(tx.s, ctx, base, base.minions):
        if getattr(tx.s.card(minion.uid), "faction", None) == ctx.mode:
            minion.until_end_of_turn += effect.n


@op("dowsing")
def _dowsing(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Draw two treasures; this card and the treasure discard pile are shuffled into the treasure deck
    (rules.do_play_action puts the card back for "shuffle_into_treasure_deck")."""
    tx.draw_treasures(ctx.player, 2)


# ---------------------------------------------------------------------- a talent borrowed
def _talented_minions(state, effect: Effect, ctx: Context) -> list[str]:
    """Potion of Redundancy Potion: the other minions in play with a talent."""
    found = carrier_of(state, ctx.card)
    carrier = found[1].uid if found else None
    return [m.uid for b in state.bases for m in b.minions
            if m.uid != carrier and "talent" in state.card(m.uid).keywords and state.card(m.uid).kind == "minion"]


def _borrowed(state, ctx: Context) -> Context | None:
    """The context of the talent borrowed: it acts as the minion the potion lies on, its pick is the
    potion's second pick."""
    found = carrier_of(state, ctx.card)
    if found is None or ctx.target is None:
        return None
    return Context(ctx.player, found[1].uid, found[0].uid, ctx.target2, ctx.discard, ctx.mode, None, ctx.picks,
                   ctx.placed)


def _borrowed_targets(state, effect: Effect, ctx: Context) -> list[str]:
    borrowed = _borrowed(state, ctx)
    if borrowed is None or ctx.target not in state.card_ids:
        return []
    borrowed.target = None
    return [u for e in state.card(ctx.target).effects if e.op in NEEDS_TARGET
            for u in NEEDS_TARGET[e.op](state, e, borrowed)]


@op("redundancy", targets=_talented_minions, second=_borrowed_targets)
def _redundancy(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Potion of Redundancy Potion's talent: the minion it lies on uses another minion's talent (its
    price paid with the potion's)."""
    borrowed = _borrowed(tx.s, ctx)
    if borrowed is None:
        return
    tx.emit("talent_borrowed", player=ctx.player, card=tx.s.card_ids[ctx.target])
    for e in tx.s.card(ctx.target).effects:
        if e.op not in LASTING_OPS and e.op not in COST_OPS:
            OPS[e.op](tx, e, borrowed)
