"""Smash Up – Munchkin card effects the engine plays, one test per effect of the vocabulary, per
ongoing power and per base or monster ability ("Begriffe und Beschränkungen" and the cards)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.power import breakpoint_of, minion_power, power_at
from engine.smashup.registry import OPS
from engine.smashup.rules import apply
from engine.smashup.scoring import next_to_decide
from engine.smashup.state import BaseInPlay, Minion
from tests.test_smashup import clear_monsters, drafted, put_minion, take

FACTIONS = {"anna": ["orcs", "mages"], "ben": ["warriors", "thieves"], "cleo": ["halflings", "dwarves"]}


def game_for(player: str = "anna", picks=None):
    state = drafted(picks or FACTIONS)
    state.active = [p.id for p in state.players].index(player)
    seat = state.player(player)
    seat.minions_left, seat.actions_left = 1, 1
    clear_monsters(state)
    for base in state.bases:                 # plain bases: their abilities rest, so they do not interfere
        state.card_ids[base.uid] = "base-dimension-doors"
        state.silenced.append(base.uid)
    return state


def set_base(state, index: int, design: str) -> BaseInPlay:
    base = state.bases[index]
    state.card_ids[base.uid] = design
    if base.uid in state.silenced:           # this base's ability is what the test is about
        state.silenced.remove(base.uid)
    return base


def add_monster(state, index: int, design: str) -> str:
    pool = state.monster_deck + state.monster_discard
    uid = next(u for u in pool if state.card_ids[u] == design)
    (state.monster_deck if uid in state.monster_deck else state.monster_discard).remove(uid)
    state.bases[index].monsters.append(Minion(uid=uid))
    return uid


def play(state, player, design, base_index=0, **kw):
    uid = take(state, design, player)
    kind = A.PlayMinion if state.card(uid).kind == "minion" else A.PlayAction
    if kind is A.PlayAction and "base" not in kw:
        kw["base"] = state.bases[base_index].uid
    if kind is A.PlayMinion:
        kw["base"] = state.bases[base_index].uid
    return apply(state, kind(actor=player, card=uid, **kw)), uid


def kinds(events):
    return [e.kind for e in events]


def answer(state, player, kind, option):
    """Answer the player's open choice of this kind."""
    decision = next(d for d in state.decisions if d.kind == kind and d.player == player)
    return apply(state, A.Choose(actor=player, decision=decision.id, option=option))[0]


def test_every_op_named_in_the_card_data_exists():
    from engine.smashup.cards import data

    named = {e.op for group in (data().cards, data().treasures, data().bases, data().monsters)
             for c in group for e in c.effects}
    assert named <= set(OPS)


def test_hammer_slammer_destroys_a_weak_minion():
    state = game_for()
    victim = put_minion(state, "warriors-taunter", "ben", 1)
    (state, events), _ = play(state, "anna", "orcs-hammer-slammer", target=victim)
    assert "destroyed" in kinds(events) and victim in state.player("ben").discard


def test_zzzzzap_costs_a_card_and_destroys_up_to_three():
    state = game_for()
    victim = put_minion(state, "warriors-berserker", "ben", 1)
    pay = next(u for u in state.player("anna").hand)
    uid = take(state, "mages-zzzzzap", "anna")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor="anna", card=uid, target=victim))
    assert err.value.code == "pay_cards"
    state, _ = apply(state, A.PlayAction(actor="anna", card=uid, target=victim, discard=(pay,)))
    assert victim in state.player("ben").discard and pay in state.player("anna").discard


def test_speed_reading_discard_one_draw_three():
    state = game_for()
    uid = take(state, "mages-speed-reading", "anna")
    pay = next(u for u in state.player("anna").hand if u != uid)
    before = len(state.player("anna").hand)
    state, _ = apply(state, A.PlayAction(actor="anna", card=uid, discard=(pay,)))
    assert len(state.player("anna").hand) == before - 2 + 3


def test_recover_arcane_wisdom_draws_up_to_five():
    state = game_for()
    seat = state.player("anna")
    uid = take(state, "mages-recover-arcane-wisdom", "anna")
    while len(seat.hand) > 2:
        seat.deck.append(seat.hand.pop(0) if seat.hand[0] != uid else seat.hand.pop(1))
    state, _ = apply(state, A.PlayAction(actor="anna", card=uid))
    assert len(state.player("anna").hand) == 5


def test_mass_summoning_plays_a_monster_on_each_base():
    state = game_for()
    state, _ = apply(state, A.PlayAction(actor="anna", card=take(state, "mages-mass-summoning", "anna")))
    assert all(len(b.monsters) >= 1 for b in state.bases)


def test_sword_lord_gives_your_other_minions_one():
    state = game_for()
    mine = put_minion(state, "orcs-dork-orc", "anna", 1)
    base1 = state.bases[1]
    before = minion_power(state, base1, next(m for m in base1.minions if m.uid == mine))
    put_minion(state, "orcs-sword-lord", "anna", 0)
    assert minion_power(state, base1, next(m for m in base1.minions if m.uid == mine)) == before + 1


def test_death_breath_puts_a_minion_under_its_owners_deck():
    state = game_for()
    victim = put_minion(state, "warriors-star-player", "ben", 1)
    (state, _), _ = play(state, "anna", "orcs-death-breath", target=victim)
    assert state.player("ben").deck[0] == victim


def test_crush_needs_fewer_minions_on_their_side():
    state = game_for()
    put_minion(state, "orcs-dork-orc", "anna", 0)
    put_minion(state, "orcs-dork-orc", "anna", 0)
    victim = put_minion(state, "warriors-taunter", "ben", 0)
    (state, _), _ = play(state, "anna", "orcs-crush", target=victim)
    assert victim in state.player("ben").discard


def test_berserker_kills_a_weaker_monster_here_and_grows():
    state = game_for("ben")
    monster = add_monster(state, 0, "monster-poultrygeist")          # power 2
    (state, events), uid = play(state, "ben", "warriors-berserker", target=monster)
    base = state.bases[0]
    assert monster not in [m.uid for m in base.monsters]
    assert next(m for m in base.minions if m.uid == uid).counters == 1
    assert len([e for e in events if e.kind == "treasures_drawn"]) == 1     # the monster's treasure


def test_big_hero_talent_plays_or_destroys_a_monster():
    state = game_for("ben")
    hero = put_minion(state, "warriors-big-hero", "ben", 0)
    state, _ = apply(state, A.UseTalent(actor="ben", card=hero, mode="monster"))
    assert len(state.bases[0].monsters) >= 1
    with pytest.raises(IllegalAction) as err:
        apply(state, A.UseTalent(actor="ben", card=hero, mode="monster"))
    assert err.value.code == "talent_used"


def test_star_player_grows_when_a_monster_here_dies():
    state = game_for("ben")
    star = put_minion(state, "warriors-star-player", "ben", 0)
    monster = add_monster(state, 0, "monster-web-troll")
    from engine.smashup.hooks import destroy
    from engine.smashup.tx import Tx

    tx = Tx(state)
    destroy(tx, monster, "ben")
    assert next(m for m in state.bases[0].minions if m.uid == star).counters == 1


def test_campaign_and_shield_of_ubiquity_count_monsters():
    state = game_for("ben")
    minion = put_minion(state, "warriors-taunter", "ben", 0)
    add_monster(state, 0, "monster-poultrygeist")
    add_monster(state, 0, "monster-poultrygeist")
    before = power_at(state, state.bases[0], "ben")
    state.player("ben").actions_left = 2
    (state, _), _ = play(state, "ben", "warriors-shield-of-ubiquity", target=minion)
    assert power_at(state, state.bases[0], "ben") == before + 4
    (state, _), _ = play(state, "ben", "warriors-campaign")
    assert power_at(state, state.bases[0], "ben") == before + 4 + 2


def test_swipe_master_thief_and_secret_stash():
    state = game_for("ben")
    hand = len(state.player("ben").hand)
    (state, _), _ = play(state, "ben", "thieves-swipe")          # taken into the hand, played, a treasure drawn
    assert len(state.player("ben").hand) == hand + 1
    thief = put_minion(state, "thieves-master-thief", "ben", 1)
    hand = len(state.player("ben").hand)
    state, _ = apply(state, A.UseTalent(actor="ben", card=thief))
    assert len(state.player("ben").hand) == hand + 1


def test_fence_two_treasures_for_a_vp_and_backstab_pays_a_treasure():
    state = game_for("ben")
    treasures = [take(state, "treasure-wishing-ring", "ben"), take(state, "treasure-wand-of-dowsing", "ben")]
    (state, _), _ = play(state, "ben", "thieves-fence", discard=tuple(treasures))
    assert state.player("ben").vp == 1
    state = game_for("ben")
    victim = put_minion(state, "mages-scroll-shuffler", "anna", 1)
    coin = take(state, "treasure-cross-bow", "ben")
    (state, _), _ = play(state, "ben", "thieves-backstab", target=victim, discard=(coin,))
    assert victim in state.player("anna").discard
    state = game_for("ben")
    plain = next(u for u in state.player("ben").hand if not state.card_ids[u].startswith("treasure-"))
    uid = take(state, "thieves-backstab", "ben")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor="ben", card=uid, discard=(plain,), base=state.bases[0].uid))
    assert err.value.code == "pay_with_treasures"


def test_cat_burglar_counts_treasures_in_hand():
    state = game_for("ben")
    ring = take(state, "treasure-wishing-ring", "ben")
    bow = take(state, "treasure-cross-bow", "ben")
    (state, _), uid = play(state, "ben", "thieves-cat-burglar")
    for shown in (ring, bow):                         # each treasure shown is the player's choice
        state = answer(state, "ben", "burglar_show", shown)
    assert next(m for m in state.bases[0].minions if m.uid == uid).counters == 2
    assert {ring, bow} <= set(state.player("ben").hand)


def test_pickpocket_pair_draws_a_treasure():
    state = game_for("ben")
    put_minion(state, "thieves-pickpocket", "ben", 0)
    hand = len(state.player("ben").hand)
    (state, _), _ = play(state, "ben", "thieves-pickpocket")     # taken, played, a treasure drawn
    assert len(state.player("ben").hand) == hand + 1


def test_halfling_extra_minions_follow_their_conditions():
    state = game_for("cleo")
    (state, _), _ = play(state, "cleo", "halflings-pestling", 0)
    assert state.player("cleo").minion_grants == [f"base:{state.bases[0].uid}"]
    other = take(state, "halflings-quarterling", "cleo")
    with pytest.raises(IllegalAction):
        apply(state, A.PlayMinion(actor="cleo", card=other, base=state.bases[1].uid))
    state, _ = apply(state, A.PlayMinion(actor="cleo", card=other, base=state.bases[0].uid))
    assert state.player("cleo").minion_grants == []


def test_unexpected_party_and_shire_marshal_grants():
    state = game_for("cleo")
    (state, _), _ = play(state, "cleo", "halflings-unexpected-party")
    assert state.player("cleo").minion_grants == ["no_minion"]
    marshal = put_minion(state, "halflings-shire-marshal", "cleo", 0)
    state, _ = apply(state, A.UseTalent(actor="cleo", card=marshal))
    assert "behind" in state.player("cleo").minion_grants


def test_dwarves_treasure_power():
    state = game_for("cleo")
    grabber = put_minion(state, "dwarves-gem-grabber", "cleo", 0)
    lover = put_minion(state, "dwarves-loot-lover", "cleo", 0)
    base = state.bases[0]
    for uid in (grabber, lover):
        chainsaw = take(state, "treasure-chainsaw-of-bloody-dismemberment" if uid == grabber
                        else "treasure-chest-of-holding", "cleo")
        state.player("cleo").hand.remove(chainsaw)
        next(m for m in base.minions if m.uid == uid).attached.append(chainsaw)
    powers = {m.uid: minion_power(state, base, m) for m in base.minions}
    assert powers[grabber] == 2 + 2 + 2            # printed, Gem Grabber's +2, the chainsaw's +2
    assert powers[lover] == 4 + 2 + 1              # printed, +2 per treasure, the chest's +1 per treasure


def test_greed_is_good_draws_or_takes_and_gives_an_action():
    state = game_for("cleo")
    state.treasure_discard.append(state.treasure_deck.pop())
    top = state.treasure_discard[-1]
    (state, _), _ = play(state, "cleo", "dwarves-greed-is-good", mode="take", target=top)
    assert top in state.player("cleo").hand and state.player("cleo").actions_left == 1


def test_curse_of_uselessness_zeroes_power_but_keeps_the_place():
    picks = {"anna": ["clerics", "mages"], "ben": ["warriors", "thieves"], "cleo": ["halflings", "dwarves"]}
    state = game_for("anna", picks)
    victim = put_minion(state, "warriors-taunter", "ben", 0)
    (state, _), _ = play(state, "anna", "clerics-curse-of-uselessness", target=victim)
    from engine.smashup.power import places

    assert power_at(state, state.bases[0], "ben") == 0 and places(state, state.bases[0]) == {"ben": 1}


def test_monster_powers_bigfoot_knight_poultrygeist():
    state = game_for()
    base = state.bases[0]
    bigfoot = add_monster(state, 0, "monster-bigfoot")
    assert minion_power(state, base, base.monsters[0]) == 4 + 3
    add_monster(state, 0, "monster-poultrygeist")
    ghost = add_monster(state, 0, "monster-poultrygeist")
    knight = add_monster(state, 0, "monster-knight-of-the-living-dead")
    by_uid = {m.uid: minion_power(state, base, m) for m in base.monsters}
    assert by_uid[bigfoot] == 4 and by_uid[ghost] == 2 + 2 and by_uid[knight] == 5 + 3
    assert breakpoint_of(state, base) == state.card(base.uid).breakpoint + sum(by_uid.values())


def test_ghoul_returns_to_the_top_of_the_monster_deck():
    state = game_for()
    ghoul = add_monster(state, 0, "monster-ghoul")
    from engine.smashup.hooks import destroy
    from engine.smashup.tx import Tx

    destroy(Tx(state), ghoul, "anna")
    assert state.monster_deck[-1] == ghoul


def test_web_troll_brings_another_monster_unless_the_gauntlet_plays_it():
    state = game_for()
    while state.card_ids[state.monster_deck[-1]] != "monster-web-troll":
        state.monster_deck.insert(0, state.monster_deck.pop())
    from engine.smashup.hooks import play_monster
    from engine.smashup.tx import Tx

    play_monster(Tx(state), state.bases[0])
    assert len(state.bases[0].monsters) >= 2


def test_bastion_pays_a_treasure_for_a_monster_destroyed_there():
    state = game_for()
    set_base(state, 0, "base-bastion")
    monster = add_monster(state, 0, "monster-poultrygeist")
    from engine.smashup.hooks import destroy
    from engine.smashup.tx import Tx

    tx = Tx(state)
    hand = len(state.player("anna").hand)
    destroy(tx, monster, "anna")
    assert len(state.player("anna").hand) == hand + 1 + 1        # its treasure and Bastion's


def test_treasure_bath_mages_tower_and_treehouse():
    state = game_for()
    set_base(state, 0, "base-treasure-bath")
    hand = len(state.player("anna").hand)
    (state, _), _ = play(state, "anna", "orcs-dork-orc", 0)      # taken, played, a treasure drawn
    assert len(state.player("anna").hand) == hand + 1
    state = game_for()
    set_base(state, 0, "base-mages-tower")
    hand = len(state.player("anna").hand)
    (state, _), _ = play(state, "anna", "orcs-dork-orc", 0)      # taken, played, and "you may draw"
    state = answer(state, "anna", "may_draw", "yes")
    assert len(state.player("anna").hand) == hand + 1
    state = game_for()
    set_base(state, 0, "base-treehouse")
    before = len(state.player("cleo").hand)
    (state, _), _ = play(state, "anna", "orcs-dork-orc", 0)      # she names another player, who may draw
    state = answer(state, "anna", "treehouse_pick", "cleo")
    state = answer(state, "cleo", "may_draw", "yes")
    assert len(state.player("cleo").hand) == before + 1


def test_birthday_party_holds_your_minions_until_you_come():
    state = game_for()
    set_base(state, 0, "base-birthday-party")
    uid = take(state, "orcs-dork-orc", "anna")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[1].uid))
    assert err.value.code == "party_first"
    state, _ = apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[0].uid))


def test_subterranean_lair_gives_an_extra_minion_there():
    state = game_for()
    set_base(state, 0, "base-subterranean-lair")
    state.player("anna").minions_left = 0
    uid = take(state, "orcs-dork-orc", "anna")
    state, _ = apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[0].uid))
    assert any(m.uid == uid for m in state.bases[0].minions)


def test_helpers_hollow_and_the_mines():
    state = game_for()
    set_base(state, 0, "base-helpers-hollow")
    theirs = put_minion(state, "warriors-taunter", "ben", 0)
    base = state.bases[0]
    assert minion_power(state, base, next(m for m in base.minions if m.uid == theirs)) == 2 + 1
    set_base(state, 0, "base-the-mines")
    ring = take(state, "treasure-wishing-ring", "ben")
    state.player("ben").hand.remove(ring)
    next(m for m in base.minions if m.uid == theirs).attached.append(ring)
    assert minion_power(state, base, next(m for m in base.minions if m.uid == theirs)) == 2 + 1


def test_garrison_coffers_hotel_at_scoring():
    state = game_for()
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    set_base(state, 0, "base-garrison")
    uid = put_minion(state, "orcs-dork-orc", "anna", 0, power_bonus=30)
    vp = state.card(state.bases[0].uid).vp[0]
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert state.player("anna").vp == vp + 1
    state = game_for()
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    set_base(state, 0, "base-hotel-of-holiness")
    uid = put_minion(state, "orcs-dork-orc", "anna", 0, power_bonus=30)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert uid in state.player("anna").deck or uid in state.player("anna").hand


def test_plutonium_dragon_burns_the_weak_at_the_end_of_every_turn():
    state = game_for()
    add_monster(state, 0, "monster-plutonium-dragon")
    weak = put_minion(state, "warriors-taunter", "ben", 0)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert weak in state.player("ben").discard


def test_hippogriff_takes_a_weak_minion_before_scoring():
    state = game_for()
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    add_monster(state, 0, "monster-hippogriff")
    weak = put_minion(state, "warriors-taunter", "ben", 0)
    put_minion(state, "orcs-dork-orc", "anna", 0, power_bonus=40)
    state, events = apply(state, A.FinishPlaying(actor="anna"))
    assert weak in state.player("ben").discard
    assert "ben" not in next(e for e in events if e.kind == "base_scored").params["places"]


def test_dork_orc_and_too_tough_keep_other_players_actions_off():
    """Dork Ork / Zu widerstandsfähig: not affected by other players' actions (minions still are)."""
    state = game_for("ben")
    orc = put_minion(state, "orcs-dork-orc", "anna", 1)
    uid = take(state, "warriors-dungeon-bait", "ben")
    state, _ = apply(state, A.PlayAction(actor="ben", card=uid, target=None, base=state.bases[1].uid))
    assert any(m.uid == orc for m in state.bases[1].minions)


def test_buckler_keeps_a_minion_from_being_destroyed():
    state = game_for()
    victim = put_minion(state, "warriors-taunter", "ben", 1)
    buckler = take(state, "treasure-buckler-of-swashing", "ben")
    state.player("ben").hand.remove(buckler)
    next(m for m in state.bases[1].minions if m.uid == victim).attached.append(buckler)
    uid = take(state, "orcs-hammer-slammer", "anna")
    state, _ = apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[0].uid))
    assert any(m.uid == victim for m in state.bases[1].minions)


def test_eternal_hero_and_small_but_tough_save_their_minion():
    from engine.smashup.hooks import destroy
    from engine.smashup.tx import Tx

    state = game_for("ben")
    hero_minion = put_minion(state, "warriors-taunter", "ben", 0)
    hero = take(state, "warriors-eternal-hero", "ben")
    state.player("ben").hand.remove(hero)
    next(m for m in state.bases[0].minions if m.uid == hero_minion).attached.append(hero)
    destroy(Tx(state), hero_minion, "anna")
    assert hero_minion in state.player("ben").hand and hero in state.player("ben").hand
    state = game_for("cleo")
    minion = put_minion(state, "halflings-quarterling", "cleo", 0)
    tough = take(state, "halflings-small-but-tough", "cleo")
    state.player("cleo").hand.remove(tough)
    next(m for m in state.bases[0].minions if m.uid == minion).attached.append(tough)
    destroy(Tx(state), minion, "anna")
    assert state.player("cleo").deck[-1] == minion and tough in state.player("cleo").discard


def test_removing_and_taking_cards_in_play():
    """Fluch aufheben / Bis auf die Unterhose: an attached action is destroyed; a treasure is taken."""
    picks = {"anna": ["clerics", "thieves"], "ben": ["warriors", "orcs"], "cleo": ["halflings", "dwarves"]}
    state = game_for("anna", picks)
    target = put_minion(state, "warriors-taunter", "ben", 1)
    bells = take(state, "warriors-dumbbells", "ben")
    saw = take(state, "treasure-chainsaw-of-bloody-dismemberment", "ben")
    for uid in (bells, saw):
        state.player("ben").hand.remove(uid)
        next(m for m in state.bases[1].minions if m.uid == target).attached.append(uid)
    state.player("anna").actions_left = 2
    (state, _), _ = play(state, "anna", "clerics-remove-curse", target=bells)
    assert bells in state.player("ben").discard
    (state, _), _ = play(state, "anna", "thieves-strip-bare", target=saw)
    assert saw in state.player("anna").hand


def test_embiggen_and_anything_for_money_pay_per_card():
    state = game_for()
    minion = put_minion(state, "orcs-dork-orc", "anna", 0)
    uid = take(state, "mages-embiggen", "anna")
    pay = tuple(u for u in state.player("anna").hand if u != uid)[:3]
    state, _ = apply(state, A.PlayAction(actor="anna", card=uid, target=minion, discard=pay, base=state.bases[0].uid))
    assert next(m for m in state.bases[0].minions if m.uid == minion).until_end_of_turn == 3
    state = game_for("cleo")
    uid = take(state, "dwarves-anything-for-money", "cleo")
    pay = tuple(u for u in state.player("cleo").hand if u != uid)[:2]
    hand = len(state.player("cleo").hand)
    state, _ = apply(state, A.PlayAction(actor="cleo", card=uid, discard=pay, base=state.bases[0].uid))
    assert len(state.player("cleo").hand) == hand - 1 - 2 + 2


def test_ruckus_clears_monsters_without_treasure_and_bait_brings_one():
    state = game_for("ben")
    add_monster(state, 0, "monster-poultrygeist")
    hand = len(state.player("ben").hand)
    (state, _), _ = play(state, "ben", "warriors-ruckus", mode="clear")
    assert state.bases[0].monsters == [] and len(state.player("ben").hand) == hand
    state = game_for("ben")
    (state, _), _ = play(state, "ben", "warriors-dungeon-bait", mode="monster")
    assert len(state.bases[0].monsters) >= 1


def test_cross_bow_boosts_one_faction_at_a_base_and_dowsing_reshuffles():
    state = game_for()
    orc = put_minion(state, "orcs-dork-orc", "anna", 0)
    other = put_minion(state, "mages-scroll-shuffler", "anna", 0)
    bow = take(state, "treasure-cross-bow", "anna")
    state, _ = apply(state, A.PlayAction(actor="anna", card=bow, base=state.bases[0].uid, mode="orcs"))
    boosts = {m.uid: m.until_end_of_turn for m in state.bases[0].minions}
    assert boosts[orc] == 2 and boosts[other] == 0
    state = game_for()
    wand = take(state, "treasure-wand-of-dowsing", "anna")
    state.treasure_discard.append(state.treasure_deck.pop())
    state, _ = apply(state, A.PlayAction(actor="anna", card=wand, base=state.bases[0].uid))
    assert state.treasure_discard == [] and wand in state.treasure_deck


def test_smuggling_pays_two_treasures_for_a_vp_reshuffles_and_goes_under_the_deck():
    """Smuggling: two treasures paid, 1 VP, the discard pile shuffled into the deck, the card itself
    under the deck instead of the discard pile."""
    state = game_for("ben")
    ring = take(state, "treasure-wishing-ring", "ben")
    bow = take(state, "treasure-cross-bow", "ben")
    seat = state.player("ben")
    old_discard = seat.deck[-2:]
    seat.discard.extend(old_discard)
    del seat.deck[-2:]
    (state, events), uid = play(state, "ben", "thieves-smuggling", discard=(ring, bow))
    seat = state.player("ben")
    assert seat.vp == 1 and "vp_gained" in kinds(events)
    assert seat.discard == [] and set(old_discard) <= set(seat.deck)
    assert seat.deck[0] == uid
    assert {ring, bow} <= set(state.treasure_discard)


def test_smuggling_needs_two_treasures_to_pay():
    state = game_for("ben")
    ring = take(state, "treasure-wishing-ring", "ben")
    uid = take(state, "thieves-smuggling", "ben")
    with pytest.raises(IllegalAction):
        apply(state, A.PlayAction(actor="ben", card=uid, discard=(ring,), base=state.bases[0].uid))


def test_charm_takes_a_monster_for_the_turn_and_it_is_nobodys_afterwards():
    """Charm: a controlled monster counts for its controller and no longer raises the breakpoint
    ("Monster und Schätze"); at the end of the turn it is free again."""
    state = game_for("anna")
    monster = add_monster(state, 0, "monster-bigfoot")
    base = state.bases[0]
    raised = breakpoint_of(state, base)
    (state, events), _ = play(state, "anna", "mages-charm", target=monster)
    base = state.bases[0]
    charmed = next(m for m in base.monsters if m.uid == monster)
    assert charmed.controller == "anna" and "monster_charmed" in kinds(events)
    assert power_at(state, base, "anna") == minion_power(state, base, charmed)
    assert breakpoint_of(state, base) == raised - minion_power(state, base, charmed)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    if state.decisions:                  # over the hand limit: discard down to end the turn
        seat = state.player("anna")
        state, _ = apply(state, A.DiscardDown(actor="anna", cards=tuple(seat.hand[:len(seat.hand) - 10])))
    assert all(m.controller is None for b in state.bases for m in b.monsters)


def test_charm_must_name_a_free_monster():
    state = game_for("anna")
    monster = add_monster(state, 0, "monster-bigfoot")
    uid = take(state, "mages-charm", "anna")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[0].uid))
    assert err.value.code == "needs_target" and "monster-bigfoot" in err.value.params["choices"]
    assert monster


# ---------------------------------------------------------------------- moves and talents of cards in play
ELVES = {"anna": ["elves", "mages"], "ben": ["warriors", "thieves"], "cleo": ["halflings", "dwarves"]}


def test_a_talent_card_is_played_without_paying_or_picking():
    """"Begriffe: Talent": the talent is used later, once a turn; playing the card costs and picks nothing."""
    state = game_for("anna")
    put_minion(state, "warriors-taunter", "ben", 1)          # a target the talent could pick
    (state, events), uid = play(state, "anna", "mages-blaster-master")
    assert any(m.uid == uid for m in state.bases[0].minions) and "destroyed" not in kinds(events)


def test_traveling_elf_moves_its_minion_once_a_turn():
    """Traveling Elf (Versetzen): its talent moves the minion it is on, the card with it."""
    state = game_for("anna", ELVES)
    state.player("anna").actions_left = 1
    carrier = put_minion(state, "mages-wand-whiz", "anna", 0)
    (state, events), elf = play(state, "anna", "elves-traveling-elf", target=carrier)
    assert "minion_moved" not in kinds(events)
    target_base = state.bases[2].uid
    state, events = apply(state, A.UseTalent(actor="anna", card=elf, target=target_base))
    moved = next(m for m in state.base(target_base).minions if m.uid == carrier)
    assert elf in moved.attached and "minion_moved" in kinds(events)
    with pytest.raises(IllegalAction) as err:
        apply(state, A.UseTalent(actor="anna", card=elf, target=state.bases[1].uid))
    assert err.value.code == "talent_used"


def test_boots_of_running_really_fast_move_their_minion_to_the_base_named():
    state = game_for("anna")
    carrier = put_minion(state, "orcs-hammer-slammer", "anna", 0)
    (state, _), boots = play(state, "anna", "treasure-boots-of-running-really-fast", target=carrier)
    with pytest.raises(IllegalAction) as err:     # the base it stands on is no destination
        apply(state, A.UseTalent(actor="anna", card=boots, target=state.bases[0].uid))
    assert err.value.code == "needs_target"
    state, _ = apply(state, A.UseTalent(actor="anna", card=boots, target=state.bases[1].uid))
    assert any(m.uid == carrier for m in state.bases[1].minions)


def test_magic_missile_goes_under_the_treasure_deck_and_destroys_a_weak_minion_at_its_base():
    state = game_for("anna")
    carrier = put_minion(state, "orcs-sword-lord", "anna", 0)
    victim = put_minion(state, "warriors-berserker", "ben", 0)       # power 3
    strong = put_minion(state, "warriors-big-hero", "ben", 0)        # power 5: out of reach
    (state, _), missile = play(state, "anna", "treasure-magic-missile", target=carrier)
    with pytest.raises(IllegalAction):
        apply(state, A.UseTalent(actor="anna", card=missile, target=strong))
    state, events = apply(state, A.UseTalent(actor="anna", card=missile, target=victim))
    assert victim in state.player("ben").discard and "destroyed" in kinds(events)
    assert state.treasure_deck[0] == missile
    assert all(missile not in m.attached for m in state.bases[0].minions)


def test_portal_to_beyond_pays_a_card_to_bring_a_monster_to_its_base():
    state = game_for("anna")
    (state, _), portal = play(state, "anna", "mages-portal-to-beyond")
    assert portal in state.bases[0].actions
    before = len(state.bases[0].monsters)
    pay = state.player("anna").hand[0]
    with pytest.raises(IllegalAction):
        apply(state, A.UseTalent(actor="anna", card=portal))           # the talent costs a card
    state, events = apply(state, A.UseTalent(actor="anna", card=portal, discard=(pay,)))
    assert len(state.bases[0].monsters) == before + 1 and "monster_played" in kinds(events)


def test_dogpile_moves_a_minion_to_a_base_where_you_have_two():
    state = game_for("anna")
    put_minion(state, "orcs-dork-orc", "anna", 0)
    put_minion(state, "orcs-dork-orc", "anna", 0)
    lone = put_minion(state, "orcs-sword-lord", "anna", 1)
    uid = take(state, "orcs-dogpile", "anna")
    state, events = apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[0].uid, target=lone))
    assert any(m.uid == lone for m in state.bases[0].minions) and "minion_moved" in kinds(events)


def test_dogpile_to_a_base_without_two_of_yours_moves_nothing():
    state = game_for("anna")
    lone = put_minion(state, "orcs-sword-lord", "anna", 1)
    uid = take(state, "orcs-dogpile", "anna")
    state, events = apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[0].uid, target=None))
    assert any(m.uid == lone for m in state.bases[1].minions) and "minion_moved" not in kinds(events)


def test_bag_of_caltrops_catches_another_players_weak_minion_and_is_used_up():
    state = game_for("anna")
    (state, _), bag = play(state, "anna", "treasure-bag-of-caltrops")
    assert bag in state.bases[0].actions and state.played_by[bag] == "anna"
    state.active = [p.id for p in state.players].index("ben")
    state.player("ben").minions_left = 1
    (state, events), victim = play(state, "ben", "warriors-taunter")       # power 2
    assert victim in state.player("ben").discard and "destroyed" in kinds(events)
    assert bag not in state.bases[0].actions and bag in state.treasure_discard


def test_bag_of_caltrops_spares_its_player_and_strong_minions():
    state = game_for("anna")
    state.player("anna").minions_left = 2
    (state, _), bag = play(state, "anna", "treasure-bag-of-caltrops")
    (state, _), mine = play(state, "anna", "orcs-dork-orc")
    assert any(m.uid == mine for m in state.bases[0].minions) and bag in state.bases[0].actions
    state.active = [p.id for p in state.players].index("ben")
    state.player("ben").minions_left = 1
    (state, _), strong = play(state, "ben", "warriors-big-hero")          # power 5
    assert any(m.uid == strong for m in state.bases[0].minions) and bag in state.bases[0].actions


def _scoring_round(state, holder: str, special_design: str) -> tuple:
    """Anna fills base 0 to its breakpoint and finishes; ``holder`` has the one Special in hand."""
    from tests.test_smashup import _fill_to_breakpoint

    for seat in state.players:                 # specials in hand wait in the discard pile (no one else has a say)
        specials = [u for u in seat.hand if "special" in state.card(u).keywords]
        seat.hand = [u for u in seat.hand if u not in specials]
        seat.discard.extend(specials)
    special = take(state, special_design, holder)
    _fill_to_breakpoint(state, "anna", 0)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert state.scoring is not None
    return state, special


def test_dungeon_rule_book_as_a_special_destroys_the_action_it_names():
    """Dungeon Rule Book, used as a Special before a scoring, picks its action like when played."""
    state = game_for("anna")
    carrier = put_minion(state, "warriors-taunter", "ben", 1)
    bow = take(state, "treasure-chainsaw-of-bloody-dismemberment", "ben")
    state.player("ben").hand.remove(bow)
    state.bases[1].minions[-1].attached.append(bow)
    state, special = _scoring_round(state, "anna", "treasure-dungeon-rule-book")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlaySpecial(actor="anna", card=special))
    assert err.value.code == "needs_target"
    state, events = apply(state, A.PlaySpecial(actor="anna", card=special, target=bow))
    assert bow in state.treasure_discard and "base_scored" in kinds(events)
    assert carrier


def test_dogpile_as_a_special_moves_a_minion_before_the_scoring():
    state = game_for("anna")
    put_minion(state, "orcs-dork-orc", "anna", 1)
    put_minion(state, "orcs-dork-orc", "anna", 1)
    lone = put_minion(state, "orcs-sword-lord", "anna", 2)
    state, special = _scoring_round(state, "anna", "orcs-dogpile")
    crowded = state.bases[1].uid
    state, events = apply(state, A.PlaySpecial(actor="anna", card=special, target=lone, base=crowded))
    assert any(m.uid == lone for m in state.base(crowded).minions) and "minion_moved" in kinds(events)


# ---------------------------------------------------------------------- specials during and after scoring
def _vp_from_places(state, events, player: str) -> int:
    scored = next(e for e in events if e.kind == "base_scored")
    return scored.params["vp"].get(player, 0)


def test_angry_pillagers_pays_a_vp_for_a_lead_of_three_during_the_scoring():
    """Angry Pillagers ("während der Wertung", line 218): played in the round during the scoring, once
    the VP are given; with 3 or more power over the runner-up, 1 VP more."""
    state = game_for("anna")
    put_minion(state, "warriors-taunter", "ben", 0)                  # ben: 2 there
    state, special = _scoring_round(state, "anna", "orcs-angry-pillagers")
    assert state.scoring.stage == "during" and state.scoring.placed["anna"] == 1
    vp = state.player("anna").vp
    assert vp > 0                                                    # the places were scored first
    state, _ = apply(state, A.PlaySpecial(actor="anna", card=special))
    assert state.player("anna").vp == vp + 1
    assert special in state.player("anna").discard


def test_angry_pillagers_pays_nothing_without_the_lead():
    state = game_for("anna")
    from tests.test_smashup import _fill_to_breakpoint

    _fill_to_breakpoint(state, "ben", 0)                              # ben as strong as anna there
    state, special = _scoring_round(state, "anna", "orcs-angry-pillagers")
    vp = state.player("anna").vp
    state, _ = apply(state, A.PlaySpecial(actor="anna", card=special))
    assert state.player("anna").vp == vp


def test_clever_distraction_takes_a_vp_from_the_winner_after_the_scoring():
    """Clever Distraction ("nach der Wertung", line 232): played in the round after the scoring; with a
    minion at the scored base, its winner loses a VP and you gain one."""
    state = game_for("anna")
    put_minion(state, "warriors-taunter", "ben", 0)                  # ben is there, second
    state, special = _scoring_round(state, "ben", "thieves-clever-distraction")
    assert state.scoring.stage == "after"
    vp = {p.id: p.vp for p in state.players}
    state, events = apply(state, A.PlaySpecial(actor="ben", card=special))
    assert state.player("ben").vp == vp["ben"] + 1
    assert state.player("anna").vp == vp["anna"] - 1
    assert "vp_taken" in kinds(events) and special in state.player("ben").discard


def test_clever_distraction_needs_a_minion_at_the_scored_base():
    state = game_for("anna")
    state, special = _scoring_round(state, "ben", "thieves-clever-distraction")
    state, events = apply(state, A.PlaySpecial(actor="ben", card=special))
    assert state.player("ben").vp == 0 and "vp_taken" not in kinds(events)


def test_scoring_specials_acting_outside_a_scoring_move_no_vp():
    """A Context made outside a scoring holds no places (Context.placed is None): Clever Distraction's
    and Helping Hands' parts that act in a scoring give and take no VP."""
    from engine.smashup.registry import Context
    from engine.smashup.tx import Tx

    state = game_for("anna", {"anna": ["orcs", "mages"], "ben": ["elves", "thieves"], "cleo": ["halflings", "dwarves"]})
    state.player("anna").vp = 3
    for design, op in (("thieves-clever-distraction", "distraction"), ("elves-helping-hands", "steal_if_wins")):
        special = take(state, design, "ben")
        effect = next(e for e in state.card(special).effects if e.op == op)
        tx = Tx(state)
        OPS[op](tx, effect, Context("ben", special, state.bases[0].uid, "anna"))
        assert tx.events == [] and (state.player("anna").vp, state.player("ben").vp) == (3, 0)


# ---------------------------------------------------------------------- abilities resting until the turn ends
HALFLINGS = {"anna": ["halflings", "mages"], "ben": ["warriors", "thieves"], "cleo": ["orcs", "dwarves"]}


def test_rude_awakening_plays_every_minion_in_hand_there_with_abilities_resting():
    state = game_for("anna", HALFLINGS)
    seat = state.player("anna")
    seat.hand = [u for u in seat.hand if state.card(u).kind != "minion"]
    slammer_like = take(state, "halflings-pestling", "anna")        # "when played" would grant a minion
    second = take(state, "mages-wand-whiz", "anna")
    (state, events), _ = play(state, "anna", "halflings-rude-awakening")
    here = {m.uid for m in state.bases[0].minions}
    assert {slammer_like, second} <= here and not [u for u in state.player("anna").hand
                                                   if state.card(u).kind == "minion"]
    assert kinds(events).count("minion_played") == 2 and "extra_play" not in kinds(events)
    assert state.player("anna").minions_left == 1                   # extras: the free play is still there
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert state.silenced == []                                     # abilities are back after the turn


def test_potion_of_paralysis_cancels_abilities_at_the_scoring_base():
    """Potion of Paralysis: before the scoring, the minions there lose their ongoing power."""
    state = game_for("anna")
    lord = put_minion(state, "orcs-sword-lord", "anna", 0)          # +1 to anna's other minions
    orc = put_minion(state, "orcs-dork-orc", "anna", 0)
    base = state.bases[0]
    boosted = minion_power(state, base, next(m for m in base.minions if m.uid == orc))
    state, special = _scoring_round(state, "ben", "treasure-potion-of-paralysis")
    take(state, "treasure-dungeon-rule-book", "ben")            # a second special keeps ben's say open
    state, events = apply(state, A.PlaySpecial(actor="ben", card=special))
    assert "abilities_cancelled" in kinds(events) and "base_scored" not in kinds(events)
    base = state.bases[0]
    assert boosted == 3 and minion_power(state, base, next(m for m in base.minions if m.uid == orc)) == 2
    assert lord in state.silenced


def test_last_call_plays_a_minion_from_hand_at_the_scoring_base():
    state = game_for("anna", HALFLINGS)
    state, special = _scoring_round(state, "anna", "halflings-last-call")
    minion = next(u for u in state.player("anna").hand if state.card(u).kind == "minion")
    with pytest.raises(IllegalAction):
        apply(state, A.PlaySpecial(actor="anna", card=special))     # which minion?
    state, events = apply(state, A.PlaySpecial(actor="anna", card=special, target=minion))
    assert "minion_played" in kinds(events) and "base_scored" in kinds(events)
    assert minion in state.player("anna").discard                   # it was there when the base scored


def test_happy_zapper_talent_and_its_special_use_before_the_scoring():
    """Happy Zapper: a card paid for +2 until the turn ends; as a Special, again before her base scores."""
    state = game_for("anna")
    zapper = put_minion(state, "mages-happy-zapper", "anna", 0)
    pay = state.player("anna").hand[0]
    state, _ = apply(state, A.UseTalent(actor="anna", card=zapper, discard=(pay,)))
    base = state.bases[0]
    assert minion_power(state, base, next(m for m in base.minions if m.uid == zapper)) == 5
    with pytest.raises(IllegalAction) as err:
        apply(state, A.UseTalent(actor="anna", card=zapper, discard=(state.player("anna").hand[0],)))
    assert err.value.code == "talent_used"
    from tests.test_smashup import _fill_to_breakpoint

    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    _fill_to_breakpoint(state, "ben", 0)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert state.scoring is not None and state.scoring.base == base.uid
    window = state.scoring.window
    pay = state.player("anna").hand[0]
    state, events = apply(state, A.UseTalent(actor="anna", card=zapper, discard=(pay,)))
    assert "talent_used" in kinds(events)
    assert state.scoring is None or state.scoring.window != window


# ---------------------------------------------------------------------- second picks and treasures from the piles
DWARVES = {"anna": ["dwarves", "orcs"], "ben": ["warriors", "thieves"], "cleo": ["halflings", "mages"]}


def _attach_treasure(state, design: str, holder: str, minion: str) -> str:
    uid = take(state, design, holder)
    state.player(holder).hand.remove(uid)
    next(m for b in state.bases for m in b.minions if m.uid == minion).attached.append(uid)
    return uid


def test_mugging_moves_an_action_onto_your_minion():
    state = game_for("ben")
    theirs = put_minion(state, "orcs-sword-lord", "anna", 0)    # not a Dork Orc: that one is out of reach
    saw = _attach_treasure(state, "treasure-chainsaw-of-bloody-dismemberment", "anna", theirs)
    mine = put_minion(state, "warriors-taunter", "ben", 1)
    uid = take(state, "thieves-mugging", "ben")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor="ben", card=uid, target=saw))
    assert err.value.code == "needs_second_target"
    state, events = apply(state, A.PlayAction(actor="ben", card=uid, target=saw, target2=mine))
    assert saw in next(m for m in state.bases[1].minions if m.uid == mine).attached
    assert saw not in next(m for m in state.bases[0].minions if m.uid == theirs).attached
    assert "action_moved" in kinds(events)


def test_gimme_destroys_the_minion_under_the_action_and_takes_the_action():
    state = game_for("anna")
    theirs = put_minion(state, "warriors-big-hero", "ben", 0)
    saw = _attach_treasure(state, "treasure-chainsaw-of-bloody-dismemberment", "ben", theirs)
    mine = put_minion(state, "orcs-dork-orc", "anna", 1)
    (state, events), _ = play(state, "anna", "orcs-gimme", target=saw, target2=mine)
    assert theirs in state.player("ben").discard and "destroyed" in kinds(events)
    assert saw in next(m for m in state.bases[1].minions if m.uid == mine).attached


def test_war_cry_destroys_a_monster_and_gives_its_power_to_a_minion_there():
    state = game_for("ben")
    monster = add_monster(state, 0, "monster-bigfoot")              # alone: 4 + 3 = 7
    mine = put_minion(state, "warriors-taunter", "ben", 0)
    base = state.bases[0]
    strength = minion_power(state, base, next(m for m in base.monsters if m.uid == monster))
    (state, events), _ = play(state, "ben", "warriors-war-cry", target=monster, target2=mine)
    base = state.bases[0]
    assert monster not in [m.uid for m in base.monsters] and "destroyed" in kinds(events)
    assert minion_power(state, base, next(m for m in base.minions if m.uid == mine)) == 2 + strength


def test_cleave_lets_the_treasures_won_be_played_as_extras():
    state = game_for("ben")
    monster = add_monster(state, 0, "monster-bigfoot")              # 2 treasures
    ring = next(u for u in state.treasure_deck if state.card_ids[u] == "treasure-wishing-ring")
    state.treasure_deck.remove(ring)
    state.treasure_deck.append(ring)                                # the top card: drawn first
    (state, _events), _ = play(state, "ben", "warriors-cleave", target=monster)
    assert ring in state.player("ben").hand and state.player("ben").actions_left == 0
    assert len([g for g in state.player("ben").minion_grants if g.startswith("card:")]) == 2
    state, _ = apply(state, A.PlayAction(actor="ben", card=ring, base=state.bases[1].uid))
    assert state.player("ben").vp == 1 and f"card:{ring}" not in state.player("ben").minion_grants


def test_cash_out_lets_up_to_three_treasures_be_played_as_extras():
    state = game_for("anna", DWARVES)
    (state, _), _ = play(state, "anna", "dwarves-cash-out")
    assert state.player("anna").minion_grants.count("treasure") == 3 and state.player("anna").actions_left == 0
    ring = take(state, "treasure-wishing-ring", "anna")
    state, _ = apply(state, A.PlayAction(actor="anna", card=ring, base=state.bases[0].uid))
    assert state.player("anna").vp == 1 and state.player("anna").minion_grants.count("treasure") == 2
    plain = next(u for u in state.player("anna").hand if state.card(u).kind == "action"
                 and not state.card_ids[u].startswith("treasure-"))
    with pytest.raises(IllegalAction) as err:                      # no action play left for a non-treasure
        apply(state, A.PlayAction(actor="anna", card=plain, base=state.bases[0].uid))
    assert err.value.code == "no_action_play_left"


def test_mine_searches_the_treasure_deck_for_a_treasure_for_your_minion():
    state = game_for("anna", DWARVES)
    mine = put_minion(state, "dwarves-loot-lover", "anna", 0)      # +2 per treasure on it
    saw = next(u for u in state.treasure_deck if state.card_ids[u] == "treasure-chainsaw-of-bloody-dismemberment")
    (state, _events), _ = play(state, "anna", "dwarves-mine", target=saw, target2=mine)
    base = state.bases[0]
    minion = next(m for m in base.minions if m.uid == mine)
    assert saw in minion.attached and saw not in state.treasure_deck
    assert minion_power(state, base, minion) == 4 + 2 + 2


def test_salvage_plays_a_discarded_treasure_on_your_minion_at_the_scoring_base():
    state = game_for("anna", DWARVES)
    saw = take(state, "treasure-chainsaw-of-bloody-dismemberment", "anna")
    state.player("anna").hand.remove(saw)
    state.treasure_discard.append(saw)
    state, special = _scoring_round(state, "anna", "dwarves-salvage")
    mine = next(m.uid for m in state.bases[0].minions if m.controller == "anna")
    state, events = apply(state, A.PlaySpecial(actor="anna", card=special, target=saw, target2=mine))
    assert "action_played" in kinds(events) and "base_scored" in kinds(events)
    assert saw in state.treasure_discard                 # it went with the minion when the base scored


def test_dwarf_hireling_may_take_a_discarded_treasure():
    state = game_for("anna")
    saw = take(state, "treasure-chainsaw-of-bloody-dismemberment", "anna")
    state.player("anna").hand.remove(saw)
    state.treasure_discard.append(saw)
    (state, _), hireling = play(state, "anna", "treasure-dwarf-hireling", target=saw)
    base = state.bases[0]
    minion = next(m for m in base.minions if m.uid == hireling)
    assert saw in minion.attached and minion_power(state, base, minion) == 4
    state2 = game_for("anna")
    (state2, _), other = play(state2, "anna", "treasure-dwarf-hireling")   # "may": nothing taken is fine
    assert any(m.uid == other for m in state2.bases[0].minions)


def test_run_away_moves_yours_and_another_minion_before_the_scoring():
    state = game_for("anna", ELVES)
    theirs = put_minion(state, "warriors-taunter", "ben", 0)
    mine = put_minion(state, "mages-wand-whiz", "anna", 0)
    state, special = _scoring_round(state, "anna", "elves-run-away")
    away = state.bases[2].uid
    state, events = apply(state, A.PlaySpecial(actor="anna", card=special, target=mine, target2=theirs, base=away))
    assert {mine, theirs} <= {m.uid for m in state.base(away).minions}
    assert kinds(events).count("minion_moved") == 2


def test_special_only_cards_are_refused_as_actions_in_the_turn():
    state = game_for("anna", ELVES)
    uid = take(state, "elves-run-away", "anna")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[0].uid))
    assert err.value.code == "special_only"


# ---------------------------------------------------------------------- control, hands and specials locked
def test_king_tut_makes_the_winner_discard_a_card_of_their_choice_after_the_scoring():
    """King Tut: after his base scores, its winner discards a card (the game waits for the pick)."""
    state = game_for("anna")
    add_monster(state, 0, "monster-king-tut")
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    from tests.test_smashup import _fill_to_breakpoint

    _fill_to_breakpoint(state, "anna", 0)
    state, events = apply(state, A.FinishPlaying(actor="anna"))
    assert "winner_discards" in kinds(events)
    decision = next(d for d in state.decisions if d.kind == "discard_one")
    assert decision.player == "anna" and state.active_player.id == "anna"
    card = state.player("anna").hand[-1]
    with pytest.raises(IllegalAction):
        apply(state, A.DiscardDown(actor="anna", cards=tuple(state.player("anna").hand[:2])))
    state, events = apply(state, A.DiscardDown(actor="anna", cards=(card,)))
    assert card not in state.player("anna").hand and not state.decisions
    assert state.active_player.id != "anna"                 # the turn went on: draw 2, next player


def test_and_stay_down_keeps_the_others_from_using_specials():
    """And Stay Down!: with the most power at the scoring base, the others' specials wait unused."""
    state = game_for("anna")
    state, special = _scoring_round(state, "anna", "orcs-and-stay-down")
    book = take(state, "treasure-dungeon-rule-book", "ben")
    state, events = apply(state, A.PlaySpecial(actor="anna", card=special))
    assert "specials_locked" in kinds(events) and "base_scored" in kinds(events)
    assert book in state.player("ben").hand                  # ben had no say any more


def test_and_stay_down_needs_the_most_power_there():
    state = game_for("anna", {"anna": ["mages", "dwarves"], "ben": ["orcs", "thieves"], "cleo": ["halflings", "elves"]})
    state, special = _scoring_round(state, "ben", "orcs-and-stay-down")
    book = take(state, "treasure-dungeon-rule-book", "cleo")
    state, events = apply(state, A.PlaySpecial(actor="ben", card=special))
    assert "specials_locked" not in kinds(events) and state.scoring is not None
    assert next_to_decide(state) == "cleo" and book in state.player("cleo").hand


def test_trade_swaps_a_random_card_for_this_one_and_gives_an_extra_action():
    state = game_for("anna", ELVES)
    ben_hand = list(state.player("ben").hand)
    (state, events), trade = play(state, "anna", "elves-trade", target="ben")
    taken = [u for u in ben_hand if u in state.player("anna").hand]
    assert len(taken) == 1 and trade in state.player("ben").hand
    assert state.owners[trade] == "anna" and state.player("anna").actions_left == 1
    assert "card_given" in kinds(events)


def test_flower_child_swaps_control_with_a_weak_minion():
    state = game_for("anna", ELVES)
    theirs = put_minion(state, "warriors-taunter", "ben", 1)          # power 2
    (state, events), child = play(state, "anna", "elves-flower-child", target=theirs)
    swapped = {m.uid: m.controller for b in state.bases for m in b.minions}
    assert swapped[theirs] == "anna" and swapped[child] == "ben" and "control_swapped" in kinds(events)
    assert state.owners[child] == "anna"                              # ownership stays
    state2 = game_for("anna", ELVES)
    (state2, _), kept = play(state2, "anna", "elves-flower-child")    # "may": she can simply stay
    assert next(m for m in state2.bases[0].minions if m.uid == kept).controller == "anna"


# ---------------------------------------------------------------------- choices the game waits for
def test_dimension_doors_offers_a_paid_extra_minion_after_the_first_one():
    """Dimension Doors: the first minion each turn there lets its player pay a card for one more there;
    until the choice is made nobody plays on."""
    state = game_for("anna")
    doors = set_base(state, 0, "base-dimension-doors")
    state.player("anna").minions_left = 1
    (state, events), _ = play(state, "anna", "orcs-dork-orc")
    choice = next(d for d in state.decisions if d.kind == "doors_pay")
    assert choice.player == "anna" and choice.default == "none" and "choice_opened" in kinds(events)
    with pytest.raises(IllegalAction) as err:
        apply(state, A.FinishPlaying(actor="anna"))
    assert err.value.code == "choice_pending"
    pay = state.player("anna").hand[0]
    state, _ = apply(state, A.Choose(actor="anna", decision=choice.id, option=pay))
    assert pay not in state.player("anna").hand and f"base:{doors.uid}" in state.player("anna").minion_grants
    (state, _), second = play(state, "anna", "orcs-sword-lord")
    assert any(m.uid == second for m in state.bases[0].minions)
    assert not any(d.kind == "doors_pay" for d in state.decisions)     # only the first minion each turn


def test_potion_of_halitosis_lets_the_player_named_move_one_of_theirs():
    state = game_for("anna")
    theirs = put_minion(state, "warriors-taunter", "ben", 0)
    (state, _), _ = play(state, "anna", "treasure-potion-of-halitosis", target="ben")
    choice = next(d for d in state.decisions if d.kind == "halitosis_move")
    assert choice.player == "ben" and all(o.startswith(f"{theirs}>") for o in choice.options)
    with pytest.raises(IllegalAction) as err:
        apply(state, A.Choose(actor="anna", decision=choice.id, option=choice.options[0]))
    assert err.value.code == "not_your_decision"
    option = next(o for o in choice.options if o.endswith(state.bases[2].uid))
    state, events = apply(state, A.Choose(actor="ben", decision=choice.id, option=option))
    assert any(m.uid == theirs for m in state.bases[2].minions) and "minion_moved" in kinds(events)


def test_pumping_iron_gives_three_to_yours_and_lets_the_other_give_two():
    state = game_for("anna", ELVES)
    mine = put_minion(state, "mages-wand-whiz", "anna", 0)          # 3
    theirs = put_minion(state, "warriors-taunter", "ben", 1)         # 2
    (state, _), _ = play(state, "anna", "elves-pumping-iron", target="ben", target2=mine)
    base0 = state.bases[0]
    assert minion_power(state, base0, next(m for m in base0.minions if m.uid == mine)) == 6
    choice = next(d for d in state.decisions if d.kind == "pumping_iron")
    state, _ = apply(state, A.Choose(actor="ben", decision=choice.id, option=theirs))
    base1 = state.bases[1]
    assert minion_power(state, base1, next(m for m in base1.minions if m.uid == theirs)) == 4


def test_spoiled_brats_puts_the_minions_picked_on_top_of_the_deck():
    state = game_for("anna", HALFLINGS)
    seat = state.player("anna")
    minions = [u for u in seat.deck if state.card(u).kind == "minion"][:3]
    for uid in minions:
        seat.deck.remove(uid)
        seat.discard.append(uid)
    uid = take(state, "halflings-spoiled-brats", "anna")
    state, _ = apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[0].uid, picks=tuple(minions[:2])))
    seat = state.player("anna")
    assert set(seat.deck[-2:]) == set(minions[:2]) and minions[2] in seat.discard
    with pytest.raises(IllegalAction):
        state2 = game_for("anna", HALFLINGS)
        other = take(state2, "halflings-spoiled-brats", "anna")
        apply(state2, A.PlayAction(actor="anna", card=other, base=state2.bases[0].uid,
                                   picks=(state2.player("anna").hand[0],)))   # not a minion in the discard pile


def test_run_away_more_moves_the_minions_picked_before_the_scoring():
    state = game_for("anna", ELVES)
    first = put_minion(state, "mages-wand-whiz", "anna", 0)
    second = put_minion(state, "mages-scroll-shuffler", "anna", 0)
    state, special = _scoring_round(state, "anna", "elves-run-away-more")
    away = state.bases[2].uid
    state, _ = apply(state, A.PlaySpecial(actor="anna", card=special, base=away, picks=(first, second)))
    assert {first, second} <= {m.uid for m in state.base(away).minions}


def test_helping_hands_boosts_another_player_and_takes_a_vp_if_they_win():
    """Helping Hands: +2 for the player named, -2 for a minion of yours there; if they win, 1 of their VP
    comes to you."""
    state = game_for("anna", ELVES)
    from tests.test_smashup import _fill_to_breakpoint

    small = put_minion(state, "mages-scroll-shuffler", "anna", 0)      # anna is there with a small one
    for seat in state.players:
        seat.discard.extend(u for u in seat.hand if "special" in state.card(u).keywords)
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    _fill_to_breakpoint(state, "ben", 0)                               # ben will win the base
    special = take(state, "elves-helping-hands", "anna")
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    state, events = apply(state, A.PlaySpecial(actor="anna", card=special, target="ben", target2=small))
    scored = next(e for e in events if e.kind == "base_scored")
    assert scored.params["places"]["ben"] == 1 and "vp_taken" in kinds(events)
    assert state.player("ben").vp == scored.params["vp"]["ben"] - 1
    assert state.player("anna").vp == scored.params["vp"].get("anna", 0) + 1


def test_fae_fighter_trades_counters_when_another_player_plays_a_minion():
    """Fae Fighter: after another player plays a minion, her player may put a +1 counter on it and one
    on a minion of theirs at her base."""
    state = game_for("ben", ELVES)
    fae = put_minion(state, "elves-fae-fighter", "anna", 0)
    state.player("ben").minions_left = 1
    (state, _events), played = play(state, "ben", "warriors-taunter", base_index=1)
    assert not any(d.kind == "fae_counter" for d in state.decisions)   # the Taunter's own "may" first
    state = answer(state, "ben", "may_monster", "none")
    choice = next(d for d in state.decisions if d.kind == "fae_counter")
    assert choice.player == "anna" and choice.default == "none" and fae in choice.options
    state, _ = apply(state, A.Choose(actor="anna", decision=choice.id, option=fae))
    counters = {m.uid: m.counters for b in state.bases for m in b.minions}
    assert counters[fae] == 1 and counters[played] == 1


def test_word_of_recall_plays_a_revealed_action_or_returns_it():
    state = game_for("anna", {"anna": ["clerics", "orcs"], "ben": ["warriors", "thieves"],
                              "cleo": ["halflings", "mages"]})
    ben = state.player("ben")
    ring_like = next(u for u in ben.deck if state.card(u).kind == "action" and not state.card(u).keywords)
    ben.deck.remove(ring_like)
    ben.discard.append(ring_like)
    (state, events), _ = play(state, "anna", "clerics-word-of-recall")
    choice = next(d for d in state.decisions if d.kind == "recall_pick")
    assert ring_like in choice.options and "cards_revealed" in kinds(events)
    state, _ = apply(state, A.Choose(actor="anna", decision=choice.id, option=ring_like))
    assert ring_like in state.player("anna").hand and f"card:{ring_like}" in state.player("anna").minion_grants
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    if state.decisions:
        seat = state.player("anna")
        state, _ = apply(state, A.DiscardDown(actor="anna", cards=tuple(u for u in seat.hand if u != ring_like)[
            :len(seat.hand) - 10]))
    assert ring_like in state.player("ben").discard                  # not played: back where it was


# ---------------------------------------------------------------------- saved after a scoring
CLERICS = {"anna": ["clerics", "orcs"], "ben": ["warriors", "thieves"], "cleo": ["halflings", "mages"]}


def test_deep_friar_saves_another_minion_to_another_base_after_the_scoring():
    """Deep Friar ("nach der Wertung"): another of your minions there goes to another base instead of
    the discard pile; the game waits for the choice, then clears the base."""
    state = game_for("anna", CLERICS)
    put_minion(state, "clerics-deep-friar", "anna", 0)
    saved = put_minion(state, "orcs-dork-orc", "anna", 0)
    state, _ = _scoring_round(state, "ben", "treasure-dungeon-rule-book")
    state, events = apply(state, A.PassSpecial(actor="ben", window=state.scoring.window))
    assert "base_scored" in kinds(events) and state.scoring.stage == "clearing"
    choice = next(d for d in state.decisions if d.kind == "friar_move")
    target = state.bases[1].uid
    state, events = apply(state, A.Choose(actor="anna", decision=choice.id, option=f"{saved}>{target}"))
    assert any(m.uid == saved for m in state.base(target).minions) and state.scoring is None
    assert "base_revealed" in kinds(events)                              # the base was cleared and replaced


def test_bin_and_gone_brings_a_minion_over_from_a_scored_base():
    state = game_for("anna", CLERICS)
    (state, _), bin_card = play(state, "anna", "clerics-bin-and-gone", base_index=1)
    state.player("anna").actions_left = 1
    saved = put_minion(state, "orcs-dork-orc", "anna", 0)
    state, _ = _scoring_round(state, "ben", "treasure-dungeon-rule-book")
    state, _ = apply(state, A.PassSpecial(actor="ben", window=state.scoring.window))
    choice = next(d for d in state.decisions if d.kind == "bin_move")
    home = state.bases[1].uid
    assert choice.options[0] == "none" and f"{saved}>{home}" in choice.options
    state, _ = apply(state, A.Choose(actor="anna", decision=choice.id, option=f"{saved}>{home}"))
    assert any(m.uid == saved for m in state.base(home).minions) and bin_card in state.base(home).actions


def test_potion_of_line_cutting_takes_a_loot_card_before_the_sharing():
    """Potion of Line Cutting: after the scoring, before the loot is shared, its player takes one of the
    revealed treasures."""
    state = game_for("anna")
    add_monster(state, 0, "monster-bigfoot")                          # 2 treasures of loot
    put_minion(state, "warriors-taunter", "ben", 0)
    state, special = _scoring_round(state, "ben", "treasure-potion-of-line-cutting")
    assert state.scoring.stage == "during" and len(state.scoring.loot) == 2      # scored, the loot revealed
    state, events = apply(state, A.PlaySpecial(actor="ben", card=special))
    choice = next(d for d in state.decisions if d.kind == "line_cut")
    assert choice.player == "ben" and set(choice.options) == set(state.scoring.loot) and len(choice.options) == 2
    wanted = choice.options[1]
    state, events = apply(state, A.Choose(actor="ben", decision=choice.id, option=wanted))
    taken = [e.params["player"] for e in events if e.kind == "loot_taken"]
    assert wanted in state.player("ben").hand and taken == ["ben", "anna"]    # first the potion, then the share
    assert state.scoring is None and special in state.treasure_discard


def test_cunning_plan_draws_a_treasure_that_may_be_played_at_once():
    """Cunning Plan, before a scoring: a treasure drawn and, if its player likes, played right away."""
    state = game_for("anna", DWARVES)
    ring = next(u for u in state.treasure_deck if state.card_ids[u] == "treasure-wishing-ring")
    state.treasure_deck.remove(ring)
    state.treasure_deck.append(ring)                                 # the next treasure drawn
    state, special = _scoring_round(state, "anna", "dwarves-cunning-plan")
    state, events = apply(state, A.PlaySpecial(actor="anna", card=special))
    choice = next(d for d in state.decisions if d.kind == "cunning_play")
    assert ring in state.player("anna").hand and choice.default == "none"
    vp_before = state.player("anna").vp
    state, events = apply(state, A.Choose(actor="anna", decision=choice.id, option=choice.options[1]))
    assert ring in state.treasure_deck[:1] and "base_scored" in kinds(events)
    scored = next(e for e in events if e.kind == "base_scored")
    assert state.player("anna").vp == vp_before + 1 + scored.params["vp"].get("anna", 0)


def two_minions_played_at(base: str, design: str):
    """Anna, with two minions (Pestling, Wand Whiz) as the only minions in her hand, plays this card
    (Rude Awakening: every minion in the hand to the base) at the first base, turned into this base
    (Dimension Doors: it asks for a card after the first minion). The state, the Doors' choice, the
    first and the second minion."""
    state = game_for("anna", HALFLINGS)
    set_base(state, 0, base)
    seat = state.player("anna")
    seat.hand = [u for u in seat.hand if state.card(u).kind != "minion"]
    first = take(state, "halflings-pestling", "anna")
    second = take(state, "mages-wand-whiz", "anna")
    (state, _), _ = play(state, "anna", design)
    return state, next(d for d in state.decisions if d.kind == "doors_pay"), first, second


def test_a_choice_whose_option_went_stale_refuses_it():
    """Rude Awakening at Dimension Doors: the Doors ask after the first minion, the others follow from
    the hand at once; a card that left the hand meanwhile can no longer be paid."""
    state, choice, first, second = two_minions_played_at("base-dimension-doors", "halflings-rude-awakening")
    assert second in choice.options and first not in state.player("anna").hand
    with pytest.raises(IllegalAction) as err:
        apply(state, A.Choose(actor="anna", decision=choice.id, option=second))
    assert err.value.code == "no_such_choice"
    state, _ = apply(state, A.Choose(actor="anna", decision=choice.id, option="none"))
    assert not state.decisions
