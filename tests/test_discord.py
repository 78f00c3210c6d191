"""The Discord layer through discord.py's real command tree, views and autocomplete, on simcord's
simulated Discord (tests/simcord_table.py): players type the commands and click the buttons and
menus on the messages the bot sent them, and Discord refuses what it would refuse in a server.
simcord's clients are en-US, so the answers are English; German clients and closed DMs:
tests/test_discord_locales.py."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cogs.munchkin.drive import step_for
from engine.munchkin import actions as A
from engine.munchkin.rules import apply, legal_actions, new_game
from engine.sim import RandomAgent
from tests.simcord_table import FIXED_CLOCK, Table, custom_ids, refusals, said, texts

ROOT = Path(__file__).resolve().parents[1]
SEED = int(FIXED_CLOCK * 1000) & 0xFFFFFFFF      # the seed the table picks from its clock


def seats(table: Table) -> list[tuple[str, str]]:
    return [(table.uid(m), m.user.global_name) for m in table.players]


async def open_game(table: Table, seed_clock: float = FIXED_CLOCK, **options) -> None:
    table.bot.table.clock = lambda: seed_clock
    await table.open_game(**options)


async def drive(table: Table, game_id: int, action: A.Action):
    """Make one engine move the way a player would in Discord (cogs/munchkin/drive.py names how)."""
    step = step_for(await table.state(), game_id, action)
    result = await table.perform(table.member(action.actor), step)
    await table.settle()
    return result


def engine_game(players: list[tuple[str, str]], seed: int, agent_seed: int, limit: int = 3000):
    state, _ = new_game(players, seed=seed, sets=("cthulhu",))
    agent = RandomAgent(random.Random(agent_seed))
    moves = []
    while state.phase != "over" and len(moves) < limit:
        move = agent.choose([m for p in state.players for m in legal_actions(state, p.id)])
        state, _ = apply(state, move)
        moves.append(move)
    return state, moves


async def test_whole_game_from_lobby_to_winner_keeps_hands_private(table: Table):
    agent_seed = min(range(1, 25), key=lambda s: len(engine_game(seats(table), SEED, s)[1]))
    final, moves = engine_game(seats(table), SEED, agent_seed)
    await open_game(table)
    game_id = await table.game_id()
    for number, move in enumerate(moves, start=1):
        result = await drive(table, game_id, move)
        assert not refusals(result), (number, move, refusals(result))
    finished = await table.bot.table.store.get_game(game_id)
    assert finished.status == "finished"
    assert finished.state_json == final.model_dump_json()
    public_text = "\n".join(m.content + "".join(f"{e.title}{e.description}" for e in m.embeds)
                            for m in table.public())
    assert "wins the game" in public_text
    assert "You receive" not in public_text and "Du bekommst" not in public_text   # nothing private in public
    for member in table.players:
        assert table.dms(member), f"no private message for {member.name}"


async def test_refusals_name_the_reason_privately(table: Table):
    await open_game(table)
    state = await table.state()
    active = table.member(state.active_player.id)
    other = next(m for m in table.players if m is not active)
    stranger = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    empty = table.guild.create_text_channel("leerer-tisch")
    cases = [
        (await stranger.slash(table.channel, "tuer"), "You are not seated"),
        (await other.slash(table.channel, "tuer"), "It is not your turn"),
        (await table.players[2].slash(table.channel, "beenden"), "Only the host"),
        (await active.slash(empty, "tuer"), "No game in this channel"),
    ]
    for result, expected in cases:
        assert result.ephemeral and expected in result.response.content, (expected, result)
    assert (await table.state()).model_dump_json() == state.model_dump_json()


async def test_only_the_player_owed_a_decision_may_answer_it(table: Table):
    await open_game(table, _combat_clock(table))
    state = await table.state()
    game_id = await table.game_id()
    active = table.member(state.active_player.id)
    await active.slash(table.channel, "tuer")
    assert (await table.state()).combat is not None
    helper = next(m for m in table.players if m is not active)
    await active.slash(table.channel, "hilfe_bitten", spieler=table.uid(helper))
    await table.settle()
    decision = (await table.state()).decisions[0]
    button = f"sl:dec:{game_id}:{decision.id}"
    intruder = next(m for m in table.players if m not in (active, helper))
    refused = await intruder.click(table.carrying(table.public(), button), custom_id=button)
    assert refused.ephemeral and "to decide, not you" in refused.response.content
    opened = await helper.click(table.carrying(table.public(), button), custom_id=button)
    assert opened.ephemeral and any(c.startswith("sl:decopt:") for c in custom_ids(opened.response.message))


def _combat_clock(table: Table) -> float:
    """A clock whose seed makes the start player's first door a monster."""
    for step in range(2000):
        clock = FIXED_CLOCK + step
        state, _ = new_game(seats(table), seed=int(clock * 1000) & 0xFFFFFFFF, sets=("cthulhu",))
        if state.card(state.door_deck[-1]).kind == "monster":
            return clock
    raise AssertionError("no clock")


async def _kick_into_combat(table: Table) -> tuple[str, object]:
    """The start player kicks the door into a fight; the pass button's id and the live table message
    that carries it (issue 36: one table message, its buttons those of the moment)."""
    await open_game(table, _combat_clock(table))
    state = await table.state()
    await table.member(state.active_player.id).slash(table.channel, "tuer")
    await table.settle()
    message = table.live()
    pass_id = next(c for c in custom_ids(message) if c.startswith("sl:pass:"))
    return pass_id, message


async def test_stale_and_repeated_pass_buttons(table: Table):
    pass_id, message = await _kick_into_combat(table)
    ben = table.players[1]
    first = await ben.click(message, custom_id=pass_id)
    assert not first.ephemeral and first.response.message.id == message.id    # the click edits the table
    again = await ben.click(table.live(), custom_id=pass_id)
    assert again.ephemeral and "already passed" in again.response.content
    # a card played changes the window: the table's buttons are those of the new one ...
    state = await table.state()
    potion = next((u for p in state.players for u in p.hand if state.card(u).kind == "oneshot"), None)
    assert potion is not None, "the seed deals somebody a one-shot"
    owner = next(p.id for p in state.players if potion in p.hand)
    await table.member(owner).slash(table.channel, "spielen", karte=potion, seite="monsters")
    await table.settle()
    live = table.live()
    assert live.id == message.id and pass_id not in custom_ids(live)     # edited in place, the old button gone
    assert any(c.startswith("sl:pass:") for c in custom_ids(live))


async def test_hand_in_a_dm_shows_the_games_the_player_sits_in(table: Table):
    """/hand in a DM has no channel's game: it shows each game the player sits in, and nobody else's."""
    await open_game(table)
    mine = await table.players[1].user.slash("hand")
    assert mine.ephemeral and any("Your hand" in t for t in texts(mine))
    stranger = table.env.create_user("dora", global_name="Dora")
    theirs = await stranger.slash("hand")
    assert texts(theirs) and not any("Your hand" in t for t in texts(theirs))


async def test_restart_in_a_reaction_window_keeps_the_buttons_working(table: Table):
    pass_id, message = await _kick_into_combat(table)
    clock = table.bot.table.clock
    settings = table.bot.settings
    await table.env.restart_bot(type(table.bot)(settings, run_scheduler=False))     # the bot restarts mid-window
    table.bot.table.clock = clock      # no time has passed: the window's deadline is still ahead
    table.bot.publisher.edit_interval = table.bot.publisher.hand_interval = 0.0   # as the fixture's bot
    for member in table.players:
        answer = await member.click(message, custom_id=pass_id)
        assert answer.acknowledged and not refusals(answer), texts(answer)
    state = await table.state()
    assert state.combat is None or state.combat.stage != "fight"


async def test_autocomplete_offers_only_your_own_cards(table: Table):
    await open_game(table)
    state = await table.state()
    anna = table.players[0]
    choices = await anna.autocomplete(table.channel, "spielen", "karte", "")
    player = state.player(table.uid(anna))
    own = set(player.hand) | {i.uid for i in player.items}
    assert choices and {c["value"] for c in choices} <= own
    stranger = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    assert await stranger.autocomplete(table.channel, "spielen", "karte", "") == []


async def test_hand_is_ephemeral(table: Table):
    await open_game(table)
    result = await table.players[1].slash(table.channel, "hand")
    assert result.ephemeral and "Your hand" in texts(result)[0]
    assert not any("Your hand" in m.content for m in table.public())


def test_check_commands_passes():
    run = subprocess.run([sys.executable, "bot.py", "--check-commands"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    # issue 36: the top-level entries a server's command list shows, then the subcommands in them
    counted = re.fullmatch(r"(\d+) commands, (\d+) subcommands, 0 problems", run.stdout.splitlines()[0])
    assert counted and int(counted[1]) <= 8 and int(counted[2]) >= 41, run.stdout


async def test_playing_a_card_from_the_dm_menu(table: Table):
    await open_game(table, sprache="de")
    version = (await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))).version
    posts = len(table.public())
    for member in table.players:
        menus = [(c, m) for m in table.dms(member) for c in custom_ids(m) if c.startswith("sl:hand:")]
        if not menus:
            continue
        custom_id, message = menus[-1]
        menu = next(child for row in message.components for child in row.children if child.custom_id == custom_id)
        state = await table.state()
        plain = [o.value for o in menu.options if len([m for m in legal_actions(state, table.uid(member))
                                                       if isinstance(m, A.PlayCard) and m.card == o.value]) == 1]
        if not plain:          # a card without a choice of target is played with one pick
            continue
        answer = await member.user.select(message, plain[:1], custom_id=custom_id)
        await table.settle()
        # issue 36: the pick redraws its own DM message (no "done" left behind) ...
        assert not refusals(answer) and not answer.followups, texts(answer)
        assert answer.response.message.id == message.id
        record = await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))
        assert record.version == version + 1
        assert len(table.public()) >= posts                                 # ... the table hears it:
        # its live message shows it, in the game's language (opened in German), not the clicker's English
        assert " spielt " in said(table.live()), said(table.live())
        return
    pytest.fail("no player had a card to play from the DM at the start")


async def test_settings_are_private_and_take_effect(table: Table):
    await open_game(table)
    ben = table.players[1]
    result = await ben.slash(table.channel, "einstellungen", autopass=True, abwesend_stunden=3)
    assert result.ephemeral and "Saved" in result.response.content and "<t:" in result.response.content
    game_id = await table.game_id()
    prefs = (await table.bot.table.store.preferences(game_id))[table.uid(ben)]
    assert prefs.auto_pass and prefs.away_until is not None


async def test_reminder_is_a_dm_with_the_deadline_and_a_link(table: Table):
    await open_game(table, tempo="async")
    state = await table.state()
    table.bot.table.clock = lambda: FIXED_CLOCK + 13 * 3600
    sent = await table.bot.table.send_reminders()
    await table.settle()
    assert [r.user_id for r in sent] == [state.active_player.id]
    active = table.member(state.active_player.id)
    reminders = [m for m in table.dms(active) if m.content.startswith("⏰")]
    link = f"discord.com/channels/{table.guild.id}/{table.channel.id}/"
    assert reminders and "<t:" in reminders[0].content and link in reminders[0].content
    others = [m for m in table.players if m is not active]
    assert not any(d.content.startswith("⏰") for m in others for d in table.dms(m))


async def test_host_changes_the_pace_with_a_command(table: Table):
    await open_game(table)
    refused = await table.players[1].slash(table.channel, "tempo", tempo="async")
    assert refused.ephemeral
    done = await table.players[0].slash(table.channel, "tempo", tempo="async;turn=172800")
    assert "async;turn=172800" in done.response.content
    bad = await table.players[0].slash(table.channel, "tempo", tempo="warp speed")
    assert bad.ephemeral and "Unknown pace" in bad.response.content


@pytest.mark.parametrize("spec", ["async;turn=²", "async;window=٣٠٠", "async;turn=1.2.3", "async;nonsense=3"])
async def test_a_pace_whose_seconds_are_not_a_number_is_refused_when_given_and_start_still_works(table: Table, spec):
    """Issue #34, point 2: /tempo async;turn=² was accepted and then broke /start; now it is refused
    in words, the pace stays as it was, and the game starts."""
    anna, *others = table.players
    await anna.slash(table.channel, "neu")
    bad = await anna.slash(table.channel, "tempo", tempo=spec)
    assert bad.ephemeral and f"The pace “{spec}” does not work" in bad.response.content
    for member in others:
        await member.slash(table.channel, "beitreten")
    started = await anna.slash(table.channel, "start")
    assert not started.ephemeral
    await table.settle()
    assert (await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))).pace == "live"


async def test_set_moves_refuse_privately_and_change_nothing(table: Table):
    """The sets' own commands refuse clearly, only to the sender (German clients: test_discord_locales)."""
    anna, ben, _ = table.players
    await anna.slash(table.channel, "neu", sets="shakespeare")
    await ben.slash(table.channel, "beitreten")
    await anna.slash(table.channel, "start")
    await table.settle()
    state = await table.state()
    assert state.sets == ["shakespeare"]
    cases = [
        await anna.slash(table.channel, "opfern", anhaenger="Wexter"),
        await ben.slash(table.channel, "faehigkeit", karte="Dieb"),
        await anna.slash(table.channel, "beanspruchen", stufenkarte="Xyz"),
    ]
    for result in cases:
        assert result.ephemeral and "No matching card" in result.response.content, result
    assert (await table.state()).model_dump_json() == state.model_dump_json()


async def test_new_game_with_an_unknown_set_is_refused(table: Table):
    result = await table.players[0].slash(table.channel, "neu", sets="cthulhu,atlantis")
    assert result.ephemeral and "atlantis" in result.response.content
    assert not [m for m in table.public() if not m.flags.ephemeral]


async def test_sets_named_in_capitals_and_with_spaces_simply_work(table: Table):
    """Issue 13: `/neu sets:"Cthulhu, AxeCop"` opens a Cthulhu and Axe Cop game, like the console's --sets."""
    await open_game(table, sets=" Cthulhu, AXECOP ,cthulhu")
    assert (await table.state()).sets == ["cthulhu", "axecop"]
