"""The moves of Smash Up – Munchkin as frozen slotted dataclasses, validated by pydantic where they
come from outside (ACTION_ADAPTER: a front end's JSON, a stored log)."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal, TypeVar, Union

from pydantic import Field, TypeAdapter

from engine.core.documents import Document, frozen_part


@frozen_part
class _Action(Document):
    actor: str


@frozen_part
class PickFaction(_Action):
    type: Literal["pick_faction"] = "pick_faction"
    faction: str


@frozen_part
class PlayMinion(_Action):
    """A minion from hand on a base; ``target`` is what its ability picks (a minion or monster)."""

    type: Literal["play_minion"] = "play_minion"
    card: str
    base: str
    target: str | None = None
    target2: str | None = None         # a second pick (where a moved action goes, who gets the power)
    discard: tuple[str, ...] = ()      # cards paid for its ability ("discard a card to ...")
    mode: str | None = None            # which of "choose one" it does


@frozen_part
class PlayAction(_Action):
    """An action from hand; ``base`` for actions played on a base or affecting one, ``target`` for a
    minion it is played on or picks."""

    type: Literal["play_action"] = "play_action"
    card: str
    base: str | None = None
    target: str | None = None
    target2: str | None = None
    picks: tuple[str, ...] = ()        # "any number of" cards the card picks (Spoiled Brats)
    discard: tuple[str, ...] = ()
    mode: str | None = None


@frozen_part
class UseTalent(_Action):
    """A talent of a card in play, once in each of your turns ("Begriffe": Talent)."""

    type: Literal["use_talent"] = "use_talent"
    card: str
    target: str | None = None
    target2: str | None = None
    discard: tuple[str, ...] = ()
    mode: str | None = None


@frozen_part
class FinishPlaying(_Action):
    """Done playing cards: bases that reached their breakpoint are scored, then draw 2 and end."""

    type: Literal["finish_playing"] = "finish_playing"


@frozen_part
class ScoreFirst(_Action):
    """Several bases are ready: the active player says which one scores next."""

    type: Literal["score_first"] = "score_first"
    base: str


@frozen_part
class PlaySpecial(_Action):
    """A card whose Special works before a base scores, played in the round of specials; ``target``
    and ``base`` for a special that picks a card or a base (the scoring base if none is named)."""

    type: Literal["play_special"] = "play_special"
    card: str
    target: str | None = None
    target2: str | None = None
    picks: tuple[str, ...] = ()
    base: str | None = None


@frozen_part
class PassSpecial(_Action):
    type: Literal["pass_special"] = "pass_special"
    window: int


@frozen_part
class Choose(_Action):
    """A choice a card left to this player (which card to pay, where a minion goes, …)."""

    type: Literal["choose"] = "choose"
    decision: int
    option: str


@frozen_part
class DiscardDown(_Action):
    """At the end of the turn: discard to 10 cards."""

    type: Literal["discard_down"] = "discard_down"
    cards: tuple[str, ...]


SYSTEM = "system"


@frozen_part
class Timeout(_Action):
    """A deadline passed: the table plays the default for the prompt named (the table's actor "system")."""

    type: Literal["timeout"] = "timeout"
    window: int | None = None
    decision: int | None = None
    turn: int | None = None


@frozen_part
class Leave(_Action):
    """The player leaves the running game: their cards leave it with them."""

    type: Literal["leave"] = "leave"


Action = Annotated[
    Union[PickFaction, PlayMinion, PlayAction, UseTalent, FinishPlaying, ScoreFirst, PlaySpecial, PassSpecial,
          DiscardDown, Choose, Timeout, Leave],
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
Made = TypeVar("Made", bound=_Action)


def built(cls: type[Made], **fields: object) -> Made:
    """A move the engine puts together from parts it has already checked (a listed move): its
    constructor's object."""
    return cls(**fields)   # type: ignore[arg-type]


SHARED_LIMIT = 4_096      # moves of one form remembered (bounded memory): the least recently listed go


# The forms listed by the thousand, their fields given in this order. A play or talent is listed
# again after each move that leaves the hand and the bases it uses as they were (two in three of
# those listed in the simulator's games), so the same values give the same remembered object (frozen:
# nobody changes it for the others), looked up for a fraction of making it.
@lru_cache(maxsize=SHARED_LIMIT)
def listed_minion(actor: str, card: str, base: str, target: str | None, target2: str | None,
                  discard: tuple[str, ...], mode: str | None) -> PlayMinion:
    return PlayMinion(actor=actor, card=card, base=base, target=target, target2=target2, discard=discard, mode=mode)


@lru_cache(maxsize=SHARED_LIMIT)
def listed_action(actor: str, card: str, base: str | None, target: str | None, target2: str | None,
                  discard: tuple[str, ...], mode: str | None, picks: tuple[str, ...]) -> PlayAction:
    return PlayAction(actor=actor, card=card, base=base, target=target, target2=target2, picks=picks,
                      discard=discard, mode=mode)


@lru_cache(maxsize=SHARED_LIMIT)
def listed_talent(actor: str, card: str, target: str | None, target2: str | None, discard: tuple[str, ...],
                  mode: str | None) -> UseTalent:
    return UseTalent(actor=actor, card=card, target=target, target2=target2, discard=discard, mode=mode)


@lru_cache(maxsize=SHARED_LIMIT)
def listed_finish(actor: str) -> FinishPlaying:
    """Listed at each of the player's listings."""
    return FinishPlaying(actor=actor)


def listed_special(actor: str, card: str, target: str | None, target2: str | None, picks: tuple[str, ...],
                   base: str | None) -> PlaySpecial:
    return PlaySpecial(actor=actor, card=card, target=target, target2=target2, picks=picks, base=base)


def listed_choice(actor: str, decision: int, option: str) -> Choose:
    return Choose(actor=actor, decision=decision, option=option)
