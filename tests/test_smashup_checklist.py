"""Smash Up – Munchkin: the rule checklist (docs/rules/smash-up-munchkin.md) names a test for each
rule, and the rules it listed as implemented without a test are tested here. Line numbers are those
of the German rulebook text (smash-up-munchkin.de.txt)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction
from engine.smashup import actions as A
from engine.smashup.cards import card_tests, designs
from engine.smashup.hooks import play_monster
from engine.smashup.power import minion_power
from engine.smashup.rules import apply, new_game
from engine.smashup.tx import Tx
from tests.test_smashup import PLAYERS, _fill_to_breakpoint, drafted, put_minion, take, take_loot_in_turn
from tests.test_smashup_cards import CLERICS, _attach_treasure, add_monster, answer, game_for, kinds, play, set_base

ROOT = Path(__file__).resolve().parents[1]
CHECKLIST = ROOT / "docs" / "rules" / "smash-up-munchkin.md"
STATUSES = {"done", "open", "n/a"}


def checklist_rows() -> list[dict[str, str]]:
    """The table rows of the checklist: id, rule, line, status, tests."""
    rows = []
    for line in CHECKLIST.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"[A-Z]+\d+", cells[0]):
            rows.append(dict(zip(("id", "rule", "line", "status", "tests"), cells, strict=True)))
    return rows


def named_tests() -> set[str]:
    names = set()
    for path in (ROOT / "tests").glob("test_*.py"):
        names |= set(re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"), re.M))
    return names


def test_every_rule_of_the_checklist_names_a_test_that_exists():
    """Each rule the checklist lists as done names at least one test, and each test named exists."""
    rows = checklist_rows()
    assert len(rows) > 60
    existing = named_tests()
    for row in rows:
        assert row["status"] in STATUSES, row
        assert re.fullmatch(r"\d+(-\d+)?(, \d+(-\d+)?)*", row["line"]), row
        named = re.findall(r"test_\w+", row["tests"])
        if row["status"] == "done":
            assert named, f"{row['id']} names no test"
        missing = [n for n in named if n not in existing]
        assert not missing, f"{row['id']} names tests that do not exist: {missing}"


def without_specials(state):
    for seat in state.players:
        specials = [u for u in seat.hand if "special" in state.card(u).keywords]
        seat.hand = [u for u in seat.hand if u not in specials]
        seat.discard.extend(specials)
    return state


# ---------------------------------------------------------------------- set-up (lines 7, 40, 46)
def test_two_to_four_players():
    """Line 7: 2 to 4 players; 1 or 5 are refused."""
    for count in (1, 5):
        with pytest.raises(IllegalAction) as err:
            new_game([(f"p{i}", f"P{i}") for i in range(count)], seed=1)
        assert err.value.code == "player_count"
    for count in (2, 4):
        state, _ = new_game([(f"p{i}", f"P{i}") for i in range(count)], seed=1)
        assert len(state.players) == count


def test_bases_monsters_and_treasures_are_three_separate_shuffled_decks():
    """Line 40: bases, treasures and monsters are shuffled into separate decks."""
    state, _ = new_game(PLAYERS, seed=3)
    other, _ = new_game(PLAYERS, seed=4)
    for deck, prefix in (("base_deck", "base-"), ("monster_deck", "monster-"), ("treasure_deck", "treasure-")):
        cards = getattr(state, deck)
        assert cards and all(state.card_ids[u].startswith(prefix) for u in cards)
        assert cards != getattr(other, deck)             # shuffled: another seed, another order


def test_the_start_player_is_random_and_play_goes_clockwise_from_them():
    """Line 46: any start player; the draft and the turns go clockwise from them."""
    starts = set()
    for seed in range(1, 12):
        state, _ = new_game(PLAYERS, seed=seed)
        first = state.draft.order[0]
        starts.add(first)
        ids = [p.id for p in state.players]
        assert state.draft.order[:3] == ids[ids.index(first):] + ids[:ids.index(first)]
    assert len(starts) > 1
    state = drafted(seed=5)
    assert state.active_player.id == new_game(PLAYERS, seed=5)[0].draft.order[0]


# ---------------------------------------------------------------------- the turn (lines 96, 108)
def test_an_empty_deck_is_the_shuffled_discard_pile():
    """Line 96: with the deck empty, the discard pile is shuffled to make a new deck."""
    state = drafted()
    seat = state.player("anna")
    pile = seat.deck[:3]
    seat.deck.clear()
    seat.discard = list(pile)
    tx = Tx(state)
    got = tx.draw("anna", 2)
    assert set(got) <= set(pile) and len(got) == 2 and seat.discard == [] and len(seat.deck) == 1


def test_a_minion_moved_to_a_base_is_not_played_there():
    """Lines 108 and 330: moving is not playing, so "after you play a minion here" does not fire
    (Dogpile moves a minion to the Treasure Bath: no treasure)."""
    state = game_for()
    set_base(state, 0, "base-treasure-bath")
    put_minion(state, "orcs-dork-orc", "anna", 0)
    put_minion(state, "orcs-dork-orc", "anna", 0)
    moved = put_minion(state, "orcs-dork-orc", "anna", 1)
    dogpile = take(state, "orcs-dogpile", "anna")
    hand = len(state.player("anna").hand)
    state, events = apply(state, A.PlayAction(actor="anna", card=dogpile, base=state.bases[0].uid, target=moved))
    assert any(m.uid == moved for m in state.bases[0].minions)
    assert "treasures_drawn" not in kinds(events) and len(state.player("anna").hand) == hand - 1


# ---------------------------------------------------------------------- scoring (lines 204, 244)
def test_a_base_scores_even_when_a_special_drops_it_below_its_breakpoint():
    """Line 204: once a base is to score, it scores even if its total falls below the breakpoint
    before (the Hippogriff takes a minion)."""
    state = without_specials(game_for())
    add_monster(state, 0, "monster-hippogriff")
    put_minion(state, "warriors-taunter", "ben", 0)
    _fill_to_breakpoint(state, "anna", 0)
    base = state.bases[0].uid
    state, events = apply(state, A.FinishPlaying(actor="anna"))
    scored = next(e for e in events if e.kind == "base_scored")
    assert scored.params["base"] == "base-dimension-doors" and base not in [b.uid for b in state.bases]


def test_players_tied_for_a_base_ability_all_use_it():
    """Line 244: players tied on a base ability's condition all use it: two winners of King Tut's base
    both discard a card."""
    state = without_specials(game_for())
    add_monster(state, 0, "monster-king-tut")
    _fill_to_breakpoint(state, "anna", 0)
    power = minion_power(state, state.bases[0], state.bases[0].minions[-1])
    put_minion(state, "warriors-taunter", "ben", 0, power_bonus=power - 2)      # as strong as Anna there
    state, events = apply(state, A.FinishPlaying(actor="anna"))
    state, _ = take_loot_in_turn(state, events)
    assert {d.player for d in state.decisions if d.kind == "discard_one"} == {"anna", "ben"}


# ---------------------------------------------------------------------- terms (lines 336, 504)
def test_a_minion_returned_to_the_hand_leaves_what_was_played_on_it():
    """Line 336: a card at a base that returns leaves the cards played on it to the discard piles
    (Jetpack takes its minion to the hand; the other card on it is discarded)."""
    state = game_for("ben")
    orc = put_minion(state, "orcs-sword-lord", "anna", 1)
    jetpack = _attach_treasure(state, "treasure-jetpack-of-anachronism", "anna", orc)
    shield = _attach_treasure(state, "warriors-shield-of-ubiquity", "ben", orc)
    tx = Tx(state)
    tx.remove_minion(state.bases[1], state.bases[1].minions[-1])
    assert orc in state.player("anna").hand
    assert shield in state.player("ben").discard and jetpack in state.treasure_discard


def test_monsters_are_no_other_players():
    """Line 504: monsters are not "other players" for players: Helpers' Hollow's +1 for other
    players' minions gives monsters nothing."""
    state = game_for()
    set_base(state, 0, "base-helpers-hollow")
    monster = add_monster(state, 0, "monster-hippogriff")
    base = state.bases[0]
    found = next(m for m in base.monsters if m.uid == monster)
    assert minion_power(state, base, found) == state.card(monster).power
    theirs = put_minion(state, "warriors-taunter", "ben", 0)
    assert minion_power(state, base, next(m for m in base.minions if m.uid == theirs)) == 3


# ---------------------------------------------------------------------- card clarifications
def test_strip_bare_takes_a_treasure_even_from_a_dork_orc():
    """Line 360: taking actions off a minion is no action on it, so a Dork Orc does not stop it."""
    state = game_for("ben")
    orc = put_minion(state, "orcs-dork-orc", "anna", 1)
    treasure = _attach_treasure(state, "treasure-magic-missile", "anna", orc)
    strip = take(state, "thieves-strip-bare", "ben")
    state, _ = apply(state, A.PlayAction(actor="ben", card=strip, target=treasure))
    assert treasure in state.player("ben").hand


def _two_friars_ordered():
    """Two Deep Friars and a Dork Orc of anna's at base 0, scored; anna has put friars[1] first."""
    state = game_for("anna", CLERICS)
    friars = [put_minion(state, "clerics-deep-friar", "anna", 0) for _ in range(2)]
    other = put_minion(state, "orcs-dork-orc", "anna", 0)
    state = without_specials(state)
    _fill_to_breakpoint(state, "anna", 0)
    state, _ = apply(state, A.FinishPlaying(actor="anna"))
    order = next(d for d in state.decisions if d.kind == "order_abilities")      # line 472: Anna orders them
    assert set(order.options) == set(friars)
    return answer(state, "anna", "order_abilities", friars[1]), friars, other


def test_two_deep_friars_at_one_base_are_used_one_after_the_other():
    """Line 396: two Deep Friars at the same base are used one after the other: each may save another
    minion; what the first saved is gone when the second's turn comes."""
    state, friars, other = _two_friars_ordered()
    assert {state.card_ids[f] for f in friars} == {"clerics-deep-friar"}
    move = next(d for d in state.decisions if d.kind == "friar_move")
    assert any(o.startswith(other) for o in move.options) and not any(o.startswith(friars[1]) for o in move.options)
    state = answer(state, "anna", "friar_move", next(o for o in move.options if o.startswith(other)))
    second = next(d for d in state.decisions if d.kind == "friar_move")      # the second friar, after the first
    assert not any(o.startswith(other) or o.startswith(friars[0]) for o in second.options)
    state = answer(state, "anna", "friar_move", "none")
    assert state.scoring is None and any(m.uid == other for b in state.bases for m in b.minions)


def test_two_deep_friars_at_one_base_do_not_save_each_other():
    """Line 396 ("nacheinander, so dass sie sich nicht gegenseitig retten können"): the first Friar
    may save the second; the second has left the scored base and saves nobody, not the first."""
    state, friars, other = _two_friars_ordered()
    assert {state.card_ids[f] for f in friars} == {"clerics-deep-friar"}
    move = next(d for d in state.decisions if d.kind == "friar_move")
    state = answer(state, "anna", "friar_move", next(o for o in move.options if o.startswith(friars[0])))
    assert not any(d.kind == "friar_move" for d in state.decisions) and state.scoring is None
    alive = {m.uid for b in state.bases for m in b.minions}
    assert friars[0] in alive and friars[1] not in alive and other not in alive


def test_plutonium_dragon_discards_the_treasures_of_the_monsters_it_destroys():
    """Lines 403-405: monsters the dragon destroys give their treasures to nobody."""
    state = game_for()
    add_monster(state, 0, "monster-plutonium-dragon")
    weak = next(u for u in state.monster_deck if state.card(u).power <= 2 and state.card(u).treasures)
    state.monster_deck.remove(weak)
    from engine.smashup.state import Minion

    state.bases[0].monsters.append(Minion(uid=weak))
    hands = {p.id: len(p.hand) for p in state.players}
    state, events = apply(state, A.FinishPlaying(actor="anna"))
    assert weak in state.monster_discard or weak in state.monster_deck
    assert "treasures_drawn" not in kinds(events)
    assert len(state.player("ben").hand) == hands["ben"] and len(state.player("cleo").hand) == hands["cleo"]


def test_whack_a_ghoul_sends_undead_under_the_monster_deck_and_does_not_replace_them():
    """Line 417: undead monsters coming to Whack-A-Ghoul go under the monster deck and are not
    replaced, so the base can start without monsters."""
    state = game_for()
    set_base(state, 0, "base-whack-a-ghoul")
    undead = [u for u in state.monster_deck + state.monster_discard if state.card(u).undead]
    for uid in undead:
        (state.monster_deck if uid in state.monster_deck else state.monster_discard).remove(uid)
    state.monster_deck.extend(undead)                      # the top ones are all undead
    tx = Tx(state)
    for _ in undead:
        play_monster(tx, state.bases[0])
    assert state.bases[0].monsters == [] and set(state.monster_deck[:len(undead)]) == set(undead)


def test_dancing_root_is_discarded_after_the_piles_are_shuffled_in():
    """Line 425: Dancing Root acts before it is discarded, so it is not shuffled into the deck."""
    state = game_for("anna", {"anna": ["elves"], "ben": ["warriors"], "cleo": ["halflings"]})
    seat = state.player("anna")
    seat.discard.append(seat.deck.pop())
    (state, _), root = play(state, "anna", "elves-dancing-root")
    assert state.player("anna").discard == [root]
    assert root not in state.player("anna").deck


def test_a_charmed_monster_still_adds_its_treasures_to_the_loot():
    """Line 457: a monster you control at a scoring base still gives its treasures to the loot."""
    state = without_specials(game_for("anna", {"anna": ["mages", "orcs"], "ben": ["warriors"], "cleo": ["halflings"]}))
    monster = add_monster(state, 0, next(state.card_ids[u] for u in state.monster_deck if state.card(u).treasures))
    treasures = state.card(monster).treasures
    charm = take(state, "mages-charm", "anna")
    state, _ = apply(state, A.PlayAction(actor="anna", card=charm, target=monster))
    _fill_to_breakpoint(state, "anna", 0)
    state, events = apply(state, A.FinishPlaying(actor="anna"))
    revealed = next(e for e in events if e.kind == "loot_revealed")
    assert len(revealed.params["cards"]) == treasures


def smashup_test_bodies() -> dict[str, str]:
    """Each test function of the Smash Up test files by name, with its text up to the next function."""
    bodies = {}
    for path in (ROOT / "tests").glob("test_smashup*.py"):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"^def (test_\w+)\(.*?(?=^def |\Z)", text, re.S | re.M):
            bodies[match.group(1)] = match.group(0)
    return bodies


def card_slugs(card_id: str, name_en: str) -> set[str]:
    """How a test's name may name a card: its id without the kind ("holy_roller") or its English name."""
    return {card_id.split("-", 1)[1].replace("-", "_"), re.sub(r"[^a-z0-9]+", "_", name_en.lower()).strip("_")}


def first_test_problem(card_id: str, name_en: str, tests: list[str], firsts: dict[str, list[str]],
                       bodies: dict[str, str]) -> str | None:
    """Why the first test named for a card is not that card's own (None when it is): it must exist,
    name the card in its function name and be no other card's first test."""
    if not tests:
        return "no test"
    first = tests[0]
    if first not in bodies:
        return f"{first} does not exist"
    if not any(slug in first for slug in card_slugs(card_id, name_en)):
        return f"{first} does not name the card"
    if firsts.get(first, [card_id]) != [card_id]:
        return f"{first} is also first for {sorted(set(firsts[first]) - {card_id})}"
    return None


def test_each_card_designs_first_test_is_its_own():
    """Issue #35, point 3: the first test card_tests.yaml names for each of the 142 designs exists,
    names that card and is no other card's first one (a general test may follow it). The check
    refuses the entries as they were before (Holy Roller's deadline test, a test shared by three
    bases)."""
    bodies, entries = smashup_test_bodies(), card_tests()
    firsts: dict[str, list[str]] = {}
    for card_id, tests in entries.items():
        firsts.setdefault(tests[0], []).append(card_id)
    problems = {card_id: first_test_problem(card_id, design.name_en, entries.get(card_id, []), firsts, bodies)
                for card_id, design in designs().items()}
    assert len(designs()) == 142
    assert {card_id: why for card_id, why in problems.items() if why} == {}
    general = "test_a_may_ability_left_unanswered_is_declined_at_the_deadline"
    assert first_test_problem("clerics-holy-roller", "Holy Roller", [general], {}, bodies) is not None
    shared = "test_treasure_bath_mages_tower_and_treehouse"
    assert first_test_problem("base-treasure-bath", "Treasure Bath", [shared],
                              {shared: ["base-treasure-bath", "base-treehouse"]}, bodies) is not None
    assert first_test_problem("base-treasure-bath", "Treasure Bath", ["test_treasure_bath_gone"], {}, bodies)
    assert first_test_problem("base-treasure-bath", "Treasure Bath", [], {}, bodies) == "no test"


def test_a_card_counts_as_played_by_the_engine_only_with_a_test_of_its_ability():
    """`python -m engine.cards` counts a card as automated only when data/smashup/card_tests.yaml names a
    test that exists and plays that card (its id is in the test); every card of the set has one."""
    from engine.smashup.cards import card_tests, data, designs
    from engine.smashup.report import automated, smashup_report
    from engine.smashup.turn import playable

    bodies = smashup_test_bodies()
    for card, tests in card_tests().items():
        assert card in designs(), card
        assert tests and all(f'"{card}"' in bodies.get(name, "") for name in tests), (card, tests)
    report = smashup_report()
    assert report["automated"] == report["cards"] == 218 and report["not_automated"] == []
    everything = [*data().cards, *data().bases, *data().monsters, *data().treasures]
    assert all(automated(card) == (playable(card) and card.id in card_tests()) for card in everything)
