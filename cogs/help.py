"""/hilfe (/help): how to play here and what fits now, privately, in any channel or DM. What a game's
player can do in its current phase comes from the game's table front-end (``help_now``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import channel_key, guild_key, lang_of, reply
from cogs.texts import choice_text, cmd_desc, cmd_name, command_description, command_names
from table.games import frontend_of
from table.i18n import language, text

if TYPE_CHECKING:
    from cogs.client import Spielleiter
    from table.store import GameRecord

LOBBY_COMMANDS = ("join", "start", "leave")


def client_commands(interaction: discord.Interaction, game: str | None = None) -> dict[str, str]:
    """The commands' names as this player's client lists them, with their group (Discord names them by
    the client's locale, whatever language the player chose for the bot's answers); the moves both
    games share under the channel's game."""
    return command_names(language(str(interaction.locale.value)) if interaction.locale else "de", game)


class Help(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    @app_commands.command(name=cmd_name("help"), description=cmd_desc("help"))
    async def help(self, interaction: discord.Interaction) -> None:
        lang = await lang_of(interaction)
        record = None
        if interaction.guild_id is not None:
            record = await self.bot.table.store.open_game_in_channel(guild_key(interaction), channel_key(interaction))
        names = client_commands(interaction, record.kind if record else None)
        title, lines = await self.lines(interaction, record, lang, names)
        lines.append(text(lang, "help", "lookups", **names))
        embed = discord.Embed(title=title, description="\n\n".join(lines), colour=discord.Colour.blurple())
        await reply(interaction, embed=embed, ephemeral=True)

    async def lines(self, interaction: discord.Interaction, record: GameRecord | None, lang: str,
                    names: dict[str, str]) -> tuple[str, list[str]]:
        """The title and paragraphs: no server (a DM), no game, a lobby, a game without this player,
        or the player's own game in its current phase."""
        if interaction.guild_id is None:
            return text(lang, "help", "title"), [text(lang, "help", "dm", **names)]
        if record is None:
            return text(lang, "help", "title"), [text(lang, "help", "no_game", **names)]
        title = text(lang, "help", "title_game", game=choice_text(lang, record.kind))
        intro = text(lang, "help", f"{record.kind}_intro", **names)
        if record.status == "lobby":
            return title, [intro, text(lang, "help", "lobby", **names), _commands(lang, names, LOBBY_COMMANDS)]
        _, state = await self.bot.table.state_of(record)
        me = await self.bot.table.player_for(record.id, str(interaction.user.id))
        if not state.has_player(me):
            return title, [intro, text(lang, "help", "watching", **names)]
        key, now = frontend_of(state).help_now(state, me)
        return title, [intro, text(lang, "help", key, **names), _commands(lang, names, now),
                       text(lang, "help", "always", **names)]


def _commands(lang: str, names: dict[str, str], keys: tuple[str, ...]) -> str:
    """"What fits now:" and one line per command: its name and what it does."""
    lines = [f"{names[key]} – {command_description(lang, key)}" for key in keys]
    return "\n".join([text(lang, "help", "now"), *lines])


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(Help(bot))
