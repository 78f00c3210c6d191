"""Which language the bot speaks with a user: the one they chose (/spiel einstellungen sprache), else the
one their server's managers chose, else their Discord client's, else the default. Choices are stored
(they survive restarts and are shared by every process); a small bounded cache keeps the database
out of most interactions."""

from __future__ import annotations

import time
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord

from engine.core.numbers import whole_number
from table.config import DISCORD_ID_MAX
from table.i18n import language

if TYPE_CHECKING:
    from cogs.client import Spielleiter

LANGUAGES = ("de", "en")
CACHE_SIZE = 4096          # choices (user's or server's, also "none") kept in memory, least recently used go
CACHE_SECONDS = 300.0      # another process may have changed a choice: look again after this long
USER, GUILD = "user", "guild"


def client_language(interaction: discord.Interaction) -> str | None:
    """English when the user's or the server's Discord locale is English; None otherwise."""
    for locale in (interaction.locale, interaction.guild_locale):
        if locale is not None and language(str(locale.value)) == "en":
            return "en"
    return None


def locale_language(locale: discord.Locale | None) -> str | None:
    """One of our languages for a Discord locale we speak ("de", "en-GB"); None for any other."""
    code = str(locale.value).split("-")[0].lower() if locale is not None else ""
    return code if code in LANGUAGES else None


class Languages:
    def __init__(self, bot: Spielleiter, size: int = CACHE_SIZE, ttl: float = CACHE_SECONDS) -> None:
        self.bot = bot
        self.size, self.ttl = size, ttl
        self._choices: OrderedDict[tuple[str, str], tuple[str | None, float]] = OrderedDict()
        self._clients: OrderedDict[str, str] = OrderedDict()   # each user's client language, as last seen

    def _remember(self, cache: OrderedDict, key, value) -> None:
        cache[key] = value
        cache.move_to_end(key)
        while len(cache) > self.size:
            cache.popitem(last=False)

    async def choice(self, scope: str, owner_id: str) -> str | None:
        cached = self._choices.get((scope, owner_id))
        if cached is not None and time.monotonic() - cached[1] < self.ttl:
            self._choices.move_to_end((scope, owner_id))
            return cached[0]
        found = await self.bot.table.store.language_choice(scope, owner_id)
        self._remember(self._choices, (scope, owner_id), (found, time.monotonic()))
        return found

    async def choose(self, scope: str, owner_id: str, lang: str) -> None:
        await self.bot.table.store.save_language_choice(scope, owner_id, lang)
        self._remember(self._choices, (scope, owner_id), (lang, time.monotonic()))

    async def stored(self, user_id: str, guild_id: str | None) -> str | None:
        """The user's own choice, else their server's."""
        mine = await self.choice(USER, user_id)
        if mine is None and whole_number(guild_id, 1, DISCORD_ID_MAX) is not None:
            return await self.choice(GUILD, guild_id)
        return mine

    async def for_interaction(self, interaction: discord.Interaction) -> str:
        user_id = str(interaction.user.id)
        client = client_language(interaction) or self.bot.settings.default_language
        self._remember(self._clients, user_id, client)
        guild_id = str(interaction.guild_id) if interaction.guild_id else None
        return await self.stored(user_id, guild_id) or client

    async def for_server(self, guild_id: str | None) -> str:
        """For what the bot posts in a server's channel unasked (the status message, the clock's moves,
        a game's summary): the language the server's managers chose, else the default."""
        chosen = await self.choice(GUILD, guild_id) if whole_number(guild_id, 1, DISCORD_ID_MAX) is not None else None
        return chosen or self.bot.settings.default_language

    async def for_new_game(self, interaction: discord.Interaction, chosen: str | None) -> str:
        """The language a game opened by this interaction speaks in its channel for its whole life: the
        one chosen at /spiel neu, else the server managers' choice, else the server's Discord locale, else the
        default. Every public line of the game uses it, whoever made the move."""
        if chosen in LANGUAGES:
            return chosen
        guild_id = str(interaction.guild_id) if interaction.guild_id else None
        server = await self.choice(GUILD, guild_id) if whole_number(guild_id, 1, DISCORD_ID_MAX) is not None else None
        return server or locale_language(interaction.guild_locale) or self.bot.settings.default_language

    async def for_user(self, user_id: str, guild_id: str | None = None) -> str:
        """For what the bot sends a user unasked (the hand DM, reminders), in the server of that game."""
        return (await self.stored(user_id, guild_id) or self._clients.get(user_id)
                or self.bot.settings.default_language)
