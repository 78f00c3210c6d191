"""Munchkin on Discord: its slash commands (``commands``), its table message, embeds, buttons and
DM menus (``views``), as ``FRONTEND``."""

from __future__ import annotations

from cogs.frontend import DiscordFrontend
from cogs.munchkin import views

FRONTEND = DiscordFrontend(
    key="munchkin",
    extension="cogs.munchkin.commands",
    table_message=views.table_message,
    table_embed=views.table_embed,
    live_table=views.live_table,
    private_components=views.private_components,
    hand_plays=views.HAND_PLAYS,
    dynamic_items=views.DYNAMIC_ITEMS,
)
