"""Issue 36, "one language per channel": everything a game says in its channel is in the game's
language (/neu sprache, else the server's choice, else the server's Discord locale, else the default),
whoever moves; what is private follows the user. On our own harness (tests/discord_harness.py), whose
interactions may come from a German or an English client in the same channel (simcord's are all en-US);
its server's Discord locale is German."""

from __future__ import annotations

import re
from functools import cache

import yaml

from cogs.texts import COMMANDS_FILE
from table.i18n import I18N_DIR
from tests.discord_harness import CHANNEL_ID, FIXED_CLOCK, Harness, Sent, state_of

GERMAN, ENGLISH = "de", "en-US"
FRAGMENT = 10      # a template's literal piece this long belongs to its language


def _templates(lang: str) -> list[str]:
    tables = yaml.safe_load((I18N_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))
    found = [str(t) for section in ("events", "words") for t in tables[section].values()]
    found += [str(entry[lang]) for entry in yaml.safe_load(COMMANDS_FILE.read_text(encoding="utf-8"))["ui"].values()]
    return found


@cache
def only_in(lang: str) -> frozenset[str]:
    """The literal pieces of this language's templates that no template of the other language has."""
    other = " ".join(_templates("en" if lang == "de" else "de"))
    pieces = {p.strip(" .:–!?()") for t in _templates(lang) for p in re.split(r"\{[^}]*\}|\n", t)}
    return frozenset(p for p in pieces if len(p) >= FRAGMENT and p not in other)


def shown(sent: Sent) -> str:
    """A message's text as a player reads it: content, embeds and the labels of its buttons and menus."""
    parts = [c for row in sent.components for c in row.get("components", [])]
    labels = [c.get("label") or c.get("placeholder") or "" for c in parts]
    return "\n".join([sent.text, *labels])


def foreign(sent: Sent, lang: str) -> list[str]:
    """The pieces of the other language in a message that should be in ``lang``."""
    return sorted(p for p in only_in("en" if lang == "de" else "de") if p in shown(sent))


async def _open(h: Harness, opener_locale: str, sprache: str | None = None) -> str:
    """A game of three (the second to join has an English client); the player whose turn it is."""
    h.bot.table.clock = lambda: FIXED_CLOCK
    await h.slash("111", "neu", locale=opener_locale, sprache=sprache)
    await h.slash("222", "beitreten", locale=ENGLISH)
    await h.slash("333", "beitreten", locale=GERMAN)
    await h.slash("111", "start", locale=opener_locale)
    return (await state_of(h)).active_player.id


async def _kick_and_pass(h: Harness, player: str, locale: str) -> list[Sent]:
    """The player kicks the door open and, in the fight that may follow, passes: the live table message
    as it shows the kick (issue 36: the table message, not a post per move, says what happened)."""
    await h.slash(player, "tuer", locale=locale)
    await h.settle()
    shown_kick = h.live_table()
    if (await state_of(h)).combat is not None:
        await h.slash(player, "passen", locale=locale)
    return [shown_kick]


async def test_a_game_opened_in_german_speaks_german_in_public_also_for_an_english_players_moves(h: Harness):
    mover = await _open(h, GERMAN)      # the server's Discord locale: German; the mover's client: English
    posted = await _kick_and_pass(h, mover, ENGLISH)
    assert posted and "tritt die Tür ein" in shown(posted[0]), [shown(s) for s in posted]
    await h.settle()
    for sent in h.public():      # every public message of the game, from the lobby on, with its buttons
        assert not foreign(sent, "de"), (foreign(sent, "de"), shown(sent))
    status = h.live_table().text.strip().splitlines()[0]     # the table's heading: said of the player
    assert "ist am Zug" in status and "dein Zug" not in status, status
    hand = await h.slash(mover, "hand", locale=ENGLISH)              # the mover's private answers: English
    assert hand and all(s.ephemeral for s in hand) and "Your hand" in hand[0].text
    other = next(p for p in ("111", "222", "333") if p != mover)
    refused = await h.slash(other, "tuer", locale=ENGLISH)
    assert refused[0].ephemeral and "It is not your turn" in refused[0].content


async def test_a_game_opened_with_sprache_english_is_english_for_a_german_players_moves(h: Harness):
    mover = await _open(h, GERMAN, sprache="en")
    posted = await _kick_and_pass(h, mover, GERMAN)
    assert posted and "kicks open the door" in shown(posted[0]), [shown(s) for s in posted]
    await h.settle()
    for sent in h.public():
        assert not foreign(sent, "en"), (foreign(sent, "en"), shown(sent))
    hand = await h.slash(mover, "hand", locale=GERMAN)               # private: the player's German
    assert hand[0].ephemeral and "Deine Hand" in hand[0].text
    game = await h.bot.table.store.get_game((await h.bot.table.game_in(str(h.guild_id), str(CHANNEL_ID))).id)
    assert game is not None and game.language == "en"               # stored with the game


async def test_without_sprache_the_servers_choice_beats_its_discord_locale(h: Harness):
    await h.bot.languages.choose("guild", str(h.guild_id), "en")     # /einstellungen gilt_fuer: server
    mover = await _open(h, GERMAN)
    posted = await _kick_and_pass(h, mover, GERMAN)
    assert posted and not foreign(posted[0], "en") and "kicks open the door" in shown(posted[0])
