"""The few places the shared rules ask the sets: which zone a card goes to, what may be played or
discarded, and what to check after every step."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from engine.core.errors import IllegalAction
from engine.munchkin import character as ch
from engine.munchkin.cards import card_kinds, catalog, cultist_cards
from engine.munchkin.decisions import first_pending, open_decision
from engine.munchkin.effects import lose_card
from engine.munchkin.registry import decision
from engine.munchkin.sets import axecop, cthulhu, cult, impossible, shakespeare
from engine.munchkin.state import LIMITS_AFTER_AN_ALLOWANCE_GOES, GameState, Player
from engine.munchkin.tx import Tx

# where a card lies once played, by kind
ZONE_OF = {
    "loyalty": "loyalties", "training": "trainings", "power": "powers", "hireling": "followers",
    "ally": "followers", "extra_loyalty": "extras", "extra_training": "extras",
}


def check_play_ability(state: GameState, player: Player, card) -> None:
    if card.kind == "power":
        axecop.check_power_fits(state, player, card)
    else:
        impossible.check_ability_room(state, player, card)


def check_sacrifice(state: GameState, uid: str) -> None:
    axecop.check_sacrifice(state, uid)


def second_race_any_time(state: GameState, player: Player) -> bool:
    return shakespeare.second_race_any_time(state, player)


def ability_any_time(card) -> bool:
    """A card laid out like a class that comes at any time, not only on one's own turn (Axe Cop's powers)."""
    return axecop.play_any_time(card)


def check_play_extra(state: GameState, player: Player, card) -> None:
    impossible.check_extra(state, player, card)


def check_room_for_follower(state: GameState, player: Player) -> None:
    if len(player.followers) >= follower_allowance(state, player):
        raise IllegalAction("follower_limit")


def follower_allowance(state: GameState, player: Player) -> int:
    """One hireling or ally, more when a class says so (Axe Cop: "Verbündete")."""
    extra = sum(c.extra_followers for c in ch.ability_cards(state, player) if c.kind not in ("hireling", "ally"))
    return 1 + extra


def check_voluntary_discard(state: GameState, uid: str) -> None:
    cult.check_voluntary_discard(state, uid)


def may_discard_by_choice(state: GameState, uid: str) -> bool:
    """check_voluntary_discard as a yes or no (listing moves raises nothing)."""
    return cult.may_discard_by_choice(state, uid)


def discard_filter(state: GameState) -> Callable[[list[str]], list[str]]:
    """A function giving the cards among those it is given that may_discard_by_choice allows, in
    their order, for this state as long as it does not change (the listing asks it for every player)."""
    return cult.discard_filter(state)


def after_each_step(tx: Tx) -> None:
    """Rules that watch the whole table: the cult's endings, power ranks over the level, too many
    followers after an allowance went, a question about big items that fit again. Each runs while
    the game goes on."""
    for rule in _watching(tuple(tx.s.sets)):
        if tx.s.phase == "over":
            return
        rule(tx)


@cache
def _watching(sets: tuple[str, ...]) -> tuple[Callable[[Tx], None], ...]:
    """The rules after_each_step runs for these sets, in order, worked out once per set combination:
    a game without Kultist cards, powers or followers has none of theirs to watch."""
    kinds = card_kinds(sets)
    rules: list[Callable[[Tx], None]] = []
    if cultist_cards(sets):
        rules.append(cthulhu.check_cult_endings)
    if "power" in kinds:
        rules.append(axecop.check_power_ranks)
    if "hireling" in kinds or "ally" in kinds:
        rules.append(check_follower_counts)
    if any(card.extra_big_items > 0 for card in catalog(sets).values()):   # a dwarf, the Dinosaurier
        rules.append(shakespeare.withdraw_settled_big_items)
    if kinds & {"super_munchkin", "half_breed", "extra_loyalty", "extra_training"}:
        rules.append(check_zone_limits)
    return tuple(rules)


def check_follower_counts(tx: Tx) -> None:
    if not tx.s.decisions and all(len(p.followers) < 2 for p in tx.s.players):
        return          # the allowance is at least 1 and no decision is open: nothing to drop or withdraw
    pending = first_pending(tx.s, "drop_follower")
    for player in tx.s.players:
        if len(player.followers) < 2 and player.id not in pending:
            continue            # the allowance is at least 1: nothing to drop, nothing to withdraw
        too_many = len(player.followers) > follower_allowance(tx.s, player)
        if too_many and player.id not in pending:
            open_decision(tx, player.id, "drop_follower", list(player.followers))
        elif player.id in pending and not too_many:
            tx.s.decisions.remove(pending[player.id])


# the zones a card may widen, and the decision that asks which card goes when the widening card is gone
ZONE_LIMITS = (("classes", "drop_class"), ("races", "drop_race"), ("loyalties", "drop_loyalty"),
               ("trainings", "drop_training"))


def zone_allowance(state: GameState, player: Player, zone: str) -> int:
    """One class, race, loyalty and training; Super Munchkin and Half-Breed allow a second class or
    race (C l.266), the agents and extra training more loyalties and trainings (I l.181, I l.257)."""
    if zone == "classes":
        return 2 if player.super_munchkin else 1
    if zone == "races":
        return 2 if player.half_breed else 1
    return impossible.allowance(state, player, zone)


def check_zone_limits(tx: Tx) -> None:
    """When the card that allowed a second class (race, loyalty, training) goes, the player keeps
    as many as the rules allow and picks which go (our reading: the rulebooks name only the limit).
    Games begun before LIMITS_AFTER_AN_ALLOWANCE_GOES kept them all."""
    state = tx.s
    if state.rules_version < LIMITS_AFTER_AN_ALLOWANCE_GOES:
        return
    for zone, kind in ZONE_LIMITS:
        pending = first_pending(state, kind) if state.decisions else {}
        for player in state.players:
            cards = getattr(player, zone)
            if len(cards) < 2 and player.id not in pending:
                continue            # the allowance is at least 1: nothing to drop, nothing to withdraw
            too_many = len(cards) > zone_allowance(state, player, zone)
            if too_many and player.id not in pending:
                _ask_which_goes(tx, player, kind, cards)
            elif player.id in pending and not too_many:
                state.decisions.remove(pending[player.id])


def _ask_which_goes(tx: Tx, player: Player, kind: str, cards: list[str]) -> None:
    """A Kultist card is never given up by choice (C l.258): the other card goes."""
    options = [u for u in cards if cult.may_discard_by_choice(tx.s, u)]
    if len(options) == 1:
        lose_card(tx, player, options[0], options[0])
    elif options:
        open_decision(tx, player.id, kind, options)


@decision("drop_class")
@decision("drop_race")
@decision("drop_loyalty")
@decision("drop_training")
@decision("drop_follower")
@decision("drop_power")
def _drop_card(tx: Tx, player: Player, uid: str) -> None:
    lose_card(tx, player, uid, uid)
