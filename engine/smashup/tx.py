"""A transaction over a private copy of the Smash Up state: the RNG, events, and moving cards."""

from __future__ import annotations

from typing import Any

from engine.core.events import PUBLIC, Event
from engine.core.rng import Rng
from engine.smashup.state import (
    CARDS_AS_WRITTEN,
    BaseInPlay,
    GameState,
    Minion,
    Seat,
    drop,
    minion_effect,
    treasures_on,
)

_NO_SAVES: dict[str, str] = {}      # (read only) no card on the minion saves it


class Tx:
    def __init__(self, state: GameState, read_first: Any = None) -> None:
        self.s = state
        self.read_first = read_first      # what the move read of the state before it began (rules._read_first)
        self.rng = Rng(state.rng)
        self.events: list[Event] = []

    def emit(self, kind: str, /, audience: str = PUBLIC, **params: Any) -> None:
        self.events.append(Event(kind, audience, params))

    def finish(self) -> None:
        if self.s.rng != self.rng.state:    # (most moves shuffle nothing)
            self.s.rng = self.rng.state

    # ------------------------------------------------------------------ piles
    def _refill(self, pile: list[str], discard: list[str]) -> None:
        if not pile and discard:
            pile.extend(discard)
            discard.clear()
            self.rng.shuffle(pile)

    def draw(self, player_id: str, n: int = 1) -> list[str]:
        """From the player's deck; an empty deck is the shuffled discard pile (rulebook "Ziehe 2 Karten")."""
        seat = self.s.player(player_id)
        deck = seat.deck
        if 0 < n <= len(deck):          # (most draws: the top cards in one slice, no shuffle)
            got = deck[:-n - 1:-1]      # the top card (the last) first
            del deck[-n:]
            self._deal(seat, got, "cards_drawn")
            return got
        got = []
        for _ in range(n):
            if not deck:
                self._refill(deck, seat.discard)
                if not deck:
                    break
            got.append(deck.pop())
        self._deal(seat, got, "cards_drawn")
        return got

    def _deal(self, seat: Seat, got: list[str], event: str) -> None:
        """The cards drawn into the player's hand; everyone sees how many, the player which."""
        if got:
            seat.hand.extend(got)
            self.emit(event, player=seat.id, count=len(got), deck="su_cards")
            self.emit("cards_received", audience=seat.id, player=seat.id,
                      cards=[self.s.card_ids[u] for u in got], uids=got)

    def top(self, deck: str) -> str | None:
        """The top monster, treasure or base; its discard pile is shuffled in when the deck runs out."""
        pile = getattr(self.s, f"{deck}_deck")
        self._refill(pile, getattr(self.s, f"{deck}_discard"))
        return pile.pop() if pile else None

    def draw_treasures(self, player_id: str, n: int) -> list[str]:
        seat = self.s.player(player_id)
        got = []
        for _ in range(n):
            uid = self.top("treasure")
            if uid is None:
                break
            got.append(uid)
        self._deal(seat, got, "treasures_drawn")
        return got

    def to_discard(self, uid: str) -> None:
        """Cards go to their owner's pile; monsters and treasures, owned by nobody, to theirs."""
        design = self.s.card_ids[uid]
        self.s.played_by.pop(uid, None)
        if design.startswith("monster-"):
            self.s.monster_discard.append(uid)
        elif design.startswith("treasure-"):
            self.s.treasure_discard.append(uid)
        elif design.startswith("base-"):
            self.s.base_discard.append(uid)
        else:
            owner = self.s.owners[uid]
            for seat in self.s.players:
                if seat.id == owner:
                    seat.discard.append(uid)
                    return
            self.s.removed.append(uid)     # its owner left the game (a card they gave away): it leaves too

    def remove_minion(self, base: BaseInPlay, minion: Minion) -> None:
        """Off the base to the discard piles, with everything played on it, unless a card saves it:
        Eternal Hero (minion and card to the hand), Jetpack (minion to the hand), Small But Tough
        (minion on top of its owner's deck), Dwarf King (its player's treasures to the hand)."""
        if not drop(base.minions, minion) and not drop(base.monsters, minion):
            raise ValueError(f"{minion.uid} is not at {base.uid}")
        state = self.s
        attached = minion.attached
        saves = {e.op: uid for uid in attached for e in state.active_effects(uid)} if attached else _NO_SAVES
        owner = state.player(minion.owner) if minion.owner else None
        if attached:
            self._attached_off(minion, saves, owner)
        if owner is not None and ("save_with_card" in saves or "save_to_hand" in saves):
            owner.hand.append(minion.uid)
            self.emit("minion_saved", card=state.card_ids[minion.uid], to="hand")
        elif owner is not None and "save_to_deck_top" in saves:
            owner.deck.append(minion.uid)
            self.emit("minion_saved", card=state.card_ids[minion.uid], to="deck")
        else:
            self.to_discard(minion.uid)

    def king_keeps(self, minion: Minion) -> bool:
        """Dwarf King: a working one of the minion's controller keeps the treasures on it that would
        be discarded."""
        state, controller = self.s, minion.controller
        return controller is not None and any(minion_effect(state, m, "keep_treasures")
                                              for b in state.bases for m in b.minions if m.controller == controller)

    def off_minion(self, minion: Minion, uid: str) -> None:
        """A card destroyed off a minion (Remove Curse, Dungeon Rule Book) to its pile; a treasure the
        Dwarf King keeps to his player's hand instead (from CARDS_AS_WRITTEN on)."""
        if self.s.rules_version >= CARDS_AS_WRITTEN and self.s.card_ids[uid].startswith("treasure-") \
                and self.king_keeps(minion):
            self.s.player(minion.controller).hand.append(uid)    # type: ignore[arg-type]
        else:
            self.to_discard(uid)

    def _attached_off(self, minion: Minion, saves: dict[str, str], owner: Seat | None) -> None:
        """The cards played on a minion leaving play: to their piles, or saved with it (remove_minion)."""
        state = self.s
        king = treasures_on(state, minion) and self.king_keeps(minion)    # (asked only when it matters)
        for uid in minion.attached:
            if "save_with_card" in saves and saves["save_with_card"] == uid and owner is not None:
                owner.hand.append(uid)
            elif king and state.card_ids[uid].startswith("treasure-"):
                state.player(minion.controller).hand.append(uid)  # type: ignore[arg-type]
            else:
                self.to_discard(uid)
