"""The whole Munchkin game as one document of slotted dataclasses: decks and discard piles in order
included. It is read and written through pydantic (engine.core.documents) only where it is stored.

Derived values (combat strength, hand limits, who may act) are computed from this state each
time, never stored as running totals.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Annotated, Any, Literal

from pydantic import Field

from engine.core.documents import Document, copied, new_default, part
from engine.munchkin.cards import Card, catalog
from engine.munchkin.sets.impossible_names import mixed_with_impossible

RULES_VERSION = 2
# From version 2 the cards that version 1 left to the table are played by the engine (Schummeln!,
# Sekret-Sammler, Gezinkter Würfel …: cards.PLAY_NAMES and the fields they read); a game begun
# before keeps announcing them as the table's to settle, so that its log replays as it was played.
CARDS_PLAYED_FROM = 2
# From rules version 2 on (issue #37, points 9-13): Impossible's mixing rules by name (the card table,
# card_table), an extra big item's question withdrawn once it fits again, Halb-Blut's second race on
# one's own turn only (Shakespeare) and only an ally sacrificed to escape (Axe Cop). A game begun
# before keeps the rules it was played by.
MIX_AND_ALLOWANCE_RULES = 2
# Rules fixed in version 2 (issue #37, points 1-8): a game begun under version 1 keeps the old reading,
# so that its stored log replays as it was played (table.replay). Each constant is the first version
# with that rule.
OWN_TRAITS_PER_FIGHTER = 2       # a monster's "+N against X" judged on fighter and helper apart (C182, I115)
TRADED_ITEMS_LAID_OUT = 2        # a traded item goes down in use at once and may be put on then (C296, I203)
LOOTING_AFTER_THE_COMBAT = 2     # the corpse is looted once the combat is over, the loot laid out at once (C246)
HELPER_REACHES_TEN_BY_THE_KILL = 2   # a helper who goes up for a kill may reach level 10 by it (C27, I63)
HALF_CLASS_SPARES_RESTRICTIONS = 2   # Super Munchkin / Half-Breed with one card: no item restriction of it (C266)
LIMITS_AFTER_AN_ALLOWANCE_GOES = 2   # losing Super Munchkin, an agent or extra training: pick what to keep
LOSE_ALL_ITEMS_TAKES_THE_BACKPACK = 2   # "lose all items" takes the carried ones too
GIFTS_SELLABLE_AT_ONCE = 2       # Impossible: an item given without a trade is no traded item (I205)
Phase = Literal["start", "trouble", "after", "charity", "over"]
Sex = Literal["male", "female"]


def _unset(value: object) -> bool:
    return value is None




@part
class Options(Document):
    faster_play: bool = False       # phase 0 "listen at the door"; looting draws a treasure
    shared_victory: bool = False    # the helper wins too when the fighter reaches 10 with help


@part
class ItemInPlay(Document):
    uid: str
    in_use: bool = True
    enhancers: list[str] = new_default(list)   # item enhancers travel with their item
    on_follower: str | None = None     # Axe Cop: carried by this ally (counts for its player)


@part
class Player(Document):
    id: str
    name: str
    sex: Sex = "male"
    level: int = 1
    hand: list[str] = new_default(list)
    items: list[ItemInPlay] = new_default(list)
    classes: list[str] = new_default(list)
    races: list[str] = new_default(list)
    super_munchkin: str | None = None
    half_breed: str | None = None
    curses: list[str] = new_default(list)   # curses (and traps) that stay on the player
    loyalties: list[str] = new_default(list)   # Impossible
    trainings: list[str] = new_default(list)   # Impossible
    powers: list[str] = new_default(list)      # Axe Cop
    followers: list[str] = new_default(list)   # hirelings (Impossible) and allies (Axe Cop)
    extras: list[str] = new_default(list)      # double/triple agent, extra training
    needs_new_hand: bool = False                       # died: draws a new hand next turn
    fresh: dict[str, int] = new_default(dict)  # uid -> last turn it counts as "just received"
    traded: list[str] = new_default(list)      # Impossible: items from a trade, unsellable until own turn
    used_this_turn: list[str] = new_default(list)  # once-a-turn abilities already used


@part
class CombatMonster(Document):
    uid: str
    enhancers: list[str] = new_default(list)
    followed: bool = False      # joined because its kind was in the fight (it calls no further Goth)
    called: bool = False        # a Goth that already brought another one in
    by: str | None = None       # who drew or played it (Cthulhu: that player calls a further Goth first)


@part
class PlayedOneShot(Document):
    uid: str
    side: Literal["players", "monsters"]


@part
class Bribe(Document):
    treasures: int = 0
    helper_first: bool = False


@part
class Combat(Document):
    fighter: str
    helper: str | None = None
    bribe: Bribe = new_default(Bribe)
    monsters: list[CombatMonster] = new_default(list)
    defeated: list[CombatMonster] = new_default(list)  # removed without being killed
    one_shots: list[PlayedOneShot] = new_default(list)
    stage: Literal["fight", "run", "reward"] = "fight"
    window: int = 0
    passed: list[str] = new_default(list)
    run_queue: list[str] = new_default(list)      # who still has to flee, in order
    fled: dict[str, list[str]] = new_default(dict)  # player -> monsters already rolled for
    reward: list[str] = new_default(list)          # treasures drawn face up, to be split
    reward_taken: dict[str, int] = new_default(dict)
    # what class abilities added in this fight: strength and run-away bonus per player, and
    # the monsters' side (a thief's backstab); uses counted per "ability:player"
    ability_bonus: dict[str, int] = new_default(dict)
    run_bonus: dict[str, int] = new_default(dict)
    monster_bonus: int = 0
    ability_uses: dict[str, int] = new_default(dict)
    # Sonnenfinsternis: who played it; the treasures are then split evenly, the odd one theirs. Left out
    # of the stored state while unset, so that states stored before the card was played read the same.
    split_evenly_by: Annotated[str | None, Field(exclude_if=_unset)] = None


@part
class Decision(Document):
    """A choice owed by one player. ``default`` is taken when its deadline passes."""

    id: int
    player: str
    kind: str
    options: list[str]
    default: str
    blocking: bool = True
    params: dict[str, Any] = new_default(dict)


@part
class Corpse(Document):
    owner: str
    cards: list[str]
    order: list[str]     # who picks, highest level first
    next: int = 0


@part
class Charity(Document):
    giver: str
    recipients: list[str]       # empty: the giver is (one of) the lowest and discards
    excess: int
    given: dict[str, int] = new_default(dict)


class _Worked(Document):
    """What a game works out once and keeps beside its fields (never stored): see GameState."""

    __slots__ = ("_catalog", "_seated", "_uids")


@part
class GameState(_Worked):
    rules_version: int = RULES_VERSION
    game: Literal["munchkin"] = "munchkin"
    seed: int
    rng: int
    sets: list[str]
    options: Options = new_default(Options)
    card_ids: dict[str, str]            # card instance uid -> card design id
    door_deck: list[str] = new_default(list)
    door_discard: list[str] = new_default(list)
    treasure_deck: list[str] = new_default(list)
    treasure_discard: list[str] = new_default(list)
    resolving: list[str] = new_default(list)  # a card whose effect waits on a decision
    players: list[Player]
    active: int = 0
    turn: int = 1
    phase: Phase = "start"
    combat: Combat | None = None
    decisions: list[Decision] = new_default(list)
    corpses: list[Corpse] = new_default(list)
    charity: Charity | None = None
    turn_passes: bool = False           # the active player died: the turn ends after the combat
    next_id: int = 1
    cultist_discard: list[str] = new_default(list)  # Cthulhu: not a discard pile for other purposes
    lone_human_rewarded: bool = False   # Cthulhu: the last non-Kultist already got the level for it
    winners: list[str] = new_default(list)
    ended_reason: str | None = None     # "won", or "abandoned" when too few players are left

    def __post_init__(self) -> None:
        self._catalog: dict[str, Card] | None = None
        self._seated: tuple[int, frozenset[str]] | None = None   # see has_player
        self._uids: tuple[dict[str, str], frozenset[str]] | None = None   # see card_uids

    # ------------------------------------------------------------------ lookups
    @property
    def cards_played_by_engine(self) -> bool:
        """The game plays the cards version 1 left to the table (CARDS_PLAYED_FROM)."""
        return self.rules_version >= CARDS_PLAYED_FROM

    def card(self, uid: str) -> Card:
        """The card design of a card uid, from the game's card table (card_table). The table is worked
        out at the first lookup and kept, so a state of another rules version is made by validation
        (as a stored game is read), not by setting rules_version on a state already looked into."""
        cards = self._catalog
        if cards is None:
            cards = self._catalog = card_table(tuple(self.sets), self.rules_version)
        return cards[self.card_ids[uid]]

    def cards(self) -> dict[str, Card]:
        """The game's card table by design id (card_table), worked out once."""
        cards = self._catalog
        if cards is None:
            cards = self._catalog = card_table(tuple(self.sets), self.rules_version)
        return cards

    def clone(self) -> GameState:
        """A deep copy to change (engine.core.documents.copied); the card table never changes after
        setup, so it is shared (the same dict, with what was worked out from it)."""
        values: dict[str, Any] = {name: self.card_ids if name == "card_ids" else copied(getattr(self, name))
                                  for name in _STATE_FIELDS}
        copy = GameState(**values)
        copy._catalog = self._catalog
        copy._uids = self._uids
        return copy

    def card_uids(self) -> frozenset[str]:
        """Every card uid of the game, worked out once: the card table never changes after setup (a
        new table given to the state is noticed)."""
        card_ids, uids = self.card_ids, self._uids
        if uids is None or uids[0] is not card_ids:
            uids = self._uids = (card_ids, frozenset(card_ids))
        return uids[1]

    def player(self, player_id: str) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    def has_player(self, player_id: str) -> bool:
        """O(1): the seated ids are remembered with the number of seats. Players only ever leave a
        started game (never join it), so a changed count is the only way the ids change."""
        seated = self._seated
        if seated is None or seated[0] != len(self.players):
            seated = self._seated = (len(self.players), frozenset(p.id for p in self.players))
        return player_id in seated[1]

    @property
    def active_player(self) -> Player:
        return self.players[self.active]

    def decision(self, decision_id: int) -> Decision | None:
        for decision in self.decisions:
            if decision.id == decision_id:
                return decision
        return None

    def new_id(self) -> int:
        value = self.next_id
        self.next_id += 1
        return value

    def all_card_locations(self) -> list[str]:
        """Every card uid wherever it lies (used to check that each card is in exactly one place, after
        every step of the simulator: gathered zone by zone onto one list, a player's lists of uids in
        one list display, the quickest way found)."""
        found = [*self.door_deck, *self.door_discard, *self.treasure_deck, *self.treasure_discard,
                 *self.resolving, *self.cultist_discard]
        for p in self.players:
            found += p.hand
            for item in p.items:
                found.append(item.uid)
                if item.enhancers:
                    found += item.enhancers
            found += [*p.classes, *p.races, *p.curses, *p.loyalties, *p.trainings, *p.powers, *p.followers,
                      *p.extras]
            if p.super_munchkin:
                found.append(p.super_munchkin)
            if p.half_breed:
                found.append(p.half_breed)
        combat = self.combat
        if combat:
            for m in (*combat.monsters, *combat.defeated):
                found += [m.uid, *m.enhancers]
            found += [o.uid for o in combat.one_shots] + combat.reward
        for corpse in self.corpses:
            found += corpse.cards
        return found


_STATE_FIELDS = tuple(f.name for f in fields(GameState))

_MIXED: dict[tuple[str, ...], tuple[dict[str, Card], dict[str, Card]]] = {}   # sets -> (catalog, its mix)


def card_table(sets: tuple[str, ...], rules_version: int) -> dict[str, Card]:
    """The card designs of a game of these sets: a game with Impossible reads the other sets' items
    by their names (engine.munchkin.sets.impossible_names), from MIX_AND_ALLOWANCE_RULES on. The mix is
    made once for each catalog (a host's card files given anew make a new catalog)."""
    cards = catalog(sets)
    if "impossible" not in sets or len(sets) == 1 or rules_version < MIX_AND_ALLOWANCE_RULES:
        return cards
    kept = _MIXED.get(sets)
    if kept is None or kept[0] is not cards:
        kept = _MIXED[sets] = (cards, mixed_with_impossible(cards, frozenset(catalog(("impossible",)))))
    return kept[1]

