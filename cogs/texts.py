"""Command names, descriptions and UI texts for Discord, with the translator for English clients."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import discord
import yaml
from discord import app_commands
from discord.app_commands import locale_str

COMMANDS_FILE = Path(__file__).resolve().parents[1] / "data" / "i18n" / "commands.yaml"
ENGLISH_LOCALES = {discord.Locale.american_english, discord.Locale.british_english}


@cache
def _data() -> dict[str, dict[str, Any]]:
    return yaml.safe_load(COMMANDS_FILE.read_text(encoding="utf-8"))


def cmd_name(key: str) -> locale_str:
    return locale_str(_data()["commands"][key]["de"][0], key=f"commands.{key}.0")


def cmd_desc(key: str) -> locale_str:
    return locale_str(_data()["commands"][key]["de"][1], key=f"commands.{key}.1")


def group_name(key: str) -> locale_str:
    return locale_str(_data()["groups"][key]["de"][0], key=f"groups.{key}.0")


def group_desc(key: str) -> locale_str:
    return locale_str(_data()["groups"][key]["de"][1], key=f"groups.{key}.1")


def group_layout() -> dict[str, tuple[str, ...]]:
    """Each group's key and the keys of its commands, in the order the command list shows them."""
    return {key: tuple(entry["commands"]) for key, entry in _data()["groups"].items()}


def opt_name(key: str) -> locale_str:
    return locale_str(_data()["options"][key]["de"][0], key=f"options.{key}.0")


def raw_option(key: str) -> str:
    """The option's name as Discord sends it back (the default, German one), e.g. in a namespace."""
    return _data()["options"][key]["de"][0]


def opt_desc(key: str) -> locale_str:
    return locale_str(_data()["options"][key]["de"][1], key=f"options.{key}.1")


def choice(key: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=locale_str(_data()["choices"][key]["de"], key=f"choices.{key}"), value=value)


def choice_text(lang: str, key: str) -> str:
    entry = _data()["choices"][key]
    return str(entry.get(lang, entry["de"]))


def ui(lang: str, key: str, **params: Any) -> str:
    entry = _data()["ui"][key]
    return str(entry.get(lang, entry["de"])).format(**params)


def game_ui(lang: str, key: str, game: str, **params: Any) -> str:
    """A UI text with a version per game where one is written ("reminder_window_smashup"), else the
    common one: a Munchkin table never reads Smash Up's words."""
    return ui(lang, f"{key}_{game}" if f"{key}_{game}" in _data()["ui"] else key, **params)


def command_names(lang: str, game: str | None = None) -> dict[str, str]:
    """Every command by its key as a client in this language shows it, with its group: {"door":
    "/munchkin tuer", "hand": "/hand", …}. A move both games share is named under ``game``'s group
    (a game's key) where it is in it, else under the first group that has it."""
    data = _data()
    homes: dict[str, str] = {}
    for key, group in data["groups"].items():
        for command in group["commands"]:
            if command not in homes or key == game:
                homes[command] = group.get(lang, group["de"])[0] + " "
    return {key: "/" + homes.get(key, "") + entry.get(lang, entry["de"])[0] for key, entry in data["commands"].items()}


def command_description(lang: str, key: str) -> str:
    entry = _data()["commands"][key]
    return entry.get(lang, entry["de"])[1]


def english(key: str) -> str | None:
    """The English text for a key such as "commands.door.0"."""
    section, name, *index = key.split(".")
    entry = _data().get(section, {}).get(name)
    if entry is None:
        return None
    value = entry.get("en")
    return value[int(index[0])] if index and isinstance(value, list) else value


class CommandTranslator(app_commands.Translator):
    """German is what the commands are written in; English clients get the English names."""

    async def translate(self, string: locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        if key is None or locale not in ENGLISH_LOCALES:
            return None
        return english(key)


def all_keys() -> list[str]:
    data = _data()
    keys = [f"{section}.{k}.{i}" for section in ("commands", "groups") for k in data[section] for i in (0, 1)]
    keys += [f"options.{k}.{i}" for k in data["options"] for i in (0, 1)]
    return keys + [f"choices.{k}" for k in data["choices"]]
