"""Names are text, not Markdown (issue 34, point 6): a display name such as "**Boss** [klick](…)" or
"# Riesig" reaches Discord with every Markdown mark escaped once (Discord hides the backslash), in the
lobby, the table and status, a fight, the summary, /rangliste, /verlauf and a DM; buttons and menus,
which show text as it is, keep the name as chosen. Format characters are dropped wherever a name is
taken in, and the console holds names to Discord's 32 characters. On simcord (tests/simcord_table.py),
whose clients are en-US; what the bot posts unasked speaks the server's German."""

from __future__ import annotations

import sqlite3

from cogs.munchkin.views import hand_prompt
from cogs.texts import ui
from engine.munchkin import actions as M
from engine.munchkin.rules import legal_actions
from table.history import leaderboard
from table.service import ActResult
from tests.simcord_table import FIXED_CLOCK, Table, said
from tests.test_history import play_to_the_end, seated_game

BOSS = "**Boss** [klick](https://x.de)"
RIESIG = "# Riesig \\o/"
KLEIN = "-# klein <@123>"
# what Discord receives for each name: the marks escaped, a backslash of the name's own doubled once
AS_SENT = {
    BOSS: r"\*\*Boss\*\* \[klick\](https://x.de)",
    RIESIG: r"\# Riesig \\o/",
    KLEIN: r"\-# klein \<\@123>",
}


def markdown_names(table: Table, names: tuple[str, ...] = (BOSS, RIESIG, KLEIN)) -> None:
    """The table's three players, with these display names."""
    table.players = [table.guild.add_member(table.env.create_user(f"user{i}", global_name=name))
                     for i, name in enumerate(names)]


def sent(table: Table, player_id: str) -> str:
    """The name of a seat as Discord should receive it."""
    return AS_SENT[table.member(player_id).user.global_name]


def combat_clock(table: Table) -> float:
    """A clock whose seed makes the start player's first door a monster (the table seeds from it)."""
    from engine.munchkin.rules import new_game

    seats = [(table.uid(m), m.user.global_name) for m in table.players]
    for step in range(2000):
        clock = FIXED_CLOCK + step
        state, _ = new_game(seats, seed=int(clock * 1000) & 0xFFFFFFFF, sets=("cthulhu",))
        if state.card(state.door_deck[-1]).kind == "monster":
            return clock
    raise AssertionError("no clock")


async def test_a_display_name_with_a_masked_link_is_posted_as_plain_text_in_the_lobby(table: Table):
    markdown_names(table)
    boss, riesig, klein = table.players
    opened = await boss.slash(table.channel, "neu")
    assert opened.response.content == (r"New game opened by \*\*Boss\*\* \[klick\](https://x.de). "
                                       "/game join to take part, /game start to begin.")
    joined = await riesig.slash(table.channel, "beitreten")
    assert joined.response.content == r"\# Riesig \\o/ is now at the table (2 players)."
    waiting = await klein.slash(table.channel, "status")
    assert waiting.response.content == r"Waiting to start: \*\*Boss\*\* \[klick\](https://x.de), \# Riesig \\o/"
    left = await riesig.slash(table.channel, "verlassen")
    assert left.response.content == r"\# Riesig \\o/ leaves the table."


async def test_a_heading_name_is_one_plain_line_in_the_table_and_the_status_message(table: Table):
    markdown_names(table)
    await table.open_game()
    state = await table.state()
    await table.settle()
    heading, body = (c.content for c in table.live().components[:2])     # the live table message (issue 36)
    lines = body.splitlines()
    for index, player in enumerate(state.players):
        marker = "▶" if index == state.active else " "
        assert lines[index] == f"{marker} {sent(table, player.id)} (m): Level 1, Strength 1, 8 cards in hand"
    game_id = await table.game_id()
    # the game's language throughout (the server's en-US locale), as the table below it (issue 36)
    assert heading == ui("en", "live_turn", game=game_id, player=sent(table, state.active_player.id),
                         phase=ui("en", "live_phase_start"))


async def test_a_fight_names_its_players_as_text_and_the_help_button_as_chosen(table: Table):
    markdown_names(table)
    table.bot.table.clock = lambda: combat_clock(table)
    await table.open_game()
    state = await table.state()
    fighter = table.member(state.active_player.id)
    await fighter.slash(table.channel, "tuer")
    await table.settle()
    monster = (await table.state()).combat.monsters[0]
    _heading, fight, *_ = (c.content for c in table.live().components if getattr(c, "content", None))
    first = next(line for line in said(table.live()).splitlines() if "kicks open the door" in line)
    assert first.startswith(f"› {sent(table, table.uid(fighter))} kicks open the door: ") and first.endswith("!")
    assert monster.uid not in first          # the monster by its name, the fighter by theirs
    everyone = ", ".join(sent(table, p.id) for p in state.players)
    assert fight.splitlines()[1] == f"Not passed yet: {everyone}"
    helper = next(m for m in table.players if m is not fighter)
    await fighter.slash(table.channel, "hilfe_bitten", spieler=table.uid(helper))
    await table.settle()
    decision = (await table.state()).decisions[0]
    button_id = f"sl:dec:{await table.game_id()}:{decision.id}"
    message = table.carrying(table.public(), button_id)
    button = next(c for row in message.components for c in getattr(row, "children", []) if c.custom_id == button_id)
    assert button.label == f"{helper.user.global_name}: whether to help"     # no Markdown; whose and about what


async def test_a_dm_shows_names_as_text_and_its_menus_as_chosen(table: Table):
    markdown_names(table)
    await table.open_game()
    state = await table.state()
    dora = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    await dora.slash(table.channel, "zuschauen")
    await table.bot.publisher.drain()
    await table.settle()
    watched = dora.user.dm_channel.history()[-1].embeds[0].description.splitlines()
    for index, player in enumerate(state.players):
        marker = "▶" if index == state.active else " "
        assert watched[index] == f"{marker} {sent(table, player.id)} (m): Level 1, Strength 1, 8 cards in hand"
    # the hand's second menu (a card's targets, issue 36) names the players as they are

    first = table.players[0]
    plays = [m for m in legal_actions(state, table.uid(first)) if isinstance(m, M.PlayCard) and m.target_player]
    assert plays
    menu = f"sl:hand:{await table.game_id()}:{hand_prompt(state)}"
    step_two = await first.user.select(table.carrying(table.dms(first), menu), [plays[0].card], custom_id=menu)
    menus = [o.label for row in step_two.response.message.components for c in row.children
             for o in getattr(c, "options", [])]
    aimed = [label for label in menus if "→" in label]
    assert aimed and all(label.split(" → ")[1] in (BOSS, RIESIG, KLEIN) for label in aimed)


async def test_the_summary_leaderboard_and_history_post_names_as_text(table: Table):
    markdown_names(table)
    await table.open_game(sets="testdeck", sprache="de")     # the summary in German, the player's pages in English
    record = await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))
    _, state = await table.bot.table.state_of(record)
    results = await play_to_the_end(table.bot.table, ActResult(record.id, str(table.channel.id), record.version,
                                                               state))
    await table.bot.publisher.drain()
    await table.settle()
    final = results[-1].state
    winners = ", ".join(sent(table, p) for p in final.winners)
    summary = next(m for m in table.public() if m.embeds and m.embeds[0].title == "Spielende – Zusammenfassung")
    lines = summary.embeds[0].description.splitlines()
    assert lines[0] == f"🏆 Sieger: {winners}"
    fighters = [line for line in lines if line.startswith("• ")]
    assert fighters and all(line[2:].split(": ")[0] in AS_SENT.values() for line in fighters)

    board = await table.players[0].slash(table.channel, "rangliste")
    order = sorted(final.players, key=lambda p: (p.id not in final.winners, p.id))
    assert board.response.message.embeds[0].description.splitlines() == [
        f"{place}. {sent(table, p.id)} – wins: {int(p.id in final.winners)} · games: 1"
        for place, p in enumerate(order, start=1)]

    history = await table.players[1].slash(table.channel, "verlauf")
    page = history.response.message.embeds[0]
    doors = [line for line in page.description.splitlines() if " kicks open the door: " in line]
    assert doors and all(line.split(" kicks open the door: ")[0] in AS_SENT.values() for line in doors)
    assert page.fields[0].value.splitlines()[0] == (f"🏆 Winner: {winners}" if len(final.winners) == 1    # one, or more
                                                    else f"🏆 Winners: {winners}")


async def test_names_of_32_markdown_marks_still_fit_every_message_once_escaped(table: Table):
    """Escaping doubles such a name; simcord refuses any message over Discord's limits, and the game
    is played to its end and summed up."""
    names = ("*" * 32, "_" * 32, "|" * 32)
    markdown_names(table, names)
    await table.open_game(sets="testdeck", sprache="de")
    record = await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))
    _, state = await table.bot.table.state_of(record)
    await play_to_the_end(table.bot.table, ActResult(record.id, str(table.channel.id), record.version, state))
    await table.bot.publisher.drain()
    await table.settle()
    summary = next(m for m in table.public() if m.embeds and m.embeds[0].title == "Spielende – Zusammenfassung")
    assert any(line.startswith("• " + "\\*" * 32 + ": ") or line.startswith("• " + "\\_" * 32 + ": ")
               or line.startswith("• " + "\\|" * 32 + ": ") for line in summary.embeds[0].description.splitlines())


async def test_a_name_with_bidi_marks_joins_stands_in_and_watches_without_them(table: Table):
    """A right-to-left override in a name would turn the line it is posted in around."""
    await table.open_game()
    state = await table.state()
    seat = state.players[0].id
    dora = table.guild.add_member(table.env.create_user("dora", global_name="\u202e**Dora**\u200b"))
    offered = await dora.slash(table.channel, "vertreten", spieler=seat)
    assert offered.response.content.startswith(r"\*\*Dora\*\* wants to take over ")
    emil = table.guild.add_member(table.env.create_user("emil", global_name="\u2066Emil\u2069"))
    await emil.slash(table.channel, "zuschauen")
    spectators = await table.bot.table.store.spectators(await table.game_id())
    assert [s.name for s in spectators] == ["Emil"]


async def test_a_lobby_greets_a_bidi_name_without_its_marks(table: Table):
    anna, ben = table.players[0], table.guild.add_member(table.env.create_user("ben2", global_name="\u202eBen\u200f"))
    await anna.slash(table.channel, "neu")
    joined = await ben.slash(table.channel, "beitreten")
    assert joined.response.content == "Ben is now at the table (2 players)."


async def test_the_leaderboard_drops_the_format_marks_of_a_name_stored_before_they_were_dropped(service, store,
                                                                                                 tmp_path):
    started = await seated_game(service, sets=["testdeck"])
    await play_to_the_end(service, started)
    with sqlite3.connect(tmp_path / "data" / "test.db") as old:     # a seat written by an older version
        old.execute("UPDATE seats SET name = ? WHERE user_id = 'ben'", ("\u202eBen\u200b",))
    lines = await leaderboard(store, "g", "en")
    assert any(line.startswith(("1. Ben –", "2. Ben –")) for line in lines), lines
    assert not any("\u202e" in line or "\u200b" in line for line in lines)


def test_a_plain_name_is_posted_unchanged_and_a_list_quote_or_mention_is_no_longer_one():
    from cogs.names import escaped

    assert escaped("Anna") == "Anna" and escaped("Richard III.") == "Richard III."
    assert escaped("1. Platz") == r"1\. Platz" and escaped("> Zitat") == r"\> Zitat"
    assert escaped("@everyone") == r"\@everyone" and escaped("||Spoiler||") == r"\|\|Spoiler\|\|"


# ---------------------------------------------------------------------- the console
def test_the_console_refuses_a_name_longer_than_discord_allows_in_one_line(tmp_path):
    """Refused rather than cut: every console line names its player ("NAME: befehl") as typed."""
    from tests.test_cli import console

    database = tmp_path / "c.db"
    long = "Rumpelstilzchen von Hohenzollern!"       # 33 characters
    run = console(tmp_path, "--db", str(database), "--players", f"{long},Ben")
    assert run.returncode == 2 and run.stdout == "" and not database.exists()
    assert run.stderr.strip().splitlines() == [
        f"Ein Spielername hat höchstens 32 Zeichen, so wie bei Discord: „{long}“ hat 33."]


def test_the_console_prints_a_32_character_markdown_name_as_typed(tmp_path):
    from tests.test_cli import console

    script = tmp_path / "moves.txt"
    script.write_text("", encoding="utf-8")
    name = "**Boss** [klick](x.de) und # ja!"      # 32 characters
    run = console(tmp_path, "--db", str(tmp_path / "c.db"), "--players", f"{name},Ben", "--seed", "1",
                  "--script", str(script))
    assert run.returncode == 0, run.stderr
    assert f"{name} zieht 4 Türkarten." in run.stdout.splitlines() and "\\*" not in run.stdout
