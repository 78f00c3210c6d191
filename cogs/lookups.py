"""/regel and /karte: rule and card lookups with autocomplete, in any channel and in DMs, private by
default with a button to show the answer to the channel."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.base import channel_key, guild_key, lang_of, reply
from cogs.texts import cmd_desc, cmd_name, opt_desc, opt_name, ui
from table.lookup import card_answer, find, rule_answer, rule_files, search

if TYPE_CHECKING:
    from bot import Spielleiter

MAX_CHOICES = 25


async def _preferred(interaction: discord.Interaction, kind: str) -> tuple[str, ...]:
    """In a channel with a game, that game's sets (and their rulebooks) come first."""
    bot: Spielleiter = interaction.client  # type: ignore[assignment]
    record = await bot.table.store.open_game_in_channel(guild_key(interaction), channel_key(interaction))
    if record is None:
        return ()
    if kind == "card":
        return tuple(record.sets)
    return tuple(game for game, f in rule_files().items() if set(f.sets) & set(record.sets))


def _autocomplete(kind: str):
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = lang_of(interaction)
        hits = search(current, kind, limit=MAX_CHOICES, prefer=await _preferred(interaction, kind))
        return [app_commands.Choice(name=h.name(lang)[:100], value=h.key[:100]) for h in hits]

    return complete


def answer_embed(kind: str, query: str, lang: str, prefer: tuple[str, ...]) -> tuple[discord.Embed, str] | None:
    entry = find(query) if ":" in query else None
    if entry is None or entry.kind != kind:
        hits = search(query, kind, limit=1, prefer=prefer)
        entry = hits[0] if hits else None
    if entry is None:
        return None
    title, body = (rule_answer if kind == "rule" else card_answer)(entry, lang)
    colour = discord.Colour.blurple() if kind == "rule" else discord.Colour.dark_gold()
    return discord.Embed(title=title, description=body[:4000], colour=colour), entry.key


class ShowButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"sl:show:(?P<kind>rule|card):(?P<lang>de|en):(?P<key>[\w:.-]+)"):
    """Shows a private lookup answer to the whole channel."""

    def __init__(self, kind: str, key: str, lang: str = "de") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, "show_button"), style=discord.ButtonStyle.secondary,
                                           custom_id=f"sl:show:{kind}:{lang}:{key}"[:100]))
        self.kind, self.key, self.lang = kind, key, lang

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ShowButton:
        return cls(match["kind"], match["key"], match["lang"])

    async def callback(self, interaction: discord.Interaction) -> None:
        found = answer_embed(self.kind, self.key, self.lang, ())
        if found is None:
            await reply(interaction, ui(self.lang, "no_lookup_match", query=self.key), ephemeral=True)
            return
        await reply(interaction, embed=found[0])


class Lookups(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    async def _answer(self, interaction: discord.Interaction, kind: str, query: str) -> None:
        lang = lang_of(interaction, self.bot.settings.default_language)
        found = answer_embed(kind, query, lang, await _preferred(interaction, kind))
        if found is None:
            await reply(interaction, ui(lang, "no_lookup_match", query=query), ephemeral=True)
            return
        embed, key = found
        view = discord.ui.View(timeout=None)
        view.add_item(ShowButton(kind, key, lang))
        await reply(interaction, embed=embed, view=view, ephemeral=True)

    @app_commands.command(name=cmd_name("rule"), description=cmd_desc("rule"))
    @app_commands.rename(query=opt_name("query"))
    @app_commands.describe(query=opt_desc("query"))
    @app_commands.autocomplete(query=_autocomplete("rule"))
    async def rule(self, interaction: discord.Interaction, query: str) -> None:
        await self._answer(interaction, "rule", query)

    @app_commands.command(name=cmd_name("card"), description=cmd_desc("card"))
    @app_commands.rename(query=opt_name("query"))
    @app_commands.describe(query=opt_desc("query"))
    @app_commands.autocomplete(query=_autocomplete("card"))
    async def card(self, interaction: discord.Interaction, query: str) -> None:
        await self._answer(interaction, "card", query)


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(Lookups(bot))
