"""The Munchkin rules: ``new_game``, ``apply`` and ``legal_actions``.

``apply`` validates first (raising ``IllegalAction`` with nothing changed), then executes the move on
a copy of the state (on the state itself with ``in_place=True``) and lets the game flow on
(``advance``) until it waits on somebody.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import combinations
from operator import attrgetter
from typing import TypeVar

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.munchkin import abilities as ab
from engine.munchkin import character as ch
from engine.munchkin import combat as cb
from engine.munchkin.actions import (
    SYSTEM,
    Action,
    AskHelp,
    Claim,
    Decide,
    Discard,
    EndTurn,
    Equip,
    KickDoor,
    Leave,
    LookForTrouble,
    LootRoom,
    OfferHelp,
    OfferTrade,
    Pass,
    PlayCard,
    Sacrifice,
    Sell,
    Timeout,
    UseAbility,
)
from engine.munchkin.cards import Card, Effect, cards_with_abilities, catalog
from engine.munchkin.decisions import open_decision
from engine.munchkin.effects import apply_effects, lose_card, resume_effects
from engine.munchkin.registry import CardPlay
from engine.munchkin.registry_load import DECISIONS, PLAYS
from engine.munchkin.setrules import rules_for
from engine.munchkin.sets import hooks
from engine.munchkin.state import (
    GIFTS_SELLABLE_AT_ONCE,
    LOOTING_AFTER_THE_COMBAT,
    TRADED_ITEMS_LAID_OUT,
    Bribe,
    Charity,
    Combat,
    Decision,
    GameState,
    Options,
    PlayedOneShot,
    Player,
    Sex,
)
from engine.munchkin.tx import Tx

A = TypeVar("A")

SELL_UNIT = 1000
MIXABLE_SETS = frozenset({"cthulhu", "impossible", "shakespeare", "axecop"})


# ====================================================================== setup
def new_game(players: Sequence[tuple[str, str]], seed: int, sets: Sequence[str] = ("testdeck",),
             options: Options | None = None, sexes: dict[str, Sex] | None = None) -> tuple[GameState, list[Event]]:
    """A new game: both decks shuffled, starting hands dealt, a random start player."""
    if not 2 <= len(players) <= 6 * max(1, len(sets)):
        raise IllegalAction("player_count", count=len(players))
    if len({pid for pid, _ in players}) != len(players):
        raise IllegalAction("duplicate_player")
    options = options or Options()
    if len(set(sets) & MIXABLE_SETS) > 1 and not options.faster_play:
        # every "Kombiniere" section: play a mix with the faster-play rules
        options = options.model_copy(update={"faster_play": True})
    cards = catalog(tuple(sets))
    card_ids: dict[str, str] = {}
    doors: list[str] = []
    treasures: list[str] = []
    for card_id in sorted(cards):
        card = cards[card_id]
        for _ in range(card.count):
            uid = f"c{len(card_ids) + 1}"
            card_ids[uid] = card_id
            (doors if card.deck == "door" else treasures).append(uid)
    rng = Rng(seed)
    rng.shuffle(doors)
    rng.shuffle(treasures)
    state = GameState(
        seed=seed, rng=rng.state, sets=list(sets), options=options, card_ids=card_ids,
        door_deck=doors, treasure_deck=treasures,
        players=[Player(id=pid, name=name, sex=(sexes or {}).get(pid, "male")) for pid, name in players],
    )
    tx = Tx(state)
    state.active = tx.rng.below(len(state.players))
    rules = rules_for(tuple(sets), options)
    tx.emit("game_started", players=[p.id for p in state.players], first=state.active_player.id)
    for offset in range(len(state.players)):
        player = state.players[(state.active + offset) % len(state.players)]
        # the starting hand may be laid out until the end of the player's first turn
        first_turn = offset + 1
        tx.draw_to_hand(player.id, "door", rules.starting_doors, fresh_until=first_turn)
        tx.draw_to_hand(player.id, "treasure", rules.starting_treasures, fresh_until=first_turn)
    _begin_turn(tx)
    tx.finish()
    state._catalog = None      # the card table follows the rules version, which a replay sets after dealing
    return state, tx.events


# ====================================================================== apply
def apply(state: GameState, action: Action, *, in_place: bool = False) -> tuple[GameState, list[Event]]:
    """The state after the move and what happened. ``in_place``: the move changes ``state`` itself
    (returned again) instead of a copy, for a caller that owns the state and wants only the new one
    (the simulator, the search's playouts); a refused move changes nothing either way, for every
    refusal comes from ``validate`` before the first change."""
    validate(state, action)
    new_state = state if in_place else state.clone()
    tx = Tx(new_state)
    try:
        EXECUTE[type(action)](tx, action)
        advance(tx)
    except IllegalAction as exc:
        if in_place:    # a half-made move cannot be a clean refusal: say so instead
            raise RuntimeError(f"move refused after it changed the state: {action!r}") from exc
        raise
    tx.finish()
    return new_state, tx.events


def validate(state: GameState, action: Action) -> None:
    if state.phase == "over":
        raise IllegalAction("game_over")
    if isinstance(action, Timeout):
        if action.actor != SYSTEM:
            raise IllegalAction("not_allowed")
    elif not state.has_player(action.actor):
        raise IllegalAction("not_seated", player=action.actor)
    CHECKS[type(action)](state, action)


def is_legal(state: GameState, action: Action) -> bool:
    return _passes(validate, state, action)


def _passes(check: Callable[..., None], *args: object) -> bool:
    """``check(*args)`` raises no IllegalAction."""
    try:
        check(*args)
    except IllegalAction:
        return False
    return True


# ---------------------------------------------------------------------- shared checks
def _blocking(state: GameState) -> Decision | None:
    for decision in state.decisions:        # asked after every step: a loop, no generator
        if decision.blocking:
            return decision
    return None


def _require_turn(state: GameState, actor: str) -> Player:
    if state.active_player.id != actor:
        raise IllegalAction("not_your_turn", active=state.active_player.id)
    return state.active_player


def _require_turn_move(state: GameState, actor: str, phases: Iterable[str]) -> Player:
    player = _require_turn(state, actor)
    if state.combat is not None:
        raise IllegalAction("in_combat")
    blocking = _blocking(state)
    if blocking:
        raise IllegalAction("waiting_for_decision", player=blocking.player, kind=blocking.kind)
    if state.phase not in phases:
        raise IllegalAction("wrong_phase", phase=state.phase)
    return player


def _is_fresh(state: GameState, player: Player, uid: str) -> bool:
    return player.fresh.get(uid, 0) >= state.turn


def _own_turn_or_fresh(state: GameState, player: Player, uid: str) -> None:
    if state.active_player.id != player.id and not _is_fresh(state, player, uid):
        raise IllegalAction("only_on_your_turn", card=state.card_ids[uid])


def _own_turn_or_drawn(state: GameState, player: Player, uid: str) -> None:
    """Classes, races, loyalties, trainings and powers go down on your own turn or when you draw
    them (C l.258, S l.595-596); a card kept from the starting hand waits while another player's
    combat runs."""
    _own_turn_or_fresh(state, player, uid)
    if state.combat is not None and state.active_player.id != player.id:
        raise IllegalAction("not_in_others_combat", card=state.card_ids[uid])


def _may_lay_down(state: GameState, player: Player, uid: str) -> bool:
    """_own_turn_or_drawn passes (asked without raising, as the listing does for every such card)."""
    return state.active_player.id == player.id or (state.combat is None and _is_fresh(state, player, uid))


def _no_items_in_combat(state: GameState, uid: str) -> None:
    """Only one-shots may be played while a combat is on (Cthulhu l.212, see setrules)."""
    if state.combat is not None and not rules_for(tuple(state.sets), state.options).items_in_combat:
        raise IllegalAction("no_items_in_combat", card=state.card_ids[uid])


def _in_hand(state: GameState, player: Player, uid: str) -> None:
    if uid not in player.hand:
        raise IllegalAction("card_not_in_hand", card=uid)


def _fight_stage(state: GameState) -> None:
    if state.combat is None or state.combat.stage != "fight":
        raise IllegalAction("no_combat")


def _table_item(player: Player, uid: str) -> None:
    if ch.item_in_play(player, uid) is None:
        raise IllegalAction("item_not_in_play", card=uid)


# ====================================================================== turn moves
def check_kick_door(state: GameState, a: KickDoor) -> None:
    player = _require_turn_move(state, a.actor, ("start",))
    if a.resurrect_with is not None:
        if not ab.has_ability(state, player, "resurrection"):
            raise IllegalAction("no_such_ability", ability="resurrection")
        _in_hand(state, player, a.resurrect_with)
        if not state.door_discard:
            raise IllegalAction("discard_pile_empty")


def do_kick_door(tx: Tx, a: KickDoor) -> None:
    """Phase 1: a monster means combat, a curse hits you, anything else goes to your hand."""
    state = tx.s
    if a.resurrect_with is not None:
        state.player(a.actor).hand.remove(a.resurrect_with)
        resurrected = state.door_discard.pop()
        tx.discard(a.resurrect_with)
        tx.emit("resurrected", player=a.actor, card=state.card_ids[resurrected])
        uid: str | None = resurrected
    else:
        uid = tx.draw("door")
    state.phase = "trouble"
    if uid is None:
        return
    card = state.card(uid)
    tx.emit("door_kicked", player=a.actor, card=card.id, uid=uid)
    if card.kind == "monster" and _friendly(state, state.player(a.actor), card):
        # Impossible: a monster friendly to you is no fight; the room can be looted as if empty
        tx.discard(uid)
        tx.emit("monster_friendly", player=a.actor, card=card.id)
    elif card.kind == "monster":
        cb.start_combat(tx, a.actor, uid)
    elif card.kind in ("curse", "trap"):
        _cast_curse(tx, uid, state.player(a.actor))
    else:
        player = state.player(a.actor)
        player.hand.append(uid)
        player.fresh[uid] = state.turn


def _friendly(state: GameState, player: Player, card) -> bool:
    return bool(card.friendly_to) and bool(set(card.friendly_to) & ch.traits(state, player))


def check_look_for_trouble(state: GameState, a: LookForTrouble) -> None:
    player = _require_turn_move(state, a.actor, ("trouble",))
    _in_hand(state, player, a.card)
    if state.card(a.card).kind != "monster":
        raise IllegalAction("not_a_monster", card=state.card_ids[a.card])


def do_look_for_trouble(tx: Tx, a: LookForTrouble) -> None:
    tx.s.player(a.actor).hand.remove(a.card)
    cb.start_combat(tx, a.actor, a.card)


def check_loot_room(state: GameState, a: LootRoom) -> None:
    _require_turn_move(state, a.actor, ("trouble",))


def do_loot_room(tx: Tx, a: LootRoom) -> None:
    """Phase 3: a face-down door card (a treasure with faster play, see setrules)."""
    deck = "treasure" if rules_for(tuple(tx.s.sets), tx.s.options).loot_treasure else "door"
    tx.emit("room_looted", player=a.actor)
    tx.draw_to_hand(a.actor, deck, 1, fresh_until=tx.s.turn)
    tx.s.phase = "after"


def check_end_turn(state: GameState, a: EndTurn) -> None:
    _require_turn_move(state, a.actor, ("trouble", "after"))


def do_end_turn(tx: Tx, a: EndTurn) -> None:
    tx.s.phase = "charity"


# ====================================================================== playing cards
def check_play_card(state: GameState, a: PlayCard) -> None:
    player = state.player(a.actor)
    if a.card not in state.card_ids:
        raise IllegalAction("unknown_card", card=a.card)
    card = state.card(a.card)
    from_table = card.kind == "oneshot" and ch.item_in_play(player, a.card) is not None
    if not from_table:
        _in_hand(state, player, a.card)
    own_play = _own_play(state, card)
    if own_play is not None:
        own_play.check(state, player, a)
        return
    PLAY_CHECKS[card.kind](state, player, a)


def _own_play(state: GameState, card: Card) -> CardPlay | None:
    """The card's play of its own (registry.PLAYS), in a game of a rules version that has it."""
    if card.play is None or not state.cards_played_by_engine:
        return None
    return PLAYS[card.play]


def _check_play_monster(state: GameState, player: Player, a: PlayCard) -> None:
    if not cb.can_follow(state, a.card):
        raise IllegalAction("monster_needs_trouble_or_wandering", card=state.card_ids[a.card])
    first = cb.goth_call_waits_for(state, a.card, player.id)
    if first is not None:
        raise IllegalAction("goth_call_order", player=first)


def _check_play_curse(state: GameState, player: Player, a: PlayCard) -> None:
    if a.target_player is None or not state.has_player(a.target_player):
        raise IllegalAction("needs_target_player")


def _check_play_class(state: GameState, player: Player, a: PlayCard) -> None:
    card = state.card(a.card)
    mine = player.classes if card.kind == "class" else player.races
    if not _second_class_any_time(state, player, card):
        _own_turn_or_drawn(state, player, a.card)
    if any(set(state.card(u).traits) & set(card.traits) for u in mine):
        raise IllegalAction("already_have_that", card=card.id)
    if not _class_room(player, card):
        raise IllegalAction("class_limit" if card.kind == "class" else "race_limit")


def _second_class_any_time(state: GameState, player: Player, card: Card) -> bool:
    """With Super Munchkin in play the second class comes at any time (C l.266); a second race with
    Halb-Blut as its set says (hooks.second_race_any_time)."""
    if card.kind == "class":
        return bool(player.super_munchkin) and len(player.classes) == 1
    return hooks.second_race_any_time(state, player)


def _class_room(player: Player, card: Card) -> bool:
    """One class (race), two with Super Munchkin (Half-Breed) in play."""
    if card.kind == "class":
        return len(player.classes) < (2 if player.super_munchkin else 1)
    return len(player.races) < (2 if player.half_breed else 1)


def _check_play_combo(state: GameState, player: Player, a: PlayCard) -> None:
    """Super Munchkin needs a class in play, Half-Breed a race; either at any time."""
    card = state.card(a.card)
    if card.kind == "super_munchkin":
        if not player.classes or player.super_munchkin:
            raise IllegalAction("needs_a_class")
        if card.pairs_classes:
            _check_second_class(state, player, a)
        elif a.with_card is not None:
            raise IllegalAction("needs_a_class")
    elif not player.races or player.half_breed:
        raise IllegalAction("needs_a_race")


def _check_second_class(state: GameState, player: Player, a: PlayCard) -> None:
    """Impossible's Super Munchkin comes with the second class from the hand (I l.265)."""
    second = a.with_card
    if second is None or second not in player.hand or state.card(second).kind != "class":
        raise IllegalAction("super_munchkin_needs_second_class")
    if any(set(state.card(u).traits) & set(state.card(second).traits) for u in player.classes):
        raise IllegalAction("already_have_that", card=state.card_ids[second])


def _check_play_item(state: GameState, player: Player, a: PlayCard) -> None:
    _own_turn_or_fresh(state, player, a.card)
    _no_items_in_combat(state, a.card)
    ch.check_can_receive_item(state, player, state.card(a.card))
    on_ally = a.target_item is not None      # Axe Cop: on one of your allies
    if on_ally and (not state.card(a.card).ally_item or a.target_item not in player.followers):
        raise IllegalAction("needs_own_ally")


def _fleeing(state: GameState, player_id: str) -> bool:
    combat = state.combat
    return combat is not None and combat.stage == "run" and player_id in combat.run_queue


def _check_play_one_shot(state: GameState, player: Player, a: PlayCard) -> None:
    card = state.card(a.card)
    if card.effects:        # a one-shot that acts on a player (Wishing Ring: ends a curse) acts at once
        _check_play_effect(state, player, a)
        return
    if card.run_bonus and _fleeing(state, player.id):   # a run-away one-shot still helps once the fight is lost
        return
    if state.combat is None or state.combat.stage != "fight":
        # outside combat a one-shot can be laid on the table to be used later
        if a.side or a.target_monster:
            raise IllegalAction("no_combat")
        if ch.item_in_play(player, a.card):
            raise IllegalAction("already_in_play", card=card.id)
        _own_turn_or_fresh(state, player, a.card)
        return
    if card.defeats_monster:
        _check_target_monster(state, a)
    elif a.side not in ("players", "monsters"):
        raise IllegalAction("needs_side")


def _check_target_monster(state: GameState, a: PlayCard) -> None:
    _fight_stage(state)
    if not any(m.uid == a.target_monster for m in state.combat.monsters):  # type: ignore[union-attr]
        raise IllegalAction("needs_target_monster")


def _check_play_enhancer(state: GameState, player: Player, a: PlayCard) -> None:
    _check_target_monster(state, a)


def _check_play_wandering(state: GameState, player: Player, a: PlayCard) -> None:
    _fight_stage(state)
    if a.with_card is None or a.with_card not in player.hand or state.card(a.with_card).kind != "monster":
        raise IllegalAction("wandering_needs_monster")


def _check_play_level_up(state: GameState, player: Player, a: PlayCard) -> None:
    """A level card may go on any player (C l.204, S l.495-499, A l.120: lift someone past a monster
    that will not pursue), but never to level 10."""
    if a.target_player is not None and not state.has_player(a.target_player):
        raise IllegalAction("needs_target_player")
    target = state.player(a.target_player or player.id)
    if target.level >= _level_card_reach(state.card(a.card)):
        raise IllegalAction("level_10_needs_kill")


def _level_card_reach(card: Card) -> int:
    """The level a level card's target must be below: Shakespeare's two game-ending cards may give
    the tenth level, any other only up to 9."""
    return ch.MAX_LEVEL - (0 if card.reaches_level_10 else 1)


def _check_play_item_enhancer(state: GameState, player: Player, a: PlayCard) -> None:
    """Item enhancers go on an item of your own in play, when you may play items."""
    _own_turn_or_fresh(state, player, a.card)
    _no_items_in_combat(state, a.card)
    if a.target_item is None or ch.item_in_play(player, a.target_item) is None:
        raise IllegalAction("needs_target_item")
    if state.card(a.target_item).kind != "item":
        raise IllegalAction("needs_target_item")


def _check_play_effect(state: GameState, player: Player, a: PlayCard) -> None:
    if a.target_player is not None and not state.has_player(a.target_player):
        raise IllegalAction("needs_target_player")


def _check_play_ability(state: GameState, player: Player, a: PlayCard) -> None:
    """Loyalties and trainings go down like a class: on your own turn or when received; a set may
    let its kind come at any time (Axe Cop's powers, hooks.ability_any_time)."""
    card = state.card(a.card)
    if not hooks.ability_any_time(card):
        _own_turn_or_drawn(state, player, a.card)
    hooks.check_play_ability(state, player, card)


def _check_play_extra(state: GameState, player: Player, a: PlayCard) -> None:
    hooks.check_play_extra(state, player, state.card(a.card))


def _check_play_follower(state: GameState, player: Player, a: PlayCard) -> None:
    """Followers come any time, even in combat, while there is room for one more."""
    hooks.check_room_for_follower(state, player)


PLAY_CHECKS: dict[str, Callable[[GameState, Player, PlayCard], None]] = {
    "effect": _check_play_effect, "trap": _check_play_curse, "loyalty": _check_play_ability,
    "training": _check_play_ability, "power": _check_play_ability, "extra_loyalty": _check_play_extra,
    "extra_training": _check_play_extra, "hireling": _check_play_follower, "ally": _check_play_follower,
    "monster": _check_play_monster, "curse": _check_play_curse, "class": _check_play_class,
    "race": _check_play_class, "super_munchkin": _check_play_combo, "half_breed": _check_play_combo,
    "item": _check_play_item, "oneshot": _check_play_one_shot, "enhancer": _check_play_enhancer,
    "wandering": _check_play_wandering, "level_up": _check_play_level_up,
    "item_enhancer": _check_play_item_enhancer,
}


def _take_from_hand_or_table(tx: Tx, player: Player, uid: str) -> None:
    """Take a card to play or sell; enhancers on an item taken from the table are discarded."""
    if uid in player.hand:
        player.hand.remove(uid)
    else:
        for extra in ch.remove_from_play(tx.s, player, uid)[1:]:
            tx.discard(extra)
    player.fresh.pop(uid, None)


def do_play_card(tx: Tx, a: PlayCard) -> None:
    state = tx.s
    player = state.player(a.actor)
    card = state.card(a.card)
    _take_from_hand_or_table(tx, player, a.card)
    tx.emit("card_played", player=a.actor, card=card.id, uid=a.card, target=a.target_player,
            monster=state.card_ids.get(a.target_monster or "", None))
    own_play = _own_play(state, card)
    if not card.automated or (card.play is not None and own_play is None):
        tx.emit("card_not_automated", player=a.actor, card=card.id)
    changes_combat = state.combat is not None and state.combat.stage == "fight"
    kind = card.kind
    if own_play is not None:
        own_play.do(tx, player, a)
    elif kind == "monster":
        cb.add_monster(tx, a.card, a.actor, followed=True)
    elif kind in ("curse", "trap"):
        _cast_curse(tx, a.card, state.player(a.target_player or a.actor))
    elif kind == "effect":
        tx.s.resolving.append(a.card)
        apply_effects(tx, state.player(a.target_player or a.actor), list(card.effects), a.card, finish="discard")
    elif kind in hooks.ZONE_OF:
        getattr(player, hooks.ZONE_OF[kind]).append(a.card)
        changes_combat = changes_combat and cb.in_combat(state, player.id)
    elif kind == "class":
        player.classes.append(a.card)
    elif kind == "race":
        player.races.append(a.card)
    elif kind == "super_munchkin":
        player.super_munchkin = a.card
        if a.with_card is not None:
            player.hand.remove(a.with_card)
            player.classes.append(a.with_card)
    elif kind == "half_breed":
        player.half_breed = a.card
    elif kind == "item":
        ch.place_item(state, player, a.card, on_follower=a.target_item)
        changes_combat = changes_combat and cb.in_combat(state, player.id)
    elif kind == "oneshot":
        _play_one_shot(tx, player, a)
    elif kind == "enhancer":
        monster = next(m for m in state.combat.monsters if m.uid == a.target_monster)  # type: ignore[union-attr]
        monster.enhancers.append(a.card)
    elif kind == "wandering":
        player.hand.remove(a.with_card)  # type: ignore[arg-type]
        tx.discard(a.card)
        cb.add_monster(tx, a.with_card, a.actor)  # type: ignore[arg-type]
    elif kind == "level_up":
        target = state.player(a.target_player or a.actor)
        ch.gain_levels(tx, target, 1, by_kill=card.reaches_level_10, source=card.id)
        tx.discard(a.card)
        if card.reaches_level_10:
            cb.check_winners(tx)
        changes_combat = changes_combat and cb.in_combat(state, target.id)
    elif kind == "item_enhancer":
        ch.item_in_play(player, a.target_item or "").enhancers.append(a.card)  # type: ignore[union-attr]
        changes_combat = changes_combat and cb.in_combat(state, player.id)
    if changes_combat and state.combat is not None and state.combat.stage == "fight":
        cb.reopen_window(tx, a.actor)


def _play_one_shot(tx: Tx, player: Player, a: PlayCard) -> None:
    state = tx.s
    combat = state.combat
    card = state.card(a.card)
    if card.effects:
        state.resolving.append(a.card)
        apply_effects(tx, state.player(a.target_player or a.actor), list(card.effects), a.card, finish="discard")
        return
    if card.run_bonus and _fleeing(state, player.id):
        combat.run_bonus[player.id] = combat.run_bonus.get(player.id, 0) + card.run_bonus  # type: ignore[union-attr]
        tx.discard(a.card)
        return
    if combat is None or combat.stage != "fight":
        ch.place_item(state, player, a.card)
        return
    if state.card(a.card).defeats_monster:
        monster = next(m for m in combat.monsters if m.uid == a.target_monster)
        combat.monsters.remove(monster)
        combat.defeated.append(monster)
        tx.discard(a.card)
        tx.emit("monster_defeated_without_kill", monster=state.card_ids[monster.uid], player=player.id)
        return
    combat.one_shots.append(PlayedOneShot(uid=a.card, side=a.side or "players"))


def _cast_curse(tx: Tx, uid: str, victim: Player) -> None:
    """A curse acts at once if it can; with nothing to hit it is discarded without effect."""
    tx.s.resolving.append(uid)
    tx.emit("curse_cast", card=tx.s.card_ids[uid], victim=victim.id)
    apply_effects(tx, victim, list(tx.s.card(uid).effects), uid, finish="stay")


# ====================================================================== items, selling, trading
def check_equip(state: GameState, a: Equip) -> None:
    player = state.player(a.actor)
    item = ch.item_in_play(player, a.card)
    if item is None or not _backpack_open_out_of_turn(state, player, item.uid, a.in_use):
        _require_turn(state, a.actor)
    if state.combat is not None:
        raise IllegalAction("in_combat")
    if item is None:
        raise IllegalAction("item_not_in_play", card=a.card)
    card = state.card(a.card)
    if item.in_use == a.in_use:
        raise IllegalAction("already_so", card=card.id)
    if a.in_use:
        if card.kind != "item":
            raise IllegalAction("not_usable", card=card.id)
        if ch.cheated(state, item):       # Schummeln! lets it be used beyond any limit
            return
        if not ch.meets_restriction(state, player, card):
            raise IllegalAction("restricted", card=card.id, needs=list(card.usable_by))
        if not ch.slot_free(state, player, card, ignoring=a.card):
            raise IllegalAction("slot_full", card=card.id, slot=card.slot)


def _backpack_open_out_of_turn(state: GameState, player: Player, uid: str, in_use: bool) -> bool:
    """An item just received (a trade) may be put on at that moment (C l.272, C l.296), and to make
    room for it others may be put away then (C l.286 bars only taking items out of the backpack);
    Impossible bars backpack changes only in a combat or while running away, not out of turn
    (I l.195). Games begun before TRADED_ITEMS_LAID_OUT: only on your own turn."""
    if state.rules_version < TRADED_ITEMS_LAID_OUT:
        return False
    if rules_for(tuple(state.sets), state.options).backpack_out_of_turn or _is_fresh(state, player, uid):
        return True
    return not in_use and _fresh_item_waits(state, player)


def _fresh_item_waits(state: GameState, player: Player) -> bool:
    """An item just received lies in the player's backpack."""
    return any(not i.in_use and _is_fresh(state, player, i.uid) for i in player.items)


def do_equip(tx: Tx, a: Equip) -> None:
    item = ch.item_in_play(tx.s.player(a.actor), a.card)
    assert item is not None
    item.in_use = a.in_use
    tx.emit("item_equipped" if a.in_use else "item_to_backpack", player=a.actor, card=tx.s.card_ids[a.card])


_UID = attrgetter("uid")


def cards_in_play(player: Player) -> list[str]:
    """What a player has in play and may discard by choice (set rules aside)."""
    combo, half = player.super_munchkin, player.half_breed
    return [*map(_UID, player.items), *player.classes, *player.races, *((combo,) if combo else ()),
            *((half,) if half else ()), *player.loyalties, *player.trainings, *player.powers, *player.followers,
            *player.extras]


def check_discard(state: GameState, a: Discard) -> None:
    player = state.player(a.actor)
    if a.card not in cards_in_play(player):
        raise IllegalAction("card_not_in_play", card=a.card)
    hooks.check_voluntary_discard(state, a.card)


def do_discard(tx: Tx, a: Discard) -> None:
    player = tx.s.player(a.actor)
    for removed in ch.remove_from_play(tx.s, player, a.card):
        tx.discard(removed)
    tx.emit("card_discarded", player=a.actor, card=tx.s.card_ids[a.card])
    ch.after_losing_ability(tx, player)
    if tx.s.combat is not None and tx.s.combat.stage == "fight" and cb.in_combat(tx.s, a.actor):
        cb.reopen_window(tx, a.actor)


def _sale_value(state: GameState, player: Player, cards: Sequence[str]) -> int:
    """The gold of the cards sold. A halfling's most valuable item counts double once a turn."""
    total = 0
    values = []
    for uid in cards:
        if uid not in player.hand and ch.item_in_play(player, uid) is None:
            raise IllegalAction("card_not_yours", card=uid)
        card = state.card(uid)
        if card.kind not in ("item", "oneshot") or card.value <= 0:
            raise IllegalAction("not_sellable", card=card.id)
        values.append(card.value)
        total += card.value
    if _double_sale_available(state, player):
        total += max(values, default=0)
    return total


def _double_sale_available(state: GameState, player: Player) -> bool:
    return ab.has_ability(state, player, "double_sale") and "double_sale" not in player.used_this_turn


def check_sell(state: GameState, a: Sell) -> None:
    """Own turn, not in combat, at least 1000 gold for a level, no change given."""
    player = _require_turn(state, a.actor)
    if state.combat is not None:
        raise IllegalAction("in_combat")
    if state.phase == "charity":
        raise IllegalAction("wrong_phase", phase=state.phase)
    if not a.cards:
        raise IllegalAction("bad_sale")
    if len(set(a.cards)) != len(a.cards):
        raise IllegalAction("card_named_twice")
    total = _sale_value(state, player, a.cards)
    traded = [u for u in a.cards if u in player.traded]
    if traded:
        raise IllegalAction("traded_item_not_sellable_yet", card=state.card_ids[traded[0]])
    if total < SELL_UNIT:
        raise IllegalAction("sale_below_1000", value=total)
    if player.level >= ch.MAX_LEVEL - 1:
        raise IllegalAction("level_10_needs_kill")


def do_sell(tx: Tx, a: Sell) -> None:
    state = tx.s
    player = state.player(a.actor)
    total = _sale_value(state, player, a.cards)
    if _double_sale_available(state, player):
        player.used_this_turn.append("double_sale")
    for uid in a.cards:
        _take_from_hand_or_table(tx, player, uid)
        tx.discard(uid)
    tx.emit("items_sold", player=a.actor, cards=[state.card_ids[u] for u in a.cards], value=total)
    ch.gain_levels(tx, player, total // SELL_UNIT, by_kill=False, source="sale")
    ch.after_losing_ability(tx, player)


def check_offer_trade(state: GameState, a: OfferTrade) -> None:
    """A trade that could be made now, and not the same offer again while it is still open."""
    _check_trade(state, a)
    if any(_same_offer(d, a.to, a.give, a.want) and d.params["from"] == a.actor for d in state.decisions):
        raise IllegalAction("trade_already_offered", player=a.to)


def _same_offer(decision: Decision, to: str, give: Sequence[str], want: Sequence[str]) -> bool:
    """The open trade decision offers these items to this player (its offerer is asked by the caller)."""
    p = decision.params
    return (decision.kind == "trade" and decision.player == to
            and sorted(p["give"]) == sorted(give) and sorted(p["want"]) == sorted(want))


def _check_trade(state: GameState, a: OfferTrade) -> None:
    """Items in play only, each named once, any time but not while either side is in combat."""
    player = state.player(a.actor)
    if a.to == a.actor or not state.has_player(a.to):
        raise IllegalAction("bad_trade_partner")
    other = state.player(a.to)
    if not a.give and not a.want:
        raise IllegalAction("empty_trade")
    if len(set(a.give)) != len(a.give) or len(set(a.want)) != len(a.want):
        raise IllegalAction("card_named_twice")
    if cb.in_combat(state, a.actor) or cb.in_combat(state, a.to):
        raise IllegalAction("in_combat")
    for uid in a.give:
        _table_item(player, uid)
    for uid in a.want:
        _table_item(other, uid)
    big_in = sum(state.card(u).big for u in a.want) - sum(state.card(u).big for u in a.give)
    big_out = -big_in
    if big_in > 0 and not ch.can_carry_big(state, player, big_in):
        raise IllegalAction("too_many_big_items", player=player.id)
    if big_out > 0 and not ch.can_carry_big(state, other, big_out):
        raise IllegalAction("too_many_big_items", player=other.id)


def do_offer_trade(tx: Tx, a: OfferTrade) -> None:
    open_decision(tx, a.to, "trade", ["accept", "decline"], default="decline", blocking=False,
                  params={"from": a.actor, "give": list(a.give), "want": list(a.want)})


def _complete_trade(tx: Tx, params: dict) -> None:
    state = tx.s
    offer = OfferTrade(actor=params["from"], to=params["to"], give=tuple(params["give"]), want=tuple(params["want"]))
    _check_trade(state, offer)
    giver, taker = state.player(offer.actor), state.player(offer.to)
    # items given for nothing in return are a gift, no trade (I l.205 "ohne Handel"): sellable at once
    gift = not (offer.give and offer.want) and state.rules_version >= GIFTS_SELLABLE_AT_ONCE
    unsellable = rules_for(tuple(state.sets), state.options).traded_items_unsellable and not gift
    laid_out = state.rules_version >= TRADED_ITEMS_LAID_OUT
    for uid, src, dst in [(u, giver, taker) for u in offer.give] + [(u, taker, giver) for u in offer.want]:
        if laid_out:    # laid out at once, in use where it fits, and may be put on now (C l.296, I l.203)
            ch.hand_over_item(state, src, dst, uid)
            dst.fresh[uid] = state.turn
        else:
            ch.move_item(state, src, dst, uid)
        if unsellable:   # Impossible: not before the new owner's next turn
            dst.traded.append(uid)
    tx.emit("trade_done", player=giver.id, to=taker.id, give=[state.card_ids[u] for u in offer.give],
            want=[state.card_ids[u] for u in offer.want])


# ====================================================================== help
def check_ask_help(state: GameState, a: AskHelp) -> None:
    _fight_stage(state)
    combat = state.combat
    assert combat is not None
    if combat.fighter != a.actor:
        raise IllegalAction("not_the_fighter")
    _check_help_open(state)
    if a.helper == a.actor or not state.has_player(a.helper):
        raise IllegalAction("bad_helper")
    if a.treasures < 0:
        raise IllegalAction("bad_bribe")
    player = state.player(a.actor)
    for uid in a.items:
        _table_item(player, uid)


def _check_help_open(state: GameState) -> None:
    combat = state.combat
    assert combat is not None
    if combat.helper is not None:
        raise IllegalAction("already_helped")
    if any(d.kind in ("help", "help_offer") for d in state.decisions):
        raise IllegalAction("help_pending")


def do_ask_help(tx: Tx, a: AskHelp) -> None:
    open_decision(tx, a.helper, "help", ["accept", "decline"], default="decline", params={
        "fighter": a.actor, "items": list(a.items), "treasures": a.treasures, "helper_first": a.helper_first,
    })


def check_offer_help(state: GameState, a: OfferHelp) -> None:
    _fight_stage(state)
    if state.combat.fighter == a.actor:  # type: ignore[union-attr]
        raise IllegalAction("bad_helper")
    _check_help_open(state)
    if a.treasures < 0:
        raise IllegalAction("bad_bribe")


def do_offer_help(tx: Tx, a: OfferHelp) -> None:
    fighter = tx.s.combat.fighter  # type: ignore[union-attr]
    open_decision(tx, fighter, "help_offer", ["accept", "decline"], default="decline", params={
        "helper": a.actor, "items": [], "treasures": a.treasures, "helper_first": a.helper_first,
    })


def _join_as_helper(tx: Tx, helper_id: str, params: dict) -> None:
    state = tx.s
    combat = state.combat
    assert combat is not None
    fighter = state.player(combat.fighter)
    helper = state.player(helper_id)
    for uid in params["items"]:
        if ch.item_in_play(fighter, uid) and (not state.card(uid).big or ch.can_carry_big(state, helper)):
            ch.move_item(state, fighter, helper, uid)
            tx.emit("item_given", player=fighter.id, to=helper_id, card=state.card_ids[uid])
    combat.helper = helper_id
    combat.bribe = Bribe(treasures=params["treasures"], helper_first=params["helper_first"])
    tx.emit("helper_joined", fighter=fighter.id, helper=helper_id, treasures=params["treasures"])
    cb.reopen_window(tx, None)


# ====================================================================== window and decisions
def check_pass(state: GameState, a: Pass) -> None:
    _fight_stage(state)
    combat = state.combat
    assert combat is not None
    if a.window != combat.window:
        raise IllegalAction("stale_prompt")
    if a.actor in combat.passed:
        raise IllegalAction("already_passed")


def do_pass(tx: Tx, a: Pass) -> None:
    tx.s.combat.passed.append(a.actor)  # type: ignore[union-attr]
    tx.emit("passed", player=a.actor, window=a.window)


def _decision_for(state: GameState, actor: str, decision_id: int) -> Decision:
    decision = state.decision(decision_id)
    if decision is None:
        raise IllegalAction("stale_prompt")
    if decision.player != actor:
        raise IllegalAction("not_your_decision", player=decision.player)
    return decision


def check_decide(state: GameState, a: Decide) -> None:
    decision = _decision_for(state, a.actor, a.decision)
    if a.option not in decision.options:
        raise IllegalAction("bad_option", option=a.option)
    if decision.kind == "charity_give" and not _charity_allows(state, a.option):
        raise IllegalAction("charity_uneven")
    if decision.kind == "trade" and a.option == "accept":
        p = decision.params
        # made from the decision's own stored ids (validated when the offer came in), not from outside
        _check_trade(state, OfferTrade(actor=p["from"], to=decision.player, give=tuple(p["give"]),
                                       want=tuple(p["want"])))


def do_decide(tx: Tx, a: Decide) -> None:
    decision = tx.s.decision(a.decision)
    assert decision is not None
    _resolve_decision(tx, decision, a.option)


def check_timeout(state: GameState, a: Timeout) -> None:
    if a.turn is not None:
        if a.turn != state.turn or not _turn_step_available(state):
            raise IllegalAction("stale_prompt")
        return
    if a.decision is not None:
        if state.decision(a.decision) is None:
            raise IllegalAction("stale_prompt")
        return
    if state.combat is None or state.combat.stage != "fight" or a.window != state.combat.window:
        raise IllegalAction("stale_prompt")
    if _all_passed(state, state.combat):
        raise IllegalAction("stale_prompt")     # everyone has passed: the window waits on a decision


def do_timeout(tx: Tx, a: Timeout) -> None:
    if a.turn is not None:
        _turn_timer_step(tx)
        return
    if a.decision is not None:
        decision = tx.s.decision(a.decision)
        assert decision is not None
        tx.emit("decision_timed_out", decision=decision.id, player=decision.player, option=decision.default)
        _resolve_decision(tx, decision, decision.default)
        return
    combat = tx.s.combat
    assert combat is not None
    tx.emit("window_timed_out", window=combat.window, silent=[p.id for p in tx.s.players if p.id not in combat.passed])
    combat.passed = [p.id for p in tx.s.players]


def _turn_step_available(state: GameState) -> bool:
    combat = state.combat
    window_open = combat is not None and combat.stage == "fight" and not _all_passed(state, combat)
    return _blocking(state) is not None or window_open or (combat is None and state.phase in ("start", "trouble",
                                                                                                  "after"))


def _all_passed(state: GameState, combat: Combat) -> bool:
    """Every seated player has passed the fight's window (asked after every step of a fight)."""
    passed = combat.passed
    for player in state.players:     # noqa: SIM110  (a plain loop: a third of all() with a generator)
        if player.id not in passed:
            return False
    return True


def _turn_timer_step(tx: Tx) -> None:
    """The turn timer ran out: the least harmful step that moves the turn on. Owed decisions take
    their defaults, an open window closes, the door is kicked open (it must be), looking for trouble
    is skipped in favour of looting, and the turn ends (charity by its defaults)."""
    state = tx.s
    player = state.active_player
    tx.emit("turn_timed_out", player=player.id, turn=state.turn, phase=state.phase)
    blocking = _blocking(state)
    if blocking is not None:
        tx.emit("decision_timed_out", decision=blocking.id, player=blocking.player, option=blocking.default)
        _resolve_decision(tx, blocking, blocking.default)
    elif state.combat is not None and state.combat.stage == "fight":
        state.combat.passed = [p.id for p in state.players]
    elif state.phase == "start":
        do_kick_door(tx, KickDoor(actor=player.id))
    elif state.phase == "trouble":
        do_loot_room(tx, LootRoom(actor=player.id))
    elif state.phase == "after":
        do_end_turn(tx, EndTurn(actor=player.id))


def _resolve_decision(tx: Tx, decision: Decision, option: str) -> None:
    state = tx.s
    state.decisions.remove(decision)
    player = state.player(decision.player)
    kind, p = decision.kind, decision.params
    tx.emit("decided", decision=decision.id, player=player.id, kind=kind,
            option=option if kind not in ("charity_discard", "charity_give") else None)
    if kind == "choose_loss":
        resume_effects(tx, player, option, p)
    elif kind == "excess_big":
        ch.give_away_big_item(tx, player, option)
    elif kind == "help" and option == "accept":
        _join_as_helper(tx, player.id, p)
    elif kind == "help_offer" and option == "accept":
        _join_as_helper(tx, p["helper"], p)
    elif kind == "trade" and option == "accept":
        _complete_trade(tx, {**p, "to": player.id})
    elif kind == "run_away":
        cb.run_from(tx, player.id, option)
    elif kind == "set_die":
        cb.set_die(tx, player.id, option, p)
    elif kind == "treasure_pick":
        cb.take_reward(tx, player.id, [option])
    elif kind == "corpse_pick":
        corpse = state.corpses[0]
        corpse.cards.remove(option)
        corpse.next += 1
        player.hand.append(option)
        player.fresh[option] = _loot_fresh_until(state)
        tx.emit("corpse_looted", player=player.id, owner=corpse.owner, card=state.card_ids[option])
    elif kind == "charity_give":
        uid, to = option.split(">")
        player.hand.remove(uid)
        state.player(to).hand.append(uid)
        state.charity.given[to] = state.charity.given.get(to, 0) + 1  # type: ignore[union-attr]
        tx.emit("charity_given", player=player.id, to=to)
        tx.emit("cards_received", audience=to, player=to, cards=[state.card_ids[uid]], uids=[uid])
    elif kind in DECISIONS:
        DECISIONS[kind](tx, player, option)
    elif kind == "charity_discard":
        player.hand.remove(option)
        tx.discard(option)
        state.charity.given[""] = state.charity.given.get("", 0) + 1  # type: ignore[union-attr]
        tx.emit("charity_discarded", player=player.id, card=state.card_ids[option])


# ====================================================================== abilities
def check_use_ability(state: GameState, a: UseAbility) -> None:
    player = state.player(a.actor)
    if a.card not in ch.owned_in_play(player):
        raise IllegalAction("card_not_in_play", card=a.card)
    if a.ability not in state.card(a.card).abilities or a.ability not in ab.ABILITIES:
        raise IllegalAction("no_such_ability", ability=a.ability)
    ability = ab.ABILITIES[a.ability]
    if ability.check is None:
        raise IllegalAction("ability_works_by_itself", ability=a.ability)
    if a.card in player.classes and ch.class_abilities_blocked(state, player):
        raise IllegalAction("class_abilities_blocked")
    ability.check(state, player, ab.Use(a.actor, a.card, a.ability, tuple(a.discard), a.target_player))


def do_use_ability(tx: Tx, a: UseAbility) -> None:
    state = tx.s
    player = state.player(a.actor)
    for uid in a.discard:
        if uid in player.hand:
            player.hand.remove(uid)
            tx.discard(uid)
        else:
            lose_card(tx, player, uid, a.card)
    tx.emit("ability_used", player=a.actor, card=state.card_ids[a.card], ability=a.ability,
            discarded=[state.card_ids[u] for u in a.discard], target=a.target_player)
    effect = ab.ABILITIES[a.ability].effect
    assert effect is not None, a.ability       # check_ability refuses an ability with no effect of its own
    effect(tx, player, ab.Use(a.actor, a.card, a.ability, tuple(a.discard), a.target_player))
    if state.combat is not None and state.combat.stage == "fight":
        cb.reopen_window(tx, a.actor)


# ====================================================================== Impossible's claim
CLAIMABLE = ("class", "loyalty", "super_munchkin", "extra_loyalty")


def check_claim(state: GameState, a: Claim) -> None:
    """Impossible, "Schnelleres Spiel": whoever discards a go-up-a-level card first takes it (the
    rulebook rolls dice between simultaneous claims; here the first claim to arrive wins)."""
    if not (state.options.faster_play and "impossible" in state.sets):
        raise IllegalAction("claim_needs_faster_impossible")
    player = state.player(a.actor)
    _in_hand(state, player, a.card)
    if state.card(a.card).kind != "level_up":
        raise IllegalAction("claim_needs_level_card")
    if not state.door_discard or state.card(state.door_discard[-1]).kind not in CLAIMABLE:
        raise IllegalAction("nothing_to_claim")


def do_claim(tx: Tx, a: Claim) -> None:
    state = tx.s
    player = state.player(a.actor)
    claimed = state.door_discard.pop()
    player.hand.remove(a.card)
    tx.discard(a.card)
    player.hand.append(claimed)
    player.fresh[claimed] = state.turn
    tx.emit("card_claimed", player=a.actor, card=state.card_ids[claimed], paid=state.card_ids[a.card])


# ====================================================================== followers
def check_sacrifice(state: GameState, a: Sacrifice) -> None:
    combat = state.combat
    if combat is None or combat.stage != "run":
        raise IllegalAction("no_lost_combat")
    if a.actor != combat.fighter or a.actor not in combat.run_queue:
        raise IllegalAction("not_fleeing")
    if a.card not in state.player(a.actor).followers:
        raise IllegalAction("needs_own_follower")
    hooks.check_sacrifice(state, a.card)


def do_sacrifice(tx: Tx, a: Sacrifice) -> None:
    state = tx.s
    combat = state.combat
    assert combat is not None
    player = state.player(a.actor)
    player.followers.remove(a.card)
    tx.discard(a.card)
    for item in [i for i in player.items if i.on_follower == a.card]:   # its items go with it
        for uid in ch.remove_from_play(state, player, item.uid):
            tx.discard(uid)
    escaping = [a.actor] + ([combat.helper] if combat.helper and a.helper_escapes else [])
    for pid in escaping:
        if pid in combat.run_queue:
            combat.run_queue.remove(pid)
    state.decisions = [d for d in state.decisions if not (d.kind == "run_away" and d.player in escaping)]
    tx.emit("follower_sacrificed", player=a.actor, card=state.card_ids[a.card], escaped=escaping)


# ====================================================================== leaving
def check_leave(state: GameState, a: Leave) -> None:
    """Anyone seated may leave at any time."""


def do_leave(tx: Tx, a: Leave) -> None:
    state = tx.s
    leaver = state.player(a.actor)
    index = state.players.index(leaver)
    was_active = index == state.active
    tx.emit("player_left", player=leaver.id)
    _drop_decisions_of(tx, leaver.id)
    combat = state.combat
    if combat is not None:
        if combat.fighter == leaver.id:
            cb.finish_combat(tx)        # the fight ends: no reward, no bad stuff
        elif combat.helper == leaver.id:
            combat.helper = None
            combat.bribe = Bribe()
            if combat.stage == "fight":
                cb.reopen_window(tx, None)
        if state.combat is not None and leaver.id in state.combat.run_queue:
            state.combat.run_queue.remove(leaver.id)
    if state.charity is not None:
        state.charity = None            # charity starts afresh among the players left
        state.decisions = [d for d in state.decisions if not d.kind.startswith("charity")]
    for uid in [*leaver.hand, *ch.owned_in_play(leaver), *leaver.curses]:
        tx.discard(uid)
    state.players.remove(leaver)
    if len(state.players) < 2:
        state.phase = "over"
        state.ended_reason = "abandoned"
        tx.emit("game_abandoned", players=[p.id for p in state.players])
        return
    if was_active:
        state.active = (index - 1) % len(state.players)
        state.turn_passes = True
    elif index < state.active:
        state.active -= 1


def _drop_decisions_of(tx: Tx, player_id: str) -> None:
    """Decisions the leaver owed, and offers the leaver made, are withdrawn."""
    state = tx.s
    for decision in list(state.decisions):
        p = decision.params
        made_by_leaver = p.get("from") == player_id or p.get("helper") == player_id
        if decision.player != player_id and not made_by_leaver:
            continue
        state.decisions.remove(decision)
        if decision.kind == "choose_loss" and p["source"] in state.resolving:
            state.resolving.remove(p["source"])
            tx.discard(p["source"])


# ====================================================================== the flow
def advance(tx: Tx) -> None:
    """Let the game go on until it waits for somebody."""
    state = tx.s
    for _ in range(10_000):
        if state.phase == "over":
            return
        hooks.after_each_step(tx)
        if state.phase == "over":
            return
        _prune_decisions(tx)
        if _blocking(state):
            return
        combat = state.combat
        if state.corpses and (combat is None or state.rules_version < LOOTING_AFTER_THE_COMBAT):
            _corpse_step(tx)
            continue
        if combat is not None:
            if combat.stage == "fight":
                if not _all_passed(state, combat):
                    return
                cb.resolve(tx)
            elif combat.stage == "run":
                cb.run_step(tx)
            else:
                cb.reward_step(tx)
            continue
        if state.turn_passes:
            _next_turn(tx)
            continue
        if state.phase == "charity" and _charity_step(tx):
            continue
        return
    raise AssertionError("the game flow did not settle")


def _prune_decisions(tx: Tx) -> None:
    """Options whose cards moved away meanwhile are dropped; a decision left with none ends."""
    state = tx.s
    if not state.decisions:             # after most steps
        return
    for decision in list(state.decisions):
        if decision.kind in ("charity_give", "charity_discard"):
            player = state.player(decision.player)
            keep = [o for o in decision.options if o.split(">")[0] in player.hand]
        elif decision.kind in ("choose_loss", "excess_big", "drop_follower", "drop_power", "drop_class", "drop_race",
                               "drop_loyalty", "drop_training"):
            player = state.player(decision.player)
            in_play = set(ch.owned_in_play(player)) | set(player.curses)
            keep = [o for o in decision.options if o in in_play]
        else:
            continue
        if keep == decision.options:
            continue
        decision.options = keep
        if decision.default not in keep and keep:
            decision.default = keep[0]
        if not keep:
            state.decisions.remove(decision)
            if decision.kind == "choose_loss":
                p = decision.params
                apply_effects(tx, player, [Effect.model_validate(e) for e in p["remaining"]], p["source"], p["finish"])


def _corpse_step(tx: Tx) -> None:
    state = tx.s
    corpse = state.corpses[0]
    while corpse.next < len(corpse.order) and corpse.cards:
        picker = corpse.order[corpse.next]
        if state.has_player(picker):
            open_decision(tx, picker, "corpse_pick", list(corpse.cards), params={"owner": corpse.owner})
            return
        corpse.next += 1
    for uid in corpse.cards:
        tx.discard(uid)
    tx.emit("corpse_discarded", owner=corpse.owner, count=len(corpse.cards))
    state.corpses.pop(0)


def _loot_fresh_until(state: GameState) -> int:
    """The last turn a looted card may still be laid out as just received. Looted cards go into the
    hand or down at once (C l.246); when the dead player was on turn, the turn passes right after the
    looting (C l.248), so the moment lasts into the next turn. Games begun before
    LOOTING_AFTER_THE_COMBAT: this turn only."""
    if state.turn_passes and state.rules_version >= LOOTING_AFTER_THE_COMBAT:
        return state.turn + 1
    return state.turn


def _charity_allowed_recipients(state: GameState) -> list[str]:
    charity = state.charity
    assert charity is not None
    n = len(charity.recipients)
    base, extra = divmod(charity.excess, n)
    at_extra = sum(1 for r in charity.recipients if charity.given.get(r, 0) > base)
    return [r for r in charity.recipients
            if charity.given.get(r, 0) < base or (charity.given.get(r, 0) == base and at_extra < extra)]


def _charity_allows(state: GameState, option: str) -> bool:
    return option.split(">")[1] in _charity_allowed_recipients(state)


def _charity_step(tx: Tx) -> bool:
    """Phase 4: more than the hand limit goes to the lowest-level player(s), split as evenly as
    possible with the giver choosing who gets more; the lowest-level player discards instead."""
    state = tx.s
    player = state.active_player
    if state.charity is None:
        excess = len(player.hand) - ch.hand_limit(state, player)
        if excess <= 0:
            _next_turn(tx)
            return True
        others = [p for p in state.players if p.id != player.id]
        lowest = min(p.level for p in others)
        recipients = [] if player.level <= lowest else [p.id for p in others if p.level == lowest]
        state.charity = Charity(giver=player.id, recipients=recipients, excess=excess)
        tx.emit("charity_started", player=player.id, excess=excess, recipients=recipients)
    charity = state.charity
    if sum(charity.given.values()) >= charity.excess or not player.hand:
        _next_turn(tx)
        return True
    if not charity.recipients:
        open_decision(tx, player.id, "charity_discard", list(player.hand))
    else:
        allowed = _charity_allowed_recipients(state)
        open_decision(tx, player.id, "charity_give", [f"{u}>{r}" for u in player.hand for r in allowed])
    return False


def _next_turn(tx: Tx) -> None:
    state = tx.s
    if state.turn_passes:       # (each assignment to a state field costs a pydantic call: only changes)
        state.turn_passes = False
    if state.charity is not None:
        state.charity = None
    turn = state.turn = state.turn + 1
    state.active = (state.active + 1) % len(state.players)
    for player in state.players:
        fresh = player.fresh
        if fresh:
            for uid in [u for u, t in fresh.items() if t < turn]:
                del fresh[uid]
    _begin_turn(tx)


def _begin_turn(tx: Tx) -> None:
    """A dead character draws a new starting hand now; with faster play, listen at the door."""
    state = tx.s
    state.phase = "start"
    player = state.active_player
    player.traded.clear()
    player.used_this_turn.clear()
    tx.emit("turn_started", player=player.id, turn=state.turn)
    rules = rules_for(tuple(state.sets), state.options)
    if player.needs_new_hand:
        player.needs_new_hand = False
        tx.draw_to_hand(player.id, "door", rules.starting_doors, fresh_until=state.turn)
        tx.draw_to_hand(player.id, "treasure", rules.starting_treasures, fresh_until=state.turn)
    if rules.listen_at_door:
        tx.emit("listened_at_door", player=player.id)
        tx.draw_to_hand(player.id, "door", 1, fresh_until=state.turn)


# ====================================================================== dispatch
CHECKS: dict[type, Callable] = {
    KickDoor: check_kick_door, LookForTrouble: check_look_for_trouble, LootRoom: check_loot_room,
    EndTurn: check_end_turn, PlayCard: check_play_card, Equip: check_equip, Discard: check_discard,
    Sell: check_sell, OfferTrade: check_offer_trade, AskHelp: check_ask_help, OfferHelp: check_offer_help,
    Pass: check_pass, Decide: check_decide, Timeout: check_timeout, Leave: check_leave,
    Sacrifice: check_sacrifice, UseAbility: check_use_ability, Claim: check_claim,
}
EXECUTE: dict[type, Callable] = {
    KickDoor: do_kick_door, LookForTrouble: do_look_for_trouble, LootRoom: do_loot_room,
    EndTurn: do_end_turn, PlayCard: do_play_card, Equip: do_equip, Discard: do_discard,
    Sell: do_sell, OfferTrade: do_offer_trade, AskHelp: do_ask_help, OfferHelp: do_offer_help,
    Pass: do_pass, Decide: do_decide, Timeout: do_timeout, Leave: do_leave,
    Sacrifice: do_sacrifice, UseAbility: do_use_ability, Claim: do_claim,
}


# ====================================================================== prompts
def open_prompts(state: GameState) -> list[tuple[str, list[str]]]:
    """What the game waits for now: ("window:ID", players who have not passed) and
    ("decision:ID", [the player who owes it]). The table puts a deadline on each."""
    if state.phase == "over":
        return []
    prompts: list[tuple[str, list[str]]] = []
    combat = state.combat
    if combat is not None and combat.stage == "fight":
        prompts.append((f"window:{combat.window}", [p.id for p in state.players if p.id not in combat.passed]))
    prompts += [(f"decision:{d.id}", [d.player]) for d in state.decisions]
    prompts.append((f"turn:{state.turn}", [state.active_player.id]))
    return prompts


def window_plays(state: GameState, player_id: str) -> list[PlayCard]:
    """The cards a player could play into the open combat: one-shots, enhancers, monsters joining,
    and curses on a fighter (auto-pass waits only while one of these is in hand)."""
    combat = state.combat
    if combat is None or combat.stage != "fight":
        return []
    fighters = {combat.fighter, combat.helper}
    return [a for a in legal_actions(state, player_id) if isinstance(a, PlayCard) and (
        state.card(a.card).kind in ("oneshot", "enhancer", "wandering", "monster")
        or (state.card(a.card).kind == "curse" and a.target_player in fighters))]


def timeout_for(target: str) -> Timeout:
    kind, _, number = target.partition(":")
    if kind == "window":
        return Timeout(actor=SYSTEM, window=int(number))
    if kind == "turn":
        return Timeout(actor=SYSTEM, turn=int(number))
    return Timeout(actor=SYSTEM, decision=int(number))


# ====================================================================== legal actions
def legal_actions(state: GameState, player_id: str) -> list[Action]:
    """Every legal move of this player now. Moves with free-form parameters are listed in their
    useful forms: sales as the smallest sets of cards worth each level, trades as one item for one
    item, help requests with no bribe, half the treasure, or all of it."""
    if state.phase == "over" or not state.has_player(player_id):
        return []
    return _listing(state, state.player(player_id), _Shared(state))


def legal_actions_of_all(state: GameState) -> dict[str, list[Action]]:
    """Every seated player's legal_actions (the same moves in the same order), listed in one pass:
    what the players' lists have in common is worked out once (the state does not change meanwhile)."""
    if state.phase == "over":
        return {p.id: [] for p in state.players}
    shared = _Shared(state)
    return {p.id: _listing(state, p, shared) for p in state.players}


def _listing(state: GameState, player: Player, shared: _Shared) -> list[Action]:
    """The player's moves in their fixed order (the random players pick by index): decisions, the
    fight's pass and help, abilities, the turn's own moves, card plays, discards, sacrifices, a claim,
    trades. Each group appends what it made to ``moves``; a move that its making does not already
    make legal is appended only if it passes the part of validate still open."""
    moves: list[Action] = []
    pid = player.id
    if pid in shared.decisions:
        _list_decisions(moves, state, pid)
    if shared.fight:
        combat = state.combat
        assert combat is not None                   # shared.fight: there is a fight
        if pid not in combat.passed:
            moves.append(_PASS(pid, combat.window))
        if shared.help_open():
            _list_help(moves, state, pid, shared)
    if shared.ability_cards:                        # none in some sets (Cthulhu)
        _list_abilities(moves, state, player, shared)
    if shared.turn_owner == pid:
        _list_turn_moves(moves, state, player, shared)
    elif player.items and shared.turn_owner is not None and state.rules_version >= TRADED_ITEMS_LAID_OUT:
        _list_backpack_out_of_turn(moves, state, player)
    _list_card_plays(moves, state, player, shared)
    in_play = cards_in_play(player)
    if in_play:
        key = (pid, *in_play)
        found = shared.known_discards.get(key)
        moves += shared.game.discards(key, in_play) if found is None else found
    if shared.runner == pid:
        for uid in player.followers:
            _append_if_legal(moves, state, _SACRIFICE(pid, uid))
    if shared.claimable:
        # each go-up-a-level card may pay (which one goes to the discard pile differs): everything
        # check_claim asks, made so
        moves += [_CLAIM(pid, uid) for uid in player.hand if shared.card(uid).kind == "level_up"]
    if pid not in shared.fighting:                  # nobody in the combat trades
        _list_trades(moves, state, player, shared)
    return moves


SHARED_LIMIT = 4_096      # moves of one form remembered (bounded memory): the least recently listed go


def _listed(cls: type[A], *names: str) -> Callable[..., A]:
    """``make(*values)``: the move of this class with these fields' values, in this order. A move is
    listed again after every action (the same passes, the same curses on the same players): the same
    values give the very same move, looked up for a fraction of making it."""
    @lru_cache(maxsize=SHARED_LIMIT)
    def make(*values: object) -> A:
        return cls(**dict(zip(names, values, strict=True)))
    return make


# the forms the listing makes by the thousand, each a function of its fields' values in this order
_DECIDE = _listed(Decide, "actor", "decision", "option")
_KICK_DOOR = _listed(KickDoor, "actor")
_LOOT_ROOM = _listed(LootRoom, "actor")
_END_TURN = _listed(EndTurn, "actor")
_LOOK_FOR_TROUBLE = _listed(LookForTrouble, "actor", "card")
_PASS = _listed(Pass, "actor", "window")
_OFFER_HELP = _listed(OfferHelp, "actor", "treasures")
_ASK_HELP = _listed(AskHelp, "actor", "helper", "treasures")
_EQUIP = _listed(Equip, "actor", "card", "in_use")
_DISCARD = _listed(Discard, "actor", "card")
_SACRIFICE = _listed(Sacrifice, "actor", "card")
_CLAIM = _listed(Claim, "actor", "card")
_OFFER = _listed(OfferTrade, "actor", "to", "give", "want")
_PLAY = _listed(PlayCard, "actor", "card")
_PLAY_ON_PLAYER = _listed(PlayCard, "actor", "card", "target_player")
_PLAY_ON_MONSTER = _listed(PlayCard, "actor", "card", "target_monster")
_PLAY_FOR_SIDE = _listed(PlayCard, "actor", "card", "side")
_PLAY_WITH = _listed(PlayCard, "actor", "card", "with_card")
_PLAY_ON_ITEM = _listed(PlayCard, "actor", "card", "target_item")


_ID = attrgetter("id")


class _Game:
    """What the listing keeps of one game between its listings, found by the game's card table
    (state.card_ids, made at setup and shared by every copy of the state, never changed): each card
    by uid, and what the listing made for a table of items or a player's cards in play, looked up
    when they come again (they change far less often than the listing runs)."""

    __slots__ = ("_asks", "_on_players", "_sales", "_tables", "ability_cards", "card_ids", "cards", "catalog",
                 "discardable", "known_discards", "room_for_one")

    def __init__(self, state: GameState) -> None:
        sets = tuple(state.sets)
        self.card_ids = state.card_ids          # kept alive with this: no other table gets its id()
        self.catalog = state.cards()
        self.cards = {uid: self.catalog[design] for uid, design in state.card_ids.items()}
        self.ability_cards = cards_with_abilities(sets)
        self.discardable = hooks.discard_filter(state)
        # no card lowers the big-item allowance (ch.big_item_allowance): it is 1 or more for everyone
        self.room_for_one = all(card.extra_big_items >= 0 for card in self.catalog.values())
        self._tables: dict[tuple, _Table] = {}
        self.known_discards: dict[tuple, list[Discard]] = {}
        self._on_players: dict[tuple, list[PlayCard]] = {}
        self._sales: dict[tuple, list[Sell]] = {}
        self._asks: dict[tuple, list[AskHelp]] = {}

    def table(self, rows: tuple) -> _Table:
        found = self._tables.get(rows)
        if found is None:
            if len(self._tables) >= _KEPT_PER_GAME:
                self._tables.clear()
            found = self._tables[rows] = _Table(self.cards, rows, self.room_for_one)
        return found

    def on_players(self, pid: str, uid: str, targets: tuple[str, ...]) -> list[PlayCard]:
        """The card played on each of these players: all a curse, trap or effect asks of its target
        is that it is seated (_check_play_curse, _check_play_effect)."""
        key = (pid, uid, targets)
        found = self._on_players.get(key)
        if found is None:
            if len(self._on_players) >= _KEPT_PER_GAME:
                self._on_players.clear()
            found = self._on_players[key] = [_PLAY_ON_PLAYER(pid, uid, target) for target in targets]
        return found

    def sales(self, state: GameState, player: Player) -> list[Sell]:
        """The player's _sale_candidates, made once for the cards in hand and on the table (and
        whether an item counts twice)."""
        key = (player.id, _double_sale_available(state, player), *player.hand, None, *map(_UID, player.items))
        found = self._sales.get(key)
        if found is None:
            if len(self._sales) >= _KEPT_PER_GAME:
                self._sales.clear()
            found = self._sales[key] = list(_sale_candidates(state, player, self.catalog))
        return found

    def asks(self, pid: str, total: int, others: tuple[str, ...]) -> list[AskHelp]:
        """The fighter's requests for help of each other player, bribed with no treasure, half the
        fight's ``total`` treasures or all of them: all check_ask_help asks once help is open."""
        key = (pid, total, others)
        found = self._asks.get(key)
        if found is None:
            if len(self._asks) >= _KEPT_PER_GAME:
                self._asks.clear()
            shares = sorted({0, total // 2, total})
            found = self._asks[key] = [_ASK_HELP(pid, other, share) for other in others if other != pid
                                       for share in shares]
        return found

    def discards(self, key: tuple[str, ...], in_play: list[str]) -> list[Discard]:
        """The player's discards of the cards in play (``key``: the player and these cards), made once:
        all check_discard asks (a Kultist card is kept). The listing looks them up in ``known_discards``
        first."""
        if len(self.known_discards) >= _KEPT_PER_GAME:
            self.known_discards.clear()
        found = self.known_discards[key] = [_DISCARD(key[0], uid) for uid in self.discardable(in_play)]
        return found


_GAMES: dict[int, _Game] = {}
_GAMES_KEPT = 64        # games whose listings are remembered at once (the table serves many)
# what a game remembers of each kind before it starts afresh: what was listed comes back within a few
# moves (a trade undone, a fight over), and tables of items kept all game long cost megabytes a game
_KEPT_PER_GAME = 16


def _game(state: GameState) -> _Game:
    """The game's listing store; the least recently listed game's is dropped to make room: a table of
    more than _GAMES_KEPT games keeps the stores of those being played, not of those waiting for days."""
    key = id(state.card_ids)
    game = _GAMES.pop(key, None)        # put back last: the dict's order is the order of use
    if game is None or game.card_ids is not state.card_ids:
        if len(_GAMES) >= _GAMES_KEPT:
            del _GAMES[next(iter(_GAMES))]
        game = _Game(state)
    _GAMES[key] = game
    return game


class _Table:
    """The items on the table (each player's by uid) and what the listing takes from them: how many
    big items each player has, the one-shots lying there, and each player's trade offers while these
    players fight (_list_trades), made on first use."""

    __slots__ = ("big", "big_count", "items", "one_shots", "short_of_room", "trades")

    def __init__(self, cards: dict[str, Card], rows: tuple[tuple[str, tuple[str, ...]], ...],
                 room_for_one: bool) -> None:
        self.items = dict(rows)                     # each player's items by uid, the players in their order
        self.big: dict[str, bool] = {}              # whether each item is big
        self.big_count: dict[str, int] = {}         # the players with a big item: how many each
        self.one_shots: dict[str, list[tuple[str, Card]]] = {}
        for pid, uids in rows:
            if uids:
                sizes = [cards[uid].big for uid in uids]
                self.big.update(zip(uids, sizes, strict=True))
                if True in sizes:
                    self.big_count[pid] = sizes.count(True)
                for uid in uids:
                    if cards[uid].kind == "oneshot":
                        self.one_shots.setdefault(pid, []).append((uid, cards[uid]))
        # who may have no room for a big item: every player has room for one unless a card takes it away
        self.short_of_room = set(self.big_count) if room_for_one else None
        self.trades: dict[tuple[str, tuple], Offers] = {}


class _Shared:
    """What the listings of every player in one state have in common, read once when it is made:
    who fights, the seated ids, who owes a decision, the items on the table (_Table), the open trade
    offers by offerer, the fight's traits open to follow. Whether help is open and each player's room
    for big items are worked out on first use. It lives for one listing of an unchanged state and is
    never kept."""

    __slots__ = ("_help_open", "_room", "ability_cards", "active", "card", "catalog", "claimable", "decisions",
                 "fight", "fighting", "follow", "game", "known_discards", "offers", "player_ids", "runner", "state",
                 "table", "turn_owner", "unplayable")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.card = state.card
        combat = state.combat
        self.fighting = (combat.fighter, combat.helper) if combat is not None else ()   # cb.in_combat
        self.fight = combat is not None and combat.stage == "fight"
        # kinds _may_play_now refuses to everyone now: monsters, enhancers and wandering monsters outside a fight
        self.unplayable = () if self.fight else ("monster", "enhancer", "wandering")
        self.active = state.active_player.id
        # who may make the turn's own moves (each refused in a combat), and who flees and may sacrifice
        self.turn_owner = self.active if combat is None else None
        self.runner = combat.fighter if combat is not None and combat.stage == "run" else None
        players = state.players
        self.player_ids = tuple(map(_ID, players))
        self.decisions = {d.player for d in state.decisions} if state.decisions else ()    # who owes a decision
        self.game = game = _game(state)
        self.known_discards = game.known_discards
        self.ability_cards = game.ability_cards
        self.catalog = game.catalog      # state.card without a call: catalog[state.card_ids[uid]]
        # Impossible's faster play: a go-up-a-level card claims the class (...) on the door discard pile
        self.claimable = state.options.faster_play and "impossible" in state.sets and bool(state.door_discard) \
            and state.card(state.door_discard[-1]).kind in CLAIMABLE
        self._help_open: bool | None = None
        # the traits by which a monster from a hand may join the fight (cb.can_follow)
        self.follow = cb.traits_open_to_follow(state) if self.fight else frozenset()
        self._room: dict[str, int] = {}
        self.table = game.table(tuple([(p.id, tuple(map(_UID, p.items))) for p in players]))
        # the open trade offers by who made them: to whom, the items given and wanted (each sorted, _same_offer)
        self.offers: dict[str, set[tuple[str, tuple[str, ...], tuple[str, ...]]]] = {}
        for d in state.decisions:
            if d.kind == "trade":
                p = d.params
                self.offers.setdefault(p["from"], set()).add((d.player, tuple(sorted(p["give"])),
                                                              tuple(sorted(p["want"]))))

    def help_open(self) -> bool:
        if self._help_open is None:
            self._help_open = _passes(_check_help_open, self.state)
        return self._help_open

    def big_room(self, pid: str) -> int:
        room = self._room.get(pid)
        if room is None:
            room = self._room[pid] = _big_room(self.state, self.state.player(pid), self.table.big_count.get(pid, 0))
        return room


def _append_if_legal(moves: list[Action], state: GameState, move: Action) -> None:
    """The whole check of the move's kind (validate without the opening checks the listing made
    before anything: the game runs, the player is seated)."""
    if _passes(CHECKS[type(move)], state, move):
        moves.append(move)


def _list_decisions(moves: list[Action], state: GameState, pid: str) -> None:
    for decision in state.decisions:
        if decision.player == pid:
            # the decision is open and the player's, the option one of its own: only accepting a trade and
            # a charity gift ask more (check_decide): the trade still possible, the gift's recipient allowed
            kind = decision.kind
            allowed = _charity_allowed_recipients(state) if kind == "charity_give" else ()
            for option in decision.options:
                move = _DECIDE(pid, decision.id, option)
                if kind == "trade" and option == "accept":
                    _append_if_legal(moves, state, move)
                elif kind != "charity_give" or option.split(">")[1] in allowed:
                    moves.append(move)


def _list_help(moves: list[Action], state: GameState, pid: str, shared: _Shared) -> None:
    """Help asked by the fighter of each other player, or offered to the fighter, while help is open:
    made to pass check_ask_help and check_offer_help."""
    combat = state.combat
    assert combat is not None
    if combat.fighter != pid:
        moves.append(_OFFER_HELP(pid, 0))
        return
    moves += shared.game.asks(pid, sum(cb.monster_treasures(state, m) for m in combat.monsters), shared.player_ids)


def _list_turn_moves(moves: list[Action], state: GameState, player: Player, shared: _Shared) -> None:
    """The active player's own moves outside a combat. Kicking the door, looking for trouble, looting
    and ending the turn wait only on a blocking decision once the phase fits (_require_turn_move)."""
    pid = player.id
    free = _blocking(state) is None
    phase = state.phase
    if phase == "start" and free:
        moves.append(_KICK_DOOR(pid))
        if player.hand and state.door_discard and ab.has_ability(state, player, "resurrection"):
            # all check_kick_door asks of a priest's resurrection, made so
            moves.append(KickDoor(actor=pid, resurrect_with=player.hand[0]))
    if phase == "trouble" and free:
        moves.append(_LOOT_ROOM(pid))
    if phase in ("trouble", "after") and free:
        moves.append(_END_TURN(pid))
    if phase == "trouble" and free:
        catalog, card_ids = shared.catalog, state.card_ids
        moves += [_LOOK_FOR_TROUBLE(pid, uid) for uid in player.hand if catalog[card_ids[uid]].kind == "monster"]
    for item in player.items:
        # to the backpack always; into use only where check_equip finds the item usable and a slot free
        if item.in_use:
            moves.append(_EQUIP(pid, item.uid, False))
        else:
            _append_if_legal(moves, state, _EQUIP(pid, item.uid, True))
    if phase != "charity":          # check_sell refuses every sale while charity is given out
        for sale in shared.game.sales(state, player):
            _append_if_legal(moves, state, sale)


def _list_backpack_out_of_turn(moves: list[Action], state: GameState, player: Player) -> None:
    """Items another player than the one on turn may put on or away now (_backpack_open_out_of_turn):
    one just received and those in use beside it, or any in Impossible alone."""
    any_item = rules_for(tuple(state.sets), state.options).backpack_out_of_turn
    if not (any_item or player.fresh):
        return
    room_wanted = not any_item and _fresh_item_waits(state, player)
    for item in player.items:
        if any_item or _is_fresh(state, player, item.uid) or (room_wanted and item.in_use):
            _append_if_legal(moves, state, _EQUIP(player.id, item.uid, not item.in_use))


def _list_trades(moves: list[Action], state: GameState, player: Player, shared: _Shared) -> None:
    """The trade offers of a player outside the combat (nobody in it trades: the caller asks) that pass
    check_offer_trade, made so (not tried one by one): an offer names items on the table, one on each
    side, and only a big-item count or an identical open offer can still refuse one. A side's room
    for big items is worked out only when an offer moves a big item towards it."""
    pid = player.id
    table, fighting = shared.table, shared.fighting
    found = table.trades.get((pid, fighting))
    if found is None:
        found = table.trades.get((pid, ()))
        if found is None:
            found = table.trades[pid, ()] = _trade_offers(table, pid)
        if fighting:
            found = table.trades[pid, fighting] = _not_to(found, fighting)
    offers, needs, needers = found
    if needers:
        full = [n for n in needers if shared.big_room(n) < 1]
        if full:
            offers = [o for o, need in zip(offers, needs, strict=True) if need not in full]
    open_offers = shared.offers and shared.offers.get(pid)
    if open_offers:         # an offer names one item a side at most: its sides are sorted as they are
        offers = [o for o in offers if (o.to, o.give, o.want) not in open_offers]
    moves += offers


Offers = tuple[list[OfferTrade], list[str | None], set[str]]     # offers, the side each needs room, those sides


def _not_to(found: Offers, fighting: tuple) -> Offers:
    """The offers to players outside the combat (nobody in it trades)."""
    offers, needs, needers = found
    kept = [i for i, offer in enumerate(offers) if offer.to not in fighting]
    needs = [needs[i] for i in kept]
    return [offers[i] for i in kept], needs, {n for n in needs if n in needers}


def _trade_offers(table: _Table, pid: str) -> Offers:
    """The offers of _pairs from this player to each other player at the table, in order, with the
    side each offer brings a big item to (None: neither; the offer stands only while that side has
    room for one more: one already over its allowance may keep its own) and those of these sides
    that may be short of room (table.short_of_room; None: any)."""
    big, short = table.big, table.short_of_room
    mine = table.items[pid]
    offers: list[OfferTrade] = []
    needs: list[str | None] = []
    for to, theirs in table.items.items():
        if to == pid:
            continue
        for give, want in _pairs(mine, theirs, big):
            offers.append(_OFFER(pid, to, give, want))
            big_in = (big[want[0]] if want else 0) - (big[give[0]] if give else 0)
            needs.append(None if not big_in else pid if big_in > 0 else to)
    return offers, needs, {n for n in needs if n is not None and (short is None or n in short)}


def _big_room(state: GameState, player: Player, carried: int | None = None) -> int:
    """How many more big items the player may carry (ch.can_carry_big, as a count); ``carried``: the
    big items the player has, when already counted."""
    if carried is None:
        carried = sum(1 for i in player.items if state.card(i.uid).big)
    return ch.big_item_allowance(state, player) - carried


TradePair = tuple[tuple[str, ...], tuple[str, ...]]     # (give, want)


def _pairs(mine: Sequence[str], theirs: Sequence[str], big: dict[str, bool]) -> list[TradePair]:
    """Trades in a bounded form that names every item on both sides, each once, in this order: each
    of mine for their first item (a gift when they have none), each of theirs but the first for my
    first item (all of theirs asked for when I have none), and each of mine but the first for their
    first item of the other size than their first item (a big item for a big one: two players who
    may carry no further big item can still swap theirs; my first item and items of their first
    item's size are already offered for it). Listing every pair grew as items squared (6 players
    with 16 items each: 1280 offers a player); this grows with the items."""
    if not theirs:
        return [((uid,), ()) for uid in mine]
    if not mine:
        return [((), (uid,)) for uid in theirs]
    first = theirs[0]
    their_first = (first,)
    pairs: list[tuple[tuple[str, ...], tuple[str, ...]]] = [((uid,), their_first) for uid in mine]
    my_first = (mine[0],)
    pairs += [(my_first, (uid,)) for uid in theirs[1:]]
    size = big[first]
    for uid in theirs:
        if big[uid] != size:        # their first item of the other size
            pairs += [((m,), (uid,)) for m in mine[1:] if big[m] != size]
            break
    return pairs


def _list_abilities(moves: list[Action], state: GameState, player: Player, shared: _Shared) -> None:
    """Abilities in their smallest useful forms (one card from hand as fuel, the whole hand to charm),
    each tried by check_use_ability."""
    card_ids = state.card_ids
    with_ability = shared.ability_cards
    owned = [uid for uid in ch.owned_in_play(player) if card_ids[uid] in with_ability]
    card = shared.card
    pid = player.id
    combat = state.combat
    fuel = tuple(player.hand[:1])
    for uid in owned:
        for name in card(uid).abilities:
            if combat is None:
                forms = [dict(discard=fuel, target_player=other) for other in shared.player_ids] \
                    if name == "steal" else []
            elif name in ("berserk", "turning", "flight", "resurrection"):
                forms = [dict(discard=fuel)]
            elif name == "charm":
                forms = [dict(discard=tuple(player.hand))]
            elif name == "battle_roll":
                forms = [{}]
            elif name == "backstab":
                forms = [dict(discard=fuel, target_player=victim) for victim in (combat.fighter, combat.helper)
                         if victim]
            else:
                forms = []
            for form in forms:
                _append_if_legal(moves, state, UseAbility(actor=pid, card=uid, ability=name, **form))


def _list_card_plays(moves: list[Action], state: GameState, player: Player, shared: _Shared) -> None:
    """Each card in hand (and each one-shot on the table) that may be played now, in its useful forms."""
    unplayable, cards = shared.unplayable, shared.game.cards
    for uid in player.hand:
        card = cards[uid]
        kind = card.kind
        if card.play is not None and state.cards_played_by_engine:
            _list_own_play(moves, state, player, uid, card)
            continue
        if kind in unplayable or (kind in _ASKED and not _may_play_now(shared, player, uid, card)):
            continue
        if kind in _ON_PLAYERS:
            moves += shared.game.on_players(player.id, uid, shared.player_ids)
        else:
            _list_play_forms(moves, state, player, shared, uid, card)
    one_shots = shared.table.one_shots
    if one_shots and player.id in one_shots:
        for uid, card in one_shots[player.id]:
            if card.play is not None and state.cards_played_by_engine:
                _list_own_play(moves, state, player, uid, card)
            else:
                _list_play_forms(moves, state, player, shared, uid, card)    # _may_play_now lets one-shots go


def _list_own_play(moves: list[Action], state: GameState, player: Player, uid: str, card: Card) -> None:
    """A card with a play of its own: the forms it offers that its check lets go."""
    play = PLAYS[card.play or ""]
    for move in play.forms(state, player, uid):
        _append_checked(moves, play.check, state, player, move)


def _list_play_forms(moves: list[Action], state: GameState, player: Player, shared: _Shared, uid: str,
                     card: Card) -> None:
    """The card's plays, each tried by its PLAY_CHECKS entry unless the form made here satisfies
    all the check asks (a target it only asks to exist, taken from the table: a seated player, a
    monster in the fight, a side, a monster in hand)."""
    pid = player.id
    combat = state.combat
    kind = card.kind
    if kind == "level_up":
        # all _check_play_level_up asks: a seated target below the level the card may give
        top = _level_card_reach(card)
        if not combat and player.level < top:       # on oneself, or on another player
            moves.append(_PLAY(pid, uid))
        moves += [_PLAY_ON_PLAYER(pid, uid, target.id) for target in state.players if target.level < top]
    elif kind in _ON_PLAYERS or (kind == "oneshot" and card.effects):
        moves += shared.game.on_players(pid, uid, shared.player_ids)
    elif kind == "enhancer" or (kind == "oneshot" and combat):
        # in the fight a one-shot names its side or monster; after it, only one that helps to run away
        # (while fleeing) may still name one, and the others lie down on the table (_check_play_one_shot)
        assert combat is not None           # an enhancer is played in a fight only (_may_play_now)
        fight = shared.fight
        if fight or (card.run_bonus and _fleeing(state, pid)):
            if kind == "enhancer" or card.defeats_monster:
                moves += [_PLAY_ON_MONSTER(pid, uid, monster.uid) for monster in combat.monsters]
            else:
                moves += [_PLAY_FOR_SIDE(pid, uid, "players"), _PLAY_FOR_SIDE(pid, uid, "monsters")]
        if kind == "oneshot" and not fight and _may_lay_down_one_shot(state, player, uid, card):
            moves.append(_PLAY(pid, uid))   # all _check_play_one_shot asks outside the fight, made so
    elif kind == "item_enhancer":
        for item in player.items:
            _append_checked(moves, _check_play_item_enhancer, state, player, _PLAY_ON_ITEM(pid, uid, item.uid))
    elif kind == "wandering":           # all it asks is a monster from the hand (and the fight: _may_play_now)
        catalog, card_ids = shared.catalog, state.card_ids
        moves += [_PLAY_WITH(pid, uid, other) for other in player.hand if catalog[card_ids[other]].kind == "monster"]
    elif card.pairs_classes:            # Impossible's Super Munchkin with a second class from the hand
        check = PLAY_CHECKS[kind]
        card_of = shared.card
        for other in player.hand:
            if card_of(other).kind == "class":
                _append_checked(moves, check, state, player, _PLAY_WITH(pid, uid, other))
    elif kind != "oneshot" or _may_lay_down_one_shot(state, player, uid, card):
        check = PLAY_CHECKS[kind]
        if kind == "oneshot":
            moves.append(_PLAY(pid, uid))   # all _check_play_one_shot asks outside a combat, made so
        else:
            _append_checked(moves, check, state, player, _PLAY(pid, uid))
        if card.ally_item:                  # Axe Cop: or on one of one's allies (_check_play_item)
            for ally in player.followers:
                _append_checked(moves, check, state, player, _PLAY_ON_ITEM(pid, uid, ally))


def _append_checked(moves: list[Action], check: Callable[..., None], state: GameState,
                    player: Player, move: PlayCard) -> None:
    """The card play goes on the list if its PLAY_CHECKS entry refuses nothing."""
    if _passes(check, state, player, move):
        moves.append(move)


def _may_lay_down_one_shot(state: GameState, player: Player, uid: str, card: Card) -> bool:
    """Whether a one-shot acting on nobody may be played without a side or monster outside the fight:
    all _check_play_one_shot asks of it there, one that helps to run away while fleeing, else one from
    the hand laid on the table on one's own turn or fresh from the deck (one already on the table is
    not laid again)."""
    if card.run_bonus and _fleeing(state, player.id):
        return True
    return ch.item_in_play(player, uid) is None and (state.active_player.id == player.id
                                                     or _is_fresh(state, player, uid))


# the kinds _may_play_now asks anything of: every other card passes it
_GATED = frozenset({"monster", "enhancer", "wandering", "item", "class", "race", "loyalty", "training", "power"})
# those it asks more than whether a fight is on (_Shared.unplayable answers that)
_ASKED = _GATED - {"enhancer", "wandering"}
_ON_PLAYERS = frozenset({"curse", "trap", "effect"})    # played on a seated player (_Game.on_players)


def _may_play_now(shared: _Shared, player: Player, uid: str, card: Card) -> bool:
    """The first check of a monster, item, enhancer, wandering monster, class, race, loyalty, training
    or power played (PLAY_CHECKS), which does not depend on the move's targets: a card failing it is
    not listed in any form."""
    kind = card.kind
    if kind == "monster":
        return shared.fight and cb.joins(card, shared.follow)     # cb.can_follow: only in a fight
    if kind in ("enhancer", "wandering"):          # _fight_stage
        return shared.fight
    if kind == "item":
        return shared.active == player.id or _is_fresh(shared.state, player, uid)
    if kind in ("class", "race"):              # _check_play_class
        return _class_room(player, card) and (_second_class_any_time(shared.state, player, card)
                                              or _may_lay_down(shared.state, player, uid))
    if kind in ("loyalty", "training", "power"):   # _check_play_ability
        return hooks.ability_any_time(card) or _may_lay_down(shared.state, player, uid)
    return True


def _sale_candidates(state: GameState, player: Player, catalog: dict[str, Card]) -> Iterable[Sell]:
    """Minimal sets: no card in them could be left out for the same number of levels (``catalog``:
    the state's cards by design id, looked up without a call)."""
    if state.combat is not None:
        return
    card_ids = state.card_ids
    value = {u: card.value for u in [*player.hand, *map(_UID, player.items)] for card in (catalog[card_ids[u]],)
             if card.kind in ("item", "oneshot") and card.value > 0}
    if sum(value.values()) + max(value.values(), default=0) < SELL_UNIT:
        return      # no level even with the dearest card counted twice (the usual case, asked first)
    sellable = sorted(value, key=lambda u: -value[u])[:10]
    double = _double_sale_available(state, player)      # a halfling's best item counts twice

    def worth(cards: Sequence[str]) -> int:
        return _sale_value(state, player, cards) if double else sum(map(value.__getitem__, cards))

    def minimal(combo: tuple[str, ...], levels: int) -> bool:
        """No card could be left out for as many levels. Without a doubled item it is enough to leave
        out the cheapest (the last: the cards are sorted dearest first)."""
        if not double:
            return (sum(map(value.__getitem__, combo)) - value[combo[-1]]) // SELL_UNIT < levels
        return all(worth([c for c in combo if c != u]) // SELL_UNIT < levels for u in combo)

    if worth(sellable) < SELL_UNIT:
        return
    for size in range(1, len(sellable) + 1):
        for combo in combinations(sellable, size):
            total = worth(combo)
            if total >= SELL_UNIT and minimal(combo, total // SELL_UNIT):
                yield Sell(actor=player.id, cards=combo)
