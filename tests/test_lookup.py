"""Rule and card lookups: every rulebook section has a topic in both languages; queries tolerate
typos, umlauts written out and both languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from table.lookup import answer, resolve, rule_files, search
from tests.discord_harness import Harness

SHARED_RULEBOOKS = Path(__file__).resolve().parents[2] / "shared" / "rulebooks"


def test_every_section_of_each_covered_rulebook_has_a_topic_in_both_languages():
    files = rule_files()
    for game, rule_file in files.items():
        for heading, reference in rule_file.sections.items():
            book, topic_id = resolve(game, reference)
            topic = files[book].topics.get(topic_id)
            assert topic is not None, f"{game}: section {heading!r} has no topic"
            assert topic.text.de.strip() and topic.text.en.strip(), f"{game}: {topic_id} lacks a language"
            assert topic.title.de.strip() and topic.title.en.strip()


def _rulebook(name: str) -> str:
    path = SHARED_RULEBOOKS / name
    if not path.exists():
        pytest.skip("the shared rulebooks are not beside this checkout")
    return path.read_text(encoding="utf-8")


def test_axe_cop_headings_match_the_rulebook():
    """The headings kept as data are the rulebook's own (checked against the rulebook when present)."""
    headings = [re.sub(r"^#+\s*", "", line).strip() for line in _rulebook("munchkin-axe-cop.de.txt").splitlines()
                if line.startswith("#")]
    assert set(headings) == set(rule_files()["munchkin-axe-cop"].sections)


RULEBOOKS = {
    "munchkin-cthulhu": ("munchkin-cthulhu.de.txt", ("Kultisten", "Goth-Monster", "SPIELLENDE", "KAMPF", "Tod")),
    "munchkin-impossible": ("munchkin-impossible.de.txt",
                            ("Fallen", "Mietlinge", "TOD", "SCHÄTZE", "Schnelleres Spiel")),
    "munchkin-shakespeare": ("munchkin-shakespeare.de.txt", ("Rassen / Klassen", "Gegenstände", "Spielende", "Tod")),
    "munchkin-axe-cop": ("munchkin-axe-cop.de.txt", ("Kräfte", "Verbündete", "Spielende", "Tod")),
    "smash-up-munchkin": ("smash-up-munchkin.de.txt", ("DIE GROSSE WERTUNG", "Ich zuerst!", "Beute verteilen",
                                                      "Nur Unentschieden?", "BEGRIFFE UND BESCHRÄNKUNGEN")),
}


def test_all_five_rulebooks_have_topics():
    assert set(RULEBOOKS) <= set(rule_files())


@pytest.mark.parametrize("game", sorted(RULEBOOKS))
def test_headings_are_lines_of_their_rulebook(game):
    """Every heading kept as data stands as a line in the rulebook, and the main ones are there."""
    filename, needed = RULEBOOKS[game]
    lines = {line.strip() for line in _rulebook(filename).splitlines()}
    sections = set(rule_files()[game].sections)
    assert {re.sub(r"^#+\s*", "", h) for h in sections} <= {re.sub(r"^#+\s*", "", line) for line in lines}
    assert set(needed) <= sections


def test_a_channels_game_comes_first():
    assert search("spielende", "rule", limit=1, prefer=("munchkin-cthulhu",))[0].key == "munchkin-cthulhu:game-end"
    assert search("kampf", "rule", limit=1)[0].key == "munchkin:combat"


@pytest.mark.parametrize(("query", "expected"), [
    ("Fluch", "Flüche"), ("fluche", "Flüche"), ("curse", "Flüche"), ("Flueche", "Flüche"),
    ("weglaufn", "Verloren: Weglaufen und Schlimme Dinge"), ("run away", "Verloren: Weglaufen und Schlimme Dinge"),
    ("miilde gabe", "Phase 4: Milde Gabe"), ("charity", "Phase 4: Milde Gabe"),
    ("verbuendete", "Verbündete"), ("allies", "Verbündete"), ("Tuer", "Phase 1: Tür eintreten"),
    ("sell", "Gegenstände verkaufen"), ("untote", "Untote Monster"), ("kultisten", "Kultisten"),
    ("cultist", "Kultisten"), ("goth", "Goth-Monster"), ("mietlinge", "Mietlinge"), ("hireling", "Mietlinge"),
    ("loyalitaet", "Loyalitäten, Klassen und Trainings spielen"),
    ("ich zuerst", "Ich zuerst! – Reihenfolge der Extra-Fähigkeiten"),
    ("beute", "Beute verteilen"), ("zerstoerungswert", "Die große Wertung"),
])
def test_rule_queries(query, expected):
    assert search(query, "rule", limit=1)[0].names[0] == expected


@pytest.mark.parametrize(("query", "expected"), [
    ("Schleimling", "Schleimling"), ("slimeling", "Schleimling"), ("schleimlnig", "Schleimling"),
    ("Gluecksring", "Glücksring"), ("lucky ring", "Glücksring"), ("KETTENHEMD", "Kettenhemd"),
])
def test_card_queries(query, expected):
    assert search(query, "card", limit=1)[0].names[0] == expected


def test_answers_cite_their_section_and_show_differences():
    title, body = answer("tod", "rule", "de")
    assert title == "Tod und Leiche plündern" and "„Tod“" in body and "Unterschied zwischen den Sets" in body
    assert "Munchkin Cthulhu" in body and "Munchkin Axe Cop" in body
    title, body = answer("death", "rule", "en")
    assert title == "Death and looting the body" and "Where the sets differ" in body


def test_card_answer_says_whether_the_engine_automates_it():
    assert "selbst aus" in answer("Kanone", "card", "de")[1]
    assert "regelt der Tisch" in answer("Wirrwarr", "card", "de")[1]


async def test_discord_lookup_private_with_a_button_to_show_it(tmp_path):
    h = await Harness(tmp_path).start()
    try:
        choices = await h.autocomplete("111", "regel", "suche", "fluche")
        assert choices and choices[0]["name"] == "Flüche"
        sent = await h.slash_in("111", "regel", suche=choices[0]["value"])
        assert sent[0].ephemeral and "Flüche" in sent[0].text
        show = next(c for c in sent[0].custom_ids() if c.startswith("sl:show:"))
        shown = await h.click("111", show)
        assert shown and not shown[0].ephemeral and "Flüche" in shown[0].text
        in_dm = await h.slash_in("111", "karte", in_dm=True, locale="en-US", suche="lucky ring")
        assert in_dm[0].ephemeral and "Lucky Ring" in in_dm[0].text
    finally:
        await h.stop()


async def test_long_answers_turn_pages(tmp_path):
    h = await Harness(tmp_path).start()
    try:
        sent = await h.slash_in("111", "regel", suche="smash-up-munchkin:terms")
        assert sent[0].ephemeral and sent[0].embeds[0].get("footer", {}).get("text") == "1/2"
        forward = next(c for c in sent[0].custom_ids() if c.startswith("sl:page:"))
        turned = await h.click("111", forward)
        assert turned and turned[0].embeds[0]["footer"]["text"] == "2/2"
    finally:
        await h.stop()


# ---------------------------------------------------------------------- every card says what it does
def _every_card():
    from table.lookup import index

    return [e for e in index()[0] if e.kind == "card"]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_no_card_answers_see_the_card_text(lang):
    """Brief (issue 13, point 10): every card of every set, the four Munchkin sets and Smash Up,
    says what it does in our words; "siehe Kartentext" / "see the card text" is never an answer."""
    from table.lookup import card_answer

    cards = _every_card()
    assert {e.group for e in cards} >= {"cthulhu", "impossible", "shakespeare", "axecop", "smashup"}
    for entry in cards:
        _, body = card_answer(entry, lang)
        assert "kartentext" not in body.lower() and "card text" not in body.lower(), entry.key


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_card_has_its_effect_in_words(lang):
    """A Munchkin card's answer has a line beyond its deck and kind (its numbers, what it does, its bad
    stuff); a Smash Up card has its text (data/smashup/texts.yaml)."""
    from table.describe import describe
    from table.lookup import card_sets
    from table.smashup_render import card_text

    missing = []
    for set_key, cards in card_sets().items():
        for card in cards.values():
            own = card.text_en if lang == "en" else card.text_de
            if not (describe(card, lang).strip() or own.strip()):
                missing.append(f"{set_key}:{card.id}")
    missing += [f"smashup:{e.key}" for e in _every_card()
                if e.group == "smashup" and not card_text(e.key.split(":", 1)[1], lang).strip()]
    assert missing == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_card_handler_has_its_own_words(lang):
    """What a named handler does (Der Borger's bad stuff, Wunschring, Plötzlicher Schlag auf den Kopf)
    is a phrase of its own in both languages, for every handler the engine knows."""
    import yaml

    from engine.munchkin.effects import HANDLERS
    from table.lookup import card_sets

    phrases = yaml.safe_load((Path(__file__).resolve().parents[1] / "data" / "i18n" / f"{lang}.yaml")
                             .read_text(encoding="utf-8"))["describe"]
    used = {e.handler for cards in card_sets().values() for c in cards.values()
            for e in (*c.bad_stuff, *c.effects, *c.on_meet) if e.op == "handler"}
    assert used and sorted(h for h in used | set(HANDLERS) if f"handler_{h}" not in phrases) == []
