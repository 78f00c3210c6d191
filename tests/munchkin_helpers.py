"""Building exact Munchkin situations for rule tests, keeping every card in exactly one place."""

from __future__ import annotations

from engine.core.rng import Rng
from engine.munchkin import actions as A
from engine.munchkin.rules import apply, new_game
from engine.munchkin.sets.hooks import ZONE_OF
from engine.munchkin.state import GameState, ItemInPlay, Options

PLAYERS = ["anna", "ben", "cleo", "dora", "emil", "fritz"]


def game(players: int = 3, seed: int = 1, sets: tuple[str, ...] = ("testdeck",), **options: bool) -> GameState:
    """A game where anna starts, nobody holds cards, and it is anna's phase "start"."""
    state, _ = new_game([(p, p.title()) for p in PLAYERS[:players]], seed=seed, sets=sets, options=Options(**options))
    for player in state.players:
        for uid in player.hand:
            (state.door_deck if state.card(uid).deck == "door" else state.treasure_deck).insert(0, uid)
        player.hand.clear()
        player.fresh.clear()
    state.active = 0
    state.turn = 1
    state.phase = "start"
    return state


def take(state: GameState, card_id: str) -> str:
    """Pull one copy of a card design out of the decks or discard piles."""
    for pile in (state.door_deck, state.treasure_deck, state.door_discard, state.treasure_discard):
        for uid in pile:
            if state.card_ids[uid] == card_id:
                pile.remove(uid)
                return uid
    raise LookupError(f"no free copy of {card_id}")


def to_hand(state: GameState, player: str, card_id: str) -> str:
    uid = take(state, card_id)
    state.player(player).hand.append(uid)
    return uid


def to_table(state: GameState, player: str, card_id: str, in_use: bool = True) -> str:
    uid = take(state, card_id)
    p = state.player(player)
    kind = state.card(uid).kind
    if kind == "class":
        p.classes.append(uid)
    elif kind == "race":
        p.races.append(uid)
    elif kind == "super_munchkin":
        p.super_munchkin = uid
    elif kind == "half_breed":
        p.half_breed = uid
    elif kind in ZONE_OF:
        getattr(p, ZONE_OF[kind]).append(uid)
    elif kind in ("curse", "trap"):
        p.curses.append(uid)
    else:
        p.items.append(ItemInPlay(uid=uid, in_use=in_use))
    return uid


def on_top(state: GameState, card_id: str) -> str:
    """Put a card on top of its deck so that the next draw takes it."""
    uid = take(state, card_id)
    (state.door_deck if state.card(uid).deck == "door" else state.treasure_deck).append(uid)
    return uid


def rig_dice(state: GameState, *values: int) -> None:
    """Set the RNG so the next die rolls are exactly these values."""
    for seed in range(200_000):
        rng = Rng(seed)
        if all(rng.d6() == v for v in values):
            state.rng = seed
            return
    raise AssertionError("no seed found")


def act(state: GameState, action: A.Action):
    return apply(state, action)


def run(state: GameState, *actions: A.Action) -> tuple[GameState, list]:
    events: list = []
    for action in actions:
        state, new_events = apply(state, action)
        events += new_events
    return state, events


def pass_all(state: GameState, except_for: tuple[str, ...] = ()) -> tuple[GameState, list]:
    events: list = []
    for player in state.players:
        if state.combat is None or state.combat.stage != "fight":
            break
        if player.id not in state.combat.passed and player.id not in except_for:
            state, new_events = apply(state, A.Pass(actor=player.id, window=state.combat.window))
            events += new_events
    return state, events


def fight(state: GameState, monster_id: str) -> GameState:
    """anna kicks open the door and meets this monster."""
    on_top(state, monster_id)
    state, _ = apply(state, A.KickDoor(actor=state.active_player.id))
    assert state.combat is not None
    return state


def decision(state: GameState, player: str, kind: str):
    for d in state.decisions:
        if d.player == player and d.kind == kind:
            return d
    raise AssertionError(f"no {kind} decision for {player}: {state.decisions}")


def decide(state: GameState, player: str, kind: str, option: str):
    d = decision(state, player, kind)
    return apply(state, A.Decide(actor=player, decision=d.id, option=option))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def refused(state: GameState, action: A.Action, code: str) -> None:
    """The move is refused with this reason and changes nothing."""
    import pytest

    from engine.core.errors import IllegalAction

    before = state.model_dump()
    with pytest.raises(IllegalAction) as err:
        apply(state, action)
    assert err.value.code == code
    assert state.model_dump() == before
