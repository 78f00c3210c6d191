"""Smash Up – Munchkin's legal moves: ``legal_actions`` lists every move of a player that
engine.smashup.rules' validate lets go, built part by part from what the checks ask (each part
checked once for all the moves sharing it), with the caches that make a listing cheap (the plans
worked out once per card design, each card's last moves). Beside it the plain listings the fast
ones must agree with: ``window_plays`` and ``_special_plays`` (each special with every pick, for
the table's auto-pass), next to ``_special_moves``; turn's ``_pairs`` and ``_payments`` are the
plain picks and payments of the other cards.

The top of the rules' layers: it imports rules, scoring and turn, and none of them imports it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.smashup import actions as A
from engine.smashup import choices, hooks
from engine.smashup.cards import Effect, designs, per_card
from engine.smashup.power import (
    has_abilities,
    note_listed,
    powers_fixed,
    read_only_memo,
)
from engine.smashup.registry import (
    BASE_CHOICE_OPS,
    NEEDS_TARGET,
    OPTIONAL_TARGET_OPS,
    PICK_OPS,
    Context,
)
from engine.smashup.rules import (
    _passes_check,
    _validate,
)
from engine.smashup.scoring import (
    _special_talent,
    _specials_in_hand,
    next_to_decide,
    special_talents,
)
from engine.smashup.state import (
    Decision,
    GameState,
    Seat,
)
from engine.smashup.targets import (
    pick_candidates_of,
    reached_at,
)
from engine.smashup.turn import (
    _NO_PICKS,
    _action_grant,
    _borrows_price,
    _check_picks,
    _check_talent_price_of,
    _chooses_nothing,
    _grant_for,
    _in_every_mode,
    _names_its_carrier,
    _own_minion_only,
    _pairs,
    _payment_plan,
    _payment_pool,
    _payments,
    _pick_plan,
    _pick_sets,
    _play_picks_pass,
    _played_on_minion,
    _special_only,
    _talents_on,
    _target_list,
    _targets_problem,
    _with_seconds,
    check_cost,
    cost_of,
    excess_cards,
    payment_ways,
    talent_idle,
    talent_pick_idle,
    uses_base,
)


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
    any_minion: Sequence[str | None] | None = None    # where any minion may go, when the card does not matter
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


def _bases_for_any_minion(state: GameState, seat: Seat, open_bases: list[str]) -> Sequence[str | None] | None:
    """The open bases where a minion play covers any minion (check_play_minion's allowance check,
    _grant_for) of the player in this seat: every one with a free play left; without one and without
    extra plays, those where Subterranean Lair gives one; None when the extra plays left depend on the card."""
    if seat.minions_left > 0:
        return open_bases       # (open_for_minions' own list, never changed)
    if not seat.minion_grants:      # (open_bases keeps the bases' order: each base looked at in place)
        return hooks.lair_bases(state, seat.id, open_bases)
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


_PLAY_LISTINGS: dict[int, _Listing] = _play_listing.found      # type: ignore[attr-defined]  # (its memo, by id())


@per_card
def _talent_listing(card) -> _Listing:
    """_listing_plan of a card not played from the hand: a talent used, a special played in a round of
    a scoring (asked for each at every listing)."""
    return _listing_plan(card, False)


def _card_moves(state: GameState, pid: str, uid: str, plan: _Listing, bases: Sequence[str | None], moves: list) -> None:
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


def _free_moves(state: GameState, pid: str, uid: str, plan: _Listing, bases: Sequence[str | None],
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
            minion = A.listed_minion
            for target, target2 in pairs:
                made.append(minion(pid, uid, base_uid, target, target2, (), None))
        else:
            action = A.listed_action
            for target, target2 in pairs:
                made.append(action(pid, uid, base_uid, target, target2, (), None, ()))
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
            found: list[str | None] = (_in_every_mode(_mode_candidates(state, pid, uid, plan, base)) if plan.moded
                                       else [*candidates])
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


def _unpicked_moves(pid: str, uid: str, plan: _Listing, bases: Sequence[str | None], pays: list, moves: list) -> None:
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
        minion = A.listed_minion
        for base in bases:
            for discard, mode in pays:
                made.append(minion(pid, uid, base, None, None, discard, mode))
    else:
        action = A.listed_action
        for base in bases:
            for discard, mode in pays:
                made.append(action(pid, uid, base, None, None, discard, mode, ()))
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
    first = plan.first
    assert first is not None        # (a moded card has its one picking effect: _listing_plan)

    def work():
        return {mode: pick_candidates_of(state, first, Context(pid, uid, base, None, mode=mode))
                for mode in _payment_plan(state.play_card(uid))[3]}
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


def _talent_moves(state: GameState, pid: str) -> list[A.UseTalent]:
    """The active player's legal talents in the playing step, checked as check_talent checks them: the
    card once, then each move's price and picks (_talent_card_moves)."""
    seat = state.player(pid)
    hand, used, silenced = seat.hand, seat.used_this_turn, state.silenced
    moves: list[A.UseTalent] = []
    for base, uid, minion in _talents_on(state, state.bases, pid):
        if used and f"talent:{uid}" in used and not _special_talent(state, pid, uid):
            continue                     # check_talent refuses each of its moves: used this turn
        # _check_talent_card's answer for a card _talents_on found (in play under the player's control,
        # with a talent), not used this turn: only its abilities can be missing (cancelled, or taken by
        # a card on it; ``minion``: the card itself when it is a minion, what find_minion finds)
        if uid not in silenced and (minion is None or has_abilities(state, minion)) \
                and not talent_idle(state, uid, pid):
            listed = len(moves)
            _talent_card_moves(state, pid, uid, base.uid, hand, moves)
            if len(moves) > listed and talent_pick_idle(state, pid, uid, None, None):
                moves[listed:] = [m for m in moves[listed:] if m.target is not None or m.mode is not None]
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
