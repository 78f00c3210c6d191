"""The lobby: open a game in a channel, join, leave, start, status, end."""

from __future__ import annotations

import contextlib
import logging
import re
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.answers import Answer
from cogs.base import (
    LANGUAGE,
    REFUSED,
    attempt,
    channel_key,
    clip,
    game_lang,
    guild_key,
    lang_of,
    namer_for,
    perform,
    public_namer,
    reply,
    reply_error,
)
from cogs.games import table_embed
from cogs.languages import GUILD, USER
from cogs.limits import outgoing
from cogs.names import escaped, escaped_person
from cogs.play import never_failing, player_autocomplete
from cogs.publisher import LOBBY_CLOSED, LOBBY_KEY
from cogs.texts import choice, choice_text, cmd_desc, cmd_name, english, opt_desc, opt_name, ui
from engine.bots import LEVELS
from engine.core.errors import IllegalAction
from engine.games import rules_of
from table.errors import TableError
from table.games import DEFAULT_GAME, frontend_of, keys
from table.pace import NAMED_PACES, check_pace
from table.render import Namer, render_event
from table.service import ActResult
from table.store import PrivateMessage, Substitute
from table.text_match import fold

if TYPE_CHECKING:
    from cogs.client import Spielleiter

log = logging.getLogger("spielleiter.lobby")


# the character starts with the player's own sex (Cthulhu l.103, l.125; Shakespeare l.29)
SEX_CHOICES = [choice("female", "female"), choice("male", "male")]


@never_failing
async def pace_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The named paces in the user's language; a pace of one's own ("async;turn=172800") as typed,
    offered first once it is one /tempo takes."""
    lang = await lang_of(interaction)
    typed, wanted = current.strip(), fold(current)
    named = [app_commands.Choice(name=choice_text(lang, f"pace_{key}"), value=spec)
             for key, spec in NAMED_PACES.items()]
    shown = [c for c in named if wanted in fold(c.name) or wanted in fold(c.value)]
    if typed and typed not in NAMED_PACES.values() and len(typed) <= 100:
        try:
            check_pace(typed)
        except TableError:
            return shown
        shown.insert(0, app_commands.Choice(name=typed, value=typed))
    return shown[:25]


class Lobby(commands.Cog):
    def __init__(self, bot: Spielleiter) -> None:
        self.bot = bot

    async def lang(self, interaction: discord.Interaction) -> str:
        return await lang_of(interaction)

    @staticmethod
    def here(interaction: discord.Interaction) -> tuple[str, str]:
        """The game's address: server and channel."""
        return guild_key(interaction), channel_key(interaction)

    @staticmethod
    def me(interaction: discord.Interaction) -> str:
        return str(interaction.user.id)

    async def _still_open(self, interaction: discord.Interaction, lang: str, game_id: int) -> bool:
        """A lobby button of a game that is no longer this channel's open game is out of date."""
        record = await self.bot.table.store.open_game_in_channel(*self.here(interaction))
        if record is None or record.id != game_id:
            await reply_error(interaction, IllegalAction("stale_prompt"), lang)
            return False
        return True

    @app_commands.command(name=cmd_name("new"), description=cmd_desc("new"))
    @app_commands.rename(game=opt_name("game"), sets=opt_name("sets"), faster=opt_name("faster"),
                         shared=opt_name("shared"), pace=opt_name("pace"), sex=opt_name("sex"),
                         language=opt_name("game_language"))
    @app_commands.describe(game=opt_desc("game"), sets=opt_desc("sets"), faster=opt_desc("faster"),
                           shared=opt_desc("shared"), pace=opt_desc("pace"), sex=opt_desc("sex"),
                           language=opt_desc("game_language"))
    @app_commands.choices(game=[choice(key, key) for key in keys()],
                          pace=[choice("live", "live"), choice("async", "async")], sex=SEX_CHOICES,
                          language=[choice("lang_de", "de"), choice("lang_en", "en")])
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: str = DEFAULT_GAME, sets: str | None = None,
                  faster: bool = False, shared: bool = False, pace: str = "live", sex: str = "male",
                  language: str | None = None) -> None:
        lang = await self.lang(interaction)
        missing = missing_permissions(interaction.app_permissions)
        if missing:      # a game the bot could not show would run unseen: none is opened
            names = ", ".join(ui(lang, f"perm_{name}") for name in missing)
            await reply(interaction, ui(lang, "missing_permissions", permissions=names), ephemeral=True)
            return
        game_lang = await self.bot.languages.for_new_game(interaction, language)
        chosen_sets = list(dict.fromkeys(s.strip().lower() for s in (sets or "").split(",") if s.strip())) or None
        # a game without these options (Smash Up) does not get them; sets named for a game of one set
        # are checked (and refused) by the table
        options = {key: on for key, on in (("faster_play", faster), ("shared_victory", shared))
                   if key in rules_of(game).options_model().model_dump()}
        created = self.bot.table.create(*self.here(interaction), self.me(interaction), interaction.user.display_name,
                                        kind=game, sets=chosen_sets, pace=pace, options=options, sex=sex,
                                        language=game_lang)
        record = await attempt(interaction, lang, created)
        if record is REFUSED:
            return
        message_id = await reply(interaction, ui(game_lang, "lobby_opened", host=escaped_person(interaction.user)),
                                 view=lobby_view(record.id, game_lang, game))
        if message_id is not None:      # its buttons are taken away once the game starts or is ended
            self.bot.publisher.posted_at_bottom(record.id)
            lobby = await self.bot.table.store.private_message(record.id, LOBBY_KEY)
            lobby.channel_id, lobby.message_id = str(interaction.channel_id), str(message_id)
            await self.bot.table.store.save_private_message(lobby)

    async def close_lobby_message(self, game_id: int, text_key: str) -> None:
        """The lobby message says the game started (or was ended) and loses its Join and Start buttons,
        in the server's language: nothing stale stays clickable. A message that is gone or may not be
        edited is given up; a failure that may pass (a 5xx) leaves it to be closed on the next try,
        and a stale click on it is refused meanwhile. The game itself is never held up by it."""
        store = self.bot.table.store
        try:
            lobby = await store.private_message(game_id, LOBBY_KEY)
            if not lobby.message_id or lobby.closed:
                return
            text = ui(await game_lang(self.bot, game_id), text_key)
            channel = self.bot.get_partial_messageable(int(lobby.channel_id))
            with contextlib.suppress(discord.NotFound, discord.Forbidden):
                await channel.get_partial_message(int(lobby.message_id)).edit(content=clip(text), view=None)
            lobby.closed = LOBBY_CLOSED
            await store.save_private_message(lobby)
        except (discord.HTTPException, TableError):
            log.warning("the lobby message of game %s could not be closed", game_id, exc_info=True)

    @app_commands.command(name=cmd_name("join"), description=cmd_desc("join"))
    @app_commands.rename(sex=opt_name("sex"))
    @app_commands.describe(sex=opt_desc("sex"))
    @app_commands.choices(sex=SEX_CHOICES)
    @app_commands.guild_only()
    async def join(self, interaction: discord.Interaction, sex: str = "male") -> None:
        await self.join_game(interaction, sex)

    async def join_game(self, interaction: discord.Interaction, sex: str = "male", game_id: int | None = None) -> None:
        """/beitreten, or the lobby message's button (which names its game)."""
        lang = await self.lang(interaction)
        if game_id is not None and not await self._still_open(interaction, lang, game_id):
            return
        joining = self.bot.table.join(*self.here(interaction), self.me(interaction), interaction.user.display_name,
                                      sex=sex)
        record = await attempt(interaction, lang, joining)
        if record is REFUSED:
            return
        seats = await self.bot.table.store.seats(record.id)
        shown = await game_lang(self.bot, record.id)
        if game_id is not None and interaction.message is not None:    # the lobby's button: the lobby says it
            opened = (interaction.message.content or "").split("\n")[0]
            seated = ui(shown, "lobby_seated", count=len(seats), players=", ".join(escaped(s.name) for s in seats))
            await Answer.of(interaction).edit(content=clip(f"{opened}\n{seated}"),
                                              view=lobby_view(record.id, shown, record.kind))
            return
        await self._say_below(interaction, record.id, ui(shown, "joined", player=escaped_person(interaction.user),
                                                         count=len(seats)))

    async def _say_below(self, interaction: discord.Interaction, game_id: int, content: str) -> None:
        """A public line of the game's own: it stands below the lobby message that becomes the table, so
        the table's next change looks below it (Publisher.posted_below)."""
        await reply(interaction, content)
        self.bot.publisher.posted_below(game_id)

    @app_commands.command(name=cmd_name("leave"), description=cmd_desc("leave"))
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        lang = await self.lang(interaction)
        record = await attempt(interaction, lang, self.bot.table.game_in(*self.here(interaction)))
        if record is REFUSED:
            return
        if record.status == "lobby":
            if await attempt(interaction, lang, self.bot.table.leave(*self.here(interaction),
                                                                     self.me(interaction))) is REFUSED:
                return
            await self._say_below(interaction, record.id, ui(await game_lang(self.bot, record.id), "left_lobby",
                                                             player=escaped_person(interaction.user)))
            after = await self.bot.table.store.get_game(record.id, with_state=False)
            if after is not None and after.status == "ended":      # the last one left: no game to join
                await self.close_lobby_message(record.id, "lobby_ended")
            return
        await perform(self.bot, interaction,
                      lambda state, me: frontend_of(state).build_action(state, me, "leave", {}))

    @app_commands.command(name=cmd_name("start"), description=cmd_desc("start"))
    @app_commands.guild_only()
    async def start(self, interaction: discord.Interaction) -> None:
        await self.start_game(interaction)

    async def start_game(self, interaction: discord.Interaction, game_id: int | None = None) -> None:
        """/start, or the lobby message's button (which names its game)."""
        lang = await self.lang(interaction)
        if game_id is not None and not await self._still_open(interaction, lang, game_id):
            return
        if game_id is None or interaction.message is None:
            await self._start(interaction, lang, None)
            return
        async with self.bot.publisher.answering(game_id):    # the lobby becomes the table after this answer
            await self._start(interaction, lang, game_id)

    async def _start(self, interaction: discord.Interaction, lang: str, game_id: int | None) -> None:
        starting = self.bot.table.start(*self.here(interaction), self.me(interaction), origin="interaction")
        result = await attempt(interaction, lang, starting)
        if result is REFUSED:
            return
        namer = await public_namer(self.bot, result.game_id, result.state)
        # who begins; the cards dealt and everything after it the live table message shows (cogs/live.py)
        begun = "\n".join(line for line in (render_event(e, namer) for e in result.public_events
                                            if e.kind == "game_started") if line) or ui(namer.lang, "lobby_started")
        # the lobby message becomes the live table (cogs.publisher): the Start button's answer is that
        # message saying who begins (no new message), /start's a line of its own
        if game_id is not None:
            await Answer.of(interaction).edit(content=clip(begun), view=None)
        else:
            await self._say_below(interaction, result.game_id, begun)

    @app_commands.command(name=cmd_name("status"), description=cmd_desc("status"))
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        lang = await self.lang(interaction)
        record = await attempt(interaction, lang, self.bot.table.game_in(*self.here(interaction)))
        if record is REFUSED:
            return
        if record.status == "lobby":
            seats = await self.bot.table.store.seats(record.id)
            await reply(interaction, ui(lang, "lobby_status", players=", ".join(escaped(s.name) for s in seats)),
                        ephemeral=True)
            return
        _, state = await self.bot.table.state_of(record)
        namer: Namer = await namer_for(self.bot, record.id, lang, state)
        await reply(interaction, embed=table_embed(state, namer), ephemeral=True)

    @app_commands.command(name=cmd_name("prefs"), description=cmd_desc("prefs"))
    @app_commands.rename(autopass=opt_name("autopass"), away=opt_name("away"), reminders=opt_name("reminders"),
                         language=opt_name("language"), scope=opt_name("language_scope"))
    @app_commands.describe(autopass=opt_desc("autopass"), away=opt_desc("away"), reminders=opt_desc("reminders"),
                           language=opt_desc("language"), scope=opt_desc("language_scope"))
    @app_commands.choices(reminders=[choice("on", "on"), choice("turns", "turns"), choice("off", "off")],
                          language=[choice("lang_de", "de"), choice("lang_en", "en")],
                          scope=[choice("scope_me", USER), choice("scope_server", GUILD)])
    @app_commands.guild_only()
    async def prefs(self, interaction: discord.Interaction, autopass: bool | None = None,
                    away: app_commands.Range[int, 0, 720] | None = None, reminders: str | None = None,
                    language: str | None = None, scope: str = USER) -> None:
        """Standing preferences for this channel's game, and the language (the player's own or, for
        those who may manage the server, the server's), private to the player."""
        if language is not None:
            if not await self.choose_language(interaction, language, scope):
                return
            if autopass is None and away is None and reminders is None:
                return          # the language alone needs no game in the channel
        lang = await self.lang(interaction)
        saving = self.bot.table.set_preferences(*self.here(interaction), self.me(interaction), auto_pass=autopass,
                                                away_hours=away, reminders=reminders)
        saved = await attempt(interaction, lang, saving)
        if saved is REFUSED:
            return
        away_text = f"<t:{int(saved.away_until)}:f>" if saved.away_until else "—"
        await reply(interaction, ui(lang, "prefs_saved", auto_pass=ui(lang, "yes" if saved.auto_pass else "no"),
                                    away=away_text, reminders=choice_text(lang, saved.reminders)), ephemeral=True)

    async def choose_language(self, interaction: discord.Interaction, language: str, scope: str) -> bool:
        """Store the choice and say so in the language chosen; the server's only for server managers."""
        if scope == GUILD and not getattr(interaction.permissions, "manage_guild", False):
            await reply(interaction, ui(await self.lang(interaction), "language_needs_manage"), ephemeral=True)
            return False
        owner = str(interaction.guild_id) if scope == GUILD else self.me(interaction)
        await self.bot.languages.choose(scope, owner, language)
        interaction.extras.pop(LANGUAGE, None)        # this interaction's answers follow the new choice
        key = "language_saved_server" if scope == GUILD else "language_saved_me"
        await reply(interaction, ui(language, key), ephemeral=True)
        return True

    @app_commands.command(name=cmd_name("substitute"), description=cmd_desc("substitute"))
    @app_commands.rename(player=opt_name("player"))
    @app_commands.describe(player=opt_desc("player"))
    @app_commands.autocomplete(player=player_autocomplete)
    @app_commands.guild_only()
    async def substitute(self, interaction: discord.Interaction, player: str) -> None:
        lang = await self.lang(interaction)
        request = self.bot.table.request_substitute(*self.here(interaction), self.me(interaction),
                                                    interaction.user.display_name, player)
        substitute = await attempt(interaction, lang, request)
        if substitute is REFUSED:
            return
        names = await self._seat_names(interaction)
        shown = await game_lang(self.bot, substitute.game_id)
        await reply(interaction, ui(shown, "substitute_requested", user=escaped_person(interaction.user),
                                    player=escaped(names.get(player, player))))
        await self._ask_seat_player(substitute, interaction)

    async def _ask_seat_player(self, substitute: Substitute, interaction: discord.Interaction) -> None:
        """The seat's player gets the request in their DMs, with a button to hand the seat over and one
        to keep it. Closed DMs are no loss: /vertretung_annehmen does the same, privately."""
        lang = await self.bot.languages.for_user(substitute.player_id, guild_key(interaction))
        text = ui(lang, "substitute_ask", user=escaped(substitute.name), channel=channel_key(interaction))
        try:
            dm = await self.bot.create_dm(discord.Object(int(substitute.player_id)))
            await dm.send(**outgoing(content=text), view=consent_view(substitute, lang))
        except (discord.HTTPException, ValueError):      # DMs closed, or a seat that is no Discord user
            log.info("the request for seat %s of game %s could not be sent by DM", substitute.player_id,
                     substitute.game_id)

    async def _seat_names(self, interaction: discord.Interaction) -> dict[str, str]:
        """The channel's seats' names as the table keeps them (``escaped`` in a message)."""
        record = await self.bot.table.store.open_game_in_channel(*self.here(interaction))
        return {s.user_id: s.name for s in await self.bot.table.store.seats(record.id)} if record else {}

    @app_commands.command(name=cmd_name("approve"), description=cmd_desc("approve"))
    @app_commands.rename(person=opt_name("candidate"))
    @app_commands.describe(person=opt_desc("candidate"))
    @app_commands.guild_only()
    async def approve(self, interaction: discord.Interaction, person: str) -> None:
        lang = await self.lang(interaction)
        record = await self.bot.table.store.open_game_in_channel(*self.here(interaction))
        pending = await self.bot.table.pending_substitute(record.id, person) if record else None
        owners_hand = await self.bot.table.store.private_message(record.id, pending.player_id) if pending else None
        approval = self.bot.table.approve_substitute(*self.here(interaction), self.me(interaction), person)
        substitute = await attempt(interaction, lang, approval)
        if substitute is REFUSED:
            return
        names = await self._seat_names(interaction)
        shown = await game_lang(self.bot, substitute.game_id)
        stand_in = escaped(substitute.name)
        await reply(interaction, ui(shown, "substitute_approved", user=stand_in,
                                    player=escaped(names.get(substitute.player_id, substitute.player_id))))
        if owners_hand is not None:
            await self._close_hand_message(substitute.player_id, owners_hand, guild_key(interaction),
                                           "hand_handed_over", user=stand_in)
        await self.show_hand_to_stand_in(substitute.game_id)

    @app_commands.command(name=cmd_name("unsubstitute"), description=cmd_desc("unsubstitute"))
    @app_commands.guild_only()
    async def unsubstitute(self, interaction: discord.Interaction) -> None:
        """The seat's player takes it back, or the stand-in gives it back: the stand-in's hand message
        says so and loses its menus, and the hand goes to the player's DMs again."""
        lang = await self.lang(interaction)
        ending = self.bot.table.end_substitute(*self.here(interaction), self.me(interaction))
        ended = await attempt(interaction, lang, ending)
        if ended is REFUSED:
            return
        substitute, old_message = ended
        names = await self._seat_names(interaction)
        player = escaped(names.get(substitute.player_id, substitute.player_id))
        shown = await game_lang(self.bot, substitute.game_id)
        await reply(interaction, ui(shown, "substitute_ended", user=escaped(substitute.name), player=player))
        await self._close_hand_message(substitute.user_id, old_message, guild_key(interaction),
                                       "hand_stand_in_ended", player=player)
        await self.show_hand_to_stand_in(substitute.game_id)

    async def _close_hand_message(self, reader: str, old_message: PrivateMessage, guild_id: str | None,
                                  key: str, **fields: str) -> None:
        """A hand message whose seat went to someone else (the owner's at a handover, the stand-in's
        when it ends): it says why, in its reader's language, with no menus left to click."""
        if not old_message.message_id or not old_message.channel_id:
            return
        lang = await self.bot.languages.for_user(reader, guild_id)
        embed = discord.Embed(description=ui(lang, key, **fields), colour=discord.Colour.dark_grey())
        channel = self.bot.get_partial_messageable(int(old_message.channel_id))
        with contextlib.suppress(discord.HTTPException):     # deleted or DMs gone: nothing left to close
            await channel.get_partial_message(int(old_message.message_id)).edit(**outgoing(embed=embed), view=None)

    async def answer_request(self, interaction: discord.Interaction, game_id: int, user_id: str, seat: str,
                             agree: bool) -> None:
        """The button in the seat player's DM: hand the seat over, or keep it; the channel hears which."""
        lang = await self.lang(interaction)
        owners_hand = await self.bot.table.store.private_message(game_id, seat)
        answering = self.bot.table.answer_substitute(game_id, self.me(interaction), user_id, seat, agree)
        substitute = await attempt(interaction, lang, answering)
        if substitute is REFUSED:
            return
        record, seats = await self.bot.table.roster(game_id)
        seat_name = escaped(next((s.name for s in seats if s.user_id == seat), seat))
        key = "substitute_approved" if agree else "substitute_declined"
        stand_in = escaped(substitute.name)
        await reply(interaction, ui(lang, key, user=stand_in, player=seat_name), ephemeral=True)
        channel_lang = await game_lang(self.bot, game_id)
        await self.bot.get_partial_messageable(int(record.channel_id)).send(
            **outgoing(content=ui(channel_lang, key, user=stand_in, player=seat_name)))
        if agree:
            await self._close_hand_message(seat, owners_hand, guild_key(interaction), "hand_handed_over",
                                           user=stand_in)
            await self.show_hand_to_stand_in(game_id)

    async def show_hand_to_stand_in(self, game_id: int) -> None:
        """The seat's hand goes to the stand-in at once, not only after the next move."""
        record = await self.bot.table.store.get_game(game_id, with_state=False)
        if record is not None and record.status == "active":
            version, state = await self.bot.table.state_of(record)
            await self.bot.publisher.update_private_messages(ActResult(game_id, record.channel_id, version, state))

    @approve.autocomplete("person")
    async def _candidates(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Pending substitutes of this channel's game: for one's own seat, or any for the host."""
        record = await self.bot.table.store.open_game_in_channel(*self.here(interaction))
        if record is None:
            return []
        me = self.me(interaction)
        return [app_commands.Choice(name=s.name[:100], value=s.user_id)
                for s in await self.bot.table.store.substitutes(record.id)
                if not s.approved and me in (s.player_id, record.host_id)][:25]

    @app_commands.command(name=cmd_name("pace"), description=cmd_desc("pace"))
    @app_commands.rename(pace=opt_name("pace_spec"))
    @app_commands.describe(pace=opt_desc("pace_spec"))
    @app_commands.autocomplete(pace=pace_autocomplete)
    @app_commands.guild_only()
    async def pace(self, interaction: discord.Interaction, pace: str) -> None:
        lang = await self.lang(interaction)
        change = self.bot.table.set_pace(*self.here(interaction), self.me(interaction), pace.strip())
        record = await attempt(interaction, lang, change)
        if record is REFUSED:
            return
        await self._say_below(interaction, record.id, ui(await game_lang(self.bot, record.id), "pace_set",
                                                         pace=record.pace))

    @app_commands.command(name=cmd_name("botseat"), description=cmd_desc("botseat"))
    @app_commands.rename(player=opt_name("player"), strength=opt_name("strength"))
    @app_commands.describe(player=opt_desc("player"), strength=opt_desc("strength"))
    @app_commands.choices(strength=[choice(level, level) for level in LEVELS])
    @app_commands.autocomplete(player=player_autocomplete)
    @app_commands.guild_only()
    async def botseat(self, interaction: discord.Interaction, player: str, strength: str = "leicht") -> None:
        lang = await self.lang(interaction)
        seating = self.bot.table.seat_bot(*self.here(interaction), self.me(interaction), player, level=strength)
        if await attempt(interaction, lang, seating) is REFUSED:
            return
        names = await self._seat_names(interaction)
        game_id = (await self.bot.table.game_in(*self.here(interaction))).id
        shown = await game_lang(self.bot, game_id)
        level = (english(f"choices.{strength}") or strength) if shown == "en" else strength
        await self._say_below(interaction, game_id, ui(shown, "bot_seated_level",
                                                       player=escaped(names.get(player, player)), level=level))

    @app_commands.command(name=cmd_name("end"), description=cmd_desc("end"))
    @app_commands.guild_only()
    async def end(self, interaction: discord.Interaction) -> None:
        lang = await self.lang(interaction)
        can_manage = bool(getattr(interaction.permissions, "manage_channels", False))
        ending = self.bot.table.end(*self.here(interaction), self.me(interaction), can_manage=can_manage)
        record = await attempt(interaction, lang, ending)
        if record is REFUSED:
            return
        await reply(interaction, ui(await game_lang(self.bot, record.id), "ended"))
        if record.status == "lobby":        # a started game's lobby message was closed at its start
            await self.close_lobby_message(record.id, "lobby_ended")


# what the bot needs in a game's channel: its posts, their embeds and pictures, and a look at the messages
# below the status (cogs.publisher); the names are discord.Permissions' and the texts' "perm_" keys
NEEDED_PERMISSIONS = ("send_messages", "embed_links", "attach_files", "read_message_history")


def missing_permissions(granted: discord.Permissions) -> list[str]:
    return [name for name in NEEDED_PERMISSIONS if not getattr(granted, name)]


# ---------------------------------------------------------------------- the lobby message's buttons
def lobby_view(game_id: int, lang: str, kind: str = DEFAULT_GAME) -> discord.ui.View:
    """Join (as a woman or a man where the characters have a sex) and Start."""
    view = discord.ui.View(timeout=None)
    for sex in ("female", "male") if rules_of(kind).characters_have_sex else (None,):
        view.add_item(JoinButton(game_id, lang, sex))
    view.add_item(StartButton(game_id, lang))
    return view


def _lobby(interaction: discord.Interaction) -> Lobby:
    return interaction.client.get_cog("Lobby")  # type: ignore[attr-defined, return-value]


class _LobbyButton:
    """A lobby message's button: its game in the custom id, so that it outlives a restart."""

    KIND, LABEL, STYLE = "", "", discord.ButtonStyle.secondary

    def __init__(self, game_id: int, lang: str = "de", label: str | None = None, suffix: str = "") -> None:
        super().__init__(discord.ui.Button(label=ui(lang, label or self.LABEL), style=self.STYLE,  # type: ignore[call-arg]
                                           custom_id=f"sl:{self.KIND}:{game_id}{suffix}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> _LobbyButton:
        return cls(int(match["game"]))


class JoinButton(_LobbyButton, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"sl:join:(?P<game>\d+)(?::(?P<sex>female|male))?"):
    """Joins as /beitreten does; the button names the character's sex (a button without one, as
    games without sexes and older lobby messages have, joins with /beitreten's default)."""

    KIND, LABEL, STYLE = "join", "join_button", discord.ButtonStyle.success

    def __init__(self, game_id: int, lang: str = "de", sex: str | None = None) -> None:
        super().__init__(game_id, lang, f"join_button_{sex}" if sex else None, f":{sex}" if sex else "")
        self.sex = sex

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> JoinButton:
        return cls(int(match["game"]), sex=match["sex"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await _lobby(interaction).join_game(interaction, sex=self.sex or "male", game_id=self.game_id)


class StartButton(_LobbyButton, discord.ui.DynamicItem[discord.ui.Button], template=r"sl:start:(?P<game>\d+)"):
    """Starts as /start does (the host only)."""

    KIND, LABEL, STYLE = "start", "start_button", discord.ButtonStyle.primary

    async def callback(self, interaction: discord.Interaction) -> None:
        await _lobby(interaction).start_game(interaction, game_id=self.game_id)


def consent_view(substitute: Substitute, lang: str) -> discord.ui.View:
    """The seat player's answer to a request to stand in: hand the seat over, or keep it."""
    view = discord.ui.View(timeout=None)
    for agree in (True, False):
        view.add_item(ConsentButton(substitute.game_id, substitute.user_id, substitute.player_id, agree, lang))
    return view


class ConsentButton(discord.ui.DynamicItem[discord.ui.Button],
                    template=r"sl:standin:(?P<game>\d+):(?P<user>[^:]+):(?P<seat>[^:]+):(?P<agree>yes|no)"):
    """A button in the seat player's DM: the request, its seat and the answer in the custom id, so it
    outlives a restart (the request itself is stored)."""

    def __init__(self, game_id: int, user_id: str, seat: str, agree: bool, lang: str = "de") -> None:
        label = "substitute_agree_button" if agree else "substitute_decline_button"
        style = discord.ButtonStyle.success if agree else discord.ButtonStyle.secondary
        answer = "yes" if agree else "no"
        super().__init__(discord.ui.Button(label=ui(lang, label), style=style,
                                           custom_id=f"sl:standin:{game_id}:{user_id}:{seat}:{answer}"))
        self.game_id, self.user_id, self.seat, self.agree = game_id, user_id, seat, agree

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button,
                             match: re.Match[str], /) -> ConsentButton:
        return cls(int(match["game"]), match["user"], match["seat"], match["agree"] == "yes")

    async def callback(self, interaction: discord.Interaction) -> None:
        await _lobby(interaction).answer_request(interaction, self.game_id, self.user_id, self.seat, self.agree)


LOBBY_BUTTONS = (JoinButton, StartButton, ConsentButton)


async def setup(bot: Spielleiter) -> None:
    await bot.add_cog(Lobby(bot))
