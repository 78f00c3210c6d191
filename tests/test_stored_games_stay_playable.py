"""Games stored by an earlier version of the table (the database in tests/data was written by the code
from before the games' front-ends moved into their own folders) still load, replay exactly and go on:
two finished games (Munchkin Cthulhu, Smash Up – Munchkin) and two running ones."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest

import bot
from table.replay import replay

STORED = Path(__file__).resolve().parent / "data" / "games_before_frontends.db"


@pytest.fixture
def stored(tmp_path, monkeypatch) -> Path:
    for name in ("DISCORD_TOKEN", "CARD_DIR", "SPIELLEITER_DB", "DEFAULT_LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SPIELLEITER_DATA_DIR", str(tmp_path / "var"))
    copy = tmp_path / "games.db"
    shutil.copyfile(STORED, copy)
    return copy


async def test_every_stored_game_replays_to_its_stored_state(stored):
    reports = await replay(stored, None)
    assert [(r["game"], r["status"], r["clean"]) for r in reports] == [
        (1, "finished", True), (2, "finished", True), (3, "active", True), (4, "active", True)]
    assert [r["actions"] for r in reports] == [535, 253, 1, 2]


def _console(stored: Path, tmp_path: Path, channel: str, lines: list[str], *extra: str, capsys) -> str:
    script = tmp_path / f"{channel}.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = bot.main(["--console", "--db", str(stored), "--channel", channel, "--script", str(script), *extra])
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


async def test_the_running_munchkin_game_goes_on_and_still_replays(stored, tmp_path, capsys):
    """Cthulhu: after the door comes the looting (Cleo kicked the door open before the change)."""
    out = await _run(lambda: _console(stored, tmp_path, "munchkin-table", ["Cleo: plündern"], capsys=capsys))
    assert "Cleo zieht 1 Türkarte." in out
    reports = await replay(stored, 3)
    assert reports[0]["clean"] and reports[0]["actions"] == 2


async def test_the_running_smashup_draft_goes_on_and_still_replays(stored, tmp_path, capsys):
    """Smash Up: the faction draft goes on where it stopped; with four factions picked, both draw 5."""
    lines = ["Anna: fraktion Elfen", "Ben: fraktion Zauberer"]
    out = await _run(lambda: _console(stored, tmp_path, "smashup-table", lines, "--game", "smashup", capsys=capsys))
    assert "Anna zieht 5 Karten." in out and "Ben zieht 5 Karten." in out
    reports = await replay(stored, 4)
    assert reports[0]["clean"] and reports[0]["actions"] == 4


async def _run(call):
    """bot.main runs its own event loop: off this test's loop, in a thread."""
    return await asyncio.to_thread(call)


def test_replay_leaves_the_database_it_checks_as_it_was(stored, capsys):
    """Replaying is a check: the stored file (an older schema, which opening a store would bring up to
    date) is byte for byte the same afterwards, and no journal is left beside it."""
    import hashlib

    from table import replay as replay_tool

    before = hashlib.sha256(stored.read_bytes()).hexdigest()
    assert replay_tool.main(["--db", str(stored)]) == 0
    assert "4 games replayed, 4 clean, 0 differ" in capsys.readouterr().out
    assert hashlib.sha256(stored.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in stored.parent.iterdir() if p.name.startswith(stored.name)) == [stored.name]


BEFORE_RULES_V2 = Path(__file__).resolve().parent / "data" / "games_before_rules_v2.db"


async def test_games_stored_before_munchkin_rules_version_2_replay_by_the_rules_they_were_played_by(tmp_path):
    """Issue #37 ("a database from before the change replays clean"): whole games written by the table
    of main 51110c6 (Munchkin rules version 1: two Cthulhu games, one of all four sets mixed; two
    Smash Up games) replay to exactly their stored states, although version 2 changed the rules and
    added state (Sonnenfinsternis' split, left out while unset)."""
    copy = tmp_path / "games.db"
    shutil.copyfile(BEFORE_RULES_V2, copy)
    reports = await replay(copy, None)
    assert [(r["status"], r["clean"]) for r in reports] == [("finished", True)] * 5
    assert [r["actions"] for r in reports] == [716, 528, 1993, 246, 301]
