"""A character's derived values and the rules about what it may have: traits, strength, slots,
levels, hand limit, and death."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.core.errors import IllegalAction
from engine.munchkin.cards import Card, catalog, cultist_at_will_cards
from engine.munchkin.decisions import open_decision
from engine.munchkin.setrules import rules_for
from engine.munchkin.sets.cult import cult_bonus
from engine.munchkin.state import (
    HALF_CLASS_SPARES_RESTRICTIONS,
    OWN_TRAITS_PER_FIGHTER,
    Corpse,
    GameState,
    ItemInPlay,
    Player,
)
from engine.munchkin.tx import Tx

MAX_LEVEL = 10
DEFAULT_HAND_LIMIT = 5
HAND_SLOTS = 2


def ability_cards(state: GameState, player: Player) -> list[Card]:
    """Classes, races, loyalties, trainings, powers and followers in play: their abilities apply to
    the player. A monster that forbids class abilities (Buggoth) switches classes off in its combat;
    a duplicate power adds nothing (Axe Cop: "Kräfte")."""
    return _ability_cards(state, player, None)


def _ability_cards(state: GameState, player: Player, classes_blocked: bool | None) -> list[Card]:
    """ability_cards; ``classes_blocked``: class_abilities_blocked when already asked (strength needs
    the answer too), None to ask it here."""
    classes: Sequence[str] = player.classes
    if classes and (class_abilities_blocked(state, player) if classes_blocked is None else classes_blocked):
        classes = ()
    powers = player.powers
    if len(powers) > 1:
        designs = list(dict.fromkeys(state.card_ids[u] for u in powers))
        powers = [next(u for u in player.powers if state.card_ids[u] == cid) for cid in designs]
    zones = (*classes, *player.races, *player.loyalties, *player.trainings, *powers, *player.followers)
    if not zones:
        return []
    card = state.card
    return [card(u) for u in zones]


def class_abilities_blocked(state: GameState, player: Player) -> bool:
    combat = state.combat
    if combat is None or player.id not in (combat.fighter, combat.helper):
        return False
    blockers = _class_blockers(tuple(state.sets))
    if not blockers:
        return False
    card_ids = state.card_ids
    return any(card_ids[m.uid] in blockers for m in combat.monsters)


@cache
def _class_blockers(sets: tuple[str, ...]) -> frozenset[str]:
    """The monsters of these sets that switch class abilities off in their fight, by design id."""
    return frozenset(c.id for c in catalog(sets).values() if "no_class_abilities" in c.traits)


def trait_applies(trait: str, pool: set[str]) -> bool:
    """"class:x" holds when x is in the pool; "not_class:x" when it is not."""
    if trait.startswith("not_"):
        return trait[4:] not in pool
    return trait in pool


def traits(state: GameState, player: Player, as_human: bool = False) -> set[str]:
    """The player's traits ("sex:female", "class:fighter", "race:elf"). ``as_human`` leaves out a
    class held with Super Munchkin alone and a race held with Half-Breed alone: the half-human
    reading of the character (see monster_bonus)."""
    result = {f"sex:{player.sex}"}
    card = state.card
    classes, races = player.classes, player.races
    if not (as_human and player.super_munchkin is not None and len(classes) == 1):
        for uid in classes:
            result |= _named("class", card(uid).traits)
    if not (as_human and player.half_breed is not None and len(races) == 1):
        for uid in races:
            result |= _named("race", card(uid).traits)
    if not as_human and holds_cult_card(state, player):
        result.add("class:cultist")
    for zone, prefix in _ABILITY_TRAITS:
        for uid in getattr(player, zone):
            result |= _named(prefix, card(uid).traits)
    return result


_ABILITY_TRAITS = (("loyalties", "loyalty"), ("powers", "power"), ("trainings", "training"))


def holds_cult_card(state: GameState, player: Player) -> bool:
    """A Kultausweis in play (rules version 2 on): its owner counts as a Kultist or not, whichever is
    better for them, so each question is read both ways (the reading "as_human" leaves it out)."""
    if not player.items or not state.cards_played_by_engine:
        return False
    at_will = cultist_at_will_cards(tuple(state.sets))
    return bool(at_will) and any(state.card_ids[i.uid] in at_will for i in player.items if i.in_use)


def _half_human(player: Player) -> bool:
    """Super Munchkin with a single class or Half-Breed with a single race: traits as_human differ."""
    return (player.super_munchkin is not None and len(player.classes) == 1) or (
        player.half_breed is not None and len(player.races) == 1)


@cache
def _named(prefix: str, names: tuple[str, ...]) -> frozenset[str]:
    """A card's traits as a player's ("class:professor"), written once per card design."""
    return frozenset(f"{prefix}:{name}" for name in names)


def monster_bonus(state: GameState, players: list[Player], bonus_vs: dict[str, int]) -> int:
    """A monster's "+N / -N against X" against these players, each entry once.

    Super Munchkin with a single class (Half-Breed with a single race) keeps all the advantages of
    that class and none of its disadvantages (C l.266, S l.296-299, S l.308-316): each entry is read
    both with and without the half class, and the reading better for the players counts. So a
    half-Kultist still gets Lloyd Lloigor's -2, and Großer Cthulhu's +4 against non-Kultisten does
    not hit him.

    Fighter and helper are judged each by their own traits, and an entry counts once if it hits
    either (C l.182, I l.115): a Kultist helping a non-Kultist leaves Großer Cthulhu's +4 standing.
    Games begun before OWN_TRAITS_PER_FIGHTER pooled the two players' traits instead."""
    if not bonus_vs:            # most monsters and enhancers: no traits to read
        return 0
    if state.rules_version < OWN_TRAITS_PER_FIGHTER:
        return _pooled_monster_bonus(state, players, bonus_vs)
    readings = [_trait_readings(state, player) for player in players]
    return sum(bonus for trait, bonus in bonus_vs.items()
               if any(_hits(trait, bonus, full, human) for full, human in readings))


def _trait_readings(state: GameState, player: Player) -> tuple[set[str], set[str]]:
    """The player's traits in full and read as half human (the same set without a half card)."""
    full = traits(state, player)
    return full, (traits(state, player, as_human=True) if _half_human(player) else full)


def _hits(trait: str, bonus: int, full: set[str], human: set[str]) -> bool:
    """The entry counts against this player in the reading better for the player: a bonus for the
    monster only if both readings have the trait, a malus if either has it."""
    if bonus > 0:
        return trait_applies(trait, full) and trait_applies(trait, human)
    return trait_applies(trait, full) or trait_applies(trait, human)


def _pooled_monster_bonus(state: GameState, players: list[Player], bonus_vs: dict[str, int]) -> int:
    """monster_bonus of rules version 1: the traits of fighter and helper taken together."""
    full: set[str] = set()
    human: set[str] = set()
    for player in players:
        mine = traits(state, player)
        full |= mine
        two_ways = _half_human(player) or holds_cult_card(state, player)
        human |= traits(state, player, as_human=True) if two_ways else mine
    return sum(min(bonus if trait_applies(trait, full) else 0, bonus if trait_applies(trait, human) else 0)
               for trait, bonus in bonus_vs.items())


def meets_restriction(state: GameState, player: Player, card: Card) -> bool:
    """An item "usable by X only" may be carried by anyone, but only X gets its bonus. A half class
    or race (Super Munchkin, Half-Breed with one card) brings none of its disadvantages (C l.266,
    S l.311-313): the restriction is met in either reading (a Super-Professor may use the
    Zweihändige Taschenlampe "not for Professors" and still the Necronomicon "Professors only")."""
    if not card.usable_by:
        return True
    if any(trait_applies(t, traits(state, player)) for t in card.usable_by):
        return True
    half_human = state.rules_version >= HALF_CLASS_SPARES_RESTRICTIONS and _half_human(player)
    # a half class brings none of its disadvantages; with a Kultausweis an item for non-Kultisten is usable too
    if not (half_human or holds_cult_card(state, player)):
        return False
    human = traits(state, player, as_human=True)
    return any(trait_applies(t, human) for t in card.usable_by)


def cheated(state: GameState, item: ItemInPlay) -> bool:
    """Schummeln! lies on the item: no restriction and no slot limit keeps it from being used."""
    return any(state.card(u).lifts_item_limits for u in item.enhancers) if item.enhancers else False


def may_use(state: GameState, player: Player, item: ItemInPlay) -> bool:
    """The player gets the item's bonuses: it is theirs to use, or Schummeln! lies on it."""
    return meets_restriction(state, player, state.card(item.uid)) or cheated(state, item)


def items_in_use(state: GameState, player: Player) -> list[Card]:
    return [state.card(i.uid) for i in player.items if i.in_use]


def item_bonus(state: GameState, player: Player, item: ItemInPlay) -> int:
    """An item in use counts with its enhancers, and only for whom may use it."""
    card = state.card(item.uid)
    if not item.in_use or not may_use(state, player, item):
        return 0
    bonus = card.bonus
    for uid in item.enhancers:          # mostly none: no generator for them
        bonus += state.card(uid).bonus
    return bonus


def strength(state: GameState, player: Player, in_this_combat: bool) -> int:
    """Level plus every modifier from items in use, classes and races, and combat curses."""
    total = player.level
    for item in player.items:        # plain loops: asked for every fighter after every change of a fight
        if item.in_use:                 # (item_bonus is 0 for an item in the backpack)
            total += item_bonus(state, player, item)
    classes = player.classes
    blocked = bool(classes) and class_abilities_blocked(state, player)
    abilities = _ability_cards(state, player, blocked)
    with_items = False
    for card in abilities:
        total += card.bonus
        with_items = with_items or bool(card.bonus_with)
    if with_items:
        item_traits = {f"item:{t}" for c in items_in_use(state, player) for t in c.traits}
        total += sum(b for c in abilities for trait, b in c.bonus_with.items() if trait in item_traits)
    if classes and not blocked:   # Buggoth stops the cult's +2 too
        total += cult_bonus(state, player)
    if in_this_combat and player.curses:
        total -= sum(e.n for uid in player.curses for e in state.card(uid).effects if e.op == "combat_malus")
    return total


def run_away_bonus(state: GameState, player: Player) -> int:
    cards = [state.card(i.uid) for i in player.items if i.in_use and may_use(state, player, i)]
    return sum(c.run_away for c in (*cards, *ability_cards(state, player)))


def hand_limit(state: GameState, player: Player) -> int:
    limits = [c.hand_limit for c in ability_cards(state, player) if c.hand_limit]
    return max([DEFAULT_HAND_LIMIT, *limits])


def big_item_allowance(state: GameState, player: Player) -> int:
    allowance = 1
    for card in ability_cards(state, player):
        allowance += card.extra_big_items
    return allowance


def wins_ties(state: GameState, player: Player) -> bool:
    return any(c.wins_ties for c in ability_cards(state, player))


# ---------------------------------------------------------------------- items and slots
def slot_use(card: Card) -> tuple[str, int]:
    if card.slot == "two_hands":
        return "hand", 2
    return (card.slot or "none"), 1


def slot_free(state: GameState, player: Player, card: Card, ignoring: str | None = None) -> bool:
    """1 headgear, 1 armor, 1 footgear, two hands (a two-handed item fills both)."""
    slot, size = slot_use(card)
    if slot == "none":
        return True
    used = 0
    for item in player.items:
        # an item Schummeln! lies on takes no slot (it is used beyond the limit)
        if item.in_use and item.uid != ignoring and item.on_follower is None and not cheated(state, item):
            other_slot, other_size = slot_use(state.card(item.uid))
            if other_slot == slot:
                used += other_size
    capacity = hand_slots(state, player) if slot == "hand" else 1
    return used + size <= capacity


def hand_slots(state: GameState, player: Player) -> int:
    """Two hands, more while Nach Kinoregeln erschaffen lies before the player."""
    extra = sum(state.card(u).extra_hands for u in player.extras) if player.extras else 0
    return HAND_SLOTS + extra


def fit_hands(tx: Tx, player: Player) -> None:
    """Items in hands beyond the hands the player has (the third hand went) go to the backpack, the
    ones laid out last first."""
    state = tx.s
    in_hands = [i for i in player.items if i.in_use and i.on_follower is None and not cheated(state, i)
                and slot_use(state.card(i.uid))[0] == "hand"]
    used = sum(slot_use(state.card(i.uid))[1] for i in in_hands)
    while used > hand_slots(state, player) and in_hands:
        item = in_hands.pop()
        item.in_use = False
        used -= slot_use(state.card(item.uid))[1]
        tx.emit("item_to_backpack", player=player.id, card=state.card_ids[item.uid])


def can_carry_big(state: GameState, player: Player, extra: int = 1) -> bool:
    carried = sum(1 for i in player.items if state.card(i.uid).big)
    return carried + extra <= big_item_allowance(state, player)


def check_can_receive_item(state: GameState, player: Player, card: Card) -> None:
    if card.big and not can_carry_big(state, player):
        raise IllegalAction("too_many_big_items", player=player.id)


def place_item(state: GameState, player: Player, uid: str, on_follower: str | None = None) -> ItemInPlay:
    """Put an item on the table: in use when a slot is free and the player may use it. An item an
    ally carries uses the ally's hands, not the player's (Axe Cop: "Verbündete")."""
    card = state.card(uid)
    free = on_follower is not None or slot_free(state, player, card)
    in_use = card.kind == "item" and free and meets_restriction(state, player, card)
    item = ItemInPlay(uid=uid, in_use=in_use, on_follower=on_follower)
    player.items.append(item)
    return item


def owned_in_play(player: Player) -> list[str]:
    """Every card the player has on the table (items with their enhancers, classes, races, ...)."""
    cards = [u for i in player.items for u in (i.uid, *i.enhancers)]
    cards += player.classes + player.races + player.loyalties + player.trainings + player.powers
    cards += player.followers + player.extras
    return cards + [c for c in (player.super_munchkin, player.half_breed) if c]


def item_in_play(player: Player, uid: str) -> ItemInPlay | None:
    for item in player.items:
        if item.uid == uid:
            return item
    return None


def remove_from_play(state: GameState, player: Player, uid: str) -> list[str]:
    """Take a card the player has in play off the table (not discarding it); an item brings its
    enhancers along. Returns every card taken, empty if the card was not there."""
    item = item_in_play(player, uid)
    if item:
        player.items.remove(item)
        return [item.uid, *item.enhancers]
    if uid in player.followers:       # an ally lost to traps or bad stuff takes its items along
        player.followers.remove(uid)
        carried = [i for i in player.items if i.on_follower == uid]
        for i in carried:
            player.items.remove(i)
        return [uid, *(u for i in carried for u in (i.uid, *i.enhancers))]
    for zone in (player.classes, player.races, player.curses, player.loyalties, player.trainings, player.powers,
                 player.extras):
        if uid in zone:
            zone.remove(uid)
            return [uid]
    if player.super_munchkin == uid:
        player.super_munchkin = None
        return [uid]
    if player.half_breed == uid:
        player.half_breed = None
        return [uid]
    return []


def move_item(state: GameState, giver: Player, receiver: Player, uid: str) -> None:
    """An item changes hands with its enhancers; it arrives carried, not in use."""
    item = item_in_play(giver, uid)
    assert item is not None
    giver.items.remove(item)
    item.in_use = False
    item.on_follower = None
    receiver.items.append(item)


def hand_over_item(state: GameState, giver: Player, receiver: Player, uid: str) -> None:
    """An item changes hands in a trade and is laid out at once (C l.296, I l.203): in use where a
    slot is free and the receiver may use it, else carried; its enhancers come along."""
    item = item_in_play(giver, uid)
    assert item is not None
    giver.items.remove(item)
    card = state.card(uid)
    item.on_follower = None
    item.in_use = card.kind == "item" and slot_free(state, receiver, card) and meets_restriction(state, receiver, card)
    receiver.items.append(item)


def super_munchkin_needs(state: GameState, uid: str) -> int:
    """Classes a Super Munchkin card needs to stay: one, or both for Impossible's (I l.265)."""
    return 2 if state.card(uid).pairs_classes else 1


def after_losing_ability(tx: Tx, player: Player) -> None:
    """Super Munchkin goes with the last class, Half-Breed with the last race; too many big items
    after losing an allowance must go (the player chooses which: ask_excess_big_items)."""
    if player.super_munchkin and len(player.classes) < super_munchkin_needs(tx.s, player.super_munchkin):
        tx.discard(player.super_munchkin)
        tx.emit("card_lost", player=player.id, card=tx.s.card_ids[player.super_munchkin])
        player.super_munchkin = None
    if player.half_breed and not player.races:
        tx.discard(player.half_breed)
        tx.emit("card_lost", player=player.id, card=tx.s.card_ids[player.half_breed])
        player.half_breed = None
    # a double or triple agent goes with the last loyalty (Impossible: "Doppelagent")
    if not player.loyalties:
        for uid in [u for u in player.extras if tx.s.card(u).kind == "extra_loyalty"]:
            player.extras.remove(uid)
            tx.discard(uid)
            tx.emit("card_lost", player=player.id, card=tx.s.card_ids[uid])
    fit_hands(tx, player)
    ask_excess_big_items(tx, player)


def ask_excess_big_items(tx: Tx, player: Player) -> None:
    """Too many big items (an allowance was lost): the player picks one to give away; it goes to the
    lowest-level player who can carry it, or is discarded (rulebook: "Große Gegenstände")."""
    if any(d.player == player.id and d.kind == "excess_big" for d in tx.s.decisions):
        return
    big = [i.uid for i in player.items if tx.s.card(i.uid).big]
    if len(big) > big_item_allowance(tx.s, player):
        open_decision(tx, player.id, "excess_big", big)


def give_away_big_item(tx: Tx, player: Player, uid: str) -> None:
    others = sorted((p for p in tx.s.players if p.id != player.id and can_carry_big(tx.s, p)),
                    key=lambda p: p.level)
    lowest = [p for p in others if p.level == others[0].level] if others else []
    if lowest:
        receiver = lowest[0]
        move_item(tx.s, player, receiver, uid)
        tx.emit("item_given", player=player.id, to=receiver.id, card=tx.s.card_ids[uid])
    else:
        for removed in remove_from_play(tx.s, player, uid):
            tx.discard(removed)
        tx.emit("card_lost", player=player.id, card=tx.s.card_ids[uid], source="big_item_limit")
    ask_excess_big_items(tx, player)


# ---------------------------------------------------------------------- levels
def gain_levels(tx: Tx, player: Player, amount: int, by_kill: bool, source: str) -> None:
    """Level 10 can only be reached by killing a monster; otherwise the level stops at 9."""
    if amount <= 0:
        return
    cap = MAX_LEVEL if by_kill else MAX_LEVEL - 1
    new_level = min(cap, player.level + amount)
    if new_level > player.level:
        tx.emit("level_changed", player=player.id, old=player.level, new=new_level, source=source)
        player.level = new_level


def lose_levels(tx: Tx, player: Player, amount: int, source: str) -> None:
    """A level never drops below 1."""
    new_level = max(1, player.level - amount)
    if new_level != player.level:
        tx.emit("level_changed", player=player.id, old=player.level, new=new_level, source=source)
        player.level = new_level


# ---------------------------------------------------------------------- death
def die(tx: Tx, player: Player, source: str) -> None:
    """Level, classes and races (with Super Munchkin / Half-Breed) stay with the new character;
    hand and items form the corpse, which the others loot highest level first, ties broken by dice
    (rulebook: "Tod" / "Leiche plündern")."""
    state = tx.s
    # hirelings and allies are "other stuff in front of you": they go with the corpse; classes, races,
    # loyalties, trainings and powers stay (Impossible and Axe Cop: "Tod")
    corpse_cards = list(player.hand) + [u for i in player.items for u in (i.uid, *i.enhancers)] + player.followers
    player.hand.clear()
    player.items.clear()
    player.followers.clear()
    # curses that stay on a character end with it, except where a set keeps them (Axe Cop: "Tod")
    if not rules_for(tuple(state.sets), state.options).keeps_curses_at_death:
        for uid in list(player.curses):
            player.curses.remove(uid)
            tx.discard(uid)
    player.fresh.clear()
    player.needs_new_hand = True
    tx.emit("player_died", player=player.id, source=source, corpse=[state.card_ids[u] for u in corpse_cards])
    if state.combat:
        combat = state.combat
        if player.id in combat.run_queue:
            combat.run_queue.remove(player.id)
        # no further run-away rolls for the dead
        for decision in [d for d in state.decisions if d.player == player.id and d.kind == "run_away"]:
            state.decisions.remove(decision)
    if state.active_player.id == player.id:
        state.turn_passes = True
    for decision in [d for d in state.decisions if d.player == player.id and d.kind in ("choose_loss",)]:
        state.decisions.remove(decision)
    others = [p for p in state.players if p.id != player.id]
    order = looting_order(tx, others)
    if corpse_cards:
        state.corpses.append(Corpse(owner=player.id, cards=corpse_cards, order=order))
        tx.emit("corpse_looting", player=player.id, order=order)


def looting_order(tx: Tx, players: list[Player]) -> list[str]:
    """Highest level first; players on the same level roll dice until they differ."""
    by_level: dict[int, list[Player]] = {}
    for p in players:
        by_level.setdefault(p.level, []).append(p)
    order: list[str] = []
    for level in sorted(by_level, reverse=True):
        order += break_tie(tx, [p.id for p in by_level[level]])
    return order


def break_tie(tx: Tx, ids: list[str]) -> list[str]:
    if len(ids) <= 1:
        return list(ids)
    rolls: dict[int, list[str]] = {}
    for pid in ids:
        rolls.setdefault(tx.roll(pid, "tie_break"), []).append(pid)
    order: list[str] = []
    for value in sorted(rolls, reverse=True):
        order += break_tie(tx, rolls[value])
    return order
