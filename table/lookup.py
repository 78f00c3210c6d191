"""Rule and card lookups: one index over every rule topic and every card, in German and English,
tolerant of case, accents, umlauts spelled out (ae, oe, ue) and typos."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict
from rapidfuzz import fuzz, process

from engine.munchkin.cards import Card, Provenance, available_sets, load_set
from table.i18n import has_word, text, word
from table.text_match import fold

RULE_DIR = Path(__file__).resolve().parents[1] / "data" / "rules"
MIN_SCORE = 60


class Texts(BaseModel):
    model_config = ConfigDict(extra="forbid")
    de: str
    en: str


class Topic(BaseModel):
    model_config = ConfigDict(extra="forbid")
    title: Texts
    keywords: list[str] = []
    text: Texts


class RuleFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    title: Texts
    sets: list[str] = []
    sections: dict[str, str]      # every rulebook heading -> the topic that covers it
    topics: dict[str, Topic]


@dataclass
class Entry:
    kind: str                     # "rule" or "card"
    key: str                      # "munchkin-axe-cop:combat" or "testdeck:t_slimeling"
    group: str                    # the rulebook's game, or the card's set
    names: tuple[str, str]        # German, English
    search_text: list[str] = field(default_factory=list)

    def name(self, lang: str) -> str:
        return self.names[1] if lang == "en" else self.names[0]


@cache
def rule_files() -> dict[str, RuleFile]:
    files = {}
    for path in sorted(RULE_DIR.glob("*.yaml")):
        rule_file = RuleFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
        files[rule_file.game] = rule_file
    return files


@cache
def card_sets() -> dict[str, dict[str, Card]]:
    return {set_key: load_set(set_key)[0] for set_key in available_sets()}


@cache
def card_sources() -> dict[str, dict[str, str]]:
    return {set_key: load_set(set_key)[1] for set_key in available_sets()}


def resolve(game: str, reference: str) -> tuple[str, str]:
    """A section's topic: "combat" in the same file, or "munchkin:combat" in another."""
    return tuple(reference.split(":", 1)) if ":" in reference else (game, reference)  # type: ignore[return-value]


@cache
def topic_sources() -> dict[tuple[str, str], list[tuple[str, str]]]:
    """For each topic, the (rulebook, heading) pairs that it covers."""
    sources: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for game, rule_file in rule_files().items():
        for heading, reference in rule_file.sections.items():
            sources.setdefault(resolve(game, reference), []).append((rule_file.title.de, heading))
    return sources


@cache
def index() -> tuple[list[Entry], list[str], list[int]]:
    """The entries, and one folded search string per name or keyword with the entry it belongs to.
    Each entry's search texts start with its two names, then headings, then keywords."""
    entries: list[Entry] = []
    sources = topic_sources()
    for game, rule_file in rule_files().items():
        for topic_id, topic in rule_file.topics.items():
            headings = [h for _, h in sources.get((game, topic_id), [])]
            entries.append(Entry("rule", f"{game}:{topic_id}", game, (topic.title.de, topic.title.en),
                                 [topic.title.de, topic.title.en, *headings, *topic.keywords]))
    for set_key, cards in card_sets().items():
        for card in cards.values():
            entries.append(Entry("card", f"{set_key}:{card.id}", set_key, (card.name_de, card.name_en),
                                 [card.name_de, card.name_en]))
    from engine.smashup.cards import designs

    for design in designs().values():
        entries.append(Entry("card", f"smashup:{design.id}", "smashup", (design.name_de, design.name_en),
                             [design.name_de, design.name_en]))
    choices: list[str] = []
    owners: list[int] = []
    for number, entry in enumerate(entries):
        for phrase in entry.search_text:
            choices.append(fold(phrase))
            owners.append(number)
    return entries, choices, owners


@cache
def _weights() -> list[float]:
    """A name counts more than a heading, a heading more than a keyword."""
    entries, _, owners = index()
    weights = []
    for i, owner in enumerate(owners):
        position = i - owners.index(owner)
        headings = len(entries[owner].search_text) - 2 - len(_keywords(entries[owner]))
        weights.append(3.0 if position < 2 else 2.0 if position < 2 + headings else 0.0)
    return weights


def _keywords(entry: Entry) -> list[str]:
    if entry.kind != "rule":
        return []
    game, topic_id = entry.key.split(":", 1)
    return rule_files()[game].topics[topic_id].keywords


def search(query: str, kind: str, limit: int = 25, prefer: tuple[str, ...] = ()) -> list[Entry]:
    """Best matches first; entries of the preferred games or sets (a channel's game) before others."""
    entries, _, owners = index()
    wanted = fold(query)
    subset = _strings_of(kind)
    weights = _weights()
    ranked: dict[int, float] = {}
    if not wanted:
        ranked = {owners[i]: 100.0 for i in subset}
    else:
        # whole names and word starts first ("fluch" finds "Flüche"), then typo tolerance, scored in C
        for i, text in subset.items():
            if text == wanted or text.startswith(wanted) or f" {wanted}" in text:
                score = (100.0 if text == wanted else 96.0) + weights[i]
                ranked[owners[i]] = max(ranked.get(owners[i], 0.0), score)
        for _, score, i in process.extract(wanted, subset, scorer=fuzz.WRatio, limit=limit * 4,
                                           score_cutoff=MIN_SCORE):
            ranked[owners[i]] = max(ranked.get(owners[i], 0.0), min(score, 92.0) + weights[i])
    core = "munchkin"   # with no game to prefer, the rules all four Munchkin sets share come first

    def rank(o: int) -> tuple[float, str]:
        bonus = 15 if entries[o].group in prefer else (1 if not prefer and entries[o].group == core else 0)
        return -(ranked[o] + bonus), entries[o].names[0]

    order = sorted(ranked, key=rank)
    return [entries[o] for o in order[:limit]]


@cache
def _strings_of(kind: str) -> dict[int, str]:
    entries, choices, owners = index()
    return {i: choices[i] for i, owner in enumerate(owners) if entries[owner].kind == kind}


def preferred(kind: str, sets: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The groups a game with these sets looks up first: its sets' cards, or the rulebooks of its sets."""
    if kind == "card":
        return tuple(sets)
    return tuple(game for game, f in rule_files().items() if set(f.sets) & set(sets))


def find(key: str) -> Entry | None:
    return next((e for e in index()[0] if e.key == key), None)


# ---------------------------------------------------------------------- rendering answers
def rule_answer(entry: Entry, lang: str) -> tuple[str, str]:
    """Title and text of a rule topic, citing every rulebook section it covers."""
    game, topic_id = entry.key.split(":", 1)
    topic = rule_files()[game].topics[topic_id]
    by_book: dict[str, list[str]] = {}
    for book, heading in topic_sources().get((game, topic_id), []):
        by_book.setdefault(book, []).append(f"„{heading}“")
    label = "Rulebook" if lang == "en" else "Regelbuch"
    source = "; ".join(f"{label} {book}: {', '.join(headings)}" for book, headings in by_book.items())
    body = topic.text.en if lang == "en" else topic.text.de
    return entry.name(lang), f"{body}\n\n*{source}*" if source else body


PROVENANCE_FIELDS = {
    "de": {"name_en": "englischer Name", "name_de": "deutscher Name (unsere Übersetzung)", "numbers": "Werte",
           "kind": "Kartenart", "count": "Anzahl", "effects": "Wirkung"},
    "en": {"name_en": "English name", "name_de": "German name (our translation)", "numbers": "numbers",
           "kind": "card type", "count": "copies", "effects": "effect"},
}


@cache
def _names(lang: str) -> dict[str, str]:
    from table.describe import trait_names

    merged: dict[str, Card] = {}
    for cards in card_sets().values():
        merged.update(cards)
    return trait_names(merged, lang)


def provenance_line(set_key: str, card: Card, lang: str) -> str:
    return provenance_text(card.provenance, card_sources().get(set_key, {}), lang)


def provenance_text(prov: Provenance, sources: dict[str, str], lang: str) -> str:
    """Where a card's facts come from (its file's sources by key); what is ours is never shown as official."""
    named = "; ".join(sources.get(s, s) for s in prov.sources)
    ours = ", ".join(PROVENANCE_FIELDS[lang].get(f, f) for f in prov.ours)
    return text(lang, "words", "origin_" + prov.origin, sources=named, ours=ours)


def automated_line(automated: bool, lang: str) -> str:
    """Whether the bot plays the card by itself or the table settles it."""
    return word(lang, "card_automated" if automated else "card_manual")


def card_answer(entry: Entry, lang: str) -> tuple[str, str]:
    """A card's facts and effect in our words, where they come from, its set, and whether the engine
    plays it by itself."""
    from table.describe import describe

    set_key, card_id = entry.key.split(":", 1)
    if set_key == "smashup":
        from table.smashup_render import card_answer_lines

        return entry.name(lang), "\n".join(card_answer_lines(card_id, lang))
    card = card_sets()[set_key][card_id]
    en = lang == "en"
    kind = word(lang, "kind_card_" + card.kind) if has_word(lang, "kind_card_" + card.kind) else card.kind
    copies = f" · ×{card.count}" if card.count > 1 else ""
    lines = [f"{word(lang, card.deck + '_one')} · {kind}{copies}"]
    details = describe(card, lang, _names(lang))
    if details:
        lines.append(details)
    text = card.text_en if en else card.text_de
    if text:
        lines.append(text)
    lines.append(f"Set: {set_key} · {automated_line(card.automated, lang)}")
    lines.append(provenance_line(set_key, card, lang))
    return entry.name(lang), "\n".join(lines)


def answer(query: str, kind: str, lang: str, prefer: tuple[str, ...] = ()) -> tuple[str, str] | None:
    hits = search(query, kind, limit=1, prefer=prefer)
    if not hits:
        return None
    return rule_answer(hits[0], lang) if kind == "rule" else card_answer(hits[0], lang)
