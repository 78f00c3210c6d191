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
    for name in ("table/smashup_render.py", "cogs/smashup_views.py", "cogs/smashup.py"):
        used |= set(re.findall(r'word\([^,]+, "([a-z_]+)"\)', (root / name).read_text(encoding="utf-8")))
    used |= {f"su_{k}" for d in designs().values() for k in getattr(d, "keywords", ())}
    words = yaml.safe_load((I18N / f"{lang}.yaml").read_text(encoding="utf-8"))["words"]
    assert used and sorted(k for k in used if k not in words) == []


def test_a_name_ending_in_an_exclamation_mark_gets_no_extra_full_stop():
    from table.i18n import text

    assert text("de", "events", "action_played", player="Anna", card="Her damit!") == "Anna spielt Her damit!"
