"""Combat: who fights what, the strengths on both sides, resolving, running away, the reward.

Rulebook sections: "Kampf", "Um Hilfe bitten", "Weitere Aktionen im Kampf", "Gewonnen!",
"Verloren!" (Axe Cop 1.01; the other rulebooks say the same).
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from functools import cache

from engine.munchkin import character as ch
from engine.munchkin.cards import Card
from engine.munchkin.decisions import open_decision
from engine.munchkin.effects import apply_effects
from engine.munchkin.setrules import rules_for
from engine.munchkin.sets.cult import become_cultist
from engine.munchkin.state import HELPER_REACHES_TEN_BY_THE_KILL, Combat, CombatMonster, GameState, Player
from engine.munchkin.tx import Tx

ESCAPE_ROLL = 5
COMBAT_DECISIONS = ("run_away", "set_die", "treasure_pick", "help", "help_offer")
DIE_FACES = ("1", "2", "3", "4", "5", "6")


def fighters(state: GameState) -> list[Player]:
    combat = state.combat
    if combat is None:
        return []
    ids = [combat.fighter] + ([combat.helper] if combat.helper else [])
    return [state.player(pid) for pid in ids]


def in_combat(state: GameState, player_id: str) -> bool:
    combat = state.combat
    return combat is not None and player_id in (combat.fighter, combat.helper)


def _monster_traits(state: GameState) -> set[str]:
    """What the monsters in combat are, for "+N against X" on the players' side: their traits and
    how high the highest one's level is ("monster_level_above:15")."""
    combat = state.combat
    assert combat is not None
    found = {f"monster:{t}" for m in combat.monsters for t in state.card(m.uid).traits}
    top = max((state.card(m.uid).level for m in combat.monsters), default=0)
    return found | _levels_below(top)


@cache
def _levels_below(top: int) -> frozenset[str]:
    """"monster_level_above:n" for every n below the highest monster's level, written once per level."""
    return frozenset(f"monster_level_above:{n}" for n in range(top))


def players_strength(state: GameState) -> int:
    """Both fighters' strength, one-shots for them, and their items' bonuses against the monsters'
    traits (e.g. "+3 against undead")."""
    combat = state.combat
    assert combat is not None
    monster_traits = _monster_traits(state)
    total = 0
    for player in fighters(state):
        total += ch.strength(state, player, in_this_combat=True)
        total += combat.ability_bonus.get(player.id, 0)
        for item in player.items:
            card = state.card(item.uid)
            if item.in_use and card.bonus_vs and ch.may_use(state, player, item):
                total += sum(b for trait, b in card.bonus_vs.items() if trait in monster_traits)
        for card in ch.ability_cards(state, player):
            if card.bonus_vs:
                total += sum(b for trait, b in card.bonus_vs.items() if trait in monster_traits)
    for one_shot in combat.one_shots:
        if one_shot.side == "players":
            total += one_shot_bonus(state, one_shot.uid, monster_traits)
    return total


def one_shot_bonus(state: GameState, uid: str, monster_traits: set[str]) -> int:
    """A one-shot's bonus: its number, its bonus against the monsters' traits, and "+N for each
    munchkin and each monster in the fight" (Shakespeare: "Die Pest auf beide Eure Häuser")."""
    combat = state.combat
    assert combat is not None
    card = state.card(uid)
    total = card.bonus + sum(b for trait, b in card.bonus_vs.items() if trait in monster_traits)
    if card.bonus_per_combatant:
        total += card.bonus_per_combatant * (len(fighters(state)) + len(combat.monsters))
    return total


def killed_outright(state: GameState, monster: CombatMonster) -> bool:
    """An item in use that kills this monster by name (Impossible: the gas mask and the gas giant)."""
    card_id = state.card_ids[monster.uid]
    return any(card_id in state.card(i.uid).kills for p in fighters(state) for i in p.items if i.in_use)


def monster_strength(state: GameState, monster: CombatMonster) -> int:
    """Level, enhancers, and each "+N against X" once if the fighter, the helper or both are X."""
    card = state.card(monster.uid)
    if killed_outright(state, monster):
        return 0
    total = card.level + sum(state.card(e).bonus for e in monster.enhancers)
    players = fighters(state)
    for source in (card, *(state.card(e) for e in monster.enhancers)):
        total += ch.monster_bonus(state, players, source.bonus_vs)
    return total


def monsters_strength(state: GameState) -> int:
    combat = state.combat
    assert combat is not None
    total = sum(monster_strength(state, m) for m in combat.monsters)
    total += combat.monster_bonus
    traits = _monster_traits(state)
    total += sum(one_shot_bonus(state, o.uid, traits) for o in combat.one_shots if o.side == "monsters")
    return total


def players_win(state: GameState) -> bool:
    """Strictly greater wins; a tie wins when the fighter or the helper has a card that wins ties
    (Shakespeare, "Um Hilfe bitten": with a warrior's help you win on a tie too)."""
    return _beats(state, players_strength(state), monsters_strength(state))


def _beats(state: GameState, ours: int, theirs: int) -> bool:
    return ours > theirs or (ours == theirs and any(ch.wins_ties(state, p) for p in fighters(state)))


def monster_treasures(state: GameState, monster: CombatMonster) -> int:
    card = state.card(monster.uid)
    enhancers = [state.card(e) for e in monster.enhancers]
    floor = max((e.treasures_at_least for e in enhancers), default=0)
    return max(0, min(card.treasures, floor), card.treasures + sum(e.treasures for e in enhancers))


# ---------------------------------------------------------------------- start and change
def start_combat(tx: Tx, fighter: str, monster_uid: str) -> None:
    tx.s.combat = Combat(fighter=fighter, monsters=[CombatMonster(uid=monster_uid, by=fighter)], window=tx.s.new_id())
    tx.emit("combat_started", fighter=fighter, monster=tx.s.card_ids[monster_uid], uid=monster_uid)
    emit_strengths(tx)


def emit_strengths(tx: Tx) -> None:
    state = tx.s
    tx.emit("combat_strengths", players=players_strength(state), monsters=monsters_strength(state),
            window=state.combat.window)  # type: ignore[union-attr]


def reopen_window(tx: Tx, actor: str | None) -> None:
    """Something changed the combat: everyone gets to react again (the "2.6 seconds")."""
    combat = tx.s.combat
    assert combat is not None
    combat.window = tx.s.new_id()
    combat.passed = [actor] if actor else []
    emit_strengths(tx)


def add_monster(tx: Tx, uid: str, by: str, followed: bool = False) -> None:
    combat = tx.s.combat
    assert combat is not None
    if followed:
        caller = _caller_for(tx.s, uid)
        if caller is not None and "goth" in tx.s.card(uid).traits:
            caller.called = True
    combat.monsters.append(CombatMonster(uid=uid, followed=followed, by=by))
    tx.emit("monster_joined", player=by, monster=tx.s.card_ids[uid], uid=uid)


def can_follow(state: GameState, uid: str) -> bool:
    """Undead (and the families a set names) join a combat their kind is in, without a card."""
    combat = state.combat
    if combat is None or combat.stage != "fight":
        return False
    return joins(state.card(uid), traits_open_to_follow(state))


def joins(card: Card, open_traits: AbstractSet[str]) -> bool:
    """The monster shares one of the fight's traits_open_to_follow."""
    return not open_traits.isdisjoint(card.traits)


def traits_open_to_follow(state: GameState) -> set[str]:
    """The traits by which a monster may join the fight, the ones _caller_for looks for: a family
    trait of a monster there, "goth" only of a Goth that neither came in by a call nor called one."""
    combat = state.combat
    assert combat is not None
    follow = set(rules_for(tuple(state.sets), state.options).follow_traits)
    found: set[str] = set()
    for monster in combat.monsters:
        found |= _open_traits(state, monster, follow)
    return found


def goth_call_waits_for(state: GameState, uid: str, player_id: str) -> str | None:
    """Who must decline first before this player may answer a Goth's call with this monster: the
    player who drew or played the calling Goth has the first say, then the players to the left in
    turn (C l.11); declining is passing the combat window. None when nobody is owed a say."""
    combat = state.combat
    caller = _caller_for(state, uid)
    if combat is None or caller is None or not _calls_as_goth_only(state, uid, caller):
        return None
    ids = [p.id for p in state.players]
    start = ids.index(caller.by) if caller.by in ids else ids.index(combat.fighter)
    order = ids[start:] + ids[:start]
    return next((pid for pid in order[:order.index(player_id)] if pid not in combat.passed), None)


def _calls_as_goth_only(state: GameState, uid: str, caller: CombatMonster) -> bool:
    shared = set(state.card(uid).traits) & set(state.card(caller.uid).traits)
    follow = set(rules_for(tuple(state.sets), state.options).follow_traits)
    return not (shared & follow) - {"goth"}


def _caller_for(state: GameState, uid: str) -> CombatMonster | None:
    """The monster in the fight that lets this one join. A Goth calls one further Goth, and a Goth
    that came in that way calls none (Cthulhu: "Goth-Monster")."""
    combat = state.combat
    assert combat is not None
    follow = set(rules_for(tuple(state.sets), state.options).follow_traits)
    card_traits = follow.intersection(state.card(uid).traits)
    for monster in combat.monsters:
        if not card_traits.isdisjoint(_open_traits(state, monster, follow)):
            return monster
    return None


def _open_traits(state: GameState, monster: CombatMonster, follow: set[str]) -> set[str]:
    """The traits by which another monster may join this one: its family traits, "goth" only while
    it neither came in by a call nor called one."""
    traits = follow.intersection(state.card(monster.uid).traits)
    return traits - {"goth"} if monster.followed or monster.called else traits


# ---------------------------------------------------------------------- resolving
def resolve(tx: Tx) -> None:
    state = tx.s
    combat = state.combat
    assert combat is not None
    _meet_effects(tx)
    ours, theirs = players_strength(state), monsters_strength(state)
    if not combat.monsters or _beats(state, ours, theirs):      # players_win with the strengths at hand
        tx.emit("combat_won", fighter=combat.fighter, helper=combat.helper, players=ours, monsters=theirs)
        _win(tx)
    else:
        tx.emit("combat_lost", fighter=combat.fighter, helper=combat.helper, players=ours, monsters=theirs)
        combat.stage = "run"
        combat.run_queue = [p.id for p in fighters(state)]


def _meet_effects(tx: Tx) -> None:
    """A monster whose card acts on whoever fights it, win or lose (H. P. Munchcraft): applied to
    the fighter when the fight is decided."""
    state = tx.s
    combat = state.combat
    assert combat is not None
    fighter = state.player(combat.fighter)
    for monster in combat.monsters:
        for effect in state.card(monster.uid).on_meet:
            if effect.op == "become_cultist":
                become_cultist(tx, fighter)


def _win(tx: Tx) -> None:
    state = tx.s
    combat = state.combat
    assert combat is not None
    rules = rules_for(tuple(state.sets), state.options)
    fighter = state.player(combat.fighter)
    killed = combat.monsters
    levels = sum(state.card(m.uid).levels for m in killed)
    ch.gain_levels(tx, fighter, levels, by_kill=True, source="kill")
    if combat.helper:
        helper = state.player(combat.helper)
        if any(c.helper_gains_level for c in ch.ability_cards(state, helper)):
            # the helper goes up by the kill too: both may reach level 10 at once and win together
            # (C l.27, I l.63); games begun before stop the helper at 9
            by_kill = state.rules_version >= HELPER_REACHES_TEN_BY_THE_KILL
            ch.gain_levels(tx, helper, len(killed), by_kill=by_kill, source="helped_kill")
    rewarded = list(killed) + (combat.defeated if rules.treasure_for_defeat_without_kill else [])
    count = sum(monster_treasures(state, m) for m in rewarded)
    if check_winners(tx):
        return
    if combat.helper is None:
        tx.draw_to_hand(fighter.id, "treasure", count, fresh_until=state.turn)
        finish_combat(tx)
        return
    for _ in range(count):
        uid = tx.draw("treasure")
        if uid is None:
            break
        combat.reward.append(uid)
    tx.emit("treasures_revealed", cards=[state.card_ids[u] for u in combat.reward], uids=list(combat.reward))
    combat.stage = "reward"


def check_winners(tx: Tx) -> bool:
    """Whoever stands on level 10 wins; several at once win together. With shared victory the
    helper of the winning fight wins as well."""
    state = tx.s
    winners = [p.id for p in state.players if p.level >= ch.MAX_LEVEL]
    if not winners:
        return False
    combat = state.combat
    shared = state.options.shared_victory and combat is not None and combat.fighter in winners
    if shared and combat.helper and combat.helper not in winners:  # type: ignore[union-attr]
        winners.append(combat.helper)  # type: ignore[union-attr]
    state.winners = winners
    state.phase = "over"
    state.ended_reason = "won"
    tx.emit("game_won", winners=winners)
    return True


def reward_step(tx: Tx) -> None:
    """Treasures drawn face up are split as the bribe says: whoever picks first takes their share
    one card at a time; the other gets the rest."""
    state = tx.s
    combat = state.combat
    assert combat is not None
    if combat.helper is None:       # the helper left the game during the split: the rest is the fighter's
        if combat.reward:
            take_reward(tx, combat.fighter, list(combat.reward))
        finish_combat(tx)
        return
    total = len(combat.reward) + sum(combat.reward_taken.values())
    helper_share = min(combat.bribe.treasures, total)
    if combat.split_evenly_by is not None:      # Sonnenfinsternis: even halves, the odd one its player's
        helper_share = total // 2 + (total % 2 if combat.split_evenly_by == combat.helper else 0)
    first, second = (combat.helper, combat.fighter) if combat.bribe.helper_first else (combat.fighter, combat.helper)
    first_share = helper_share if first == combat.helper else total - helper_share
    if combat.reward and combat.reward_taken.get(first, 0) < first_share:
        open_decision(tx, first, "treasure_pick", list(combat.reward))
        return
    if combat.reward:
        take_reward(tx, second, list(combat.reward))
    finish_combat(tx)


def take_reward(tx: Tx, player_id: str, uids: list[str]) -> None:
    combat = tx.s.combat
    assert combat is not None
    player = tx.s.player(player_id)
    for uid in uids:
        combat.reward.remove(uid)
        player.hand.append(uid)
        player.fresh[uid] = tx.s.turn
        combat.reward_taken[player_id] = combat.reward_taken.get(player_id, 0) + 1
    tx.emit("treasures_taken", player=player_id, cards=[tx.s.card_ids[u] for u in uids])


# ---------------------------------------------------------------------- running away
def run_step(tx: Tx) -> None:
    combat = tx.s.combat
    assert combat is not None
    while combat.run_queue:
        pid = combat.run_queue[0]
        remaining = [m.uid for m in combat.monsters if m.uid not in combat.fled.get(pid, [])]
        if remaining:
            open_decision(tx, pid, "run_away", remaining)
            return
        combat.run_queue.pop(0)
    finish_combat(tx)


def run_from(tx: Tx, player_id: str, monster_uid: str) -> None:
    """One d6 per monster, 5 or more escapes, modified by cards; "will not pursue" lets low levels go."""
    state = tx.s
    combat = state.combat
    assert combat is not None
    player = state.player(player_id)
    combat.fled.setdefault(player_id, []).append(monster_uid)
    card = state.card(monster_uid)
    only = card.no_pursue_only is None or card.no_pursue_only in ch.traits(state, player)
    if card.no_pursue_max is not None and player.level <= card.no_pursue_max and only:
        tx.emit("escaped", player=player_id, monster=card.id, reason="not_pursued")
        return
    roll = tx.roll(player_id, "run_away")
    loaded = die_setter(state, player)
    if loaded is not None:
        needs = _roll_needed(state, player, card)
        open_decision(tx, player_id, "set_die", ["keep", *DIE_FACES], default="keep",
                      params={"monster": monster_uid, "roll": roll, "card": loaded, "needs": needs})
        return
    _run_result(tx, player, monster_uid, roll)


def _roll_needed(state: GameState, player: Player, card: Card) -> int:
    """The number the die must show for this player to escape this monster."""
    combat = state.combat
    assert combat is not None
    one_shots = sum(state.card(o.uid).run_bonus for o in combat.one_shots if o.side == "players")
    bonus = ch.run_away_bonus(state, player) + card.run_away + one_shots + combat.run_bonus.get(player.id, 0)
    return ESCAPE_ROLL - bonus


def die_setter(state: GameState, player: Player) -> str | None:
    """The player's Gezinkter Würfel (Cthulhu, Impossible), in the hand or on the table, in a game of
    a rules version that plays it (the cards version 1 left to the table)."""
    if not state.cards_played_by_engine:
        return None
    for uid in player.hand:
        if state.card(uid).sets_die:
            return uid
    for item in player.items:
        if state.card(item.uid).sets_die:
            return item.uid
    return None


def set_die(tx: Tx, player_id: str, option: str, params: dict) -> None:
    """After the run-away roll its roller may play the Gezinkter Würfel: "keep" lets the roll stand,
    a number is what the die shows now, and the card is discarded."""
    player = tx.s.player(player_id)
    roll = params["roll"]
    if option != "keep":
        card = params["card"]
        if card in player.hand:
            player.hand.remove(card)
        else:
            ch.remove_from_play(tx.s, player, card)
        tx.discard(card)
        roll = int(option)
        tx.emit("die_set", player=player_id, card=tx.s.card_ids[card], value=roll)
    _run_result(tx, player, params["monster"], roll)


def _run_result(tx: Tx, player: Player, monster_uid: str, roll: int) -> None:
    state = tx.s
    combat = state.combat
    assert combat is not None
    player_id = player.id
    card = state.card(monster_uid)
    total = roll + ESCAPE_ROLL - _roll_needed(state, player, card)
    if total >= ESCAPE_ROLL:
        tx.emit("escaped", player=player_id, monster=card.id, roll=roll, total=total)
        return
    tx.emit("caught", player=player_id, monster=card.id, roll=roll, total=total)
    apply_effects(tx, player, list(card.bad_stuff), monster_uid, finish="keep")


def finish_combat(tx: Tx) -> None:
    state = tx.s
    combat = state.combat
    assert combat is not None
    for monster in (*combat.monsters, *combat.defeated):
        tx.discard(monster.uid)
        for uid in monster.enhancers:
            tx.discard(uid)
    for one_shot in combat.one_shots:
        tx.discard(one_shot.uid)
    for uid in combat.reward:       # treasures revealed but not taken: the fight ended early (the fighter left)
        tx.discard(uid)
    for player in fighters(state):
        for uid in [u for u in player.curses if any(e.op == "combat_malus" for e in state.card(u).effects)]:
            player.curses.remove(uid)
            tx.discard(uid)
    state.combat = None
    # choices that only make sense inside this combat go with it (a combat can end early: the fighter left)
    state.decisions = [d for d in state.decisions if d.kind not in COMBAT_DECISIONS]
    if state.phase != "over":
        state.phase = "after"
    tx.emit("combat_ended", fighter=combat.fighter)
