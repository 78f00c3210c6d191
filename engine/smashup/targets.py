"""What a card's text may pick and reach: which minions and monsters an action of a player can affect
(Dork Orc, Too Tough, The Pits, Sneaksy), who may keep a card off with Stalling, and the candidate
lists that several ops share."""

from __future__ import annotations

from collections.abc import Callable

from engine.smashup.cards import OPS_BY_ID, Effect, designs, monster_designs, ops_of, play_designs
from engine.smashup.power import READ_ONLY, find_minion, has_abilities, has_op, powers_at, powers_fixed, read_only_memo
from engine.smashup.registry import ATTACH_OPS, NEEDS_TARGET, NEEDS_TARGET2, PICK_OPS, Context, in_play
from engine.smashup.state import CARDS_AS_WRITTEN, BaseInPlay, Minion


def minions_of(state, base: BaseInPlay) -> list[Minion]:
    """What a card's text means by "the minions" at a base: the players' minions and the monsters, for
    monsters count as minions for every card (rulebook l.172, l.176). l.176's exceptions are read
    where they matter: a free monster's power raises the breakpoint instead of counting for a player
    (power.py), and monsters have no owner nor faction, so "your minions" are the ones you control.
    Before CARDS_AS_WRITTEN most cards looked at the players' minions only."""
    if state.rules_version >= CARDS_AS_WRITTEN and base.monsters:
        return [*base.minions, *base.monsters]
    return base.minions


def minions_in_play(state) -> list[tuple[BaseInPlay, Minion]]:
    """Every minion in play (minions_of each base), with its base."""
    return [(b, m) for b in state.bases for m in minions_of(state, b)]


def pick_candidates_of(state, effect: Effect, ctx: Context, second: bool = False) -> list[str]:
    """What an effect may pick first (or, given the first pick, second). While the state is read only
    each list is worked out once: a first pick's candidates do not depend on the pick named, so
    the checks of every move of a card share them (the listing asks for a plain card's once, without
    this memo: listing._plain_candidates)."""
    table = NEEDS_TARGET2 if second else NEEDS_TARGET
    cache = getattr(READ_ONLY, "cache", None)
    if cache is None or cache[0] is not state:
        return table[effect.op](state, effect, ctx)
    key = ("picks", id(effect), ctx.player, ctx.card, ctx.base, ctx.mode, ctx.target if second else None)
    found = cache[1].get(key)
    if found is None:
        found = cache[1][key] = table[effect.op](state, effect, ctx)
    return found


# what keeps cards off minions: on a minion (Too Tough), a minion itself (Dork Orc), a base (The Pits),
# an ongoing action (Sneaksy, Stalling)
in_play("indestructible", "attached_immunity", kind="attached")
in_play("immune_to_others_actions", "base_immune_to_others_actions", "protect_own_minions_here", "stalling")


def affectable(state, ctx: Context, base: BaseInPlay, minion: Minion) -> bool:
    """Minions that are "not affected by other players' actions": Dork Orc, Too Tough on it, The Pits,
    Sneaksy on their base. Only actions of another player are kept off; minions and talents are not.
    Too Tough speaks for whoever played it: on another player's minion it keeps that player's own
    actions off too (rulebook, "Zu widerstandsfähig"). Stalling is not checked here: its player decides
    once the card is played (stalling_player). While the state is read only each answer for an
    action is remembered: it depends on the player, not on which action it is."""
    if play_designs()[state.card_ids[ctx.card]].kind != "action":      # (state.play_card, asked per minion)
        return True
    return reached_by_actions(state, ctx.player, base, minion)


def reached_by_actions(state, player: str, base: BaseInPlay, minion: Minion) -> bool:
    """affectable for an action of the player (remembered while the state is read only; the player's
    own minions and monsters nobody controls, with nothing on them, are reached without looking)."""
    if not minion.attached and minion.controller in (None, player):      # (_reached_by_actions' answer)
        return True
    cache = getattr(READ_ONLY, "cache", None)
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
               for u in base.actions for e in state.active_effects(u))


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
    for effect in state.active_effects(ctx.card):
        if not (now(effect) and acts_on_all(effect)):
            continue
        for base in _bases_acted_on(state, effect, ctx):
            for minion in reached(state, ctx, base, minions_of(state, base)):
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
    ops = {e.op for e in state.active_effects(ctx.card)}
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
    if play_designs()[state.card_ids[ctx.card]].kind != "action":      # (state.play_card)
        return [m.uid for b in state.bases for m in minions_of(state, b)] if pool is None else [m.uid for _, m in pool]
    player, found = ctx.player, list[str]()      # (reached_at for each run of minions at one base)
    if pool is None:
        for b in state.bases:
            found += [m.uid for m in reached_at(state, player, b, minions_of(state, b))]
        return found
    run: list[Minion] = []
    at: BaseInPlay | None = None
    for b, m in pool:
        if b is not at:
            if run and at is not None:
                found += [m.uid for m in reached_at(state, player, at, run)]
            at, run = b, []
        run.append(m)
    if run and at is not None:
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


def destroy_targets(state, effect: Effect, ctx: Context) -> list[str]:
    """What a destroying effect may pick: at its base ("here") or anywhere; anywhere, it is the same
    whichever base the card is played at (worked out once for all of them while the state is read only)."""
    if effect.where == "here":
        return destroyable(state, effect, ctx, here=True)
    return read_only_memo(state, ("destroyable", id(effect), ctx.player, ctx.card),
                          lambda: destroyable(state, effect, ctx, here=False))


def destroyable(state, effect: Effect, ctx: Context, here: bool) -> list[str]:
    cache = getattr(READ_ONLY, "cache", None)
    if cache is not None and cache[0] is state:      # (a listing: read only already)
        return _destroyable_now(state, effect, ctx, here)
    with powers_fixed(state):    # read only, also when a move asks: each power's terms worked out once
        return _destroyable_now(state, effect, ctx, here)


def _destroyable_now(state, effect: Effect, ctx: Context, here: bool) -> list[str]:
    found = []
    ids = state.card_ids      # (state.play_card and monster_card, asked per minion)
    by_action = play_designs()[ids[ctx.card]].kind == "action"    # (affectable's first question)
    monster_of = monster_designs()
    player, what, limit = ctx.player, effect.what, effect.max_power or 0
    for base in state.bases:
        if here and base.uid != ctx.base:
            continue
        powers = None       # the base's powers_at (minion_power's answers), looked up once it is needed
        for minion in minions_of(state, base) if what == "minion" else base.monsters:
            if what == "undead_monster" and not monster_of[ids[minion.uid]].undead:
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


def any_minion(state, effect: Effect, ctx: Context) -> list[str]:
    return same_at_every_base(state, "any_minion", effect, ctx, lambda: affectable_minions(state, ctx))


def same_at_every_base(state, name: str, effect: Effect, ctx: Context, work: Callable[[], list[str]]) -> list[str]:
    """Candidates that do not depend on the base the card is played at (nor on a first pick or a
    mode): worked out once for all the bases a listing tries while the state is read only."""
    return read_only_memo(state, (name, id(effect), ctx.player, ctx.card), work)


def needs(ctx: Context, candidates: list[str]) -> str | None:
    """The target picked, if it is still one the effect can take. The pick itself was checked when the
    move was validated (turn._check_targets); an effect earlier on the same card can change what
    qualifies (a minion's power once it is on the table), and then the effect takes nothing."""
    return ctx.target if ctx.target in candidates else None


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
