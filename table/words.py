"""Reading what a player types, for both games' word tables: the command word, its keyword slots,
card and player names. One matcher, so that a line cannot be misread in one game and not the other.

A card name that contains a keyword ("Plötzlicher Schlag auf den Kopf") or a comma ("Macbeth,
gekrönt") is taken whole before any keyword splits it; words that are neither a name, a keyword nor
a value a command reads make the command refused, so garbage never becomes a move by accident."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from rapidfuzz import fuzz

from engine.core.numbers import NumberError, parse_whole
from table.errors import TableError
from table.text_match import clean, fold

MIN_PREFIX = 3         # letters a prefix needs before it names a card or a player
MIN_TYPO = 5           # letters a query needs before a typo is forgiven
TYPO_SCORE = 85        # how alike a mistyped name must be (rapidfuzz ratio, 0–100)
SEPARATORS = set(",;.–—-…")


class Args(dict):
    """A command's arguments that remember which of them the command read, and how each was typed."""

    def __init__(self, values: dict[str, Any] | None = None, typed: dict[str, str] | None = None) -> None:
        super().__init__(values or {})
        self.typed = typed or {}
        self.read: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def check_all_read(self) -> None:
        """Refuse a command when some of its words had nothing to do ("spielen X will Y")."""
        unread = [key for key in self if key not in self.read]
        if unread:
            raise TableError("not_understood", words=" · ".join(self.typed.get(k, k) for k in unread))


@dataclass(frozen=True)
class WordTable:
    """One game's command words and keywords (German first, English too)."""

    commands: dict[str, tuple[str, ...]]
    keywords: dict[str, tuple[str, ...]]
    flags: frozenset[str] = frozenset()          # keywords that stand alone ("zuerst", "allein")
    names: Callable[[], frozenset[str]] = frozenset   # the folded whole names a line may contain

    def command_name(self, word: str) -> str:
        name = {fold(w): c for c, words in self.commands.items() for w in words}.get(fold(word))
        if name is None:
            raise TableError("unknown_command", word=word)
        return name

    def parse(self, tokens: list[str]) -> Args:
        return parse(tokens, {fold(w): k for k, words in self.keywords.items() for w in words}, self.flags,
                     self.names())


@cache
def name_prefixes(names: frozenset[str]) -> frozenset[str]:
    """Every beginning (in words) of the names: "bis auf" of "bis auf die unterhose"."""
    prefixes = set()
    for name in names:
        parts = name.split()
        prefixes |= {" ".join(parts[:i]) for i in range(1, len(parts) + 1)}
    return frozenset(prefixes)


def parse(tokens: list[str], keywords: dict[str, str], flags: frozenset[str], names: frozenset[str]) -> Args:
    """"Fluch! Auf eine Rolle festgelegt auf Ben" -> {"main": "Fluch! Auf eine Rolle festgelegt",
    "target_player": "Ben"}: the longest whole name first, then the keywords. A keyword that goes on
    with the words typed after it as a name ("Bis auf die …") stays part of the name."""
    tokens = [t for t in (clean(t) for t in tokens) if t]
    garbage = [t for t in tokens if not fold(t) and not set(t) <= SEPARATORS]
    if garbage:
        raise TableError("not_understood", words=" ".join(garbage))
    longest = max((len(n.split()) for n in names), default=1)
    prefixes = name_prefixes(names)
    slots: dict[str, list[str]] = {"main": []}
    said: dict[str, str] = {}                  # the keyword, as typed, that opened each slot
    current, i = "main", 0
    while i < len(tokens):
        span = _whole_name(tokens, i, longest, names) or 1
        keyword = keywords.get(fold(tokens[i])) if span == 1 else None
        if keyword is not None and _continues_name(slots[current], tokens[i:i + 2], prefixes):
            keyword = None
        if keyword is None:
            slots[current] += tokens[i:i + span]
        else:
            slots.setdefault(keyword, [])
            said.setdefault(keyword, tokens[i])
            current = current if keyword in flags else keyword
        i += span
    values = {key: True if key in flags else " ".join(words) for key, words in slots.items() if words or key in flags}
    typed = {key: " ".join([*said.get(key, "").split(), *words]) for key, words in slots.items()}
    dangling = [typed[key] for key in slots if key not in values and key != "main"]
    if dangling:
        raise TableError("not_understood", words=" · ".join(dangling))
    return Args(values, typed)


def _whole_name(tokens: list[str], start: int, longest: int, names: frozenset[str]) -> int:
    """How many tokens from ``start`` spell a whole name of two words or more (0: none)."""
    for end in range(min(len(tokens), start + longest), start + 1, -1):
        if fold(" ".join(tokens[start:end])) in names:
            return end - start
    return 0


def _continues_name(before: list[str], ahead: list[str], prefixes: frozenset[str]) -> bool:
    """A keyword inside a name: what was typed since the last comma (or the slot's start), the keyword
    and the next word begin a name (at the end of the line, the keyword alone does)."""
    item: list[str] = []
    for token in before:
        item = [] if token.endswith(",") else [*item, token]
    return fold(" ".join([*item, *ahead])) in prefixes


# ---------------------------------------------------------------------- names
def match_name(query: str, candidates: dict[str, Iterable[str]]) -> list[str]:
    """The candidates (key -> names) a query names, by the lookup's rules: the whole name, then the
    start of the name (at least 3 letters), then the start of a word in it, then a near miss for a
    typo. The first rule that finds anything decides."""
    wanted = fold(query)
    if not wanted:
        return []
    folded = {key: [fold(n) for n in names] for key, names in candidates.items()}
    tests: list[Callable[[str], bool]] = [lambda n: n == wanted]
    if len(wanted) >= MIN_PREFIX:
        tests += [lambda n: n.startswith(wanted), lambda n: f" {wanted}" in f" {n}"]
    if len(wanted) >= MIN_TYPO:
        tests.append(lambda n: fuzz.ratio(n, wanted) >= TYPO_SCORE)
    for test in tests:
        hits = [key for key, names in folded.items() if any(test(n) for n in names)]
        if hits:
            return hits
    return []


def split_list(value: str, names: Iterable[str]) -> list[str]:
    """"Macbeth, gekrönt, Kegel" -> ["Macbeth, gekrönt", "Kegel"]: commas separate, unless they are
    part of one of the names."""
    whole = {fold(n) for n in names}
    parts = [p for p in value.split(",")]
    out: list[str] = []
    i = 0
    while i < len(parts):
        end = next((j for j in range(len(parts), i + 1, -1) if fold(",".join(parts[i:j])) in whole), i + 1)
        joined = ",".join(parts[i:end]).strip()
        if joined:
            out.append(joined)
        i = end
    return out


def player_named(players: Iterable[tuple[str, str]], query: str) -> str:
    """A player (id, name) by their exact name or id, or an unambiguous beginning of 3 letters or more."""
    players = list(players)
    wanted = fold(query)
    for player_id, name in players:
        if wanted and wanted in (fold(player_id), fold(name)):
            return player_id
    hits = [pid for pid, name in players if len(wanted) >= MIN_PREFIX and fold(name).startswith(wanted)]
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise TableError("ambiguous_player", name=query, players=hits)
    raise TableError("no_such_player", name=query)


# ---------------------------------------------------------------------- resolving names
def resolve_card(state: Any, uids: list[str], query: str, where: str = "") -> str:
    """The card among ``uids`` that the query names (German or English name, or a uid); ``where``
    says where the player should look when nothing fits ("hand", "items", …)."""
    if query in uids:
        return query
    if not fold(query):
        raise TableError("missing_argument", what="card")
    hits = match_name(query, {uid: (state.card(uid).name_de, state.card(uid).name_en) for uid in uids})
    designs = {state.card_ids[u]: u for u in hits}
    if len(designs) == 1:
        return hits[0]
    if designs:
        raise TableError("ambiguous_card", name=query, choices=sorted(designs.values()))
    raise TableError("no_such_card", name=query, where=where)


def copies_named(state: Any, uids: list[str], query: str, where: str = "") -> list[str]:
    """Every copy among ``uids`` of the one card the query names, the one typed (a uid) first."""
    uid = resolve_card(state, uids, query, where)
    design = state.card_ids[uid]
    return [uid, *(u for u in uids if u != uid and state.card_ids.get(u) == design)]


def first_that_acts(copies: list[str], build: Callable[[str], Any], legal: Callable[[Any], bool]) -> Any:
    """The move made with the first of several copies of one card that the rules let act (of two
    Zapperinnen, the one whose talent is still unused this turn); when none may, the first copy's move,
    which the rules then refuse in words. A copy whose move cannot be built is passed over likewise."""
    first: Any = None
    for uid in copies:
        try:
            action = build(uid)
        except TableError as exc:
            first = exc if first is None else first
            continue
        if legal(action):
            return action
        first = action if first is None else first
    if isinstance(first, TableError):
        raise first
    return first


def split_cards(state: Any, uids: list[str], value: str | None, where: str = "") -> tuple[str, ...]:
    """Cards named in a comma list; a comma inside a card's name ("Macbeth, gekrönt") stays in it. A
    card named twice is two copies of it ("Wunschring, Wunschring"); named more often than there are
    copies, the list is refused naming the card."""
    if not value:
        return ()
    names = [n for u in uids for n in (state.card(u).name_de, state.card(u).name_en)]
    chosen: list[str] = []
    for part in split_list(value, names):
        copies = copies_named(state, uids, part, where)
        free = [u for u in copies if u not in chosen]
        if not free:
            named = 1 + sum(state.card_ids[u] == state.card_ids[copies[0]] for u in chosen)
            raise TableError("too_few_copies", card=copies[0], value=named, count=len(copies), where=where)
        chosen.append(free[0])
    return tuple(chosen)


def resolve_player(state: Any, query: str) -> str:
    return player_named(((p.id, p.name) for p in state.players), query)


def need(args: dict[str, Any], key: str, what: str) -> str:
    """A value the command cannot do without; ``what`` names it for the player ("card", "player")."""
    value = args.get(key)
    if not value:
        raise TableError("missing_argument", what=what)
    return str(value)


def typed_number(value: Any, low: int, high: int) -> int:
    """A number typed in a game line ("schätze 2", "verlauf 3"): ASCII digits within low..high, else
    refused in words ("²" is no number; "-1" and 99999999999999999999 are out of the range alike)."""
    try:
        return parse_whole(str(value), low, high, signed=True)
    except NumberError as exc:
        code = "number_out_of_range" if exc.reason == "out_of_range" else "bad_number"
        raise TableError(code, value=str(value), low=low, high=high) from None


# ---------------------------------------------------------------------- answering a decision
# the words that answer a question, by the option they stand for in both engines' decisions: a help
# or a trade is accepted or declined, a "dürfen" ability (Smash Up) is taken ("yes") or not ("none")
ANSWER_WORDS = {
    "accept": ("annehmen", "accept"),
    "decline": ("ablehnen", "decline"),
    "yes": ("ja", "yes"),
    "none": ("keine", "keins", "keinen", "none", "nichts", "nothing"),
}
NO_WORDS = ("nein", "no")      # the other answer of a yes/no question ("yes" or "none")
WORD_OF = {w: option for option, words in ANSWER_WORDS.items() for w in words}


def worded_answer(decision: Any, query: str) -> str | None:
    """The option of ``decision`` that an answer word names ("annehmen" -> "accept", "nein" -> "none"
    of a yes/no question); None for a query that is no answer word, in a decision that has more than
    words to choose from (a card, a player). A word the question does not take, or anything but its
    words where it has nothing else, is refused naming the words that answer it."""
    wanted = fold(query)
    options = set(decision.options)
    said = WORD_OF.get(wanted) or ("none" if wanted in NO_WORDS and "yes" in options else None)
    if said in options:
        return said
    if said is not None or wanted in NO_WORDS or options <= set(ANSWER_WORDS):
        raise TableError("answer_not_offered", value=query, kind=decision.kind, player=decision.player)
    return None


def picked_answer(typed: str) -> tuple[int, str] | None:
    """The decision and option of an autocompleted answer ("12:accept"); None for typed words."""
    number, colon, option = typed.partition(":")
    try:
        return (parse_whole(number), option) if colon else None
    except NumberError:
        return None
