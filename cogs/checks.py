"""Discord's documented limits for application commands, checked offline."""

from __future__ import annotations

import re
from typing import Any

NAME = re.compile(r"^[-_\w]{1,32}$")   # lower case letters (any script), digits, - and _
MAX_GLOBAL_COMMANDS = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_DESCRIPTION = 100
MAX_COMMAND_CHARS = 4000   # a top-level command's name, description, options (subcommands too) and choices
STRING = 3                 # the option type of free text


def _check_name(where: str, name: str) -> list[str]:
    problems = []
    if not NAME.match(name) or name != name.lower():
        problems.append(f"{where}: name {name!r} does not match Discord's pattern (1-32, lower case, no spaces)")
    return problems


def _check_description(where: str, text: str, required: bool) -> list[str]:
    if required and not text:
        return [f"{where}: missing description"]
    if len(text) > MAX_DESCRIPTION:
        return [f"{where}: description {len(text)} > {MAX_DESCRIPTION} characters"]
    return []


def _localized(where: str, payload: dict[str, Any], key: str, check) -> list[str]:
    problems = []
    for locale, value in (payload.get(f"{key}_localizations") or {}).items():
        problems += check(f"{where} [{locale}]", value)
    return problems


def _longest(payload: dict[str, Any], key: str) -> int:
    """A field's length as Discord counts it: its longest text, the default's or a localization's."""
    texts = [str(payload.get(key, "")), *(payload.get(f"{key}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def _size(payload: dict[str, Any]) -> int:
    """Characters Discord counts for a command: name, description and every option's (subcommands'
    included, each field by its longest localization), and each choice's name and value."""
    total = _longest(payload, "name") + _longest(payload, "description")
    for option in payload.get("options", []) or []:
        total += _size(option)
        for item in option.get("choices", []) or []:
            total += _longest(item, "name") + len(str(item.get("value", "")))
    return total


def check_payloads(payloads: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    if len(payloads) > MAX_GLOBAL_COMMANDS:
        problems.append(f"{len(payloads)} commands > {MAX_GLOBAL_COMMANDS}")
    names = [p["name"] for p in payloads]
    if len(set(names)) != len(names):
        problems.append("duplicate command names")
    for payload in payloads:
        where = f"/{payload['name']}"
        problems += _check_option(where, payload, top=True)
        if _size(payload) > MAX_COMMAND_CHARS:
            problems.append(f"{where}: {_size(payload)} characters > {MAX_COMMAND_CHARS}")
    return problems


def _check_option(where: str, payload: dict[str, Any], top: bool = False) -> list[str]:
    problems = _check_name(where, payload["name"])
    problems += _localized(where, payload, "name", _check_name)
    problems += _check_description(where, payload.get("description", ""), required=True)
    problems += _localized(where, payload, "description", lambda w, t: _check_description(w, t, True))
    options = payload.get("options", []) or []
    if len(options) > MAX_OPTIONS:
        problems.append(f"{where}: {len(options)} options > {MAX_OPTIONS}")
    seen_optional = False
    for option in options:
        sub = f"{where} {option['name']}"
        problems += _check_option(sub, option)
        if option.get("required") and seen_optional:
            problems.append(f"{sub}: a required option after an optional one")
        seen_optional |= not option.get("required", False)
        if option.get("type") == STRING and not option.get("max_length"):
            problems.append(f"{sub}: a text option without max_length")
        choices = option.get("choices", []) or []
        if len(choices) > MAX_CHOICES:
            problems.append(f"{sub}: {len(choices)} choices > {MAX_CHOICES}")
        for item in choices:
            if not 1 <= len(item["name"]) <= 100:
                problems.append(f"{sub}: choice name length {len(item['name'])}")
            for locale, value in (item.get("name_localizations") or {}).items():
                if not 1 <= len(value) <= 100:
                    problems.append(f"{sub}: choice [{locale}] length {len(value)}")
    return problems
