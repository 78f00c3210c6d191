"""Smash Up – Munchkin's turn ("So läuft dein Spielzug ab"): playing minions and actions (each move's
checks, what a card may pick and how its price is paid, the card's effects when it is played),
talents used in the playing step, and the end of the turn: draw 2, the hand limit's discard, this
turn's changes ended, the game won or the next turn begun.

Below engine.smashup.scoring, engine.smashup.rules and engine.smashup.listing: it imports none of them.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup import choices, hooks
from engine.smashup import ops as card_ops  # noqa: F401  (the package registers every card op)
from engine.smashup.cards import Effect, data, ops_of, per_card, play_designs
from engine.smashup.ops.common import pay
from engine.smashup.power import (
    find_minion,
    power_at,
    present_at,
    read_only_memo,
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
    TALENT_PICKS_AS_WRITTEN,
    TALENTS_THAT_ACT,
    BaseInPlay,
    Decision,
    GameState,
    Minion,
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
    takes_pick,
)
from engine.smashup.tx import Tx

DRAW_PER_TURN = 2
HAND_LIMIT = 10
WINNING_VP = 15


def _my_play_step(state: GameState, actor: str) -> None:
    if state.phase != "play":
        raise IllegalAction("wrong_phase", phase=state.phase)
    if state.active_player.id != actor:
        raise IllegalAction("not_your_turn", active=state.active_player.id)


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
    if mode is not None and mode not in _payment_plan(state.play_card(uid))[3]:
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
    firsts = _pick_plan(state.play_card(uid), playing)[0]
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
            raise IllegalAction("pay_cards", count=cost_of(state.play_card(uid)))
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
    return unpaid(state, uid, discard) and "talent" not in state.play_card(uid).keywords


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
        return state.play_card(uid).power <= 3
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
    if state.play_card(a.card).kind != "minion":
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
    if "talent" not in play_designs()[design].keywords:
        _resolve(tx, a.actor, a.card, a.base, a.target, a.discard, a.mode, a.target2)
    hooks.after_minion_played(tx, a.actor, base, a.card)


def check_play_action(state: GameState, a: A.PlayAction) -> None:
    _my_play_step(state, a.actor)
    _in_hand(state, a.actor, a.card)
    card = state.play_card(a.card)
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
    if _own_minion_only(state.play_card(uid)) and found[1].controller != actor:
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
    return _played_on_minion(state.play_card(uid)) and (playing or state.rules_version < TALENT_PICKS_AS_WRITTEN)


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
    card = play_designs()[ids[a.card]]                     # (state.play_card)
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
    card = play_designs()[state.card_ids[uid]]                  # (state.play_card)
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
    for effect in tx.s.play_card(ctx.card).effects:
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
    card = state.play_card(uid)
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
    if tx.s.play_card(uid).kind == "minion":
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
    return [u for e in state.play_card(uid).effects if e.op in PICK_OPS for u in PICK_OPS[e.op](state, e, ctx)]


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
    card = state.play_card(uid)
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
    card = state.play_card(uid)
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


def talent_idle(state: GameState, uid: str, player: str) -> bool:
    """A talent that would do nothing now (Gold Digger with no treasure discarded, the Cardinal with
    fewer than five cards in the discard pile): every op it acts with says so (IDLE_WHEN). It is
    neither offered nor let go, from CARDS_AS_WRITTEN on."""
    if state.rules_version < CARDS_AS_WRITTEN:
        return False
    acting = [e for e in _acting_now(play_designs()[state.card_ids[uid]]) if e.op not in COST_OPS]
    if not acting:                    # Topper Chopper's talent does nothing at all (TALENTS_THAT_ACT on)
        return state.rules_version >= TALENTS_THAT_ACT
    return all(e.op in IDLE_WHEN and IDLE_WHEN[e.op](state, e, player, uid) for e in acting)


NOTHING_WITHOUT_A_PICK = frozenset({"destroy", "destroy_or_play_monster"})   # (in no mode: Big Hero's
#                                      mode "monster" brings one without a pick)


def talent_pick_idle(state: GameState, actor: str, uid: str, target: str | None, mode: str | None) -> bool:
    """A talent used naming nothing, in no mode, whose acting effects all destroy only what they pick
    and find nothing to pick (Blaster Master with no weak minion, Big Hero with no monster here): it
    would do nothing (paying for nothing), so from TALENTS_THAT_ACT on it is neither offered nor let go."""
    if state.rules_version < TALENTS_THAT_ACT or target is not None or mode is not None:
        return False
    acting = [e for e in _acting_now(play_designs()[state.card_ids[uid]]) if e.op not in COST_OPS]
    if not acting or any(e.op not in NOTHING_WITHOUT_A_PICK for e in acting):
        return False
    picking, every = _picking(state, actor, uid, base_of(state, uid), None, False)
    return not every and len(picking) == len(acting)


def _check_talent_price(state: GameState, a: A.UseTalent) -> None:
    _check_talent_price_of(state, a.actor, a.card, a.target, a.discard)


def _check_talent_price_of(state: GameState, actor: str, uid: str, target: str | None,
                           discard: tuple[str, ...]) -> None:
    borrows = target is not None and _borrows_price(state.play_card(uid)) and target in state.card_ids
    check_cost(state, actor, target if target is not None and borrows else uid, discard)   # a borrowed talent's price


def _check_talent_targets(state: GameState, a: A.UseTalent) -> None:
    _check_targets(state, a.actor, a.card, base_of(state, a.card), a.target, a.mode, target2=a.target2)
    if talent_pick_idle(state, a.actor, a.card, a.target, a.mode):
        raise IllegalAction("talent_idle")


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


# ====================================================================== what a card may pick, how it is paid
@per_card
def _special_only(card) -> bool:
    """A card that works only as a Special in a round of a scoring."""
    return any(e.op in SPECIAL_ONLY_OPS for e in card.effects)


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
    card_of, ids, owners = play_designs(), state.card_ids, state.owners      # (state.play_card, for each card there)
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
    card = state.play_card(uid)
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
    firsts, seconds, on_minion, _ = _pick_plan(state.play_card(uid), playing)
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
        pairs += [(target, second) for second in seconds or (None,)]
    return pairs


_NO_PICKS = [(None, None)]      # shared, never changed


def pick_options(state: GameState, pid: str, uid: str, base: str | None, first: str | None = None,
                 playing: bool = False) -> list[str]:
    """What the card could pick (with ``first``: its second pick), for front ends and move listings."""
    card = state.play_card(uid)
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
    card = state.play_card(uid)
    if playing and "talent" in card.keywords:
        yield (), None
        return
    needed, treasures_only, amounts, modes = _payment_plan(card)
    pool = _payment_pool(state, uid, hand, treasures_only) if needed or amounts else []
    options = [tuple(pool[:needed])] if needed else [()]
    if needed and playing and not owes(state, card):
        options.append(())             # played unpaid, to be rid of it: what the price buys does not happen
    options += [tuple(pool[:n]) for n in amounts]
    paid_modes = any(e.op == "discard_for_extra" for e in card.effects)
    for discard in dict.fromkeys(options):
        for mode in modes if discard or not paid_modes else [None]:
            yield discard, mode     # Wand Whiz unpaid buys nothing: its mode "action" would be the same move


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
