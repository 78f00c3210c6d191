"""A game's history, its summary and a server's records (issue 20): read back from the stored log,
only what the reader may see (the public events and their own private ones), newest last, in
pages; the summary at a game's end; wins and games per server."""

from __future__ import annotations

import random
from itertools import pairwise

from engine.games import rules_of
from engine.munchkin import actions as MA
from table.history import PAGE_CHARS, default_since, history_of, leaderboard, page_of, pages
from table.i18n import text
from table.render import Namer, render_event
from table.service import ActResult, TableService
from tests.discord_harness import CHANNEL_ID, GUILD_ID, PLAYERS, Harness, state_of

MUNCHKIN = rules_of("munchkin")


async def seated_game(service: TableService, kind: str = "munchkin", channel: str = "c", guild: str = "g",
                      seed: int = 1, pace: str = "live", sets: list[str] | None = None) -> ActResult:
    await service.create(guild, channel, "anna", "Anna", kind=kind, pace=pace, sets=sets)
    await service.join(guild, channel, "ben", "Ben")
    return await service.start(guild, channel, "anna", seed=seed)


async def play_to_the_end(service: TableService, started: ActResult, seed: int = 1) -> list[ActResult]:
    """Bot players (random moves where a bot has none) play the game to its end through the table;
    every result as the table returned it, live."""
    rules = rules_of(started.state.game)
    bots = [rules.bot_player(p.id) for p in started.state.players]
    chooser = random.Random(seed)
    results, state = [started], started.state
    while state.phase != "over":
        move = next((m for m in (b.choose(state) for b in bots) if m is not None), None)
        move = move or chooser.choice([m for p in state.players for m in rules.legal_actions(state, p.id)])
        results.append(await service.act_in(started.game_id, move.actor, move))
        state = results[-1].state
    return results


def _names(lang: str = "de") -> Namer:
    return Namer(lang, {"anna": "Anna", "ben": "Ben"}, None, ("cthulhu",))


# ---------------------------------------------------------------------- what a reader may see
async def test_the_history_shows_ones_own_private_events_and_nobody_elses(service, store):
    """The deal tells each player privately which cards they got (Cthulhu l.103: 4 door and 4 treasure
    cards each): Ben reads his own, never Anna's."""
    started = await seated_game(service)
    namer = _names()
    namer.state = started.state
    private = {p: [render_event(e, namer) for e in started.events if e.audience == p] for p in ("anna", "ben")}
    assert private["anna"] and private["ben"]
    record = await store.get_game(started.game_id)
    bens = await history_of(store, record, "ben", "de")
    bens_private = [line.text for line in bens.lines if line.private]
    assert bens_private == private["ben"]
    assert not set(private["anna"]) & {line.text for line in bens.lines}
    shown = page_of(bens, 0, None, "de").body
    assert all(f"{text('de', 'history', 'private_marker')} {line}" in shown for line in private["ben"])
    assert not any(line in shown for line in private["anna"])


async def test_a_taken_back_move_is_in_the_history_marked(service, store):
    started = await seated_game(service)
    me = started.state.active_player.id
    item = next(m for m in MUNCHKIN.legal_actions(started.state, me)
                if m.type == "play_card" and started.state.card(m.card).kind == "item")
    played = await service.act("g", "c", me, item)
    await service.undo("g", "c", me)
    found = await history_of(store, await store.get_game(started.game_id), "anna", "de")
    namer = _names()
    namer.state = played.state
    move_line = render_event(played.events[0], namer)
    assert found.lines[-2].text == text("de", "history", "taken_back", line=move_line)
    assert found.lines[-1].text == text("de", "events", "move_taken_back", player=me.title())


# ---------------------------------------------------------------------- pages, newest last
async def test_the_history_pages_hold_every_line_once_oldest_first_newest_page_first(service, store):
    started = await seated_game(service, sets=["testdeck"])
    await play_to_the_end(service, started)
    record = await store.get_game(started.game_id)
    found = await history_of(store, record, "anna", "de")
    split = pages(found.lines)
    assert len(split) > 2
    assert [line for page in split for line in page] == found.lines           # each once, in order
    assert all(sum(len(line.text) + 3 for line in page) <= PAGE_CHARS for page in split if len(page) > 1)
    newest = page_of(found, 0, None, "de")
    assert (newest.number, newest.count) == (len(split) - 1, len(split))   # a live game opens at the newest
    assert newest.body.endswith(found.lines[-1].text)
    oldest = page_of(found, 0, 0, "de")
    assert oldest.body.startswith(found.lines[0].text)


async def test_an_asynchronous_game_opens_at_the_readers_last_move(service, store):
    """"What happened while I was away": after two moves of the player on turn, their history opens
    after their own last move (nothing new), the other player's from the start (they have not moved)."""
    started = await seated_game(service, pace="async")
    me = started.state.active_player.id
    other = next(p.id for p in started.state.players if p.id != me)
    items = [m for m in MUNCHKIN.legal_actions(started.state, me)
             if m.type == "play_card" and started.state.card(m.card).kind == "item"]
    await service.act("g", "c", me, items[0])
    await service.act("g", "c", me, MA.KickDoor(actor=me))
    record = await store.get_game(started.game_id)
    mine = await history_of(store, record, me, "de")
    assert default_since(record, mine) == 2
    assert mine.since(2) == []
    assert page_of(mine, 2, None, "de").body == text("de", "history", "nothing_since")
    theirs = await history_of(store, record, other, "de")
    assert default_since(record, theirs) == 0
    assert {line.seq for line in theirs.since(0)} >= {0, 1, 2}


# ---------------------------------------------------------------------- the summary
async def test_a_munchkin_summary_names_winner_turns_fights_helpers_and_the_biggest_kill(service, store):
    """Cthulhu l.164 (a won fight kills the monster), l.176 (help): counted from the live game."""
    started = await seated_game(service, sets=["testdeck"], seed=2)
    results = await play_to_the_end(service, started, seed=2)
    final = results[-1].state
    events = [e for r in results for e in r.events]
    fights = [e for e in events if e.kind == "combat_started"]
    won = [e for e in events if e.kind == "combat_won"]
    kills = [(r_before.state.card(m.uid).level, r_before.state.card(m.uid).name_de)
             for r_before, r in pairwise(results)
             if any(e.kind == "combat_won" for e in r.events) and r_before.state.combat
             for m in r_before.state.combat.monsters]
    found = await history_of(store, await store.get_game(started.game_id), "anna", "de")
    summary = "\n".join(found.summary)
    winners = ", ".join({"anna": "Anna", "ben": "Ben"}[w] for w in final.winners)
    assert text("de", "history", "summary_winners", winners=winners) in summary
    assert text("de", "history", "summary_turns", turns=final.turn) in summary
    assert text("de", "history", "summary_fights", count=len(fights), won=len(won)) in summary
    if kills:
        level, name = max(kills, key=lambda k: k[0])
        assert f"{name} (Stufe {level})" in summary
    helped = [e for e in events if e.kind == "helper_joined"]
    assert ("half" in summary) == bool(helped)


async def test_a_smashup_summary_names_the_bases_scored_and_the_vp(service, store):
    """Smash Up, "Die große Wertung": each base scored with its VP; the game ends at 15 VP."""
    started = await seated_game(service, kind="smashup", channel="su")
    results = await play_to_the_end(service, started)
    final = results[-1].state
    scored = [e for r in results for e in r.events if e.kind == "base_scored"]
    found = await history_of(store, await store.get_game(started.game_id), "ben", "en")
    summary = "\n".join(found.summary)
    assert text("en", "history", "summary_bases", count=len(scored)) in summary
    for player in final.players:
        assert f"{player.name} {player.vp}" in summary
    assert found.summary[0].startswith("🏆")


async def test_the_console_prints_the_summary_when_the_game_ends(service, store, tmp_path):
    import io

    from table.console import ConsoleTable

    out = io.StringIO()
    console = ConsoleTable(service, "c", "de", out)
    started = await seated_game(service, sets=["testdeck"], guild="console")
    console.game_id = started.game_id              # the console's game, now ended
    results = await play_to_the_end(service, started)
    await console.show(results[-1])
    assert text("de", "history", "summary_title") in out.getvalue()


# ---------------------------------------------------------------------- a server's records
async def test_the_leaderboard_counts_a_servers_finished_games_and_wins(any_store, clock):
    service = TableService(any_store, clock=clock)
    finished = []
    for number, guild in enumerate(("g", "g", "other")):
        started = await seated_game(service, channel=f"c{number}", guild=guild, sets=["testdeck"], seed=number + 1)
        finished.append((guild, (await play_to_the_end(service, started, seed=number))[-1].state.winners))
    await seated_game(service, channel="still-running", guild="g")        # not finished: not counted
    wins = {p: sum(p in winners for guild, winners in finished if guild == "g") for p in ("anna", "ben")}
    lines = await leaderboard(any_store, "g", "de")
    expected = sorted(((wins[p], p) for p in wins), key=lambda w: (-w[0], w[1]))
    assert lines == [text("de", "history", "leaderboard_line", place=i + 1, player=p.title(), wins=w, count=2)
                     for i, (w, p) in enumerate(expected)]
    assert await leaderboard(any_store, "nobody-played-here", "de") == [text("de", "history", "leaderboard_empty")]


# ---------------------------------------------------------------------- Discord
async def _discord_game(h: Harness, **options) -> None:
    await h.slash("111", "neu", **options)
    await h.slash("222", "beitreten")
    await h.slash("111", "start")


async def test_discord_history_is_private_and_shows_only_ones_own_cards(h):
    await _discord_game(h)
    state = await state_of(h)
    sent = await h.slash("222", "verlauf")
    assert sent[0].ephemeral
    shown = sent[0].text
    namer = Namer("de", PLAYERS, state, ("cthulhu",))
    assert namer.cards(state.player("222").hand[:1]) in shown
    bens = {namer.card(uid) for uid in state.player("222").hand}
    annas_only = {namer.card(uid) for uid in state.player("111").hand} - bens
    assert annas_only and not any(name in shown for name in annas_only)


async def test_discord_history_turns_pages_with_buttons(h):
    await _discord_game(h)
    game_id = (await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))).id
    rules = MUNCHKIN
    chooser = random.Random(3)
    for _ in range(40):
        state = await state_of(h)
        moves = [m for p in state.players for m in rules.legal_actions(state, p.id)]
        move = chooser.choice(moves)
        await h.bot.table.act_in(game_id, move.actor, move)
    first = await h.slash("111", "verlauf", ab="start")
    footer = first[0].embeds[0]["footer"]["text"]
    assert footer.startswith("Seite ") and footer != "Seite 1/1"
    older = next(c for c in first[0].custom_ids() if c.startswith("sl:hist:"))
    turned = await h.click("111", older)
    edited = [s for s in turned if s.embeds]
    assert edited and edited[-1].embeds[0]["footer"]["text"] != footer


async def test_discord_undo_takes_the_move_back_for_the_channel(h):
    await _discord_game(h)
    state = await state_of(h)
    me = state.active_player.id
    item = next(m for m in MUNCHKIN.legal_actions(state, me)
                if m.type == "play_card" and state.card(m.card).kind == "item")
    await h.slash(me, "spielen", karte=item.card)
    other = next(p for p in ("111", "222") if p != me)
    refused = await h.slash(other, "zurueck")
    assert refused[0].ephemeral and PLAYERS[me] in refused[0].text
    sent = await h.slash(me, "zurueck")
    assert not sent[0].ephemeral and "zurück" in sent[0].text
    assert (await state_of(h)).model_dump_json() == state.model_dump_json()


async def test_discord_posts_the_summary_to_the_channel_when_the_game_ends(h):
    await _discord_game(h, sets="testdeck")
    record = await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))
    _, state = await h.bot.table.state_of(record)
    started = ActResult(record.id, str(CHANNEL_ID), record.version, state)
    await play_to_the_end(h.bot.table, started)
    await h.settle()
    posted = [s for s in h.recorder.sent if s.kind == "channel" and s.channel_id == str(CHANNEL_ID)
              and text("de", "history", "summary_title") in s.text]
    assert len(posted) == 1
    board = await h.slash("222", "rangliste")
    assert not board[0].ephemeral and "Anna" in board[0].text and "Ben" in board[0].text


# ---------------------------------------------------------------------- games finished before the records
FINISHED_BEFORE = ("INSERT INTO games (guild_id, channel_id, kind, sets, options, status, host_id, seed, state, "
                   "version, created_at, updated_at) VALUES ('g', 'c', 'munchkin', '[\"testdeck\"]', '{}', "
                   "'finished', 'u1', 1, '{\"winners\": [\"u2\"], \"turn\": 30}', 90, 1, 1)")
SEATS_BEFORE = [f"INSERT INTO seats (game_id, user_id, name, seat, joined_at) VALUES (1, '{u}', '{n}', {i}, 1)"
                for i, (u, n) in enumerate((("u1", "Uli"), ("u2", "Ute")))]


async def test_games_finished_before_the_records_count_their_winners_sqlite(tmp_path):
    """Migration 13 reads each finished game's winners once from its state, so the leaderboard counts
    the games played before it existed."""
    import sqlite3

    from table.migrations import MIGRATIONS
    from table.sqlite_store import SqliteStore

    path = tmp_path / "old.db"
    connection = sqlite3.connect(path)
    for number in range(1, 13):
        connection.executescript(MIGRATIONS[number - 1])
        connection.execute(f"PRAGMA user_version = {number}")
    for statement in (FINISHED_BEFORE, *SEATS_BEFORE):
        connection.execute(statement)
    connection.commit()
    connection.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert [(s.name, s.won, s.played) for s in await store.standings("g", 10)] == [("Ute", 1, 1), ("Uli", 0, 1)]
    finally:
        await store.close()


async def test_games_finished_before_the_records_count_their_winners_postgresql(pg_server):
    import asyncpg

    from table.migrations import MIGRATIONS
    from table.pg_store import PgStore
    from table.sql import postgres_migration

    name = await pg_server.create_database()
    connection = await asyncpg.connect(pg_server.url(name))
    try:
        await connection.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        for number in range(1, 13):
            await connection.execute(postgres_migration(MIGRATIONS[number - 1]))
            await connection.execute("INSERT INTO schema_version VALUES ($1)", number)
        for statement in (FINISHED_BEFORE, *SEATS_BEFORE):
            await connection.execute(statement)
    finally:
        await connection.close()
    store = PgStore(pg_server.url(name))
    await store.open()
    try:
        assert [(s.name, s.won, s.played) for s in await store.standings("g", 10)] == [("Ute", 1, 1), ("Uli", 0, 1)]
    finally:
        await store.close()
        await pg_server.drop_database(name)


async def test_a_history_page_button_works_without_the_message_that_carried_it(h):
    """The page buttons are DynamicItems (like the lookups'): a click after a restart still turns the
    page, for whoever clicks, with what they may see."""
    await _discord_game(h)
    game_id = (await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))).id
    turned = await h.click("222", f"sl:hist:{game_id}:de:0:0")
    edited = [s for s in turned if s.embeds]
    assert edited and edited[-1].embeds[0]["title"] == text("de", "history", "title", game=game_id)
    state = await state_of(h)
    namer = Namer("de", PLAYERS, state, ("cthulhu",))
    assert namer.cards(state.player("222").hand[:1]) in edited[-1].text
