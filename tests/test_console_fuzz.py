"""Issue 34 ("What it must show"): random lines at the console table never end in a traceback.

Each run types random lines into the console table as its script mode does (``python bot.py --console
--script``: ConsoleTable.run_lines): the console's own command words with random arguments (numbers
in every script and far too big, player names with Markdown and format characters, card names and
copies named twice, keywords, answer words, empty and junk words). Between the lines, random legal
moves carry the game on (through the table service, as ``--auto`` plays), so the lines meet fights,
trades, choices, scorings and games that end. Every line must be taken or refused in words (no
traceback, no internal key or card id in a refusal), and the engine's invariants must hold after each.

Seeded, so a failure repeats; FUZZ_LINES sets the lines per game and language (5,000 by default).
"""

from __future__ import annotations

import io
import os
import random
import re
import traceback

import pytest

from engine.games import rules_of
from engine.invariants import violations as munchkin_violations
from engine.sim import RandomAgent
from engine.smashup.invariants import violations as smashup_violations
from table.console import TABLE_WORDS, ConsoleTable
from table.games import frontend
from table.service import TableService
from table.sqlite_store import SqliteStore
from table.words import ANSWER_WORDS, NO_WORDS

# lines per game and language: the four runs of 5,000 take about 45 s of one core; FUZZ_LINES asks for more
LINES = int(os.environ.get("FUZZ_LINES") or 5000)
MOVE_SHARE = 0.3          # after a line, how often a random legal move carries the game on
PLAYERS = {"munchkin": ["Anna", "**Boss** [klick](example.com)", "# Riesig", "Zoë\u200f"],
           "smashup": ["Anna", "__Ben__ \u2066x\u2069", "`Cleo`"]}
SETS = {"munchkin": ["cthulhu", "axecop"], "smashup": ["smashup"]}
NUMBERS = ["0", "1", "2", "3", "5", "10", "12", "99", "100", "-1", "-7", "+3", "²", "٣", "१२", "３", "１２", "⁵",
           "٠", "1.5", "1e3", "0x10", "99999999999999999999999999", "-99999999999999999999999999", "00", "1_000"]
JUNK = ["", "%\"", "#", "—", "…", ",", ",,", ";", "?", "!", "🙂", "x" * 70, "\u200f", "\u2066", "\u200b", "<@123>",
        "@everyone", "`", "```", "||x||", "**", "[a](b)", "> zitat", "\\", "'", "\"", "ß", "İ", "\u0301", "NaN"]
MARKDOWN_NAMES = ["**Boss**", "# Riesig", "[klick](example.com)", "Zoë\u200f", "\u2066Anna\u2069", "Ann", "An",
                  "niemand"]
LEAVING = ("verlassen", "leave")
SECRET = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\{'|\b[sc]\d+\b")     # an internal key, a raw dict, a card id


def vocabulary(game: str) -> list[str]:
    front = frontend(game)
    return [w for words in front.commands.values() for w in words] + [w for ws in TABLE_WORDS.values() for w in ws]


def keywords(game: str) -> list[str]:
    from table.munchkin.commands import ABILITY_WORDS, KEYWORDS, SIDES
    from table.smashup.commands import KEYWORDS as SU_KEYWORDS
    from table.smashup.commands import MODE_WORDS

    if game == "munchkin":
        abilities = [w for ws in ABILITY_WORDS.values() for w in ws]
        return [w for ws in KEYWORDS.values() for w in ws] + list(SIDES) + abilities
    return [w for ws in SU_KEYWORDS.values() for w in ws] + [w for ws in MODE_WORDS.values() for w in ws]


def card_names(state, rng: random.Random, lang: str, speaker: str) -> list[str]:
    """Names of cards the line may be about: mostly the speaker's own and what they must choose from,
    some in play or anywhere."""
    uids = rng.sample(list(state.card_ids), 4)
    seat = next((p for p in state.players if p.name == speaker), None)
    if seat is not None and rng.random() < 0.8:
        uids = list(seat.hand) + [getattr(i, "uid", i) for i in getattr(seat, "items", [])]
        uids += [o.split(">")[0].split("|")[0] for d in state.decisions if d.player == seat.id for o in d.options]
        uids = [u for u in uids if u in state.card_ids] or list(state.card_ids)[:4]
    names = []
    for uid in uids:
        card = state.card(uid)
        names.append(card.name_en if lang == "en" and rng.random() < 0.7 else card.name_de)
    return names


def argument(rng: random.Random, state, game: str, lang: str, speaker: str) -> str:
    kind = rng.random()
    if kind < 0.45 and state is not None:
        name = rng.choice(card_names(state, rng, lang, speaker))
        roll = rng.random()
        if roll < 0.15:
            return f"{name}, {name}"                       # a copy named twice
        if roll < 0.25:
            return f"{name}, {name}, {name}"
        if roll < 0.4:
            return name[:rng.randint(1, max(1, len(name)))]  # a beginning
        return name
    if kind < 0.6:
        return rng.choice(keywords(game))
    if kind < 0.7:
        return rng.choice(NUMBERS)
    if kind < 0.8:
        players = PLAYERS[game] + MARKDOWN_NAMES
        return rng.choice(players)
    if kind < 0.9:
        return rng.choice([w for ws in ANSWER_WORDS.values() for w in ws] + list(NO_WORDS) + ["alles", "all"])
    return rng.choice(JUNK)


def random_line(rng: random.Random, state, game: str, lang: str) -> str:
    roll = rng.random()
    seated = [p.name for p in state.players] if state is not None else PLAYERS[game]
    asked = [p.name for p in state.players if any(d.player == p.id for d in state.decisions)] if state else []
    speaker = (rng.choice(asked or seated) if roll < 0.4 else rng.choice(seated) if roll < 0.9
               else rng.choice(MARKDOWN_NAMES + JUNK))
    words = vocabulary(game)
    other = vocabulary("smashup" if game == "munchkin" else "munchkin")
    command = rng.choice(words) if rng.random() < 0.85 else rng.choice(other + JUNK)
    args = [argument(rng, state, game, lang, speaker) for _ in range(rng.choice([0, 1, 1, 1, 2, 2, 3, 5]))]
    if command in LEAVING and not args and rng.random() < 0.95:      # a bare "verlassen" leaves the table:
        args = [rng.choice(JUNK[1:])]                                 # rarely, or three seats empty at once
    separator = ":" if rng.random() < 0.97 else rng.choice(["", "::", " : "])
    return f"{speaker}{separator} {command} {' '.join(args)}"


def invariants(state) -> list[str]:
    return smashup_violations(state) if state.game == "smashup" else munchkin_violations(state)


async def start(console: ConsoleTable, game: str, seed: int) -> None:
    await console.setup(PLAYERS[game][:3], game, SETS[game], {}, seed=seed, fresh=True)


async def fuzz(tmp_path, game: str, lang: str, seed: int) -> list[str]:
    """The problems the random lines found: tracebacks, refusals naming an internal key, broken invariants."""
    rng = random.Random(seed)
    store = SqliteStore(tmp_path / f"{game}-{lang}.db")
    await store.open()
    problems: list[str] = []
    try:
        service = TableService(store)
        out = io.StringIO()
        console = ConsoleTable(service, "fuzz", lang, out)
        rules, agent = rules_of(game), RandomAgent(random.Random(seed))
        games = 1
        await start(console, game, seed)
        state = (await console.namer()).state
        for _ in range(LINES):
            if state is None or state.phase == "over":
                games += 1
                await start(console, game, seed + games)
                state = (await console.namer()).state
            line = random_line(rng, state, game, lang)
            before = len(out.getvalue())
            try:
                await console.run_lines([line], echo=True)
            except Exception:        # what the fuzzing looks for: any traceback at all
                problems.append(f"{line!r}: {traceback.format_exc(limit=-3)}")
                state = (await console.namer()).state
                continue
            refusals = [said for said in out.getvalue()[before:].splitlines() if said.startswith("✗")]
            problems += [f"{line!r} -> {said!r}" for said in refusals if SECRET.search(said.split(":", 1)[-1])]
            if not refusals:                    # a refused line changes nothing; a line taken may have
                state = (await console.namer()).state
                if state is not None:
                    problems += [f"{line!r} -> {v}" for v in invariants(state)]
            if state is not None and state.phase != "over" and rng.random() < MOVE_SHARE:
                moves = [m for p in state.players for m in rules.legal_actions(state, p.id)]
                if moves:
                    move = agent.choose(moves)
                    state = (await service.act_in(console.game_id, move.actor, move)).state
            if len(problems) > 20:
                break
    finally:
        await store.close()
    return problems


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", ["munchkin", "smashup"])
async def test_random_console_lines_are_taken_or_refused_in_words_never_a_traceback(tmp_path, game, lang):
    problems = await fuzz(tmp_path, game, lang, seed=34)
    assert problems == [], "\n".join(problems[:10])
