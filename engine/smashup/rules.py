"""Smash Up – Munchkin's rules and flow (rulebook: "Spielvorbereitung", "Prügeln wir uns nach
Regeln!", "So läuft dein Spielzug ab", "Monster und Schätze", "Die große Wertung", "Aus und vorbei!").

``apply(state, action)`` validates on the unchanged state, changes a copy (the state itself with
``in_place=True``), and lets the game run on until it waits for a player, like the Munchkin engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.smashup import actions as A
from engine.smashup import choices, hooks
from engine.smashup import ops as card_ops  # noqa: F401  (the package registers every card op)
from engine.smashup.cards import Effect, data, designs, ops_of, per_card
from engine.smashup.hooks import play_monster
from engine.smashup.ops.common import pay, special_moment
from engine.smashup.power import (
    find_minion,
    has_abilities,
    note_listed,
    places,
    power_at,
    powers_fixed,
    present_at,
    read_only_memo,
    ready_bases,
    state_changing,
    total_power,
    was_listed,
)
from engine.smashup.registry import (
    ATTACH_OPS,
    BASE_CHOICE_OPS,
    BASE_OPS,
    COST_OPS,
    IDLE_WHEN,
    LASTING_OPS,
    NEEDS_TARGET,
    NEEDS_TARGET2,
    OPS,
    OPTIONAL_COSTS,
    OPTIONAL_TARGET_OPS,
    OWED_COSTS,
    PICK_OPS,
    PLACED_BY_OP,
    SET_ASIDE_OPS,
    SPECIAL_ONLY_OPS,
    Context,
    op,
)
from engine.smashup.state import (
    CARDS_AS_WRITTEN,
    RULES_VERSION,
    TALENT_PICKS_AS_WRITTEN,
    BaseInPlay,
    Decision,
    Draft,
    GameState,
    Minion,
    Scoring,
    Seat,
    drop,
    holds,
    minion_effect,
    new_decision,
    new_minion,
    put,
)
from engine.smashup.targets import (
    acts_on_all,
    affectable,
    base_of,
    carrier_of,
    pick_candidates_of,
    reached_at,
    takes_pick,
)
from engine.smashup.tx import Tx

HAND_SIZE = 5
DRAW_PER_TURN = 2
HAND_LIMIT = 10
WINNING_VP = 15
MIN_PLAYERS, MAX_PLAYERS = 2, 4


# ====================================================================== setup
def new_game(players: Sequence[tuple[str, str]], seed: int) -> tuple[GameState, list[Event]]:
    """Bases, monsters and treasures shuffled, a random start player, then the faction draft."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise IllegalAction("player_count", count=len(players))
    d = data()
    card_ids: dict[str, str] = {}
    piles: dict[str, list[str]] = {"base": [], "monster": [], "treasure": []}
    for pile, pile_designs in (("base", d.bases), ("monster", d.monsters), ("treasure", d.treasures)):
        for design in pile_designs:
            for _ in range(getattr(design, "count", 1)):
                uid = f"s{len(card_ids) + 1}"
                card_ids[uid] = design.id
                piles[pile].append(uid)
    rng = Rng(seed)
    for pile in piles.values():
        rng.shuffle(pile)
    start = rng.below(len(players))
    ids = [pid for pid, _ in players]
    order = ids[start:] + ids[:start]
    state = GameState(rules_version=RULES_VERSION, seed=seed, rng=rng.state, card_ids=card_ids, base_deck=piles["base"],
                      monster_deck=piles["monster"], treasure_deck=piles["treasure"],
                      players=[Seat(id=pid, name=name) for pid, name in players], active=start,
                      draft=Draft(order=order + order[::-1], offered=[f.id for f in d.factions]))
    tx = Tx(state)
    tx.emit("game_started", players=ids, first=order[0])
    tx.emit("draft_turn", player=order[0])
    tx.finish()
    return state, tx.events


def _finish_setup(tx: Tx) -> None:
    """Each player's two factions make a 40-card deck; one base per player plus one, with their
    monsters; 5 cards each, and a hand without a minion is shown, discarded and drawn anew once."""
    state = tx.s
    state.card_ids, state.owners = dict(state.card_ids), dict(state.owners)   # shared with the state before
    for seat in state.players:
        for faction in seat.factions:
            for card in (c for c in data().cards if c.faction == faction):
                for _ in range(card.count):
                    uid = f"s{len(state.card_ids) + 1}"
                    state.card_ids[uid] = card.id
                    state.owners[uid] = seat.id
                    seat.deck.append(uid)
        tx.rng.shuffle(seat.deck)
    for _ in range(len(state.players) + 1):
        _new_base(tx)
    for seat in state.players:
        tx.draw(seat.id, HAND_SIZE)
        if not any(state.card(u).kind == "minion" for u in seat.hand):
            tx.emit("mulligan", player=seat.id, cards=[state.card_ids[u] for u in seat.hand])
            seat.discard.extend(seat.hand)
            seat.hand.clear()
            tx.draw(seat.id, HAND_SIZE)
    state.draft = None
    _begin_turn(tx)


def _new_base(tx: Tx) -> None:
    uid = tx.top("base")
    if uid is None:
        return
    base = BaseInPlay(uid=uid)
    tx.s.bases.append(base)
    tx.emit("base_revealed", base=tx.s.card_ids[uid])
    for _ in range(tx.s.card(uid).monsters):
        play_monster(tx, base)


# ====================================================================== apply
def apply(state: GameState, action: A.Action, *, in_place: bool = False) -> tuple[GameState, list[Event]]:
    """The state after the move and what happened. ``in_place``: the move changes ``state`` itself
    (returned again) instead of a copy, for a caller that owns the state and keeps only the newest
    (the simulator, playouts). Every refusal comes from ``validate``, before the first change, so a
    refused move changes nothing either way; no executor raises IllegalAction (they reach the
    checks only through ``_passes_check``, which answers yes or no). Should a move still fail half
    way, the in-place form raises RuntimeError: a half-changed state is never passed off as a clean
    refusal."""
    validate(state, action)
    read_first = _read_first(state, action)
    if not in_place:
        tx = Tx(state.clone(), read_first)
        EXECUTE[type(action)](tx, action)
        tx.finish()
        return tx.s, tx.events
    tx = Tx(state, read_first)
    try:
        with state_changing(state):
            EXECUTE[type(action)](tx, action)
    except Exception as exc:
        raise RuntimeError(f"half-made move, the state is left changed: {action!r}") from exc
    tx.finish()
    return state, tx.events


def _read_first(state: GameState, action: A.Action) -> list[str] | None:
    """What the move reads of the state before it changes anything, worked out before the move
    starts, in the read-only block of its check: a caller holding one block around listing, checking
    and applying (the simulator) has the powers worked out for the listing used again. Finishing
    looks for the bases at their breakpoint (do_finish); nothing a power depends on has changed then."""
    if type(action) is A.FinishPlaying:
        return ready_bases(state)
    return None


def validate(state: GameState, action: A.Action) -> None:
    """Refuses an illegal move (IllegalAction). A move legal_actions listed for this very state in
    the same read-only block (powers_fixed: nothing has changed it since) passed these checks then."""
    if was_listed(state, action):       # (it reads the block around it, if any: no block of its own)
        return
    with powers_fixed(state):
        _validate(state, action)


def _validate(state: GameState, action: A.Action) -> None:
    if state.phase == "over":
        raise IllegalAction("game_over")
    if isinstance(action, A.Timeout):
        if action.actor != A.SYSTEM:
            raise IllegalAction("not_allowed")
    elif not state.has_player(action.actor):
        raise IllegalAction("not_seated", player=action.actor)
    waiting = choices.pending(state)
    if waiting is not None and not isinstance(action, A.Choose | A.Timeout | A.Leave):
        raise IllegalAction("choice_pending", player=waiting.player)
    CHECKS[type(action)](state, action)


def is_legal(state: GameState, action: A.Action) -> bool:
    return _passes_check(validate, state, action)


def _passes_check(check, *args) -> bool:
    """Whether the check refuses nothing (a stale pick can raise KeyError: refused as well)."""
    try:
        check(*args)
    except (IllegalAction, KeyError):
        return False
    return True


def _my_play_step(state: GameState, actor: str) -> None:
    if state.phase != "play":
        raise IllegalAction("wrong_phase", phase=state.phase)
    if state.active_player.id != actor:
        raise IllegalAction("not_your_turn", active=state.active_player.id)


# ====================================================================== draft
def check_pick(state: GameState, a: A.PickFaction) -> None:
    draft = state.draft
    if state.phase != "draft" or draft is None:
        raise IllegalAction("wrong_phase", phase=state.phase)
    if draft.order[draft.next] != a.actor:
        raise IllegalAction("not_your_pick", player=draft.order[draft.next])
    if a.faction not in draft.offered:
        raise IllegalAction("faction_not_offered", faction=a.faction)


def do_pick(tx: Tx, a: A.PickFaction) -> None:
    """Picks go round from the start player and back from the last ("Prügeln wir uns nach Regeln!");
    a player never has the same faction twice (each faction is on the table once)."""
    draft = tx.s.draft
    assert draft is not None
    draft.offered.remove(a.faction)
    tx.s.player(a.actor).factions.append(a.faction)
    tx.emit("faction_picked", player=a.actor, faction=a.faction)
    draft.next += 1
    if draft.next == len(draft.order):
        _finish_setup(tx)
    else:
        tx.emit("draft_turn", player=draft.order[draft.next])


# ====================================================================== playing cards
def _in_hand(state: GameState, actor: str, uid: str) -> None:
    if uid not in state.player(actor).hand:
        raise IllegalAction("card_not_in_hand", card=uid)


def _check_targets(state: GameState, actor: str, uid: str, base: str | None, target: str | None,
                   mode: str | None = None, playing: bool = False, target2: str | None = None) -> None:
    """Every effect that must pick something has a valid pick named (or nothing to pick exists), and
    a second pick where it needs one. A card with a talent picks when the talent is used. A mode the
    card does not offer, or a second pick no effect of it makes, is refused (not silently dropped)."""
    problem = _targets_problem(state, actor, uid, base, target, mode, playing, target2)
    if problem is not None:
        code, choices = problem
        if choices is None:
            raise IllegalAction(code)
        raise IllegalAction(code, choices=[_design(state, u) for u in choices])


def _targets_problem(state: GameState, actor: str, uid: str, base: str | None, target: str | None,
                     mode: str | None, playing: bool, target2: str | None) -> tuple[str, list[str] | None] | None:
    """What _check_targets refuses, as its code and the picks to name, or None (the listing asks
    this, sparing the error it would not show)."""
    if mode is not None and mode not in _payment_plan(state.card(uid))[3]:
        return "no_such_mode", None
    picking, every = _picking(state, actor, uid, base, mode, playing)
    if target2 is not None and (target is None or not any(e.op in NEEDS_TARGET2 for e, _ in picking)):
        return "no_second_target", None
    if picking and target is not None and target not in every and not _names_its_carrier(state, uid, playing):
        return "needs_target", every            # nothing it may take
    for effect, candidates in picking:
        if candidates and target not in candidates and not (target is None and effect.op in OPTIONAL_TARGET_OPS):
            return "needs_target", candidates
        if effect.op not in NEEDS_TARGET2 or target is None:
            continue
        ctx = Context(actor, uid, base, target, mode=mode, target2=target2)
        seconds = pick_candidates_of(state, effect, ctx, second=True)
        if seconds and target2 not in seconds:
            return "needs_second_target", seconds
    return None


def _picking(state: GameState, actor: str, uid: str, base: str | None, mode: str | None,
             playing: bool) -> tuple[list[tuple], list[str]]:
    """The card's effects that pick, each with what it may pick, and all they may pick together
    (worked out once for all the picks checked while the state is read only: a first pick's
    candidates do not depend on the pick named)."""
    firsts = _pick_plan(state.card(uid), playing)[0]
    if not firsts:
        return [], []

    def work():
        ctx = Context(actor, uid, base, None, mode=mode)
        picking = [(e, pick_candidates_of(state, e, ctx)) for e in firsts]
        return picking, [u for _, candidates in picking for u in candidates]
    return read_only_memo(state, ("picking", actor, uid, base, mode, playing), work)


def _check_play_targets(state: GameState, a: A.PlayMinion | A.PlayAction) -> None:
    _check_play_picks(state, a.actor, a.card, a.base, a.target, a.target2, a.mode, a.discard)


def _check_play_picks(state: GameState, actor: str, uid: str, base: str | None, target: str | None,
                      target2: str | None, mode: str | None, discard: tuple[str, ...]) -> None:
    """A card played unpaid picks nothing (its ability does not happen); else its picks are checked."""
    if _played_bare(state, uid, discard):
        if not _chooses_nothing(target, target2, mode):
            raise IllegalAction("pay_cards", count=cost_of(state.card(uid)))
        return
    _check_targets(state, actor, uid, base, target, mode, playing=True, target2=target2)


def _play_picks_pass(state: GameState, actor: str, uid: str, base: str | None, target: str | None,
                     target2: str | None, mode: str | None, discard: tuple[str, ...]) -> bool:
    """Whether _check_play_picks lets these picks go (for the listing, without the error)."""
    if _played_bare(state, uid, discard):
        return _chooses_nothing(target, target2, mode)
    return _targets_problem(state, actor, uid, base, target, mode, True, target2) is None


def _chooses_nothing(target: str | None, target2: str | None, mode: str | None) -> bool:
    """What a card played unpaid may name: no pick and no mode (its ability does not happen)."""
    return target is None and target2 is None and mode is None


def _played_bare(state: GameState, uid: str, discard: tuple[str, ...]) -> bool:
    """Played unpaid: its ability does not happen, so it picks nothing (a talent is paid when used)."""
    return unpaid(state, uid, discard) and "talent" not in state.card(uid).keywords


def _design(state: GameState, uid: str) -> str:
    """A pick's name for a message: a card's design (a player's id stays as it is)."""
    return state.card_ids.get(uid, uid)


def _grant_for(state: GameState, actor: str, base_uid: str, uid: str) -> str | None:
    """Which allowance a minion played here uses: a conditional extra first, then a free play,
    then Subterranean Lair's; None when there is none."""
    seat = state.player(actor)
    for grant in seat.minion_grants:
        kind, _, value = grant.partition(":")
        if _grant_fits(state, actor, state.base(base_uid), uid, kind, value):
            return grant
    if seat.minions_left > 0:
        return "free"
    if hooks.lair_allows(state, actor, state.base(base_uid)):
        return "lair"
    return None


def _grant_fits(state: GameState, actor: str, base: BaseInPlay, uid: str, kind: str, value: str) -> bool:
    """Whether an extra minion play with this condition ("base:s12", "no_minion", …) covers this one."""
    if kind == "base":
        return value == base.uid
    if kind == "no_minion":
        return not present_at(base, actor)
    if kind == "behind":
        return _behind(state, base, actor)
    if kind == "power<=3":
        return state.card(uid).power <= 3
    if kind == "card":
        return value == uid
    if kind == "treasure":
        return state.card_ids[uid].startswith("treasure-")
    return False


def _behind(state: GameState, base: BaseInPlay, actor: str) -> bool:
    """Another player has more power at this base than the actor."""
    mine = power_at(state, base, actor)
    return any(power_at(state, base, p.id) > mine for p in state.players if p.id != actor)


def check_play_minion(state: GameState, a: A.PlayMinion) -> None:
    _my_play_step(state, a.actor)
    _in_hand(state, a.actor, a.card)
    if state.card(a.card).kind != "minion":
        raise IllegalAction("not_a_minion")
    if a.base not in [b.uid for b in state.bases]:
        raise IllegalAction("no_such_base")
    if _grant_for(state, a.actor, a.base, a.card) is None:
        raise IllegalAction("no_minion_play_left")
    if not hooks.may_play_minion_at(state, a.actor, a.base):
        raise IllegalAction("party_first")
    check_cost(state, a.actor, a.card, a.discard, playing=True)
    _check_play_targets(state, a)


def do_play_minion(tx: Tx, a: A.PlayMinion) -> None:
    state = tx.s
    seat = state.player(a.actor)
    grant = _grant_for(state, a.actor, a.base, a.card)
    seat.hand.remove(a.card)
    if grant == "free":
        put(seat, "minions_left", seat.minions_left - 1)
    elif grant != "lair":
        seat.minion_grants.remove(grant)  # type: ignore[arg-type]
    put_minion(tx, a)


def put_minion(tx: Tx, a: A.PlayMinion) -> None:
    """The minion (already out of the hand) comes to the base and does what it does when played."""
    state = tx.s
    base = state.base(a.base)
    base.minions.append(new_minion(a.card, state.owners.get(a.card), a.actor))
    ids = state.card_ids
    design = ids[a.card]
    tx.emit("minion_played", player=a.actor, card=design, base=ids[a.base])
    if "talent" not in designs()[design].keywords:
        _resolve(tx, a.actor, a.card, a.base, a.target, a.discard, a.mode, a.target2)
    hooks.after_minion_played(tx, a.actor, base, a.card)


def check_play_action(state: GameState, a: A.PlayAction) -> None:
    _my_play_step(state, a.actor)
    _in_hand(state, a.actor, a.card)
    card = state.card(a.card)
    if card.kind != "action":
        raise IllegalAction("not_an_action")
    if _special_only(card):
        raise IllegalAction("special_only")
    if state.player(a.actor).actions_left <= 0 and _action_grant(state, a.actor, a.card) is None:
        raise IllegalAction("no_action_play_left")
    if a.base is not None and a.base not in [b.uid for b in state.bases]:
        raise IllegalAction("no_such_base")
    if _played_on_minion(card):
        _check_carrier(state, a)
        if a.base is not None and base_of(state, a.target or "") != a.base:   # (it takes its minion's base)
            raise IllegalAction("carrier_elsewhere")
    if a.base is None and (_needs_base(card) or (a.mode == "monster" and _monster_mode_needs_base(card))):
        raise IllegalAction("needs_base")
    _check_price_and_picks(state, a)


@per_card
def _monster_mode_needs_base(card) -> bool:
    """Dungeon Bait's mode "monster" brings a monster to the base named, so that mode needs one."""
    return any(e.op == "bait" for e in card.effects)


def _check_price_and_picks(state: GameState, a: A.PlayAction) -> None:
    check_cost(state, a.actor, a.card, a.discard, playing=True)
    _check_play_targets(state, a)
    _check_picks(state, a.actor, a.card, a.base, a.picks)


def _check_carrier(state: GameState, a: A.PlayAction) -> None:
    _check_carrier_of(state, a.actor, a.card, a.target)


def _check_carrier_of(state: GameState, actor: str, uid: str, target: str | None) -> None:
    """The minion a card is played on: one in play, one's own for a card that says so (Eternal Hero,
    Traveling Elf), and not one protected from this player's actions (Dork Orc, Too Tough)."""
    problem = _carrier_problem(state, actor, uid, target)
    if problem == "protected":
        raise IllegalAction(problem, card=state.card_ids[target or ""])
    if problem is not None:
        raise IllegalAction(problem)


def _carrier_problem(state: GameState, actor: str, uid: str, target: str | None) -> str | None:
    """What _check_carrier_of refuses, or None."""
    found = find_minion(state, target or "")
    if found is None:
        return "needs_target_minion"
    if _own_minion_only(state.card(uid)) and found[1].controller != actor:
        return "own_minion_only"
    if not affectable(state, Context(actor, uid, None, None), found[0], found[1]):     # (asks the card and player)
        return "protected"
    return None


@per_card
def _own_minion_only(card) -> bool:
    return any(e.op == "on_own_minion" for e in card.effects)


@per_card
def uses_base(card) -> bool:
    """A minion goes to a base; an action needs one if it lies on one or acts there (BASE_OPS). Cards
    played on a minion take its base."""
    if card.kind == "minion" or _needs_base(card):
        return True
    return not _played_on_minion(card) and any(e.op in BASE_OPS and not _acts_anywhere(e) for e in card.effects)


def _acts_anywhere(effect: Effect) -> bool:
    """Power for a minion picked anywhere, or for every minion in play (Potion of Idiotic Bravery, Good
    Habits): there is no base to name, so the card is offered once, not once per base."""
    return effect.op == "power" and effect.who in ("target_minion", "all_in_play")


def _action_grant(state: GameState, actor: str, uid: str) -> str | None:
    """An extra play that lets this action be played: one for this very card (Cleave's loot) or for
    any treasure (Cash Out)."""
    is_treasure = state.card_ids[uid].startswith("treasure-")
    for grant in state.player(actor).minion_grants:
        kind, _, value = grant.partition(":")
        if (kind == "card" and value == uid) or (kind == "treasure" and is_treasure):
            return grant
    return None


@per_card
def _played_on_minion(card) -> bool:
    return any(e.op in ATTACH_OPS for e in card.effects)


def _names_its_carrier(state: GameState, uid: str, playing: bool) -> bool:
    """A card played on a minion names that minion (any minion) as its pick. Its talent, used later from
    the minion it lies on, picks only what its text picks, from TALENT_PICKS_AS_WRITTEN on (before,
    Magic Missile with no minion weak enough at its base let any minion be named and destroyed none)."""
    return _played_on_minion(state.card(uid)) and (playing or state.rules_version < TALENT_PICKS_AS_WRITTEN)


@per_card
def _needs_base(card) -> bool:
    """An ongoing action not played on a minion stays on a base ("Begriffe": Dauerhaft), and a card
    acting "here" needs a base to act on."""
    if "ongoing" in card.keywords and not _played_on_minion(card):
        return True
    if any(e.op in BASE_CHOICE_OPS or e.op in ("rude_awakening", "halitosis", "ruckus") for e in card.effects):
        return True
    return any((e.op in ("play_monster",) and e.where == "here") or e.who == "all_here" for e in card.effects)


def do_play_action(tx: Tx, a: A.PlayAction) -> None:
    state = tx.s
    seat = state.player(a.actor)
    seat.hand.remove(a.card)
    grant = _action_grant(state, a.actor, a.card)
    if grant is not None:
        seat.minion_grants.remove(grant)
    else:
        put(seat, "actions_left", seat.actions_left - 1)
    put_action(tx, a)


def put_action(tx: Tx, a: A.PlayAction) -> None:
    """The action (already out of the hand) does what it does and goes where it goes: on its minion,
    on its base, or to a pile."""
    state = tx.s
    ids = state.card_ids
    card = designs()[ids[a.card]]                     # (state.card)
    tx.emit("action_played", player=a.actor, card=card.id,
            base=ids.get(a.base or "", None), target=ids.get(a.target or "", None))
    resolves = "talent" not in card.keywords     # a card with a talent acts when its talent is used
    if _played_on_minion(card):
        found = find_minion(state, a.target or "")
        assert found is not None
        found[1].attached.append(a.card)
        hooks.after_treasure_played(tx, a.actor, found[0], a.card)
        here = found[0].uid                    # it acts from its minion's base, named or not
        if resolves:
            _resolve(tx, a.actor, a.card, here, a.target, a.discard, a.mode, a.target2)
        else:                                  # a card with a talent lies on the minion all the same
            choices.ask_stalling(tx, Context(a.actor, a.card, here, a.target))
        return
    if resolves:
        _resolve(tx, a.actor, a.card, a.base, a.target, a.discard, a.mode, a.target2, a.picks)
    if "ongoing" in card.keywords and a.base is not None:
        base = state.base(a.base)
        base.actions.append(a.card)
        if card.faction is None:            # a treasure has no owner: remember who played it
            state.played_by[a.card] = a.actor
        hooks.after_treasure_played(tx, a.actor, base, a.card)
        return
    ops = ops_of(card)
    if "dowsing" in ops:
        state.treasure_deck.extend([a.card, *state.treasure_discard])
        state.treasure_discard.clear()
        tx.rng.shuffle(state.treasure_deck)
    elif "bottom_of_treasure_deck" in ops:
        state.treasure_deck.insert(0, a.card)
    elif "bottom_of_own_deck" in ops:
        state.player(a.actor).deck.insert(0, a.card)
    elif not PLACED_BY_OP.isdisjoint(ops) and _playable(card):
        pass                                   # the card's own effect put it where it goes
    else:
        tx.to_discard(a.card)


def _resolve(tx: Tx, actor: str, uid: str, base: str | None, target: str | None,
             discard: tuple[str, ...] = (), mode: str | None = None, target2: str | None = None,
             picks: tuple[str, ...] = (), played: bool = True) -> None:
    """A card's effects now (the lasting ones work while it lies in play; the ones for a later moment
    of a scoring wait for it). ``played``: the card was played, not a talent used (Stalling asks)."""
    state = tx.s
    card = designs()[state.card_ids[uid]]                  # (state.card)
    playable, acting, on_all = _when_played(card)
    if not playable:
        tx.emit("card_not_automated", player=actor, card=card.id)
        return
    if unpaid(state, uid, discard):
        tx.emit("ability_unpaid", player=actor, card=card.id)
        if state.rules_version < CARDS_AS_WRITTEN:     # before: the whole text skipped
            return
        bought = _bought_by_price(card)
        if bought is None:
            return
        acting = tuple(e for e in acting if e is not bought)
    scoring = state.scoring
    ctx = Context(actor, uid, base, target, tuple(discard), mode, target2, tuple(picks),
                  dict(scoring.placed) if scoring else None)
    if discard:
        pay(tx, ctx)
    asked = ""           # what Stalling's question is about waits; a card picking nothing and acting on
    if played and (on_all or target is not None or target2 is not None or picks):   # no minion at all: none
        asked = choices.ask_stalling(tx, ctx, acts_now)
    for effect in acting:
        if not (asked and waits_for_stalling(asked, effect)):
            OPS[effect.op](tx, effect, ctx)


def playable(card) -> bool:
    """The engine plays the card: not left to the table, and every op of its effects is registered
    (this module imports every module that registers ops)."""
    return not card.manual and all(e.op in OPS for e in card.effects)


@per_card
def _when_played(card) -> tuple[bool, tuple[Effect, ...], bool]:
    """What _resolve asks of a card played or a talent used, worked out once per design: whether the
    engine plays it (playable), its effects acting now, and whether one of those acts on every
    minion it reaches (what Stalling's question is about, with its picks)."""
    acting = _acting_now(card)
    return playable(card), acting, any(acts_on_all(e) for e in acting)


@per_card
def _acting_now(card) -> tuple[Effect, ...]:
    """The card's effects acts_now lets act when it is played, in their order."""
    return tuple(e for e in card.effects if acts_now(e))


@per_card
def _playable(card) -> bool:
    """playable(card), worked out once per design (asked for every card played or talent used)."""
    return playable(card)


def acts_now(effect) -> bool:
    """Effects that act when the card is played (the lasting ones work while it lies in play, the set
    aside ones during the scoring)."""
    return effect.op not in LASTING_OPS and effect.op not in SET_ASIDE_OPS


def waits_for_stalling(asked: str, effect) -> bool:
    """Whether the effect waits for the answer to Stalling's question of this kind: its picks
    ("may_stall"), or its effects on every minion ("may_stall_all")."""
    return takes_pick(effect) if asked == "may_stall" else acts_on_all(effect)


def finish_stalled(tx: Tx, ctx: Context, asked: str) -> None:
    """Stalling's player answered: the effects that waited act now (those on every minion passing
    over the player's minions there when ``ctx.kept_off`` says so)."""
    for effect in tx.s.card(ctx.card).effects:
        if acts_now(effect) and waits_for_stalling(asked, effect):
            OPS[effect.op](tx, effect, ctx)


@choices.handler("may_stall")
def _may_stall(tx: Tx, decision: Decision, option: str) -> None:
    ctx = choices.stalled_context(decision)
    if option != choices.YES:
        finish_stalled(tx, ctx, decision.kind)
        return
    carrier = carrier_of(tx.s, ctx.card)           # a card played on the minion does not stay on it
    if carrier is not None and carrier[1].controller == decision.player:
        carrier[1].attached.remove(ctx.card)
        tx.to_discard(ctx.card)


@choices.handler("may_stall_all")
def _may_stall_all(tx: Tx, decision: Decision, option: str) -> None:
    """The card's effects on every minion act now, passing over the player's minions at their Stalling's
    base if they said "yes"."""
    ctx = choices.stalled_context(decision)
    finish_stalled(tx, replace(ctx, kept_off=decision.player) if option == choices.YES else ctx, decision.kind)



def play_options_for(state: GameState, pid: str, uid: str) -> list[str]:
    """Where and on what a card could be played as an extra right now: "base|target|target2"."""
    found = []
    card = state.card(uid)
    for base in state.bases:
        for target, target2 in _pairs(state, pid, uid, base.uid, playing=True):
            on_minion = card.kind == "action" and _played_on_minion(card)
            if on_minion and (target is None or find_minion(state, target) is None):
                continue
            found.append(f"{base.uid}|{target or ''}|{target2 or ''}")
    return found


def play_now(tx: Tx, pid: str, uid: str, option: str) -> None:
    """A card from the hand played as an extra card, at once, as "base|target|target2" says."""
    base, target, target2 = option.split("|")
    tx.s.player(pid).hand.remove(uid)
    if tx.s.card(uid).kind == "minion":
        put_minion(tx, A.PlayMinion(actor=pid, card=uid, base=base, target=target or None, target2=target2 or None))
    else:
        put_action(tx, A.PlayAction(actor=pid, card=uid, base=base, target=target or None, target2=target2 or None))


@op("cunning_plan", special="before")
def _cunning_plan(tx: Tx, effect: Effect, ctx: Context) -> None:
    """Cunning Plan, before a scoring: a treasure is drawn; its player may play it at once, as an extra
    card (they choose where, and on what)."""
    drawn = tx.draw_treasures(ctx.player, 1)
    if drawn:
        options = play_options_for(tx.s, ctx.player, drawn[0])
        choices.open_choice(tx, ctx.player, "cunning_play", [choices.NONE, *options], card=drawn[0])




@choices.handler("cunning_play")
def _cunning_play(tx: Tx, decision: Decision, option: str) -> None:
    uid = decision.context["card"]
    if option != choices.NONE and uid in tx.s.player(decision.player).hand:
        play_now(tx, decision.player, uid, option)



def pick_candidates(state: GameState, pid: str, uid: str, base: str | None) -> list[str]:
    """What an "any number of" card can pick (Spoiled Brats: the minions in the discard pile)."""
    ctx = Context(pid, uid, base, None)
    return [u for e in state.card(uid).effects if e.op in PICK_OPS for u in PICK_OPS[e.op](state, e, ctx)]


def _check_picks(state: GameState, actor: str, uid: str, base: str | None, picks: tuple[str, ...]) -> None:
    """"Any number of" picks: different cards, each one the card can pick."""
    allowed = pick_candidates(state, actor, uid, base)
    if len(set(picks)) != len(picks) or any(p not in allowed for p in picks):
        raise IllegalAction("no_such_choice")


def _pick_sets(state: GameState, pid: str, uid: str, base: str | None) -> list[tuple[str, ...]]:
    """For move listings: pick nothing, or everything the card can pick."""
    allowed = pick_candidates(state, pid, uid, base)
    return [(), tuple(allowed)] if allowed else [()]




@per_card
def cost_of(card) -> int:
    """How many cards an "Um …" ability asks to be discarded for it."""
    return sum(e.n for e in card.effects if e.op in COST_OPS)


def owes(state: GameState, card) -> bool:
    """Whether the card's discard is demanded by its text, not asked as a price (OWED_COSTS; from
    CARDS_AS_WRITTEN on): it is paid with what the hand has and never skipped."""
    return state.rules_version >= CARDS_AS_WRITTEN and any(e.op in OWED_COSTS for e in card.effects)


def unpaid(state: GameState, uid: str, discard: tuple[str, ...]) -> bool:
    """A card with a price played without paying it: it is played, what the price buys does not
    happen ("Bei Verbot unwirksam": a card may be played even when its ability cannot be carried out)."""
    if discard:
        return False
    card = state.card(uid)
    return cost_of(card) > 0 and not owes(state, card)


@per_card
def _bought_by_price(card) -> Effect | None:
    """What a card's price buys: the effect right after it ("pay two treasures for 1 VP"; the rest of
    the text acts without it, Smuggling's shuffle); a price named last buys the whole text (None)."""
    effects = card.effects
    for i, effect in enumerate(effects[:-1]):
        if effect.op in COST_OPS:
            return effects[i + 1]
    return None


def check_cost(state: GameState, actor: str, uid: str, discard: tuple[str, ...], playing: bool = False) -> None:
    """The cards paid for an ability: exactly what it asks, from the hand, not the card itself, or
    nothing when the card is played to be rid of it. A talent is paid when it is used, so playing its
    card costs nothing; a talent used must be paid."""
    card = state.card(uid)
    hand = state.player(actor).hand
    if len(set(discard)) != len(discard) or any(u not in hand or u == uid for u in discard):
        raise IllegalAction("card_not_in_hand", card=",".join(discard))
    needed, treasures_only, any_number, optional = _price(card, playing and "talent" in card.keywords)
    if treasures_only and any(not state.card_ids[u].startswith("treasure-") for u in discard):
        raise IllegalAction("pay_with_treasures")
    if needed:
        if owes(state, card):        # demanded: as many as the hand has, up to what the text says
            needed = min(needed, len(_payment_pool(state, uid, hand, treasures_only)))
            if len(discard) != needed:
                raise IllegalAction("pay_cards", count=needed)
        elif len(discard) != needed and not (playing and not discard):
            raise IllegalAction("pay_cards", count=needed)
        return
    allowed = {len(discard), *optional} if any_number else {0, *optional}
    if len(discard) not in allowed:
        raise IllegalAction("pay_cards", count=max(allowed))


@per_card
def _price(card, talent_waits: bool) -> tuple[int, bool, bool, frozenset[int]]:
    """What a card's ability asks to be paid (nothing while its talent waits to be used): the cards
    it must have, whether only treasures pay, whether any number may be paid, the optional amounts."""
    effects = () if talent_waits else card.effects
    return (cost_of(card) if effects else 0,
            any(e.op in ("cost_discard_treasure", "treasures_for_vp") for e in effects),
            any(e.what == "per_card_paid" or e.op.endswith("_per_card_paid") for e in effects),
            frozenset(n for e in effects for n in OPTIONAL_COSTS.get(e.op, ())))


# ====================================================================== talents
def _in_play_controlled(state: GameState, actor: str, uid: str) -> bool:
    for base in state.bases:
        if uid in base.actions and state.owners.get(uid) == actor:
            return True
        for minion in (*base.minions, *base.monsters):
            if minion.uid == uid and minion.controller == actor:
                return True
            if uid in minion.attached and state.owners.get(uid, minion.controller) == actor:
                return True
    return False


def _special_talent(state: GameState, actor: str, uid: str) -> bool:
    """Happy Zapper's Special: in the round before its base scores, its talent may be used (again)."""
    scoring = state.scoring
    return (scoring is not None and scoring.stage == "specials" and next_to_decide(state) == actor
            and uid in state.card_ids
            and scoring.locked_by in (None, actor)
            and {"talent", "special"} <= set(getattr(state.card(uid), "keywords", ()))
            and base_of(state, uid) == scoring.base and _in_play_controlled(state, actor, uid))


def special_talents(state: GameState, pid: str) -> list[str]:
    if state.scoring is None:
        return []
    return [u for u in talent_cards_at(state, state.base(state.scoring.base), pid)
            if "special" in state.card(u).keywords and u not in state.silenced]


def check_talent(state: GameState, a: A.UseTalent) -> None:
    _check_talent_card(state, a.actor, a.card)
    _check_talent_price(state, a)
    _check_talent_targets(state, a)


def _check_talent_card(state: GameState, actor: str, uid: str) -> None:
    """The card: in play under the player's control, with a working talent not used this turn (in a
    round of specials, Happy Zapper's may be used again)."""
    in_round = _special_talent(state, actor, uid)
    if not in_round:
        _my_play_step(state, actor)
    if uid not in state.card_ids or not _in_play_controlled(state, actor, uid):
        raise IllegalAction("card_not_in_play", card=uid)
    if "talent" not in getattr(state.card(uid), "keywords", ()) or uid in state.silenced:
        raise IllegalAction("no_talent")
    if not in_round and f"talent:{uid}" in state.player(actor).used_this_turn:
        raise IllegalAction("talent_used")
    found = find_minion(state, uid)
    if found is not None and not has_abilities(state, found[1]):
        raise IllegalAction("no_talent")
    if talent_idle(state, uid, actor):
        raise IllegalAction("talent_idle")


def talent_idle(state: GameState, uid: str, player: str) -> bool:
    """A talent that would do nothing now (Gold Digger with no treasure discarded, the Cardinal with
    fewer than five cards in the discard pile): every op it acts with says so (IDLE_WHEN). It is
    neither offered nor let go, from CARDS_AS_WRITTEN on."""
    if state.rules_version < CARDS_AS_WRITTEN:
        return False
    acting = [e for e in _acting_now(designs()[state.card_ids[uid]]) if e.op not in COST_OPS]
    return bool(acting) and all(e.op in IDLE_WHEN and IDLE_WHEN[e.op](state, e, player) for e in acting)


def _check_talent_price(state: GameState, a: A.UseTalent) -> None:
    _check_talent_price_of(state, a.actor, a.card, a.target, a.discard)


def _check_talent_price_of(state: GameState, actor: str, uid: str, target: str | None,
                           discard: tuple[str, ...]) -> None:
    borrows = _borrows_price(state.card(uid)) and target in state.card_ids
    check_cost(state, actor, target if borrows else uid, discard)     # a borrowed talent's price


def _check_talent_targets(state: GameState, a: A.UseTalent) -> None:
    _check_targets(state, a.actor, a.card, base_of(state, a.card), a.target, a.mode, target2=a.target2)


def do_talent(tx: Tx, a: A.UseTalent) -> None:
    state = tx.s
    in_round = _special_talent(state, a.actor, a.card)
    state.player(a.actor).used_this_turn.append(f"talent:{a.card}")
    tx.emit("talent_used", player=a.actor, card=state.card_ids[a.card])
    _resolve(tx, a.actor, a.card, base_of(state, a.card), a.target, a.discard, a.mode, a.target2, played=False)
    if in_round:                              # used as a Special: the others may answer it
        _special_used(tx, a.actor)


# ====================================================================== scoring
def check_finish(state: GameState, a: A.FinishPlaying) -> None:
    _my_play_step(state, a.actor)


def do_finish(tx: Tx, a: A.FinishPlaying) -> None:
    put(tx.s, "phase", "scoring")
    tx.emit("playing_finished", player=a.actor)
    _next_scoring(tx, tx.read_first)      # (ready_bases before the move: see _read_first)


def _next_scoring(tx: Tx, ready: list[str] | None = None) -> None:
    """Step 1-2: any base at its breakpoint? The active player picks the order when several are.
    ``ready``: ready_bases, if already known."""
    state = tx.s
    if ready is None:
        ready = ready_bases(state)
    put(state, "decisions", [d for d in state.decisions if d.kind != "score_first"])
    if not ready:
        _end_of_turn(tx)
        return
    if len(ready) == 1:
        _open_specials(tx, ready[0])
        return
    state.decisions.append(new_decision(state.new_id(), state.active_player.id, "score_first", ready, ready[0]))
    tx.emit("choose_scoring_order", player=state.active_player.id, bases=[state.card_ids[b] for b in ready])


def check_score_first(state: GameState, a: A.ScoreFirst) -> None:
    if not any(d.kind == "score_first" and d.player == a.actor and a.base in d.options for d in state.decisions):
        raise IllegalAction("no_such_choice")


def do_score_first(tx: Tx, a: A.ScoreFirst) -> None:
    tx.s.decisions = [d for d in tx.s.decisions if d.kind != "score_first"]
    _open_specials(tx, a.base)


def _open_specials(tx: Tx, base_uid: str) -> None:
    """Step 3: before scoring, everyone in turn from the active player may use a Special; a new
    Special gives the ones who passed another say ("Ich zuerst!"). The base scores even if its
    total falls below the breakpoint meanwhile."""
    tx.s.scoring = Scoring(base=base_uid, window=tx.s.new_id())
    tx.emit("base_scores_soon", base=tx.s.card_ids[base_uid], window=tx.s.scoring.window)
    _round_goes_on(tx)


def _special_order(state: GameState) -> list[str]:
    """Seat order from the active player (loot ties, the first say in a round of specials)."""
    ids = [p.id for p in state.players]
    return ids[state.active:] + ids[:state.active]


def _round_order(state: GameState) -> list[str]:
    """Whose say it is in a round of specials: clockwise from the player after the one who used the
    last special, or from the active player ("Ich zuerst!": one special each, in turn)."""
    ids = [p.id for p in state.players]
    start = _round_start(state, state.players)
    return ids[start:] + ids[:start]


def _round_start(state: GameState, players: list[Seat]) -> int:
    """The seat _round_order begins with (0 to one less than the number of seats; 0 without seats):
    the one after the seat of the player who used the last special, else the one _special_order
    begins with (the active player's)."""
    n = len(players)
    last = state.scoring.last if state.scoring else None
    if last is not None:
        for i, seat in enumerate(players):
            if seat.id == last:
                return (i + 1) % n
    active = state.active
    return active % n if -n <= active < n else 0      # (where _special_order's slices begin)


ROUND_MOMENTS = {"specials": "before", "during": "during", "after": "after"}


def next_to_decide(state: GameState) -> str | None:
    """The first player in _round_order who has not passed (asked at every listing and check in a
    round of specials: the seats read in place, no list made)."""
    scoring = state.scoring
    if scoring is None or scoring.stage not in ROUND_MOMENTS:
        return None
    players, passed = state.players, scoring.passed
    n = len(players)
    start = _round_start(state, players)
    for k in range(n):
        pid = players[(start + k) % n].id
        if pid not in passed:
            return pid
    return None


def _specials_in_hand(state: GameState, player_id: str) -> list[str]:
    """Actions with a Special for this round's moment in hand (a minion's Special works from play:
    Happy Zapper, Deep Friar)."""
    moment = ROUND_MOMENTS.get(state.scoring.stage) if state.scoring else None
    if moment is None:
        return []
    return list(_hand_specials(state, player_id, moment))


def _has_special_in_hand(state: GameState, player_id: str) -> bool:
    """Whether _specials_in_hand finds any (asked for each player at each step of a round of specials:
    no list made)."""
    moment = ROUND_MOMENTS.get(state.scoring.stage) if state.scoring else None
    return moment is not None and next(_hand_specials(state, player_id, moment), None) is not None


def _hand_specials(state: GameState, player_id: str, moment: str):
    """The cards in the player's hand that are actions with a Special for this moment, in their order
    (the designs' moments looked up in _hand_special_moment's memo in place)."""
    card_of, ids, moments = designs(), state.card_ids, _SPECIAL_MOMENTS
    for u in state.player(player_id).hand:
        card = card_of[ids[u]]
        found = moments.get(id(card), _UNSEEN)
        if found is _UNSEEN:
            found = _hand_special_moment(card)
        if found == moment:
            yield u


@per_card
def _hand_special_moment(card) -> str | None:
    """When an action with a Special is played from the hand (special_moment); None for other cards."""
    return special_moment(card) if "special" in card.keywords and card.kind == "action" else None


_SPECIAL_MOMENTS: dict[int, str | None] = _hand_special_moment.found   # type: ignore[attr-defined]  (its memo, by id())
_UNSEEN = object()


def check_pass_special(state: GameState, a: A.PassSpecial) -> None:
    if state.scoring is None or a.window != state.scoring.window:
        raise IllegalAction("stale_window")
    if next_to_decide(state) != a.actor:
        raise IllegalAction("not_your_say", player=next_to_decide(state))


def do_pass_special(tx: Tx, a: A.PassSpecial) -> None:
    assert tx.s.scoring is not None
    tx.s.scoring.passed.append(a.actor)
    _round_goes_on(tx)


def check_play_special(state: GameState, a: A.PlaySpecial) -> None:
    if state.scoring is None:
        raise IllegalAction("no_scoring")
    if next_to_decide(state) != a.actor:
        raise IllegalAction("not_your_say", player=next_to_decide(state))
    if a.card not in _specials_in_hand(state, a.actor):
        raise IllegalAction("not_a_special", card=a.card)
    _not_locked_out(state, a.actor)
    if a.base is not None and a.base not in [b.uid for b in state.bases]:
        raise IllegalAction("no_such_base")
    # a special acts at the base being scored; only one that names a base (BASE_CHOICE_OPS) may go elsewhere
    names_base = any(e.op in BASE_CHOICE_OPS for e in state.card(a.card).effects)
    if a.base not in (None, state.scoring.base) and not names_base:
        raise IllegalAction("special_at_scored_base")
    _check_targets(state, a.actor, a.card, a.base or state.scoring.base, a.target, target2=a.target2)
    _check_picks(state, a.actor, a.card, a.base or state.scoring.base, a.picks)


def _not_locked_out(state: GameState, actor: str) -> None:
    locked_by = state.scoring.locked_by if state.scoring else None
    if locked_by is not None and locked_by != actor:
        raise IllegalAction("specials_locked", player=locked_by)


def do_play_special(tx: Tx, a: A.PlaySpecial) -> None:
    state = tx.s
    assert state.scoring is not None
    state.player(a.actor).hand.remove(a.card)
    tx.emit("special_played", player=a.actor, card=state.card_ids[a.card])
    _resolve(tx, a.actor, a.card, a.base or state.scoring.base, a.target, target2=a.target2, picks=a.picks)
    if any(e.op in SET_ASIDE_OPS for e in state.card(a.card).effects):
        state.scoring.set_aside.append(a.card)      # it acts again during the scoring
        if a.card not in state.owners:             # a treasure has no owner: remember who played it
            state.played_by[a.card] = a.actor
        if a.target is not None:
            state.scoring.set_aside_picks[a.card] = a.target
    else:
        tx.to_discard(a.card)
    _special_used(tx, a.actor)


def _special_used(tx: Tx, actor: str) -> None:
    """A special was used: the round goes on with the next player, and all who passed have a new say."""
    scoring = tx.s.scoring
    assert scoring is not None
    put(scoring, "passed", [])
    put(scoring, "last", actor)
    put(scoring, "window", tx.s.new_id())
    _round_goes_on(tx)


def _special_talent_options(state: GameState, pid: str) -> bool:
    """A special talent at the scoring base counts as a Special to use only if it can be paid for."""
    return bool(special_talents(state, pid)) and len(state.player(pid).hand) > 0


def _has_say(state: GameState, pid: str, stage: str) -> bool:
    """A Special for this round in the player's hand, or (before the scoring) a special talent."""
    return _has_special_in_hand(state, pid) or (stage == "specials" and _special_talent_options(state, pid))


def _round_goes_on(tx: Tx) -> None:
    """The scoring goes on as far as it can without a player: players without a Special for this round
    pass by themselves; when all passed, the next step comes (VP and the round "during", the loot,
    the round "after", the clearing)."""
    state = tx.s
    scoring = state.scoring
    assert scoring is not None
    if choices.pending(state) is not None or state.triggers:
        return                               # a card's choice first (do_choose comes back here)
    if scoring.stage == "loot":
        _next_loot_pick(tx)
        return
    if scoring.stage == "clearing":
        _clear_base(tx, scoring.base)
        return
    for pid in _round_order(state):
        if pid in scoring.passed:
            continue
        if scoring.locked_by not in (None, pid) or not _has_say(state, pid, scoring.stage):
            scoring.passed.append(pid)
        else:
            return
    {"specials": _score, "during": _share_loot, "after": _after_round_done}[scoring.stage](tx)


def _next_round(tx: Tx, stage: str) -> None:
    scoring = tx.s.scoring
    assert scoring is not None
    put(scoring, "stage", stage)
    put(scoring, "passed", [])
    put(scoring, "last", None)
    put(scoring, "window", tx.s.new_id())


def _score(tx: Tx) -> None:
    """Steps 4-5: VP by place (Helping Hands' VP with them), the Coffers, the loot revealed; then the
    round of specials acting during the scoring."""
    state = tx.s
    scoring = state.scoring
    assert scoring is not None
    base = state.base(scoring.base)
    design = state.card(base.uid)
    hooks.before_scoring(tx, base)
    with powers_fixed(state):          # read only: the places and the total from one power table
        placed, total = places(state, base), total_power(state, base)
    awarded: dict[str, int] = {}
    bonus = hooks.extra_vp(tx, base, placed, total)
    for pid, place in placed.items():
        gained = (design.vp[place - 1] if place <= 3 else 0) + bonus.get(pid, 0)
        if gained:
            state.player(pid).vp += gained
            awarded[pid] = gained
    tx.emit("base_scored", base=design.id, places=placed, vp=awarded)
    scoring.placed = placed
    _set_aside_specials_act(tx, base)
    extra_loot = hooks.during_scoring(tx, base, placed)
    scoring.winners = [pid for pid, place in placed.items() if place == 1]
    scoring.loot = _reveal_loot(tx, base, placed, extra_loot)
    _next_round(tx, "during")
    _round_goes_on(tx)


def _set_aside_specials_act(tx: Tx, base: BaseInPlay) -> None:
    """Specials used before the scoring that also act during it (Helping Hands' VP), in the order used."""
    state = tx.s
    scoring = state.scoring
    assert scoring is not None
    for uid in scoring.set_aside:
        player = _player_of(state, uid)
        if player is None:
            continue
        ctx = Context(player, uid, base.uid, scoring.set_aside_picks.get(uid), placed=scoring.placed)
        for effect in state.active_effects(uid):
            if effect.op in SET_ASIDE_OPS:
                OPS[effect.op](tx, effect, ctx)


def _share_loot(tx: Tx) -> None:
    """Step 5: players with a minion there take one loot card each in turn, highest power first, equal
    power in seat order from the active player; each picks the card they want."""
    scoring = tx.s.scoring
    assert scoring is not None
    _share_loot_order(tx)
    scoring.stage = "loot"
    _next_loot_pick(tx)


def _share_loot_order(tx: Tx) -> None:
    state = tx.s
    scoring = state.scoring
    assert scoring is not None
    base = state.base(scoring.base)
    takers = [pid for pid in scoring.placed if state.has_player(pid)]
    seat_order = _special_order(state)
    with powers_fixed(state):          # read only: the base's power table worked out once, not per taker
        takers.sort(key=lambda pid: (-power_at(state, base, pid), seat_order.index(pid)))
    scoring.loot_order = [takers[turn % len(takers)] for turn in range(len(scoring.loot))] if takers else []


def _next_loot_pick(tx: Tx) -> None:
    """The next taker picks a loot card (the last card simply goes to its taker); then the round of
    specials after the scoring."""
    state = tx.s
    scoring = state.scoring
    assert scoring is not None
    while scoring.loot and scoring.loot_order:
        taker = scoring.loot_order.pop(0)
        if not state.has_player(taker):
            continue
        alone = all(p == taker for p in scoring.loot_order)
        if alone or len({state.card_ids[u] for u in scoring.loot}) == 1:   # nothing to choose between
            take_loot(tx, taker, scoring.loot[0])
            continue
        choices.open_choice(tx, taker, "loot_pick", list(scoring.loot))
        return
    for uid in scoring.loot:                 # nobody there to take it
        tx.to_discard(uid)
    scoring.loot = []
    _next_round(tx, "after")
    _round_goes_on(tx)


def take_loot(tx: Tx, player: str, uid: str) -> None:
    scoring = tx.s.scoring
    assert scoring is not None
    scoring.loot.remove(uid)
    tx.s.player(player).hand.append(uid)
    tx.emit("loot_taken", player=player, card=tx.s.card_ids[uid])


@choices.handler("line_cut")
@choices.handler("loot_pick")
def _take_loot(tx: Tx, decision: Decision, option: str) -> None:
    if tx.s.scoring is not None and option in tx.s.scoring.loot:
        take_loot(tx, decision.player, option)



def _after_round_done(tx: Tx) -> None:
    """Step 6 done: the after-scoring choices (Deep Friar, Bin and Gone), then the clearing."""
    state = tx.s
    scoring = state.scoring
    assert scoring is not None
    for uid in scoring.set_aside:
        tx.to_discard(uid)
    scoring.set_aside.clear()
    scoring.stage = "clearing"
    hooks.after_scoring_saves(tx, state.base(scoring.base))   # their players choose first
    if choices.pending(state) is None and not state.triggers:
        _clear_base(tx, scoring.base)


def _clear_base(tx: Tx, base_uid: str, go_on: bool = True) -> None:
    """Steps 7-9: the cards at the base to their piles, the base to its pile, a new base; then King Tut's
    discard and the next base ready to score (``go_on``)."""
    state = tx.s
    base = state.base(base_uid)
    if go_on and hooks.hotel_order_asked(tx, base):      # the owners' order first (asked again after it)
        return
    winners = state.scoring.winners if state.scoring else []
    tut_winners = [pid for pid in winners if state.has_player(pid) and state.player(pid).hand
                   and any(minion_effect(state, m, "tut") for m in base.monsters)] if go_on else []
    to_decks = hooks.minions_go_to_decks(tx, base)
    for minion in [*base.minions, *base.monsters]:
        if to_decks and minion.owner is not None and holds(base.minions, minion):
            hooks.onto_owners_deck(tx, base, minion)
            continue
        tx.remove_minion(base, minion)
    for uid in base.actions:
        tx.to_discard(uid)
    state.bases.remove(base)
    state.base_discard.append(base_uid)
    state.scoring = None
    _new_base(tx)
    if not go_on:
        return
    if tut_winners:                # King Tut: its base's winners each discard a card of their choice
        for pid in tut_winners:
            hand = state.player(pid).hand
            state.decisions.append(new_decision(state.new_id(), pid, "discard_one", hand, hand[0]))
        tx.emit("winner_discards", players=tut_winners, monster="monster-king-tut")
        return
    _next_scoring(tx)


def _player_of(state: GameState, uid: str) -> str | None:
    """Who played a card from their faction or, for a treasure, who played it."""
    player = state.owners.get(uid) or state.played_by.get(uid)
    return player if player is not None and state.has_player(player) else None


def _reveal_loot(tx: Tx, base: BaseInPlay, placed: dict[str, int], extra: int = 0) -> list[str]:
    """The monsters' treasures (and any extra) are drawn face up, if anyone is there to take them."""
    state = tx.s
    count = sum(state.card(m.uid).treasures for m in base.monsters) + extra
    if not count or not placed:
        return []
    loot = [uid for uid in (tx.top("treasure") for _ in range(count)) if uid is not None]
    if loot:
        tx.emit("loot_revealed", base=state.card_ids[base.uid], cards=[state.card_ids[u] for u in loot])
    return loot


# ====================================================================== end of turn
def _end_of_turn(tx: Tx) -> None:
    """Step 4: draw 2; a hand over 10 is discarded down (the player picks); then the game may end."""
    state = tx.s
    seat = state.active_player
    tx.draw(seat.id, DRAW_PER_TURN)
    # the cards that count are among the hand: a hand of 10 or fewer is never over the limit
    over = len(hand_cards(state, seat.id)) - HAND_LIMIT if len(seat.hand) > HAND_LIMIT else 0
    if over > 0:
        state.phase = "scoring"
        tx.emit("discard_down", player=seat.id, count=over)
        state.decisions.append(new_decision(state.new_id(), seat.id, "discard_down", seat.hand, seat.hand[0]))
        return
    _close_turn(tx)


DISCARD_KINDS = ("discard_down", "discard_one")


def hand_cards(state: GameState, player_id: str) -> list[str]:
    """The cards that count toward the hand limit: treasures "zählen nicht zu den Handkarten" ("Bei
    Verbot unwirksam"), so a player keeps every treasure and discards faction cards down to 10."""
    return [u for u in state.player(player_id).hand if not state.card_ids[u].startswith("treasure-")]


def excess_cards(state: GameState, player_id: str) -> list[str]:
    """The first faction cards over the limit (the default at a deadline, and the listed move)."""
    cards = hand_cards(state, player_id)
    return cards[:max(0, len(cards) - HAND_LIMIT)]


def _discard_decision(state: GameState, actor: str):
    return next((d for d in state.decisions if d.kind in DISCARD_KINDS and d.player == actor), None)


def check_discard_down(state: GameState, a: A.DiscardDown) -> None:
    decision = _discard_decision(state, a.actor)
    if decision is None:
        raise IllegalAction("no_such_choice")
    seat = state.player(a.actor)
    if len(set(a.cards)) != len(a.cards) or any(u not in seat.hand for u in a.cards):
        raise IllegalAction("card_not_in_hand", card=",".join(a.cards))
    if decision.kind == "discard_one" and len(a.cards) != 1:
        raise IllegalAction("pay_cards", count=1)
    if decision.kind == "discard_down":
        counted = hand_cards(state, a.actor)
        if any(u not in counted for u in a.cards) or len(counted) - len(a.cards) != HAND_LIMIT:
            raise IllegalAction("discard_to_ten", count=len(counted) - HAND_LIMIT)


def do_discard_down(tx: Tx, a: A.DiscardDown) -> None:
    """The hand limit at the end of the turn, or King Tut's one card after a scoring."""
    decision = _discard_decision(tx.s, a.actor)
    assert decision is not None
    seat = tx.s.player(a.actor)
    for uid in a.cards:
        seat.hand.remove(uid)
        tx.to_discard(uid)
    tx.emit("discarded", player=a.actor, cards=[tx.s.card_ids[u] for u in a.cards])
    tx.s.decisions.remove(decision)
    if decision.kind == "discard_down":
        _close_turn(tx)
    elif not any(d.kind == "discard_one" for d in tx.s.decisions):
        _next_scoring(tx)


def _return_unplayed_recalls(state: GameState) -> None:
    """Word of Recall: an action taken to be played this turn and not played goes back."""
    for seat in state.players:
        for mark in seat.used_this_turn:          # (only the hands and piles change below)
            if not mark.startswith("recall:"):
                continue
            uid = mark.split(":", 1)[1]
            if uid in seat.hand and state.has_player(state.owners[uid]):
                seat.hand.remove(uid)
                state.player(state.owners[uid]).discard.append(uid)


def _close_turn(tx: Tx) -> None:
    """Step 5: this turn's power changes end; with 15 VP or more somebody wins, most VP first; a
    tie for the most plays on ("Aus und vorbei!")."""
    state = tx.s
    hooks.end_of_turn(tx)
    _return_unplayed_recalls(state)
    state.silenced.clear()
    for base in state.bases:           # (set only where it changes: a pydantic assignment is slow)
        for minion in base.minions:
            if minion.until_end_of_turn:
                minion.until_end_of_turn = 0
        for monster in base.monsters:      # a charmed monster is nobody's again (Charm lasts the turn)
            if monster.until_end_of_turn:
                monster.until_end_of_turn = 0
            if monster.controller is not None:
                monster.controller = None
    top = 0
    for seat in state.players:      # (the most VP in a plain loop: no list made every turn)
        if seat.vp > top:
            top = seat.vp
    leaders = [p.id for p in state.players if p.vp == top] if top >= WINNING_VP else []
    if len(leaders) == 1:
        state.phase = "over"
        state.winners = leaders
        state.ended_reason = "won"
        tx.emit("game_won", winners=leaders, vp={p.id: p.vp for p in state.players})
        return
    put(state, "active", (state.active + 1) % len(state.players))
    put(state, "turn", state.turn + 1)
    _begin_turn(tx)


def _begin_turn(tx: Tx) -> None:
    state = tx.s
    put(state, "phase", "play")
    seat = state.active_player
    if (seat.minions_left, seat.actions_left) != (1, 1):
        put(seat, "minions_left", 1)
        put(seat, "actions_left", 1)
    for other in state.players:         # (emptied only where something is in them)
        if other.minion_grants:
            other.minion_grants.clear()
        if other.used_this_turn:
            other.used_this_turn.clear()
        if other is not seat and (other.minions_left or other.actions_left):   # (set only when changed)
            put(other, "minions_left", 0)
            put(other, "actions_left", 0)
    tx.emit("turn_started", player=seat.id, turn=state.turn)


# ====================================================================== the table's prompts
def open_prompts(state: GameState) -> list[tuple[str, list[str]]]:
    """What the game waits for: the round of specials ("window:ID", whose say it is), decisions
    ("decision:ID") and the turn or draft pick ("turn:N"). The table puts a deadline on each."""
    if state.phase == "over":
        return []
    prompts: list[tuple[str, list[str]]] = []
    if state.scoring is not None and next_to_decide(state):
        prompts.append((f"window:{state.scoring.window}", [next_to_decide(state)]))  # type: ignore[list-item]
    prompts += [(f"decision:{d.id}", [d.player]) for d in state.decisions]
    picker = state.draft.order[state.draft.next] if state.draft else state.active_player.id
    prompts.append((f"turn:{state.turn}", [picker]))
    return prompts


def timeout_for(target: str) -> A.Timeout:
    kind, _, number = target.partition(":")
    field = {"window": "window", "decision": "decision"}.get(kind, "turn")
    return A.Timeout(actor=A.SYSTEM, **{field: int(number)})


def window_plays(state: GameState, player_id: str) -> list[A.Action]:
    """Specials a player could use in the round before a scoring (auto-pass waits for these only)."""
    if state.scoring is None:
        return []
    talents = [A.UseTalent(actor=player_id, card=u, discard=(d,)) for u in special_talents(state, player_id)
               for d in state.player(player_id).hand[:1]]
    return [*_special_plays(state, player_id), *talents]


# specials that name a base other than the scoring one (where a minion goes)


def _special_plays(state: GameState, pid: str):
    """Each special in hand with each pick it could make (and base, for those that name one)."""
    for uid, base, named in _special_spots(state, pid):
        pick_sets = _pick_sets(state, pid, uid, base)
        for target, target2 in _pairs(state, pid, uid, base):
            for picks in pick_sets:
                yield A.listed_special(pid, uid, target, target2, picks, named)


def _special_spots(state: GameState, pid: str):
    """Each special of this round's moment in the hand with each base it may act at, and the base
    the move names (only a special that names one, BASE_CHOICE_OPS, may go elsewhere); none while
    another player locked the specials."""
    assert state.scoring is not None
    if state.scoring.locked_by not in (None, pid):
        return
    scored = state.scoring.base
    for uid in _specials_in_hand(state, pid):
        if _names_base(state.card(uid)):
            for base in state.bases:
                yield uid, base.uid, base.uid
        else:
            yield uid, state.base(scored).uid, None


@per_card
def _names_base(card) -> bool:
    """A special that names the base where it acts (BASE_CHOICE_OPS); any other acts at the scored one."""
    return any(e.op in BASE_CHOICE_OPS for e in card.effects)


def _special_moves(state: GameState, pid: str) -> list[A.Action]:
    """_special_plays of the player whose say it is that check_play_special lets go: the card, the
    lock and the base are sure from _special_spots; the picks are checked as _card_moves checks them
    (_check_picks lets no "any number of" picks go from any card)."""
    moves: list[A.Action] = []
    for uid, base, named in _special_spots(state, pid):
        plan = _talent_listing(state.card(uid))
        candidates = _plain_candidates(state, pid, uid, plan, base)
        pick_sets = _listed_pick_sets(state, pid, uid, plan, base)
        for target, target2 in _listed_pairs(state, pid, uid, plan, base, candidates, None, plan.plain, False):
            if plan.plain or _targets_problem(state, pid, uid, base, target, None, False, target2) is None:
                moves += [A.listed_special(pid, uid, target, target2, picks, named) for picks in pick_sets]
    return moves


def _default_for(state: GameState, a: A.Timeout) -> A.Action | None:
    """The least harmful move for a passed deadline: pass, the decision's default, the first faction on
    offer, or finishing the turn's card plays."""
    if a.window is not None and state.scoring is not None and a.window == state.scoring.window:
        who = next_to_decide(state)
        return A.PassSpecial(actor=who, window=a.window) if who else None
    if a.decision is not None:
        decision = next((d for d in state.decisions if d.id == a.decision), None)
        if decision is None:
            return None
        if decision.kind == "score_first":
            return A.ScoreFirst(actor=decision.player, base=decision.default)
        if decision.kind in choices.HANDLERS:
            return A.Choose(actor=decision.player, decision=decision.id, option=decision.default)
        seat = state.player(decision.player)
        if decision.kind == "discard_one":
            return A.DiscardDown(actor=seat.id, cards=tuple(seat.hand[:1]))
        return A.DiscardDown(actor=seat.id, cards=tuple(excess_cards(state, seat.id)))
    if a.turn is not None and a.turn == state.turn:
        if state.draft is not None:
            return A.PickFaction(actor=state.draft.order[state.draft.next], faction=state.draft.offered[0])
        if state.phase == "play" and not state.decisions:
            return A.FinishPlaying(actor=state.active_player.id)
    return None


def check_timeout(state: GameState, a: A.Timeout) -> None:
    move = _default_for(state, a)
    if move is None:
        raise IllegalAction("nothing_due")
    validate(state, move)


def do_timeout(tx: Tx, a: A.Timeout) -> None:
    move = _default_for(tx.s, a)
    assert move is not None
    tx.emit("deadline_passed", player=move.actor)
    EXECUTE[type(move)](tx, move)


def check_choose(state: GameState, a: A.Choose) -> None:
    decision = next((d for d in state.decisions if d.id == a.decision and d.kind in choices.HANDLERS), None)
    if decision is None:
        raise IllegalAction("stale_prompt")
    if decision.player != a.actor:
        raise IllegalAction("not_your_decision", player=decision.player)
    if a.option not in decision.options or not choices.still_open(state, decision, a.option):
        raise IllegalAction("no_such_choice")


def do_choose(tx: Tx, a: A.Choose) -> None:
    """The card's effect finishes with the answer; a round of specials waiting for it goes on."""
    state = tx.s
    for i, decision in enumerate(state.decisions):     # (its check found it: a plain loop, no generator)
        if decision.id == a.decision:
            del state.decisions[i]
            break
    else:
        raise KeyError(a.decision)
    choices.HANDLERS[decision.kind](tx, decision, a.option)
    hooks.run_triggers(tx)                  # abilities waiting their turn go on
    if state.scoring is not None and choices.pending(state) is None:
        _round_goes_on(tx)


def check_leave(state: GameState, a: A.Leave) -> None:
    """Anyone seated may leave a running game."""


def do_leave(tx: Tx, a: A.Leave) -> None:
    """The leaver's cards leave the game (hand, deck, discard pile, minions and actions they own in
    play); monsters they controlled go back to no one; with fewer than two players the game ends
    without a winner; if it was their turn or pick, the game goes on with the next player."""
    state = tx.s
    seat = state.player(a.actor)
    index = state.players.index(seat)
    tx.emit("player_left", player=seat.id)
    mine = [*seat.hand, *seat.deck, *seat.discard]
    for other in state.players:           # their cards that went to someone else's hand (Trade) go too
        if other is not seat:
            for uid in [u for u in other.hand if state.owners.get(u) == seat.id]:
                other.hand.remove(uid)
                mine.append(uid)
    for base in state.bases:
        for minion in list(base.minions):
            if minion.owner == seat.id:
                drop(base.minions, minion)
                mine.append(minion.uid)
                for uid in minion.attached:
                    (mine.append(uid) if state.owners.get(uid) == seat.id else tx.to_discard(uid))
            else:
                for uid in [u for u in minion.attached if state.owners.get(u) == seat.id]:
                    minion.attached.remove(uid)
                    mine.append(uid)
                if minion.controller == seat.id:
                    minion.controller = minion.owner
        for monster in base.monsters:
            if monster.controller == seat.id:
                monster.controller = None
        for uid in [u for u in base.actions if state.owners.get(u) == seat.id]:
            base.actions.remove(uid)
            mine.append(uid)
        for uid in [u for u in base.actions if state.played_by.get(u) == seat.id]:
            base.actions.remove(uid)       # a treasure they played on a base
            tx.to_discard(uid)
    if state.scoring is not None:          # their specials waiting for the scoring leave with them
        for uid in [u for u in state.scoring.set_aside if state.owners.get(u) == seat.id]:
            state.scoring.set_aside.remove(uid)
            mine.append(uid)
    for uid in [u for u in mine if state.card_ids[u].startswith("treasure-")]:
        mine.remove(uid)
        state.treasure_discard.append(uid)
    state.removed.extend(mine)
    state.decisions = [d for d in state.decisions if d.player != seat.id]
    state.triggers = [t for t in state.triggers if t.split("|")[2] != seat.id]
    if state.draft is not None:
        done = sum(1 for p in state.draft.order[:state.draft.next] if p == seat.id)
        state.draft.order = [p for p in state.draft.order if p != seat.id]
        state.draft.next -= done
        state.draft.offered.extend(seat.factions)
    was_active = index == state.active
    state.players.remove(seat)
    if state.scoring is not None and a.actor in state.scoring.passed:
        state.scoring.passed.remove(a.actor)
    if len(state.players) < 2:
        state.phase = "over"
        state.ended_reason = "abandoned"
        tx.emit("game_abandoned", players=[p.id for p in state.players])
        return
    if was_active:
        state.active = index % len(state.players)
    elif index < state.active:
        state.active -= 1
    if state.draft is not None:
        if state.draft.next >= len(state.draft.order):
            _finish_setup(tx)
        return
    if was_active:
        for uid in state.scoring.set_aside if state.scoring else []:
            tx.to_discard(uid)
        if state.scoring is not None and state.scoring.stage != "specials":
            state.decisions = [d for d in state.decisions if d.kind not in choices.HANDLERS]
            _wind_up(tx)                           # scored already: the rest is done, it does not score twice
        state.scoring = None
        state.decisions.clear()
        state.triggers.clear()
        state.turn += 1
        _begin_turn(tx)
    else:
        hooks.run_triggers(tx)             # an ordering they owed is asked again, or runs out
        if state.scoring is not None and choices.pending(state) is None:
            _round_goes_on(tx)


def _wind_up(tx: Tx) -> None:
    """The active player left after the VP were given: the loot goes out in turn (the first card for
    each), the base is cleared, and nothing else of the scoring happens."""
    scoring = tx.s.scoring
    assert scoring is not None
    if scoring.stage == "during":
        _share_loot_order(tx)
    for taker in scoring.loot_order:
        if scoring.loot and tx.s.has_player(taker):
            take_loot(tx, taker, scoring.loot[0])
    for uid in [*scoring.loot, *scoring.set_aside]:
        tx.to_discard(uid)
    scoring.loot, scoring.set_aside = [], []
    _clear_base(tx, scoring.base, go_on=False)


# ====================================================================== dispatch and listing
CHECKS: dict[type, Callable] = {
    A.PickFaction: check_pick, A.PlayMinion: check_play_minion, A.PlayAction: check_play_action,
    A.UseTalent: check_talent,
    A.FinishPlaying: check_finish, A.ScoreFirst: check_score_first, A.PassSpecial: check_pass_special,
    A.PlaySpecial: check_play_special, A.DiscardDown: check_discard_down, A.Choose: check_choose,
    A.Timeout: check_timeout,
    A.Leave: check_leave,
}
EXECUTE: dict[type, Callable] = {
    A.PickFaction: do_pick, A.PlayMinion: do_play_minion, A.PlayAction: do_play_action,
    A.UseTalent: do_talent,
    A.FinishPlaying: do_finish, A.ScoreFirst: do_score_first, A.PassSpecial: do_pass_special,
    A.PlaySpecial: do_play_special, A.DiscardDown: do_discard_down, A.Choose: do_choose, A.Timeout: do_timeout,
    A.Leave: do_leave,
}


def legal_actions(state: GameState, player_id: str) -> list[A.Action]:
    """Every legal move of this player, targets spelled out for cards that pick one."""
    if _idle(state, player_id) or not state.has_player(player_id):
        return []
    fixed = powers_fixed(state)
    with fixed:
        if choices.pending(state) is not None:       # nothing but the card choices can be answered
            moves = _choices_of(state, player_id)
        else:
            moves = _candidates(state, player_id)
        outer = fixed.before
        if outer is not None and outer[0] is state:     # (a block of this call's own ends with it)
            note_listed(state, moves)
        return moves


def _idle(state: GameState, pid: str) -> bool:
    """Nothing to list: the game is over, or there is no draft, no scoring, no decision of the
    player's, and it is not their playing step (what _candidates would find refused or absent).
    Asked for every seat after every move, so plain reads and loops."""
    phase = state.phase
    if phase == "over":
        return True
    if state.draft is not None or state.scoring is not None:
        return False
    if phase == "play" and state.players[state.active].id == pid:
        return False
    decisions = state.decisions       # (mostly none: no generator made)
    return not decisions or all(d.player != pid for d in decisions)


def _choices_of(state: GameState, pid: str) -> list[A.Action]:
    """The answers to the player's card choices that check_choose lets go, each choice's options in
    their order: an option of the choice it names, still open (choices.open_options). Only while a
    choice is pending (legal_actions: the player is seated, the game not over), so validate asks
    nothing else of a Choose."""
    moves: list[A.Action] = []
    for decision in state.decisions:
        if decision.player == pid and decision.kind in choices.HANDLERS:
            if _first_choice(state, decision.id) is decision:
                moves += [A.listed_choice(pid, decision.id, option) for option in choices.open_options(state, decision)]
            else:       # (an id given twice: check_choose looks at the first choice with it)
                made = (A.Choose(actor=pid, decision=decision.id, option=option) for option in decision.options)
                moves += [move for move in made if _valid(state, move)]
    return moves


def _first_choice(state: GameState, decision_id: int) -> Decision | None:
    """The card choice check_choose finds for a Choose naming this id (the first with it)."""
    for decision in state.decisions:
        if decision.id == decision_id and decision.kind in choices.HANDLERS:
            return decision
    return None


def _valid(state: GameState, a: A.Action) -> bool:
    return _passes_check(_validate, state, a)


def _candidates(state: GameState, pid: str) -> list[A.Action]:
    """The moves worth listing that pass the whole of validate, then, in the active player's playing
    step, the cards played from the hand and the talents used (_hand_moves and _talent_moves list only
    those that pass)."""
    moves = _other_candidates(state, pid)
    if state.scoring is not None and state.draft is None:
        moves += _scoring_candidates(state, pid)
    if state.phase == "play" and state.active_player.id == pid:
        # legal_actions lets only a seated player with no choice pending get here, and check_finish
        # asks only that it is their playing step
        moves.append(_listed_finish(pid))
        if state.draft is None:
            moves += _hand_moves(state, pid)
            moves += _talent_moves(state, pid)
    return moves


_listed_finish = A.listed_finish     # (listed at each of the player's listings)


def _hand_moves(state: GameState, pid: str) -> list[A.Action]:
    """The active player's legal plays from the hand. The listing makes sure of what check_play_minion
    and check_play_action check of the card and the base (an action not played as a Special only,
    with an action play left or one granted for it: a card failing that fails for every base, pick
    and payment, so none of those is built; _minion_bases); the rest is
    checked part by part, each part once for all the moves that share it, in validate's order (the
    minion an action is played on, the price, the picks, the "any number of" picks), and a move is
    built only when all its parts pass. What depends on the state alone (where minions may go, whether
    an action may be played, the bases) is found once for the whole hand."""
    seat = state.player(pid)
    moves: list[A.Action] = []
    open_bases: list[str] | None = None       # where Birthday Party lets the player put minions
    any_minion: list[str | None] | None = None    # where any minion may go, when the card does not matter
    every_base: list[str | None] | None = None    # where an action that uses a base is listed
    actions_free = seat.actions_left > 0
    card_of, ids, plans = designs(), state.card_ids, _PLAY_LISTINGS    # (state.card, for each card in the hand)
    for uid in seat.hand:
        card = card_of[ids[uid]]
        plan = plans.get(id(card)) or _play_listing(card)      # (_play_listing, looked up in place)
        if plan.minion:
            if open_bases is None:
                open_bases = hooks.open_for_minions(state, pid)
                any_minion = _bases_for_any_minion(state, seat, open_bases)
            bases = any_minion if any_minion is not None else _minion_bases(state, pid, uid, open_bases)
        elif plan.action and (actions_free or (seat.minion_grants and _action_grant(state, pid, uid) is not None)):
            if not plan.uses_base:
                bases = _NO_BASE
            elif every_base is None:
                bases = every_base = [b.uid for b in state.bases]
            else:
                bases = every_base
        else:
            continue
        if bases:       # (no minion play left: its payments are not looked for)
            _card_moves(state, pid, uid, plan, bases, moves)
    return moves


_NO_BASE: list[str | None] = [None]      # where an action that uses no base is listed (shared, never changed)


def _bases_for_any_minion(state: GameState, seat: Seat, open_bases: list[str]) -> list[str | None] | None:
    """The open bases where a minion play covers any minion (check_play_minion's allowance check,
    _grant_for) of the player in this seat: every one with a free play left; without one and without
    extra plays, those where Subterranean Lair gives one; None when the extra plays left depend on the card."""
    if seat.minions_left > 0:
        return open_bases       # (open_for_minions' own list, never changed)
    if not seat.minion_grants:      # (open_bases keeps the bases' order: each base looked at in place)
        return hooks.lair_bases(state, seat.id, open_bases)     # type: ignore[return-value]
    return None


def _minion_bases(state: GameState, pid: str, uid: str, open_bases: list[str]) -> list[str | None]:
    """The open bases where an allowance of the player's covers this minion (_grant_for)."""
    return [b for b in open_bases if _grant_for(state, pid, b, uid) is not None]


@dataclass(frozen=True, slots=True)
class _Listing:
    """What the listing of a card's plays (or of its talent's uses) knows from its design alone. Its
    fields are read by the dozen per listing: slots, which the interpreter reads in place (a named
    tuple's fields go through a descriptor call each)."""

    minion: bool
    action: bool              # an action that may be played in the playing step (not a Special only)
    uses_base: bool           # uses_base: listed at every base, else at none
    own_only: bool            # _own_minion_only: played on one's own minion
    carried: bool             # an action played on a minion: its target is checked as its carrier
    plain: bool               # _check_targets is answered from the move's parts (_plain_pick_passes)
    moded: bool               # one picking effect, no second pick, and modes: checked as a plain card's
    #                           picks, against the effect's candidates in each mode (_mode_candidates)
    first: Effect | None      # a plain or moded card's one picking effect
    paired: bool              # that effect makes a second pick too (checked against what _pairs offers)
    on_minion: bool           # it lies on a minion (_targets offers every minion as well)
    unpaid_bare: bool         # played unpaid (it has a price), it may pick nothing and choose no mode
    any_picks: bool           # it makes "any number of" picks (checked by _check_picks)
    picks_nothing: bool       # no first pick and not on a minion: _pairs gives _NO_PICKS
    may_skip: bool            # it may pick nothing (_pick_plan)
    settled: bool             # plain, no picking effect and no price: _plain_picks_pass refuses nothing
    free: bool                # _payments offers only paying nothing, with no mode


@per_card
def _listing_plan(card, playing: bool) -> _Listing:
    """A plain card (its picks checked without running _check_targets) makes no first pick, or one
    effect's pick (with no second pick, or that effect's own second pick) and no mode that could
    change the candidates. _check_targets checks a second pick against the second picks pick_options
    offered for that first pick (the same candidates, remembered while the state is read only), so
    the pairs _pairs lists pass it whenever their first pick does. A moded card (one effect's pick, no
    second pick, modes: Turner, Dungeon Bait) is checked the same way against what the effect may
    pick in the mode named, each mode's candidates looked up once (_mode_candidates)."""
    firsts, seconds, on_minion, may_skip = _pick_plan(card, playing)
    needed, _, amounts, modes = _payment_plan(card)
    plain = not firsts or (len(firsts) == 1 and seconds in ((), firsts) and modes == [None])
    moded = not plain and len(firsts) == 1 and not seconds
    unpaid_bare = cost_of(card) > 0 and "talent" not in card.keywords
    return _Listing(minion=card.kind == "minion", action=card.kind == "action" and not _special_only(card),
                    uses_base=uses_base(card), own_only=_own_minion_only(card),
                    carried=card.kind == "action" and _played_on_minion(card),
                    plain=plain, moded=moded, first=firsts[0] if (plain or moded) and firsts else None,
                    paired=plain and bool(seconds),
                    on_minion=on_minion,
                    unpaid_bare=unpaid_bare, any_picks=any(e.op in PICK_OPS for e in card.effects),
                    picks_nothing=not firsts and not on_minion, may_skip=may_skip,
                    settled=not firsts and not unpaid_bare,
                    free=(playing and "talent" in card.keywords) or (not needed and not amounts and modes == [None]))


@per_card
def _play_listing(card) -> _Listing:
    """_listing_plan of a card played (asked for each card in the hand at every listing)."""
    return _listing_plan(card, True)


_PLAY_LISTINGS: dict[int, _Listing] = _play_listing.found      # type: ignore[attr-defined]  (its memo, by id())


@per_card
def _talent_listing(card) -> _Listing:
    """_listing_plan of a card not played from the hand: a talent used, a special played in a round of
    a scoring (asked for each at every listing)."""
    return _listing_plan(card, False)


def _card_moves(state: GameState, pid: str, uid: str, plan: _Listing, bases: list[str | None], moves: list) -> None:
    """A card's plays at these bases, with each pick, payment and "any number of" picks that passes
    (``plan``: the card's _play_listing). The price depends on the payment alone, so the payments
    that fail it are left out at once."""
    pays = _PAY_NOTHING if plan.free else _paid_ways(state, pid, uid, playing=True)
    if plan.picks_nothing and plan.settled and not plan.any_picks:      # (most cards)
        _unpicked_moves(pid, uid, plan, bases, pays, moves)
        return
    carriers = _carriers(state, pid, plan.own_only) if plan.carried else None
    if plan.free and plan.plain and not plan.any_picks:     # (paid nothing: every listed pair is a move)
        _free_moves(state, pid, uid, plan, bases, carriers, moves)
        return
    # a plain card without a second pick: its picks and their payments depend on its candidates
    # alone, so a base with the same candidates as the base before shares that base's list
    shared = plan.plain and not plan.paired
    before: tuple | None = None       # (candidates, _picks_paid) at the base before
    first, minion, make = plan.first, plan.minion, A.listed_minion
    for base_uid in bases:
        candidates = _plain_candidates(state, pid, uid, plan, base_uid) if first is not None else None
        if shared and before is not None and before[0] == candidates:
            picked = before[1]
        else:
            picked = _picks_paid(state, pid, uid, plan, base_uid, candidates, carriers, pays)
            before = (candidates, picked)
        if minion:
            for target, target2, ways in picked:
                for discard, mode in ways:
                    moves.append(make(pid, uid, base_uid, target, target2, discard, mode))
        else:
            _action_moves(state, pid, uid, plan, base_uid, picked, moves)


def _free_moves(state: GameState, pid: str, uid: str, plan: _Listing, bases: list[str | None],
                carriers: dict[str, None] | None, moves: list) -> None:
    """_card_moves for a plain card paid nothing and with no mode (free) that makes no "any number of"
    picks: each pair _listed_pairs finds (sifted) is a move, with the one way to pay (_PAY_NOTHING).
    Without a second pick, a base with the same candidates as the base before shares its pairs.
    Without a second pick and not lying on a minion (or picking only the minion it is played on),
    the pairs follow from the candidates and carriers alone: the card's last moves are handed out
    again while the player, the bases, its candidates at each and the carriers stay the same."""
    first = plan.first
    found = [_plain_candidates(state, pid, uid, plan, base) for base in bases] if first is not None else None
    inputs = None
    if not plan.paired and ((found is not None and not plan.on_minion) or (found is None and carriers is not None)):
        inputs = (pid, plan, bases, found, None if carriers is None else tuple(carriers))    # (in their order)
        known = _LAST_MOVES.get(uid)
        if known is not None and known[0] == inputs:
            moves += known[1]
            return
    made: list[A.Action] = []
    shared = not plan.paired
    before: object = _NO_PICKS       # (the candidates at the base before; none yet)
    pairs: list[tuple] = _NO_PICKS
    for at, base_uid in enumerate(bases):
        candidates = found[at] if found is not None else None
        if not shared or before is _NO_PICKS or before != candidates:
            pairs = _listed_pairs(state, pid, uid, plan, base_uid, candidates, carriers, True)
            before = candidates
        if plan.minion:
            make = A.listed_minion
            for target, target2 in pairs:
                made.append(make(pid, uid, base_uid, target, target2, (), None))
        else:
            make = A.listed_action
            for target, target2 in pairs:
                made.append(make(pid, uid, base_uid, target, target2, (), None, ()))
    if inputs is not None:
        _keep_moves(uid, inputs, made)
    moves += made


def _picks_paid(state: GameState, pid: str, uid: str, plan: _Listing, base: str | None,
                candidates: list[str] | None, carriers: dict[str, None] | None, pays: list) -> list[tuple]:
    """Each pair of picks _listed_pairs finds for the card at this base, with the payments and modes
    of ``pays`` it passes _check_play_picks with."""
    sifted = plan.plain and plan.free      # _picks_pass for its one way to pay (nothing, and no mode)
    pairs = _listed_pairs(state, pid, uid, plan, base, candidates, carriers, sifted)
    if plan.settled or sifted:          # (every pair passes with every payment)
        return [(target, target2, pays) for target, target2 in pairs]
    return [(target, target2, _picks_pass(state, pid, uid, plan, base, candidates, target, target2, pays))
            for target, target2 in pairs]


def _action_moves(state: GameState, pid: str, uid: str, plan: _Listing, base: str | None, picked: list[tuple],
                  moves: list) -> None:
    """The plays of an action at this base from _picks_paid, each with each "any number of" picks
    that passes (looked for only when there is a play)."""
    make = A.listed_action
    if not plan.any_picks:      # (most actions: the one empty set of "any number of" picks)
        for target, target2, ways in picked:
            for discard, mode in ways:
                moves.append(make(pid, uid, base, target, target2, discard, mode, ()))
        return
    plays = [(target, target2, discard, mode) for target, target2, ways in picked for discard, mode in ways]
    if plays:
        pick_sets = _listed_pick_sets(state, pid, uid, plan, base)
        moves += [make(pid, uid, base, target, target2, discard, mode, picks)
                  for target, target2, discard, mode in plays for picks in pick_sets]


def _listed_pairs(state: GameState, pid: str, uid: str, plan: _Listing, base: str | None,
                  candidates: list[str] | None, carriers: dict[str, None] | None, sifted: bool,
                  playing: bool = True) -> list[tuple]:
    """_pairs of a card played at this base (or its talent used there), without the first picks
    _check_carrier_of refuses (``carriers``, for an action played on a minion) and, ``sifted``, those
    _plain_pick_passes refuses (the caller's one check of a plain card's picks: such a pick makes no
    move, so its second picks are not looked for). ``candidates``: _plain_candidates."""
    if carriers is not None and plan.plain and plan.first is None:   # it picks its carrier alone
        return [(target, None) for target in carriers]
    if candidates is not None:      # _pairs of a plain or moded card, from its one effect's candidates
        if sifted and not plan.on_minion:
            targets = _sifted_targets(plan, candidates)
        else:
            found = _in_every_mode(_mode_candidates(state, pid, uid, plan, base)) if plan.moded else [*candidates]
            targets = _target_list(state, found, plan.on_minion, plan.may_skip)
            if sifted:
                targets = [target for target in targets if _plain_pick_passes(plan, candidates, target)]
        pairs = (_with_seconds(state, pid, uid, base, targets, playing) if plan.paired
                 else [(target, None) for target in targets])
    else:           # (a plain card without candidates picks nothing _plain_pick_passes refuses)
        pairs = _NO_PICKS if plan.picks_nothing else _pairs(state, pid, uid, base, playing=playing)
    return pairs if carriers is None else [pair for pair in pairs if pair[0] in carriers]


def _sifted_targets(plan: _Listing, candidates: list[str]) -> list[str | None]:
    """_target_list of a plain card not played on a minion, without the picks _plain_pick_passes
    refuses: its candidates (each passes), and no pick where _target_list offers it ("you may", or
    nothing to pick) and _plain_pick_passes lets it go (nothing to pick, or a "you may" pick)."""
    targets: list[str | None] = list(dict.fromkeys(candidates))
    if (plan.may_skip or not targets) and (not candidates or plan.first.op in OPTIONAL_TARGET_OPS):   # type: ignore[union-attr]
        targets.append(None)
    return targets


def _carriers(state: GameState, pid: str, own_only: bool) -> dict[str, None]:
    """The minions and monsters (in _targets' order) an action of the player may be played on, as
    _carrier_problem finds; the same for every action of the player that goes on a minion
    (``own_only``: on the player's own only), so worked out once while the state is read only."""
    def work():       # (an action: what affectable answers is reached_at's, base by base)
        found: dict[str, None] = {}
        for b in state.bases:
            for pool in (b.minions, b.monsters):
                for m in reached_at(state, pid, b, [m for m in pool if m.controller == pid] if own_only else pool):
                    found[m.uid] = None
        return found
    return read_only_memo(state, ("carriers", pid, own_only), work)


def _unpicked_moves(pid: str, uid: str, plan: _Listing, bases: list[str | None], pays: list, moves: list) -> None:
    """_card_moves for a card that picks nothing (_NO_PICKS), whose picks nothing refuses (settled)
    and that makes no "any number of" picks (one empty set of them): a play at each base with each
    payment, in _card_moves' order. They depend on nothing else: the card's last moves are handed out
    again while the player, the bases and the payments stay the same (the cards left in the hand,
    most listings of a turn)."""
    inputs = (pid, plan, bases, pays)
    known = _LAST_MOVES.get(uid)
    if known is not None and known[0] == inputs:
        moves += known[1]
        return
    made: list[A.Action] = []
    if plan.minion:
        make = A.listed_minion
        for base in bases:
            for discard, mode in pays:
                made.append(make(pid, uid, base, None, None, discard, mode))
    else:
        make = A.listed_action
        for base in bases:
            for discard, mode in pays:
                made.append(make(pid, uid, base, None, None, discard, mode, ()))
    _keep_moves(uid, inputs, made)
    moves += made


# each card's last moves of _unpicked_moves or _free_moves, by uid: (what they were made from, the
# moves). What they were made from is the listing's own lists (bases, payments, candidates, carriers),
# never changed once made; the moves are frozen. Bounded: past the limit it starts afresh.
_LAST_MOVES: dict[str, tuple[tuple, list]] = {}
_LAST_MOVES_LIMIT = 4_096


def _keep_moves(uid: str, inputs: tuple, made: list) -> None:
    if len(_LAST_MOVES) >= _LAST_MOVES_LIMIT:
        _LAST_MOVES.clear()
    _LAST_MOVES[uid] = (inputs, made)


def _picks_pass(state: GameState, pid: str, uid: str, plan: _Listing, base: str | None,
                candidates: list[str] | None, target: str | None, target2: str | None, pays: list) -> list:
    """The payments and modes of ``pays`` with which the picks pass _check_play_picks, each checked
    (_plain_picks_pass, or _play_picks_pass once per mode and whether it is paid). Not asked for a
    card whose picks nothing can refuse (settled): they pass with every payment."""
    if plan.plain:      # (_plain_picks_pass, its pick checked once for every payment)
        passes, bare = _plain_pick_passes(plan, candidates, target), plan.unpaid_bare
        found = []
        for way in pays:
            if passes if way[0] or not bare else _chooses_nothing(target, target2, way[1]):
                found.append(way)
        return found
    if plan.moded:       # as a plain card's, with what its effect may pick in the mode named
        in_mode = _mode_candidates(state, pid, uid, plan, base)
        return [(discard, mode) for discard, mode in pays
                if _plain_picks_pass(plan, in_mode[mode], target, target2, mode, discard)]
    picks_ok: dict[tuple, bool] = {}
    found = []
    for discard, mode in pays:
        key = (mode, plan.unpaid_bare and not discard)
        if key not in picks_ok:
            picks_ok[key] = _play_picks_pass(state, pid, uid, base, target, target2, mode, discard)
        if picks_ok[key]:
            found.append((discard, mode))
    return found


_PAY_NOTHING = [((), None)]      # what _paid_ways finds for a free card played (shared, never changed)


def _paid_ways(state: GameState, pid: str, uid: str, playing: bool) -> list[tuple]:
    """The card's _payments (in their order) whose payment check_cost lets go. Played, paying nothing
    always does (a card with a price may be played unpaid, one without asks for nothing)."""
    price_ok: dict[tuple, bool] = {(): True} if playing else {}
    found = []
    for discard, mode in _payments(state, uid, state.player(pid).hand, playing):
        if discard not in price_ok:
            price_ok[discard] = _passes_check(check_cost, state, pid, uid, discard, playing)
        if price_ok[discard]:
            found.append((discard, mode))
    return found


def _plain_candidates(state: GameState, pid: str, uid: str, plan: _Listing, base: str | None) -> list[str] | None:
    """What a plain or moded card's one picking effect may pick at this base, no mode named (what
    _targets offers); None for a card that has no such effect. Remembered (pick_candidates_of) only
    for a moded card, whose _mode_candidates asks for them again: a plain card's are asked once per
    listing, and a check of one of its moves finds them again itself (_picking)."""
    first = plan.first
    if first is None:
        return None
    ctx = Context(pid, uid, base, None)
    if plan.moded:
        return pick_candidates_of(state, first, ctx)
    return NEEDS_TARGET[first.op](state, first, ctx)


def _mode_candidates(state: GameState, pid: str, uid: str, plan: _Listing, base: str | None) -> dict:
    """What a moded card's one picking effect may pick at this base in each of its modes, as _picking
    finds it (worked out once for all its picks while the state is read only)."""
    def work():
        return {mode: pick_candidates_of(state, plan.first, Context(pid, uid, base, None, mode=mode))
                for mode in _payment_plan(state.card(uid))[3]}
    return read_only_memo(state, ("mode candidates", pid, uid, base), work)


def _plain_picks_pass(plan: _Listing, candidates: list[str] | None, target: str | None, target2: str | None,
                      mode: str | None, discard: tuple[str, ...]) -> bool:
    """_check_play_picks' answer for a play of a plain card the listing put together (the mode and
    payment from _payments): played unpaid, it may pick nothing and choose no mode; else as
    _plain_pick_passes."""
    if plan.unpaid_bare and not discard:
        return _chooses_nothing(target, target2, mode)
    return _plain_pick_passes(plan, candidates, target)


def _plain_pick_passes(plan: _Listing, candidates: list[str] | None, target: str | None) -> bool:
    """_check_targets' answer for a listed move of a plain card (target and second pick from _pairs,
    mode from _payments, so ones it offers; ``candidates`` from _plain_candidates). With no
    picking effect nothing is refused. With one: no target only when there was something to pick
    and it is not a "you may"; a target that is not a candidate (one of the minions _targets adds
    for a card lying on a minion) only when there were candidates."""
    if plan.first is None:
        return True
    if target is None:
        return not candidates or plan.first.op in OPTIONAL_TARGET_OPS
    return target in candidates or (plan.on_minion and not candidates)     # type: ignore[operator]


def _listed_pick_sets(state: GameState, pid: str, uid: str, plan: _Listing, base: str | None) -> list[tuple]:
    """The "any number of" picks listed for an action: none for a card that makes no such picks
    (_check_picks takes the empty set from any card), else each of _pick_sets that _check_picks passes."""
    if not plan.any_picks:
        return [()]
    return [picks for picks in _pick_sets(state, pid, uid, base)
            if _passes_check(_check_picks, state, pid, uid, base, picks)]


def _other_candidates(state: GameState, pid: str) -> list[A.Action]:
    """The draft pick, or the answers to the player's decisions, that pass validate (no card choice
    is pending here: _candidates). Each faction on offer is the picker's in the draft (check_pick);
    each base of a "which base scores first" decision is the player's (check_score_first); the
    discards go through validate."""
    draft = state.draft
    if draft is not None:
        if draft.order[draft.next] != pid or state.phase != "draft":    # not their pick
            return []
        return [A.built(A.PickFaction, actor=pid, faction=faction) for faction in draft.offered]
    if not state.decisions:
        return []
    return [move for move in _decision_candidates(state, pid)
            if type(move) is A.ScoreFirst or _valid(state, move)]


def _decision_candidates(state: GameState, pid: str):
    for decision in state.decisions:
        if decision.player == pid and decision.kind == "score_first":
            for base in decision.options:
                yield A.built(A.ScoreFirst, actor=pid, base=base)
        if decision.player == pid and decision.kind == "discard_down":
            yield A.DiscardDown(actor=pid, cards=tuple(excess_cards(state, pid)))
        if decision.player == pid and decision.kind in choices.HANDLERS:
            for option in decision.options:
                yield A.Choose(actor=pid, decision=decision.id, option=option)
        if decision.player == pid and decision.kind == "discard_one":
            for uid in state.player(pid).hand:
                yield A.DiscardDown(actor=pid, cards=(uid,))


def _scoring_candidates(state: GameState, pid: str) -> list[A.Action]:
    """In a round of a scoring: the pass and the specials of the player whose say it is (anyone
    else's are refused: not their say), then the special talents that pass validate. The pass is
    made for this round's window, all check_pass_special asks besides whose say it is."""
    scoring = state.scoring
    assert scoring is not None
    moves: list[A.Action] = []
    says = next_to_decide(state) == pid
    if says:
        moves = [A.built(A.PassSpecial, actor=pid, window=scoring.window), *_special_moves(state, pid)]
    if state.phase != "play" and not (says and scoring.stage == "specials" and scoring.locked_by in (None, pid)):
        return moves        # check_talent refuses every talent: not _special_talent's round, not the playing step
    talents = (A.UseTalent(actor=pid, card=uid, discard=discard, mode=mode) for uid in special_talents(state, pid)
               for discard, mode in payment_ways(state, uid, state.player(pid).hand))
    return moves + [move for move in talents if _valid(state, move)]


@per_card
def _special_only(card) -> bool:
    """A card that works only as a Special in a round of a scoring."""
    return any(e.op in SPECIAL_ONLY_OPS for e in card.effects)


def _talent_moves(state: GameState, pid: str) -> list[A.Action]:
    """The active player's legal talents in the playing step, checked as check_talent checks them: the
    card once, then each move's price and picks (_talent_card_moves)."""
    seat = state.player(pid)
    hand, used, silenced = seat.hand, seat.used_this_turn, state.silenced
    moves: list[A.Action] = []
    for base, uid, minion in _talents_on(state, state.bases, pid):
        if used and f"talent:{uid}" in used and not _special_talent(state, pid, uid):
            continue                     # check_talent refuses each of its moves: used this turn
        # _check_talent_card's answer for a card _talents_on found (in play under the player's control,
        # with a talent), not used this turn: only its abilities can be missing (cancelled, or taken by
        # a card on it; ``minion``: the card itself when it is a minion, what find_minion finds)
        if uid not in silenced and (minion is None or has_abilities(state, minion)) \
                and not talent_idle(state, uid, pid):
            _talent_card_moves(state, pid, uid, base.uid, hand, moves)
    return moves


def _talent_card_moves(state: GameState, pid: str, uid: str, base_uid: str, hand: list[str], moves: list) -> None:
    """A talent's uses with each pick, payment and mode that pass: the price checked once per payment
    (per pick too for a talent that pays the picked card's price, Potion of Redundancy), the picks
    once per pick and mode."""
    card = state.card(uid)
    plan, price = _talent_plan(card)
    if plan.on_minion and not _names_its_carrier(state, uid, False):
        plan = _carried_talent_listing(card)
    if price is not None:
        _fixed_price_moves(state, pid, uid, plan, price, base_uid, hand, moves)
        return
    borrows = _borrows_price(card)
    where = base_uid          # what check_talent's base_of finds: talent_cards_at found the card there
    candidates = _plain_candidates(state, pid, uid, plan, where)
    # a talent that asks for nothing is used paying nothing, which check_cost lets go
    price_ok: dict[tuple, bool] = {(None, ()): True} if plan.free and not borrows else {}
    pays = _PAY_NOTHING if plan.free else payment_ways(state, uid, hand)
    for target, target2 in _listed_pairs(state, pid, uid, plan, base_uid, candidates, None, plan.plain, False):
        picks_ok: dict[str | None, bool] = {}
        for discard, mode in _borrowed_pays(state, target, hand, pays) if borrows else pays:
            key = (target if borrows else None, discard)
            if key not in price_ok:
                price_ok[key] = _passes_check(_check_talent_price_of, state, pid, uid, target, discard)
            if not price_ok[key]:
                continue
            if mode not in picks_ok:       # (a plain card's picks were sifted by _listed_pairs)
                picks_ok[mode] = plan.plain or _targets_problem(state, pid, uid, where, target, mode, False,
                                                                target2) is None
            if picks_ok[mode]:
                moves.append(A.listed_talent(pid, uid, target, target2, discard, mode))


@per_card
def _talent_plan(card) -> tuple[_Listing, tuple[int, bool] | None]:
    """A talent's _talent_listing and _fixed_price, found together (once per design)."""
    return _talent_listing(card), _fixed_price(card)


@per_card
def _carried_talent_listing(card) -> _Listing:
    """_talent_listing of a card lying on a minion whose talent picks only what its text picks
    (_names_its_carrier): no minion is offered for lying on it."""
    return replace(_talent_listing(card), on_minion=False)


@per_card
def _fixed_price(card) -> tuple[int, bool] | None:
    """For a talent _talent_card_moves lists without its loops: a plain one (one picking effect at
    most, its picks sifted as _listed_pairs sifts them) with no second pick, not lying on a minion,
    with one mode, borrowing no price and asking a fixed number of cards, so that _payments offers
    one payment, the first cards of the hand (treasures only, for some). That number and whether
    only treasures pay; None for the others."""
    plan = _talent_listing(card)
    needed, treasures_only, amounts, modes = _payment_plan(card)
    if not plan.plain or plan.paired or plan.on_minion or amounts or modes != [None] or _borrows_price(card):
        return None
    return needed, treasures_only


def _fixed_price_moves(state: GameState, pid: str, uid: str, plan: _Listing, price: tuple[int, bool], base_uid: str,
                       hand: list[str], moves: list) -> None:
    """_talent_card_moves for a talent with a _fixed_price: when check_cost lets its one payment go
    (that many different cards from the hand, not the card itself), its use with each pick
    _listed_pairs offers (no pick, for a talent that picks nothing), in that order."""
    needed, treasures_only = price
    discard: tuple[str, ...] = ()
    if needed:
        discard = tuple(_payment_pool(state, uid, hand, treasures_only)[:needed])
        if len(discard) != needed or len(set(discard)) != needed:
            return
    if plan.first is None:       # (picks nothing: _listed_pairs gives _NO_PICKS)
        moves.append(A.listed_talent(pid, uid, None, None, discard, None))
        return
    targets = _sifted_targets(plan, _plain_candidates(state, pid, uid, plan, base_uid) or [])
    make = A.listed_talent
    moves += [make(pid, uid, target, None, discard, None) for target in targets]


def _borrowed_pays(state: GameState, target: str | None, hand: list[str], pays: list[tuple]) -> list[tuple]:
    """The payments of a talent that pays the picked card's price (Potion of Redundancy): its own (no
    price: paying nothing) and the ways to pay the picked talent's price, each with the card's modes."""
    if target is None or target not in state.card_ids:
        return pays
    modes = dict.fromkeys(mode for _, mode in pays)
    borrowed = dict.fromkeys(discard for discard, _ in payment_ways(state, target, hand))
    return list(dict.fromkeys([*pays, *((discard, mode) for discard in borrowed for mode in modes)]))


@per_card
def _borrows_price(card) -> bool:
    """Potion of Redundancy uses the picked card's talent, and pays that card's price."""
    return any(e.op == "redundancy" for e in card.effects)


def talent_cards(state: GameState, pid: str) -> list[str]:
    return [uid for _, uid, _ in _talents_on(state, state.bases, pid)]


def talent_cards_at(state: GameState, base: BaseInPlay, pid: str) -> list[str]:
    """The player's cards with a talent at this base: minions, cards on minions, cards on the base."""
    return [uid for _, uid, _ in _talents_on(state, (base,), pid)]


def _talents_on(state: GameState, bases, pid: str) -> list[tuple[BaseInPlay, str, Minion | None]]:
    """talent_cards_at for each of these bases in turn: each card with its base, and the minion when
    the card is one; at a base the minions first, then the cards on minions, then those on the base.
    (Plain loops, each minion looked at once and each of its fields read where it is tested, no
    names bound for a minion that is another player's and carries nothing, its design's keywords
    read in place: asked each time the active player's moves are listed.)"""
    card_of, ids, owners = designs(), state.card_ids, state.owners      # (state.card, for each card there)
    found: list[tuple[BaseInPlay, str, Minion | None]] = []
    for base in bases:
        carried: list[tuple[BaseInPlay, str, None]] | None = None
        for minion in base.minions:
            if minion.controller == pid:
                uid = minion.uid
                if "talent" in card_of[ids[uid]].keywords:
                    found.append((base, uid, minion))
            if minion.attached:
                for uid in minion.attached:
                    if owners.get(uid, minion.controller) == pid and "talent" in card_of[ids[uid]].keywords:
                        if carried is None:
                            carried = []
                        carried.append((base, uid, None))
        if carried:
            found += carried
        for uid in base.actions:
            if owners.get(uid) == pid and "talent" in card_of[ids[uid]].keywords:
                found.append((base, uid, None))
    return found


def _targets(state: GameState, pid: str, uid: str, base: str | None, playing: bool = False) -> list[str | None]:
    """What a card could pick played at this base (or using its talent): the candidates of its effects,
    or every minion for a card played on a minion; nothing when it picks nothing."""
    card = state.card(uid)
    firsts, _, on_minion, may_skip = _pick_plan(card, playing)
    found: list[str | None] = []
    if firsts:
        found = _in_every_mode({mode: _picking(state, pid, uid, base, mode, playing)[1]
                                for mode in _payment_plan(card)[3]})
    return _target_list(state, found, on_minion and _names_its_carrier(state, uid, playing), may_skip)


def _in_every_mode(in_mode: dict[str | None, list[str]]) -> list[str | None]:
    """The picks of a card that chooses one of several modes: what it may pick in any of them, and no
    pick where a mode finds nothing to pick (Turner may shuffle a minion back instead of destroying
    the undead monster at its base; Dungeon Bait may bring a monster while a weak minion is in play)."""
    found: list[str | None] = [u for candidates in in_mode.values() for u in candidates]
    if len(in_mode) > 1 and not all(in_mode.values()):
        found.append(None)
    return found


def _target_list(state: GameState, found: list[str | None], on_minion: bool, may_skip: bool) -> list[str | None]:
    """_targets from its effects' candidates (``found``, a list of the caller's to extend)."""
    if on_minion:       # monsters count as minions ("Monster und Schätze")
        found += [m.uid for b in state.bases for m in (*b.minions, *b.monsters)]
    if may_skip:
        found.append(None)             # "you may", or played unpaid
    return list(dict.fromkeys(found)) or [None]


@per_card
def _pick_plan(card, playing: bool) -> tuple[tuple, tuple, bool, bool]:
    """What a card's picks depend on (played, or its talent used): its effects that pick first and
    those that pick second (none while its talent waits to be used), whether it is played on a minion,
    and whether it may pick nothing ("you may", or played unpaid)."""
    effects = () if playing and "talent" in card.keywords else card.effects
    return (tuple(e for e in effects if e.op in NEEDS_TARGET), tuple(e for e in effects if e.op in NEEDS_TARGET2),
            _played_on_minion(card),
            any(e.op in OPTIONAL_TARGET_OPS for e in card.effects) or bool(playing and cost_of(card)))


def _pairs(state: GameState, pid: str, uid: str, base: str | None, playing: bool = False) -> list[tuple]:
    """Each first pick with each second pick the card then needs (none without a first pick)."""
    firsts, seconds, on_minion, _ = _pick_plan(state.card(uid), playing)
    if not firsts and not on_minion:       # picks nothing: _targets is [None], and no second pick without a first
        return _NO_PICKS
    targets = _targets(state, pid, uid, base, playing)
    if not seconds:       # no second picks (what pick_options would find)
        return [(target, None) for target in targets]
    return _with_seconds(state, pid, uid, base, targets, playing)


def _with_seconds(state: GameState, pid: str, uid: str, base: str | None, targets: list[str | None],
                  playing: bool) -> list[tuple]:
    """Each of these first picks with each second pick the card then makes (none after no first pick)."""
    pairs: list[tuple] = []
    for target in targets:
        seconds = pick_options(state, pid, uid, base, first=target, playing=playing) if target is not None else []
        pairs += [(target, second) for second in seconds or [None]]
    return pairs


_NO_PICKS = [(None, None)]      # shared, never changed


def pick_options(state: GameState, pid: str, uid: str, base: str | None, first: str | None = None,
                 playing: bool = False) -> list[str]:
    """What the card could pick (with ``first``: its second pick), for front ends and move listings."""
    card = state.card(uid)
    if playing and "talent" in card.keywords:
        return []
    if first is None:
        return [t for t in _targets(state, pid, uid, base, playing) if t is not None]
    seconds = _pick_plan(card, playing)[1]
    if not seconds:
        return []
    ctx = Context(pid, uid, base, first)
    found: list[str] = []
    for effect in seconds:
        found += pick_candidates_of(state, effect, ctx, second=True)
    return list(dict.fromkeys(found))


def payment_ways(state: GameState, uid: str, hand: list[str], playing: bool = False) -> list[tuple]:
    """_payments as a list, worked out once per card while the state is read only (listing moves)."""
    return read_only_memo(state, ("pay", uid, id(hand), playing), lambda: list(_payments(state, uid, hand, playing)))


def _payments(state: GameState, uid: str, hand: list[str], playing: bool = False):
    """Useful ways to pay for and choose a card's ability: the first fitting cards of the hand."""
    card = state.card(uid)
    if playing and "talent" in card.keywords:
        yield (), None
        return
    needed, treasures_only, amounts, modes = _payment_plan(card)
    pool = _payment_pool(state, uid, hand, treasures_only) if needed or amounts else []
    options = [tuple(pool[:needed])] if needed else [()]
    if needed and playing and not owes(state, card):
        options.append(())             # played unpaid, to be rid of it: what the price buys does not happen
    options += [tuple(pool[:n]) for n in amounts]
    for discard in dict.fromkeys(options):
        for mode in modes:
            yield discard, mode


def _payment_pool(state: GameState, uid: str, hand: list[str], treasures_only: bool) -> list[str]:
    """The cards of the hand that may pay for the card's ability, in the hand's order: not the card
    itself, and only treasures where its price asks for treasures."""
    pool = [u for u in hand if u != uid]
    if treasures_only:
        ids = state.card_ids
        pool = [u for u in pool if ids[u].startswith("treasure-")]
    return pool


@per_card
def _payment_plan(card) -> tuple[int, bool, tuple[int, ...], list[str | None]]:
    """What _payments offers for a card, by its effects: the cards its price asks, whether only
    treasures pay, the other amounts it may be paid (optional prices, "per card paid": two), and the
    modes it may be played in."""
    effects = card.effects
    needed = sum(e.n for e in effects if e.op in COST_OPS)
    treasures_only = any(e.op in ("cost_discard_treasure", "treasures_for_vp") for e in effects)
    amounts: list[int] = []
    for e in effects:
        if e.op in OPTIONAL_COSTS:
            amounts.append(OPTIONAL_COSTS[e.op][1])
        if e.what == "per_card_paid" or e.op.endswith("_per_card_paid"):
            amounts.append(2)
    modes: list[str | None] = [None]
    if any(e.op in ("destroy_or_play_monster", "bait") for e in effects):
        modes.append("monster")
    if any(e.op == "ruckus" for e in effects):
        modes.append("clear")
    if any(e.op == "faction_power" for e in effects):
        modes = [f.id for f in data().factions]
    if any(e.op == "treasure_draw_or_take" for e in effects):
        modes.append("take")
    if any(e.op == "discard_for_extra" for e in effects):
        modes.append("action")
    if any(e.op == "turner" for e in effects):
        modes.append("recycle")
    return needed, treasures_only, tuple(amounts), modes
