"""legal_actions and validate agree, over random Munchkin states of every set and a mix: every listed
move validates, and a move drawn from a wide space of candidates (the player's cards in hand and in
play, other cards, every player as a target, every monster, both sides, stale windows and decisions)
that validates is listed.

Free-form parameters are listed in their useful forms (README, "Rules notes": sales, trades, help,
the cards paid for an ability, the card a resurrection discards), so a valid candidate must match a
listed move without them; with a listed move's free-form parts it must do what that move does.

Quick by default; MUNCHKIN_PROPERTY_EXAMPLES=200 explores more random states."""

from __future__ import annotations

import os
import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine.munchkin import actions as A
from engine.munchkin import rules
from engine.munchkin.rules import apply, new_game
from engine.munchkin.state import GameState, Options, Player
from engine.sim import RandomAgent, all_moves
from tests.legal_moves_check import check_state

EXAMPLES = int(os.environ.get("MUNCHKIN_PROPERTY_EXAMPLES", "8"))
SAMPLES = 120
FREE_FORM = {"cards", "give", "want", "items", "treasures", "helper_first", "discard", "resurrect_with"}


def _own_cards(player: Player) -> list[str]:
    return [*player.hand, *(i.uid for i in player.items), *player.classes, *player.races, *player.followers,
            *player.powers, *player.loyalties, *player.trainings]


def _candidate(state: GameState, pid: str, rng: random.Random) -> A.Action:
    player = state.player(pid)
    others = [p.id for p in state.players]
    mine = _own_cards(player) or list(state.card_ids)
    uid = rng.choice(mine) if rng.random() < 0.9 else rng.choice(list(state.card_ids))
    monsters = [m.uid for m in state.combat.monsters] if state.combat else []
    window = state.combat.window if state.combat else 0
    decision = rng.choice([*state.decisions, None])
    theirs = [i.uid for p in state.players if p.id != pid for i in p.items]
    return rng.choice([
        A.KickDoor(actor=pid), A.LootRoom(actor=pid), A.EndTurn(actor=pid), A.KickDoor(actor=pid, resurrect_with=uid),
        A.LookForTrouble(actor=pid, card=uid),
        A.PlayCard(actor=pid, card=uid),
        A.PlayCard(actor=pid, card=uid, target_player=rng.choice(others)),
        A.PlayCard(actor=pid, card=uid, side=rng.choice(["players", "monsters"])),
        A.PlayCard(actor=pid, card=uid, target_monster=rng.choice([*monsters, uid])),
        A.PlayCard(actor=pid, card=uid, target_item=rng.choice([*(i.uid for i in player.items), *player.followers,
                                                                uid])),
        A.PlayCard(actor=pid, card=uid, with_card=rng.choice(mine)),
        A.Equip(actor=pid, card=uid, in_use=rng.random() < 0.5),
        A.Discard(actor=pid, card=uid),
        A.Sell(actor=pid, cards=(uid,)),
        A.OfferTrade(actor=pid, to=rng.choice(others), give=(uid,),
                     want=tuple(rng.sample(theirs, min(1, len(theirs))))),
        A.AskHelp(actor=pid, helper=rng.choice(others), treasures=rng.randint(0, 2)),
        A.OfferHelp(actor=pid),
        A.UseAbility(actor=pid, card=uid, ability=rng.choice(["berserk", "backstab", "charm", "flight", "turning",
                                                               "battle_roll", "steal", "resurrection"]),
                     discard=tuple(player.hand[:1]), target_player=rng.choice([None, *others])),
        A.Sacrifice(actor=pid, card=uid),
        A.Claim(actor=pid, card=uid),
        A.Pass(actor=pid, window=window + rng.randint(-1, 1)),
        A.Decide(actor=pid, decision=decision.id if decision else state.next_id,
                 option=rng.choice([*(decision.options if decision else []), uid, "accept"])),
    ])


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(seed=6250, players=4, steps=200, faster=False, sets=("shakespeare",))   # a big item for a big item
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), steps=st.integers(10, 200), faster=st.booleans(),
       sets=st.sampled_from([("testdeck",), ("cthulhu",), ("impossible",), ("shakespeare",), ("axecop",),
                             ("cthulhu", "axecop"), ("impossible", "shakespeare"),
                             ("cthulhu", "impossible", "shakespeare", "axecop")]))
def test_listed_moves_are_exactly_the_valid_ones(seed, players, steps, faster, sets):
    """Every rulebook's "Spielablauf" (kick the door, fight, help, run, sell, trade, play cards): a move
    is offered exactly when the rules allow it."""
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed, sets=sets,
                        options=Options(faster_play=faster))
    for step in range(steps):
        if state.phase == "over":
            break
        if step % 25 == 0 or (state.combat is not None and rng.random() < 0.2):
            check_state(rules, state, _candidate, FREE_FORM, rng, SAMPLES)
        state, _ = apply(state, agent.choose(all_moves(state), state))
    if state.phase != "over":
        check_state(rules, state, _candidate, FREE_FORM, rng, SAMPLES)


def test_trade_offers_grow_with_the_items_not_their_square():
    """README "Rules notes": trades are listed in a bounded form; six players with 16 items each get at
    most 47 offers to each other player (those the big-item rule allows: each of mine for their first
    item and for their first of the same size, each of theirs for my first), not up to 256."""
    from engine.bench import late_game
    from engine.munchkin.rules import legal_actions

    state = late_game(players=6, items_each=16)
    me = state.players[1]
    offers = [m for m in legal_actions(state, me.id) if isinstance(m, A.OfferTrade)]
    for other in state.players:
        if other.id == me.id:
            continue
        to_them = [m for m in offers if m.to == other.id]
        assert 0 < len(to_them) <= 16 + 15 + 16


def test_trade_offers_made_legal_are_exactly_those_the_checks_allow():
    """Trade offers are listed without trying each one (Cthulhu l.41: one big item per character,
    l.131: items are traded any time outside a combat, l.212): on a late table where several players
    already carry more big items than they may, the listed offers are the candidates that validate."""
    from engine.bench import late_game
    from engine.munchkin import rules

    state = late_game(players=6, items_each=16)
    over = [p for p in state.players if rules._big_room(state, p) < 0]
    assert over                                     # the case where a side may keep, not gain, big items
    for me in state.players:
        listed = [m for m in rules.legal_actions(state, me.id) if isinstance(m, A.OfferTrade)]
        big = {i.uid: state.card(i.uid).big for p in state.players for i in p.items}
        tried = [c for other in state.players if other.id != me.id
                 for give, want in rules._pairs([i.uid for i in me.items], [i.uid for i in other.items], big)
                 for c in [A.OfferTrade(actor=me.id, to=other.id, give=give, want=want)]
                 if rules.is_legal(state, c)]
        assert listed == tried


def test_listed_moves_are_the_models_a_front_end_would_send():
    """legal_actions makes its moves with their plain constructors, unvalidated; each must be the very
    move that parsing its JSON gives (fields of the types validation gives: tuples, not lists; README
    "Rules notes": the table sends listed moves back and compares them with what a player picked), in
    a single set and in a mix with faster play."""
    for seed, players, sets, faster in ((21, 4, ("cthulhu",), False),
                                        (5, 6, ("cthulhu", "impossible", "shakespeare", "axecop"), True)):
        agent = RandomAgent(random.Random(seed))
        state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed, sets=sets,
                            options=Options(faster_play=faster))
        kinds = set()
        for _ in range(400):
            if state.phase == "over":
                break
            moves = all_moves(state)
            for move in moves:
                parsed = A.parse_action(move.model_dump_json())
                assert (parsed, hash(parsed), parsed.model_dump_json(), repr(parsed)) == \
                    (move, hash(move), move.model_dump_json(), repr(move))
                kinds.add(type(move))
            state, _ = apply(state, agent.choose(moves, state))
        assert {A.PlayCard, A.Discard, A.Decide, A.OfferTrade, A.EndTurn} <= kinds


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), steps=st.integers(10, 200), faster=st.booleans(),
       sets=st.sampled_from([("testdeck",), ("cthulhu",), ("impossible",), ("shakespeare",), ("axecop",),
                             ("cthulhu", "axecop"), ("impossible", "shakespeare"),
                             ("cthulhu", "impossible", "shakespeare", "axecop")]))
def test_all_players_listed_at_once_get_exactly_their_own_lists(seed, players, steps, faster, sets):
    """Every player is offered the same moves, in the same order, whether the table lists all players'
    moves at once (legal_actions_of_all, as the simulator does) or one player's alone: the rules a
    player can act on (every rulebook's "Spielablauf") do not depend on who else is asked."""
    rng = random.Random(seed)
    agent = RandomAgent(rng)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=seed, sets=sets,
                        options=Options(faster_play=faster))
    for _ in range(steps):
        together = rules.legal_actions_of_all(state)
        assert list(together) == [p.id for p in state.players]
        for player in state.players:
            assert together[player.id] == rules.legal_actions(state, player.id)
        if state.phase == "over":
            break
        state, _ = apply(state, agent.choose([m for moves in together.values() for m in moves], state))
