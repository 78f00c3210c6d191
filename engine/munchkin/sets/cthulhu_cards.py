"""Munchkin Cthulhu's cards that neither numbers nor an effect can describe, each played by a function
of its own (registry.PLAYS; card data names it in "play"), from rules version 2 on. Their texts in our
words are in data/cards/cthulhu.yaml; the fact sheets give only a line on each, so the details here
(who may be the target, when) are our reading, marked so in each card's provenance.

The two cards that work without being played are read where their rule is asked: the Kultausweis
(``cultist_at_will``) in character.traits, the Gezinkter Würfel (``sets_die``, Impossible has one too)
at the run-away roll (combat.run_from and combat.set_die).
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.munchkin import character as ch
from engine.munchkin import combat as cb
from engine.munchkin.actions import PlayCard
from engine.munchkin.registry import card_play
from engine.munchkin.state import Combat, GameState, Player
from engine.munchkin.tx import Tx

MUTATION = 3        # Mutation: +3 or -3 for one munchkin in the fight (our number)
KICKER_TIMES = 3    # Tritt-Sekret: the footgear's bonus counts three times
ICHOR = "ichor"     # the trait of the Sekret one-shots (their English names say "Ichor")


def _fight(state: GameState) -> Combat:
    """The combat while it is being fought (not yet lost or won), else a refusal."""
    combat = state.combat
    if combat is None or combat.stage != "fight":
        raise IllegalAction("no_combat")
    return combat


def _fighter_target(state: GameState, a: PlayCard) -> Player:
    """The munchkin in the fight the card is played on: the one named, else the one who plays it."""
    target = a.target_player or a.actor
    if not cb.in_combat(state, target):
        raise IllegalAction("needs_fighting_player")
    return state.player(target)


def _on_each_fighter(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return [PlayCard(actor=player.id, card=uid, target_player=p.id) for p in cb.fighters(state)]


def _nothing_to_offer(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return []


# ---------------------------------------------------------------------- Tritt-Sekret
def footgear_bonus(state: GameState, player: Player) -> int:
    return sum(ch.item_bonus(state, player, i) for i in player.items
               if i.in_use and state.card(i.uid).slot == "footgear")


def _check_kicker(state: GameState, player: Player, a: PlayCard) -> None:
    _fight(state)
    if footgear_bonus(state, _fighter_target(state, a)) <= 0:
        raise IllegalAction("needs_footgear_bonus")


@card_play("kicker_ichor", check=_check_kicker, forms=_on_each_fighter)
def _kicker_ichor(tx: Tx, player: Player, a: PlayCard) -> None:
    """In this fight the target's footgear counts three times: twice its bonus more."""
    target = tx.s.player(a.target_player or a.actor)
    combat = tx.s.combat
    assert combat is not None
    extra = (KICKER_TIMES - 1) * footgear_bonus(tx.s, target)
    combat.ability_bonus[target.id] = combat.ability_bonus.get(target.id, 0) + extra
    tx.discard(a.card)
    tx.emit("fight_bonus", player=target.id, card=tx.s.card_ids[a.card], bonus=extra)


# ---------------------------------------------------------------------- Mutation
def _check_mutation(state: GameState, player: Player, a: PlayCard) -> None:
    _fight(state)
    if a.target_player is None:
        raise IllegalAction("needs_fighting_player")
    _fighter_target(state, a)
    if a.side not in ("players", "monsters"):
        raise IllegalAction("needs_side")


def _mutation_forms(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return [PlayCard(actor=player.id, card=uid, target_player=p.id, side=side)
            for p in cb.fighters(state) for side in ("players", "monsters")]


@card_play("mutation", check=_check_mutation, forms=_mutation_forms)
def _mutation(tx: Tx, player: Player, a: PlayCard) -> None:
    """A munchkin in the fight gets +3 (side "players") or -3 (side "monsters") for this fight."""
    combat = tx.s.combat
    assert combat is not None and a.target_player is not None
    bonus = MUTATION if a.side == "players" else -MUTATION
    combat.ability_bonus[a.target_player] = combat.ability_bonus.get(a.target_player, 0) + bonus
    tx.discard(a.card)
    tx.emit("fight_bonus", player=a.target_player, card=tx.s.card_ids[a.card], bonus=bonus)


# ---------------------------------------------------------------------- Sonnenfinsternis
def _check_eclipse(state: GameState, player: Player, a: PlayCard) -> None:
    combat = _fight(state)
    if not cb.in_combat(state, player.id):
        raise IllegalAction("needs_fighting_player")
    if combat.helper is None:
        raise IllegalAction("needs_helper")
    if combat.split_evenly_by is not None:
        raise IllegalAction("already_so", card=state.card_ids[a.card])


def _eclipse_forms(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return [PlayCard(actor=player.id, card=uid)]


@card_play("solar_eclipse", check=_check_eclipse, forms=_eclipse_forms)
def _solar_eclipse(tx: Tx, player: Player, a: PlayCard) -> None:
    """The fight's treasures are split evenly between fighter and helper whatever the bribe said; an
    odd one goes to whoever played this (combat.reward_step)."""
    combat = tx.s.combat
    assert combat is not None
    combat.split_evenly_by = player.id
    tx.discard(a.card)
    tx.emit("treasures_split_evenly", player=player.id)


# ---------------------------------------------------------------------- Ia! R'lyeh!
def _discard_tops(state: GameState) -> list[str]:
    return [pile[-1] for pile in (state.door_discard, state.treasure_discard) if pile]


def _check_ia(state: GameState, player: Player, a: PlayCard) -> None:
    if a.with_card is None or a.with_card not in _discard_tops(state):
        raise IllegalAction("needs_discard_top")


def _ia_forms(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return [PlayCard(actor=player.id, card=uid, with_card=top) for top in _discard_tops(state)]


@card_play("ia_rlyeh", check=_check_ia, forms=_ia_forms)
def _ia_rlyeh(tx: Tx, player: Player, a: PlayCard) -> None:
    """The top card of the door or treasure discard pile goes to the hand; this card is discarded."""
    state = tx.s
    taken = a.with_card or ""
    (state.door_discard if state.door_discard and state.door_discard[-1] == taken else state.treasure_discard).pop()
    player.hand.append(taken)
    tx.discard(a.card)
    tx.emit("card_taken_from_discard", player=player.id, card=state.card_ids[taken])


# ---------------------------------------------------------------------- Sekret-Sammler
def last_ichor(state: GameState) -> str | None:
    """The Sekret played last: the last one lying in the fight, else the topmost in the treasure discards."""
    if state.combat is not None:
        for one_shot in reversed(state.combat.one_shots):
            if ICHOR in state.card(one_shot.uid).traits:
                return one_shot.uid
    return next((u for u in reversed(state.treasure_discard) if ICHOR in state.card(u).traits), None)


def _check_picker(state: GameState, player: Player, a: PlayCard) -> None:
    if last_ichor(state) is None:
        raise IllegalAction("no_ichor_played")


def _picker_forms(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return [PlayCard(actor=player.id, card=uid)]


@card_play("ichor_picker", check=_check_picker, forms=_picker_forms)
def _ichor_picker(tx: Tx, player: Player, a: PlayCard) -> None:
    state = tx.s
    ichor = last_ichor(state) or ""
    combat = state.combat
    in_fight = combat is not None and next((o for o in combat.one_shots if o.uid == ichor), None)
    if combat is not None and in_fight:
        combat.one_shots.remove(in_fight)       # its bonus leaves the fight with it
    else:
        state.treasure_discard.remove(ichor)
    player.hand.append(ichor)
    tx.discard(a.card)
    tx.emit("card_taken_from_discard", player=player.id, card=state.card_ids[ichor])


# ---------------------------------------------------------------------- O R'lyeh?
def cancellable(state: GameState) -> list[str]:
    """The cards played into this fight that still lie there: one-shots, monster enhancers and the
    monsters that joined (not the one the fight began with)."""
    combat = state.combat
    if combat is None or combat.stage != "fight":
        return []
    found = [o.uid for o in combat.one_shots]
    found += [e for m in combat.monsters for e in m.enhancers]
    return found + [m.uid for m in combat.monsters[1:]]


def _check_o_rlyeh(state: GameState, player: Player, a: PlayCard) -> None:
    _fight(state)
    if a.with_card is None or a.with_card not in cancellable(state):
        raise IllegalAction("needs_card_in_fight")


def _o_rlyeh_forms(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return [PlayCard(actor=player.id, card=uid, with_card=other) for other in cancellable(state)]


@card_play("o_rlyeh", check=_check_o_rlyeh, forms=_o_rlyeh_forms)
def _o_rlyeh(tx: Tx, player: Player, a: PlayCard) -> None:
    """The card goes to the discards as if never played (a joined monster with its enhancers)."""
    combat = tx.s.combat
    assert combat is not None
    cancelled = a.with_card or ""
    gone = [cancelled]
    for one_shot in list(combat.one_shots):
        if one_shot.uid == cancelled:
            combat.one_shots.remove(one_shot)
    for monster in list(combat.monsters):
        if cancelled in monster.enhancers:
            monster.enhancers.remove(cancelled)
        elif monster.uid == cancelled:
            combat.monsters.remove(monster)
            gone += monster.enhancers
    for uid in gone:
        tx.discard(uid)
    tx.discard(a.card)
    tx.emit("card_cancelled", player=player.id, card=tx.s.card_ids[cancelled])


# ---------------------------------------------------------------------- Schummeln!
def _check_cheat(state: GameState, player: Player, a: PlayCard) -> None:
    if state.active_player.id != player.id or state.combat is not None:
        raise IllegalAction("only_on_your_turn_outside_combat", card=state.card_ids[a.card])
    item = ch.item_in_play(player, a.target_item or "")
    if item is None or state.card(item.uid).kind != "item" or item.on_follower is not None:
        raise IllegalAction("needs_target_item")
    card = state.card(item.uid)
    barred = not ch.meets_restriction(state, player, card) or not (
        item.in_use or ch.slot_free(state, player, card))
    if ch.cheated(state, item) or not barred:
        raise IllegalAction("cheat_not_needed", card=card.id)


def _cheat_forms(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return [PlayCard(actor=player.id, card=uid, target_item=i.uid) for i in player.items]


@card_play("cheat", check=_check_cheat, forms=_cheat_forms)
def _cheat(tx: Tx, player: Player, a: PlayCard) -> None:
    """The card lies on the item: the item is in use whatever its restriction or a full slot say,
    for as long as it stays in play (it travels with the item, like an item enhancer)."""
    item = ch.item_in_play(player, a.target_item or "")
    assert item is not None
    item.enhancers.append(a.card)
    item.in_use = True
    tx.emit("item_equipped", player=player.id, card=tx.s.card_ids[item.uid])


# ---------------------------------------------------------------------- Nach Kinoregeln erschaffen
def _check_third_hand(state: GameState, player: Player, a: PlayCard) -> None:
    if state.active_player.id != player.id and player.fresh.get(a.card, 0) < state.turn:
        raise IllegalAction("only_on_your_turn", card=state.card_ids[a.card])
    if a.target_player not in (None, player.id):
        raise IllegalAction("only_on_yourself")
    if any(state.card(u).extra_hands for u in player.extras):
        raise IllegalAction("already_have_that", card=state.card_ids[a.card])


def _third_hand_forms(state: GameState, player: Player, uid: str) -> list[PlayCard]:
    return [PlayCard(actor=player.id, card=uid)]


@card_play("cinematic_third_hand", check=_check_third_hand, forms=_third_hand_forms)
def _third_hand(tx: Tx, player: Player, a: PlayCard) -> None:
    """The card lies before its player: one hand more for items while it does (character.hand_slots)."""
    player.extras.append(a.card)
    tx.emit("card_laid_out", player=player.id, card=tx.s.card_ids[a.card])
