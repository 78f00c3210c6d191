"""Following a game without playing (/spiel zuschauen), and the rematch button under a finished game.

A spectator gets the public table by DM, kept current like a player's hand message (never a hand:
only what everybody at the table sees); they may look up cards and rules like anyone, and a move
from them is refused like any move from someone not seated."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import REFUSED, attempt, channel_key, game_lang, guild_key, lang_of, namer_for, reply
from cogs.games import table_embed
from cogs.limits import BUTTON_LABEL, clip
from cogs.names import escaped, escaped_person
from cogs.texts import cmd_desc, cmd_name, ui
from table.render import names_by_seat

if TYPE_CHECKING:
    from cogs.client import Spielleiter


class Spectate(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    @app_commands.command(name=cmd_name("watch"), description=cmd_desc("watch"))
    @app_commands.guild_only()
    async def watch(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        user_id = str(interaction.user.id)
        watching = await attempt(interaction, lang, self.bot.table.watch(
            guild_key(interaction), channel_key(interaction), user_id, interaction.user.display_name))
        if watching is REFUSED:
            return
        if not watching:
            await reply(interaction, ui(lang, "watching_stopped"), ephemeral=True)
            return
        record = await self.bot.table.game_in(guild_key(interaction), channel_key(interaction))
        embeds = []
        if record.status == "active":
            _, state = await self.bot.table.state_of(record)
            embeds.append(table_embed(state, await namer_for(self.bot, record.id, lang, state)))
            await self.bot.publisher.update_spectators(record.id, record.channel_id, state)
        await reply(interaction, ui(lang, "watching_started"), embeds=embeds, ephemeral=True)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"sl:rematch:(?P<game>\d+)"):
    """Under a finished game: a new lobby in the same channel with the same players and options."""

    def __init__(self, game_id: int, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=clip(ui(lang, "rematch_button"), BUTTON_LABEL),
                                           style=discord.ButtonStyle.success, custom_id=f"sl:rematch:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> RematchButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Spielleiter = interaction.client  # type: ignore[assignment]
        lang = await lang_of(interaction)
        record = await attempt(interaction, lang, bot.table.rematch(self.game_id, str(interaction.user.id)))
        if record is REFUSED:
            return
        seats = await bot.table.store.seats(record.id)
        shown = await game_lang(bot, record.id)
        await reply(interaction, ui(shown, "rematch_opened", host=escaped_person(interaction.user),
                                    players=", ".join(escaped(name) for name in names_by_seat(seats).values())))


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(Spectate(bot))
