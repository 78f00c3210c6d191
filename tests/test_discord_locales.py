"""What simcord does not model, on our own harness (tests/discord_harness.py): a player whose
direct messages are closed (Discord's error 50007) and clients in another language than en-US
(simcord's interactions always come from an en-US client). Everything else of the Discord layer is
tested on simcord (tests/test_discord.py and the other test_discord_* files)."""

from __future__ import annotations

import discord
from discord.webhook import async_ as webhook_async

from tests.discord_harness import FIXED_CLOCK, PLAYERS, Harness, state_of


async def open_game(h: Harness) -> None:
    h.bot.table.clock = lambda: FIXED_CLOCK
    await h.slash("111", "neu")
    await h.slash("222", "beitreten")
    await h.slash("333", "beitreten")
    await h.slash("111", "start")


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


async def test_a_german_client_gets_german_replies_and_an_english_one_english(h):
    await open_game(h)
    state = await state_of(h)
    other = next(p for p in PLAYERS if p != state.active_player.id)
    german = await h.slash(other, "tuer")
    assert german[0].ephemeral and "Du bist nicht am Zug" in german[0].content
    english = await h.slash(other, "tuer", locale="en-US")
    assert "It is not your turn" in english[0].content
    hand = await h.slash("222", "hand")
    assert hand and all(s.ephemeral for s in hand) and "Deine Hand" in hand[0].text


async def test_set_moves_refuse_in_the_clients_language(h):
    """The sets' own commands exist in German and English and refuse clearly, only to the sender."""
    h.bot.table.clock = lambda: FIXED_CLOCK
    await h.slash("111", "neu", sets="shakespeare")
    await h.slash("222", "beitreten")
    await h.slash("111", "start")
    state = await state_of(h)
    cases = [
        (await h.slash("111", "opfern", anhaenger="Wexter"), "Keine passende Karte"),
        (await h.slash("222", "faehigkeit", karte="Dieb"), "Keine passende Karte"),
        (await h.slash("111", "opfern", locale="en-US", anhaenger="Wexter"), "No matching card"),
    ]
    for sent, expected in cases:
        assert len(sent) == 1 and sent[0].ephemeral and expected in sent[0].content, (expected, sent)
    assert (await state_of(h)).model_dump_json() == state.model_dump_json()


def test_discord_canary():
    """The harness leans on private discord.py names; this fails loudly if they move."""
    assert discord.__version__.startswith("2.7"), discord.__version__
    assert hasattr(webhook_async, "async_context")
    assert hasattr(webhook_async.AsyncWebhookAdapter, "request")
    assert hasattr(discord.state.ConnectionState, "parse_interaction_create")
    assert hasattr(discord.Client, "_async_setup_hook")
    tree = discord.app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))
    assert hasattr(tree, "_http")
    assert hasattr(discord.app_commands.Command, "_copy_with")     # cogs.commands_tree: a move in two groups
