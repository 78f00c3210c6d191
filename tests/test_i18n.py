"""Every refusal, event and decision the engine can produce has a German and an English text, so a
player never reads a bare code (brief: "a clear, localized error for that player alone")."""

import re
from pathlib import Path

import pytest
import yaml

from engine.munchkin.cards import Kind
from table.render import QUIET_EVENTS

ENGINE = Path(__file__).resolve().parents[1] / "engine"
I18N = Path(__file__).resolve().parents[1] / "data" / "i18n"


def _found(pattern: str) -> set[str]:
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        found |= set(re.findall(pattern, path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_engine_refusal_event_and_decision_has_a_text(lang):
    texts = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))
    codes = _found(r'IllegalAction\(\s*"([a-z_0-9]+)"')
    events = _found(r'(?:tx|self)\.emit\(\s*"([a-z_]+)"') - QUIET_EVENTS
    decisions = (_found(r'open_decision\(tx, [^,]+, "([a-z_]+)"')
                 | _found(r'(?s)Decision\(id=.{0,200}?kind="([a-z_]+)"')
                 | _found(r'open_choice\(tx, [^,]+, "([a-z_]+)"'))
    assert codes and events and decisions
    assert sorted(codes - set(texts["errors"])) == []
    assert sorted(events - set(texts["events"])) == []
    assert sorted(f"kind_{k}" for k in decisions if f"kind_{k}" not in texts["words"]) == []


SECOND_PERSON = {"de": re.compile(r"\b(du|dich|dir|dein\w*)\b", re.I), "en": re.compile(r"\b(you|your\w*)\b", re.I)}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_decision_is_named_to_the_channel_in_the_third_person(lang):
    """Issue 36: a public line says what a player decides about ("Ben muss entscheiden – den Handel
    annehmen oder ablehnen"), never the question asked of the decider ("nimmst du den Handel an?")."""
    from engine.core.events import Event
    from table.render import Namer, render_event

    words = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["words"]
    kinds = [k[len("kind_"):] for k in words if k.startswith("kind_") and not k.startswith("kind_card_")]
    assert kinds and [k for k in kinds if f"topic_{k}" not in words] == []
    assert [k for k in kinds if SECOND_PERSON[lang].search(words[f"topic_{k}"])] == []
    public, private = Namer(lang, {"p1": "Ben"}, public=True), Namer(lang, {"p1": "Ben"})
    opened = Event(kind="decision_opened", params={"player": "p1", "kind": "trade"})
    assert words["topic_trade"] in render_event(opened, public)
    assert SECOND_PERSON[lang].search(render_event(opened, private))     # the decider's own question


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_card_kind_has_a_name(lang):
    words = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["words"]
    assert [k for k in Kind.__args__ if f"kind_card_{k}" not in words] == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_word_the_smashup_views_use_has_a_text(lang):
    """The bases, hands and menus of Smash Up read in both languages: every word they name, and a word
    for each card keyword shown in a card's facts (Dauerhaft, Talent, Extra)."""
    from engine.smashup.cards import designs

    root = Path(__file__).resolve().parents[1]
    used: set[str] = set()
    for name in ("table/smashup/render.py", "cogs/smashup/views.py", "cogs/smashup/commands.py"):
        used |= set(re.findall(r'word\([^,]+, "([a-z_]+)"\)', (root / name).read_text(encoding="utf-8")))
    used |= {f"su_{k}" for d in designs().values() for k in getattr(d, "keywords", ())}
    words = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["words"]
    assert used and sorted(k for k in used if k not in words) == []


def test_a_name_ending_in_an_exclamation_mark_gets_no_extra_full_stop():
    from table.i18n import text

    assert text("de", "events", "action_played", player="Anna", card="Her damit!") == "Anna spielt Her damit!"


# ---------------------------------------------------------------------- no internal key reaches a player
ROOT = Path(__file__).resolve().parents[1]
# what a refusal's fields may hold: names and numbers, or keys the renderer turns into words
RENDERED = {"player", "fighter", "helper", "victim", "to", "owner", "first", "active", "winners", "players",
            "card", "monster", "option", "choices", "cards", "kind", "answer", "where", "what", "needs", "slot",
            "ability", "faction", "factions", "count", "value", "low", "high", "rank", "level", "min", "max", "name",
            "word", "words", "query", "set", "game", "pace", "path", "reason", "found", "supported", "tables", "sex"}


def _raised(folder: str, error: str) -> set[str]:
    found: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        found |= set(re.findall(rf'{error}\(\s*"([a-z_0-9]+)"', path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_refusal_reads_in_words_with_no_internal_key(lang):
    """Every reason the engine or the table refuses a move with has a text of this language without
    an underscore, and each field in it is a name, a number or a key the renderer puts in words."""
    texts = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["errors"]
    codes = _raised("engine", "IllegalAction") | _raised("table", "TableError") | _raised("table", "StoreError")
    assert len(codes) > 100
    assert sorted(codes - set(texts)) == []
    for code in codes:
        template = texts[code]
        fields = set(re.findall(r"{([a-z_]+)}", template))
        assert "_" not in re.sub(r"{[a-z_]+}", "", template), code
        assert fields <= RENDERED, (code, fields - RENDERED)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_phase_a_move_can_come_at_wrongly_says_what_to_do(lang):
    from typing import get_args

    from engine.munchkin.state import Phase as MunchkinPhase
    from engine.smashup.state import Phase as SmashUpPhase

    texts = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["errors"]
    phases = set(get_args(MunchkinPhase)) | set(get_args(SmashUpPhase))
    assert sorted(p for p in phases if f"wrong_phase_{p}" not in texts) == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_missing_argument_and_every_place_a_card_is_looked_for_has_words(lang):
    words = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["words"]
    source = "".join((ROOT / "table" / name).read_text(encoding="utf-8")
                     for name in ("munchkin/commands.py", "smashup/commands.py", "words.py"))
    what = set(re.findall(r'\bneed\(args, "[a-z_0-9]+", "([a-z_]+)"\)', source))
    what |= set(re.findall(r'missing_argument", what="([a-z_]+)"', source))
    where = set(re.findall(r'(?:resolve_card|split_cards)\(.*, "([a-z_]+)"\)', source))
    assert len(what) > 10 and len(where) > 10
    assert sorted(f"what_{w}" for w in what if f"what_{w}" not in words) == []
    assert sorted(f"where_{w}" for w in where if f"where_{w}" not in words) == []


def test_one_card_one_treasure_read_in_the_singular():
    from table.i18n import text

    assert text("de", "events", "charity_started", player="Anna", excess=1) == "Milde Gabe: Anna hat 1 Karte zu viel."
    assert text("de", "events", "helper_joined", helper="Ben", fighter="Anna", treasures=1) == \
        "Ben hilft Anna (für 1 Schatz)."
    assert text("en", "events", "charity_started", player="Anna", excess=1) == "Charity: Anna holds 1 card too many."
    assert text("de", "events", "charity_started", player="Anna", excess=3) == "Milde Gabe: Anna hat 3 Karten zu viel."


def test_a_name_ending_in_a_full_stop_or_exclamation_mark_gets_no_second_one():
    from table.i18n import text

    assert text("de", "events", "door_kicked", player="Anna", card="Schummeln!") == \
        "Anna tritt die Tür ein: Schummeln!"
    assert text("de", "events", "card_played", player="Anna", card="Richard III.") == "Anna spielt Richard III."


def test_a_curse_or_trap_named_with_its_kind_is_not_prefixed_again():
    from engine.core.events import Event
    from table.render import Namer, render_event

    namer = Namer("de", {"anna": "Anna"}, sets=("cthulhu", "impossible"))
    curse = render_event(Event(kind="curse_cast", params={"card": "curse_solestealer", "victim": "anna"}), namer)
    assert curse == "Fluch! Sohlendieb trifft Anna."
    trap = render_event(Event(kind="curse_cast", params={"card": "imp_trap_shoes", "victim": "anna"}), namer)
    assert trap == "Falle! Treibsand trifft Anna."
    plain = render_event(Event(kind="curse_cast", params={"card": "the_stars_are_right", "victim": "anna"}), namer)
    assert plain.startswith("Fluch! Die Sterne stehen richtig")


def test_a_declined_trade_says_so():
    from engine.core.events import Event
    from table.render import Namer, render_event

    namer = Namer("de", {"ben": "Ben"})
    event = Event(kind="decided", params={"decision": 3, "player": "ben", "kind": "trade", "option": "decline"})
    assert render_event(event, namer) == "Ben lehnt den Handel ab."


def test_a_card_played_on_a_player_names_the_player_not_their_id():
    from engine.core.events import Event
    from table.render import Namer, render_event

    namer = Namer("de", {"anna": "Anna", "ben": "Ben"}, sets=("cthulhu",))
    event = Event(kind="card_played", params={"player": "ben", "card": "curse_solestealer", "target": "anna"})
    assert render_event(event, namer) == "Ben spielt Fluch! Sohlendieb auf Anna."


def test_a_moved_smashup_action_names_the_minion_it_goes_to():
    from engine.core.events import Event
    from engine.smashup.cards import designs
    from table.render import Namer, render_event

    minion = next(d for d in designs().values() if getattr(d, "kind", "") == "minion")
    action = next(d for d in designs().values() if getattr(d, "kind", "") == "action")
    line = render_event(Event(kind="action_moved", params={"card": action.id, "target": minion.id}),
                        Namer("de", {}, sets=("smashup",)))
    assert line == f"{action.name_de} kommt auf {minion.name_de}."


def test_both_languages_have_the_same_texts():
    """A text only German has would reach an English player in German."""
    de = yaml.safe_load((I18N / "de.yaml").read_text(encoding="utf-8"))
    en = yaml.safe_load((I18N / "en.yaml").read_text(encoding="utf-8"))
    assert {s: sorted(set(de[s]) ^ set(en.get(s, {}))) for s in de if set(de[s]) != set(en.get(s, {}))} == {}


def test_an_english_count_of_one_stays_english():
    from table.i18n import text

    assert text("en", "events", "vp_gained", player="Anna", vp=1) == "Anna gains 1 VP."


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_console_command_of_both_games_has_its_arguments_and_an_example(lang):
    from table.munchkin import commands
    from table.smashup import commands as smashup_commands

    texts = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))
    keys = set(commands.COMMANDS) | {f"su_{c}" if f"su_{c}" in texts["usage"] else c
                                     for c in smashup_commands.COMMANDS}
    assert sorted(k for k in keys if k not in texts["usage"] or k not in texts["examples"]) == []


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_example_in_the_help_reads_as_its_own_command(lang):
    """The help's examples use only words the console understands, for the command they illustrate."""
    from table.console import TABLE_WORDS
    from table.munchkin import commands
    from table.smashup import commands as smashup_commands
    from table.text_match import fold

    examples = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["examples"]
    for key, example in examples.items():
        word, *rest = example.split()
        if key in TABLE_WORDS:          # the table's own words, the same in every game (table/console.py)
            assert fold(word) in {fold(w) for w in TABLE_WORDS[key]}, key
            continue
        table = smashup_commands.WORDS if key.startswith("su_") else commands.WORDS
        assert table.command_name(word) == key.removeprefix("su_"), key
        table.parse(rest)


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_smashup_choice_asks_its_question_and_names_its_answer(lang):
    """A Smash Up choice (a "may", a pick, an order; rulebook: "dürfen" leaves the choice to the
    player) reads as a question with the words that answer it, never as a raw key."""
    from engine.smashup.choices import HANDLERS

    words = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["words"]
    assert sorted(k for k in HANDLERS if f"kind_{k}" not in words) == []
    assert sorted(k for k in HANDLERS if k.startswith("may_") and f"answer_{k}" not in words) == []
