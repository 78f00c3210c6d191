"""Every move in Munchkin as a frozen slotted dataclass (validated by pydantic where it comes from
outside: parse_action). ``actor`` is the seat's player id.

A ``Timeout`` is submitted by the table's scheduler when a deadline passes; its actor is "system".
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field, TypeAdapter

from engine.core.documents import Document
from engine.core.documents import frozen_part as move  # made by keywords, as a front end's JSON names them

SYSTEM = "system"




@move
class _Action(Document):
    actor: str


@move
class KickDoor(_Action):
    """``resurrect_with``: a priest discards this card from hand to take the top card of the door
    discard pile instead of drawing face up (Shakespeare: "Auferstehung")."""

    type: Literal["kick_door"] = "kick_door"
    resurrect_with: str | None = None


@move
class LookForTrouble(_Action):
    type: Literal["look_for_trouble"] = "look_for_trouble"
    card: str


@move
class LootRoom(_Action):
    type: Literal["loot_room"] = "loot_room"


@move
class EndTurn(_Action):
    type: Literal["end_turn"] = "end_turn"


@move
class PlayCard(_Action):
    """Play a card from hand (or a one-shot from the table).

    ``target_player``: the victim of a curse. ``target_monster``: the monster an enhancer or
    monster-removing one-shot goes on. ``side``: "players" or "monsters" for a combat one-shot.
    ``with_card``: the monster from hand that a wandering monster brings in, or the second class
    from hand that Impossible's Super Munchkin comes with.
    ``target_item``: the item in play an item enhancer goes on.
    """

    type: Literal["play_card"] = "play_card"
    card: str
    target_player: str | None = None
    target_monster: str | None = None
    side: Literal["players", "monsters"] | None = None
    with_card: str | None = None
    target_item: str | None = None


@move
class Equip(_Action):
    """Move an item between "in use" and the backpack."""

    type: Literal["equip"] = "equip"
    card: str
    in_use: bool


@move
class Discard(_Action):
    """Discard a class, race, Super Munchkin, Half-Breed or item you have in play."""

    type: Literal["discard"] = "discard"
    card: str


@move
class Sell(_Action):
    type: Literal["sell"] = "sell"
    cards: tuple[str, ...]


@move
class OfferTrade(_Action):
    type: Literal["offer_trade"] = "offer_trade"
    to: str
    give: tuple[str, ...] = ()
    want: tuple[str, ...] = ()


@move
class AskHelp(_Action):
    """The fighter asks one player for help, offering items in play and a share of the treasure."""

    type: Literal["ask_help"] = "ask_help"
    helper: str
    items: tuple[str, ...] = ()
    treasures: int = 0
    helper_first: bool = False


@move
class OfferHelp(_Action):
    """Another player offers help to the fighter, naming the treasures they want."""

    type: Literal["offer_help"] = "offer_help"
    treasures: int = 0
    helper_first: bool = False


@move
class Pass(_Action):
    """Pass in the open reaction window (the fighter passing says "resolve the combat")."""

    type: Literal["pass"] = "pass"
    window: int


@move
class Decide(_Action):
    """Answer a pending decision with one of its options."""

    type: Literal["decide"] = "decide"
    decision: int
    option: str


@move
class Timeout(_Action):
    """A deadline passed: a window closes as if everyone silent passed; a decision takes its default;
    a turn timer makes the least harmful step of the turn for its player (one step per timeout)."""

    type: Literal["timeout"] = "timeout"
    window: int | None = None
    decision: int | None = None
    turn: int | None = None


@move
class UseAbility(_Action):
    """Use an ability of a class, race or power in play (``card``), fuelled by discarding cards
    from hand or table (engine.munchkin.abilities)."""

    type: Literal["use_ability"] = "use_ability"
    card: str
    ability: str
    discard: tuple[str, ...] = ()
    target_player: str | None = None


@move
class Claim(_Action):
    """Impossible, faster play: discard a go-up-a-level card (``card``) to take the class, loyalty,
    Super Munchkin or agent card lying on top of the door discard pile."""

    type: Literal["claim"] = "claim"
    card: str


@move
class Sacrifice(_Action):
    """A fighter who lost the combat discards an ally (or hireling) instead of running away: they
    escape every monster; ``helper_escapes`` says whether the helper does too (Axe Cop: "Verbündete")."""

    type: Literal["sacrifice"] = "sacrifice"
    card: str
    helper_escapes: bool = True


@move
class Leave(_Action):
    """The player leaves the running game: their cards are discarded, what they owed is dropped, their
    turn (and a combat they fight) ends, and play goes on without them."""

    type: Literal["leave"] = "leave"


Action = Annotated[
    Union[
        KickDoor, LookForTrouble, LootRoom, EndTurn, PlayCard, Equip, Discard, Sell, OfferTrade,
        AskHelp, OfferHelp, Pass, Decide, Timeout, Leave, Sacrifice, UseAbility, Claim,
    ],
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)


def parse_action(data: dict | str) -> Action:
    if isinstance(data, str):
        return ACTION_ADAPTER.validate_json(data)
    return ACTION_ADAPTER.validate_python(data)

