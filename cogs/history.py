"""/spiel zurueck, verlauf and rangliste (issue 20): taking one's last move back, the game's history in
pages (private, with page buttons that outlive a restart) and the server's records; and the summary
posted to the channel when a game ends. The table does the work (table/service.py, table/history.py)."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Answer, answers_by_editing
from cogs.base import channel_key, game_lang, guild_key, lang_of, namer_for, public_namer, reply, reply_error
from cogs.games import table_message
from cogs.limits import outgoing
from cogs.names import escaped
from cogs.texts import choice, cmd_desc, cmd_name, opt_desc, opt_name, ui
from engine.core.errors import IllegalAction
from table.errors import TableError
from table.history import History, default_since, history_of, leaderboard, page_of
from table.i18n import text
from table.logs import log_error
from table.render import Namer
from table.service import ActResult
from table.store import GameRecord

if TYPE_CHECKING:
    from cogs.client import Spielleiter

log = logging.getLogger("spielleiter.history")


def summary_embed(lines: list[str], lang: str) -> discord.Embed:
    return discord.Embed(title=text(lang, "history", "summary_title"), description="\n".join(lines),
                         colour=discord.Colour.gold())


async def history_message(bot: Spielleiter, record: GameRecord, user_id: str, lang: str, since: int | None,
                          page: int | None) -> tuple[discord.Embed, discord.ui.View | None]:
    """One page of what this user may see of the game: their seat's private events and the public
    ones (a stand-in sees the seat they play)."""
    viewer = await bot.table.player_for(record.id, user_id)
    found: History = await history_of(bot.table.store, record, viewer, lang, escaped)
    since = default_since(record, found) if since is None else since
    shown = page_of(found, since, page, lang)
    title = text(lang, "history", "title_since" if since else "title", game=record.id)
    embed = discord.Embed(title=title, description=shown.body, colour=discord.Colour.dark_teal())
    embed.set_footer(text=text(lang, "history", "page", page=shown.number + 1, pages=shown.count))
    if found.summary and shown.number == shown.count - 1:
        embed.add_field(name=text(lang, "history", "summary_title"), value="\n".join(found.summary))
    if shown.count == 1:
        return embed, None
    view = discord.ui.View(timeout=None)
    if shown.number > 0:
        view.add_item(HistoryPage(record.id, lang, since, shown.number - 1, ui(lang, "history_older")))
    if shown.number < shown.count - 1:
        view.add_item(HistoryPage(record.id, lang, since, shown.number + 1, ui(lang, "history_newer")))
    return embed, view


HISTORY_PAGE = answers_by_editing("sl:hist:")      # a page turned edits its message


class HistoryPage(discord.ui.DynamicItem[discord.ui.Button],
                  template=HISTORY_PAGE + r"(?P<game>\d+):(?P<lang>de|en):(?P<since>\d+):(?P<page>\d+)"):
    """Turns a page of a private history; whoever clicks sees what they may see."""

    def __init__(self, game_id: int, lang: str, since: int, page: int, label: str = "▶") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=f"sl:hist:{game_id}:{lang}:{since}:{page}"))
        self.game_id, self.lang, self.since, self.page = game_id, lang, since, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> HistoryPage:
        return cls(int(match["game"]), match["lang"], int(match["since"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: Spielleiter = interaction.client  # type: ignore[assignment]
        record = await bot.table.store.get_game(self.game_id, with_state=False)
        if record is None:
            await reply_error(interaction, TableError("no_game"), self.lang)
            return
        answer = Answer.of(interaction)
        await answer.defer_update()          # a long game's first replay may take a moment
        embed, view = await history_message(bot, record, str(interaction.user.id), self.lang, self.since, self.page)
        await answer.edit(embed=embed, view=view)


class HistoryCog(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        if self.bot.table is not None:          # None when only the commands are checked (--check-commands)
            self.bot.table.listeners.append(self.on_result)

    async def cog_unload(self) -> None:
        if self.bot.table is not None and self.on_result in self.bot.table.listeners:
            self.bot.table.listeners.remove(self.on_result)

    @staticmethod
    async def lang(interaction: discord.Interaction) -> str:
        return await lang_of(interaction)

    async def _channel_game(self, interaction: discord.Interaction) -> GameRecord:
        """The channel's open game, or the last one played there."""
        here = guild_key(interaction), channel_key(interaction)
        record = await self.bot.table.store.open_game_in_channel(*here) or \
            await self.bot.table.store.last_game_in_channel(*here)
        if record is None:
            raise TableError("no_game")
        return record

    @app_commands.command(name=cmd_name("undo"), description=cmd_desc("undo"))
    @app_commands.guild_only()
    async def undo(self, interaction: discord.Interaction) -> None:
        lang = await self.lang(interaction)
        user_id = str(interaction.user.id)
        namer: Namer | None = None

        async def take_back() -> ActResult:
            nonlocal namer
            record = await self.bot.table.game_in(guild_key(interaction), channel_key(interaction))
            namer = await namer_for(self.bot, record.id, lang)
            player = await self.bot.table.player_for(record.id, user_id)
            return await self.bot.table.undo_in(record.id, player, origin="interaction")

        try:
            result = await take_back()
        except (TableError, IllegalAction) as exc:
            await reply_error(interaction, exc, lang, namer)
            return
        shown = await public_namer(self.bot, result.game_id, result.state)
        content, _, _ = table_message(self.bot, result, shown)     # what was taken back; the table shows the rest
        await reply(interaction, content)

    @app_commands.command(name=cmd_name("history"), description=cmd_desc("history"))
    @app_commands.rename(since=opt_name("since"))
    @app_commands.describe(since=opt_desc("since"))
    @app_commands.choices(since=[choice("since_mine", "mine"), choice("since_start", "start")])
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction, since: str | None = None) -> None:
        lang = await self.lang(interaction)
        try:
            record = await self._channel_game(interaction)
            embed, view = await self._first_page(record, str(interaction.user.id), lang, since)
        except (TableError, IllegalAction) as exc:
            await reply_error(interaction, exc, lang)
            return
        try:     # the whole log, for everyone, in a thread of the channel where the bot may open one
            thread = await self.bot.publisher.log.open(interaction, record.id)
        except discord.HTTPException:
            log.warning("the log thread of game %s could not be opened", record.id, exc_info=True)
            thread = None
        if thread is not None:
            embed.add_field(name=ui(lang, "log_thread_title"), value=ui(lang, "log_thread_here", thread=f"<#{thread}>"),
                            inline=False)
        await reply(interaction, embed=embed, ephemeral=True, **({"view": view} if view else {}))

    async def _first_page(self, record: GameRecord, user_id: str, lang: str, since: str | None):
        if since == "start":
            return await history_message(self.bot, record, user_id, lang, 0, None)
        if since == "mine":
            viewer = await self.bot.table.player_for(record.id, user_id)
            found = await history_of(self.bot.table.store, record, viewer, lang, escaped)
            return await history_message(self.bot, record, user_id, lang, found.last_own, None)
        return await history_message(self.bot, record, user_id, lang, None, None)

    @app_commands.command(name=cmd_name("leaderboard"), description=cmd_desc("leaderboard"))
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction) -> None:
        lang = await self.lang(interaction)
        lines = await leaderboard(self.bot.table.store, guild_key(interaction), lang, markup=escaped)
        embed = discord.Embed(title=text(lang, "history", "leaderboard_title"),
                              description="\n".join(lines), colour=discord.Colour.gold())
        await reply(interaction, embed=embed)

    async def on_result(self, result: ActResult) -> None:
        """When a game ends, its summary goes to its channel (once: only the process that made the
        last move hears of it)."""
        if result.status != "finished":
            return
        try:
            lang = await game_lang(self.bot, result.game_id)
            record = await self.bot.table.store.get_game(result.game_id, with_state=False)
            found = await history_of(self.bot.table.store, record, "", lang, escaped)
            channel = self.bot.get_partial_messageable(int(result.channel_id))
            await channel.send(**outgoing(embed=summary_embed(found.summary, lang)))
        except (discord.HTTPException, ValueError, TableError):
            log_error(log, "the summary could not be posted", game_id=result.game_id)


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(HistoryCog(bot))
