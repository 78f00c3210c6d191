"""Munchkin Cthulhu: Kultisten and Goth monsters (rulebook "Kultisten", "Goth-Monster", "Das Spiel gewinnen").

- The Kultist class cannot be discarded by its owner; a Kultist card lost by a card's effect goes to a
  pile of its own, which counts as a discard pile for nothing else.
- "Become a Kultist" takes a card from that pile when there is one; a Kultist already is one.
- A lone Kultist cannot lose the card (the cult needs someone to keep it going).
- When all players but one are Kultisten, that one goes up a level (it may be the winning one);
  when all are, the game ends at once and the highest level wins.

Who is a Kultist, the cult's +2 and becoming one are in cult.py, below the shared rules that ask them.
"""

from __future__ import annotations

from engine.munchkin import character as ch
from engine.munchkin.cards import Effect
from engine.munchkin.combat import check_winners
from engine.munchkin.effects import apply_effects, lose_card
from engine.munchkin.registry import handler
from engine.munchkin.sets.cult import become_cultist, first_humans, is_cultist, is_cultist_card, may_lose
from engine.munchkin.state import Player
from engine.munchkin.tx import Tx


def check_cult_endings(tx: Tx) -> None:
    """Called after every step of a game with Kultist cards in it, while it goes on (hooks.after_each_step)."""
    state = tx.s
    if len(state.players) < 2:
        return
    # two humans are enough to know that nothing ends (the usual case): the search stops there
    humans = first_humans(state, 2)
    if not humans:
        top = max(p.level for p in state.players)
        state.winners = [p.id for p in state.players if p.level == top]
        state.phase = "over"
        state.ended_reason = "won"
        tx.emit("all_cultists", winners=state.winners)
        tx.emit("game_won", winners=state.winners)
        return
    if len(humans) == 1 and not state.lone_human_rewarded:
        state.lone_human_rewarded = True
        tx.emit("last_human", player=humans[0].id)
        # this level may be the tenth: the rulebook makes it the one exception to "only by a kill"
        ch.gain_levels(tx, humans[0], 1, by_kill=True, source="last_human")
        check_winners(tx)
    elif len(humans) > 1 and state.lone_human_rewarded:
        state.lone_human_rewarded = False


# ---------------------------------------------------------------------- card handlers
@handler("lose_class_unless_cultist")
def _lose_class_unless_cultist(tx: Tx, victim: Player, source: str) -> list[str] | bool:
    """Kultisten are spared; anyone else loses a class."""
    if is_cultist(tx.s, victim):
        return False
    return list(victim.classes)


@handler("lose_classes_but_cultist")
def _lose_classes_but_cultist(tx: Tx, victim: Player, source: str) -> bool:
    lost = [u for u in victim.classes if not is_cultist_card(tx.s, u)]
    for uid in lost:
        lose_card(tx, victim, uid, source)
    return bool(lost)


@handler("cultist_or_lose_1000_gold")
def _cultist_or_lose_items(tx: Tx, victim: Player, source: str) -> bool:
    """Non-Kultisten join the cult; a Kultist instead loses items worth 1000 gold, chosen by the
    victim (fact sheet: Campus Crusade for Cthulhu). Only a monster's bad stuff names this, so the
    loss runs as bad stuff ("keep": the monster stays in its combat)."""
    if not is_cultist(tx.s, victim):
        return become_cultist(tx, victim)
    had_items = bool(victim.items)
    apply_effects(tx, victim, [Effect(op="lose_items_worth", n=1000)], source, finish="keep")
    return had_items


@handler("swap_cultist_for_discarded_class")
def _swap_cultist(tx: Tx, victim: Player, source: str) -> bool:
    """Curse! Dragged Off To Snarkham Asylum: anyone else becomes a Kultist; a Kultist trades the
    Kultist card for the class last discarded (our reading of "another class from the discards";
    the only Kultist keeps the card)."""
    state = tx.s
    if not is_cultist(state, victim):
        return become_cultist(tx, victim)
    card = next(u for u in victim.classes if is_cultist_card(state, u))
    other = next((u for u in reversed(state.door_discard) if state.card(u).kind == "class"), None)
    if other is None or not may_lose(state, victim, card):
        return False
    state.door_discard.remove(other)
    victim.classes.append(other)       # first, so that a Super Munchkin keeps its class
    tx.emit("class_taken_from_discard", player=victim.id, card=state.card_ids[other])
    lose_card(tx, victim, card, source)
    return True


@handler("toggle_cultist")
def _toggle_cultist(tx: Tx, victim: Player, source: str) -> bool:
    """A Kultist stops being one (unless the only one); anyone else becomes one."""
    state = tx.s
    if is_cultist(state, victim):
        card = next(u for u in victim.classes if is_cultist_card(state, u))
        if not may_lose(state, victim, card):
            return False
        lose_card(tx, victim, card, source)
        return True
    return become_cultist(tx, victim)
