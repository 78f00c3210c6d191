"""A transaction over a private copy of the state: the RNG, the events, and small helpers."""

from __future__ import annotations

from typing import Any

from engine.core.events import PUBLIC, Event
from engine.core.rng import Rng
from engine.munchkin.state import GameState


class Tx:
    def __init__(self, state: GameState) -> None:
        self.s = state
        self.rng = Rng(state.rng)
        self.events: list[Event] = []

    def emit(self, event_kind: str, /, audience: str = PUBLIC, **params: Any) -> None:
        self.events.append(Event(event_kind, audience, params))

    def roll(self, player: str, purpose: str) -> int:
        value = self.rng.d6()
        self.emit("die_rolled", player=player, value=value, purpose=purpose)
        return value

    def finish(self) -> None:
        self.s.rng = self.rng.state

    # ------------------------------------------------------------------ decks
    def draw(self, deck: str) -> str | None:
        """Top card of "door" or "treasure"; an empty deck is reshuffled from its discard pile."""
        pile = self.s.door_deck if deck == "door" else self.s.treasure_deck
        discard = self.s.door_discard if deck == "door" else self.s.treasure_discard
        if not pile and discard:
            pile.extend(discard)
            discard.clear()
            self.rng.shuffle(pile)
            self.emit("deck_reshuffled", deck=deck)
        if not pile:
            self.emit("deck_empty", deck=deck)
            return None
        return pile.pop()

    def discard(self, uid: str) -> None:
        card = self.s.card(uid)
        if card.kind == "class" and "cultist" in card.traits:
            # Cthulhu: lost Kultist cards wait on a pile of their own (rulebook "Kultisten")
            self.s.cultist_discard.append(uid)
            return
        (self.s.door_discard if card.deck == "door" else self.s.treasure_discard).append(uid)

    def draw_to_hand(self, player_id: str, deck: str, count: int, fresh_until: int | None = None) -> list[str]:
        player = self.s.player(player_id)
        drawn = []
        for _ in range(count):
            uid = self.draw(deck)
            if uid is None:
                break
            player.hand.append(uid)
            if fresh_until is not None:
                player.fresh[uid] = fresh_until
            drawn.append(uid)
        if drawn:
            self.emit("cards_drawn", player=player_id, deck=deck, count=len(drawn))
            self.emit("cards_received", audience=player_id, player=player_id,
                      cards=[self.s.card_ids[u] for u in drawn], uids=drawn)
        return drawn
