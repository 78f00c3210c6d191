"""The four Munchkin sets as data: counts, the facts the rulebooks and the fact sheet give,
provenance, automation, the host's own card folder, and mixing sets (each set's "Kombiniere")."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from engine.munchkin import actions as A
from engine.munchkin.cards import CardDataError, available_sets, catalog, load_set, use_host_card_dir
from engine.munchkin.rules import new_game
from table.munchkin.describe import describe
from tests.munchkin_helpers import act, game, to_hand, to_table

ROOT = Path(__file__).resolve().parents[1]
FACTS = ROOT / "tests" / "data" / "cthulhu_facts.yaml"   # the real cards' names and numbers, with sources
SETS = ("cthulhu", "impossible", "shakespeare", "axecop")


def copies(cards, **where) -> int:
    return sum(c.count for c in cards.values() if all(getattr(c, k) == v for k, v in where.items()))


@pytest.mark.parametrize("set_key", SETS)
def test_each_set_has_168_cards(set_key):
    """Each rulebook: "Dieses Spiel beinhaltet 168 Karten"."""
    cards, _ = load_set(set_key)
    assert sum(c.count for c in cards.values()) == 168


@pytest.mark.parametrize("set_key", SETS)
def test_at_least_nine_in_ten_cards_are_automated(set_key):
    cards, _ = load_set(set_key)
    automated = sum(c.count for c in cards.values() if c.automated)
    assert automated / 168 >= 0.9


@pytest.mark.parametrize("set_key", SETS)
def test_every_card_says_what_it_does_in_both_languages(set_key):
    """Every card has its rules in our words, German and English: from its data or its own text."""
    cards, _ = load_set(set_key)
    for card in cards.values():
        for lang, own in (("de", card.text_de), ("en", card.text_en)):
            shown = describe(card, lang) + own
            assert shown.strip() or card.kind in ("wandering", "super_munchkin", "half_breed", "level_up"), card.id
        assert bool(card.text_de) == bool(card.text_en), card.id
        if not card.automated:
            assert card.text_de and card.text_en, card.id


@pytest.mark.parametrize("set_key", SETS)
def test_provenance_never_claims_our_cards_as_official(set_key):
    cards, sources = load_set(set_key)
    for card in cards.values():
        assert set(card.provenance.sources) <= set(sources)
        if not card.provenance.sources:
            assert card.provenance.origin == "ours"


def test_cthulhu_names_counts_and_numbers_follow_the_fact_sheet():
    """Every real card is in the set with its English name, count, deck and the numbers a source gives."""
    sheet = yaml.safe_load(FACTS.read_text(encoding="utf-8"))
    cards, _ = load_set("cthulhu")
    for fact in sheet["cards"]:
        card = cards[fact["id"].replace("-", "_")]
        assert (card.name_en, card.count, card.deck) == (fact["name_en"], fact["count"], fact["deck"])
        if fact.get("name_de"):
            assert card.name_de == fact["name_de"] and "name_de" not in card.provenance.ours
        else:
            assert "name_de" in card.provenance.ours
        for field in ("level", "treasures"):
            if fact.get(field) is not None and card.kind == "monster":
                assert getattr(card, field) == fact[field], (card.id, field)
        if fact.get("value") and card.kind == "item":
            assert card.value == fact["value"], card.id
        if fact.get("levels_gained"):
            assert card.levels == fact["levels_gained"]
        if any(field in fact.get("unknown", []) for field in ("level", "treasures")):
            assert "numbers" in card.provenance.ours, card.id


def test_cthulhu_classes_include_six_kultisten():
    """Cthulhu "Kultisten": 6 Kultist cards; classes Ermittler, Monsterjäger, Professor, Kultist."""
    cards, _ = load_set("cthulhu")
    classes = {c.name_de: c.count for c in cards.values() if c.kind == "class"}
    assert classes["Kultist"] == 6 and {"Ermittler", "Monsterjäger", "Professor"} <= set(classes)
    assert cards["great_cthulhu"].level == 20
    assert cards["the_cruller_out_of_space"].bonus_vs == {"class:monster_whacker": 6}


def test_impossible_make_up_as_known():
    """Impossible: 37 monsters by level, 12 loyalty cards (3 each), 36 permanent items, 15 one-shots."""
    cards, _ = load_set("impossible")
    levels = Counter()
    for card in cards.values():
        if card.kind == "monster":
            levels[card.level] += card.count
    assert dict(levels) == {1: 5, 2: 5, 4: 4, 6: 4, 8: 4, 10: 3, 12: 3, 14: 3, 16: 3, 18: 2, 20: 1}
    loyalties = {c.name_de: c.count for c in cards.values() if c.kind == "loyalty"}
    assert loyalties == {"Amerikaner": 3, "Brite": 3, "Chinese": 3, "Russe": 3}
    assert copies(cards, kind="item") == 36 and copies(cards, kind="oneshot") == 15
    assert {c.name_de for c in cards.values() if c.kind == "class"} == {"Assassine", "Playboy", "Tourist"}
    assert cards["imp_agent_orange"].bonus_vs == {"loyalty:russian": -2}
    assert cards["imp_v_ant_man"].bonus_vs == {"loyalty:russian": 2}
    assert cards["imp_american_pie"].usable_by == ("loyalty:american",)
    assert cards["imp_flying_car"].slot == "vehicle"
    assert "undead" in cards["imp_professor_moribundy"].traits and "undead" in cards["imp_spuk_spuk"].traits


def test_axecop_make_up_as_known():
    """Axe Cop: 7 powers with two cards each, ranks 2 or 3; classes Cop, Krieger, Soldat, Mann; the
    combat example's cards."""
    cards, _ = load_set("axecop")
    powers = [c for c in cards.values() if c.kind == "power"]
    assert len(powers) == 7 and all(c.count == 2 and c.rank in (2, 3) for c in powers)
    assert {c.name_de for c in cards.values() if c.kind == "class"} == {"Cop", "Krieger", "Soldat", "Mann"}
    kraken = cards["axe_babyhead_kraken"]
    assert (kraken.level, kraken.treasures, kraken.levels) == (18, 4, 2)
    truck = cards["axe_ninja_truck"]
    assert (truck.bonus, truck.treasures) == (10, 2)
    assert {c.name_de: c.bonus for c in cards.values() if c.kind == "ally" and c.provenance.sources} == {
        "Einhorn-Baby": 4, "Wexter": 4, "Graudiamant": 3, "Super-Löwenschwein": 2}
    assert copies(cards, kind="monster") >= 3 and sum(
        c.count for c in cards.values() if "christmas" in c.traits) == 3


def test_shakespeare_make_up_as_known():
    """Shakespeare: races Elf, Zwerg, Halbling; classes Krieger, Zauberer, Dieb, Priester (and Barde);
    Lady Macbeth 20 / 5 treasures / 2 levels."""
    cards, _ = load_set("shakespeare")
    assert {c.name_de for c in cards.values() if c.kind == "race"} == {"Elf", "Zwerg", "Halbling"}
    assert {c.name_de for c in cards.values() if c.kind == "class"} >= {"Krieger", "Zauberer", "Dieb", "Priester"}
    lady = cards["sha_lady_macbeth"]
    assert (lady.level, lady.treasures, lady.levels) == (20, 5, 2)
    assert sum(c.reaches_level_10 for c in cards.values()) == 2


def test_report_prints_one_json_line_with_every_set():
    out = subprocess.run([sys.executable, "-m", "engine.cards", "--json"], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout
    assert len(out.strip().splitlines()) == 1
    report = json.loads(out)
    for key in SETS:
        entry = report[key]
        assert entry["cards"] == 168
        assert entry["official"] + entry["partly_ours"] + entry["ours"] == 168
        assert entry["by_deck"]["door"] + entry["by_deck"]["treasure"] == 168
        assert entry["automated"] == 168 - sum(load_set(key)[0][c].count for c in entry["not_automated"])


# ---------------------------------------------------------------------- the host's own card files
@pytest.fixture
def host_dir(tmp_path):
    yield tmp_path
    use_host_card_dir(None)


def test_a_host_file_corrects_a_card_and_adds_one(host_dir):
    (host_dir / "fix.yaml").write_text(
        "set: cthulhu\ncards:\n"
        "  - {id: chibithulhu, name_de: Chibithulhu, name_en: Chibithulhu, deck: door, kind: monster, level: 3,"
        " treasures: 1, bad_stuff: [{op: lose_levels}]}\n"
        "  - {id: house_monster, name_de: Hausmonster, name_en: House Monster, deck: door, kind: monster, level: 5,"
        " treasures: 2}\n", encoding="utf-8")
    assert use_host_card_dir(host_dir) == {"cthulhu": 2}
    cards = catalog(("cthulhu",))
    assert cards["chibithulhu"].level == 3 and "house_monster" in cards


@pytest.mark.parametrize(("body", "message"), [
    ("set: cthulhu\ncards:\n  - {id: x1, name_de: X, name_en: X, deck: door, kind: monster, level: many}\n",
     "bad.yaml: card x1: field level"),
    ("set: cthulhu\ncards:\n  - {id: x2, name_de: X, name_en: X, deck: attic, kind: monster}\n",
     "bad.yaml: card x2: field deck"),
    ("set: cthulhu\ncards:\n  - {id: x3, name_de: X, name_en: X, deck: door, kind: monster,"
     " provenance: {sources: [nowhere]}}\n", "bad.yaml: card x3: field provenance.sources"),
])
def test_a_bad_host_file_is_refused_at_start_up_naming_file_card_and_field(host_dir, body, message):
    (host_dir / "bad.yaml").write_text(body, encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        use_host_card_dir(host_dir)
    assert message in str(err.value) and "?:" not in str(err.value)


def test_a_host_yml_file_is_used_like_a_yaml_file(host_dir):
    (host_dir / "fix.yml").write_text(
        "set: cthulhu\ncards:\n  - {id: chibithulhu, name_de: Chibithulhu, name_en: Chibithulhu, deck: door,"
        " kind: monster, level: 4, treasures: 1}\n", encoding="utf-8")
    assert use_host_card_dir(host_dir) == {"cthulhu": 1}
    assert catalog(("cthulhu",))["chibithulhu"].level == 4


@pytest.mark.parametrize(("body", "message"), [
    ("set: cthulhu\ncards:\n  - {id: x5, name_de: Gr\xfcn, name_en: X, deck: door, kind: monster}\n".encode("latin-1"),
     "bad.yaml: line 3, card x5, field name_de: not UTF-8 text (byte"),
    (b"set: cthulhu\ncards:\n  - {id: x6, name_de: X, name_en: X, deck: door, kind: monster,"
     b" bad_stuff: [{op: handler, handler: lose_evrything}]}\n",
     "bad.yaml: card x6: field bad_stuff.0.handler: unknown handler 'lose_evrything'"),
    (b"set: cthulhu\ncards:\n  - {id: x7, name_de: X, name_en: X, deck: door, kind: class, abilities: [flyy]}\n",
     "bad.yaml: card x7: field abilities.0: unknown ability 'flyy'"),
    (b"set: Meins\ncards: []\n", "bad.yaml: field set: "),
    (b"set: cthulhu\ncards:\n  - {id: x8, name_de: X, name_en: X, deck: door, kind: monster, level: [}\n",
     "bad.yaml: line 3, card x8, field level: not valid YAML"),
    (b"set: cthulhu\ncards:\n  - {name_de: X, name_en: X, deck: door, kind: monster}\n",
     "bad.yaml: card #1: field id: "),
    (b"- just\n- a list\n", "bad.yaml: the file as a whole: "),
])
def test_a_host_file_with_bad_text_or_unknown_names_is_refused(host_dir, body, message):
    """Issue #34, point 3: the message names the file, the card and the field where they can be found,
    and never stands in a "?" for them."""
    (host_dir / "bad.yaml").write_bytes(body)
    with pytest.raises(CardDataError) as err:
        use_host_card_dir(host_dir)
    assert message in str(err.value) and "?:" not in str(err.value)


def test_a_new_host_set_reusing_another_sets_card_id_is_refused_and_not_used(host_dir):
    """Any sets can be mixed (Cthulhu rulebook line 35, "Kombiniere dieses Spiel …"), so one id cannot
    stand for two cards."""
    (host_dir / "mine.yml").write_text(
        "set: mine\ncards:\n  - {id: own_monster, name_de: M, name_en: M, deck: door, kind: monster, level: 2}\n"
        "  - {id: chibithulhu, name_de: C, name_en: C, deck: door, kind: monster, level: 2}\n", encoding="utf-8")
    with pytest.raises(CardDataError) as err:
        use_host_card_dir(host_dir)
    assert "mine.yml: card chibithulhu: field id: also a card of set cthulhu (cthulhu.yaml)" in str(err.value)
    assert "mine" not in available_sets()        # the refused folder is not used afterwards


# ---------------------------------------------------------------------- mixing sets
def test_sets_mix_into_one_door_and_one_treasure_deck_with_faster_play():
    """Kombiniere: shuffle the decks together and use the faster-play rules."""
    state, _ = new_game([("a", "A"), ("b", "B"), ("c", "C")], seed=2, sets=("cthulhu", "axecop"))
    total = len(state.card_ids)
    assert total == 336
    assert state.options.faster_play
    sets = {state.card_ids[u].split("_")[0] == "axe" for u in state.door_deck}
    assert sets == {True, False}


def test_all_four_sets_mix_without_clashing_ids():
    assert len(catalog(SETS)) == sum(len(load_set(s)[0]) for s in SETS)


def test_in_a_mix_traps_and_curses_are_one_type():
    """Kombiniere (Impossible): a reference to a trap means a curse too, and back."""
    state = game(sets=("cthulhu", "impossible"))
    trap = to_table(state, "anna", "imp_trap_laser")
    curse = to_table(state, "anna", "curse_flashlight_goes_out")
    ring = to_hand(state, "anna", "wishing_ring")          # Cthulhu: cancel a curse
    state, _ = act(state, A.PlayCard(actor="anna", card=ring))
    from tests.munchkin_helpers import decide

    state, _ = decide(state, "anna", "choose_loss", trap)
    assert state.player("anna").curses == [curse]


def test_in_a_mix_hirelings_and_allies_are_one_kind_of_follower():
    """Kombiniere: hirelings and the like are the same class of follower; a card affecting one
    affects all (and the Cop's allowance covers a hireling too)."""
    state = game(sets=("impossible", "axecop"))
    hireling = to_table(state, "anna", "imp_bodyguard")
    ally = to_hand(state, "anna", "axe_wexter")
    from engine.core.errors import IllegalAction

    with pytest.raises(IllegalAction):
        act(state, A.PlayCard(actor="anna", card=ally))
    to_table(state, "anna", "axe_cop")
    state, _ = act(state, A.PlayCard(actor="anna", card=ally))
    curse = to_hand(state, "ben", "axe_lose_ally")
    state, _ = act(state, A.PlayCard(actor="ben", card=curse, target_player="anna"))
    from tests.munchkin_helpers import decision

    assert set(decision(state, "anna", "choose_loss").options) == {hireling, ally}
