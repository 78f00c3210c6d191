"""Smash Up – Munchkin: playing cards by the rulebook's "Bei Verbot unwirksam" and its card
clarifications ("Nur Unentschieden?"). Line numbers are those of the German rulebook text
(smash-up-munchkin.de.txt)."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.cards import data
from engine.smashup.hooks import move_minion
from engine.smashup.listing import legal_actions
from engine.smashup.rules import apply, is_legal
from engine.smashup.turn import HAND_LIMIT
from engine.smashup.tx import Tx
from tests.test_smashup import put_minion, take
from tests.test_smashup_cards import add_monster, answer, game_for, kinds, play, set_base


def choice(state, player, kind):
    return next(d for d in state.decisions if d.kind == kind and d.player == player)


def deadline(state, decision):
    return apply(state, A.Timeout(actor=A.SYSTEM, decision=decision.id))[0]


def only_card_in_hand(state, player, design):
    """The player holds just this card (the rest goes under the deck)."""
    uid = take(state, design, player)
    seat = state.player(player)
    seat.deck.extend(u for u in seat.hand if u != uid)
    seat.hand[:] = [uid]
    return uid


# ---------------------------------------------------------------------- line 474: a card whose ability cannot happen
def test_zzzzzap_with_an_empty_hand_is_played_and_destroys_nothing():
    """Line 474: a card may be played although its ability cannot be carried out (to be rid of it);
    Zzzzzap's "discard a card to destroy" unpaid: nothing is destroyed."""
    state = game_for()
    victim = put_minion(state, "warriors-taunter", "ben", 1)
    uid = only_card_in_hand(state, "anna", "mages-zzzzzap")
    unpaid = A.PlayAction(actor="anna", card=uid, base=state.bases[0].uid)
    assert unpaid in legal_actions(state, "anna")
    state, events = apply(state, unpaid)
    assert "ability_unpaid" in kinds(events)
    assert uid in state.player("anna").discard and any(m.uid == victim for m in state.bases[1].minions)
    assert state.player("anna").actions_left == 0          # it was the turn's action


def test_backstab_without_a_treasure_is_played_for_nothing_and_picks_nothing():
    """Line 474: Backstab's price is a treasure; without one the card may still be played, picking
    no target (a target named without the price is refused: nothing is paid for it)."""
    state = game_for("ben")
    victim = put_minion(state, "orcs-dork-orc", "anna", 1)
    uid = only_card_in_hand(state, "ben", "thieves-backstab")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor="ben", card=uid, target=victim))
    assert err.value.code == "pay_cards"
    state, _ = apply(state, A.PlayAction(actor="ben", card=uid))
    assert uid in state.player("ben").discard and any(m.uid == victim for m in state.bases[1].minions)


# ---------------------------------------------------------------------- line 476: "dürfen" is a choice
def test_taunter_may_bring_a_monster_or_not():
    """Line 476: with "dürfen" the player chooses whether the ability happens: Taunter's monster."""
    state = game_for("ben")
    (state, _), _ = play(state, "ben", "warriors-taunter", 0)
    before = len(state.monster_deck)
    declined = answer(state, "ben", "may_monster", "none")
    assert declined.bases[0].monsters == [] and len(declined.monster_deck) == before
    accepted = answer(state, "ben", "may_monster", "yes")
    assert len(accepted.bases[0].monsters) == 1


def test_a_may_ability_left_unanswered_is_declined_at_the_deadline():
    """Line 476 with the table's default: a passed deadline declines the "may" (Holy Roller)."""
    state = game_for("cleo", {"anna": ["orcs"], "ben": ["warriors"], "cleo": ["clerics"]})
    seat = state.player("cleo")
    seat.discard.append(seat.deck.pop())
    (state, _), _ = play(state, "cleo", "clerics-holy-roller", 0)
    decision = choice(state, "cleo", "may_recycle")
    assert decision.default == "none"
    discard = list(state.player("cleo").discard)
    state = deadline(state, decision)
    assert state.player("cleo").discard == discard and not state.decisions
    # said yes, a card of the pile goes into the deck
    state = game_for("cleo", {"anna": ["orcs"], "ben": ["warriors"], "cleo": ["clerics"]})
    seat = state.player("cleo")
    seat.discard.append(seat.deck.pop())
    (state, _), _ = play(state, "cleo", "clerics-holy-roller", 0)
    state = answer(state, "cleo", "may_recycle", "yes")
    assert state.player("cleo").discard == []


def test_mages_tower_waits_for_the_answer_before_play_goes_on():
    """Line 476: Mage's Tower's draw is asked; until the answer nobody plays on."""
    state = game_for()
    set_base(state, 0, "base-mages-tower")
    (state, _), _ = play(state, "anna", "orcs-dork-orc", 0)
    assert {type(m) for m in legal_actions(state, "anna")} <= {A.Choose, A.Leave}
    hand = len(state.player("anna").hand)
    state = deadline(state, choice(state, "anna", "may_draw"))
    assert len(state.player("anna").hand) == hand


# ---------------------------------------------------------------------- lines 450-452, 461-463: clarifications
def test_subterranean_lair_is_used_again_after_its_minion_moved_away():
    """Lines 450-452: the Lair's extra minion may be used again in the same turn once the minion
    played there moved away."""
    state = game_for()
    set_base(state, 0, "base-subterranean-lair")
    state.player("anna").minions_left = 0
    (state, _), first = play(state, "anna", "orcs-dork-orc", 0)
    tx = Tx(state)
    move_minion(tx, first, state.bases[1].uid)
    uid = take(state, "orcs-dork-orc", "anna")          # a second one (its text asks nothing when played)
    state, _ = apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[0].uid))
    assert any(m.uid == uid for m in state.bases[0].minions)
    other = take(state, "orcs-dork-orc", "anna")           # a minion is there now: no more (a third one)
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayMinion(actor="anna", card=other, base=state.bases[0].uid))
    assert err.value.code == "no_minion_play_left"


def test_too_tough_on_another_players_minion_keeps_that_players_actions_off():
    """Lines 461-463: Too Tough played on another player's minion protects it from that player's
    actions too; its own player's actions still reach it."""
    state = game_for()
    theirs = put_minion(state, "warriors-taunter", "ben", 1)
    (state, _), tough = play(state, "anna", "orcs-too-tough", 1, target=theirs)
    assert tough in state.bases[1].minions[-1].attached
    state.active = [p.id for p in state.players].index("ben")
    state.player("ben").actions_left = 1
    bait = take(state, "warriors-dungeon-bait", "ben")
    move = A.PlayAction(actor="ben", card=bait, base=state.bases[1].uid, target=theirs)
    with pytest.raises(IllegalAction) as err:
        apply(state, move)
    assert err.value.code == "needs_target"
    state.active = [p.id for p in state.players].index("anna")
    state.player("anna").actions_left = 1
    (state, _), _ = play(state, "anna", "orcs-death-breath", target=theirs)    # her own action: allowed
    assert theirs in state.player("ben").deck[:1]


# ---------------------------------------------------------------------- protection in every targeting path
def taken_over(state, design: str, owner: str, controller: str, base_index: int) -> str:
    """A minion of ``owner``'s deck at a base, controlled by another player (as after Flower Child)."""
    uid = put_minion(state, design, owner, base_index)
    state.bases[base_index].minions[-1].controller = controller
    return uid


@pytest.mark.parametrize("actor,design", [("anna", "orcs-death-breath"), ("anna", "orcs-crush"),
                                          ("ben", "warriors-dungeon-bait")])
def test_a_dork_orc_is_no_target_for_another_players_action(actor, design):
    """Dork Orc is not affected by other players' actions (the card; lines 461-463 for Too Tough's
    same protection): Death Breath, Crush and Dungeon Bait neither offer nor take another player's
    Dork Orc."""
    state = game_for(actor)
    other = "cleo" if actor == "anna" else "anna"
    orc = taken_over(state, "orcs-dork-orc", "anna", other, 1)
    if design == "orcs-crush":
        put_minion(state, "orcs-dork-orc", "anna", 1)
        put_minion(state, "orcs-dork-orc", "anna", 1)
    uid = take(state, design, actor)
    move = A.PlayAction(actor=actor, card=uid, base=state.bases[1].uid, target=orc)
    assert not any(getattr(m, "target", None) == orc for m in legal_actions(state, actor))
    with pytest.raises(IllegalAction):
        apply(state, move)
    state.silenced.append(orc)                       # its ability resting, the same move is fine
    assert is_legal(state, move)


def test_an_action_is_not_played_on_a_protected_minion():
    """Playing an action on another player's Dork Orc affects it, so it is refused."""
    state = game_for("ben")
    orc = put_minion(state, "orcs-dork-orc", "anna", 1)
    uid = take(state, "warriors-shield-of-ubiquity", "ben")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor="ben", card=uid, base=state.bases[1].uid, target=orc))
    assert err.value.code == "protected"


# ---------------------------------------------------------------------- cards that misbehaved
def test_dungeon_bait_destroys_a_weak_minion():
    """Dungeon Bait, choose one: a monster on a base, or destroy a minion of power 2 or less."""
    state = game_for("ben")
    weak = next(c.id for c in data().cards if c.faction == "halflings" and c.kind == "minion" and c.power == 2)
    victim = put_minion(state, weak, "cleo", 1)
    move = A.PlayAction(actor="ben", card=take(state, "warriors-dungeon-bait", "ben"), base=state.bases[1].uid,
                        target=victim)
    assert move in legal_actions(state, "ben")
    state, _ = apply(state, move)
    assert victim in state.player("cleo").discard


def test_turner_may_shuffle_a_random_minion_from_the_discard_pile_into_the_deck():
    """Turner, choose one: destroy an undead monster here, or a random minion of the discard pile into
    the deck."""
    picks = {"anna": ["orcs"], "ben": ["warriors"], "cleo": ["clerics"]}
    state = game_for("cleo", picks)
    seat = state.player("cleo")
    minion = next(u for u in seat.deck if state.card(u).kind == "minion")
    action = next(u for u in seat.deck if state.card(u).kind == "action")
    for uid in (minion, action):
        seat.deck.remove(uid)
        seat.discard.append(uid)
    (state, _), _ = play(state, "cleo", "clerics-turner", 0, mode="recycle")
    assert state.player("cleo").discard == [action] and minion in state.player("cleo").deck


def test_ruckus_at_bastion_gives_no_treasure():
    """Ruckus destroys the monsters without treasures, and Bastion's treasure for each is none either
    (fandom-bases-faq, as the fact sheet notes)."""
    state = game_for("ben")
    set_base(state, 0, "base-bastion")
    monster = add_monster(state, 0, next(state.card_ids[u] for u in state.monster_deck))
    uid = take(state, "warriors-ruckus", "ben")
    hand = len(state.player("ben").hand)
    state, _ = apply(state, A.PlayAction(actor="ben", card=uid, base=state.bases[0].uid, mode="clear"))
    assert not state.bases[0].monsters and monster not in [m.uid for b in state.bases for m in b.monsters]
    assert len(state.player("ben").hand) == hand - 1


def test_thieves_guild_draws_for_a_treasure_played_on_the_base_itself():
    """Thieves' Guild: after you play a treasure on this base (or on a minion here), draw a card."""
    state = game_for("ben")
    set_base(state, 0, "base-thieves-guild")
    bag = take(state, "treasure-bag-of-caltrops", "ben")
    hand = len(state.player("ben").hand)
    state, _ = apply(state, A.PlayAction(actor="ben", card=bag, base=state.bases[0].uid))
    assert bag in state.bases[0].actions and len(state.player("ben").hand) == hand - 1 + 1


def test_lord_of_the_prance_names_the_player_who_draws():
    """Lord of the Prance's talent: another player of your choice draws, then you."""
    picks = {"anna": ["elves"], "ben": ["warriors"], "cleo": ["halflings"]}
    state = game_for("anna", picks)
    lord = put_minion(state, "elves-lord-of-the-prance", "anna", 0)
    cleo = len(state.player("cleo").hand)
    state, _ = apply(state, A.UseTalent(actor="anna", card=lord, target="cleo"))
    assert len(state.player("cleo").hand) == cleo + 1


@pytest.mark.parametrize("design", ["warriors-eternal-hero", "elves-traveling-elf"])
def test_eternal_hero_and_traveling_elf_go_on_ones_own_minion_only(design):
    picks = {"anna": ["warriors", "elves"], "ben": ["orcs"], "cleo": ["halflings"]}
    state = game_for("anna", picks)
    theirs = put_minion(state, "orcs-sword-lord", "ben", 1)
    mine = put_minion(state, "warriors-taunter", "anna", 1)
    uid = take(state, design, "anna")
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[1].uid, target=theirs))
    assert err.value.code == "own_minion_only"
    state, _ = apply(state, A.PlayAction(actor="anna", card=uid, base=state.bases[1].uid, target=mine))
    assert uid in state.bases[1].minions[-1].attached


def test_flower_child_swaps_with_a_monster_a_player_controls_not_with_a_free_one():
    """Rulebook line 366: Flower Child may swap with a monster only if a player controls it."""
    picks = {"anna": ["elves"], "ben": ["warriors"], "cleo": ["halflings"]}
    state = game_for("anna", picks)
    free = add_monster(state, 1, next(state.card_ids[u] for u in state.monster_deck
                                      if state.card(u).power <= 3))
    taken = add_monster(state, 1, next(state.card_ids[u] for u in state.monster_deck
                                       if state.card(u).power <= 3))
    state.bases[1].monsters[-1].controller = "ben"
    uid = take(state, "elves-flower-child", "anna")
    with pytest.raises(IllegalAction):
        apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[0].uid, target=free))
    state, _ = apply(state, A.PlayMinion(actor="anna", card=uid, base=state.bases[0].uid, target=taken))
    assert state.bases[1].monsters[-1].controller == "anna"
    assert next(m for m in state.bases[0].minions if m.uid == uid).controller == "ben"


# ---------------------------------------------------------------------- lines 94 and 502: treasures and the hand limit
def test_treasures_do_not_count_toward_the_hand_limit():
    """Line 94 limits the hand to 10 cards after drawing; line 502 says treasures "zählen nicht zu den
    Handkarten". So treasures are kept beside the 10 faction cards: 10 faction cards and 3 treasures
    need no discard, 11 faction cards need one faction card discarded, and a treasure does not do."""
    state = game_for()
    seat = state.player("anna")
    treasures = [take(state, d, "anna") for d in ("treasure-bag-of-caltrops", "treasure-magic-missile",
                                                   "treasure-jetpack-of-anachronism")]
    faction = [u for u in seat.hand if u not in treasures]
    while len(faction) < HAND_LIMIT - 2:
        faction.append(seat.deck.pop())
    seat.hand[:] = faction + treasures
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert state.active_player.id != "anna" and len(state.player("anna").hand) == HAND_LIMIT + 3
    # one more faction card: one faction card goes, a treasure does not count
    state = game_for()
    seat = state.player("anna")
    treasures = [take(state, "treasure-bag-of-caltrops", "anna")]
    faction = [u for u in seat.hand if u not in treasures]
    while len(faction) < HAND_LIMIT - 1:
        faction.append(seat.deck.pop())
    seat.hand[:] = faction + treasures
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    decision = choice(state, "anna", "discard_down")
    with pytest.raises(IllegalAction):
        apply(state, A.DiscardDown(actor="anna", cards=tuple(treasures)))
    state = deadline(state, decision)
    assert treasures[0] in state.player("anna").hand and len(state.player("anna").hand) == HAND_LIMIT + 1


# ---------------------------------------------------------------------- line 472: the active player orders
def test_the_active_player_orders_abilities_that_trigger_at_once():
    """Line 472: abilities triggering at the same time go in the order the active player chooses: Ben
    plays a minion at the Treasure Bath while Anna's Fae Fighter is in play; he puts the Fae Fighter
    first, so Anna answers before his treasure comes; a deadline keeps the listed order."""
    picks = {"anna": ["elves"], "ben": ["warriors"], "cleo": ["halflings"]}
    state = game_for("ben", picks)
    set_base(state, 0, "base-treasure-bath")
    fae = put_minion(state, "elves-fae-fighter", "anna", 1)
    (state, _), _ = play(state, "ben", "warriors-star-player", 0)      # no ability of its own when played
    order = choice(state, "ben", "order_abilities")
    assert set(order.options) == {state.bases[0].uid, fae} and order.default == order.options[0]
    treasures = sum(state.card_ids[u].startswith("treasure-") for u in state.player("ben").hand)
    state = answer(state, "ben", "order_abilities", fae)
    assert choice(state, "anna", "fae_counter")
    assert sum(state.card_ids[u].startswith("treasure-") for u in state.player("ben").hand) == treasures
    state = answer(state, "anna", "fae_counter", "none")
    assert sum(state.card_ids[u].startswith("treasure-") for u in state.player("ben").hand) == treasures + 1
    assert not state.decisions and not state.triggers


# ---------------------------------------------------------------------- the two cards the table settled before
def _stalled_table(stalling_card: str):
    """Anna's Stalling on the middle base with a weak minion of hers there and one at the third base;
    Ben's turn, with a Dungeon Bait (destroys a minion of power 2 or less) in his hand."""
    state = game_for("anna")
    (state, _), stalling = play(state, "anna", stalling_card, 1)
    assert stalling in state.bases[1].actions
    weak = [c.id for c in data().cards if c.faction == "mages" and c.kind == "minion" and c.power <= 2]
    mine = put_minion(state, weak[0], "anna", 1)
    elsewhere = put_minion(state, weak[-1], "anna", 2)
    state.active = [p.id for p in state.players].index("ben")
    state.player("ben").actions_left = 1
    return state, mine, elsewhere, take(state, "warriors-dungeon-bait", "ben")


def _alive(state, uid):
    return any(m.uid == uid for b in state.bases for m in b.minions)


def test_stalling_lets_its_player_keep_another_players_card_off_their_minion_there():
    """Line 476 ("dürfen" is a choice) for Stalling ("you may have your minions here be unaffected"):
    Ben's Dungeon Bait aimed at Anna's minion at the Stalling base waits for Anna; "yes" keeps the
    minion, "none" lets the Bait destroy it."""
    state, mine, _, bait = _stalled_table("orcs-stalling")
    state, _ = apply(state, A.PlayAction(actor="ben", card=bait, base=state.bases[1].uid, target=mine))
    asked = choice(state, "anna", "may_stall")
    assert asked.options == ["none", "yes"] and _alive(state, mine)
    assert asked.context["placed"] == "{}"           # no scoring: no places (kept as stored games hold them)
    assert not is_legal(state, A.FinishPlaying(actor="ben"))          # the game waits for Anna
    kept = answer(state, "anna", "may_stall", "yes")
    assert _alive(kept, mine) and bait in kept.player("ben").discard
    let = answer(state, "anna", "may_stall", "none")
    assert not _alive(let, mine) and mine in let.player("anna").discard


def test_stalling_unanswered_at_the_deadline_lets_the_card_act():
    """Line 476 with the table's default for every "may": a passed deadline declines it, so the card
    acts on the minion."""
    state, mine, _, bait = _stalled_table("orcs-stalling")
    state, _ = apply(state, A.PlayAction(actor="ben", card=bait, base=state.bases[1].uid, target=mine))
    asked = choice(state, "anna", "may_stall")
    assert asked.default == "none"
    assert not _alive(deadline(state, asked), mine)


def test_stalling_asks_nothing_at_another_base_or_for_its_own_players_cards():
    """Stalling covers its player's minions at its own base against other players' cards only."""
    state, _, elsewhere, bait = _stalled_table("orcs-stalling")
    after, _ = apply(state, A.PlayAction(actor="ben", card=bait, base=state.bases[2].uid, target=elsewhere))
    assert not after.decisions and not _alive(after, elsewhere)
    state, mine, _, bait = _stalled_table("orcs-stalling")
    state.active = [p.id for p in state.players].index("anna")
    state.player("anna").actions_left = 1
    state.player("ben").hand.remove(bait)               # the Bait in Anna's hand, played by her
    state.player("anna").hand.append(bait)
    after, _ = apply(state, A.PlayAction(actor="anna", card=bait, base=state.bases[1].uid, target=mine))
    assert not after.decisions and not _alive(after, mine)


def test_stalling_is_not_asked_for_a_card_that_picks_nothing_in_play():
    """Stalling keeps off a card that picks the player's minion; Spoiled Brats picks only from its own
    player's discard pile, so a minion named with it (a stray pick, ignored) asks Anna nothing and
    the Brats act at once."""
    state, mine, _, _ = _stalled_table("orcs-stalling")
    state.active = [p.id for p in state.players].index("cleo")
    state.player("cleo").actions_left = 1
    brats = take(state, "halflings-spoiled-brats", "cleo")
    after, _ = apply(state, A.PlayAction(actor="cleo", card=brats, target=mine))
    assert not after.decisions
    assert brats in after.player("cleo").discard and _alive(after, mine)


def _stalled_club_table():
    """Anna's Stalling on the middle base with a minion of hers there and one at the third base, a
    minion of Cleo's at the middle base too; Ben's turn, with Join the Club (+1 to every minion at the
    base it is played on) and Good Habits (+1 to every minion in play) in his hand."""
    picks = {"anna": ["orcs", "mages"], "ben": ["clerics", "thieves"], "cleo": ["halflings", "dwarves"]}
    state = game_for("anna", picks)
    (state, _), stalling = play(state, "anna", "orcs-stalling", 1)
    assert stalling in state.bases[1].actions
    mine = put_minion(state, "orcs-topper-chopper", "anna", 1)      # (no ability of its own)
    elsewhere = put_minion(state, "mages-happy-zapper", "anna", 2)
    cleos = put_minion(state, "halflings-pestling", "cleo", 1)
    state.active = [p.id for p in state.players].index("ben")
    state.player("ben").actions_left = 2
    return state, mine, elsewhere, cleos


def _boost(state, uid):
    return next(m.until_end_of_turn for b in state.bases for m in b.minions if m.uid == uid)


def test_stalling_lets_its_player_keep_a_card_acting_on_every_minion_there_off_theirs():
    """Line 476 ("dürfen" is a choice) for Stalling ("you may have your minions here be unaffected by
    another player's card"), for a card that picks nothing but acts on every minion at the base: Ben's
    Join the Club waits for Anna; "yes" gives +1 to Cleo's minion there and not to Anna's, "none" to
    both."""
    state, mine, _, cleos = _stalled_club_table()
    club = take(state, "clerics-join-the-club", "ben")
    state, _ = apply(state, A.PlayAction(actor="ben", card=club, base=state.bases[1].uid))
    asked = choice(state, "anna", "may_stall_all")
    assert asked.options == ["none", "yes"] and _boost(state, mine) == _boost(state, cleos) == 0
    assert not is_legal(state, A.FinishPlaying(actor="ben"))          # the game waits for Anna
    kept = answer(state, "anna", "may_stall_all", "yes")
    assert (_boost(kept, mine), _boost(kept, cleos)) == (0, 1) and not kept.decisions
    let = answer(state, "anna", "may_stall_all", "none")
    assert (_boost(let, mine), _boost(let, cleos)) == (1, 1)


def test_stalling_keeps_a_card_on_every_minion_in_play_off_its_base_only():
    """Stalling covers its player's minions at its own base: Good Habits (+1 to every minion in play)
    kept off by Anna still gives her minion at another base +1; unanswered at the deadline ("dürfen":
    declined) it acts on all of them."""
    state, mine, elsewhere, cleos = _stalled_club_table()
    habits = take(state, "clerics-good-habits", "ben")
    state, _ = apply(state, A.PlayAction(actor="ben", card=habits, base=state.bases[0].uid))
    asked = choice(state, "anna", "may_stall_all")
    kept = answer(state, "anna", "may_stall_all", "yes")
    assert (_boost(kept, mine), _boost(kept, elsewhere), _boost(kept, cleos)) == (0, 1, 1)
    late = deadline(state, asked)
    assert (_boost(late, mine), _boost(late, elsewhere), _boost(late, cleos)) == (1, 1, 1)


def test_stalling_asks_nothing_when_no_minion_of_its_player_there_is_reached_or_the_card_is_theirs():
    """No question without a minion of Anna's at the Stalling base to keep the card off, nor for a
    card Anna plays herself, nor for Join the Club at another base."""
    state, mine, _, cleos = _stalled_club_table()
    club = take(state, "clerics-join-the-club", "ben")
    elsewhere, _ = apply(state, A.PlayAction(actor="ben", card=club, base=state.bases[0].uid))
    assert not elsewhere.decisions
    gone = state.model_copy(deep=True)
    base = gone.bases[1]
    minion = next(m for m in base.minions if m.uid == mine)
    base.minions.remove(minion)
    gone.player("anna").discard.append(mine)
    after, _ = apply(gone, A.PlayAction(actor="ben", card=club, base=gone.bases[1].uid))
    assert not after.decisions and _boost(after, cleos) == 1
    state.active = [p.id for p in state.players].index("anna")
    state.player("anna").actions_left = 1
    state.player("ben").hand.remove(club)                # the card in Anna's hand, played by her
    state.player("anna").hand.append(club)
    after, _ = apply(state, A.PlayAction(actor="anna", card=club, base=state.bases[1].uid))
    assert not after.decisions and (_boost(after, mine), _boost(after, cleos)) == (1, 1)


def test_potion_of_redundancy_potion_uses_another_minions_talent_as_its_minion():
    """Potion of Redundancy Potion (on a minion): its talent uses another minion's talent, paying that
    talent's price, as the minion it lies on (Happy Zapper's +power goes to the potion's minion)."""
    picks = {"anna": ["mages", "orcs"], "ben": ["warriors"], "cleo": ["halflings"]}
    state = game_for("anna", picks)
    zapper = put_minion(state, "mages-happy-zapper", "anna", 0)
    carrier = put_minion(state, "orcs-dork-orc", "anna", 1)
    (state, _), potion = play(state, "anna", "treasure-potion-of-redundancy-potion", 1, target=carrier)
    assert potion in state.bases[1].minions[-1].attached
    pay = state.player("anna").hand[0]
    with pytest.raises(IllegalAction) as err:                        # the borrowed talent's price is owed
        apply(state, A.UseTalent(actor="anna", card=potion, target=zapper))
    assert err.value.code == "pay_cards"
    state, events = apply(state, A.UseTalent(actor="anna", card=potion, target=zapper, discard=(pay,)))
    gained = next(m for m in state.bases[1].minions if m.uid == carrier).until_end_of_turn
    boost = next(e.n for e in state.card(zapper).effects if e.op == "self_power")
    assert "talent_borrowed" in kinds(events) and gained == boost and pay in state.player("anna").discard
    assert next(m for m in state.bases[0].minions if m.uid == zapper).until_end_of_turn == 0


def test_the_console_tells_how_to_answer_a_may_ability():
    """Line 476: a "dürfen" choice is answered with yes or no, and the console says so (in the words a
    yes/no question takes, issue 34.1)."""
    from table.render import Namer

    state = game_for("ben")
    (state, _), _ = play(state, "ben", "warriors-taunter", 0)
    decision = choice(state, "ben", "may_monster")
    names = {p.id: p.name for p in state.players}
    german = Namer("de", names, state, ("smashup",), console=True).owed(decision)
    english = Namer("en", names, state, ("smashup",), console=True).owed(decision)
    assert german.endswith("→ `wählen ja` oder `wählen nein`") and english.endswith("→ `choose yes` or `choose no`")
