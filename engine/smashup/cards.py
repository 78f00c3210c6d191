"""Smash Up – Munchkin cards as data (data/smashup/cards.yaml): faction cards, bases, monsters and
treasures, with provenance: frozen slotted dataclasses, validated by pydantic where the card file is
read (CardData). What a card does is a list of effects from the
vocabulary of ops (engine.smashup.registry); a card marked ``manual`` is announced as settled by the table."""

from __future__ import annotations

from dataclasses import field
from functools import cache, wraps
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from engine.core.documents import Document, frozen_part
from engine.munchkin.cards import Provenance

DATA_FILE = Path(__file__).resolve().parents[2] / "data" / "smashup" / "cards.yaml"
TESTS_FILE = DATA_FILE.with_name("card_tests.yaml")     # which tests exercise each card's ability


@frozen_part
class Effect(Document):
    op: str
    n: int = 1
    who: str | None = None
    max_power: int | None = None
    what: str | None = None
    where: str | None = None


@frozen_part
class Faction(Document):
    id: str
    name_de: str
    name_en: str


@frozen_part
class _Card(Document):
    """What every card has: names, its effects, whether the engine plays it, where it comes from."""

    id: str
    name_de: str
    name_en: str
    effects: tuple[Effect, ...] = ()
    manual: bool = False
    provenance: Provenance = field(default_factory=Provenance)


@frozen_part
class PlayCard(_Card):
    """A faction card or a treasure: a minion with power, or an action."""

    kind: Literal["minion", "action"]
    count: Annotated[int, Field(ge=1)] = 1
    faction: str | None = None          # treasures have none
    power: int = 0
    keywords: tuple[str, ...] = ()


@frozen_part
class Base(_Card):
    breakpoint: int
    vp: tuple[int, int, int]
    monsters: int


@frozen_part
class Monster(_Card):
    count: int = 1
    power: int
    treasures: int
    undead: bool = False


class CardData(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: Literal["smashup"]
    sources: dict[str, str]
    factions: list[Faction]
    cards: list[PlayCard]
    bases: list[Base]
    monsters: list[Monster]
    treasures: list[PlayCard]


# libyaml's loader where PyYAML has it: the card file loads in ~13 ms instead of ~95 ms
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@cache
def data() -> CardData:
    return CardData.model_validate(yaml.load(DATA_FILE.read_text(encoding="utf-8"), Loader=_LOADER))


@cache
def card_tests() -> dict[str, list[str]]:
    return yaml.safe_load(TESTS_FILE.read_text(encoding="utf-8")) or {}


Design = PlayCard | Base | Monster


@cache
def designs() -> dict[str, Design]:
    """Every design by id, whatever its kind (names, effects, provenance)."""
    d = data()
    found: dict[str, Design] = {}
    for group in (d.cards, d.bases, d.monsters, d.treasures):
        for card in group:
            found[card.id] = card
    return found


# The same designs by kind: a card's kind is fixed by the pile it was dealt from (hands, decks, discards
# and the minions and actions in play hold faction cards and treasures; the base deck bases; the monster
# deck monsters), so each lookup says which kind it expects and is typed by it.
@cache
def play_designs() -> dict[str, PlayCard]:
    """Faction cards and treasures."""
    d = data()
    return {c.id: c for c in (*d.cards, *d.treasures)}


@cache
def base_designs() -> dict[str, Base]:
    return {c.id: c for c in data().bases}


@cache
def monster_designs() -> dict[str, Monster]:
    return {c.id: c for c in data().monsters}


def per_card(fn):
    """For a function of a card design alone (and fixed flags): worked out once per design. Keyed by
    the design object itself, so a design replaced (a host's card file, a test) is worked out anew.
    A function of the design alone gets a wrapper without the flags (it is called by the hundred
    thousand while moves are listed); its values by id() are its ``found``, for a loop over every
    card in play that looks up in place and calls the function only for a design not yet seen."""
    found: dict[Any, tuple[Any, Any]] = {}
    if fn.__code__.co_argcount == 1:
        values: dict[int, Any] = {}
        kept: list = []       # each design worked out stays alive, so no other object takes its id()

        @wraps(fn)
        def remembered_one(card):
            try:
                return values[id(card)]
            except KeyError:
                kept.append(card)
                value = values[id(card)] = fn(card)
                return value

        remembered_one.found = values       # type: ignore[attr-defined]  # (for a loop that looks up in place)
        return remembered_one

    @wraps(fn)
    def remembered(card, *flags):
        key = (id(card), *flags)
        entry = found.get(key)
        if entry is None or entry[0] is not card:
            entry = found[key] = (card, fn(card, *flags))
        return entry[1]

    return remembered


@per_card
def ops_of(card) -> frozenset[str]:
    """The ops of a design's effects."""
    return frozenset(e.op for e in card.effects)


# ops_of's memo by id() of the design, for the scans over every card in play that look a design's ops
# up in place (``OPS_BY_ID.get(id(card)) or ops_of(card)``: the call only for a design not yet seen)
OPS_BY_ID: dict[int, frozenset[str]] = ops_of.found      # type: ignore[attr-defined]
