"""Munchkin Cthulhu: Kultisten and Goth monsters (rulebook "Kultisten", "Goth-Monster", "Das Spiel gewinnen").

- The Kultist class cannot be discarded by its owner; a Kultist card lost by a card's effect goes to a
  pile of its own, which counts as a discard pile for nothing else.
- "Become a Kultist" takes a card from that pile when there is one; a Kultist already is one.
- A lone Kultist cannot lose the card (the cult needs someone to keep it going).
- When all players but one are Kultisten, that one goes up a level (it may be the winning one);
  when all are, the game ends at once and the highest level wins.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.munchkin.cards import cultist_cards
from engine.munchkin.effects import handler
from engine.munchkin.state import GameState, Player
from engine.munchkin.tx import Tx

CULTIST = "cultist"


def is_cultist_card(state: GameState, uid: str) -> bool:
    card = state.card(uid)
    return card.kind == "class" and CULTIST in card.traits


def is_cultist(state: GameState, player: Player) -> bool:
    return any(is_cultist_card(state, u) for u in player.classes)


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


def check_voluntary_discard(state: GameState, uid: str) -> None:
    if is_cultist_card(state, uid):
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


def check_cult_endings(tx: Tx) -> None:
    """Called after every action of a game with Kultist cards in it."""
    state = tx.s
    if state.phase == "over" or len(state.players) < 2:
        return
    if not cultist_cards(tuple(state.sets)):
        return
    humans = [p for p in state.players if not is_cultist(state, p)]
    if not humans:
        top = max(p.level for p in state.players)
        state.winners = [p.id for p in state.players if p.level == top]
        state.phase = "over"
        state.ended_reason = "won"
        tx.emit("all_cultists", winners=state.winners)
        tx.emit("game_won", winners=state.winners)
        return
    if len(humans) == 1 and not state.lone_human_rewarded:
        from engine.munchkin import character as ch
        from engine.munchkin.combat import check_winners

        state.lone_human_rewarded = True
        tx.emit("last_human", player=humans[0].id)
        # this level may be the tenth: the rulebook makes it the one exception to "only by a kill"
        ch.gain_levels(tx, humans[0], 1, by_kill=True, source="last_human")
        check_winners(tx)
    elif len(humans) > 1:
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
    from engine.munchkin.effects import lose_card

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
    from engine.munchkin.cards import Effect
    from engine.munchkin.effects import apply_effects

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
    from engine.munchkin.effects import lose_card

    state.door_discard.remove(other)
    victim.classes.append(other)       # first, so that a Super Munchkin keeps its class
    tx.emit("class_taken_from_discard", player=victim.id, card=state.card_ids[other])
    lose_card(tx, victim, card, source)
    return True


@handler("toggle_cultist")
def _toggle_cultist(tx: Tx, victim: Player, source: str) -> bool:
    """A Kultist stops being one (unless the only one); anyone else becomes one."""
    from engine.munchkin.effects import lose_card

    state = tx.s
    if is_cultist(state, victim):
        card = next(u for u in victim.classes if is_cultist_card(state, u))
        if not may_lose(state, victim, card):
            return False
        lose_card(tx, victim, card, source)
        return True
    return become_cultist(tx, victim)
