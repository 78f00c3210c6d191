"""The card effect vocabulary: applying bad stuff and curses to a victim.

Effects run in order. When one needs the victim to choose (which item, which class), a pending
decision is opened and the rest of the effects wait in it. Effects data cannot express are named
functions in ``registry.HANDLERS``, registered by this module and the set modules.
"""

from __future__ import annotations

from engine.munchkin import character as ch
from engine.munchkin.cards import Effect
from engine.munchkin.decisions import open_decision
from engine.munchkin.registry import HANDLERS, handler
from engine.munchkin.sets.cult import become_cultist, may_lose
from engine.munchkin.state import LOSE_ALL_ITEMS_TAKES_THE_BACKPACK, ItemInPlay, Player
from engine.munchkin.tx import Tx


@handler("lose_most_valuable_item")
def _lose_most_valuable_item(tx: Tx, victim: Player, source: str) -> list[str] | None:
    """The item in play worth the most gold; the victim picks among equally valuable ones."""
    if not victim.items:
        return None
    best = max(tx.s.card(i.uid).value for i in victim.items)
    return [i.uid for i in victim.items if tx.s.card(i.uid).value == best]


def _slot_matches(tx: Tx, uid: str, slot: str | None) -> bool:
    card = tx.s.card(uid)
    if slot in (None, "any"):
        return True
    if slot == "big":
        return card.big
    return card.slot == slot


def loss_candidates(tx: Tx, victim: Player, effect: Effect, source: str) -> list[str] | None:
    """Cards one effect could take; None for effects that take nothing to choose."""
    if effect.op == "lose_item":
        pool = victim.items if effect.slot in (None, "any", "big") else [i for i in victim.items if i.in_use]
        return [i.uid for i in pool if _slot_matches(tx, i.uid, effect.slot)]
    if effect.op == "lose_class":
        return [u for u in victim.classes if may_lose(tx.s, victim, u)]
    if effect.op == "lose_race":
        return list(victim.races)
    if effect.op == "lose_follower":
        return list(victim.followers)
    if effect.op == "lose_power":
        return list(victim.powers)
    return None


def lose_card(tx: Tx, victim: Player, uid: str, source: str) -> None:
    removed = ch.remove_from_play(tx.s, victim, uid)
    if removed:
        for card in removed:
            tx.discard(card)
        tx.emit("card_lost", player=victim.id, card=tx.s.card_ids[uid], source=source)
        ch.after_losing_ability(tx, victim)


def apply_effects(tx: Tx, victim: Player, effects: list[Effect], source: str, finish: str) -> None:
    """Apply effects to the victim. ``finish`` says what becomes of the source card afterwards:
    "discard", "keep" (a monster still in combat) or "stay" (a lasting curse stays on the victim).
    """
    hit_anything = False
    for index, effect in enumerate(effects):
        if effect.op == "handler" and effect.handler not in HANDLERS:
            tx.emit("card_not_automated", card=tx.s.card_ids[source], player=victim.id)
            continue
        if effect.op == "handler":
            result = HANDLERS[effect.handler or ""](tx, victim, source)
            candidates = result if isinstance(result, list) else None
            if candidates is None:
                hit_anything |= bool(result)
                continue
        elif effect.op == "lose_items_worth":
            hit_anything |= bool(victim.items)
            if _lose_items_worth(tx, victim, effect.n, effects[index + 1:], source, finish):
                return
            continue
        else:
            candidates = loss_candidates(tx, victim, effect, source)
        if candidates is not None:
            if not candidates:
                continue
            hit_anything = True
            if len(candidates) > 1:
                open_decision(tx, victim.id, "choose_loss", candidates, params={
                    "source": source, "finish": finish,
                    "remaining": [e.model_dump() for e in effects[index + 1:]],
                })
                return
            lose_card(tx, victim, candidates[0], source)
            continue
        hit_anything |= _apply_simple(tx, victim, effect, source)
        if effect.op == "death":
            _finish_source(tx, victim, source, "discard" if finish != "keep" else "keep")
            return
    if not hit_anything and finish == "keep":   # a monster's bad stuff that finds nothing: say so
        tx.emit("nothing_to_lose", card=tx.s.card_ids[source], player=victim.id)
    elif not hit_anything:
        tx.emit("no_effect", card=tx.s.card_ids[source], player=victim.id)
    _finish_source(tx, victim, source, finish)


def _lose_items_worth(tx: Tx, victim: Player, gold: int, rest: list[Effect], source: str, finish: str) -> bool:
    """Items in play worth at least ``gold`` go, the victim choosing which (Campus Crusade for
    Cthulhu, Eldridge Hawrer); with less than that in play, all of them. Returns True when a choice
    is now pending (the rest of the effects wait in it)."""
    while gold > 0 and victim.items:
        values = {i.uid: tx.s.card(i.uid).value for i in victim.items}
        if sum(values.values()) <= gold or len(values) == 1:
            for uid in list(values):
                lose_card(tx, victim, uid, source)
            return False
        open_decision(tx, victim.id, "choose_loss", list(values), params={
            "source": source, "finish": finish, "worth": gold,
            "remaining": [e.model_dump() for e in rest],
        })
        return True
    return False


def _apply_simple(tx: Tx, victim: Player, effect: Effect, source: str) -> bool:
    """Effects without a choice. Returns whether the victim had anything for it to hit."""
    if effect.op == "lose_levels":
        if victim.level <= 1:
            return False
        ch.lose_levels(tx, victim, effect.n, source=tx.s.card_ids[source])
        return True
    if effect.op == "lose_all_items":
        hits = [i.uid for i in _all_items_pool(tx, victim, effect.slot) if _slot_matches(tx, i.uid, effect.slot)]
        for uid in hits:
            lose_card(tx, victim, uid, source)
        return bool(hits)
    if effect.op == "change_sex":
        victim.sex = "female" if victim.sex == "male" else "male"
        tx.emit("sex_changed", player=victim.id, sex=victim.sex)
        return True
    if effect.op == "discard_hand":
        if not victim.hand:
            return False
        for uid in list(victim.hand):
            victim.hand.remove(uid)
            tx.discard(uid)
        tx.emit("hand_discarded", player=victim.id)
        return True
    if effect.op == "death":
        ch.die(tx, victim, source=tx.s.card_ids[source])
        return True
    if effect.op == "combat_malus":
        return True
    if effect.op == "become_cultist":
        return become_cultist(tx, victim)
    raise AssertionError(f"unhandled effect {effect.op}")


def _all_items_pool(tx: Tx, victim: Player, slot: str | None) -> list[ItemInPlay]:
    """The items "lose all items" reads: all of them, carried ones too (Ninja-Armee), as "lose an
    item" does; "all your headgear" and the like only those in use. Games begun before
    LOSE_ALL_ITEMS_TAKES_THE_BACKPACK spared the backpack."""
    if slot in (None, "any", "big") and tx.s.rules_version >= LOSE_ALL_ITEMS_TAKES_THE_BACKPACK:
        return list(victim.items)
    return [i for i in victim.items if i.in_use]


def _finish_source(tx: Tx, victim: Player, source: str, finish: str) -> None:
    if source not in tx.s.resolving:
        return
    tx.s.resolving.remove(source)
    lasting = any(e.op == "combat_malus" for e in tx.s.card(source).effects)
    if finish == "stay" and lasting and tx.s.has_player(victim.id):
        victim.curses.append(source)
        tx.emit("curse_stays", player=victim.id, card=tx.s.card_ids[source])
    else:
        tx.discard(source)


def resume_effects(tx: Tx, victim: Player, chosen: str, params: dict) -> None:
    """Continue after the victim chose what to lose."""
    source = params["source"]
    value = tx.s.card(chosen).value
    lose_card(tx, victim, chosen, source)
    remaining = [Effect.model_validate(e) for e in params["remaining"]]
    if params.get("worth", 0) > value:      # more gold still to lose
        remaining.insert(0, Effect(op="lose_items_worth", n=params["worth"] - value))
    if remaining:
        apply_effects(tx, victim, remaining, source, params["finish"])
    else:
        _finish_source(tx, victim, source, params["finish"])
