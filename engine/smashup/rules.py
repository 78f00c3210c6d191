"""Smash Up – Munchkin's rules, the dispatch: a new game and its faction draft ("Spielvorbereitung",
"Prügeln wir uns nach Regeln!"), ``validate`` and ``apply`` with the table of each move's check and
executor (CHECKS, EXECUTE), the moves that belong to no phase (a card's choice answered, a deadline
passed, a player leaving) and the table's prompts. The turn's phases are in engine.smashup.turn,
the scoring in engine.smashup.scoring, the legal moves in engine.smashup.listing (which imports
this module, never the other way).

``apply(state, action)`` validates on the unchanged state, changes a copy (the state itself with
``in_place=True``), and lets the game run on until it waits for a player, like the Munchkin engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.smashup import actions as A
from engine.smashup import choices, hooks
from engine.smashup.cards import data
from engine.smashup.power import (
    powers_fixed,
    ready_bases,
    state_changing,
    was_listed,
)
from engine.smashup.scoring import (
    _new_base,
    _round_goes_on,
    _wind_up,
    check_finish,
    check_pass_special,
    check_play_special,
    check_score_first,
    check_talent,
    do_discard_down,
    do_finish,
    do_pass_special,
    do_play_special,
    do_score_first,
    do_talent,
    next_to_decide,
)
from engine.smashup.state import (
    RULES_VERSION,
    Draft,
    GameState,
    Seat,
    drop,
)
from engine.smashup.turn import (
    _begin_turn,
    check_discard_down,
    check_play_action,
    check_play_minion,
    do_play_action,
    do_play_minion,
    excess_cards,
)
from engine.smashup.tx import Tx

HAND_SIZE = 5
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
    for shuffled_pile in piles.values():
        rng.shuffle(shuffled_pile)
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
        if not any(state.play_card(u).kind == "minion" for u in seat.hand):
            tx.emit("mulligan", player=seat.id, cards=[state.card_ids[u] for u in seat.hand])
            seat.discard.extend(seat.hand)
            seat.hand.clear()
            tx.draw(seat.id, HAND_SIZE)
    state.draft = None
    _begin_turn(tx)


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
    if kind == "window":
        return A.Timeout(actor=A.SYSTEM, window=int(number))
    if kind == "decision":
        return A.Timeout(actor=A.SYSTEM, decision=int(number))
    return A.Timeout(actor=A.SYSTEM, turn=int(number))


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


# ====================================================================== dispatch
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
