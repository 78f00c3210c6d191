"""The fast listing skips checks its construction makes sure of (README, "How the engines stay fast"):
it must still offer exactly the card plays and talents that a slow listing finds by building every
combination of base, pick, payment and "any number of" picks and asking validate about each, in the
same order (the random players of the simulator pick by position). And the powers worked out
together while a state is read only are the ones each minion has on its own."""

from __future__ import annotations

import random

import pytest

from engine.smashup import actions as A
from engine.smashup import listing, rules, scoring, turn
from engine.smashup.power import minion_power, powers_fixed, ready_bases
from engine.smashup.state import GameState


def _states(seed: int, players: int, steps: int = 400):
    """The states of a game of random players (the simulator's way of choosing)."""
    rng = random.Random(seed)
    state, _ = rules.new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed)
    for _ in range(steps):
        if state.phase == "over":
            return
        yield state
        moves = [m for p in state.players for m in listing.legal_actions(state, p.id)]
        state, _ = rules.apply(state, rng.choice(moves))


def _slow_plays(state: GameState, pid: str) -> list[A.Action]:
    """Every play from the hand built in the listing's order, kept when validate lets it go."""
    hand = state.player(pid).hand
    found: list[A.Action] = []
    for uid in hand:
        card = state.card(uid)
        for base in [b.uid for b in state.bases] if turn.uses_base(card) else [None]:
            for target, target2 in turn._pairs(state, pid, uid, base, playing=True):
                for discard, mode in turn._payments(state, uid, hand, playing=True):
                    common = {"actor": pid, "card": uid, "base": base, "target": target, "target2": target2,
                              "discard": discard, "mode": mode}
                    made = [A.PlayMinion(**common)] if card.kind == "minion" else [
                        A.PlayAction(**common, picks=picks) for picks in turn._pick_sets(state, pid, uid, base)]
                    found += [move for move in made if rules.is_legal(state, move)]
    return found


def _slow_talents(state: GameState, pid: str) -> list[A.Action]:
    hand = state.player(pid).hand
    found: list[A.Action] = []
    for base in state.bases:
        for uid in turn.talent_cards_at(state, base, pid):
            for target, target2 in turn._pairs(state, pid, uid, base.uid):
                for discard, mode in _talent_payments(state, uid, target, hand):
                    move = A.UseTalent(actor=pid, card=uid, target=target, target2=target2, discard=discard,
                                       mode=mode)
                    if rules.is_legal(state, move):
                        found.append(move)
    return found


def _talent_payments(state: GameState, uid: str, target: str | None, hand: list[str]) -> list[tuple]:
    """The talent's own payments; a talent that pays the picked card's price (Potion of Redundancy) also
    every way to pay that card's price, with each of its own modes."""
    own = list(turn._payments(state, uid, hand))
    if not turn._borrows_price(state.card(uid)) or target not in state.card_ids:
        return own
    modes = dict.fromkeys(mode for _, mode in own)
    borrowed = [(discard, mode) for discard in dict.fromkeys(d for d, _ in turn._payments(state, target, hand))
                for mode in modes]
    return list(dict.fromkeys(own + borrowed))


@pytest.mark.parametrize(("seed", "players"), [(21, 3), (7, 2), (11, 4)])
def test_fast_listing_offers_what_validate_allows_in_order(seed, players):
    """Rulebook "So läuft dein Spielzug ab": a minion and an action from the hand, talents of one's
    cards in play; each offered exactly when validate allows it, in the order the slow listing finds."""
    checked = 0
    for state in _states(seed, players):
        if state.phase != "play" or state.draft is not None or state.decisions:
            continue
        pid = state.active_player.id
        with powers_fixed(state):
            plays, talents = listing._hand_moves(state, pid), listing._talent_moves(state, pid)
        assert plays == _slow_plays(state, pid)
        assert talents == _slow_talents(state, pid)
        checked += 1
    assert checked > 50


@pytest.mark.parametrize(("seed", "players"), [(21, 3), (5, 4)])
def test_powers_worked_out_together_match_each_minion_alone(seed, players):
    """"Begriffe": a minion's power with everything that changes it (never below 0), and a base is
    ready when the power there reaches its breakpoint ("Die große Wertung"): the same whether the
    powers are remembered while the state is read only or worked out one by one."""
    for state in _states(seed, players):
        alone = {id(m): minion_power(state, b, m) for b in state.bases for m in (*b.minions, *b.monsters)}
        with powers_fixed(state):
            together = {id(m): minion_power(state, b, m) for b in state.bases for m in (*b.minions, *b.monsters)}
        assert together == alone
        ready = [b.uid for b in state.bases if sum(alone[id(m)] for m in (*b.minions, *b.monsters)
                                                   if m.controller in {p.id for p in state.players})
                 >= state.card(b.uid).breakpoint + sum(alone[id(m)] for m in b.monsters if m.controller is None)]
        assert ready_bases(state) == ready


def test_cards_played_on_a_minion_are_offered_the_carriers_each_may_take():
    """Card texts: Eternal Hero goes on one of your own minions, Dumbbells on any minion; Dork Orc is
    not affected by other players' actions (rulebook line 470, the card that forbids wins). Listed in
    one go, the carriers worked out once for the player still differ by card: Eternal Hero only on
    Ben's minion, Dumbbells on Ben's minion and on Anna's other minion but not on her Dork Orc."""
    from tests.test_smashup import put_minion, take
    from tests.test_smashup_cards import FACTIONS, game_for

    state = game_for("ben", FACTIONS)
    state.player("ben").hand = []
    orc = put_minion(state, "orcs-dork-orc", "anna", 0)
    theirs = put_minion(state, "orcs-topper-chopper", "anna", 1)
    mine = put_minion(state, "warriors-taunter", "ben", 1)
    hero, dumbbells = take(state, "warriors-eternal-hero", "ben"), take(state, "warriors-dumbbells", "ben")
    with powers_fixed(state):
        plays = listing._hand_moves(state, "ben")
    carriers = {card: [m.target for m in plays if m.card == card] for card in (hero, dumbbells)}
    assert carriers == {hero: [mine], dumbbells: [theirs, mine]}
    assert orc not in carriers[dumbbells]


def test_a_card_that_picks_twice_is_offered_each_second_pick_its_first_allows():
    """Card text of Mugging: an action on a minion moves onto one of your minions (another than the
    one it lies on). Listed: each action on a minion with each of Ben's minions that does not carry
    it already; validate refuses the one pair the listing leaves out."""
    from tests.test_smashup import put_minion, take
    from tests.test_smashup_cards import FACTIONS, game_for
    from tests.test_smashup_protection import lay_on

    state = game_for("ben", FACTIONS)
    state.player("ben").hand = []
    theirs = put_minion(state, "orcs-topper-chopper", "anna", 0)
    first, second = put_minion(state, "warriors-taunter", "ben", 1), put_minion(state, "warriors-taunter", "ben", 2)
    chainsaw = lay_on(state, "treasure-chainsaw-of-bloody-dismemberment", "anna", theirs)
    dumbbells = lay_on(state, "warriors-dumbbells", "ben", first)
    mugging = take(state, "thieves-mugging", "ben")
    with powers_fixed(state):
        plays = listing._hand_moves(state, "ben")
    assert [(m.target, m.target2) for m in plays if m.card == mugging] == [
        (chainsaw, first), (chainsaw, second), (dumbbells, second)]
    assert not rules.is_legal(state, A.PlayAction(actor="ben", card=mugging, target=dumbbells, target2=first))


def test_potion_of_redundancy_is_offered_the_talented_minions_only():
    """Card text of Potion of Redundancy Potion: its talent uses another minion's talent (paying that
    talent's price). Of the minions in play only Elf Help Guru has a talent, one that asks no price:
    the listing offers the potion's talent with it, as the slow listing finds, and with none of the
    minions without a talent."""
    from tests.test_smashup import put_minion
    from tests.test_smashup_cards import game_for, play

    picks = {"anna": ["elves", "orcs"], "ben": ["warriors"], "cleo": ["halflings"]}
    state = game_for("anna", picks)
    guru = put_minion(state, "elves-elf-help-guru", "anna", 0)
    carrier = put_minion(state, "orcs-dork-orc", "anna", 1)
    put_minion(state, "warriors-taunter", "ben", 2)
    (state, _), potion = play(state, "anna", "treasure-potion-of-redundancy-potion", 1, target=carrier)
    with powers_fixed(state):
        talents = [m for m in listing._talent_moves(state, "anna") if m.card == potion]
    assert [(m.target, m.discard) for m in talents] == [(guru, ())]
    assert talents == [m for m in _slow_talents(state, "anna") if m.card == potion]


@pytest.mark.parametrize(("seed", "players"), [(21, 3), (7, 2), (11, 4), (5, 4)])
def test_specials_listed_are_the_ones_validate_allows_in_order(seed, players):
    """"Die große Wertung", step 3 ("Ich zuerst!"): in the round before a scoring the player whose say
    it is may play a Special from the hand; the listing offers exactly the specials of every pick
    that validate lets go, in the order of the slow listing."""
    checked = 0
    for state in _states(seed, players, steps=600):
        pid = scoring.next_to_decide(state)
        if pid is None or state.decisions:
            continue
        with powers_fixed(state):
            fast = listing._special_moves(state, pid)
        assert fast == [m for m in listing._special_plays(state, pid) if rules.is_legal(state, m)]
        checked += bool(fast)
    assert checked > 3


def test_potion_of_redundancy_is_offered_a_priced_talent_with_that_price():
    """Card text of Potion of Redundancy Potion: its talent uses another minion's talent and pays that
    talent's price. Happy Zapper's talent asks a card from the hand: the listing offers the potion's
    talent with Zapper paid for (it offered only the unpaid form, which the price check refuses)."""
    from tests.test_smashup import put_minion
    from tests.test_smashup_cards import game_for, play

    picks = {"anna": ["mages", "orcs"], "ben": ["warriors"], "cleo": ["halflings"]}
    state = game_for("anna", picks)
    zapper = put_minion(state, "mages-happy-zapper", "anna", 0)
    carrier = put_minion(state, "orcs-dork-orc", "anna", 1)
    (state, _), potion = play(state, "anna", "treasure-potion-of-redundancy-potion", 1, target=carrier)
    offered = [m for m in listing.legal_actions(state, "anna") if isinstance(m, A.UseTalent) and m.card == potion]
    paid = [m for m in offered if m.target == zapper]
    assert paid and all(m.discard for m in paid) and all(rules.is_legal(state, m) for m in offered)
