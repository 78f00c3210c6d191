"""The whole Smash Up game as one document of slotted dataclasses (decks and piles in order
included). It is read and written through pydantic (engine.core.documents) only where it is stored."""

from __future__ import annotations

from dataclasses import fields
from types import NoneType, UnionType
from typing import Annotated, Any, Literal, get_args, get_origin, get_type_hints

from pydantic import Field

from engine.core.documents import Document, new_default, part
from engine.smashup.cards import (
    Base,
    Design,
    Monster,
    PlayCard,
    base_designs,
    designs,
    monster_designs,
    ops_of,
    play_designs,
)


def holds(items: list, obj: object) -> bool:
    """Whether this very object is in the list: ``==`` compares every field, and uids are unique
    anyway, so identity is the same answer at a fraction of the cost."""
    for item in items:          # noqa: SIM110  (a plain loop: any() with a generator costs more)
        if item is obj:
            return True
    return False


def drop(items: list, obj: object) -> bool:
    """``items.remove(obj)`` by identity, if it is there: list.remove compares every minion before it
    with ``==`` (each field), and a minion is only ever equal to itself (uids are unique)."""
    for i, item in enumerate(items):
        if item is obj:
            del items[i]
            return True
    return False


def treasures_on(state: GameState, minion: Minion) -> int:
    """How many treasures lie on the minion (or monster)."""
    count, ids = 0, state.card_ids       # (a plain loop: sum() over a generator costs more)
    for uid in minion.attached:
        if ids[uid].startswith("treasure-"):
            count += 1
    return count


def has_abilities(state: GameState, minion: Minion) -> bool:
    """A card played on a minion can take its abilities away (Curse of Imprisonment, Potion of Cowardice),
    and some cards cancel them until the end of the turn."""
    if minion.uid in state.silenced:
        return False
    if not minion.attached:      # (most minions carry nothing: no generator made for them)
        return True
    return not any(state.effect(uid, "no_abilities") is not None for uid in minion.attached)


def minion_effect(state: GameState, minion: Minion, op: str):
    """The minion's (or monster's) own working effect with this op: none while its abilities rest or a
    card on it takes them away ("no abilities" stops its triggered and ongoing abilities too, from
    CARDS_AS_WRITTEN on; before, only the silenced ones rested)."""
    if state.rules_version >= CARDS_AS_WRITTEN and not has_abilities(state, minion):
        return None
    return state.effect(minion.uid, op)


# ``put(part, name, value)``: ``part.name = value`` (the state's parts are plain objects)
put = setattr


@part
class Minion(Document):
    """A minion or monster at a base. Monsters have no owner and, unless taken over, no controller."""

    uid: str
    owner: str | None = None
    controller: str | None = None
    counters: int = 0                    # lasting +1 power counters
    until_end_of_turn: int = 0           # power changes that end with the turn
    attached: list[str] = new_default(list)   # actions (and treasures) played on it


@part
class BaseInPlay(Document):
    uid: str
    minions: list[Minion] = new_default(list)
    monsters: list[Minion] = new_default(list)
    actions: list[str] = new_default(list)      # ongoing actions played on the base


@part
class Seat(Document):
    id: str
    name: str
    factions: list[str] = new_default(list)
    deck: list[str] = new_default(list)
    hand: list[str] = new_default(list)
    discard: list[str] = new_default(list)
    vp: int = 0
    minions_left: int = 0     # minion plays left this turn (1 free plus extras)
    actions_left: int = 0
    minion_grants: list[str] = new_default(list)   # extra plays with a condition ("base:s12",
    # "card:s40" for that card, "treasure" for any treasure; minions, and actions for the last two)
    used_this_turn: list[str] = new_default(list)  # talents and "first time each turn" abilities


def new_minion(uid: str, owner: str | None, controller: str | None) -> Minion:
    """``Minion(uid=uid, owner=owner, controller=controller)``: a minion played."""
    return Minion(uid=uid, owner=owner, controller=controller)


def new_monster(uid: str) -> Minion:
    """``Minion(uid=uid)``: a monster of nobody's."""
    return Minion(uid=uid)


@part
class Draft(Document):
    order: list[str]          # who picks, in turn
    offered: list[str]        # factions still on the table
    next: int = 0


@part
class Scoring(Document):
    """A base being scored ("Die große Wertung"): the round of specials before it ("Ich zuerst!"), the
    VP, a round of specials acting during the scoring (places known, loot revealed), the loot taken
    one card at a time by choice, a round of specials acting after it, then the clearing."""

    base: str
    passed: list[str] = new_default(list)      # who passed since the last special
    window: int = 0
    last: str | None = None          # who used the last special: the round goes on with the next player
    set_aside: list[str] = new_default(list)   # specials played before that also act during it
    locked_by: str | None = None     # And Stay Down!: only this player may still use specials
    set_aside_picks: dict[str, str] = new_default(dict)   # a set-aside special -> the player it named
    stage: Literal["specials", "during", "loot", "after", "clearing"] = "specials"
    placed: dict[str, int] = new_default(dict)  # the places, once scored
    winners: list[str] = new_default(list)      # first place, once scored (King Tut)
    loot: list[str] = new_default(list)         # the loot revealed and not yet taken
    loot_order: list[str] = new_default(list)   # who takes the next loot cards, in turn


@part
class Decision(Document):
    id: int
    player: str
    kind: str
    options: list[str]
    default: str
    context: dict[str, str] = new_default(dict)   # what a card's choice is about (its base …)


def new_decision(id: int, player: str, kind: str, options: list[str], default: str,
                 context: dict[str, str] | None = None) -> Decision:
    """``Decision(...)`` with these values (``context`` left out when None), the options and the
    context copied: the decision holds its own."""
    return Decision(id=id, player=player, kind=kind, options=list(options), default=default,
                    context={} if context is None else dict(context))


SHARED_FIELDS = {"card_ids", "owners"}     # set once at the end of the draft, then only read

# The rules a game plays by. A game keeps the version it began with, so that a game stored before a rule
# changed plays on and replays (table.actionlog) by the rules its log was made with. new_game deals
# the same at every version.
#   1  every game stored before the version was kept (the field is left out of its stored JSON)
#   2  Stalling also keeps a card that acts on every minion at its base off its player's minions there
#   3  cards do what their whole text says (issue #35): monsters are minions for every card, printed
#      power on play, "no abilities" silences triggers and ongoing abilities too, every "may" asks,
#      Birthday Party holds for every way of playing a minion, prices that are part of the text
#   4  the talent of a card lying on a minion picks only what its text picks (Magic Missile named any
#      minion when none at its base was weak enough, and destroyed nobody)
#   5  Helping Hands helps only before a base with a minion of its player scores (without one, it
#      gave +2 and took a VP all the same); a talent that would do nothing is not offered (Topper
#      Chopper's, Elf Help Guru's with no other player's minion at its base, Blaster Master's and Big
#      Hero's destroy with nothing to pick)
RULES_VERSION = 5
CARDS_AS_WRITTEN = 3     # the rules version from which the fixes of issue #35 apply (see above)
TALENT_PICKS_AS_WRITTEN = 4     # from this version on (see above)
HELPING_NEEDS_A_MINION = 5      # from this version on (see above)
TALENTS_THAT_ACT = 5            # from this version on (see above)


def _first_rules(version: int) -> bool:
    return version == 1


Phase = Literal["draft", "play", "scoring", "over"]


@part
class GameState(Document):
    game: Literal["smashup"] = "smashup"
    seed: int
    rng: int
    card_ids: dict[str, str]              # uid -> design id
    owners: dict[str, str] = new_default(dict)   # faction card uid -> owner
    played_by: dict[str, str] = new_default(dict)  # treasure on a base -> who played it (no owner)
    silenced: list[str] = new_default(list)   # cards in play whose abilities rest until the turn ends
    players: list[Seat]
    bases: list[BaseInPlay] = new_default(list)
    base_deck: list[str] = new_default(list)
    base_discard: list[str] = new_default(list)
    monster_deck: list[str] = new_default(list)
    monster_discard: list[str] = new_default(list)
    treasure_deck: list[str] = new_default(list)
    treasure_discard: list[str] = new_default(list)
    draft: Draft | None = None
    active: int = 0
    turn: int = 1
    phase: Phase = "draft"
    scoring: Scoring | None = None
    decisions: list[Decision] = new_default(list)
    # abilities that triggered together and wait their turn, the active player ordering them
    # ("kind|card|player|base|minion", see hooks.TRIGGERS)
    triggers: list[str] = new_default(list)
    next_id: int = 1
    winners: list[str] = new_default(list)
    ended_reason: str | None = None        # "won", or "abandoned" when too few players are left
    removed: list[str] = new_default(list)    # the cards of players who left
    rules_version: Annotated[int, Field(exclude_if=_first_rules)] = 1   # RULES_VERSION when the game began

    def clone(self) -> GameState:
        """A private deep copy for one move: each part made again, its lists and dicts copied as
        _COPY_PLAN says. The card table and the owners never change after the set-up
        (which replaces them, see rules._finish_setup), so they are shared."""
        return _copy(self)

    # ------------------------------------------------------------------ lookups
    def card(self, uid: str) -> Design:
        """The card's design, whatever its kind (its names and effects)."""
        return designs()[self.card_ids[uid]]

    def play_card(self, uid: str) -> PlayCard:
        """A faction card's or treasure's design (in a hand, deck or discard pile, or played)."""
        return play_designs()[self.card_ids[uid]]

    def base_card(self, uid: str) -> Base:
        return base_designs()[self.card_ids[uid]]

    def monster_card(self, uid: str) -> Monster:
        return monster_designs()[self.card_ids[uid]]

    # effect and active_effects, asked for every card in play again and again, look the card up
    # themselves (what self.card does, without the call)

    def effect(self, uid: str, op: str):
        """The card's working effect with this op, if it has one (none while its abilities rest)."""
        if uid in self.silenced:
            return None
        card = designs()[self.card_ids[uid]]
        return next((e for e in card.effects if e.op == op), None) if op in ops_of(card) else None

    def active_effects(self, uid: str):
        """A card's effects, or none while its abilities are cancelled (Rude Awakening, Last Call,
        Potion of Paralysis: until the end of the turn)."""
        return () if uid in self.silenced else designs()[self.card_ids[uid]].effects

    def player(self, player_id: str) -> Seat:
        for seat in self.players:
            if seat.id == player_id:
                return seat
        raise KeyError(player_id)

    def has_player(self, player_id: str) -> bool:
        for seat in self.players:   # noqa: SIM110  (a plain loop: any() with a generator costs more)
            if seat.id == player_id:
                return True
        return False

    @property
    def active_player(self) -> Seat:
        return self.players[self.active]

    def base(self, uid: str) -> BaseInPlay:
        for base in self.bases:
            if base.uid == uid:
                return base
        raise KeyError(uid)

    def new_id(self) -> int:
        value = self.next_id
        put(self, "next_id", value + 1)
        return value

    def all_card_locations(self) -> list[str]:
        """Where every card lies, one entry per place (the invariants check each card lies in one). Built
        with extend and append: checked after every step, it should make no list per seat or minion on
        the way (one per base, its minions and monsters together, costs less than a loop over both)."""
        found = [*self.base_deck, *self.base_discard, *self.monster_deck, *self.monster_discard,
                 *self.treasure_deck, *self.treasure_discard, *self.removed]
        extend, append = found.extend, found.append
        for seat in self.players:
            extend(seat.deck)
            extend(seat.hand)
            extend(seat.discard)
        if self.scoring is not None:
            extend(self.scoring.set_aside)
            extend(self.scoring.loot)
        for base in self.bases:
            append(base.uid)
            extend(base.actions)
            for minion in base.minions + base.monsters:     # monsters carry cards as minions do
                append(minion.uid)
                if minion.attached:
                    extend(minion.attached)
        return found


# ---------------------------------------------------------------------- copying
_ATOMS = {str, int, NoneType}
_SHARED = {(GameState, name) for name in SHARED_FIELDS}


def _plan(cls: type) -> tuple[tuple[str, Any], ...]:
    """How a copy makes each field of a part of the state: None for a field it may share (text,
    numbers, None, the shared card table), a list or dict of strings and numbers as a shallow copy, a
    part (or a list of them) part by part. A field of any other type stops the import, so a field
    added later cannot be shared between a state and its copy by mistake."""
    plan: list[tuple[str, Any]] = []
    hints = get_type_hints(cls)
    for f in fields(cls):
        ann = hints[f.name]
        origin, args = get_origin(ann), get_args(ann)
        if (cls, f.name) in _SHARED or ann in _ATOMS or origin is Literal or (origin is UnionType
                                                                            and set(args) <= _ATOMS):
            plan.append((f.name, None))
        elif origin in (list, dict) and set(args) <= _ATOMS:
            plan.append((f.name, origin.copy))
        elif origin is list and args[0] in _COPY_PLAN:
            plan.append((f.name, _copy_list))
        elif origin is UnionType and len(args) == 2 and args[0] in _COPY_PLAN and args[1] is NoneType:
            plan.append((f.name, _copy_optional))
        else:
            raise TypeError(f"{cls.__name__}.{f.name}: no copy rule for {ann}")
    return tuple(plan)


def _copy(part: Any) -> Any:
    """A copy no list, dict or part of which is shared with the original (the same as reading its
    stored form back): every field set as the plan says (a third cheaper than the constructor's
    keywords, with nothing left to default)."""
    kind = type(part)
    made = _NEW(kind)
    for name, copy in _COPY_PLAN[kind]:
        value = getattr(part, name)
        setattr(made, name, value if copy is None else copy(value))
    return made


_NEW = object.__new__


def _copy_list(parts: list) -> list:
    return [_copy(p) for p in parts]


def _copy_optional(part: Any) -> Any:
    return None if part is None else _copy(part)


_COPY_PLAN: dict[type, tuple[tuple[str, Any], ...]] = {}
for _part in (Minion, BaseInPlay, Seat, Draft, Scoring, Decision, GameState):   # parts before wholes
    _COPY_PLAN[_part] = _plan(_part)
