"""Brief, "Standards": every rule text and card text is in our own words. No run of seven words of any
player-facing text may stand in the rulebooks or in the public card fact sheets. Those texts are not in
the project; tests/data/foreign_phrases holds only hashes of their seven-word runs."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

DATA = Path(__file__).resolve().parents[1] / "data"
PHRASES = Path(__file__).resolve().parent / "data" / "foreign_phrases"
WORD = re.compile(r"[a-zäöüß0-9']+")
RUN = 7


def _runs(text: str) -> set[str]:
    words = WORD.findall(text.lower())
    return {" ".join(words[i:i + RUN]) for i in range(len(words) - RUN + 1)}


def _hash(run: str) -> str:
    return hashlib.blake2b(run.encode(), digest_size=6).hexdigest()


def _foreign(name: str) -> set[str]:
    lines = (PHRASES / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return {line for line in lines if line and not line.startswith("#")}


NAME_KEYS = {"id", "name", "name_de", "name_en", "keywords", "aliases"}  # names are facts, not prose


def _strings(node: object) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            if key not in NAME_KEYS:
                yield from _strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from _strings(value)


def _our_texts() -> Iterator[tuple[str, str]]:
    """Every text a player can read that comes from the data files: rule topics, card texts, i18n."""
    for path in sorted(DATA.rglob("*.yaml")):
        for text in _strings(yaml.safe_load(path.read_text(encoding="utf-8"))):
            yield str(path.relative_to(DATA)), text


@pytest.mark.parametrize("source", ["rulebooks", "cthulhu-fact-sheet", "smashup-fact-sheet"])
def test_no_text_of_ours_repeats_seven_words_of_a_rulebook_or_fact_sheet(source):
    foreign = _foreign(source)
    copied = [(where, run) for where, text in _our_texts() for run in _runs(text) if _hash(run) in foreign]
    assert copied == []


def test_the_check_finds_a_copied_run():
    """The hashes are real: a known rulebook sentence is found (the Cthulhu book's 168 cards)."""
    sentence = "Dieses Spiel beinhaltet 168 Karten, 1 Würfel und diese Anleitung."
    assert any(_hash(run) in _foreign("rulebooks") for run in _runs(sentence))
