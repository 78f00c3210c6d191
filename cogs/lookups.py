"""/regel and /karte: rule and card lookups with autocomplete, in any channel and in DMs, private by
default with a button to show the answer to the channel."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Answer, answers_by_editing
from cogs.base import channel_key, guild_key, lang_of, reply
from cogs.texts import cmd_desc, cmd_name, opt_desc, opt_name, ui
from table.i18n import word
from table.lookup import browse, preferred, search
from table.lookup import reply as lookup_reply

if TYPE_CHECKING:
    from cogs.client import Spielleiter

MAX_CHOICES = 25


async def _preferred(interaction: discord.Interaction, kind: str) -> tuple[str, ...]:
    """In a channel with a game, that game's sets (and their rulebooks) come first."""
    bot: Spielleiter = interaction.client  # type: ignore[assignment]
    record = await bot.table.store.open_game_in_channel(guild_key(interaction), channel_key(interaction))
    return preferred(kind, record.sets) if record is not None else ()


def _autocomplete(kind: str):
    async def complete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        lang = await lang_of(interaction)
        prefer = await _preferred(interaction, kind)
        hits = search(current, kind, limit=MAX_CHOICES, prefer=prefer) if current.strip() else \
            browse(kind, prefer, limit=MAX_CHOICES)
        return [app_commands.Choice(name=h.name(lang)[:100], value=h.key[:100]) for h in hits]

    return complete


PAGE_CHARS = 900


def pages(text: str, size: int = PAGE_CHARS) -> list[str]:
    """Long answers split at sentence ends into pages of about ``size`` characters."""
    out: list[str] = []
    current = ""
    for sentence in re.split(r"(?<=[.!?…])\s+", text):
        if current and len(current) + len(sentence) + 1 > size:
            out.append(current)
            current = sentence
        else:
            current = f"{current} {sentence}".strip()
    return [*out, current] if current else out or [""]


def answer_embed(kind: str, query: str, lang: str, prefer: tuple[str, ...],
                 page: int = 0) -> tuple[discord.Embed, str | None, int]:
    """The answer as an embed, one page of it, with the related names; the key is None when the
    answer asks for a word or found nothing (then there is nothing to show or turn)."""
    found = lookup_reply(query, kind, lang, prefer)
    parts = pages(found.body)
    page = max(0, min(page, len(parts) - 1))
    colour = discord.Colour.blurple() if kind == "rule" else discord.Colour.dark_gold()
    embed = discord.Embed(title=found.title, description=parts[page], colour=colour)
    if found.related:
        embed.add_field(name=word(lang, "lookup_related"), value=" · ".join(found.related)[:1024])
    if len(parts) > 1:
        embed.set_footer(text=f"{page + 1}/{len(parts)}")
    return embed, found.key, len(parts)


def answer_view(kind: str, key: str, lang: str, page: int, count: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if count > 1:
        if page > 0:
            view.add_item(PageButton(kind, key, lang, page - 1, "◀"))
        if page < count - 1:
            view.add_item(PageButton(kind, key, lang, page + 1, "▶"))
    view.add_item(ShowButton(kind, key, lang))
    return view


LOOKUP_PAGE = answers_by_editing("sl:page:")       # a page turned edits its message


class PageButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=LOOKUP_PAGE + r"(?P<kind>rule|card):(?P<lang>de|en):(?P<page>\d+):(?P<key>[\w:.-]+)"):
    """Turns the page of a long private answer."""

    def __init__(self, kind: str, key: str, lang: str, page: int, label: str = "▶") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"sl:page:{kind}:{lang}:{page}:{key}"[:100]))
        self.kind, self.key, self.lang, self.page = kind, key, lang, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> PageButton:
        return cls(match["kind"], match["key"], match["lang"], int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        embed, key, count = answer_embed(self.kind, self.key, self.lang, (), self.page)
        view = answer_view(self.kind, key, self.lang, self.page, count) if key else None
        await Answer.of(interaction).edit(embed=embed, view=view)


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
        embed, _, _ = answer_embed(self.kind, self.key, self.lang, ())
        if embed.footer and embed.footer.text:    # the whole answer, not one page, for the channel
            whole = lookup_reply(self.key, self.kind, self.lang)
            embed = discord.Embed(title=whole.title, description=whole.body[:4000], colour=embed.colour)
        await reply(interaction, embed=embed)


class Lookups(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    async def _answer(self, interaction: discord.Interaction, kind: str, query: str) -> None:
        lang = await lang_of(interaction)
        embed, key, count = answer_embed(kind, query, lang, await _preferred(interaction, kind))
        if key is None:      # a request for a word, or nothing found with the nearest names
            await reply(interaction, embed=embed, ephemeral=True)
            return
        await reply(interaction, embed=embed, view=answer_view(kind, key, lang, 0, count), ephemeral=True)

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
