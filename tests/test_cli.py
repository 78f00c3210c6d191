"""The command line (issue 13): every mistake is one clear line and exit code 2, never a traceback or a
hanging process, and nothing is written before the options are known to be good. Resuming says what
it does. The few subprocess tests show the whole process; the rest call bot.main in this process."""

from __future__ import annotations

import hashlib
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
