"""Smash Up – Munchkin's scoring ("Die große Wertung"): the bases at their breakpoint when the
player finishes playing cards, the order they score in, the rounds of Specials before, during and
after a scoring (whose say it is, passing, the specials played), the VP by rank, the loot shared,
the base cleared and a new one revealed. Also the moves that may lead into a scoring round: a
talent used (Happy Zapper's works as a Special), and the discard that answers King Tut after a
scoring (the hand limit's discard goes on with the end of the turn).

Above engine.smashup.turn; below engine.smashup.rules and engine.smashup.listing (imports neither).
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup import choices, hooks
from engine.smashup.cards import designs, per_card
from engine.smashup.hooks import play_monster
from engine.smashup.ops.common import special_moment
from engine.smashup.power import (
    find_minion,
    has_abilities,
    places,
    power_at,
    powers_fixed,
    ready_bases,
    total_power,
)
from engine.smashup.registry import (
    BASE_CHOICE_OPS,
    OPS,
    SET_ASIDE_OPS,
    Context,
)
from engine.smashup.state import (
    BaseInPlay,
    Decision,
    GameState,
    Scoring,
    Seat,
    holds,
    minion_effect,
    new_decision,
    put,
)
from engine.smashup.targets import (
    base_of,
)
from engine.smashup.turn import (
    _check_picks,
    _check_talent_price,
    _check_talent_targets,
    _check_targets,
    _close_turn,
    _discard_decision,
    _end_of_turn,
    _in_play_controlled,
    _my_play_step,
    _resolve,
    talent_cards_at,
    talent_idle,
)
from engine.smashup.tx import Tx


# ====================================================================== a new base
def _new_base(tx: Tx) -> None:
    uid = tx.top("base")
    if uid is None:
        return
    base = BaseInPlay(uid=uid)
    tx.s.bases.append(base)
    tx.emit("base_revealed", base=tx.s.card_ids[uid])
    for _ in range(tx.s.base_card(uid).monsters):
        play_monster(tx, base)


# ====================================================================== talents (one may be used as a Special)
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
            if "special" in state.play_card(u).keywords and u not in state.silenced]


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


_SPECIAL_MOMENTS: dict[int, str | None] = _hand_special_moment.found   # type: ignore[attr-defined]  # (its memo, by id())
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
    design = state.base_card(base.uid)
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
    count = sum(state.monster_card(m.uid).treasures for m in base.monsters) + extra
    if not count or not placed:
        return []
    loot = [uid for uid in (tx.top("treasure") for _ in range(count)) if uid is not None]
    if loot:
        tx.emit("loot_revealed", base=state.card_ids[base.uid], cards=[state.card_ids[u] for u in loot])
    return loot


# ====================================================================== discarding (the hand limit, King Tut)
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


# ====================================================================== the active player left
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
