"""Issue #36, "fewer commands": a server's command list shows at most eight entries (three groups and
the five commands players use all the time); every command the bot had as a flat command is still
there as a subcommand with the same options and autocomplete, and every text that names a command
names one a client lists."""

from __future__ import annotations

import re

import pytest
import yaml

from cogs.client import GENERIC_COGS, Spielleiter
from cogs.commands_tree import find_command
from cogs.games import extensions
from cogs.limits import limit_string_options
from cogs.texts import COMMANDS_FILE, CommandTranslator
from table.config import Settings
from tests.discord_harness import Harness, state_of

MAX_TOP_LEVEL = 8
SLASH_NAME = re.compile(r"(?<![\w/:.])/([a-zäöü_]+)(?: ([a-zäöü_]+))?")


async def flat_and_grouped() -> tuple[Spielleiter, Spielleiter]:
    """The cogs' commands as they are written (flat, as the bot registered them before issue 36) and
    as the bot registers them (grouped)."""
    flat, grouped = Spielleiter(Settings()), Spielleiter(Settings())
    for cog in (*GENERIC_COGS, *extensions()):
        await flat.load_extension(cog)
    limit_string_options(flat.tree)
    await grouped.load_cogs()
    return flat, grouped


async def test_at_most_eight_top_level_entries_and_every_old_command_is_a_subcommand_with_its_options():
    flat, grouped = await flat_and_grouped()
    top = grouped.tree.get_commands()
    assert len(top) <= MAX_TOP_LEVEL, [c.name for c in top]
    assert {c.name for c in top} >= {"spiel", "munchkin", "smashup", "hand", "entscheiden"}
    old = flat.tree.get_commands()
    assert len(old) == 47            # the 46 commands of issue 36, and /spiel vertretung_beenden
    for command in old:
        found = find_command(grouped.tree, command.name)
        assert found.name == command.name
        # the same options: names, types, required, choices, autocomplete, limits
        assert found.to_dict(grouped.tree)["options"] == command.to_dict(flat.tree)["options"], command.name
        assert found.callback.__qualname__ == command.callback.__qualname__    # the same handler, filed under a group


async def test_a_move_both_games_share_is_in_both_games_groups():
    _, grouped = await flat_and_grouped()
    for name in ("zugende", "passen", "ablegen"):
        munchkin = find_command(grouped.tree, name, prefer="munchkin")
        smashup = find_command(grouped.tree, name, prefer="smashup")
        assert (munchkin.qualified_name, smashup.qualified_name) == (f"munchkin {name}", f"smashup {name}")
        assert munchkin.callback is smashup.callback and munchkin.binding is smashup.binding
    assert find_command(grouped.tree, "munchkin tuer").qualified_name == "munchkin tuer"
    assert find_command(grouped.tree, "hand").qualified_name == "hand"
    with pytest.raises(LookupError):
        find_command(grouped.tree, "smashup tuer")        # a path names its own group only


async def test_grouped_payloads_are_german_with_english_localizations():
    _, grouped = await flat_and_grouped()
    translator = CommandTranslator()
    payloads = {c.name: await c.get_translated_payload(grouped.tree, translator) for c in grouped.tree.get_commands()}
    game = payloads["spiel"]
    assert game["name_localizations"]["en-US"] == "game" and game["description_localizations"]["en-GB"]
    door = next(o for o in payloads["munchkin"]["options"] if o["name"] == "tuer")
    assert door["type"] == 1 and door["name_localizations"]["en-US"] == "door"
    assert not game["dm_permission"] and payloads["hand"]["dm_permission"]      # the groups are server-only


def _paths(payloads: list[dict], locale: str | None) -> set[str]:
    def name(item: dict) -> str:
        return (item.get("name_localizations") or {}).get(locale, item["name"]) if locale else item["name"]

    paths = set()
    for payload in payloads:
        subcommands = [o for o in payload.get("options") or [] if o["type"] == 1]
        paths |= {f"/{name(payload)} {name(o)}" for o in subcommands} if subcommands else {f"/{name(payload)}"}
    return paths


async def test_every_command_a_text_names_is_one_the_clients_list():
    """The lines that name a command (/spiel start, /game watch, /hand …) name it with its group, in the
    language of the text, as a client in that language lists it."""
    _, grouped = await flat_and_grouped()
    translator = CommandTranslator()
    payloads = [await c.get_translated_payload(grouped.tree, translator) for c in grouped.tree.get_commands()]
    known = {"de": _paths(payloads, None), "en": _paths(payloads, "en-US")}
    named: list[tuple[str, str]] = []
    for lang in ("de", "en"):
        texts = yaml.safe_load((COMMANDS_FILE.parent / f"{lang}.yaml").read_text(encoding="utf-8"))
        named += [(lang, line) for line in _strings(texts)]
    for entry in yaml.safe_load(COMMANDS_FILE.read_text(encoding="utf-8"))["ui"].values():
        named += [(lang, entry[lang]) for lang in ("de", "en")]
    found = 0
    for lang, line in named:
        for match in SLASH_NAME.finditer(line):
            path = match[0] if match[0] in known[lang] else f"/{match[1]}"
            assert path in known[lang], (lang, line)
            found += 1
    assert found >= 10


def _strings(node) -> list[str]:
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in _strings(value)]
    return [node] if isinstance(node, str) else []


async def test_subcommands_are_called_and_autocompleted_by_path_or_own_name(h: Harness):
    """Through discord.py's real tree: /spiel neu … opens the game, /munchkin spielen karte: suggests
    the hand's playable cards whether the harness names the path or the subcommand alone."""
    await h.slash("111", "spiel neu")
    await h.slash("222", "beitreten")
    await h.slash("111", "spiel start")
    state = await state_of(h)
    assert state.phase != "lobby" and len(state.players) == 2
    by_path = await h.autocomplete(state.active_player.id, "munchkin spielen", "karte")
    by_name = await h.autocomplete(state.active_player.id, "spielen", "karte")
    assert by_path and by_path == by_name
    other = next(p.id for p in state.players if p.id != state.active_player.id)
    refused = await h.slash(other, "munchkin tuer")
    assert refused[0].ephemeral and "nicht am Zug" in refused[0].content
    assert (await state_of(h)).model_dump_json() == state.model_dump_json()
