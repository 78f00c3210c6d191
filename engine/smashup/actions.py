"""The moves of Smash Up – Munchkin, as validated data."""

from __future__ import annotations

from typing import Annotated, Literal, Union, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine.core.moves import listed_move, move_maker
from engine.core.plain_reads import read_fields_plainly


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    actor: str


class PickFaction(_Action):
    type: Literal["pick_faction"] = "pick_faction"
    faction: str


class PlayMinion(_Action):
    """A minion from hand on a base; ``target`` is what its ability picks (a minion or monster)."""

    type: Literal["play_minion"] = "play_minion"
    card: str
    base: str
    target: str | None = None
    target2: str | None = None         # a second pick (where a moved action goes, who gets the power)
    discard: tuple[str, ...] = ()      # cards paid for its ability ("discard a card to ...")
    mode: str | None = None            # which of "choose one" it does


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


class UseTalent(_Action):
    """A talent of a card in play, once in each of your turns ("Begriffe": Talent)."""

    type: Literal["use_talent"] = "use_talent"
    card: str
    target: str | None = None
    target2: str | None = None
    discard: tuple[str, ...] = ()
    mode: str | None = None


class FinishPlaying(_Action):
    """Done playing cards: bases that reached their breakpoint are scored, then draw 2 and end."""

    type: Literal["finish_playing"] = "finish_playing"


class ScoreFirst(_Action):
    """Several bases are ready: the active player says which one scores next."""

    type: Literal["score_first"] = "score_first"
    base: str


class PlaySpecial(_Action):
    """A card whose Special works before a base scores, played in the round of specials; ``target``
    and ``base`` for a special that picks a card or a base (the scoring base if none is named)."""

    type: Literal["play_special"] = "play_special"
    card: str
    target: str | None = None
    target2: str | None = None
    picks: tuple[str, ...] = ()
    base: str | None = None


class PassSpecial(_Action):
    type: Literal["pass_special"] = "pass_special"
    window: int


class Choose(_Action):
    """A choice a card left to this player (which card to pay, where a minion goes, …)."""

    type: Literal["choose"] = "choose"
    decision: int
    option: str


class DiscardDown(_Action):
    """At the end of the turn: discard to 10 cards."""

    type: Literal["discard_down"] = "discard_down"
    cards: tuple[str, ...]


SYSTEM = "system"


class Timeout(_Action):
    """A deadline passed: the table plays the default for the prompt named (the table's actor "system")."""

    type: Literal["timeout"] = "timeout"
    window: int | None = None
    decision: int | None = None
    turn: int | None = None


class Leave(_Action):
    """The player leaves the running game: their cards leave it with them."""

    type: Literal["leave"] = "leave"


Action = Annotated[
    Union[PickFaction, PlayMinion, PlayAction, UseTalent, FinishPlaying, ScoreFirst, PlaySpecial, PassSpecial,
          DiscardDown, Choose, Timeout, Leave],
    Field(discriminator="type"),
]
ACTION_ADAPTER: TypeAdapter[Action] = TypeAdapter(Action)
# every move's fields read with the plain lookup (engine.core.plain_reads): checked and applied by the thousand
PLAIN_READS = read_fields_plainly(get_args(get_args(Action)[0]))


# a move the engine puts together from parts it has already checked (a listed move): the
# constructor's object without validating each field again (engine.core.moves)
built = listed_move
# the forms listed by the thousand, their fields given in this order (a third cheaper than built).
# A play or talent is listed again after each move that leaves the hand and the bases it uses as
# they were (two in three of those listed in the simulator's games), so the same values give the
# same remembered object, looked up for a fraction of making it
listed_minion = move_maker(PlayMinion, "actor", "card", "base", "target", "target2", "discard", "mode", shared=True)
listed_action = move_maker(PlayAction, "actor", "card", "base", "target", "target2", "discard", "mode", "picks",
                           shared=True)
listed_talent = move_maker(UseTalent, "actor", "card", "target", "target2", "discard", "mode", shared=True)
listed_special = move_maker(PlaySpecial, "actor", "card", "target", "target2", "picks", "base")
listed_choice = move_maker(Choose, "actor", "decision", "option")
