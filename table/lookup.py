"""Rule and card lookups: one index over every rule topic and every card, in German and English,
tolerant of case, accents, umlauts spelled out (ae, oe, ue) and typos."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict
from rapidfuzz import fuzz, process

from table.games import all_frontends, frontend, game_of_sets
from table.i18n import text, word
from table.text_match import fold

RULE_DIR = Path(__file__).resolve().parents[1] / "data" / "rules"
# A typed word counts as found from this score on (0-100): a whole name with about one letter in four
# wrong ("schleimlnig" 91, "weglaufn" 94), or a word inside a longer name ("borger" 90). Below it the
# matches are accidents ("schmetterlingsmesser" scored 72 against "cheat" by a part of the query).
MIN_SCORE = 75
RELATED = 3          # further matches named under an answer, and nearest names when nothing is found


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
    for front in all_frontends():
        for card in front.card_entries():
            entries.append(Entry("card", f"{card.set_key}:{card.card_id}", card.set_key,
                                 (card.name_de, card.name_en), [card.name_de, card.name_en]))
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


def _fuzzy(wanted: str, subset: dict[int, str], cutoff: float) -> dict[int, float]:
    """Typo-tolerant scores, computed in C. A name no longer than the query must match it as a whole
    (fuzz.ratio): a short name inside a long query is no match ("cheat" in "schmetterlingsmesser").
    A longer name may match in part (fuzz.WRatio: "borger" finds "Der Borger aus der Tiefe")."""
    scores: dict[int, float] = {}
    for scorer in (fuzz.ratio, fuzz.WRatio):
        for _, score, i in process.extract(wanted, subset, scorer=scorer, limit=None, score_cutoff=cutoff):
            if scorer is fuzz.ratio or len(subset[i]) > len(wanted):
                scores[i] = max(scores.get(i, 0.0), score)
    return scores


def search(query: str, kind: str, limit: int = 25, prefer: tuple[str, ...] = ()) -> list[Entry]:
    """Good matches first, each name once per game (the preferred set's card of several alike);
    entries of the preferred games or sets (a channel's game) before others. An empty query matches
    nothing (``browse`` lists entries, ``reply`` asks for a word)."""
    entries, _, owners = index()
    wanted = fold(query)
    if not wanted:
        return []
    subset = _strings_of(kind)
    weights = _weights()
    ranked: dict[int, float] = {}
    # whole names and word starts first ("fluch" finds "Flüche"), then typo tolerance
    for i, phrase in subset.items():
        if phrase == wanted or phrase.startswith(wanted) or f" {wanted}" in phrase:
            score = (100.0 if phrase == wanted else 96.0) + weights[i]
            ranked[owners[i]] = max(ranked.get(owners[i], 0.0), score)
    for i, score in _fuzzy(wanted, subset, MIN_SCORE).items():
        ranked[owners[i]] = max(ranked.get(owners[i], 0.0), min(score, 92.0) + weights[i])
    return _unique([entries[o] for o in sorted(ranked, key=_ranking(ranked, prefer))])[:limit]


def _ranking(scores: dict[int, float], prefer: tuple[str, ...]) -> Callable[[int], tuple[float, str]]:
    """Best score first; the preferred groups (a channel's game) gain 15, ties go by name."""
    entries = index()[0]
    core = "munchkin"   # with no game to prefer, the rules all four Munchkin sets share come first

    def rank(o: int) -> tuple[float, str]:
        bonus = 15 if entries[o].group in prefer else (1 if not prefer and entries[o].group == core else 0)
        return -(scores[o] + bonus), entries[o].names[0]

    return rank


def _unique(entries: list[Entry]) -> list[Entry]:
    """The first entry of each name within its game (four sets' "Wanderndes Monster" are one answer)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for entry in entries:
        mark = (game_of(entry), fold(entry.names[0]))
        if mark not in seen:
            seen.add(mark)
            out.append(entry)
    return out


def game_of(entry: Entry) -> str:
    """The game (its key) a rule topic or card belongs to."""
    return _group_game(entry.kind, entry.group)


def _group_game(kind: str, group: str) -> str:
    return game_of_sets(rule_files()[group].sets if kind == "rule" else [group])


def browse(kind: str, prefer: tuple[str, ...] = (), limit: int = 25) -> list[Entry]:
    """What to offer before anything is typed: the preferred games' entries (with none, the shared
    Munchkin rules, or every card), by name."""
    entries = index()[0]
    groups = set(prefer) or ({"munchkin"} if kind == "rule" else {e.group for e in entries})
    shown = [e for e in entries if e.kind == kind and e.group in groups]
    return _unique(sorted(shown, key=lambda e: (e.group not in prefer, e.names[0].casefold())))[:limit]


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
def rule_answer(entry: Entry, lang: str, books: tuple[str, ...] = ()) -> tuple[str, str]:
    """Title and text of a rule topic, citing every rulebook section it covers; asked at a table
    (``books``: the rule files of its sets, see preferred), only those of the rulebooks in play."""
    game, topic_id = entry.key.split(":", 1)
    topic = rule_files()[game].topics[topic_id]
    in_play = {rule_files()[book].title.de for book in books if book in rule_files()}
    by_book: dict[str, list[str]] = {}
    for book, heading in topic_sources().get((game, topic_id), []):
        if not in_play or book in in_play:
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


def provenance_text(prov: Any, sources: dict[str, str], lang: str) -> str:
    """Where a card's facts come from (its file's sources by key); what is ours is never shown as official."""
    named = "; ".join(sources.get(s, s) for s in prov.sources)
    ours = ", ".join(PROVENANCE_FIELDS[lang].get(f, f) for f in prov.ours)
    return text(lang, "words", "origin_" + prov.origin, sources=named, ours=ours)


def automated_line(automated: bool, lang: str) -> str:
    """Whether the bot plays the card by itself or the table settles it."""
    return word(lang, "card_automated" if automated else "card_manual")


def card_answer(entry: Entry, lang: str) -> tuple[str, str]:
    """A card's facts and effect in our words, where they come from, its set, and whether the engine
    plays it by itself, as the card's game tells them."""
    set_key, card_id = entry.key.split(":", 1)
    lines = frontend(game_of(entry)).card_answer(set_key, card_id, lang)
    return entry.name(lang), "\n".join(lines)


@dataclass
class Reply:
    """What a lookup answers, for any front end: the entry's title and text with the names of further
    matches, or (with ``key`` None) a request for a word or the nearest names when nothing fits."""

    title: str
    body: str
    key: str | None = None
    related: list[str] = field(default_factory=list)


def reply(query: str, kind: str, lang: str, prefer: tuple[str, ...] = ()) -> Reply:
    """The answer to "regel …" / "karte …": an entry key (an autocomplete value) or typed words.
    Related names and nearest names stay within the channel's game (else the answer's game)."""
    if not fold(query):
        return _ask_for_a_word(kind, lang, prefer)
    entry = find(query.strip()) if ":" in query else None
    hits = search(query, kind, limit=4 * RELATED, prefer=prefer)
    if entry is None or entry.kind != kind:
        if not hits:
            return _nothing_found(query, kind, lang, prefer)
        entry = hits[0]
    game = _group_game(kind, prefer[0]) if prefer else game_of(entry)
    related = [h.name(lang) for h in hits if game_of(h) == game and h.name(lang) != entry.name(lang)]
    title, body = rule_answer(entry, lang, prefer) if kind == "rule" else card_answer(entry, lang)
    return Reply(title, body, entry.key, list(dict.fromkeys(related))[:RELATED])


def nearest(query: str, kind: str, lang: str, prefer: tuple[str, ...] = ()) -> list[str]:
    """The names closest to a query that matched nothing well, within the channel's game."""
    entries, _, owners = index()
    scores: dict[int, float] = {}
    for i, score in _fuzzy(fold(query), _strings_of(kind), 0.0).items():
        scores[owners[i]] = max(scores.get(owners[i], 0.0), score)
    games = {_group_game(kind, g) for g in prefer}
    order = [entries[o] for o in sorted(scores, key=_ranking(scores, prefer))]
    names = [e.name(lang) for e in order if not games or game_of(e) in games]
    return list(dict.fromkeys(names))[:RELATED]


def _nothing_found(query: str, kind: str, lang: str, prefer: tuple[str, ...]) -> Reply:
    names = " · ".join(nearest(query, kind, lang, prefer))
    return Reply(word(lang, "lookup_nothing_title"),
                 text(lang, "words", "lookup_nothing", query=query.strip()[:100], names=names))


def _ask_for_a_word(kind: str, lang: str, prefer: tuple[str, ...]) -> Reply:
    """No word given: the rule topics of the channel's game (or the shared Munchkin ones) to pick from,
    or a request for a card name."""
    if kind == "card":
        return Reply(word(lang, "lookup_which_card_title"), word(lang, "lookup_which_card"))
    titles = [e.name(lang) for e in browse("rule", prefer, limit=len(index()[0]))]
    return Reply(word(lang, "lookup_topics_title"), word(lang, "lookup_topics") + "\n" + " · ".join(titles))
