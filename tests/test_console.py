"""The console table: the same table/ code as the bot, lines "NAME: command", German and English."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from engine.munchkin.rules import new_game
from table.console import TABLE_WORDS

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


def test_make_run_with_no_token_and_no_terminal_says_what_it_needs_and_fails(tmp_path):
    """Issue #34, point 8: `make run` from a service (stdin not a terminal, no DISCORD_TOKEN) used to
    print "starte den Konsolentisch" and exit 0 having done nothing; now it names what is missing."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "DISCORD_TOKEN": "",
           "SPIELLEITER_DATA_DIR": str(tmp_path / "var")}
    run = subprocess.run([sys.executable, "bot.py"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                         stdin=subprocess.DEVNULL, env=env)
    assert run.returncode == 2 and run.stdout == "" and "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines() == [
        "Kein DISCORD_TOKEN gesetzt und kein Terminal: für den Bot DISCORD_TOKEN setzen (in der Umgebung oder in "
        ".env), für den Konsolentisch in einem Terminal starten oder --script DATEI angeben."]
    assert not (tmp_path / "var").exists()


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


# ---------------------------------------------------------------------- what a player reads at the console
async def _table(store, lang: str = "de"):
    """A console table on seed 7: Anna starts and her door is Der Borger aus der Tiefe (level 12)."""
    import io

    from table.console import ConsoleTable
    from table.service import TableService

    out = io.StringIO()
    console = ConsoleTable(TableService(store), "konsole", lang, out)
    await console.setup(["Anna", "Ben", "Cleo"], "munchkin", ["cthulhu"], {}, seed=7, fresh=True)
    return console, out


async def _play(store, lines: list[str], lang: str = "de") -> str:
    console, out = await _table(store, lang)
    await console.run_lines(lines, echo=True)
    return out.getvalue()


async def test_a_lost_fight_against_one_monster_asks_no_question_which_monster_first(store):
    """Rulebook "Weglaufen": with several monsters you run from each in an order of your choice; with
    one there is no order to choose."""
    out = await _play(store, ["Anna: tür", "Anna: passen", "Ben: passen", "Cleo: passen", "Anna: status"])
    assert "vor welchem Monster" not in out
    assert "Anna muss weglaufen. → `weglaufen`" in out


async def test_a_declined_request_for_help_prints_a_line(store):
    out = await _play(store, ["Anna: tür", "Anna: bitten Ben", "Ben: ablehnen"])
    assert "\nBen hilft nicht.\n" in out


async def test_a_refusal_says_what_to_do_instead_of_naming_a_phase(store):
    out = await _play(store, ["Anna: plündern", "Anna: spielen", "Ben: spielen Fluch! Rucksack gefressen"])
    assert "✗ Anna: Du musst erst die Tür öffnen (`tür`)." in out
    assert "✗ Anna: Welche Karte? Nenne ihren Namen (ein Anfang genügt)." in out
    assert "✗ Ben: Auf wen? Zum Beispiel „auf Ben“." in out
    assert "So geht's: spielen KARTE" in out
    assert "Phase" not in out and "main" not in out and "target_player" not in out


async def test_the_player_who_owes_a_decision_is_told_how_to_answer_it(store):
    out = await _play(store, ["Anna: tür", "Anna: passen", "Ben: passen", "Cleo: passen", "Anna: weglaufen",
                              "Anna: ende", "Anna: tür", "Anna: hand"])
    assert "Anna muss entscheiden – welche Karte legst du ab (Milde Gabe)? → `wählen KARTE`" in out
    assert ("✗ Anna: Du musst erst entscheiden: welche Karte legst du ab (Milde Gabe)? "
            "Antworte mit `wählen KARTE`.") in out
    assert "Du musst entscheiden: welche Karte legst du ab (Milde Gabe)? → `wählen KARTE` – " in out


async def test_every_answer_to_a_decision_prints_a_line(store):
    """Charity's discards (rulebook "Milde Gabe") are each shown, down to the last one."""
    console, out = await _table(store)
    await console.run_lines(["Anna: tür", "Anna: passen", "Ben: passen", "Cleo: passen", "Anna: weglaufen",
                             "Anna: ende"], echo=True)
    state = (await console.namer()).state
    for _ in range(len(state.player("anna").hand) - 5):
        before = out.getvalue()
        await console.handle("Anna: wählen " + state.card(state.decisions[0].options[0]).name_de)
        assert out.getvalue() != before
        state = (await console.namer()).state


async def test_help_lists_each_command_with_its_arguments_and_an_example(store):
    out = await _play(store, ["Ben: befehle"])
    assert "  spielen KARTE [auf SPIELER oder GEGENSTAND] [gegen MONSTER]" in out
    assert "z. B. „Ben: bitten Ben schätze 1 zuerst“" in out
    assert out.count("z. B.") == 26 + len(TABLE_WORDS)        # the game's commands and the table's own words


async def test_long_input_is_echoed_and_repeated_at_most_100_characters(store):
    out = await _play(store, ["Anna: " + "x" * 400, "Anna: spielen " + "y" * 400])
    echoed = [line for line in out.splitlines() if line.startswith(">")]
    refusals = [line for line in out.splitlines() if line.startswith("✗")]
    assert len(echoed) == 2 and all(len(line[2:]) <= 100 and line.endswith("…") for line in echoed)
    assert len(refusals) == 2 and not any(re.search("[xy]{60}", line) for line in refusals)


async def test_with_lang_en_every_console_line_is_english(store):
    out = await _play(store, ["Anna: help", "Anna: hand", "Anna: loot", "Anna: play", "Anna: door", "Anna: pass",
                              "Ben: pass", "Cleo: pass", "Anna: status", "Anna: run", "Anna: end", "Anna: door",
                              "Ben: ask Anna", "Anna: xyz", "Anna hand"], lang="en")
    german = re.compile(r"[äöüßÄÖÜ]|\b(der|die|das|und|nicht|zieht|Karte|Karten|privat|Spiel|Befehle|Stufe|"
                        r"spielen|wählen|passen|Zug|entscheiden)\b")
    assert [line for line in out.splitlines() if german.search(line)] == []
    assert "  play CARD [on PLAYER or ITEM]" in out and "[private to Anna] Your hand:" in out
    assert "# Game #1 in #konsole: Anna, Ben, Cleo (seed 7)" in out


# ---------------------------------------------------------------------- the table as the status shows it
def test_the_status_line_and_the_combat_line_agree_on_a_fighters_strength():
    """Fluch! Geschlechtsumwandlung: -5 in the next combat. The status during that combat counts it
    as the combat does, so both lines show the same strength."""
    from table.render import Namer, public_view
    from tests.munchkin_helpers import fight, game, to_table

    state = game(sets=("cthulhu",))
    to_table(state, "anna", "curse_change_sex")
    state = fight(state, "buggoth")
    lines = public_view(state, Namer("de", {p.id: p.name for p in state.players}, state, ("cthulhu",)))
    status = next(line for line in lines if line.startswith("▶ Anna"))
    combat = next(line for line in lines if line.startswith("⚔"))
    assert "Kampfstärke -4," in status
    assert "⚔ Kampf: Anna -4 – Buggoth" in combat


def test_an_item_enhancer_is_shown_on_its_item():
    from engine.munchkin.state import ItemInPlay
    from table.render import Namer, private_view, public_view
    from tests.munchkin_helpers import game, take

    state = game(sets=("axecop",))
    armor, sharpener = take(state, "axe_surprise_proof_armor"), take(state, "axe_axe_sharpener")
    state.player("anna").items.append(ItemInPlay(uid=armor, in_use=True, enhancers=[sharpener]))
    namer = Namer("de", {p.id: p.name for p in state.players}, state, ("axecop",))
    assert "Überraschungssichere Rüstung + Axtschärfer" in "\n".join(public_view(state, namer))
    assert "Überraschungssichere Rüstung + Axtschärfer (in Nutzung)" in "\n".join(private_view(state, "anna", namer))


async def test_a_passed_round_of_specials_prints_a_line(store):
    """Smash Up "Wertung": passing in the round of specials shows, though the engine reports nothing."""
    import io

    from engine.smashup.actions import PassSpecial
    from table.console import ConsoleTable
    from table.service import TableService

    console = ConsoleTable(TableService(store), "su", "de", io.StringIO())
    await console.setup(["Anna", "Ben"], "smashup", ["smashup"], {}, seed=3, fresh=True)
    namer = await console.namer()
    line = console.acknowledge(PassSpecial(actor=namer.state.players[0].id, window=0), namer)
    assert line == f"{namer.state.players[0].name} passt: keine Extra-Fähigkeit vor dieser Wertung."


async def test_words_after_hand_or_status_are_refused_not_ignored(store):
    out = await _play(store, ["Anna: hand zeigen", "Anna: status bitte"])
    assert "✗ Anna: Das habe ich nicht verstanden: „zeigen“ – der Befehl gilt nicht." in out
    assert "✗ Anna: Das habe ich nicht verstanden: „bitte“ – der Befehl gilt nicht." in out
    assert "Deine Hand" not in out


async def test_the_garbage_line_from_the_report_changes_nothing(store):
    console, out = await _table(store)
    before = (await console.namer()).state.model_dump_json()
    await console.run_lines(['B: spielen karte %"., will # väj$', 'Ben: spielen karte %"., will # väj$'], echo=True)
    assert "✗ B: Keinen Spieler gefunden: B." in out.getvalue()
    assert "✗ Ben: Das habe ich nicht verstanden: „%\"., #“ – der Befehl gilt nicht." in out.getvalue()
    assert (await console.namer()).state.model_dump_json() == before


async def test_a_busy_database_refuses_the_line_and_the_console_goes_on(store, monkeypatch):
    """Issue 13: a database busy with another process refuses that one line, in words; the next line plays."""
    from table.errors import Busy

    console, out = await _table(store)
    real = console.namer

    async def busy_once():
        monkeypatch.setattr(console, "namer", real)
        raise Busy()

    monkeypatch.setattr(console, "namer", busy_once)
    await console.run_lines(["Anna: tür", "Anna: tür"], echo=True)
    assert "✗ Anna: Gerade ist viel los am Tisch – versuch es gleich noch einmal." in out.getvalue()
    assert "Anna tritt die Tür ein" in out.getvalue()


def test_players_name_their_characters_sex_on_the_command_line(tmp_path):
    """Cthulhu l.103/l.125: the character starts with the player's sex; `--players Anna:w,Ben:m` says it."""
    script = tmp_path / "moves.txt"
    script.write_text("Ben: status\n", encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "bot.py", "--console", "--db", str(tmp_path / "c.db"), "--seed", "3",
         "--players", "Anna:w,Ben:m,Cleo", "--script", str(script)],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    status = run.stdout.split("> Ben: status\n")[1]
    assert "Anna (w)" in status and "Ben (m)" in status and "Cleo (m)" in status
    assert "# Spiel #1 in #konsole: Anna, Ben, Cleo" in run.stdout


# ---------------------------------------------------------------------- lines a player could misread (issue #37)
async def test_running_away_in_the_fight_says_one_runs_after_losing_and_bad_stuff_that_finds_nothing_says_so(store):
    """Issue #37, console lines: `weglaufen` while the fight is on says that one runs once it is lost;
    the combat line names the monsters' side in words, not as a bare "[12]"; "Schlimme Dinge!" that
    find nothing to take are followed by a line saying so (Anna on level 1 with nothing laid out)."""
    out = await _play(store, ["Anna: tür", "Anna: weglaufen", "Anna: status", "Anna: passen", "Ben: passen",
                              "Cleo: passen", "Anna: weglaufen"])
    assert ("✗ Anna: Noch wird gekämpft. Weglaufen kommt erst, wenn der Kampf verloren ist – dann würfelst du "
            "für jedes Monster.") in out
    assert "⚔ Kampf: Anna 1 – Der Borger aus der Tiefe (12), Monster zusammen 12\n" in out and "[12]" not in out
    caught = "Der Borger aus der Tiefe erwischt Anna (Wurf 2, gesamt 2): Schlimme Dinge!\n"
    assert caught + ("Anna hat nichts, was Der Borger aus der Tiefe nehmen könnte: die Schlimmen Dinge gehen "
                     "ins Leere.\n") in out


def test_an_escape_without_a_roll_says_the_monster_does_not_pursue_and_the_backpack_is_named():
    """Issue #37, console lines: an escape with no die says why (Shoggoth does not pursue level 3 and
    below); an item in the backpack is marked in words, not with a "*"."""
    from engine.munchkin import actions as A
    from table.render import Namer, public_view, render_event
    from tests.munchkin_helpers import act, decision, fight, game, pass_all, to_table

    state = game(sets=("cthulhu",))
    to_table(state, "anna", "sushi_knife_of_doom", in_use=False)
    state = fight(state, "shoggoth")
    state, _ = pass_all(state)
    state, events = act(state, A.Decide(actor="anna", decision=decision(state, "anna", "run_away").id,
                                        option=state.combat.monsters[0].uid))
    lines = [render_event(e, Namer(lang, {p.id: p.name for p in state.players}, state, ("cthulhu",)))
             for lang in ("de", "en") for e in events if e.kind == "escaped"]
    assert lines == ["Shoggoth verfolgt Anna nicht: entkommen, ohne zu würfeln.",
                     "Shoggoth does not pursue Anna: away without a roll."]
    status = "\n".join(public_view(state, Namer("de", {p.id: p.name for p in state.players}, state, ("cthulhu",))))
    assert "Sushimesser des Verderbens (im Rucksack)" in status and "*" not in status


async def test_a_rule_answer_at_a_table_cites_only_the_rulebooks_of_its_sets(store):
    """Issue #37, console lines: at a Cthulhu table `regel weglaufen` cites the Cthulhu rulebook's
    sections, not those of Axe Cop, Impossible and Shakespeare, which the same shared topic covers."""
    out = await _play(store, ["Anna: regel weglaufen"])
    assert "*Regelbuch Munchkin Cthulhu: „Verloren!“, „Schlimme Dinge“*" in out
    assert not [book for book in ("Axe Cop", "Impossible", "Shakespeare") if f"Regelbuch Munchkin {book}" in out]
