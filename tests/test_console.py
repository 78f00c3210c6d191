"""The console table: the same table/ code as the bot, lines "NAME: command", German and English."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from engine.munchkin.rules import new_game

ROOT = Path(__file__).resolve().parents[1]


def _seed_where_anna_starts() -> int:
    for seed in range(1, 100):
        state, _ = new_game([("anna", "Anna"), ("ben", "Ben"), ("cleo", "Cleo")], seed=seed, sets=("cthulhu",))
        if state.active_player.id == "anna":
            return seed
    raise AssertionError("no seed")


def run_script(tmp_path, lines: str, *extra: str) -> subprocess.CompletedProcess:
    script = tmp_path / "moves.txt"
    script.write_text(lines, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "bot.py", "--console", "--db", str(tmp_path / "c.db"),
         "--seed", str(_seed_where_anna_starts()), "--players", "Anna,Ben,Cleo", "--script", str(script), *extra],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )


def test_script_plays_and_prints_refusals(tmp_path):
    run = run_script(tmp_path, "Ben: tür\nAnna: door\nAnna: passen\nBen: pass\nCleo: passen\nAnna: weglaufen\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "✗ Ben: Du bist nicht am Zug – Anna ist dran." in out
    assert "Anna tritt die Tür ein: " in out
    assert "> Anna: weglaufen" in out


def test_hand_is_shown_only_as_that_players_private_view(tmp_path):
    run = run_script(tmp_path, "Anna: hand\n")
    hand_lines = [line for line in run.stdout.splitlines() if "Deine Hand" in line]
    assert hand_lines and all(line.strip().startswith("[privat an Anna]") for line in hand_lines)


def test_english_output_and_unknown_command(tmp_path):
    run = run_script(tmp_path, "Anna: dance\nBen: door\n", "--lang", "en")
    assert "✗ Anna: Unknown command: dance." in run.stdout
    assert "It is not your turn – Anna is playing." in run.stdout


def test_game_resumes_after_restart(tmp_path):
    run_script(tmp_path, "Anna: tür\n")
    again = run_script(tmp_path, "Anna: status\n")
    assert "wird fortgesetzt" in again.stdout


def test_without_token_and_no_terminal_it_says_so_and_exits(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "DISCORD_TOKEN": ""}
    run = subprocess.run([sys.executable, "bot.py"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         stdin=subprocess.DEVNULL, env=env)
    assert run.returncode == 0
    assert run.stdout.strip().splitlines() == ["Kein DISCORD_TOKEN gesetzt – starte den Konsolentisch."]


def test_a_bad_host_card_file_stops_the_start_naming_file_card_and_field(tmp_path):
    """Card data: the host's card folder is validated at start-up."""
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "mine.yaml").write_text("set: cthulhu\ncards:\n  - {id: oops, name_de: O, name_en: O, deck: door,"
                                     " kind: monster, level: high}\n", encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "DISCORD_TOKEN": "", "CARD_DIR": str(cards)}
    run = subprocess.run([sys.executable, "bot.py", "--console", "--auto", "1"], cwd=ROOT, capture_output=True,
                         text=True, timeout=60, stdin=subprocess.DEVNULL, env=env)
    assert run.returncode == 2
    assert "mine.yaml: card oops: field level" in run.stderr


def test_a_host_card_file_is_used_by_the_console_table(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "fix.yaml").write_text("set: cthulhu\ncards:\n  - {id: chibithulhu, name_de: Chibi-Cthulhu,"
                                    " name_en: Chibi, deck: door, kind: monster, level: 2, treasures: 1}\n",
                                    encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "DISCORD_TOKEN": "", "CARD_DIR": str(cards)}
    script = tmp_path / "s.txt"
    script.write_text("Anna: karte Chibi-Cthulhu\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "bot.py", "--console", "--db", str(tmp_path / "c.db"), "--players",
                          "Anna,Ben", "--script", str(script)], cwd=ROOT, capture_output=True, text=True,
                         timeout=60, env=env)
    assert run.returncode == 0, run.stderr
    assert "Chibi-Cthulhu" in run.stdout


def test_console_lookups_refuse_weak_matches_and_ask_for_a_word(tmp_path):
    """Issue 13 (lookups): a card nothing matches well names the three nearest; an empty query asks for a name."""
    run = run_script(tmp_path, "Anna: karte schmetterlingsmesser\nAnna: karte\nAnna: regel kampf\n")
    assert run.returncode == 0, run.stderr
    nothing = run.stdout.split("> Anna: karte\n")[0].split("> Anna: karte schmetterlingsmesser\n")[1]
    assert "Nichts gefunden" in nothing and "Schummeln" not in nothing and nothing.count(" · ") == 2
    assert "Welche Karte?" in run.stdout.split("> Anna: karte\n")[1].split("> Anna: regel")[0]
    assert "📖 Kampf" in run.stdout
