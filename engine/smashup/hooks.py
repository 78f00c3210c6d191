"""Abilities that wait for a moment in the game: bases, monsters and ongoing cards reacting to a
minion played, a monster destroyed, a base scoring, the end of a turn. Each card names its hook
in its effects ("base_..." ops for bases); this module is where they happen, with the moves that
lead to such moments: a minion or monster destroyed (destroy), a monster coming to a base
(play_monster), a minion moved (move_minion). It lies below the card ops (engine.smashup.ops),
which call these; the choices its abilities open are answered here too."""

from __future__ import annotations

from collections.abc import Callable

from engine.smashup.cards import OPS_BY_ID, Effect, designs, ops_of
from engine.smashup.choices import handler, open_choice, pending
from engine.smashup.power import find_minion, has_abilities, minion_power, powers_at
from engine.smashup.registry import Context, in_play
from engine.smashup.state import (
    CARDS_AS_WRITTEN,
    BaseInPlay,
    Decision,
    Minion,
    drop,
    holds,
    minion_effect,
    new_monster,
)
from engine.smashup.targets import affectable, indestructible
from engine.smashup.tx import Tx

in_play(
    # bases
    "base_extra_if_absent",
    "base_bastion", "base_gauntlet", "base_whack_undead", "base_garrison", "base_coffers", "base_hotel",
    "base_party",
    # monsters and ongoing cards
    "before_scoring_destroy_weak", "end_of_turn_destroy_weak", "counter_when_monster_destroyed",
    "loot_bonus", "base_thieves_guild", kind="hook")
in_play("caltrops")      # Bag of Caltrops (after_minion_played)
# what a minion leaving play keeps (Tx.remove_minion reads them): cards on it saved, a Dwarf King's treasures
in_play("save_to_hand", "save_to_deck_top", "save_with_card", kind="attached")
in_play("keep_treasures")


def _has(tx: Tx, uid: str, op: str) -> Effect | None:
    return tx.s.effect(uid, op)


def after_minion_played(tx: Tx, player: str, base: BaseInPlay, uid: str) -> None:
    """The abilities waiting for a minion played here: Bag of Caltrops first (the minion may be gone),
    then the base's, Fae Fighters' and ongoing actions' abilities, in the order the active player
    chooses when several trigger at once."""
    if base.actions and _caltrops(tx, player, base, uid):
        return
    state = tx.s
    base_ops = working_ops(state, base.uid)     # looked up once (what _has answers for each of them)
    found = []
    if "base_treasure_first_minion" in base_ops and \
            f"bath:{base.uid}" not in state.player(player).used_this_turn:
        found.append("bath")
    _fae_fighters(state, player, found)
    if base_ops:
        seat = state.player(player)
        if "base_doors" in base_ops and f"doors:{base.uid}" not in seat.used_this_turn and seat.hand:
            found.append("doors")
        if "base_may_draw" in base_ops:
            found.append("tower")
        if "base_other_draws" in base_ops:
            found.append("treehouse")
    if base.actions:
        found += [f"stash|{u}" for u in _with_op(tx, base.actions, "base_action_draw_on_minion")
                  if state.owners.get(u) == player]
    if found or state.triggers:
        fire(tx, [_trigger(t, player, base.uid, uid) for t in found])


def _with_op(tx: Tx, uids, op: str) -> list[str]:
    """The cards among ``uids`` with a working effect of this op, in their order (the designs without
    the op passed over in ops_of's memo, without state.effect's call)."""
    state = tx.s
    card_of, ids, ops = designs(), state.card_ids, OPS_BY_ID
    found = []
    for u in uids:
        card = card_of[ids[u]]
        if op in (ops.get(id(card)) or ops_of(card)) and state.effect(u, op) is not None:
            found.append(u)
    return found


def _of_design_with(state, minions, op: str) -> list[Minion]:
    """The minions (or monsters) among these whose design has the op, working or not: in a loop over
    the cards in play, most lack the op, and this spares them state.effect's call (silenced or not,
    which effect) before the few that have it are asked whether it works."""
    card_of, ids = designs(), state.card_ids
    return [m for m in minions if op in ops_of(card_of[ids[m.uid]])]


def _fae_fighters(state, player: str, found: list[str]) -> None:
    """The working Fae Fighters of the other players, in play order, as their triggers ("fae|uid") at
    the end of ``found`` (a minion played by anyone else triggers each of them)."""
    card_of, ids, ops = designs(), state.card_ids, OPS_BY_ID   # (one plain loop: _of_design_with's test in place)
    for base in state.bases:
        for m in base.minions:
            card = card_of[ids[m.uid]]
            if "fae_fighter" in (ops.get(id(card)) or ops_of(card)) and m.controller not in (None, player) \
                    and minion_effect(state, m, "fae_fighter") is not None:
                found.append(f"fae|{m.uid}")


# the abilities a moment triggers, by kind ("doors", "fae" …): registered beside their cards (ops/)
Trigger = Callable[[Tx, str, str, BaseInPlay, str], None]    # (tx, card, player, base, minion)
TRIGGERS: dict[str, Trigger] = {}


def trigger(kind: str) -> Callable[[Trigger], Trigger]:
    def register(fn: Trigger) -> Trigger:
        TRIGGERS[kind] = fn
        return fn

    return register


def _trigger(kind_and_card: str, player: str, base: str, minion: str = "") -> str:
    kind, _, card = kind_and_card.partition("|")
    return "|".join((kind, card or base, player, base, minion))


def fire(tx: Tx, triggers: list[str]) -> None:
    """Abilities that triggered at the same time wait in a queue; they run one by one (rulebook "Bei
    Verbot unwirksam": with several at once, the active player decides their order)."""
    tx.s.triggers.extend(triggers)
    run_triggers(tx)


def run_triggers(tx: Tx) -> None:
    """Run the waiting abilities while no choice is open: the only one left at once, or the one the
    active player puts first (asked again while two or more cards wait, after each one's own choice)."""
    state = tx.s
    if not state.triggers:                   # (nearly always: asked after every choice)
        return

    while state.triggers and pending(state) is None:
        cards = list(dict.fromkeys(t.split("|")[1] for t in state.triggers))
        if len(cards) == 1:                  # one card's abilities: in their printed order
            _run(tx, state.triggers.pop(0))
            continue
        open_choice(tx, state.active_player.id, "order_abilities", cards)
        return


def run_first(tx: Tx, card: str) -> None:
    """The active player's pick: the first waiting ability of this card runs now."""
    trigger = next((t for t in tx.s.triggers if t.split("|")[1] == card), None)
    if trigger is not None:
        tx.s.triggers.remove(trigger)
        _run(tx, trigger)


def _run(tx: Tx, trigger: str) -> None:
    kind, card, player, base_uid, minion = trigger.split("|")
    if not tx.s.has_player(player) or not any(b.uid == base_uid for b in tx.s.bases):
        return
    TRIGGERS[kind](tx, card, player, tx.s.base(base_uid), minion)


def _caltrops(tx: Tx, player: str, base: BaseInPlay, uid: str) -> bool:
    """Bag of Caltrops: another player's minion of power 3 or less played here is destroyed, and the
    bag with it (not one the bag's player's actions cannot affect: a Dork Orc, one under Sneaksy or at
    The Pits). True when the minion is gone."""
    bags = _with_op(tx, base.actions, "caltrops")
    if not bags:                # (nearly always: no bag here)
        return False

    for bag in bags:
        effect = _has(tx, bag, "caltrops")
        owner = tx.s.played_by.get(bag)
        found = find_minion(tx.s, uid)
        if effect is None or owner == player or found is None or found[0] is not base:
            continue
        if not affectable(tx.s, Context(owner or "", bag, base.uid, uid), base, found[1]):
            continue
        if _power_as_played(tx.s, base, found[1]) <= (effect.max_power or 0):
            destroy(tx, uid, owner or "")
            base.actions.remove(bag)
            tx.s.played_by.pop(bag, None)
            tx.to_discard(bag)
            return True
    return False


def _power_as_played(state, base: BaseInPlay, minion: Minion) -> int:
    """A minion just played is judged by the power printed on it (rulebook l.492: its modified power
    counts only once it lies at the base); before CARDS_AS_WRITTEN by its power at the base."""
    if state.rules_version >= CARDS_AS_WRITTEN:
        return state.card(minion.uid).power
    return minion_power(state, base, minion)


def after_monster_destroyed(tx: Tx, base: BaseInPlay, by: str, no_treasures: bool = False) -> None:
    """Bastion's treasure goes to whoever destroyed the monster, unless the destroying card gives no
    treasures (Ruckus clears monsters "without treasures": the base's treasure too, fandom-bases-faq)."""
    if base not in tx.s.bases:
        return
    if _has(tx, base.uid, "base_bastion") and by and not no_treasures:   # a monster's own ability rewards nobody
        tx.draw_treasures(by, 1)
    for minion in _of_design_with(tx.s, base.minions, "counter_when_monster_destroyed"):
        effect = minion_effect(tx.s, minion, "counter_when_monster_destroyed")
        if effect is not None:
            minion.counters += effect.n
    if _has(tx, base.uid, "base_gauntlet"):
        play_monster(tx, base, by_base_ability=True)


def play_monster(tx: Tx, base: BaseInPlay, by_base_ability: bool = False) -> str | None:
    """The top monster comes to a base (never from a hand); its arrival may trigger more."""
    uid = tx.top("monster")
    if uid is None:
        return None
    base.monsters.append(new_monster(uid))
    tx.emit("monster_played", base=tx.s.card_ids[base.uid], monster=tx.s.card_ids[uid], uid=uid)
    after_monster_played(tx, base, uid, by_base_ability)
    return uid


def after_monster_played(tx: Tx, base: BaseInPlay, uid: str, by_base_ability: bool) -> None:
    """Whack-A-Ghoul sends undead under the monster deck (not replaced); Web Troll brings another."""
    card = tx.s.card(uid)
    if _has(tx, base.uid, "base_whack_undead") and getattr(card, "undead", False):
        for monster in list(base.monsters):
            if monster.uid == uid:
                drop(base.monsters, monster)
        tx.s.monster_deck.insert(0, uid)
        tx.emit("monster_sent_under", base=tx.s.card_ids[base.uid], monster=tx.s.card_ids[uid])
        return
    if _has(tx, uid, "play_another_monster") and not by_base_ability:
        play_monster(tx, base)


def before_scoring(tx: Tx, base: BaseInPlay) -> None:
    """Hippogriff: a random minion (not a monster) of power 3 or less here is destroyed."""
    for monster in list(base.monsters):
        effect = minion_effect(tx.s, monster, "before_scoring_destroy_weak")
        if effect is None:
            continue
        powers, limit = powers_at(tx.s, base), effect.max_power or 0     # (as they are now, before it acts)
        weak = [m.uid for m in base.minions if powers[id(m)] <= limit]
        if weak:
            destroy(tx, weak[tx.rng.below(len(weak))], by="")


def extra_vp(tx: Tx, base: BaseInPlay, placed: dict[str, int], total: int) -> dict[str, int]:
    """Garrison: with 22 or more power in all, the three best each get a VP more."""
    effect = _has(tx, base.uid, "base_garrison")
    if effect is None or total < (effect.max_power or 0):
        return {}
    return {pid: effect.n for pid, place in placed.items() if place <= 3}


def during_scoring(tx: Tx, base: BaseInPlay, placed: dict[str, int]) -> int:
    """The Coffers: every player with a minion here draws a treasure. Returns extra loot (Secret Stash)."""
    if _has(tx, base.uid, "base_coffers"):
        for pid in placed:
            tx.draw_treasures(pid, 1)
    return sum(e.n for uid in base.actions for e in tx.s.active_effects(uid) if e.op == "loot_bonus")


def minions_go_to_decks(tx: Tx, base: BaseInPlay) -> bool:
    """Hotel of Holiness: after scoring its minions go on top of their owners' decks."""
    return _has(tx, base.uid, "base_hotel") is not None


def onto_owners_deck(tx: Tx, base: BaseInPlay, minion: Minion) -> None:
    """Hotel of Holiness: the minion leaves the base for the top of its owner's deck; what was played
    on it goes to its piles."""
    drop(base.minions, minion)
    for uid in minion.attached:
        tx.to_discard(uid)
    tx.s.player(minion.owner).deck.append(minion.uid)      # type: ignore[arg-type]


def hotel_order_asked(tx: Tx, base: BaseInPlay) -> bool:
    """Hotel of Holiness puts the minions on their owners' decks "in any order": an owner with two or
    more there names them one at a time, each going on top of the ones named before (from
    CARDS_AS_WRITTEN on; before, they went in the base's order). True while such a choice waits."""
    state = tx.s
    if state.rules_version < CARDS_AS_WRITTEN or not minions_go_to_decks(tx, base):
        return False
    for seat in state.players:
        theirs = [m.uid for m in base.minions if m.owner == seat.id]
        if len(theirs) >= 2:
            open_choice(tx, seat.id, "hotel_order", theirs, base=base.uid)
            return True
    return False


@handler("hotel_order")
def _hotel_order(tx: Tx, decision: Decision, option: str) -> None:
    """The minion named goes onto its owner's deck now; the clearing asks for the next one."""
    base = next((b for b in tx.s.bases if b.uid == decision.context.get("base")), None)
    minion = next((m for m in base.minions if m.uid == option), None) if base is not None else None
    if base is not None and minion is not None and minion.owner is not None:
        onto_owners_deck(tx, base, minion)


def end_of_turn(tx: Tx) -> None:
    """Plutonium Dragon: at the end of every turn, minions of power 2 or less at its base are
    destroyed; the treasures of monsters destroyed this way are discarded."""
    state = tx.s
    for base, dragons in _with_end_of_turn_design(state):
        for monster in dragons:
            effect = minion_effect(tx.s, monster, "end_of_turn_destroy_weak")
            if effect is None:
                continue
            powers, limit = powers_at(state, base), effect.max_power or 0  # the weak ones found first, then destroyed
            weak = [m for m in (*base.minions, *base.monsters) if m is not monster and powers[id(m)] <= limit]
            for minion in weak:
                destroy(tx, minion.uid, by="", no_treasures=True)


def _with_end_of_turn_design(state):
    """Each base (of those in play as the turn ends) with its monsters whose design has the end of
    turn op (_of_design_with's answer, looked for when the loop reaches the base), where it has any.
    One plain loop over every monster, the ops looked up in ops_of's memo in place: it runs at every
    end of turn and most monsters lack the op."""
    card_of, ids, found_ops = designs(), state.card_ids, OPS_BY_ID
    for base in list(state.bases):
        found = None
        for monster in base.monsters:
            card = card_of[ids[monster.uid]]
            ops = found_ops.get(id(card))
            if ops is None:
                ops = ops_of(card)
            if "end_of_turn_destroy_weak" in ops:
                if found is None:
                    found = [monster]
                else:
                    found.append(monster)
        if found is not None:
            yield base, found


def may_play_minion_at(tx_state, player: str, base_uid: str) -> bool:
    """Birthday Party: without a minion there you cannot play minions on other bases."""
    return all(party == base_uid for party in _parties_without(tx_state, player))


def open_for_minions(tx_state, player: str) -> list[str]:
    """The bases where may_play_minion_at lets the player play minions, in their order."""
    parties = _parties_without(tx_state, player)
    if not parties:          # (most listings: no Birthday Party, or one where the player has a minion)
        return [b.uid for b in tx_state.bases]
    return [b.uid for b in tx_state.bases if all(party == b.uid for party in parties)]


def _parties_without(tx_state, player: str) -> list[str]:
    """The Birthday Party bases where the player has no minion (asked at every listing: each base's
    working_ops read in place)."""
    return _bases_with_absent(tx_state, player, "base_party", None)


def lair_allows(tx_state, player: str, base: BaseInPlay) -> bool:
    """Subterranean Lair: on your turn, with no minion there, an extra minion there, again and again
    in the same turn once the one played there moved away (rulebook, "Unterirdisches Versteck")."""
    return "base_extra_if_absent" in working_ops(tx_state, base.uid) and not any(
        m.controller == player for m in base.minions)


def lair_bases(tx_state, player: str, among: list[str]) -> list[str]:
    """The bases of ``among`` where lair_allows lets the player play a minion, in the bases' order."""
    return _bases_with_absent(tx_state, player, "base_extra_if_absent", among)


def _bases_with_absent(tx_state, player: str, op: str, among: list[str] | None) -> list[str]:
    """The bases (of ``among``, if given) whose working ops include ``op`` and where the player has no
    minion, in their order: working_ops' answer read from ops_of's memo in place (the call only for a
    design not yet seen), as it is asked for every base at every listing."""
    found: list[str] = []
    silenced, ids, card_of, ops = tx_state.silenced, tx_state.card_ids, designs(), OPS_BY_ID
    for base in tx_state.bases:
        uid = base.uid
        if uid in silenced or (among is not None and uid not in among):
            continue
        card = card_of[ids[uid]]
        if op in (ops.get(id(card)) or ops_of(card)) and not any(m.controller == player for m in base.minions):
            found.append(uid)
    return found


def working_ops(state, uid: str) -> frozenset[str] | tuple[()]:
    """The ops of a card in play while its abilities work, none while they rest: state.effect's answer
    for each op at once (asked for every base at every listing)."""
    return () if uid in state.silenced else ops_of(designs()[state.card_ids[uid]])


def after_treasure_played(tx: Tx, player: str, base: BaseInPlay, uid: str) -> None:
    """Thieves' Guild: after you play a treasure on this base or on a minion here, draw a card."""
    if tx.s.card_ids[uid].startswith("treasure-") and _has(tx, base.uid, "base_thieves_guild"):
        tx.draw(player, 1)


def after_scoring_saves(tx: Tx, base: BaseInPlay) -> None:
    """After a base scores, before its cards are discarded: each Deep Friar there lets its player move
    another of their minions (not another Deep Friar) to another base; each Bin and Gone on another
    base lets its player bring one of their minions from the scored base to it. Several at once go
    in the active player's order, each choosing among what is still there when its turn comes."""
    state = tx.s
    found = [_trigger(f"friar|{m.uid}", m.controller, base.uid) for m in base.minions
             if m.controller is not None and _has(tx, m.uid, "deep_friar") is not None and has_abilities(state, m)]
    for other in state.bases:
        for bin_card in other.actions if other is not base else []:
            owner = state.owners.get(bin_card)
            if _has(tx, bin_card, "bin_and_gone") is not None and owner is not None and state.has_player(owner):
                found.append(_trigger(f"bin|{bin_card}", owner, base.uid, other.uid))
    fire(tx, found)


def destroy(tx: Tx, uid: str, by: str, no_treasures: bool = False) -> None:
    """A destroyed monster's treasures go to the player who controls the destroying effect."""
    found = find_minion(tx.s, uid)
    assert found is not None
    base, minion = found
    if indestructible(tx.s, minion):
        tx.emit("not_destroyed", card=tx.s.card_ids[uid])
        return
    is_monster = holds(base.monsters, minion)
    tx.remove_minion(base, minion)
    if tx.s.effect(uid, "return_to_monster_deck_top"):
        tx.s.monster_discard.remove(uid)
        tx.s.monster_deck.append(uid)
    tx.emit("destroyed", player=by, card=tx.s.card_ids[uid], base=tx.s.card_ids[base.uid])
    if is_monster:
        treasures = tx.s.monster_card(uid).treasures
        if treasures and not no_treasures and by:
            tx.draw_treasures(by, treasures)
        after_monster_destroyed(tx, base, by, no_treasures)


@handler("order_abilities")
def _order_abilities(tx: Tx, decision: Decision, option: str) -> None:
    run_first(tx, option)


def move_minion(tx: Tx, uid: str, to_base: str) -> None:
    """A minion goes to another base with everything played on it; moving is not playing, so no
    "when played" ability fires."""
    found = find_minion(tx.s, uid)
    if found is None or found[0].uid == to_base:
        return
    base, minion = found
    base.minions.remove(minion)
    tx.s.base(to_base).minions.append(minion)
    tx.emit("minion_moved", card=tx.s.card_ids[uid], base=tx.s.card_ids[to_base])
