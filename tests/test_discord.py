"""The Discord layer through discord.py's real command tree, views and autocomplete; only the network
edge is fake (tests/discord_harness.py)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from cogs.munchkin.drive import step_for
from engine.munchkin import actions as A
from engine.munchkin.rules import apply, legal_actions, new_game
from engine.sim import RandomAgent
from tests.discord_harness import (
    CHANNEL_ID,
    FIXED_CLOCK,
    GUILD_ID,
    PLAYERS,
    SEED,
    Harness,
    dm_channel,
    state_of,
)

ROOT = Path(__file__).resolve().parents[1]


async def open_game(h: Harness, seed_clock: float = FIXED_CLOCK) -> None:
    h.bot.table.clock = lambda: seed_clock
    await h.slash("111", "neu")
    await h.slash("222", "beitreten")
    await h.slash("333", "beitreten")
    await h.slash("111", "start")


async def drive(h: Harness, game_id: int, action: A.Action) -> list:
    """Make one engine move the way a player would in Discord (cogs/munchkin/drive.py names how)."""
    me = action.actor
    step = step_for(await state_of(h), game_id, action)
    if step.kind == "slash":
        return await h.slash(me, step.name, **step.options)
    if step.in_dm:
        return await h.click(me, step.name, values=step.values, in_dm=True, channel_id=dm_channel(h, me))
    return await h.click(me, step.name, values=step.values)


def engine_game(seed: int, agent_seed: int, limit: int = 3000):
    state, _ = new_game([(pid, name) for pid, name in PLAYERS.items()], seed=seed, sets=("cthulhu",))
    agent = RandomAgent(random.Random(agent_seed))
    moves = []
    while state.phase != "over" and len(moves) < limit:
        move = agent.choose([m for p in state.players for m in legal_actions(state, p.id)])
        state, _ = apply(state, move)
        moves.append(move)
    return state, moves


async def test_whole_game_from_lobby_to_winner_keeps_hands_private(h):
    agent_seed = min(range(1, 25), key=lambda s: len(engine_game(SEED, s)[1]))
    final, moves = engine_game(SEED, agent_seed)
    await open_game(h)
    record = await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))
    for number, move in enumerate(moves, start=1):
        sent = await drive(h, record.id, move)
        refusals = [s.content for s in sent if s.content.startswith("⛔")]
        assert not refusals, (number, move, refusals)
    await h.settle()
    finished = await h.bot.table.store.get_game(record.id)
    assert finished.status == "finished"
    assert finished.state_json == final.model_dump_json()
    public_text = "\n".join(s.text for s in h.public())
    assert "gewinnt das Spiel" in public_text
    assert "Du bekommst" not in public_text            # no private event was rendered in public
    for user_id in PLAYERS:
        assert h.dms_to(user_id), f"no private message for {user_id}"
    dm_channels = set(h.recorder.dm_channels)
    assert all(s.channel_id not in dm_channels for s in h.public())


async def test_refusals_name_the_reason_privately(h):
    await open_game(h)
    state = await state_of(h)
    active = state.active_player.id
    other = next(p for p in PLAYERS if p != active)
    cases = [
        (await h.slash("999", "tuer"), "Du sitzt nicht mit am Tisch."),
        (await h.slash(other, "tuer"), "nicht am Zug"),
        (await h.slash("333", "beenden"), "Das darf nur, wer das Spiel eröffnet hat"),
        (await h.slash_in(active, "tuer", channel_id=CHANNEL_ID + 1), "In diesem Kanal läuft kein Spiel"),
    ]
    for sent, expected in cases:
        assert len(sent) == 1 and sent[0].ephemeral and expected in sent[0].content, (expected, sent)
    assert (await state_of(h)).model_dump_json() == state.model_dump_json()


async def test_only_the_player_owed_a_decision_may_answer_it(h):
    await open_game(h, _combat_clock())
    state = await state_of(h)
    record = await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))
    # bring about a decision: the active player kicks the door into a combat, then asks for help
    active = state.active_player.id
    await h.slash(active, "tuer")
    state = await state_of(h)
    assert state.combat is not None
    helper = next(p for p in PLAYERS if p != active)
    await h.slash(active, "hilfe_bitten", spieler=helper)
    decision = (await state_of(h)).decisions[0]
    intruder = next(p for p in PLAYERS if p not in (active, helper))
    sent = await h.click(intruder, f"sl:dec:{record.id}:{decision.id}")
    assert sent[0].ephemeral and "Das entscheidet" in sent[0].content
    sent = await h.click(helper, f"sl:dec:{record.id}:{decision.id}")
    assert sent[0].ephemeral and any(cid.startswith("sl:decsel:") for cid in sent[0].custom_ids())


def _combat_clock() -> float:
    """A clock whose seed makes the start player's first door a monster."""
    for step in range(2000):
        clock = FIXED_CLOCK + step
        state, _ = new_game(list(PLAYERS.items()), seed=int(clock * 1000) & 0xFFFFFFFF, sets=("cthulhu",))
        if state.card(state.door_deck[-1]).kind == "monster":
            return clock
    raise AssertionError("no clock")


async def test_stale_and_repeated_pass_buttons(h):
    await open_game(h, _combat_clock())
    state = await state_of(h)
    active = state.active_player.id
    sent = await h.slash(active, "tuer")
    pass_id = next(c for s in sent for c in s.custom_ids() if c.startswith("sl:pass:"))
    first = await h.click("222", pass_id)
    assert not first[0].ephemeral
    again = await h.click("222", pass_id)
    assert again[0].ephemeral and "schon gepasst" in again[0].content
    # a card played changes the window: the old buttons are out of date
    state = await state_of(h)
    potion = next((u for p in state.players for u in p.hand if state.card(u).kind == "oneshot"), None)
    assert potion is not None, "the seed deals somebody a one-shot"
    owner = next(p.id for p in state.players if potion in p.hand)
    await h.slash(owner, "spielen", karte=potion, seite="monsters")
    stale = await h.click("333", pass_id)
    assert stale[0].ephemeral and "nicht mehr aktuell" in stale[0].content


async def test_closed_dms_are_told_once_and_the_game_goes_on(h):
    h.recorder.closed_dms.add("333")
    await open_game(h)
    assert not h.dms_to("333") and h.dms_to("111")
    first = await h.slash("333", "hand")
    notices = [s for s in first if "Direktnachrichten" in s.content]
    assert len(notices) == 1 and notices[0].ephemeral
    second = await h.slash("333", "hand")
    assert not [s for s in second if "Direktnachrichten" in s.content]
    assert any("Deine Hand" in s.text and s.ephemeral for s in second)


async def test_hand_in_a_dm_shows_the_games_the_player_sits_in(h):
    """/hand in a DM has no channel's game: it shows each game the player sits in, and nobody else's."""
    await open_game(h)
    mine = await h.slash_in("222", "hand", in_dm=True, channel_id=dm_channel(h, "222"))
    assert any("Deine Hand" in s.text and s.ephemeral for s in mine)
    stranger = await h.slash_in("999", "hand", in_dm=True, channel_id=4242)
    assert stranger and not any("Deine Hand" in s.text for s in stranger)


async def test_restart_in_a_reaction_window_keeps_the_buttons_working(tmp_path):
    first = await Harness(tmp_path).start()
    first.names = dict(PLAYERS)
    await open_game(first, _combat_clock())
    first.bot_clock = first.bot.table.clock
    state = await state_of(first)
    sent = await first.slash(state.active_player.id, "tuer")
    pass_id = next(c for s in sent for c in s.custom_ids() if c.startswith("sl:pass:"))
    await first.stop()                                   # the bot restarts mid-window

    second = await Harness(tmp_path, first.recorder).start()
    second.names = dict(PLAYERS)
    second.bot.table.clock = first.bot_clock     # no time has passed: the window's deadline is still ahead
    try:
        for user_id in PLAYERS:
            answer = await second.click(user_id, pass_id)
            assert answer and not answer[0].content.startswith("⛔"), answer
        state = await state_of(second)
        assert state.combat is None or state.combat.stage != "fight"
    finally:
        await second.stop()


async def test_autocomplete_offers_only_your_own_cards(h):
    await open_game(h)
    state = await state_of(h)
    choices = await h.autocomplete("111", "spielen", "karte")
    anna = state.player("111")
    own = set(anna.hand) | {i.uid for i in anna.items}
    assert choices and {c["value"] for c in choices} <= own
    others = await h.autocomplete("999", "spielen", "karte")
    assert others == []


async def test_english_client_gets_english_replies(h):
    await open_game(h)
    state = await state_of(h)
    other = next(p for p in PLAYERS if p != state.active_player.id)
    sent = await h.slash(other, "tuer", locale="en-US")
    assert "It is not your turn" in sent[0].content


async def test_hand_is_ephemeral(h):
    await open_game(h)
    sent = await h.slash("222", "hand")
    assert sent and all(s.ephemeral for s in sent) and "Deine Hand" in sent[0].text


def test_discord_canary():
    """The test harness leans on private discord.py names; this fails loudly if they move."""
    import discord
    from discord.webhook import async_ as webhook_async

    assert discord.__version__.startswith("2.7"), discord.__version__
    assert hasattr(webhook_async, "async_context")
    assert hasattr(webhook_async.AsyncWebhookAdapter, "request")
    assert hasattr(discord.state.ConnectionState, "parse_interaction_create")
    assert hasattr(discord.Client, "_async_setup_hook")
    tree = discord.app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    assert hasattr(tree, "_http")


def test_check_commands_passes():
    run = subprocess.run([sys.executable, "bot.py", "--check-commands"], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "41 commands, 0 problems" in run.stdout


async def test_playing_a_card_from_the_dm_menu(h):
    await open_game(h)
    state = await state_of(h)
    version = (await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))).version
    for user_id in PLAYERS:
        menus = [(cid, row) for sent in h.dms_to(user_id) for row in sent.components
                 for comp in row["components"] for cid in [comp.get("custom_id", "")] if cid.startswith("sl:playsel:")]
        if menus:
            custom_id, row = menus[-1]
            value = row["components"][0]["options"][0]["value"]
            answer = await h.click(user_id, custom_id, values=[value], in_dm=True, channel_id=dm_channel(h, user_id))
            assert answer and not answer[0].content.startswith("⛔"), answer
            assert answer[0].ephemeral                        # in the DM only "done"; the table hears it
            record = await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))
            assert record.version == version + 1
            assert any(s.kind == "channel" for s in h.recorder.sent)   # posted to the game's channel
            return
    pytest.fail(f"no player had a card to play from the DM at the start: {[p.hand for p in state.players]}")


async def test_settings_are_private_and_take_effect(h):
    await open_game(h)
    sent = await h.slash("222", "einstellungen", autopass=True, abwesend_stunden=3)
    assert sent[0].ephemeral and "Gespeichert" in sent[0].content and "<t:" in sent[0].content
    record = await h.bot.table.game_in(str(GUILD_ID), str(CHANNEL_ID))
    prefs = (await h.bot.table.store.preferences(record.id))["222"]
    assert prefs.auto_pass and prefs.away_until is not None


async def test_reminder_is_a_dm_with_the_deadline_and_a_link(h):
    await h.slash("111", "neu", tempo="async")
    await h.slash("222", "beitreten")
    await h.slash("333", "beitreten")
    await h.slash("111", "start")
    state = await state_of(h)
    h.bot.table.clock = lambda: FIXED_CLOCK + 13 * 3600
    sent = await h.bot.table.send_reminders()
    await h.settle()
    assert [r.user_id for r in sent] == [state.active_player.id]
    dms = [s for s in h.dms_to(state.active_player.id) if s.content.startswith("⏰")]
    assert dms and "<t:" in dms[0].content and f"discord.com/channels/{GUILD_ID}/{CHANNEL_ID}/" in dms[0].content
    others = [u for u in PLAYERS if u != state.active_player.id]
    assert not any(s.content.startswith("⏰") for u in others for s in h.dms_to(u))


async def test_a_substitute_takes_a_seat_once_the_host_approves(h):
    await open_game(h)
    state = await state_of(h)
    seat = state.active_player.id
    h.names["444"] = "Dora"
    asked = await h.slash("444", "vertreten", spieler=seat)
    assert "möchte den Platz" in asked[0].content
    early = await h.slash("444", "tuer")
    assert early[0].ephemeral and "nicht mit am Tisch" in early[0].content     # not before approval
    refused = await h.slash("333", "vertretung_annehmen", person="444")
    assert refused[0].ephemeral and "Das darf nur, wer das Spiel eröffnet hat" in refused[0].content
    choices = await h.autocomplete("111", "vertretung_annehmen", "person")
    assert [c["value"] for c in choices] == ["444"]
    await h.slash("111", "vertretung_annehmen", person="444")
    played = await h.slash("444", "tuer")
    assert played and not played[0].ephemeral and "tritt die Tür ein" in played[0].content
    await h.settle()
    assert any(s.kind in ("dm", "edit") for s in h.dms_to("444"))               # the seat's hand now goes to Dora


async def test_host_changes_the_pace_with_a_command(h):
    await open_game(h)
    refused = await h.slash("222", "tempo", tempo="async")
    assert refused[0].ephemeral
    done = await h.slash("111", "tempo", tempo="async;turn=172800")
    assert "async;turn=172800" in done[0].content
    bad = await h.slash("111", "tempo", tempo="warp speed")
    assert bad[0].ephemeral and "Unbekanntes Tempo" in bad[0].content


async def test_set_moves_refuse_privately_and_change_nothing(h):
    """The sets' own commands exist in German and English and refuse clearly, only to the sender."""
    h.bot.table.clock = lambda: FIXED_CLOCK
    await h.slash("111", "neu", sets="shakespeare")
    await h.slash("222", "beitreten")
    await h.slash("111", "start")
    state = await state_of(h)
    assert state.sets == ["shakespeare"]
    cases = [
        (await h.slash("111", "opfern", anhaenger="Wexter"), "Keine passende Karte"),
        (await h.slash("222", "faehigkeit", karte="Dieb"), "Keine passende Karte"),
        (await h.slash("111", "beanspruchen", stufenkarte="Xyz"), "Keine passende Karte"),
        (await h.slash("111", "opfern", locale="en-US", anhaenger="Wexter"), "No matching card"),
    ]
    for sent, expected in cases:
        assert len(sent) == 1 and sent[0].ephemeral and expected in sent[0].content, (expected, sent)
    assert (await state_of(h)).model_dump_json() == state.model_dump_json()


async def test_new_game_with_an_unknown_set_is_refused(h):
    sent = await h.slash("111", "neu", sets="cthulhu,atlantis")
    assert len(sent) == 1 and sent[0].ephemeral and "atlantis" in sent[0].content


async def test_sets_named_in_capitals_and_with_spaces_simply_work(h):
    """Issue 13: `/neu sets:"Cthulhu, AxeCop"` opens a Cthulhu and Axe Cop game, like the console's --sets."""
    h.bot.table.clock = lambda: FIXED_CLOCK
    await h.slash("111", "neu", sets=" Cthulhu, AXECOP ,cthulhu")
    await h.slash("222", "beitreten")
    await h.slash("111", "start")
    assert (await state_of(h)).sets == ["cthulhu", "axecop"]
