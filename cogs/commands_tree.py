"""The command list's layout (issue 36): the cogs write their slash commands flat; once they are
loaded, ``group_commands`` files each into the group commands.yaml's ``groups`` names for it, so a
server's list shows a handful of entries (/spiel …, /munchkin …, /smashup …, /hand, …) and every
command keeps its handler, options and autocomplete. ``find_command`` and ``command_data`` are for
what calls the commands as a client would (the test harnesses, the load benchmark): a command by its
own name or its path, and the interaction data Discord sends for it."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from cogs.texts import cmd_name, group_desc, group_layout, group_name

GROUP_KEY = "key"          # a group's extras: its key in commands.yaml ("munchkin", "game")
SUBCOMMAND, SUBCOMMAND_GROUP = 1, 2      # option types in an interaction's data


def group_commands(tree: app_commands.CommandTree) -> None:
    """Move each grouped command from the top level into its group (a command in two groups goes
    into the second as a copy with the same handler and options)."""
    filed: dict[str, app_commands.Command] = {}
    for group_key, command_keys in group_layout().items():
        members = []
        for key in command_keys:
            name = cmd_name(key).message
            command = tree.remove_command(name) or filed.get(name)
            if command is None:
                raise LookupError(f"commands.yaml groups {group_key!r}: no command {key!r} was loaded")
            filed[name] = command
            members.append(command)
        group = app_commands.Group(name=group_name(group_key), description=group_desc(group_key),
                                   guild_only=all(c.guild_only for c in members), extras={GROUP_KEY: group_key})
        for command in members:
            if command.parent is not None:
                command = command._copy_with(parent=group, binding=command.binding, set_on_binding=False,
                                             bindings={command.binding: command.binding})   # the same cog
            group.add_command(command)
        tree.add_command(group)


def find_command(tree: app_commands.CommandTree, name: str, prefer: str | None = None) -> app_commands.Command:
    """The command ``name`` calls: its path as Discord's client shows it in German ("munchkin tuer",
    "hand") or a subcommand's own name ("tuer"). A name in two groups (the moves both games share) is
    the one in the group ``prefer`` (a game's key: "smashup") names, else the first."""
    found = [c for c in tree.walk_commands() if isinstance(c, app_commands.Command)
             and name in (c.qualified_name, c.name)]
    if not found:
        raise LookupError(f"no slash command {name!r}")
    preferred = [c for c in found if c.parent is not None and c.parent.extras.get(GROUP_KEY) == prefer]
    return (preferred or found)[0]


def command_data(command: app_commands.Command, options: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``data`` of the interaction Discord sends when a client calls ``command`` with ``options``
    (each {"name", "type", "value"}, maybe "focused"): a subcommand's options nested under it."""
    root, *path = command.qualified_name.split()
    nested = options
    for depth, name in enumerate(reversed(path)):
        nested = [{"name": name, "type": SUBCOMMAND if depth == 0 else SUBCOMMAND_GROUP, "options": nested}]
    return {"id": "1", "name": root, "type": 1, "options": nested}


def subcommand_count(payloads: list[dict[str, Any]]) -> int:
    """How many subcommands the commands' payloads hold (in groups and their subgroups)."""
    def count(options: list[dict[str, Any]]) -> int:
        return sum((o["type"] == SUBCOMMAND) + count(o.get("options") or []) for o in options
                   if o.get("type") in (SUBCOMMAND, SUBCOMMAND_GROUP))

    return sum(count(p.get("options") or []) for p in payloads)
