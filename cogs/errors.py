"""Every interaction gets an answer, also when something fails: refusals name their reason, a stale
command set asks for a minute's patience (and re-syncs), anything unexpected gets a short private
apology with an error id that is logged with the traceback."""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.base import APPLIED, MOVE_FROM, lang_of, reply, reply_error
from cogs.languages import client_language
from cogs.texts import ui
from engine.core.errors import IllegalAction
from table.errors import DatabaseGone, TableError
from table.logs import log_error

if TYPE_CHECKING:
    from cogs.client import Spielleiter

log = logging.getLogger("spielleiter.errors")
GAME_LOOKUP_TIMEOUT = 1.0     # seconds the log line waits for the game id
STALE_COMMANDS = (app_commands.CommandSignatureMismatch, app_commands.CommandNotFound)


async def on_tree_error(interaction: discord.Interaction, error: Exception) -> None:
    """The command tree's error handler (``tree.on_error``)."""
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    try:
        await answer_error(interaction, error)
    finally:
        interaction.client.done_handling(interaction)  # type: ignore[attr-defined]


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    bot: Spielleiter = interaction.client  # type: ignore[assignment]
    try:
        lang = await lang_of(interaction)
    except Exception:      # the store itself may be what failed
        lang = client_language(interaction) or bot.settings.default_language
    try:
        if isinstance(error, (TableError, IllegalAction)):
            await reply_error(interaction, error, lang)
        elif isinstance(error, STALE_COMMANDS):
            bot.resync_soon()
            await reply(interaction, ui(lang, "commands_updating"), ephemeral=True)
        elif isinstance(error, app_commands.NoPrivateMessage):
            await reply(interaction, ui(lang, "server_only"), ephemeral=True)
        elif isinstance(error, DatabaseGone):
            # the database server is away (PostgreSQL restarting, the network gone): not our bug, so one
            # line in the log instead of a traceback, and the player learns what to wait for
            log.error("interaction %s: the database %s is not answering (%s)", interaction.id, error.path,
                      error.reason)
            said = "error_after_move" if APPLIED in interaction.extras else "database_away"
            await reply(interaction, ui(lang, said, error_id="-"), ephemeral=True)
        else:
            error_id = log_error(log, "interaction %s (%s) by user %s", interaction.id, _what(interaction),
                                 interaction.user.id, game_id=await _game_here(bot, interaction), exc=error)
            said = "error_after_move" if await _move_went_through(bot, interaction) else "error_apology"
            await reply(interaction, ui(lang, said, error_id=error_id), ephemeral=True)
    except discord.HTTPException:      # the interaction expired or was answered elsewhere: nothing to do
        log.warning("could not answer interaction %s after an error", interaction.id, exc_info=True)


async def _move_went_through(bot: Spielleiter, interaction: discord.Interaction) -> bool:
    """Whether the move this interaction tried was applied, although something failed: known when the
    table answered, else read back (the game's version moved on since the move was tried). Only then
    may the apology not say that nothing changed; unknown (no move tried, the store not answering): no."""
    if APPLIED in interaction.extras:
        return True
    tried = interaction.extras.get(MOVE_FROM)
    if tried is None:
        return False
    game_id, version = tried
    try:
        record = await asyncio.wait_for(bot.table.store.get_game(game_id, with_state=False), GAME_LOOKUP_TIMEOUT)
    except Exception:
        return False
    return record is not None and record.version != version


async def _game_here(bot: Spielleiter, interaction: discord.Interaction) -> int | None:
    """The id of the game in the interaction's channel, for the log (None if there is none, or the store
    does not answer at once: it may be what failed)."""
    if bot.table is None or interaction.channel_id is None:
        return None
    guild = str(interaction.guild_id) if interaction.guild_id else f"dm-{interaction.user.id}"
    try:
        record = await asyncio.wait_for(bot.table.store.last_game_in_channel(guild, str(interaction.channel_id)),
                                        GAME_LOOKUP_TIMEOUT)
    except Exception:
        return None
    return record.id if record is not None else None


def _what(interaction: discord.Interaction) -> str:
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name}"
    return str((interaction.data or {}).get("custom_id", interaction.type))


def answer_errors(callback: Any) -> Any:
    """A button's or menu's callback whose exceptions are answered like a command's (discord.py only
    logs them, and the player would see 'this interaction failed')."""
    if getattr(callback, "answers_errors", False):
        return callback

    @functools.wraps(callback)
    async def guarded(self: Any, interaction: discord.Interaction) -> None:
        bot = interaction.client
        if not await bot.begin_handling(interaction):  # type: ignore[attr-defined]   shutting down
            return
        try:
            await callback(self, interaction)
        except Exception as exc:   # every failure is answered and logged
            await answer_error(interaction, exc)
        finally:
            bot.done_handling(interaction)  # type: ignore[attr-defined]

    guarded.answers_errors = True   # type: ignore[attr-defined]
    return guarded


def guard_components(*classes: type) -> None:
    """Route every persistent component's failures through ``answer_error`` (once per class)."""
    for cls in classes:
        cls.callback = answer_errors(cls.callback)
