"""What players expect of a bot (issue 15), on simcord's Discord: /hilfe for the game and phase at
hand, Join and Start buttons under the lobby message, no stale menus in the DMs once a game was ended
or a player left, game commands only in servers, hand titles that name the channel, and a language
chosen per user or per server that outlives a restart."""

from __future__ import annotations

import random

import discord
import pytest
from simcord import SetupError

import bot as bot_module
from cogs.base import hand_title
from cogs.texts import ui
from engine.munchkin.rules import legal_actions
from table.service import ActResult
from tests.simcord_table import COMPONENTS_V2, Table, custom_ids, said, texts

ANYWHERE = {"hand", "regel", "karte", "hilfe"}      # the commands that also work in DMs (issue 15)


def help_text(result) -> str:
    embed = result.response.embeds[0]
    return f"{embed.title}\n{embed.description}"


def dm_messages(table: Table, member) -> list:
    return member.user.dm_channel.history()


def components_of(message) -> list:
    return [c for row in message.components for c in getattr(row, "children", [row])]


async def play_until(table: Table, done, moves: int = 150) -> None:
    """Random legal moves of the seated players (through the table, as commands would) until ``done(state)``."""
    rng = random.Random(5)
    game_id = await table.game_id()
    for _ in range(moves):
        state = await table.state()
        if done(state):
            return
        action = rng.choice([m for p in state.players for m in legal_actions(state, p.id)])
        await table.bot.table.act_in(game_id, action.actor, action, origin="interaction")
        await table.bot.publisher.drain()    # moves made here, not by a command: wait for their publishing
        await table.settle()
    raise AssertionError("never happened")


async def restart(table: Table, tmp_path) -> None:
    """A new bot process on the same database (simcord keeps the old one's store open: closed here)."""
    old = table.bot
    settings = bot_module.Settings(token="", db_path=tmp_path / "bot.db", data_dir=tmp_path)
    await table.env.restart_bot(bot_module.Spielleiter(settings, run_scheduler=False))
    table.bot.publisher.edit_interval = table.bot.publisher.hand_interval = 0.0   # as the fixture's bot
    await old.table.store.close()


def in_a_fight(state) -> bool:
    return state.combat is not None and state.combat.stage == "fight" and not state.decisions


# ---------------------------------------------------------------------- /hilfe
async def test_help_without_a_game_says_how_to_open_one_privately(table: Table):
    result = await table.players[0].slash(table.channel, "hilfe")
    assert result.ephemeral
    text = help_text(result)
    assert "No game in this channel" in text and "/game new" in text and "/game join" in text
    assert "/rule" in text and "/card" in text          # the pointers to the lookups


async def test_help_in_a_munchkin_fight_names_the_reaction_window_commands(table: Table):
    """Cthulhu rulebook: while a fight is on, everyone may play cards and the fighter may ask for help
    (Kampf, "Um Hilfe bitten"); our window stays open until all have passed."""
    await table.open_game()
    await play_until(table, in_a_fight)
    state = await table.state()
    fighter = table.member(state.combat.fighter)
    other = next(m for m in table.players if m is not fighter)
    seen_by_fighter = help_text(await fighter.slash(table.channel, "hilfe"))
    seen_by_other = help_text(await other.slash(table.channel, "hilfe"))
    assert "Munchkin" in seen_by_fighter and "You are fighting" in seen_by_fighter
    assert "/munchkin ask_help" in seen_by_fighter and "/munchkin pass" in seen_by_fighter
    assert "/munchkin play" in seen_by_fighter
    assert "A fight is on" in seen_by_other and "/munchkin offer_help" in seen_by_other
    assert "/munchkin pass" in seen_by_other
    assert "/ask_help" not in seen_by_other and "/door" not in seen_by_other


async def test_help_on_ones_own_turn_before_the_door_names_the_door(table: Table):
    await table.open_game()
    state = await table.state()
    active = table.member(state.active_player.id)
    text = help_text(await active.slash(table.channel, "hilfe"))
    assert "kick open the door (/munchkin door)" in text and "/munchkin door – Phase 1" in text


async def test_help_in_the_smashup_draft_names_the_faction_pick_for_the_one_who_picks(table: Table):
    await table.open_game(spiel="smashup")
    state = await table.state()
    picker = table.member(state.draft.order[state.draft.next])
    waiting = next(m for m in table.players if m is not picker)
    assert "/smashup faction" in help_text(await picker.slash(table.channel, "hilfe"))
    seen = help_text(await waiting.slash(table.channel, "hilfe"))
    assert "Smash Up" in seen and "being picked" in seen and "/faction" not in seen


async def test_help_in_the_lobby_and_for_someone_not_at_the_table(table: Table):
    anna, ben, _ = table.players
    await anna.slash(table.channel, "neu")
    assert "/game join" in help_text(await ben.slash(table.channel, "hilfe"))
    await ben.slash(table.channel, "beitreten")
    await anna.slash(table.channel, "start")
    await table.settle()
    guest = table.guild.add_member(table.env.create_user("dora", global_name="Dora"))
    seen = help_text(await guest.slash(table.channel, "hilfe"))
    assert "without you" in seen and "/game substitute" in seen and "/game watch" in seen


async def test_help_works_in_a_dm(table: Table):
    result = await table.players[0].user.slash("hilfe")
    assert result.ephemeral
    text = help_text(result)
    assert "server channel" in text and "/hand" in text and "/rule" in text


# ---------------------------------------------------------------------- server-only commands
def test_game_commands_are_server_only_except_hand_lookups_and_help(simcord_bot):
    async def commands():
        await simcord_bot.load_cogs()
        return simcord_bot.tree.get_commands()

    import asyncio

    tree = asyncio.run(commands())
    anywhere = {c.name for c in tree if not c.guild_only}      # Discord reads it off the top level only
    assert anywhere == ANYWHERE
    walked = [c for c in simcord_bot.tree.walk_commands() if not hasattr(c, "commands")]
    assert len(walked) > 30        # every command was walked, the games' own (in their groups) included


async def test_a_game_command_cannot_be_used_in_a_dm_but_hand_can(table: Table):
    await table.open_game()
    user = table.players[0].user
    with pytest.raises(SetupError, match="not visible"):
        await user.slash("tuer")
    result = await user.slash("hand")
    assert result.ephemeral and result.response.embeds


# ---------------------------------------------------------------------- the lobby buttons
async def test_join_and_start_buttons_do_what_the_commands_do(table: Table):
    anna, ben, cleo = table.players
    lobby = (await anna.slash(table.channel, "neu")).response
    joined = await ben.click(lobby, label="Join (male)")       # the lobby message itself says who sits there
    assert not joined.ephemeral and joined.response.id == lobby.id, texts(joined)
    assert "At the table (2): Anna, Ben" in joined.response.content
    again = await ben.click(lobby, label="Join (male)")                 # the same refusal as /beitreten's, privately
    assert again.ephemeral and again.response.content == (await ben.slash(table.channel, "beitreten")).response.content
    not_host = await ben.click(lobby, label="Start the game")
    assert not_host.ephemeral and not_host.response.content == \
        (await ben.slash(table.channel, "start")).response.content
    await cleo.click(lobby, label="Join (female)")
    started = await anna.click(lobby, label="Start the game")
    assert not started.ephemeral
    await table.settle()
    state = await table.state()
    assert len(state.players) == 3
    # the character starts with the sex its player chose (Cthulhu l.103): Cleo's button said female
    assert {p.id: p.sex for p in state.players}[str(cleo.id)] == "female"


async def test_a_smash_up_lobby_has_one_join_button(table: Table):
    """Smash Up's factions have no sex: joining asks nothing."""
    lobby = (await table.players[0].slash(table.channel, "neu", spiel="smashup")).response
    assert [c.label for c in components_of(current(table, lobby))] == ["Join", "Start the game"]
    joined = await table.players[1].click(lobby, label="Join")
    assert "At the table (2)" in joined.response.content and joined.response.id == lobby.id


def current(table: Table, message) -> object:
    """The message as the channel shows it now."""
    return next(m for m in table.channel.history() if m.id == message.id)


@pytest.mark.parametrize("how", ["button", "command"])
async def test_the_lobby_message_becomes_the_live_table_when_the_game_starts(table: Table, how: str):
    """Issue 36, one live table message per game: the lobby's Join and Start go, and the same message
    shows the game's table (no second message for it)."""
    anna, ben, cleo = table.players
    lobby = (await anna.slash(table.channel, "neu")).response
    await ben.click(lobby, label="Join (male)")
    await cleo.slash(table.channel, "beitreten")
    assert [c.label for c in components_of(current(table, lobby))] == ["Join (female)", "Join (male)", "Start the game"]
    if how == "button":
        await anna.click(lobby, label="Start the game")
    else:
        await anna.slash(table.channel, "start")
    await table.settle()
    shown = current(table, lobby)
    assert shown.id == table.live().id and not shown.content and not shown.embeds
    assert not [i for i in custom_ids(shown) if i.startswith(("sl:join:", "sl:start:"))]
    # in the game's language, as the lobby message was: the server's Discord locale (simcord's: en-US)
    assert "Table #" in said(shown)
    assert len([m for m in table.channel.history() if m.flags.value & COMPONENTS_V2]) == 1


@pytest.mark.parametrize("command", ["beenden", "verlassen"])     # ended, or left by its last player
async def test_a_lobby_ended_before_its_start_says_so_and_keeps_no_buttons(table: Table, command: str):
    anna = table.players[0]
    lobby = (await anna.slash(table.channel, "neu")).response
    await anna.slash(table.channel, command)
    shown = current(table, lobby)
    assert not components_of(shown) and shown.content == ui("en", "lobby_ended")     # the game's language


async def test_a_lobby_button_of_an_ended_game_is_out_of_date(table: Table):
    """Should Discord fail to take the buttons away (here: a 500 on the edit), a click on them is refused."""
    anna, ben, _ = table.players
    old = (await anna.slash(table.channel, "neu")).response
    table.env.inject_error("PATCH", f"/channels/{table.channel.id}/messages/{old.id}", status=500, times=None)
    await anna.slash(table.channel, "beenden")
    assert [c.label for c in components_of(current(table, old))] == ["Join (female)", "Join (male)", "Start the game"]
    await anna.slash(table.channel, "neu")
    result = await ben.click(old, label="Join (male)")
    assert result.ephemeral and result.response.content.startswith("⛔")
    assert len(await table.bot.table.store.seats(await table.game_id())) == 1     # nobody joined the new game


# ---------------------------------------------------------------------- ending and leaving
async def test_ending_the_game_updates_the_status_and_takes_the_menus_from_every_dm(table: Table):
    await table.open_game()
    assert any(components_of(m) for m in dm_messages(table, table.players[1]))
    await table.players[0].slash(table.channel, "beenden")
    await table.settle()
    live = table.live()                  # the live table message says so, in the game's language (en-US) ...
    assert live.components[0].content == ui("en", "status_ended")
    assert not custom_ids(live)          # ... and keeps no button
    for member in table.players:
        (hand,) = dm_messages(table, member)
        assert not components_of(hand)
        assert hand.embeds[0].description == ui("en", "hand_game_ended")


async def test_a_player_who_leaves_loses_their_menus_and_the_status_moves_on(table: Table):
    """Leaving during a game (our rule, README "Leaving a game"): the leaver's cards leave the game."""
    await table.open_game()
    cleo = table.players[2]
    await cleo.slash(table.channel, "verlassen")
    await table.settle()
    (hand,) = dm_messages(table, cleo)
    assert not components_of(hand) and hand.embeds[0].description == ui("en", "hand_you_left")
    others = [dm_messages(table, m)[0] for m in table.players[:2]]
    assert all(m.embeds[0].description != ui("en", "hand_you_left") for m in others)
    state = await table.state()
    heading, body = (c.content for c in table.live().components[:2])     # whose turn, and the table
    owed = await table.bot.publisher.status_text(ActResult(await table.game_id(), str(table.channel.id), 0, state))
    assert state.active_player.name in heading and state.active_player.name in owed
    assert "Cleo" not in heading and "Cleo" not in body


# ---------------------------------------------------------------------- hand titles
async def test_the_hand_names_the_channel_not_its_id(table: Table):
    await table.open_game()
    anna = table.players[0]
    (dm,) = dm_messages(table, anna)
    assert dm.embeds[0].title == "Your hand – #spieltisch"
    shown = await anna.slash(table.channel, "hand")
    assert shown.response.embeds[0].title == "Your hand – #spieltisch"
    assert str(table.channel.id) not in dm.embeds[0].title


def test_a_channel_the_bot_has_not_cached_is_named_by_its_game(simcord_bot):
    assert hand_title(simcord_bot, "en", 7, "123456789") == "Your hand – game #7"
    assert hand_title(simcord_bot, "de", 7, "123456789") == "Deine Hand – Spiel #7"


# ---------------------------------------------------------------------- languages
async def test_a_player_chooses_german_and_the_bot_answers_and_writes_in_german(table: Table):
    await table.open_game()
    ben = table.players[1]
    saved = await ben.slash(table.channel, "einstellungen", sprache="de")
    assert saved.ephemeral and saved.response.content == ui("de", "language_saved_me")
    seen = help_text(await ben.slash(table.channel, "hilfe"))
    assert seen.startswith("Hilfe – Munchkin") and "/hand" in seen     # German words, the client's command names
    assert help_text(await table.players[0].slash(table.channel, "hilfe")).startswith("Help – Munchkin")
    await play_until(table, lambda state: dm_messages(table, ben)[0].embeds[0].title.startswith("Deine Hand"))
    assert dm_messages(table, table.players[0])[0].embeds[0].title.startswith("Your hand")


async def test_the_server_language_needs_manage_server_and_covers_those_without_a_choice(table: Table):
    anna, ben, cleo = table.players
    refused = await ben.slash(table.channel, "einstellungen", sprache="de", gilt_fuer="guild")
    assert refused.ephemeral and refused.response.content == ui("en", "language_needs_manage")
    assert await table.bot.table.store.language_choice("guild", str(table.guild.id)) is None
    role = table.guild.create_role("Leitung", permissions=discord.Permissions(manage_guild=True))
    manager = table.guild.add_member(table.env.create_user("mira", global_name="Mira"), roles=[role])
    saved = await manager.slash(table.channel, "einstellungen", sprache="de", gilt_fuer="guild")
    assert saved.ephemeral and saved.response.content == ui("de", "language_saved_server")
    await anna.slash(table.channel, "einstellungen", sprache="en")          # her own choice comes first
    assert help_text(await cleo.slash(table.channel, "hilfe")).startswith("Hilfe")
    assert help_text(await anna.slash(table.channel, "hilfe")).startswith("Help")


async def test_the_status_message_speaks_the_servers_language(table: Table):
    """Issue 36: a game opened without /neu sprache speaks the server's choice (here German, over the
    server's en-US Discord locale) for its whole life, whatever language the movers chose for themselves
    and whatever the server chooses later."""
    role = table.guild.create_role("Leitung", permissions=discord.Permissions(manage_guild=True))
    manager = table.guild.add_member(table.env.create_user("mira", global_name="Mira"), roles=[role])
    await manager.slash(table.channel, "einstellungen", sprache="de", gilt_fuer="guild")
    await table.open_game()
    assert "am Zug" in table.live().components[0].content      # the live table's heading
    await manager.slash(table.channel, "einstellungen", sprache="en", gilt_fuer="guild")
    await table.players[1].slash(table.channel, "einstellungen", sprache="en")     # a mover's own choice
    looked: list[object] = []     # four moves
    await play_until(table, lambda state: looked.append(state) or len(looked) > 4, moves=5)
    heading = table.live().components[0].content
    assert "am Zug" in heading and "to move" not in heading


async def test_a_chosen_language_survives_a_restart(table: Table, tmp_path):
    ben = table.players[1]
    await ben.slash(table.channel, "einstellungen", sprache="de")
    await restart(table, tmp_path)
    assert table.bot.languages._choices == {}           # a new process: nothing in memory
    seen = help_text(await ben.slash(table.channel, "hilfe"))
    assert seen.startswith("Hilfe") and "In diesem Kanal läuft kein Spiel" in seen


async def test_a_games_language_survives_a_restart(table: Table, tmp_path):
    """Issue 36: the language chosen at /neu is stored with the game; after a restart an en-US client's
    move is still posted in it."""
    await table.open_game(sprache="de")
    await restart(table, tmp_path)
    mover = table.member((await table.state()).active_player.id)
    answer = await mover.slash(table.channel, "tuer")
    assert "kicks open the door" in answer.response.content         # the mover's answer: their English
    await table.settle()
    assert "tritt die Tür ein" in said(table.live()), said(table.live())      # the table: the game's German


async def test_the_lobby_buttons_still_work_after_a_restart(table: Table, tmp_path):
    anna, ben, _ = table.players
    lobby = (await anna.slash(table.channel, "neu")).response
    await restart(table, tmp_path)
    joined = await ben.click(lobby, label="Join (male)")
    assert not joined.ephemeral and "At the table (2)" in joined.response.content
    started = await anna.click(lobby, label="Start the game")
    await table.settle()
    assert not started.ephemeral and started.response.id == lobby.id == table.live().id   # the lobby became the table
    assert "The game begins" in said(table.live())


async def test_a_reminder_follows_the_users_choice_then_the_servers(table: Table):
    """Reminders are the bot's own DMs: they are written in the language the player (or, failing that,
    their server) chose, whatever their client's language."""
    from table.service import Reminder

    await table.open_game()
    anna, ben, cleo = table.players
    game_id = await table.game_id()
    await ben.slash(table.channel, "einstellungen", sprache="de")
    await table.bot.languages.choose("guild", str(table.guild.id), "de")
    await table.bot.languages.choose("user", str(anna.id), "en")
    for member in (anna, ben, cleo):
        await table.bot.publisher.on_reminder(Reminder(game_id, str(table.guild.id), str(table.channel.id),
                                                       str(member.id), "turn:1", 1_700_003_600.0))
    await table.settle()
    assert "wartet" in dm_messages(table, ben)[-1].content             # his own choice
    assert "wartet" in dm_messages(table, cleo)[-1].content            # the server's (her client is English)
    assert "is waiting for you" in dm_messages(table, anna)[-1].content    # her own, before the server's
