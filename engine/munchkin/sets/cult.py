"""Munchkin Cthulhu's Kultisten as the shared rules ask about them: who is one, the cult's +2 in a
fight, who may lose the Kultist card, and becoming one (rulebook "Kultisten"). Character strength,
the effect vocabulary and combat read these; the cult's cards and its endings are in cthulhu.py.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.errors import IllegalAction
from engine.munchkin.cards import cultist_cards
from engine.munchkin.state import GameState, Player
from engine.munchkin.tx import Tx

CULTIST = "cultist"


def is_cultist_card(state: GameState, uid: str) -> bool:
    card = state.card(uid)
    return card.kind == "class" and CULTIST in card.traits


def is_cultist(state: GameState, player: Player) -> bool:
    """Asked after every step (the cult's endings): by the design ids of the Kultist cards, no card looked up."""
    return bool(player.classes) and _holds(player, cultist_cards(tuple(state.sets)), state.card_ids)


def _holds(player: Player, cultist: frozenset[str], card_ids: dict[str, str]) -> bool:
    """The player holds one of these Kultist cards (by design id) as a class."""
    return not cultist.isdisjoint(map(card_ids.__getitem__, player.classes))


def first_humans(state: GameState, count: int) -> list[Player]:
    """The first ``count`` players (or fewer) who are no Kultisten: is_cultist asked once per step
    after every move, with the Kultist cards looked up once."""
    cultist, card_ids = cultist_cards(tuple(state.sets)), state.card_ids
    found = []
    for player in state.players:
        if not (player.classes and _holds(player, cultist, card_ids)):
            found.append(player)
            if len(found) == count:
                break
    return found


def cultists(state: GameState) -> list[Player]:
    return [p for p in state.players if is_cultist(state, p)]


CULT_BONUS = 2


def cult_bonus(state: GameState, player: Player) -> int:
    """A Kultist fights with +2 while another Kultist is in play (the Guest Artist Edition's combat
    example: one other Kultist gives +2)."""
    if not is_cultist(state, player):
        return 0
    return CULT_BONUS if any(is_cultist(state, p) for p in state.players if p.id != player.id) else 0


def may_lose(state: GameState, player: Player, uid: str) -> bool:
    """A Kultist card can be taken by a card's effect, except from the only Kultist at the table."""
    if not is_cultist_card(state, uid):
        return True
    return len(cultists(state)) > 1


def may_discard_by_choice(state: GameState, uid: str) -> bool:
    """A Kultist card is never discarded by its owner's choice (C l.258, l.318)."""
    return not is_cultist_card(state, uid)


def discard_filter(state: GameState) -> Callable[[list[str]], list[str]]:
    cultist, card_ids = cultist_cards(tuple(state.sets)), state.card_ids

    def discardable(uids: list[str]) -> list[str]:
        for uid in uids:
            if card_ids[uid] in cultist:
                return [u for u in uids if card_ids[u] not in cultist]
        return uids         # the usual case: no Kultist card among them
    return discardable


def check_voluntary_discard(state: GameState, uid: str) -> None:
    if not may_discard_by_choice(state, uid):
        raise IllegalAction("cultist_cannot_discard")


def become_cultist(tx: Tx, player: Player) -> bool:
    """Take a Kultist card from the cultist pile, if one waits there. A class that leaves no room
    for it is discarded (a player has one class, two with Super Munchkin)."""
    state = tx.s
    if is_cultist(state, player):
        tx.emit("already_cultist", player=player.id)
        return False
    if not state.cultist_discard:
        tx.emit("no_cultist_card_left", player=player.id)
        return False
    uid = state.cultist_discard.pop()
    room = 2 if player.super_munchkin else 1
    while len(player.classes) >= room:
        old = player.classes.pop(0)
        tx.discard(old)
        tx.emit("card_lost", player=player.id, card=state.card_ids[old], source=state.card_ids[uid])
    player.classes.append(uid)
    tx.emit("became_cultist", player=player.id)
    return True
