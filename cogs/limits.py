"""Discord's size limits for everything the bot sends, in one place. ``outgoing`` clips a message's
content, embeds and components to what Discord accepts, so an over-long card name or log never turns
into a rejected request (which the player would see as "the application did not respond")."""

from __future__ import annotations

from typing import Any

import discord

CONTENT = 2000
EMBEDS_PER_MESSAGE = 10
EMBED_TOTAL = 6000          # title, description, fields, footer and author of all embeds together
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
BUTTON_LABEL = 80
CUSTOM_ID = 100             # a button's or a menu's custom id
BUTTON_OPTIONS = 2          # a yes/no or a choice of one or two is a button each, not a menu (issue 36)
SELECT_PLACEHOLDER = 150
OPTION_TEXT = 100           # a select option's label, value and description; a choice's name and value
OPTIONS = 25                # options in one select, choices in one autocomplete answer
ROWS = 5
STRING_OPTION = 100         # max_length of every free-text slash command option
ELLIPSIS = "…"


def clip(text: str | None, limit: int) -> str | None:
    """The text, cut to ``limit`` characters with an ellipsis when it was longer."""
    if text is None or len(text) <= limit:
        return text
    return text[: limit - 1] + ELLIPSIS


def clip_embed(embed: discord.Embed, budget: int = EMBED_TOTAL) -> discord.Embed:
    """A copy of the embed within the per-part limits and within ``budget`` characters in total;
    what no longer fits is left out (fields from the end)."""
    data = embed.to_dict()
    for holder, key, limit in ((data, "title", EMBED_TITLE), (data, "description", EMBED_DESCRIPTION),
                               (data.get("footer", {}), "text", FOOTER), (data.get("author", {}), "name", AUTHOR)):
        if key in holder:
            holder[key] = clip(str(holder[key]), min(limit, budget)) if budget > 0 else ""
            budget -= len(holder[key])
    fields = []
    for field in data.get("fields", [])[:EMBED_FIELDS]:
        name, value = clip(str(field["name"]), FIELD_NAME), clip(str(field["value"]), FIELD_VALUE)
        if len(name) + len(value) > budget:
            break
        fields.append({**field, "name": name, "value": value})
        budget -= len(name) + len(value)
    data["fields"] = fields
    return discord.Embed.from_dict(data)


def clip_embeds(embeds: list[discord.Embed]) -> list[discord.Embed]:
    """All embeds of one message, sharing Discord's 6,000 character total."""
    budget, clipped = EMBED_TOTAL, []
    for embed in embeds[:EMBEDS_PER_MESSAGE]:
        fitted = clip_embed(embed, budget)
        budget -= len(fitted)
        clipped.append(fitted)
    return clipped


def clip_view(view: discord.ui.View) -> discord.ui.View:
    """Button labels, select placeholders and options within their limits (in place)."""
    for item in view.children:
        if isinstance(item, discord.ui.DynamicItem):
            item = item.item
        if isinstance(item, discord.ui.Button):
            item.label = clip(item.label, BUTTON_LABEL)
        elif isinstance(item, discord.ui.Select):
            item.placeholder = clip(item.placeholder, SELECT_PLACEHOLDER)
            item.options = [clip_option(o) for o in item.options[:OPTIONS]]
    return view


def clip_option(option: discord.SelectOption) -> discord.SelectOption:
    option.label = clip(option.label, OPTION_TEXT) or "-"
    option.value = clip(option.value, OPTION_TEXT) or "-"
    option.description = clip(option.description, OPTION_TEXT)
    return option


def outgoing(**message: Any) -> dict[str, Any]:
    """The keyword arguments of one send or edit (content, embed, embeds, view), clipped."""
    if message.get("content") is not None:
        message["content"] = clip(str(message["content"]), CONTENT)
    if message.get("embed") is not None:
        message["embed"] = clip_embed(message["embed"])
    if message.get("embeds"):
        message["embeds"] = clip_embeds(list(message["embeds"]))
    if message.get("view") is not None:
        message["view"] = clip_view(message["view"])
    return message


def limit_string_options(tree: discord.app_commands.CommandTree) -> None:
    """Every free-text option gets Discord's max_length, so the client refuses longer input; the bot
    clips what it echoes anyway."""
    for command in tree.walk_commands():
        if not isinstance(command, discord.app_commands.Command):
            continue
        for parameter in command._params.values():
            if parameter.type is discord.AppCommandOptionType.string and parameter.max_value is None:
                parameter.max_value = STRING_OPTION
