"""Smash Up – Munchkin (rulebook: "Spielvorbereitung", "Prügeln wir uns nach Regeln!", "So läuft
dein Spielzug ab", "Monster und Schätze", "Die große Wertung", "Nur Unentschieden?", "Aus und
vorbei!", "Begriffe und Beschränkungen") and the card effects the engine plays."""

from __future__ import annotations

import random

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.cards import data
from engine.smashup.invariants import violations
from engine.smashup.listing import legal_actions
from engine.smashup.power import breakpoint_of, places, power_at
from engine.smashup.report import smashup_report
from engine.smashup.rules import apply, new_game
from engine.smashup.state import Minion

PLAYERS = [("anna", "Anna"), ("ben", "Ben"), ("cleo", "Cleo")]


def drafted(picks: dict[str, list[str]] | None = None, seed: int = 1, players=PLAYERS):
    """A game after the draft; ``picks`` says who takes which factions (else the first offered)."""
    state, _ = new_game(players, seed=seed)
    while state.draft is not None:
        pid = state.draft.order[state.draft.next]
        wanted = (picks or {}).get(pid, [])
        faction = next((f for f in wanted if f in state.draft.offered), state.draft.offered[0])
        state, _ = apply(state, A.PickFaction(actor=pid, faction=faction))
    return state


def take(state, design: str, player: str) -> str:
    """Move a copy of a faction card (or treasure) into a player's hand from wherever it waits."""
    seat = state.player(player)
    for uid in seat.hand:
        if state.card_ids[uid] == design:
            return uid
    for pile in (seat.deck, seat.discard, state.treasure_deck, state.treasure_discard):
        for uid in pile:
            if state.card_ids[uid] == design:
                pile.remove(uid)
                seat.hand.append(uid)
                return uid
    raise LookupError(design)


def put_minion(state, design: str, player: str, base_index: int, power_bonus: int = 0) -> str:
    uid = take(state, design, player)
    state.player(player).hand.remove(uid)
    state.bases[base_index].minions.append(Minion(uid=uid, owner=player, controller=player, counters=power_bonus))
    return uid


def clear_monsters(state):
    for base in state.bases:
        for monster in list(base.monsters):
            base.monsters.remove(monster)
            state.monster_discard.append(monster.uid)


def active(state) -> str:
    return state.active_player.id


# ---------------------------------------------------------------------- data
def test_card_data_counts_and_report():
    """Spielmaterial: 160 faction cards (8 × 20), 20 monsters, 22 treasures, 16 bases."""
    report = smashup_report()
    assert (report["faction_cards"], report["bases"], report["monsters"], report["treasures"]) == (160, 16, 20, 22)
    assert report["factions"] == 8 and report["cards"] == 218
    assert report["official"] + report["partly_ours"] + report["ours"] == 218
    by_faction = {}
    for card in data().cards:
        by_faction[card.faction] = by_faction.get(card.faction, 0) + card.count
    assert set(by_faction.values()) == {20}


def test_rulebook_german_names_are_kept():
    names = {c.id: c.name_de for c in (*data().cards, *data().monsters, *data().treasures, *data().bases)}
    assert names["orcs-topper-chopper"] == "Schädelspalter" and names["monster-web-troll"] == "Netz-Troll"
    assert names["base-treehouse"] == "Baumhaus" and names["treasure-tiger-steed"] == "Tiger-Ross"


# ---------------------------------------------------------------------- setup
def test_draft_goes_round_and_back():
    """Prügeln wir uns nach Regeln!: the start player picks, then clockwise; the last player picks
    the second faction at once and the order goes back."""
    state, _ = new_game(PLAYERS, seed=4)
    order = state.draft.order
    assert order[:3] == order[3:][::-1] and order[0] == active(state)
    assert len(state.draft.offered) == 8


def test_a_faction_is_picked_once_and_only_in_turn():
    state, _ = new_game(PLAYERS, seed=4)
    first, second = state.draft.order[0], state.draft.order[1]
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PickFaction(actor=second, faction="orcs"))
    assert err.value.code == "not_your_pick"
    state, _ = apply(state, A.PickFaction(actor=first, faction="orcs"))
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PickFaction(actor=second, faction="orcs"))
    assert err.value.code == "faction_not_offered"


def test_setup_after_the_draft():
    """Spielvorbereitung: 40-card decks, one base per player plus one with their monsters, 5 cards."""
    state = drafted()
    assert len(state.bases) == 4
    for base in state.bases:         # Web Troll may bring more; Whack-A-Ghoul sends undead away
        if state.card(base.uid).id != "base-whack-a-ghoul":
            assert len(base.monsters) >= state.card(base.uid).monsters
    for seat in state.players:
        assert len(seat.factions) == 2
        assert len(seat.deck) + len(seat.hand) + len(seat.discard) == 40
        assert len(seat.hand) == 5
    assert violations(state) == []


def test_a_hand_without_minions_is_drawn_anew():
    """Spielvorbereitung: no minion among the 5 cards: show them, discard them, draw 5 and keep them."""
    for seed in range(1, 200):
        state, _ = new_game(PLAYERS, seed=seed)
        events = []
        while state.draft is not None:
            pid = state.draft.order[state.draft.next]
            state, new = apply(state, A.PickFaction(actor=pid, faction=state.draft.offered[0]))
            events += new
        mulligans = [e for e in events if e.kind == "mulligan"]
        if mulligans:
            player = state.player(mulligans[0].params["player"])
            assert len(player.discard) == 5 and len(player.hand) == 5
            return
    pytest.fail("no seed with a mulligan")


# ---------------------------------------------------------------------- the turn
def test_one_minion_and_one_action_a_turn():
    """So läuft dein Spielzug ab, 2: up to one minion and one action, in any order."""
    state = drafted({"anna": ["orcs", "warriors"], "ben": ["elves", "mages"], "cleo": ["thieves", "dwarves"]})
    me = active(state)
    minions = [u for u in state.player(me).hand if state.card(u).kind == "minion"]
    while len(minions) < 2:
        minions.append(take(state, "orcs-topper-chopper" if "orcs" in state.player(me).factions
                            else next(c.id for c in data().cards if c.faction == state.player(me).factions[0]
                                      and c.kind == "minion" and not c.effects), me))
    base = state.bases[0].uid
    state, _ = apply(state, A.PlayMinion(actor=me, card=minions[0], base=base,
                                         target=_target_for(state, me, minions[0], base)))
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayMinion(actor=me, card=minions[1], base=base))
    assert err.value.code == "no_minion_play_left"


def _target_for(state, me, uid, base):
    moves = [m for m in legal_actions(state, me) if getattr(m, "card", None) == uid and m.base == base]
    return moves[0].target if moves else None


def test_not_your_turn_changes_nothing():
    state = drafted()
    other = next(p.id for p in state.players if p.id != active(state))
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        apply(state, A.FinishPlaying(actor=other))
    assert err.value.code == "not_your_turn" and state.model_dump_json() == before


def test_draw_two_at_the_end_of_the_turn_and_the_next_player_goes():
    """So läuft dein Spielzug ab, 4 and 5: draw 2; then the next player clockwise."""
    state = drafted()
    clear_monsters(state)
    me = active(state)
    hand = len(state.player(me).hand)
    state, _ = apply(state, A.FinishPlaying(actor=me))
    assert len(state.player(me).hand) == hand + 2
    assert active(state) != me and state.phase == "play"


def test_a_hand_over_ten_is_discarded_down():
    """So läuft dein Spielzug ab, 4: at most 10 cards after drawing."""
    state = drafted()
    clear_monsters(state)
    me = active(state)
    seat = state.player(me)
    while len(seat.hand) < 10:
        seat.hand.append(seat.deck.pop())
    state, _ = apply(state, A.FinishPlaying(actor=me))
    assert len(state.player(me).hand) == 12
    with pytest.raises(IllegalAction):
        apply(state, A.DiscardDown(actor=me, cards=tuple(state.player(me).hand[:1])))
    state, _ = apply(state, A.DiscardDown(actor=me, cards=tuple(state.player(me).hand[:2])))
    assert len(state.player(me).hand) == 10 and active(state) != me


# ---------------------------------------------------------------------- monsters and scoring
def test_monsters_raise_the_breakpoint_and_add_nothing_to_anyones_power():
    """Monster und Schätze: an uncontrolled monster's power raises its base's breakpoint."""
    state = drafted()
    base = state.bases[0]
    printed = state.card(base.uid).breakpoint
    monsters = sum(state.card(m.uid).power for m in base.monsters)
    assert breakpoint_of(state, base) == printed + monsters
    assert all(power_at(state, base, p.id) == 0 for p in state.players)


def test_places_with_ties_share_and_skip():
    """Nur Unentschieden?: 10, 10 and 5 give two firsts and a third, no second."""
    state = drafted()
    base = state.bases[0]
    for pid, bonus in (("anna", 10), ("ben", 10), ("cleo", 5)):
        seat = state.player(pid)
        uid = next(u for u in seat.deck if state.card(u).kind == "minion" and state.card(u).power == 2)
        put_minion(state, state.card_ids[uid], pid, 0, power_bonus=bonus)
    assert [power_at(state, base, pid) for pid in ("anna", "ben", "cleo")] == [12, 12, 7]
    assert places(state, base) == {"anna": 1, "ben": 1, "cleo": 3}


def _fill_to_breakpoint(state, player: str, base_index: int) -> str:
    base = state.bases[base_index]
    need = breakpoint_of(state, base)
    seat = state.player(player)
    uid = next(u for u in [*seat.deck, *seat.discard] if state.card(u).kind == "minion")
    design = state.card_ids[uid]
    return put_minion(state, design, player, base_index, power_bonus=need)


def test_a_base_at_its_breakpoint_scores_vp_by_place_and_a_new_base_comes():
    """Die große Wertung, steps 1-9: VP for the places, cards to their owners' piles, base to its pile,
    a new base with its monsters."""
    state = drafted()
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    me = active(state)
    scored = state.bases[0].uid
    vp = state.card(scored).vp
    uid = _fill_to_breakpoint(state, me, 0)
    state, events = apply(state, A.FinishPlaying(actor=me))
    assert "base_scored" in [e.kind for e in events]
    assert state.player(me).vp == vp[0]
    assert scored in state.base_discard and len(state.bases) == 4
    assert uid in state.player(me).discard
    assert violations(state) == []


def test_no_minion_no_vp_and_no_loot():
    """Die große Wertung: at least one minion at the base to get VP or loot."""
    state = drafted()
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    me = active(state)
    _fill_to_breakpoint(state, me, 0)
    others = {p.id: p.vp for p in state.players if p.id != me}
    state, _ = apply(state, A.FinishPlaying(actor=me))
    assert {p.id: p.vp for p in state.players if p.id != me} == others


def test_loot_goes_round_by_power_with_ties_in_seat_order():
    """Beute verteilen: highest power first, one treasure each in turn; ties from the active player."""
    state = drafted(seed=2)
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    base = state.bases[0]
    clear_monsters(state)
    for _ in range(2):
        monster = next(u for u in state.monster_discard + state.monster_deck
                       if state.card(u).treasures >= 2 and u not in [m.uid for m in base.monsters])
        (state.monster_discard if monster in state.monster_discard else state.monster_deck).remove(monster)
        base.monsters.append(Minion(uid=monster))
    loot = sum(state.card(m.uid).treasures for m in base.monsters)
    me = active(state)
    other = next(p.id for p in state.players if p.id != me)
    _fill_to_breakpoint(state, me, 0)
    put_minion(state, next(c.id for c in data().cards if c.faction == state.player(other).factions[0]
                           and c.kind == "minion"), other, 0)
    hands = {p.id: len(p.hand) for p in state.players}
    state, events = apply(state, A.FinishPlaying(actor=me))
    state, taken = take_loot_in_turn(state, events)
    assert len(taken) == loot and taken[0] == me and taken[1] == other
    assert state.player(other).hand.__len__() >= hands[other] + loot // 2


def take_loot_in_turn(state, events):
    """Each loot pick answered with the last card revealed; returns the state and who took, in order."""
    taken = [e.params["player"] for e in events if e.kind == "loot_taken"]
    while (pick := next((d for d in state.decisions if d.kind == "loot_pick"), None)) is not None:
        state, events = apply(state, A.Choose(actor=pick.player, decision=pick.id, option=pick.options[-1]))
        taken += [e.params["player"] for e in events if e.kind == "loot_taken"]
    return state, taken


def test_the_active_player_orders_several_scorings():
    """Die große Wertung, step 2: with several bases ready the active player picks one first."""
    state = drafted()
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    me = active(state)
    _fill_to_breakpoint(state, me, 0)
    _fill_to_breakpoint(state, me, 1)
    second = state.bases[1].uid
    state, _ = apply(state, A.FinishPlaying(actor=me))
    choice = next(d for d in state.decisions if d.kind == "score_first")
    assert choice.player == me and len(choice.options) == 2
    state, events = apply(state, A.ScoreFirst(actor=me, base=second))
    scored = [e.params["base"] for e in events if e.kind == "base_scored"]
    while (pick := next((d for d in state.decisions if d.kind == "loot_pick"), None)) is not None:
        state, events = apply(state, A.Timeout(actor=A.SYSTEM, decision=pick.id))
        scored += [e.params["base"] for e in events if e.kind == "base_scored"]
    assert scored[0] == state.card_ids[second] and len(scored) == 2


def test_specials_round_waits_for_whoever_holds_one():
    """Ich zuerst!: from the active player round the table; one who holds a Special must say so."""
    state = drafted({"anna": ["orcs", "clerics"], "ben": ["elves", "mages"], "cleo": ["thieves", "dwarves"]})
    for seat in state.players:
        seat.hand = [u for u in seat.hand if "special" not in state.card(u).keywords]
    me = active(state)
    holder = "anna"
    special = take(state, "treasure-dungeon-rule-book", holder)
    _fill_to_breakpoint(state, me, 0)
    state, events = apply(state, A.FinishPlaying(actor=me))
    assert state.scoring is not None and "base_scores_soon" in [e.kind for e in events]
    with pytest.raises(IllegalAction):
        apply(state, A.PassSpecial(actor=next(p.id for p in state.players if p.id != holder),
                                   window=state.scoring.window))
    state, events = apply(state, A.PlaySpecial(actor=holder, card=special))
    assert "special_played" in [e.kind for e in events] and "base_scored" in [e.kind for e in events]
    assert special in state.treasure_discard


def test_the_game_ends_at_fifteen_with_the_most_vp_and_a_tie_plays_on():
    """Aus und vorbei!: 15 VP or more at the end of a turn: the most VP wins; a tie plays on."""
    state = drafted()
    clear_monsters(state)
    me = active(state)
    for seat in state.players:
        seat.vp = 15
    state, events = apply(state, A.FinishPlaying(actor=me))
    assert state.phase == "play"
    state.player(active(state)).vp = 16
    state, events = apply(state, A.FinishPlaying(actor=active(state)))
    assert state.phase == "over" and len(state.winners) == 1 and "game_won" in [e.kind for e in events]


# ---------------------------------------------------------------------- card effects
def test_destroying_a_monster_gives_its_treasures_to_the_destroyer():
    """Monster und Schätze: a destroyed monster's treasures go to whoever controls the effect."""
    state = drafted({"anna": ["clerics", "orcs"], "ben": ["elves", "mages"], "cleo": ["thieves", "dwarves"]})
    state.active = [p.id for p in state.players].index("anna")
    state.player("anna").minions_left = 1
    clear_monsters(state)
    base = state.bases[0]
    pool = state.monster_discard + state.monster_deck
    ghoul = next(u for u in pool if state.card(u).undead and state.card_ids[u] != "monster-ghoul")
    (state.monster_discard if ghoul in state.monster_discard else state.monster_deck).remove(ghoul)
    base.monsters.append(Minion(uid=ghoul))
    turner = take(state, "clerics-turner", "anna")
    hand = len(state.player("anna").hand)
    state, events = apply(state, A.PlayMinion(actor="anna", card=turner, base=base.uid, target=ghoul))
    assert "destroyed" in [e.kind for e in events]
    assert ghoul in state.monster_discard
    assert len(state.player("anna").hand) == hand - 1 + state.card(ghoul).treasures


def test_a_card_that_must_pick_a_target_is_refused_without_one():
    state = drafted({"anna": ["orcs", "clerics"], "ben": ["elves", "mages"], "cleo": ["thieves", "dwarves"]})
    state.active = [p.id for p in state.players].index("anna")
    state.player("anna").minions_left = 2
    state.silenced += [b.uid for b in state.bases]     # the bases' own abilities rest for this test
    put_minion(state, "elves-elf-help-guru", "ben", 1)
    slammer = take(state, "orcs-hammer-slammer", "anna")
    before = state.model_dump_json()
    with pytest.raises(IllegalAction) as err:
        apply(state, A.PlayMinion(actor="anna", card=slammer, base=state.bases[0].uid))
    assert err.value.code == "needs_target" and state.model_dump_json() == before


def test_extra_plays_draws_and_vp():
    state = drafted({"anna": ["halflings", "thieves"], "ben": ["elves", "mages"], "cleo": ["orcs", "dwarves"]})
    state.active = [p.id for p in state.players].index("anna")
    state.player("anna").minions_left, state.player("anna").actions_left = 1, 1
    pestling = take(state, "halflings-pestling", "anna")
    state, _ = apply(state, A.PlayMinion(actor="anna", card=pestling, base=state.bases[0].uid))
    assert state.player("anna").minion_grants == [f"base:{state.bases[0].uid}"]   # an extra minion, there
    swipe = take(state, "thieves-swipe", "anna")
    hand = len(state.player("anna").hand)
    state, _ = apply(state, A.PlayAction(actor="anna", card=swipe))
    assert len(state.player("anna").hand) == hand            # one card played, one treasure drawn
    ring = take(state, "treasure-wishing-ring", "anna")
    state.player("anna").actions_left = 1
    state, _ = apply(state, A.PlayAction(actor="anna", card=ring))
    assert state.player("anna").vp == 1 and state.treasure_deck[0] == ring


def test_power_until_end_of_turn_and_attached_power():
    state = drafted({"anna": ["warriors", "clerics"], "ben": ["elves", "mages"], "cleo": ["orcs", "dwarves"]})
    state.active = [p.id for p in state.players].index("anna")
    base = state.bases[0]
    minion = put_minion(state, "warriors-taunter", "anna", 0)
    before = power_at(state, base, "anna")
    state.player("anna").actions_left = 2
    state, _ = apply(state, A.PlayAction(actor="anna", card=take(state, "warriors-dumbbells", "anna"), target=minion))
    state, _ = apply(state, A.PlayAction(actor="anna", card=take(state, "clerics-join-the-club", "anna"),
                                         base=base.uid))
    assert power_at(state, state.bases[0], "anna") == before + 3 + 1
    clear_monsters(state)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    assert power_at(state, state.bases[0], "anna") == before + 3


def test_unautomated_cards_say_so(monkeypatch):
    """Standards: a card the engine cannot play yet says so when played (every card of the set is
    played by the engine now: one is marked as not played here)."""
    from tests.smashup_helpers import redesign

    redesign(monkeypatch, "orcs-stalling", manual=True)
    state = drafted({"anna": ["orcs", "thieves"], "ben": ["elves", "mages"], "cleo": ["halflings", "clerics"]})
    state.active = [p.id for p in state.players].index("anna")
    state.player("anna").actions_left = 1
    stalling = take(state, "orcs-stalling", "anna")
    before = state.model_dump_json()
    state, events = apply(state, A.PlayAction(actor="anna", card=stalling, base=state.bases[0].uid))
    assert "card_not_automated" in [e.kind for e in events] and state.model_dump_json() != before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    rng = random.Random(players)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(players)], seed=players * 7)
    for _ in range(400):
        if state.phase == "over":
            break
        moves = [m for p in state.players for m in legal_actions(state, p.id)]
        assert moves, "stuck"
        state, events = apply(state, rng.choice(moves))
        assert violations(state, events) == []


# ---------------------------------------------------------------------- terms ("Begriffe und Beschränkungen")
def test_power_never_goes_below_zero():
    """Stärke: a minion's power cannot be below 0."""
    from engine.smashup.power import minion_power

    state = drafted()
    uid = put_minion(state, next(state.card_ids[u] for u in state.player("anna").deck
                                 if state.card(u).kind == "minion"), "anna", 0)
    minion = next(m for m in state.bases[0].minions if m.uid == uid)
    minion.until_end_of_turn = -20
    assert minion_power(state, state.bases[0], minion) == 0


def test_destroyed_cards_go_to_their_owners_pile_monsters_and_treasures_to_theirs():
    """Zerstören / Ablegen / Besitzer: a card goes to its owner's discard pile whoever played it;
    monsters and treasures have no owner and go to their own piles."""
    from engine.smashup.hooks import destroy
    from engine.smashup.tx import Tx

    state = drafted()
    uid = put_minion(state, next(state.card_ids[u] for u in state.player("ben").deck
                                 if state.card(u).kind == "minion"), "ben", 0)
    minion = next(m for m in state.bases[0].minions if m.uid == uid)
    minion.controller = "anna"                          # under someone else's control
    treasure = next(u for u in state.treasure_deck)
    state.treasure_deck.remove(treasure)
    minion.attached.append(treasure)
    tx = Tx(state)
    destroy(tx, uid, "cleo")
    assert uid in state.player("ben").discard and treasure in state.treasure_discard
    monster = next(m.uid for b in state.bases for m in b.monsters if state.card_ids[m.uid] != "monster-ghoul")
    destroy(tx, monster, "cleo")
    assert monster in state.monster_discard


def test_abilities_that_last_until_the_end_of_the_turn_end_with_it():
    """Dauerhaft / "bis zum Ende des Zugs": a turn's power change is gone at the end of the turn."""
    state = drafted()
    clear_monsters(state)
    me = active(state)
    uid = put_minion(state, next(state.card_ids[u] for u in state.player(me).deck
                                 if state.card(u).kind == "minion"), me, 0)
    minion = next(m for m in state.bases[0].minions if m.uid == uid)
    minion.until_end_of_turn = 3
    state, _ = apply(state, A.FinishPlaying(actor=me))
    assert next(m for m in state.bases[0].minions if m.uid == uid).until_end_of_turn == 0


def test_monsters_are_never_played_from_a_hand():
    """Monster und Schätze: monsters come from the monster deck only."""
    state = drafted()
    me = active(state)
    assert all(not state.card_ids[u].startswith("monster-") for u in state.player(me).hand)
    played = [state.card_ids[m.card] for m in legal_actions(state, me) if hasattr(m, "card")]
    assert played and all(not design.startswith("monster-") for design in played)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_players_leaving_and_deadlines_keep_every_invariant(seed):
    """Leaving a running game and the table's defaults for passed deadlines change nothing else."""
    rng = random.Random(seed)
    state, _ = new_game([(f"p{i}", f"P{i}") for i in range(4)], seed=seed)
    from engine.smashup.rules import open_prompts, timeout_for

    for step in range(300):
        if state.phase == "over":
            break
        roll = rng.random()
        if roll < 0.01:
            move = A.Leave(actor=rng.choice(state.players).id)
        elif roll < 0.2:
            target, _players = rng.choice(open_prompts(state))
            move = timeout_for(target)
            try:
                state, events = apply(state, move)
            except IllegalAction:
                continue
            assert violations(state, events) == []
            continue
        else:
            move = rng.choice([m for p in state.players for m in legal_actions(state, p.id)])
        state, events = apply(state, move)
        assert violations(state, events) == [], (step, move)
