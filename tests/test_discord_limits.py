"""Discord's limits and mentions, checked by simcord's simulated Discord (which refuses what Discord
refuses: a reply over 2,000 characters is a 400 there, as it is in a real server)."""

from __future__ import annotations

import pytest
from simcord.backend.errors import OptionError

from cogs.limits import STRING_OPTION
from tests.simcord_table import Table


async def sync_without_max_length(table: Table) -> None:
    """The commands as an older version synced them: text options with no max_length."""
    params = [p for c in table.bot.tree.walk_commands() for p in getattr(c, "_params", {}).values()]
    limits = {id(p): p.max_value for p in params}
    for p in params:
        if p.max_value == STRING_OPTION:
            p.max_value = None
    await table.bot.tree.sync()
    for p in params:
        p.max_value = limits[id(p)]


async def test_the_client_refuses_card_names_over_100_characters(table: Table):
    await table.open_game()
    with pytest.raises(OptionError, match="at most 100"):
        await table.players[0].slash(table.channel, "spielen", karte="x" * 101)


async def test_a_6000_character_card_name_gets_a_clipped_private_error(table: Table):
    await table.open_game()
    await sync_without_max_length(table)
    state = await table.state()
    before = state.model_dump_json()
    active = table.member(state.active_player.id)
    result = await active.slash(table.channel, "spielen", karte="Spülbecken" * 600)
    assert result.ephemeral
    assert result.response.content.startswith("⛔") and len(result.response.content) == 2000
    assert result.response.content.endswith("…")
    assert (await table.state()).model_dump_json() == before       # the refusal changed nothing


def test_menus_and_embeds_are_cut_to_what_discord_accepts():
    import discord

    from cogs.limits import outgoing

    view = discord.ui.View()
    view.add_item(discord.ui.Select(options=[discord.SelectOption(label="L" * 150, value=f"{i}" * 120)
                                             for i in range(30)]))
    view.add_item(discord.ui.Button(label="B" * 120))
    embeds = [discord.Embed(title="T" * 300, description="D" * 5000) for _ in range(3)]
    message = outgoing(content="C" * 2500, embeds=embeds, view=view)
    select, button = message["view"].children
    assert len(select.options) == 25 and all(len(o.label) <= 100 and len(o.value) <= 100 for o in select.options)
    assert len(button.label) == 80
    assert len(message["content"]) == 2000
    assert sum(len(e) for e in message["embeds"]) <= 6000
    assert all(len(e.title) <= 256 and len(e.description) <= 4096 for e in message["embeds"])


async def test_a_player_named_everyone_mentions_nobody(table: Table):
    table.players[1] = table.guild.add_member(table.env.create_user("troll", global_name="@everyone <@&1>"))
    await table.open_game()
    said = [m for m in table.public() if "@everyone" in m.content]
    assert said, "the name is shown"
    assert not any(m.mention_everyone or m.mentions or m.role_mentions for m in table.public())


async def test_a_reminder_with_closed_dms_mentions_only_its_player(table: Table):
    await table.open_game(tempo="async")
    state = await table.state()
    owed = state.active_player.id
    record = await table.bot.table.game_in(str(table.guild.id), str(table.channel.id))
    closed = await table.bot.table.store.private_message(record.id, owed)
    closed.closed = 2
    await table.bot.table.store.save_private_message(closed)
    table.bot.table.clock = lambda: 1_700_000_000.0 + 13 * 3600      # past half of the 24 h turn timer
    await table.bot.table.send_reminders()
    await table.env.settle()
    reminder = table.public()[-1]
    assert reminder.content.startswith(f"<@{owed}>")
    assert [str(u.id) for u in reminder.mentions] == [owed] and not reminder.mention_everyone
