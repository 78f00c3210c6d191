"""Abilities of classes, races and powers that a player uses by choice, mostly by discarding cards
(rulebooks: "Klassen": an ability may be fuelled by any card in hand or in play, not the class
card itself, and "discard your hand" needs a hand).

Each ability has a check (raises IllegalAction) and an effect. ``double_sale`` (Halbling) works
inside selling, and ``resurrection`` (Priester) inside kicking the door as well as on its own for a
helped fight's face-up treasures; they are listed here so the card data can name them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core.errors import IllegalAction
from engine.munchkin import character as ch
from engine.munchkin.cards import cards_with_abilities
from engine.munchkin.decisions import open_decision
from engine.munchkin.sets.hooks import check_voluntary_discard
from engine.munchkin.state import GameState, Player
from engine.munchkin.tx import Tx

MAX_CARDS_PER_COMBAT = 3


@dataclass(frozen=True)
class Use:
    actor: str
    card: str
    ability: str
    discard: tuple[str, ...]
    target_player: str | None


@dataclass(frozen=True)
class Ability:
    check: Callable[[GameState, Player, Use], None] | None
    effect: Callable[[Tx, Player, Use], None] | None
    in_combat: bool = True


def _fighting(state: GameState, player: Player) -> None:
    combat = state.combat
    if combat is None or combat.stage != "fight":
        raise IllegalAction("no_combat")
    if player.id not in (combat.fighter, combat.helper):
        raise IllegalAction("not_in_combat")


def _cards_to_fuel(state: GameState, player: Player, use: Use, low: int, high: int) -> None:
    if not low <= len(use.discard) <= high or len(set(use.discard)) != len(use.discard):
        raise IllegalAction("ability_card_count", low=low, high=high)
    in_play = set(ch.owned_in_play(player))
    for uid in use.discard:
        if uid == use.card:
            raise IllegalAction("ability_cannot_discard_itself")
        if uid not in player.hand and uid not in in_play:
            raise IllegalAction("card_not_yours", card=uid)
        if uid in in_play:
            # a Kultist in play is never discarded by choice, not even as fuel (C l.258, l.318)
            check_voluntary_discard(state, uid)


def _used(state: GameState, key: str) -> int:
    return state.combat.ability_uses.get(key, 0) if state.combat else 0   # type: ignore[union-attr]


def _count_use(tx: Tx, key: str, amount: int) -> None:
    uses = tx.s.combat.ability_uses  # type: ignore[union-attr]
    uses[key] = uses.get(key, 0) + amount


# ---------------------------------------------------------------------- card-per-bonus abilities
def _check_fuel(state: GameState, player: Player, use: Use, name: str) -> None:
    """1 to 3 cards in one fight (counted across uses), each worth a bonus."""
    left = MAX_CARDS_PER_COMBAT - _used(state, f"{name}:{player.id}")
    _cards_to_fuel(state, player, use, 1, max(0, left))


def _fuel_effect(name: str, per_card: int, run_away: bool = False) -> Callable[[Tx, Player, Use], None]:
    def effect(tx: Tx, player: Player, use: Use) -> None:
        combat = tx.s.combat
        assert combat is not None
        bonus = combat.run_bonus if run_away else combat.ability_bonus
        bonus[player.id] = bonus.get(player.id, 0) + per_card * len(use.discard)
        _count_use(tx, f"{name}:{player.id}", len(use.discard))

    return effect


def _check_berserk(state: GameState, player: Player, use: Use) -> None:
    """Krieger, Assassine: +1 for each card discarded, up to 3 in one fight."""
    _fighting(state, player)
    _check_fuel(state, player, use, "berserk")


def _check_turning(state: GameState, player: Player, use: Use) -> None:
    """Priester: +3 for each card discarded against undead, up to 3 cards in one fight."""
    _fighting(state, player)
    if not any("undead" in state.card(m.uid).traits for m in state.combat.monsters):  # type: ignore[union-attr]
        raise IllegalAction("needs_undead")
    _check_fuel(state, player, use, "turning")


def _check_flight(state: GameState, player: Player, use: Use) -> None:
    """Zauberer: +1 to run away for each card discarded, up to 3 in one fight (also once it is lost)."""
    combat = state.combat
    if combat is None or combat.stage not in ("fight", "run") or player.id not in (combat.fighter, combat.helper):
        raise IllegalAction("not_in_combat")
    _check_fuel(state, player, use, "flight")


# ---------------------------------------------------------------------- charm (Zauberer)
def _check_charm(state: GameState, player: Player, use: Use) -> None:
    _fighting(state, player)
    combat = state.combat
    assert combat is not None
    if player.id != combat.fighter or len(combat.monsters) != 1:
        raise IllegalAction("charm_needs_single_monster")
    if len(player.hand) < 3 or sorted(use.discard) != sorted(player.hand):
        raise IllegalAction("charm_needs_whole_hand")


def _charm(tx: Tx, player: Player, use: Use) -> None:
    """The whole hand (3 cards at least) charms a lone monster away: no level for it."""
    combat = tx.s.combat
    assert combat is not None
    monster = combat.monsters.pop()
    combat.defeated.append(monster)
    tx.emit("monster_defeated_without_kill", monster=tx.s.card_ids[monster.uid], player=player.id)


# ---------------------------------------------------------------------- backstab (Dieb)
def _check_backstab(state: GameState, player: Player, use: Use) -> None:
    combat = state.combat
    if combat is None or combat.stage != "fight":
        raise IllegalAction("no_combat")
    victim = use.target_player
    if victim is None or victim == player.id or victim not in (combat.fighter, combat.helper):
        raise IllegalAction("needs_target_in_combat")
    if _used(state, f"backstab:{player.id}>{victim}"):
        raise IllegalAction("ability_used")
    _cards_to_fuel(state, player, use, 1, 1)


def _backstab(tx: Tx, player: Player, use: Use) -> None:
    """One card: -2 to a player in the fight, once per victim and fight."""
    combat = tx.s.combat
    assert combat is not None and use.target_player
    combat.ability_bonus[use.target_player] = combat.ability_bonus.get(use.target_player, 0) - 2
    _count_use(tx, f"backstab:{player.id}>{use.target_player}", 1)


# ---------------------------------------------------------------------- stealing (Dieb)
def small_items(state: GameState, player: Player) -> list[str]:
    return [i.uid for i in player.items if not state.card(i.uid).big]


def _check_steal(state: GameState, player: Player, use: Use) -> None:
    """Not during a combat (S l.504-505); one card for a small item another player carries."""
    if state.combat is not None:
        raise IllegalAction("in_combat")
    victim = use.target_player
    if victim is None or victim == player.id or not state.has_player(victim):
        raise IllegalAction("needs_target_player")
    if not small_items(state, state.player(victim)):
        raise IllegalAction("nothing_to_steal")
    _cards_to_fuel(state, player, use, 1, 1)


def _steal(tx: Tx, player: Player, use: Use) -> None:
    """The thief picks the item; the die decides (sets.shakespeare.resolve_steal)."""
    open_decision(tx, player.id, "steal_pick", small_items(tx.s, tx.s.player(use.target_player or "")))


# ---------------------------------------------------------------------- resurrection (Priester)
def _check_resurrection(state: GameState, player: Player, use: Use) -> None:
    """S l.270-273: whenever you must draw a card face up you may take the top card of its discard
    pile instead, for a card from your hand. Kicking the door is KickDoor.resurrect_with; this is
    the other face-up draw, a helped fight's treasures: once for each treasure drawn."""
    combat = state.combat
    if combat is None or combat.stage != "reward" or player.id not in (combat.fighter, combat.helper):
        raise IllegalAction("no_face_up_draw")
    drawn = len(combat.reward) + sum(combat.reward_taken.values())
    if not combat.reward or _used(state, "resurrection") >= drawn:
        raise IllegalAction("no_face_up_draw")
    if not state.treasure_discard:
        raise IllegalAction("discard_pile_empty")
    if any(uid not in player.hand for uid in use.discard):
        raise IllegalAction("card_not_in_hand", card=use.discard[0] if use.discard else "")
    _cards_to_fuel(state, player, use, 1, 1)


def _resurrect_treasure(tx: Tx, player: Player, use: Use) -> None:
    """The treasure drawn last goes back on the deck, as if never drawn; the discard pile's top
    card takes its place (our reading of "instead")."""
    state = tx.s
    combat = state.combat
    assert combat is not None
    back = combat.reward.pop()
    state.treasure_deck.append(back)
    # the top card as it lay before the payment was discarded
    taken = next(u for u in reversed(state.treasure_discard) if u not in use.discard)
    state.treasure_discard.remove(taken)
    combat.reward.append(taken)
    for decision in state.decisions:      # a pick already waiting offers the new card instead
        if decision.kind == "treasure_pick":
            decision.options = list(combat.reward)
            decision.default = decision.options[0]
    _count_use(tx, "resurrection", 1)
    tx.emit("resurrected", player=player.id, card=state.card_ids[taken])


# ---------------------------------------------------------------------- battle roll (Axe Cop power)
BATTLE_ROLL_NEEDS = 4
BATTLE_ROLL_BONUS = 5


def _check_battle_roll(state: GameState, player: Player, use: Use) -> None:
    _fighting(state, player)
    if _used(state, f"battle_roll:{player.id}"):
        raise IllegalAction("ability_used")
    _cards_to_fuel(state, player, use, 0, 0)


def _battle_roll(tx: Tx, player: Player, use: Use) -> None:
    """Once a fight: a die, on 4 or more +5."""
    combat = tx.s.combat
    assert combat is not None
    _count_use(tx, f"battle_roll:{player.id}", 1)
    if tx.roll(player.id, "battle_roll") >= BATTLE_ROLL_NEEDS:
        combat.ability_bonus[player.id] = combat.ability_bonus.get(player.id, 0) + BATTLE_ROLL_BONUS


ABILITIES: dict[str, Ability] = {
    "berserk": Ability(_check_berserk, _fuel_effect("berserk", 1)),
    "turning": Ability(_check_turning, _fuel_effect("turning", 3)),
    "flight": Ability(_check_flight, _fuel_effect("flight", 1, run_away=True)),
    "charm": Ability(_check_charm, _charm),
    "backstab": Ability(_check_backstab, _backstab),
    "battle_roll": Ability(_check_battle_roll, _battle_roll),
    "steal": Ability(_check_steal, _steal, in_combat=False),
    "double_sale": Ability(None, None, in_combat=False),     # rules.check_sell
    "resurrection": Ability(_check_resurrection, _resurrect_treasure),   # the door: rules.check_kick_door
}


def has_ability(state: GameState, player: Player, name: str) -> bool:
    if not cards_with_abilities(tuple(state.sets)):     # none in some sets (Cthulhu): nothing to look up
        return False
    return any(name in c.abilities for c in ch.ability_cards(state, player))
