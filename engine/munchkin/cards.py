"""Cards as data: frozen dataclasses every card file is validated against (pydantic, CardFile), and
the catalog.

Most cards are fully described by numbers (level, treasures, bonuses, slot, value, bad stuff).
What numbers cannot say is an ``Effect`` with ``op="handler"`` naming a function of the engine
(``HANDLER_NAMES``, registered in ``engine.munchkin.registry``); a card marked ``manual`` is announced
as not automated when played.
"""

from __future__ import annotations

import re
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.core.documents import Document

# a card's parts are frozen dataclasses (read at every listing and check), validated where a card file
# is read (CardFile)
from engine.core.documents import frozen_part as design

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "cards"
# the same safe loading, done in C where PyYAML was built with libyaml (about 7 times faster: a run of
# the simulator reads the card files once, which was a second's tenth of it)
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

Deck = Literal["door", "treasure"]
Kind = Literal[
    "monster", "curse", "class", "race", "item", "oneshot", "enhancer", "wandering",
    "level_up", "super_munchkin", "half_breed", "item_enhancer",
    # set mechanics: Impossible (loyalties, training, hirelings, traps, agents, extra training),
    # Axe Cop (powers with a rank, allies)
    "loyalty", "training", "hireling", "ally", "power", "trap", "extra_loyalty", "extra_training",
    # a card whose effects act on a player (the one who plays it unless a target is named), any time
    "effect",
]
# hirelings and allies are one kind of follower: "Kombiniere" makes them interchangeable
FOLLOWER_KINDS = ("hireling", "ally")
# the kinds that go on the table in front of their player like a class
ABILITY_KINDS = ("class", "race", "loyalty", "training", "power")
Slot = Literal["headgear", "armor", "footgear", "hand", "two_hands", "vehicle", "none"]
EffectOp = Literal[
    "lose_levels",      # n levels, never below 1
    "lose_item",        # one item: slot "any", "big" or a slot name; the victim picks among several
    "lose_all_items",   # every item in a slot ("any" for all)
    "lose_class",       # one class; the victim picks among several
    "lose_race",
    "change_sex",
    "death",            # "you are dead": ends further run-away rolls
    "discard_hand",
    "become_cultist",   # Cthulhu: take a Kultist card from the cultist pile, if there is one
    "lose_follower",    # one hireling or ally; the victim picks among several
    "lose_power",       # one Axe Cop power; the victim picks among several
    "combat_malus",     # -n to the victim's strength, now if in combat, else in their next combat
    "lose_items_worth",  # items in play worth at least n gold; the victim picks them one by one
    "handler",          # a named Python function does it (HANDLER_NAMES)
]
# The names card data may give a "handler" effect and an entry of "abilities": the engine's functions
# for what numbers cannot say. The modules that implement them register them under these names
# (engine.munchkin.registry, engine.munchkin.abilities); tests/test_import_layers.py checks that the
# lists and what is registered agree. Listed here, so that reading a card needs no engine code.
HANDLER_NAMES = frozenset({
    "cultist_or_lose_1000_gold", "draw_three_treasures", "draw_two_doors", "lose_big_item",
    "lose_class_or_level", "lose_class_unless_cultist", "lose_classes_but_cultist", "lose_level_per_hand_card",
    "lose_level_unless_armour", "lose_loyalty", "lose_most_valuable_item", "lose_training",
    "lose_two_levels_if_high", "lose_unused_items", "remove_curse", "swap_cultist_for_discarded_class",
    "toggle_cultist",
})
# The names card data may give "play": a card whose playing is a function of the engine of its own
# (registry.PLAYS, registered by the set modules), from Munchkin rules version 2 on.
PLAY_NAMES = frozenset({
    "cheat", "cinematic_third_hand", "ia_rlyeh", "ichor_picker", "kicker_ichor", "mutation", "o_rlyeh",
    "solar_eclipse",
})
ABILITY_NAMES = frozenset({
    "backstab", "battle_roll", "berserk", "charm", "double_sale", "flight", "resurrection", "steal", "turning",
})




@design
class Effect(Document):
    op: EffectOp
    n: int = 1
    slot: str | None = None
    handler: str | None = None


PROVENANCE_FIELDS = ("name_en", "name_de", "numbers", "kind", "count", "effects")


@design
class Provenance(Document):
    """Where a card's facts come from. ``sources`` name entries of the file's ``sources``; ``ours``
    lists what we made up: "name_en", "name_de" (our translation), "numbers" (level, bonus,
    treasures, value, ...), "kind", "count", "effects" (what it does). A card without sources is
    ours through and through. The texts are always in our own words."""

    sources: tuple[str, ...] = ()
    ours: tuple[Literal["name_en", "name_de", "numbers", "kind", "count", "effects"], ...] = ()

    @property
    def origin(self) -> Literal["official", "partly_ours", "ours"]:
        if not self.sources:
            return "ours"
        return "partly_ours" if self.ours else "official"


@design
class Card(Document):
    """One card design. ``count`` copies of it are in the deck."""

    id: str
    name_de: str
    name_en: str
    deck: Deck
    kind: Kind
    count: Annotated[int, Field(ge=1)] = 1
    text_de: str = ""
    text_en: str = ""
    # monsters
    level: int = 0
    treasures: int = 0
    levels: int = 1
    traits: tuple[str, ...] = ()
    # a monster's "+N against X" ("class:fighter", "sex:female"); an item's or one-shot's bonus against
    # monsters with a trait ("monster:undead")
    bonus_vs: dict[str, int] = field(default_factory=dict)
    run_away: int = 0
    no_pursue_max: int | None = None
    bad_stuff: tuple[Effect, ...] = ()
    # items, one-shots, enhancers, classes, races
    slot: Slot | None = None
    bonus: int = 0
    value: int = 0
    big: bool = False
    usable_by: tuple[str, ...] = ()
    # a monster enhancer that takes treasures but leaves at least this many
    treasures_at_least: int = 0
    # a one-shot that removes a monster from combat without killing it
    defeats_monster: bool = False
    # classes and races
    wins_ties: bool = False
    hand_limit: int | None = None
    helper_gains_level: bool = False
    extra_big_items: int = 0
    # curses and other cards with effects
    effects: tuple[Effect, ...] = ()
    # a monster's effects on whoever fights it, win or lose (e.g. "you become a Cultist")
    on_meet: tuple[Effect, ...] = ()
    # a card the engine cannot automate: announced as such when played
    manual: bool = False
    # a card played by a function of its own instead of its kind's rule (PLAY_NAMES)
    play: str | None = None
    # Kultausweis: its owner counts as a Kultist or not, whichever is better for them at the moment
    cultist_at_will: bool = False
    # Gezinkter Würfel: after the owner's run-away roll, the number it shows may be chosen
    sets_die: bool = False
    # Schummeln!: the item it lies on is in use whatever its restriction or a full slot say
    lifts_item_limits: bool = False
    # Nach Kinoregeln erschaffen: hands for items beyond the two, while the card lies before its player
    extra_hands: int = 0
    # sets: Axe Cop powers' rank; followers a class allows beyond the first; a level-up that may
    # give the winning level (Shakespeare's two game-ending cards)
    rank: int = 0
    extra_followers: int = 0
    reaches_level_10: bool = False
    # abilities used by discarding cards or at a moment of choice (engine.munchkin.abilities)
    abilities: tuple[str, ...] = ()
    # an ability card's bonus while its owner uses an item with a trait ({"item:knife": 3})
    bonus_with: dict[str, int] = field(default_factory=dict)
    # an item that kills these monsters (card ids) outright when its owner fights them
    kills: tuple[str, ...] = ()
    # one-shots: a bonus to run away in this combat; a bonus for each munchkin and monster in the fight
    run_bonus: int = 0
    bonus_per_combatant: int = 0
    # "will not pursue" only for those with this trait ("sex:female")
    no_pursue_only: str | None = None
    # Impossible: a monster friendly to these ("loyalty:russian") is no fight when they meet it
    friendly_to: tuple[str, ...] = ()
    # Impossible's Super Munchkin (I l.265): played together with a second class from the hand
    # while one class is in play; lost as soon as either class goes
    pairs_classes: bool = False
    # Axe Cop: an item that may be played on an ally (it counts for you, the ally carries it)
    ally_item: bool = False
    provenance: Provenance = field(default_factory=Provenance)

    @property
    def is_one_shot(self) -> bool:
        return self.kind == "oneshot"

    @property
    def automated(self) -> bool:
        if self.manual:
            return False
        named = [e.handler for e in (*self.effects, *self.bad_stuff, *self.on_meet) if e.op == "handler"]
        return (all(name in HANDLER_NAMES for name in named) and all(a in ABILITY_NAMES for a in self.abilities)
                and (self.play is None or self.play in PLAY_NAMES))


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    set: str = Field(pattern=r"^[a-z0-9_]+$")   # a key as --sets and /neu name it: lower case
    sources: dict[str, str] = Field(default_factory=dict)   # source id -> what it is
    cards: list[Card]



class CardDataError(ValueError):
    """A card file that does not validate: names the file, the card and the field (as far as the
    file's text lets them be found)."""


CARD_ID = re.compile(r"\bid\s*:\s*([^\s,}]+)")
FIELD_KEY = re.compile(r"([A-Za-z_][\w]*)\s*:")


def _place(text: str, offset: int) -> str:
    """Where in a card file a character is: "line 3, card x5, field name_de" (the last id and key
    written before it; those not found are left out)."""
    before = text[:offset]
    parts = [f"line {before.count(chr(10)) + 1}"]
    cards_start = before.find("cards:")
    ids = CARD_ID.findall(before[cards_start:]) if cards_start >= 0 else []
    if ids:
        parts.append(f"card {ids[-1]}")
    keys = FIELD_KEY.findall(before.rsplit("\n", 1)[-1]) or FIELD_KEY.findall(before)
    if keys:
        parts.append(f"field {keys[-1]}")
    return ", ".join(parts)


def _read_yaml(path: Path) -> Any:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CardDataError(f"{path.name}: cannot be read ({exc.strerror or exc})") from exc
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        readable = data[:exc.start].decode("utf-8", errors="replace")
        raise CardDataError(f"{path.name}: {_place(readable, len(readable))}: not UTF-8 text "
                            f"(byte {exc.start})") from exc
    try:
        return yaml.load(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = _place(text, mark.index) if mark is not None else "line ?"
        problem = getattr(exc, "problem", None) or str(exc)
        raise CardDataError(f"{path.name}: {where}: not valid YAML ({problem})") from exc


def _validation_place(raw: Any, loc: list) -> str:
    """A pydantic error's location as "card chibithulhu: field level" (or "field set")."""
    card = None
    if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
        try:
            card = raw["cards"][loc[1]].get("id", f"#{loc[1] + 1}")
        except (KeyError, IndexError, TypeError, AttributeError):
            card = f"#{loc[1] + 1}"
        loc = loc[2:]
    field = ".".join(str(part) for part in loc)
    parts = ([f"card {card}"] if card is not None else []) + ([f"field {field}"] if field else [])
    return ": ".join(parts) or "the file as a whole"


def load_card_file(path: Path) -> CardFile:
    raw = _read_yaml(path)
    try:
        card_file = CardFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise CardDataError(f"{path.name}: {_validation_place(raw, list(first['loc']))}: {first['msg']}") from exc
    seen: set[str] = set()
    for card in card_file.cards:
        if card.id in seen:
            raise CardDataError(f"{path.name}: card {card.id}: field id: duplicate id")
        seen.add(card.id)
        unknown = [s for s in card.provenance.sources if s not in card_file.sources]
        if unknown:
            raise CardDataError(f"{path.name}: card {card.id}: field provenance.sources: unknown source {unknown[0]}")
    return card_file


def check_names(path: Path, card_file: CardFile) -> None:
    """A handler or ability the engine does not know would quietly leave the card to the table: a
    misspelt name is refused instead."""
    for card in card_file.cards:
        for zone in ("effects", "bad_stuff", "on_meet"):
            for index, effect in enumerate(getattr(card, zone)):
                if effect.op == "handler" and effect.handler not in HANDLER_NAMES:
                    raise CardDataError(f"{path.name}: card {card.id}: field {zone}.{index}.handler: "
                                        f"unknown handler {effect.handler!r}")
        if card.play is not None and card.play not in PLAY_NAMES:
            raise CardDataError(f"{path.name}: card {card.id}: field play: unknown play {card.play!r}")
        for index, ability in enumerate(card.abilities):
            if ability not in ABILITY_NAMES:
                raise CardDataError(f"{path.name}: card {card.id}: field abilities.{index}: "
                                    f"unknown ability {ability!r}")


# A host may put corrected or additional card files in a folder of their own (setting CARD_DIR):
# a file for a known set replaces cards by id and adds new ones; a file for a new set adds the set.
_host_card_dir: Path | None = None


def host_files(folder: Path | None = None) -> list[Path]:
    """The host's card files, .yaml and .yml alike."""
    folder = folder or _host_card_dir
    if folder is None:
        return []
    return sorted(p for pattern in ("*.yaml", "*.yml") for p in folder.glob(pattern))


def use_host_card_dir(folder: Path | None) -> dict[str, int]:
    """Validate every file in the host's folder now (start-up), then use it. Returns cards per set.
    Raises CardDataError naming the file, the card and the field; the folder is then not used."""
    global _host_card_dir
    counts: dict[str, int] = {}
    if folder is not None:
        if not folder.is_dir():
            raise CardDataError(f"{folder}: not a folder of card files")
        for path in host_files(folder):
            card_file = load_card_file(path)
            check_names(path, card_file)
            counts[card_file.set] = counts.get(card_file.set, 0) + len(card_file.cards)
    _host_card_dir = folder
    for cached in (load_set, catalog, cultist_cards, cards_with_abilities, card_kinds, game_ending_cards,
                   cultist_at_will_cards):
        cached.cache_clear()
    if folder is not None:
        try:
            check_ids_across_sets()
        except CardDataError:
            _host_card_dir = None
            raise
    return counts


def check_ids_across_sets() -> None:
    """Any sets may be mixed, so a card id belongs to one set only; a host file that reuses another
    set's id is named (ours never do)."""
    owner: dict[str, tuple[str, Path]] = {}
    for set_key in available_sets():
        for path in set_files(set_key):
            for card in load_card_file(path).cards:
                here, there = (set_key, path), owner.setdefault(card.id, (set_key, path))
                if there[0] != set_key:
                    if path.parent == DATA_DIR:     # name the host's file, not ours
                        here, there = there, here
                    raise CardDataError(f"{here[1].name}: card {card.id}: field id: also a card of set "
                                        f"{there[0]} ({there[1].name})")


def set_files(set_key: str) -> list[Path]:
    """The files that make up one set: ours first, then the host's corrections."""
    files = [DATA_DIR / f"{set_key}.yaml"] if (DATA_DIR / f"{set_key}.yaml").exists() else []
    if _host_card_dir is not None:
        files += [p for p in host_files() if load_card_file(p).set == set_key]
    if not files:
        raise CardDataError(f"{set_key}.yaml: field set: no such card set")
    return files


@cache
def load_set(set_key: str) -> tuple[dict[str, Card], dict[str, str]]:
    """One set's cards by id (host corrections applied) and its sources; read once (the files are YAML,
    slow to parse), so treat the dicts as read-only."""
    cards: dict[str, Card] = {}
    sources: dict[str, str] = {}
    for path in set_files(set_key):
        card_file = load_card_file(path)
        sources.update(card_file.sources)
        for card in card_file.cards:
            cards[card.id] = card
    return cards, sources


@cache
def catalog(sets: tuple[str, ...]) -> dict[str, Card]:
    """Every card design of the given sets, by id."""
    cards: dict[str, Card] = {}
    for set_key in sets:
        for card_id, card in load_set(set_key)[0].items():
            if card_id in cards:
                raise CardDataError(f"{set_key}.yaml: card {card_id}: field id: duplicate id")
            cards[card_id] = card
    return cards


@cache
def cultist_cards(sets: tuple[str, ...]) -> frozenset[str]:
    """The Kultist class cards of these sets (Cthulhu), worked out once per set combination."""
    return frozenset(c.id for c in catalog(sets).values() if c.kind == "class" and "cultist" in c.traits)


@cache
def cards_with_abilities(sets: tuple[str, ...]) -> frozenset[str]:
    """The cards of these sets that carry an ability (engine.munchkin.abilities)."""
    return frozenset(c.id for c in catalog(sets).values() if c.abilities)


@cache
def cultist_at_will_cards(sets: tuple[str, ...]) -> frozenset[str]:
    """The cards of these sets whose owner counts as a Kultist or not at will (Kultausweis)."""
    return frozenset(c.id for c in catalog(sets).values() if c.cultist_at_will)


@cache
def card_kinds(sets: tuple[str, ...]) -> frozenset[str]:
    """The kinds of card these sets have (a rule about powers or followers has nothing to watch
    in a game without them)."""
    return frozenset(c.kind for c in catalog(sets).values())


@cache
def game_ending_cards(sets: tuple[str, ...]) -> frozenset[str]:
    """Level cards that may give the tenth level (Shakespeare)."""
    return frozenset(c.id for c in catalog(sets).values() if c.reaches_level_10)


def available_sets() -> list[str]:
    keys = {p.stem for p in DATA_DIR.glob("*.yaml")}
    if _host_card_dir is not None:
        keys |= {load_card_file(p).set for p in host_files()}
    return sorted(keys)
