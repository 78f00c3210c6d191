"""The command line (issue 13): every mistake is one clear line and exit code 2, never a traceback or a
hanging process, and nothing is written before the options are known to be good. Resuming says what
it does. The few subprocess tests show the whole process; the rest call bot.main in this process."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import bot
from engine.munchkin.cards import use_host_card_dir
from table import replay
from tests.bad_files import bad_database

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def cli(tmp_path, monkeypatch, capsys):
    """bot.py's main in this process, with a clean environment; returns (exit code, stdout, stderr)."""
    for name in ("DISCORD_TOKEN", "CARD_DIR", "SPIELLEITER_DB", "DEV_GUILD_ID", "DEFAULT_LANGUAGE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("SPIELLEITER_DATA_DIR", str(tmp_path / "var"))
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")

    def run(*argv: str, script: bool = True) -> tuple[int, str, str]:
        args = [*argv, *(("--script", str(empty)) if script and "--script" not in argv else ())]
        try:
            code = bot.main(args)
        except SystemExit as exc:       # argparse's own mistakes
            code = exc.code
        out, err = capsys.readouterr()
        return code, out, err

    yield run
    use_host_card_dir(None)


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def console(tmp_path, *argv: str) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "SPIELLEITER_DATA_DIR": str(tmp_path / "var")}
    return subprocess.run([sys.executable, "bot.py", "--console", *argv], cwd=ROOT, capture_output=True, text=True,
                          timeout=30, stdin=subprocess.DEVNULL, env=env)


# ---------------------------------------------------------------------- the whole process
@pytest.mark.parametrize(("argv", "expected"), [
    (("--players", "Anna", "--seed", "1"), "Es braucht 2 bis 6 Spieler, genannt sind 1 (Anna)."),
    (("--players", "Anna,Anna"), "Jeder Spieler nur einmal: „Anna“ steht zweimal in --players."),
    (("--sets", "foo"), "Unbekanntes Set „foo“. Es gibt: axecop, cthulhu, impossible, shakespeare"),
    (("--script", "/nonexistent"), "Die Skriptdatei /nonexistent gibt es nicht."),
])
def test_a_command_line_mistake_is_one_line_and_exit_2_and_makes_no_database(tmp_path, argv, expected):
    run = console(tmp_path, "--db", str(tmp_path / "c.db"), *argv)
    assert run.returncode == 2 and run.stdout == ""
    assert one_line(run.stderr).startswith(expected)
    assert not (tmp_path / "c.db").exists()


def test_sets_named_in_capitals_simply_work(tmp_path):
    run = console(tmp_path, "--db", str(tmp_path / "c.db"), "--sets", "Cthulhu", "--players", "Anna,Ben",
                  "--seed", "1")
    assert run.returncode == 0, run.stderr
    assert "# Spiel #1 in #konsole: Anna, Ben (Seed 1)" in run.stdout


@pytest.mark.parametrize("how", ["schema not utf-8", "another program's"])
def test_a_bad_database_file_is_one_line_exit_2_and_left_untouched(tmp_path, how):
    path = bad_database(tmp_path / "given.db", how)
    before = None if path.is_dir() else sha(path)
    run = console(tmp_path, "--db", str(path), "--players", "Anna,Ben")     # timeout: it must not hang
    assert run.returncode == 2
    line = one_line(run.stderr)
    assert str(path) in line and ("Nichts wurde verändert" in line or "lässt sich nicht öffnen" in line)
    assert before is None or sha(path) == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("given")) == ["given.db"]


# ---------------------------------------------------------------------- each mistake, in this process
@pytest.mark.parametrize(("argv", "expected"), [
    (("--players", "A,B,C,D,E,F,G"), "Es braucht 2 bis 6 Spieler, genannt sind 7"),
    (("--players", "Anna,anna"), "„anna“ und „Anna“ wären derselbe Name"),
    (("--players", "Anna:1,Ben"), "darf keinen Doppelpunkt enthalten: „Anna:1“"),
    (("--sets", " , "), "--sets nennt kein Set"),
    (("--game", "smashup", "--sets", "cthulhu"), "Smash Up – Munchkin hat keine Sets"),
    (("--auto", "0"), "--auto braucht eine Zahl von Spielen ab 1, nicht 0"),
    (("--bots", "2"), "--bots 2 passt nicht"),
    (("--auto", "1", "--bots", "1", "--bot-budget-ms", "0"), "--bot-budget-ms 0 passt nicht"),
    (("--auto", "1", "--bots", "1", "--bot-level", "stark"), "argument --bot-level: invalid choice: 'stark'"),
    (("--seed", "abc"), "Aufruf fehlerhaft: argument --seed: „abc“ ist keine ganze Zahl aus den Ziffern 0–9"),
    (("--players", "Anna", "--lang", "en"), "It takes 2 to 6 players, 1 named (Anna)."),
])
def test_each_option_mistake_is_one_clear_line(cli, tmp_path, argv, expected):
    code, out, err = cli("--console", "--db", str(tmp_path / "c.db"), *argv)
    assert code == 2 and out == ""
    assert expected in one_line(err)
    assert not (tmp_path / "c.db").exists()


@pytest.mark.parametrize(("content", "expected"), [
    ("Anna: tür\n".encode("latin-1"), "ist kein UTF-8-Text (Byte 7)"),
    (None, "ist ein Ordner, keine Skriptdatei"),
])
def test_a_script_that_cannot_be_read_is_one_line(cli, tmp_path, content, expected):
    script = tmp_path / "moves"
    if content is None:
        script.mkdir()
    else:
        script.write_bytes(content)
    code, _, err = cli("--console", "--db", str(tmp_path / "c.db"), "--script", str(script))
    assert code == 2 and expected in one_line(err)


def test_sets_are_trimmed_and_lower_cased(cli, tmp_path):
    code, _, err = cli("--console", "--db", str(tmp_path / "c.db"), "--sets", " cthulhu, AXECOP ",
                         "--players", "Anna,Ben", "--seed", "2")
    assert code == 0, err
    connection = sqlite3.connect(tmp_path / "c.db")
    assert connection.execute("SELECT sets FROM games").fetchone()[0] == '["cthulhu", "axecop"]'
    connection.close()


@pytest.mark.parametrize("how", ["random bytes", "truncated", "schema not utf-8", "another program's", "folder"])
def test_the_console_and_replay_refuse_a_bad_database_alike(cli, tmp_path, capsys, how):
    path = bad_database(tmp_path / "given.db", how)
    before = None if path.is_dir() else sha(path)
    code, _, err = cli("--console", "--db", str(path), "--players", "Anna,Ben")
    line = one_line(err)
    assert code == 2 and str(path) in line
    assert replay.main(["--db", str(path)]) == 2
    assert one_line(capsys.readouterr().err) == line
    assert before is None or sha(path) == before


def test_replay_without_a_database_says_so_and_creates_none(tmp_path, capsys):
    assert replay.main(["--db", str(tmp_path / "none.db"), "--lang", "en"]) == 2
    assert one_line(capsys.readouterr().err) == f"There is no database at {tmp_path / 'none.db'}."
    assert not (tmp_path / "none.db").exists()


def test_the_bot_checks_its_database_before_contacting_discord(cli, tmp_path, monkeypatch):
    path = bad_database(tmp_path / "bot.db", "another program's")
    before = sha(path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("SPIELLEITER_DB", str(path))
    code, _, err = cli(script=False)
    assert code == 2 and "eine Datenbank eines anderen Programms" in one_line(err)
    assert sha(path) == before


def test_sync_without_a_token_is_one_line(cli):
    code, _, err = cli("--sync", script=False)
    assert code == 2 and one_line(err) == "--sync braucht ein DISCORD_TOKEN (in der Umgebung oder in .env)."


def test_a_bad_host_card_folder_stops_the_start_before_the_database_is_made(cli, tmp_path, monkeypatch):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "mine.yml").write_text("set: mine\ncards:\n  - {id: chibithulhu, name_de: C, name_en: C, deck: door,"
                                    " kind: monster, level: 2}\n", encoding="utf-8")
    monkeypatch.setenv("CARD_DIR", str(cards))
    code, _, err = cli("--console", "--db", str(tmp_path / "c.db"), "--sets", "mine,cthulhu", "--players", "A,B")
    assert code == 2
    assert one_line(err) == ("Kartendatei fehlerhaft: mine.yml: card chibithulhu: field id: also a card of set "
                             "cthulhu (cthulhu.yaml)")
    assert not (tmp_path / "c.db").exists()


# ---------------------------------------------------------------------- resuming
def test_resuming_with_the_same_or_no_options_says_it_resumed(cli, tmp_path):
    db = str(tmp_path / "c.db")
    assert cli("--console", "--db", db, "--players", "Anna,Ben", "--seed", "3")[0] == 0
    for argv in (("--players", "Anna,Ben", "--seed", "3"), ()):
        code, out, _ = cli("--console", "--db", db, *argv)
        assert code == 0
        assert ("# Spiel #1 in #konsole wird fortgesetzt (Version 1: --game munchkin --players Anna,Ben --sets cthulhu "
                "--seed 3). „--fresh“ beginnt ein neues.") in out


@pytest.mark.parametrize(("argv", "wanted"), [
    (("--players", "Anna,Ben,Cleo"), "nicht --players Anna,Ben,Cleo"),
    (("--seed", "4"), "nicht --seed 4"),
    (("--sets", "axecop"), "nicht --sets axecop"),
    (("--game", "smashup"), "nicht --game smashup"),
    (("--faster-play",), "nicht --faster-play"),
])
def test_resuming_a_game_other_than_the_options_name_says_so_and_offers_fresh(cli, tmp_path, argv, wanted):
    db = tmp_path / "c.db"
    assert cli("--console", "--db", str(db), "--players", "Anna,Ben", "--seed", "3")[0] == 0
    before = sha(db)
    code, out, err = cli("--console", "--db", str(db), *argv)
    assert code == 2 and out == ""
    line = one_line(err)
    assert line.startswith("Im Kanal #konsole läuft noch Spiel #1 (--game munchkin --players Anna,Ben --sets cthulhu "
                           "--seed 3), " + wanted)
    assert "--fresh" in line
    assert sha(db) == before
    code, out, _ = cli("--console", "--db", str(db), *argv, "--players", "Anna,Ben,Cleo", "--fresh")
    assert code == 0 and "# Spiel #2" in out


def test_sets_in_another_order_are_the_same_game(cli, tmp_path):
    db = str(tmp_path / "c.db")
    assert cli("--console", "--db", db, "--players", "Anna,Ben", "--sets", "cthulhu,axecop")[0] == 0
    code, out, _ = cli("--console", "--db", db, "--sets", "Axecop, cthulhu")
    assert code == 0 and "wird fortgesetzt" in out


def test_a_token_discord_refuses_is_one_line(cli, tmp_path, monkeypatch):
    import discord

    async def refuse(self, token):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(bot.Spielleiter, "login", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("SPIELLEITER_DB", str(tmp_path / "bot.db"))
    code, _, err = cli(script=False)
    assert code == 2
    assert one_line(err).startswith("Discord nimmt das DISCORD_TOKEN nicht an")


def test_console_bots_play_at_the_strength_named(cli, tmp_path):
    """Issue 21: `--bots 2 --bot-level schwer` seats two searching bots (here with a short thinking time)."""
    code, out, err = cli("--console", "--db", str(tmp_path / "b.db"), "--auto", "1", "--players", "3", "--seed", "2",
                         "--bots", "2", "--bot-level", "schwer", "--bot-budget-ms", "5", script=False)
    assert code == 0, err
    assert "1/1 Spiele beendet" in out and "P2 (Bot, schwer)" in out and "P3 (Bot, schwer)" in out


# ---------------------------------------------------------------------- issue #34: what a person types
def stamp(path: Path) -> tuple[str, int] | None:
    """A file's bytes and modification time, to show it untouched; None when there is no file."""
    return (sha(path), path.stat().st_mtime_ns) if path.exists() else None


@pytest.mark.parametrize(("argv", "expected"), [
    # point 2: numbers are ASCII digits within a range
    (("--players", "²"), "--players ² geht nicht: eine Zahl von Spielern schreibt man mit den Ziffern 0–9, von 2 bis"),
    (("--players", "٣"), "--players ٣ geht nicht"),
    (("--players", "9"), "--players 9 geht nicht"),
    (("--players", "9" * 30), "geht nicht: eine Zahl von Spielern"),
    (("--seed", "٣"), "argument --seed: „٣“ ist keine ganze Zahl aus den Ziffern 0–9 (erlaubt: ab 0)"),
    (("--auto", "²"), "argument --auto: „²“ ist keine ganze Zahl aus den Ziffern 0–9"),
    (("--bots", "1²"), "argument --bots: „1²“ ist keine ganze Zahl"),
    (("--seed", "٣", "--lang", "en"), "argument --seed: “٣” is not a whole number in the digits 0–9 (allowed: 0 or"),
    # point 4: addresses and sets
    (("--db", "mysql://x@y/z"), "„mysql://x@y/z“ ist keine Datenbankadresse, die ich lesen kann"),
    (("--db", "garbage://user:secret@host/x"), "„garbage://user:***@host/x“ ist keine Datenbankadresse"),
    (("--sets", ""), "--sets nennt kein Set. Es gibt: axecop, cthulhu"),
    (("--sets", ",,,"), "--sets nennt kein Set. Es gibt: axecop, cthulhu"),
    (("--game", "smashup", "--sets", ""), "Smash Up – Munchkin hat keine Sets"),
])
def test_a_number_in_another_script_or_an_unknown_address_is_one_line_and_writes_nothing(cli, tmp_path, argv, expected):
    """Issue #34, points 2 and 4: `--players ²` ended the start with a traceback; `--db mysql://…`
    played in a local file named "mysql:/x@y/z"; `--sets ""` quietly took the default set."""
    code, out, err = cli("--console", "--db", str(tmp_path / "c.db"), *argv)
    assert code == 2 and out == ""
    assert expected in one_line(err)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.txt"]
    assert not Path("mysql:").exists() and not Path("garbage:").exists()


@pytest.mark.parametrize(("setting", "value", "expected"), [
    ("STATE_CACHE_SIZE", "²", "Die Einstellung STATE_CACHE_SIZE=² geht nicht: sie nimmt eine ganze Zahl ab 1"),
    ("STATE_CACHE_SIZE", "0", "Die Einstellung STATE_CACHE_SIZE=0 geht nicht"),
    ("SHARD_COUNT", "²", "Die Einstellung SHARD_COUNT=² geht nicht: sie nimmt eine ganze Zahl von 1 bis 10000"),
    ("SHARD_IDS", "1", "Die Einstellung SHARD_IDS=1 geht nur zusammen mit SHARD_COUNT"),
    ("DEV_GUILD_ID", "²", "Die Einstellung DEV_GUILD_ID=² geht nicht: sie nimmt die ID eines Discord-Servers"),
    ("DEV_GUILD_ID", "123456789012345678901", "Die Einstellung DEV_GUILD_ID=123456789012345678901 geht nicht"),
    ("LOG_LEVEL", "BOGUS", "Die Einstellung LOG_LEVEL=BOGUS geht nicht: sie nimmt DEBUG, INFO, WARNING, ERROR oder"),
    ("DATABASE_URL", "garbage://x", "„garbage://x“ ist keine Datenbankadresse, die ich lesen kann"),
])
@pytest.mark.parametrize("start", [("--console", "--players", "Anna,Ben"), ()], ids=["console", "bot"])
def test_a_bad_setting_stops_the_start_in_one_line_naming_what_it_accepts(cli, tmp_path, monkeypatch, setting, value,
                                                                          expected, start):
    """Issue #34, point 2/3/4: a bad environment setting ended start-up with a traceback or was silently
    ignored; now the console and the bot both refuse it before the database is made."""
    monkeypatch.setenv(setting, value)
    if not start:                      # the bot: a token, so nothing but the setting stands in the way
        monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    for other in {"STATE_CACHE_SIZE", "SHARD_COUNT", "SHARD_IDS", "LOG_LEVEL", "DATABASE_URL"} - {setting}:
        monkeypatch.delenv(other, raising=False)
    code, out, err = cli(*start, script=bool(start))
    assert code == 2 and out == ""
    assert one_line(err).startswith(expected)
    assert not (tmp_path / "var").exists()


def test_settings_in_ascii_digits_within_their_range_are_read(monkeypatch):
    for name, value in (("STATE_CACHE_SIZE", "64"), ("SHARD_COUNT", "4"), ("SHARD_IDS", "0, 3"),
                        ("DEV_GUILD_ID", "18446744073709551615"), ("LOG_LEVEL", "info")):
        monkeypatch.setenv(name, value)
    settings = bot.Settings.from_env()
    assert (settings.shard_count, settings.shard_ids, settings.dev_guild_id, settings.log_level) == \
        (4, [0, 3], 2**64 - 1, "INFO")
    monkeypatch.setenv("SHARD_IDS", "4")          # shards are numbered from 0 to SHARD_COUNT - 1
    with pytest.raises(bot.UsageError) as refused:
        bot.Settings.from_env()
    assert refused.value.code == "bad_shard_ids" and refused.value.params["top"] == 3


@pytest.mark.parametrize("how", ["a file", "inside a file"])
def test_images_naming_a_file_is_refused_before_the_game_starts(cli, tmp_path, how):
    """Issue #34, point 3: `--images` naming a file used to start the game and write the database
    before failing with a traceback; now it is one line and the database is not made."""
    blocker = tmp_path / "pictures.png"
    blocker.write_bytes(b"not a folder")
    images = blocker if how == "a file" else blocker / "more"
    code, out, err = cli("--console", "--db", str(tmp_path / "c.db"), "--players", "Anna,Ben", "--images", str(images))
    assert code == 2 and out == ""
    assert one_line(err) == (f"--images {images} geht nicht: {blocker} ist eine Datei, kein Ordner für die Bilder. "
                             "Nichts wurde gestartet.")
    assert not (tmp_path / "c.db").exists() and blocker.read_bytes() == b"not a folder"


def test_images_in_a_folder_that_does_not_exist_yet_are_written_there(cli, tmp_path):
    images = tmp_path / "new" / "pictures"
    code, _, err = cli("--console", "--db", str(tmp_path / "c.db"), "--players", "Anna,Ben", "--seed", "1",
                       "--images", str(images))
    assert code == 0, err
    assert any(images.glob("*.png"))


def test_a_db_in_a_folder_that_does_not_exist_says_it_creates_it(cli, tmp_path):
    """Issue #34, point 4: the console says on stderr, in one line, that it makes the folder."""
    db = tmp_path / "not" / "yet" / "c.db"
    code, out, err = cli("--console", "--db", str(db), "--players", "Anna,Ben", "--seed", "1")
    assert code == 0 and "# Spiel #1" in out
    assert one_line(err) == f"Den Ordner {db.parent} für die Datenbank gibt es noch nicht – ich lege ihn an."
    assert db.exists()
    code, _, err = cli("--console", "--db", str(db))       # the second time there is nothing to say
    assert code == 0 and err == ""


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> tuple[Path, tuple[str, int] | None]:
    """A folder with a database holding one game (game.db), and that file's stamp."""
    folder = tmp_path_factory.mktemp("played")
    assert console(folder, "--db", str(folder / "game.db"), "--players", "Anna,Ben", "--seed", "1").returncode == 0
    return folder, stamp(folder / "game.db")


def tool(*argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *argv], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)


@pytest.mark.parametrize(("argv", "expected"), [
    (("engine.sim", "--sets", "foo"), "python -m engine.sim: --sets 'foo': the sets are axecop, cthulhu"),
    (("engine.sim", "--players", "9"), "python -m engine.sim: --players 9: munchkin is played by 2 to 6"),
    (("engine.sim", "--games", "-5"), "python -m engine.sim: argument --games: '-5' is not a whole number in the "
                                      "digits 0–9 (allowed: 1 or more)"),
    (("engine.sim", "--seed", "²"), "python -m engine.sim: argument --seed: '²' is not a whole number"),
    (("table.replay", "--game", "²"), "Aufruf fehlerhaft: argument --game: „²“ ist keine ganze Zahl"),
    (("table.replay", "--db", "mysql://x@y/z"), "„mysql://x@y/z“ ist keine Datenbankadresse"),
    (("table.bench", "--players", "٣"), "Aufruf fehlerhaft: argument --players: „٣“ ist keine ganze Zahl"),
    (("table.bench", "--db", "garbage://x"), "„garbage://x“ ist keine Datenbankadresse"),
    (("table.migrate",), "Aufruf fehlerhaft: the following arguments are required: --from, --to"),
    (("table.migrate", "--from", "{tmp}/none.db", "--to", "{tmp}/t.db"),
     "Es gibt keine Datenbank unter {tmp}/none.db."),
    (("table.migrate", "--from", "{tmp}/game.db", "--to", "mysql://x@y/z"), "„mysql://x@y/z“ ist keine"),
    (("table.migrate", "--from", "{tmp}/game.db", "--to", "{tmp}/game.db", "--lang", "en"),
     "{tmp}/game.db already holds games: a migration goes only into an empty database. Nothing was copied."),
])
def test_the_tools_refuse_a_mistake_in_one_line_with_exit_2_and_write_nothing(played, argv, expected):
    """Issue #34, points 2-4: engine.sim with an unknown set, too many players or a negative number of
    games, table.migrate's raw codes (`db_unusable {'path': …}`), addresses of other databases."""
    folder, before = played
    run = tool(*(a.replace("{tmp}", str(folder)) for a in argv))
    assert run.returncode == 2 and run.stdout == ""
    assert one_line(run.stderr).startswith(expected.replace("{tmp}", str(folder)))
    assert stamp(folder / "game.db") == before
    assert sorted(p.name for p in folder.iterdir() if p.suffix == ".db") == ["game.db"]


class StoppingInput:
    """A console's input whose server stops after the first line has been played."""

    def __init__(self, lines: list[str], stop) -> None:
        self.lines, self.stop, self.read = lines, stop, 0

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        if self.read == 1:
            self.stop()
        self.read += 1
        return self.lines[self.read - 1] + "\n" if self.read <= len(self.lines) else ""


def test_a_postgresql_server_that_stops_mid_game_is_one_line_exit_1_and_loses_nothing(cli, monkeypatch):
    """Issue #34, point 3: the server stopping under a running console printed 52 lines of traceback;
    now one line says the database went away, and after its restart the game is there, replaying clean."""
    import asyncio

    from tests.pg_server import MISSING, PgServer, server_bin
    from tests.test_console import _seed_where_anna_starts

    if server_bin() is None:
        pytest.skip(MISSING)
    server = PgServer(server_bin(), durable=True).start()
    try:
        monkeypatch.setattr(sys, "stdin", StoppingInput(["Anna: tür", "Anna: status"], server.halt))
        code, out, err = cli("--console", "--db", server.url(), "--players", "Anna,Ben,Cleo",
                             "--seed", str(_seed_where_anna_starts()), script=False)
        assert code == 1 and "Anna" in out
        line = one_line(err)
        assert line.startswith(f"Die Datenbank {server.url()} ist weggefallen (")
        assert "jeder Zug bis hierher ist gespeichert" in line
        server.resume()
        reports = asyncio.run(replay.replay(server.url(), None))
        assert [(r["version"], r["actions"], r["clean"]) for r in reports] == [(2, 1, True)]
    finally:
        server.stop()


@pytest.mark.parametrize("tool", [["engine.cards"], ["engine.cards", "--json"]])
def test_a_reader_that_stops_early_gets_no_traceback(tool):
    """`python -m engine.cards | head`: when the reader closes the pipe, the tool ends quietly with the
    exit code of a program stopped by SIGPIPE, as shell tools do, instead of a BrokenPipeError."""
    # the reading end is closed before the tool starts, so its first write meets a closed pipe
    # whatever the size of its output and however fast this machine is (a reader that reads a
    # little first races the tool: a short output fits the pipe's buffer and ends normally)
    read_end, write_end = os.pipe()
    os.close(read_end)
    process = subprocess.Popen([sys.executable, "-m", *tool], cwd=ROOT, stdout=write_end,
                               stderr=subprocess.PIPE)
    os.close(write_end)
    stderr = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141, stderr
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr
