"""Cards as data: the pydantic model every card file is validated against, and the catalog.

Most cards are fully described by numbers (level, treasures, bonuses, slot, value, bad stuff).
What numbers cannot say is an ``Effect`` with ``op="handler"`` naming a function registered in
``engine.munchkin.effects``; a card marked ``manual`` is announced as not automated when played.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "cards"

Deck = Literal["door", "treasure"]
Kind = Literal[
    "monster", "curse", "class", "race", "item", "oneshot", "enhancer", "wandering",
    "level_up", "super_munchkin", "half_breed", "item_enhancer",
]
Slot = Literal["headgear", "armor", "footgear", "hand", "two_hands", "none"]
EffectOp = Literal[
    "lose_levels",      # n levels, never below 1
    "lose_item",        # one item: slot "any", "big" or a slot name; the victim picks among several
    "lose_all_items",   # every item in a slot ("any" for all)
    "lose_class",       # one class; the victim picks among several
    "lose_race",
    "change_sex",
    "death",            # "you are dead": ends further run-away rolls
    "discard_hand",
    "combat_malus",     # -n to the victim's strength, now if in combat, else in their next combat
    "handler",          # a named Python function does it (engine.munchkin.effects)
]


class Effect(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    op: EffectOp
    n: int = 1
    slot: str | None = None
    handler: str | None = None


class Card(BaseModel):
    """One card design. ``count`` copies of it are in the deck."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    name_de: str
    name_en: str
    deck: Deck
    kind: Kind
    count: int = Field(default=1, ge=1)
    text_de: str = ""
    text_en: str = ""
    # monsters
    level: int = 0
    treasures: int = 0
    levels: int = 1
    traits: tuple[str, ...] = ()
    # a monster's "+N against X" ("class:fighter", "sex:female"); an item's or one-shot's bonus against
    # monsters with a trait ("monster:undead")
    bonus_vs: dict[str, int] = Field(default_factory=dict)
    run_away: int = 0
    no_pursue_max: int | None = None
    bad_stuff: tuple[Effect, ...] = ()
    # items, one-shots, enhancers, classes, races
    slot: Slot | None = None
    bonus: int = 0
    value: int = 0
    big: bool = False
    usable_by: tuple[str, ...] = ()
    # a one-shot that removes a monster from combat without killing it
    defeats_monster: bool = False
    # classes and races
    wins_ties: bool = False
    hand_limit: int | None = None
    helper_gains_level: bool = False
    extra_big_items: int = 0
    # curses and other cards with effects
    effects: tuple[Effect, ...] = ()
    # a card the engine cannot automate: announced as such when played
    manual: bool = False

    @property
    def is_one_shot(self) -> bool:
        return self.kind == "oneshot"

    @property
    def automated(self) -> bool:
        from engine.munchkin.effects import HANDLERS

        if self.manual:
            return False
        named = [e.handler for e in (*self.effects, *self.bad_stuff) if e.op == "handler"]
        return all(name in HANDLERS for name in named)


class CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    set: str
    cards: list[Card]


class CardDataError(ValueError):
    """A card file that does not validate: names the file, the card and the field."""


def load_card_file(path: Path) -> CardFile:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    try:
        return CardFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = list(first["loc"])
        card = "?"
        if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
            try:
                card = raw["cards"][loc[1]].get("id", f"#{loc[1]}")
            except (KeyError, IndexError, TypeError, AttributeError):
                card = f"#{loc[1]}"
            loc = loc[2:]
        field = ".".join(str(part) for part in loc) or "?"
        raise CardDataError(f"{path.name}: card {card}: field {field}: {first['msg']}") from exc


@cache
def catalog(sets: tuple[str, ...]) -> dict[str, Card]:
    """Every card design of the given sets, by id."""
    cards: dict[str, Card] = {}
    for set_key in sets:
        for card in load_card_file(DATA_DIR / f"{set_key}.yaml").cards:
            if card.id in cards:
                raise CardDataError(f"{set_key}.yaml: card {card.id}: field id: duplicate id")
            cards[card.id] = card
    return cards
