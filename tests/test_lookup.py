"""Rule and card lookups: every rulebook section has a topic in both languages; queries tolerate
typos, umlauts written out and both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from table.lookup import find, game_of, index, preferred, reply, resolve, rule_files, search
from table.munchkin.lookup import card_sets
from tests.discord_harness import Harness


def answer(query: str, kind: str, lang: str) -> tuple[str, str]:
    found = reply(query, kind, lang)
    assert found.key is not None, found.body
    return found.title, found.body


def test_every_section_of_each_covered_rulebook_has_a_topic_in_both_languages():
    files = rule_files()
    for game, rule_file in files.items():
        for heading, reference in rule_file.sections.items():
            book, topic_id = resolve(game, reference)
            topic = files[book].topics.get(topic_id)
            assert topic is not None, f"{game}: section {heading!r} has no topic"
            assert topic.text.de.strip() and topic.text.en.strip(), f"{game}: {topic_id} lacks a language"
            assert topic.title.de.strip() and topic.title.en.strip()


RULEBOOKS = {   # each rulebook's main sections (headings as the rulebook writes them)
    "munchkin-cthulhu": ("Kultisten", "Goth-Monster", "SPIELLENDE", "KAMPF", "Tod"),
    "munchkin-impossible": ("Fallen", "Mietlinge", "TOD", "SCHÄTZE", "Schnelleres Spiel"),
    "munchkin-shakespeare": ("Rassen / Klassen", "Gegenstände", "Spielende", "Tod"),
    "munchkin-axe-cop": ("Kräfte", "Verbündete", "Spielende", "Tod"),
    "smash-up-munchkin": ("DIE GROSSE WERTUNG", "Ich zuerst!", "Beute verteilen", "Nur Unentschieden?",
                          "BEGRIFFE UND BESCHRÄNKUNGEN"),
}


def test_all_five_rulebooks_have_topics_for_their_main_sections():
    files = rule_files()
    assert set(RULEBOOKS) <= set(files)
    for game, needed in RULEBOOKS.items():
        assert set(needed) <= set(files[game].sections), game


@pytest.mark.parametrize("game", sorted(RULEBOOKS))
def test_looking_up_a_rulebook_heading_in_its_games_channel_offers_its_topic(game):
    """Every heading a rulebook has (data/rules) leads, typed as it stands, to the topic that covers it
    among the first three answers in a channel playing that game."""
    rule_file = rule_files()[game]
    prefer = preferred("rule", rule_file.sets)
    for heading, reference in rule_file.sections.items():
        covering = ":".join(resolve(game, reference))
        assert covering in [h.key for h in search(heading, "rule", limit=3, prefer=prefer)], heading


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
    """Issue 37: a card the engine leaves to the table says plainly that the players settle it (it
    said "Diese Karte regelt der Tisch selbst", which read as if the bot did), in both languages."""
    assert "Der Bot führt diese Karte selbst aus." in answer("Kanone", "card", "de")[1]
    manual_de = answer("Wirrwarr", "card", "de")[1]
    assert "nicht selbst aus: die Spieler regeln sie am Tisch" in manual_de and "Tisch selbst" not in manual_de
    assert "the players settle it at the table" in answer("Muddle", "card", "en")[1]


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
    from table.munchkin.describe import describe
    from table.smashup.render import card_text

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

    from engine.munchkin.registry_load import HANDLERS

    phrases = yaml.safe_load((Path(__file__).resolve().parents[1] / "data" / "i18n" / f"{lang}.yaml")
                             .read_text(encoding="utf-8"))["describe"]
    used = {e.handler for cards in card_sets().values() for c in cards.values()
            for e in (*c.bad_stuff, *c.effects, *c.on_meet) if e.op == "handler"}
    assert used and sorted(h for h in used | set(HANDLERS) if f"handler_{h}" not in phrases) == []


# ---------------------------------------------------------------------- empty, weak and related
@pytest.mark.parametrize("query", ["", "   ", "!?"])
def test_an_empty_card_query_asks_for_a_name_instead_of_answering_some_card(query):
    """Brief (issue 13, point 10): "karte" with no word answers no arbitrary card."""
    for lang, asks in (("de", "Nenne den Namen einer Karte"), ("en", "Name a card")):
        found = reply(query, "card", lang)
        assert found.key is None and asks in found.body


def test_an_empty_rule_query_lists_the_topics_of_the_channels_game():
    """"regel" with no word lists the topics to pick from: a Smash Up channel its rulebook's topics,
    elsewhere the rules the four Munchkin sets share."""
    smashup = reply("", "rule", "de", preferred("rule", ["smashup"]))
    titles = {t.title.de for t in rule_files()["smash-up-munchkin"].topics.values()}
    assert smashup.key is None and all(title in smashup.body for title in titles)
    assert "Milde Gabe" not in smashup.body                  # a Munchkin topic
    shared = reply("", "rule", "en")
    core = [t.title.en for t in rule_files()["munchkin"].topics.values()]
    assert shared.key is None and all(title in shared.body for title in core)
    assert "Scoring a base" not in shared.body and "The eight factions" not in shared.body    # Smash Up's


@pytest.mark.parametrize(("lang", "says"), [("de", "nichts gefunden"), ("en", "nothing found")])
def test_a_query_matching_nothing_well_names_the_three_nearest(lang, says):
    """"karte schmetterlingsmesser" answered "Schummeln!" (a short name inside the long word): now it
    says nothing was found and names the three nearest cards."""
    found = reply("schmetterlingsmesser", "card", lang)
    assert found.key is None and says in found.body.lower()
    nearest = found.body.rsplit(":", 1)[1].strip(" .").split(" · ")
    pocket_knife, cheat = (find(k).name(lang) for k in ("axecop:axe_pocket_knife", "cthulhu:cheat"))
    assert len(nearest) == 3 and pocket_knife in nearest and cheat not in nearest
    assert reply("xyzzy", "rule", lang).key is None


@pytest.mark.parametrize(("query", "expected"), [
    ("borger", "Der Borger aus der Tiefe"), ("wunschrign", "Wunschring"), ("tweed jacket", "Tweedjacke"),
    ("kampd", "Kampf"),
])
def test_typos_and_parts_of_names_are_still_found(query, expected):
    kind = "rule" if expected == "Kampf" else "card"
    assert search(query, kind, limit=1)[0].names[0] == expected


CHANNEL_QUERIES = ["ring", "wunsch", "zwerg", "monster", "fluch", "messer", "schatz", "elf", "kultist",
                   "Wanderndes Monster", "Super Munchkin", "dieb", "zauber", "tod", "wertung", "beute"]


@pytest.mark.parametrize(("sets", "game"), [(["smashup"], "smashup"), (["cthulhu"], "munchkin"),
                                            (["impossible", "axecop"], "munchkin")])
@pytest.mark.parametrize("kind", ["card", "rule"])
def test_related_names_are_unique_and_stay_in_the_channels_game(sets, game, kind):
    """Under an answer the further matches name each card or topic once, and only of the channel's
    game: a Smash Up channel lists no Munchkin card and a Munchkin channel no Smash Up card."""
    own = {e.name("de") for e in index()[0] if e.kind == kind and game_of(e) == game}
    prefer = preferred(kind, sets)
    listed = 0
    for query in CHANNEL_QUERIES:
        found = reply(query, kind, "de", prefer)
        if found.key is None:
            continue
        assert len(found.related) == len(set(found.related)) and found.title not in found.related, query
        assert set(found.related) <= own, (query, set(found.related) - own)
        listed += len(found.related)
    assert listed


def test_four_sets_alike_card_is_one_answer_not_four():
    """"Wanderndes Monster" is in every Munchkin set: the search names it once, the channel's set's card."""
    hits = search("Wanderndes Monster", "card", limit=10, prefer=("shakespeare",))
    assert [h.names[0] for h in hits].count("Wanderndes Monster") == 1
    assert hits[0].key == "shakespeare:sha_wandering_monster"


async def test_discord_says_nothing_found_with_the_nearest_and_lists_related(h):
    """/karte in Discord: nothing found is a private answer naming the nearest cards, with no button
    to show it; a found card carries its related names."""
    sent = await h.slash_in("111", "karte", suche="schmetterlingsmesser")
    assert sent[0].ephemeral and "nichts gefunden" in sent[0].text and "Taschenmesser" in sent[0].text
    assert not [c for c in sent[0].custom_ids() if c.startswith("sl:show:")]
    sent = await h.slash_in("111", "karte", locale="en-US", suche="messer")
    fields = sent[0].embeds[0].get("fields", [])
    assert fields and fields[0]["name"] == "See also" and fields[0]["value"]
    empty = await h.slash_in("111", "regel", suche=" ")
    assert empty[0].ephemeral and "Nenne ein Thema" in empty[0].text


async def test_discord_autocomplete_before_typing_offers_the_channels_game(h):
    await h.slash("111", "neu", spiel="smashup")
    choices = await h.autocomplete("111", "karte", "suche", "")
    assert choices and all(c["value"].startswith("smashup:") for c in choices)
