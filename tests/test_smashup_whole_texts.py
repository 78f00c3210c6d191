"""Smash Up – Munchkin, issue #35: cards do what their whole text says (rules version 3,
state.CARDS_AS_WRITTEN). Line numbers are those of the German rulebook (smash-up-munchkin.de.txt);
card texts as in data/smashup/texts.yaml. Each situation is built, then played through moves."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from engine.smashup.power import breakpoint_of, minion_power, total_power
from engine.smashup.rules import apply, is_legal
from engine.smashup.state import CARDS_AS_WRITTEN, RULES_VERSION, Minion
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import _scoring_round, add_monster, answer, game_for, kinds, play, set_base

CLERICS = {"anna": ["orcs", "clerics"], "ben": ["warriors", "thieves"], "cleo": ["halflings", "dwarves"]}
HALFLINGS = {"anna": ["halflings", "orcs"], "ben": ["warriors", "thieves"], "cleo": ["mages", "dwarves"]}


def _monster(state, uid):
    return next(m for b in state.bases for m in b.monsters if m.uid == uid)


def _power_of(state, uid):
    base = next(b for b in state.bases if any(m.uid == uid for m in (*b.minions, *b.monsters)))
    return minion_power(state, base, next(m for m in (*base.minions, *base.monsters) if m.uid == uid))


def _treasures_in_hand(state, player):
    return sum(state.card_ids[u].startswith("treasure-") for u in state.player(player).hand)


def test_the_rules_version_of_a_new_game_has_the_card_texts_whole():
    assert RULES_VERSION >= CARDS_AS_WRITTEN == 3


# ---------------------------------------------------------------------- l.172, l.176: monsters are minions
def _destroy_move(state, design, target, base_index):
    """The move playing ``design`` on ``target`` (a price paid with the first fitting card)."""
    player = "ben" if design.startswith(("thieves", "warriors")) else "anna"
    uid = take(state, design, player)
    card = state.card(uid)
    hand = [u for u in state.player(player).hand if u != uid]
    if design == "thieves-backstab":
        hand = [take(state, "treasure-tiger-steed", player)]
    discard = (hand[0],) if design in ("mages-zzzzzap", "thieves-backstab") else ()
    base = state.bases[base_index].uid
    if card.kind == "minion":
        return A.PlayMinion(actor=player, card=uid, base=base, target=target, discard=discard)
    return A.PlayAction(actor=player, card=uid, base=base, target=target, discard=discard)


@pytest.mark.parametrize("design", ["orcs-hammer-slammer", "mages-zzzzzap", "thieves-backstab",
                                    "warriors-dungeon-bait", "treasure-tiger-steed"])
def test_a_destroy_minion_card_destroys_a_weak_monster_and_its_player_takes_the_treasure(design):
    """l.172 ("Monster gelten als Kreaturen"), l.174 (the destroyer takes the monster's treasures):
    "destroy a minion of power N or less" reaches a monster as well (Hammer Slammer, Zzzzzap!,
    Backstab, Dungeon Bait, Tiger Steed at its own base)."""
    player = "ben" if design.startswith(("thieves", "warriors")) else "anna"
    state = game_for(player)
    monster = add_monster(state, 0, "monster-poultrygeist")         # power 2, one treasure
    move = _destroy_move(state, design, monster, 0)
    assert move in legal_actions(state, player)
    treasures = _treasures_in_hand(state, player) - (design == "thieves-backstab")
    state, events = apply(state, move)
    assert "destroyed" in kinds(events) and monster in state.monster_discard
    assert _treasures_in_hand(state, player) == treasures + 1 - (design == "treasure-tiger-steed")


def test_blaster_masters_talent_destroys_a_weak_monster():
    """l.172: Blaster Master's talent ("destroy a minion of power 2 or less") may pick a monster."""
    state = game_for("anna")
    blaster = put_minion(state, "mages-blaster-master", "anna", 1)
    monster = add_monster(state, 0, "monster-web-troll")           # power 1
    pay = state.player("anna").hand[0]
    state, _ = apply(state, A.UseTalent(actor="anna", card=blaster, target=monster, discard=(pay,)))
    assert monster in state.monster_discard


def test_a_game_of_rules_version_2_keeps_monsters_out_of_hammer_slammers_reach():
    """Stored games keep their rules: before CARDS_AS_WRITTEN a monster was no pick of Hammer Slammer."""
    state = game_for("anna")
    state.rules_version = 2
    monster = add_monster(state, 0, "monster-poultrygeist")
    uid = take(state, "orcs-hammer-slammer", "anna")
    assert A.PlayMinion(actor="anna", card=uid, base=state.bases[0].uid, target=monster) \
        not in legal_actions(state, "anna")


def test_good_habits_and_join_the_club_give_monsters_their_plus_one():
    """l.172: "all minions +1" (Good Habits: in play; Join the Club: at the base named) counts the
    monsters: a free monster's power raises the breakpoint (l.180), so the breakpoint goes up too."""
    state = game_for("anna", CLERICS)
    monster = add_monster(state, 1, "monster-web-troll")
    before, breakpoint = _power_of(state, monster), breakpoint_of(state, state.bases[1])
    (state, _), _ = play(state, "anna", "clerics-good-habits")
    assert _power_of(state, monster) == before + 1 and breakpoint_of(state, state.bases[1]) == breakpoint + 1
    state.player("anna").actions_left = 1
    (state, _), _ = play(state, "anna", "clerics-join-the-club", 1)
    assert _power_of(state, monster) == before + 2


def test_potion_of_idiotic_bravery_and_embiggen_may_choose_a_monster():
    """l.172: "choose a minion" (Potion of Idiotic Bravery +3, Embiggen +1 per card discarded) may
    choose a monster."""
    state = game_for("anna")
    monster = add_monster(state, 2, "monster-bigfoot")
    before = _power_of(state, monster)
    potion = take(state, "treasure-potion-of-idiotic-bravery", "anna")
    state, _ = apply(state, A.PlayAction(actor="anna", card=potion, target=monster))
    assert _power_of(state, monster) == before + 3
    state.player("anna").actions_left = 1
    embiggen = take(state, "mages-embiggen", "anna")
    paid = tuple(u for u in state.player("anna").hand if u != embiggen)[:2]
    state, _ = apply(state, A.PlayAction(actor="anna", card=embiggen, target=monster, discard=paid))
    assert _power_of(state, monster) == before + 3 + 2


def test_potion_of_paralysis_silences_the_monsters_and_the_base_scores_though_it_drops_below():
    """Potion of Paralysis ("every minion and action there loses its abilities") silences the monsters
    at the scoring base too (l.172); l.204: a base that fell below its breakpoint in the "before
    scoring" round is scored anyway. Sword Lord's +1 is what carried anna to the breakpoint."""
    state = game_for("anna")
    troll = add_monster(state, 0, "monster-web-troll")
    lord = put_minion(state, "orcs-sword-lord", "anna", 0)
    state, special = _scoring_round(state, "ben", "treasure-potion-of-paralysis")
    take(state, "treasure-dungeon-rule-book", "ben")            # a second special keeps ben's say open
    base = state.bases[0]
    filler = base.minions[-1]                                    # the minion that filled the base
    filler.counters -= total_power(state, base) - breakpoint_of(state, base)     # exactly at it
    assert total_power(state, base) == breakpoint_of(state, base)
    state, events = apply(state, A.PlaySpecial(actor="ben", card=special))
    assert troll in state.silenced and lord in state.silenced and "base_scored" not in kinds(events)
    base = state.bases[0]
    assert total_power(state, base) == breakpoint_of(state, base) - 1
    while state.scoring is not None and state.scoring.stage == "specials":
        window = state.scoring.window
        turn = next(p.id for p in state.players if is_legal(state, A.PassSpecial(actor=p.id, window=window)))
        state, more = apply(state, A.PassSpecial(actor=turn, window=window))
        events += more
    assert "base_scored" in kinds(events)


# ---------------------------------------------------------------------- l.492: printed power on play
def _caltrops_beside_kneepads():
    """Anna's Bag of Caltrops at base 0, and a Dork Orc of hers there with Kneepads of Allure (every
    minion at that base +1); cleo's turn, a Gold Digger (printed 3) in her hand."""
    state = game_for("anna")
    (state, _), bag = play(state, "anna", "treasure-bag-of-caltrops")
    put_minion(state, "orcs-dork-orc", "anna", 0)
    pads = take(state, "treasure-kneepads-of-allure", "anna")
    state.player("anna").hand.remove(pads)
    state.bases[0].minions[-1].attached.append(pads)
    state.active = [p.id for p in state.players].index("cleo")
    state.player("cleo").minions_left = 1
    return state, bag


def test_bag_of_caltrops_judges_a_minion_played_by_its_printed_power():
    """l.492: a minion being played counts its printed power; once at the base, the modified one. A
    Gold Digger (printed 3, 4 beside the Kneepads) played there is caught by Bag of Caltrops ("power 3
    or less"), the bag with it."""
    state, bag = _caltrops_beside_kneepads()
    (state, _), digger = play(state, "cleo", "dwarves-gold-digger")
    assert digger in state.player("cleo").discard and bag in state.treasure_discard


def test_bag_of_caltrops_of_an_older_game_read_the_power_at_the_base():
    """Before CARDS_AS_WRITTEN the bag read the power at the base: the Gold Digger (4 there) stayed."""
    state, bag = _caltrops_beside_kneepads()
    state.rules_version = 2
    (state, _), digger = play(state, "cleo", "dwarves-gold-digger")
    assert any(m.uid == digger for m in state.bases[0].minions) and bag in state.bases[0].actions


# ---------------------------------------------------------------------- "no abilities": triggers and ongoing too
def _cursed(state, player, minion_uid, base_index):
    """``player`` plays Curse of Imprisonment on the minion (or monster)."""
    curse = take(state, "clerics-curse-of-imprisonment", player)
    state, _ = apply(state, A.PlayAction(actor=player, card=curse, base=state.bases[base_index].uid, target=minion_uid))
    return state


def test_a_cursed_star_player_does_not_grow_when_a_monster_there_dies():
    """Curse of Imprisonment ("it loses all its abilities"): Star Player's ongoing ability stops; an
    uncursed one at the other base grows."""
    state = game_for("anna", CLERICS)
    state.player("anna").minions_left, state.player("anna").actions_left = 2, 1
    cursed = put_minion(state, "warriors-star-player", "ben", 0)
    free = put_minion(state, "warriors-star-player", "ben", 1)
    state = _cursed(state, "anna", cursed, 0)
    for index in (0, 1):
        troll = add_monster(state, index, "monster-web-troll")
        (state, _), _ = play(state, "anna", "orcs-hammer-slammer", index, target=troll)
    counters = {m.uid: m.counters for b in state.bases for m in b.minions}
    assert counters[cursed] == 0 and counters[free] == 1


def test_a_cursed_plutonium_dragon_destroys_nothing_at_the_end_of_the_turn():
    """Curse of Imprisonment on a monster (l.172: a monster is a minion): the Plutonium Dragon's end of
    turn ability stops, the weak minion beside it stays."""
    state = game_for("anna", CLERICS)
    dragon = add_monster(state, 0, "monster-plutonium-dragon")
    weak = put_minion(state, "warriors-taunter", "ben", 0)
    state = _cursed(state, "anna", dragon, 0)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert any(m.uid == weak for m in state.bases[0].minions)


def _treasure_on(state, design, player, minion_uid):
    uid = take(state, design, player)
    state.player(player).hand.remove(uid)
    next(m for b in state.bases for m in b.minions if m.uid == minion_uid).attached.append(uid)
    return uid


def test_a_cursed_dwarf_king_keeps_no_treasure():
    """Curse of Imprisonment on the Dwarf King: his ongoing ability stops, the treasure on cleo's
    destroyed minion goes to the treasure discard pile, not to her hand."""
    state = game_for("anna", CLERICS)
    state.player("anna").minions_left = 1
    king = put_minion(state, "dwarves-dwarf-king", "cleo", 0)
    digger = put_minion(state, "dwarves-gold-digger", "cleo", 1)
    potion = _treasure_on(state, "treasure-potion-of-cowardice", "cleo", digger)     # 3 - 2 = 1
    state = _cursed(state, "anna", king, 0)
    (state, _), _ = play(state, "anna", "orcs-hammer-slammer", 1, target=digger)
    assert digger in state.player("cleo").discard
    assert potion in state.treasure_discard and potion not in state.player("cleo").hand


def test_dwarf_king_keeps_a_treasure_remove_curse_destroys_off_a_minion():
    """Dwarf King ("a treasure on one of your minions that would be discarded goes to your hand"):
    also when Remove Curse destroys the treasure itself, not its minion."""
    state = game_for("anna", CLERICS)
    put_minion(state, "dwarves-dwarf-king", "cleo", 0)
    digger = put_minion(state, "dwarves-gold-digger", "cleo", 1)
    boots = _treasure_on(state, "treasure-boots-of-butt-kicking", "cleo", digger)
    remove = take(state, "clerics-remove-curse", "anna")
    state, events = apply(state, A.PlayAction(actor="anna", card=remove, target=boots))
    assert "destroyed" in kinds(events) and boots in state.player("cleo").hand
    assert boots not in state.treasure_discard


# ---------------------------------------------------------------------- l.476: every "may" asks
def test_tiger_steed_may_destroy_or_not():
    """l.476 ("dürfen": the player chooses): Tiger Steed ("a minion here of power 2 or less may be
    destroyed") is played without a pick, the weak minion stays; with one it is destroyed."""
    state = game_for("anna")
    weak = put_minion(state, "warriors-taunter", "ben", 0)
    steed = take(state, "treasure-tiger-steed", "anna")
    without = A.PlayMinion(actor="anna", card=steed, base=state.bases[0].uid)
    assert without in legal_actions(state, "anna")
    kept, _ = apply(state, without)
    assert any(m.uid == weak for m in kept.bases[0].minions)
    destroyed, _ = apply(state, A.PlayMinion(actor="anna", card=steed, base=state.bases[0].uid, target=weak))
    assert weak in destroyed.player("ben").discard


# ---------------------------------------------------------------------- prohibitions hold for every way of playing
def test_rude_awakening_plays_no_minion_past_a_birthday_party():
    """Birthday Party ("while you have no minion here, you may not play minions at other bases") holds
    for Rude Awakening's extra plays too (the card that forbids wins); at the party they all come."""
    state = game_for("anna", HALFLINGS)
    set_base(state, 0, "base-birthday-party")
    uid = take(state, "halflings-rude-awakening", "anna")
    minions = [u for u in state.player("anna").hand if state.card(u).kind == "minion"]
    assert minions
    elsewhere, _ = apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[1].uid))
    assert all(u in elsewhere.player("anna").hand for u in minions) and not elsewhere.bases[1].minions
    party, _ = apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[0].uid))
    assert {m.uid for m in party.bases[0].minions} == set(minions)


def test_last_call_plays_no_minion_at_a_scoring_base_while_a_birthday_party_waits():
    """Birthday Party holds for Last Call ("put a minion on that base"): without a minion of hers at
    the party, anna cannot bring one to the base being scored."""
    state = game_for("anna", HALFLINGS)
    set_base(state, 1, "base-birthday-party")
    state, special = _scoring_round(state, "anna", "halflings-last-call")
    minion = next(u for u in state.player("anna").hand if state.card(u).kind == "minion")
    with pytest.raises(IllegalAction):
        apply(state, A.PlaySpecial(actor="anna", card=special, target=minion))
    state, _ = apply(state, A.PlaySpecial(actor="anna", card=special))
    assert minion in state.player("anna").hand


# ---------------------------------------------------------------------- whole card texts
def test_scroll_shuffler_must_discard_and_then_draws():
    """Scroll Shuffler ("discard a card, then draw one"): two sentences, not a price; played with a
    hand the discard is owed (leaving it out is refused), with an empty hand it still draws."""
    state = game_for("anna")
    uid = take(state, "mages-scroll-shuffler", "anna")
    base = state.bases[0].uid
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayMinion(actor="anna", card=uid, base=base))
    assert err.value.code == "pay_cards"
    seat = state.player("anna")
    seat.deck.extend(u for u in seat.hand if u != uid)
    seat.hand[:] = [uid]
    move = A.PlayMinion(actor="anna", card=uid, base=base)
    assert move in legal_actions(state, "anna")
    state, events = apply(state, move)
    assert "ability_unpaid" not in kinds(events) and len(state.player("anna").hand) == 1


def test_speed_reading_with_nothing_else_in_hand_still_draws_three():
    """Speed Reading ("discard a card and draw three"): the discard is part of the text; with no other
    card in hand there is nothing to discard and the three are drawn."""
    state = game_for("anna")
    uid = take(state, "mages-speed-reading", "anna")
    seat = state.player("anna")
    seat.deck.extend(u for u in seat.hand if u != uid)
    seat.hand[:] = [uid]
    state, _ = apply(state, A.PlayAction(actor="anna", card=uid))
    assert len(state.player("anna").hand) == 3


def test_smuggling_without_two_treasures_still_shuffles_the_discard_pile_into_the_deck():
    """Smuggling ("pay two treasures for 1 VP; your discard pile is shuffled back into your deck, this
    card at its bottom"): unpaid, only the VP is missed; the discard pile goes into the deck shuffled
    (not in its order) and the card lies at the bottom."""
    state = game_for("ben")
    seat = state.player("ben")
    seat.hand = [u for u in seat.hand if not state.card_ids[u].startswith("treasure-")]
    seat.discard.extend(seat.deck[:10])
    del seat.deck[:10]
    uid = take(state, "thieves-smuggling", "ben")
    pile, deck_before = list(seat.discard), list(seat.deck)
    state, events = apply(state, A.PlayAction(actor="ben", card=uid))
    seat = state.player("ben")
    assert "ability_unpaid" in kinds(events) and seat.vp == 0 and seat.discard == []
    assert seat.deck[0] == uid and sorted(seat.deck[1:]) == sorted(pile + deck_before)
    assert seat.deck[1:] != deck_before + pile and seat.deck[1:] != pile + deck_before   # shuffled


# ---------------------------------------------------------------------- l.360, l.390: taking an action away
def test_mugging_takes_a_treasure_off_a_dork_orc():
    """l.360: taking actions away is no action on the minion, so a Dork Orc ("not affected by other
    players' actions") does not keep the Boots on it from Mugging ("an action on some minion is moved
    onto a minion you control")."""
    state = game_for("ben")
    orc = put_minion(state, "orcs-dork-orc", "anna", 0)
    boots = _treasure_on(state, "treasure-boots-of-butt-kicking", "anna", orc)
    mine = put_minion(state, "thieves-cat-burglar", "ben", 1)
    mugging = take(state, "thieves-mugging", "ben")
    move = A.PlayAction(actor="ben", card=mugging, target=boots, target2=mine)
    assert move in legal_actions(state, "ben")
    state, _ = apply(state, move)
    carriers = {u: m.uid for b in state.bases for m in b.minions for u in m.attached}
    assert carriers[boots] == mine


def test_gimme_moves_the_action_off_a_dork_orc_that_survives():
    """l.390 (Gimme!: the action comes even if the destruction is prevented) with l.360: the Boots on
    another player's Dork Orc may be picked; the orc is not destroyed, the Boots come over."""
    state = game_for("anna")
    orc = take(state, "orcs-dork-orc", "anna")
    state.player("anna").hand.remove(orc)
    state.owners[orc] = "ben"
    state.bases[0].minions.append(Minion(uid=orc, owner="ben", controller="ben"))
    boots = _treasure_on(state, "treasure-boots-of-butt-kicking", "anna", orc)
    mine = put_minion(state, "orcs-hammer-slammer", "anna", 1)
    gimme = take(state, "orcs-gimme", "anna")
    state, _ = apply(state, A.PlayAction(actor="anna", card=gimme, target=boots, target2=mine))
    carriers = {u: m.uid for b in state.bases for m in b.minions for u in m.attached}
    assert carriers[boots] == mine and any(m.uid == orc for m in state.bases[0].minions)


# ---------------------------------------------------------------------- choices the text gives
def _two_treasures_discarded(state):
    """Two treasures of different designs on the treasure discard pile; the lower one returned."""
    first = state.treasure_deck.pop()
    second = next(u for u in reversed(state.treasure_deck) if state.card_ids[u] != state.card_ids[first])
    state.treasure_deck.remove(second)
    state.treasure_discard.extend([first, second])
    return first


def test_gold_digger_takes_the_treasure_its_player_picks_from_the_discard_pile():
    """Gold Digger ("take one treasure from the treasure discard pile"): any of them, not only the top."""
    state = game_for("cleo")
    digger = put_minion(state, "dwarves-gold-digger", "cleo", 0)
    lower = _two_treasures_discarded(state)
    move = A.UseTalent(actor="cleo", card=digger, target=lower)
    assert move in legal_actions(state, "cleo")
    state, _ = apply(state, move)
    assert lower in state.player("cleo").hand and lower not in state.treasure_discard


def test_greed_is_good_takes_the_treasure_its_player_picks():
    """Greed is Good ("draw a treasure or take one from the treasure discard pile"): the one picked."""
    state = game_for("cleo")
    lower = _two_treasures_discarded(state)
    greed = take(state, "dwarves-greed-is-good", "cleo")
    move = A.PlayAction(actor="cleo", card=greed, mode="take", target=lower)
    assert move in legal_actions(state, "cleo")
    state, _ = apply(state, move)
    assert lower in state.player("cleo").hand and state.player("cleo").actions_left == 1


# ---------------------------------------------------------------------- what players read
def test_cat_burglar_shows_the_treasures_its_player_picks_and_may_stop():
    """Cat Burglar ("reveal any number of treasures in your hand, which you keep; a +1 counter for each
    shown"): the player shows them one at a time and may stop; "any number" includes none (l.478)."""
    state = game_for("ben")
    steed = take(state, "treasure-tiger-steed", "ben")
    bag = take(state, "treasure-bag-of-caltrops", "ben")
    (state, _), burglar = play(state, "ben", "thieves-cat-burglar")
    decision = next(d for d in state.decisions if d.kind == "burglar_show")
    assert set(decision.options) == {"none", steed, bag}
    one = answer(state, "ben", "burglar_show", steed)
    one = answer(one, "ben", "burglar_show", "none")
    none = answer(state, "ben", "burglar_show", "none")
    counters = [next(m for m in s.bases[0].minions if m.uid == burglar).counters for s in (one, none)]
    assert counters == [1, 0] and not one.decisions
    assert {steed, bag} <= set(one.player("ben").hand)


def test_cat_burglars_reveal_reads_as_treasures_shown_from_the_hand():
    """Cat Burglar's line says the treasure is shown and stays in the hand, not that treasures were
    drawn face up (Munchkin's combat line)."""
    from table.render import Namer, render_event

    state = game_for("ben")
    steed = take(state, "treasure-tiger-steed", "ben")
    (state, _), _ = play(state, "ben", "thieves-cat-burglar")
    decision = next(d for d in state.decisions if d.kind == "burglar_show")
    state, events = apply(state, A.Choose(actor="ben", decision=decision.id, option=steed))
    shown = next(e for e in events if e.kind == "treasures_shown")
    names = {p.id: p.name for p in state.players}
    german = render_event(shown, Namer("de", names, state, ("smashup",)))
    english = render_event(shown, Namer("en", names, state, ("smashup",)))
    assert "Tiger-Ross" in german and "zeigt" in german and "Offen gezogene" not in german
    assert "Tiger Steed" in english and "shows" in english


def test_a_talent_that_would_do_nothing_is_not_offered_nor_let_go():
    """Issue #35: Gold Digger with no treasure in the treasure discard pile and the Cardinal with fewer
    than five cards in the discard pile do nothing: their talents are not offered, and used anyway
    they are refused (for that player alone, nothing changes); with the piles filled they are offered."""
    state = game_for("anna", CLERICS)
    digger = take(state, "dwarves-gold-digger", "cleo")
    state.player("cleo").hand.remove(digger)
    state.owners[digger] = "anna"
    state.bases[0].minions.append(Minion(uid=digger, owner="anna", controller="anna"))
    cardinal = put_minion(state, "clerics-cardinal", "anna", 1)
    state.treasure_deck.extend(state.treasure_discard)
    state.treasure_discard.clear()
    seat = state.player("anna")
    seat.deck.extend(seat.discard)
    seat.discard.clear()
    offered = {m.card for m in legal_actions(state, "anna") if isinstance(m, A.UseTalent)}
    assert not offered & {digger, cardinal}
    before = state.model_dump_json()
    for uid in (digger, cardinal):
        with pytest.raises(IllegalAction) as err:
            apply(state, A.UseTalent(actor="anna", card=uid))
        assert err.value.code == "talent_idle"
    assert state.model_dump_json() == before
    state.treasure_discard.append(state.treasure_deck.pop())
    seat.discard.extend(seat.deck[:5])
    del seat.deck[:5]
    offered = {m.card for m in legal_actions(state, "anna") if isinstance(m, A.UseTalent)}
    assert {digger, cardinal} <= offered


def _hotel_scored(first_named: int):
    """Three Dork Orcs of anna's at the Hotel of Holiness, scored; anna names the orc ``first_named``
    first, then the next one; the one left goes last. Returns the state after the turn and the orcs."""
    state = game_for("anna")
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    set_base(state, 0, "base-hotel-of-holiness")
    orcs = [put_minion(state, "orcs-dork-orc", "anna", 0, power_bonus=10) for _ in range(3)]
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    order = [orcs[first_named], *[o for o in orcs if o != orcs[first_named]]]
    for uid in order[:2]:
        decision = next(d for d in state.decisions if d.kind == "hotel_order")
        assert set(decision.options) == {u for u in orcs if u not in state.player("anna").deck}
        state, _ = apply(state, A.Choose(actor="anna", decision=decision.id, option=uid))
    assert not any(d.kind == "hotel_order" for d in state.decisions)
    return state, order


@pytest.mark.parametrize("first_named", [0, 2])
def test_hotel_of_holiness_lets_the_owner_order_the_minions_going_onto_the_deck(first_named):
    """Hotel of Holiness (its minions go on top of their owners' decks "in any order"): the owner names
    them one at a time, each going on top of the ones before; the turn's two cards drawn afterwards are
    the two named last, the first named stays on top of the deck."""
    state, order = _hotel_scored(first_named)
    seat = state.player("anna")
    assert seat.deck[-1] == order[0] and set(order[1:]) <= set(seat.hand)
