"""Player-facing strings from data/i18n/<lang>.yaml; German by default, English second."""

from __future__ import annotations

import string
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import yaml

I18N_DIR = Path(__file__).resolve().parents[1] / "data" / "i18n"
LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"
# the number a template's grammar follows: with 1, the template's "_one" variant is used if it has one
COUNT_PARAMS = ("count", "excess", "treasures", "n", "vp")


@cache
def _texts(lang: str) -> dict[str, dict[str, str]]:
    return yaml.safe_load((I18N_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))


def load_texts() -> None:
    """Read every language's texts now (start-up), not on the first message that needs one."""
    for lang in LANGUAGES:
        _texts(lang)


def language(locale: str | None) -> str:
    """Discord locales such as "en-US" or "de" to one of our languages."""
    if locale and locale.split("-")[0].lower() == "en":
        return "en"
    return DEFAULT_LANGUAGE


def has_text(lang: str, section: str, key: str) -> bool:
    return key in _texts(lang if lang in LANGUAGES else DEFAULT_LANGUAGE).get(section, {})


@lru_cache(maxsize=16384)     # keys may be made from a game's data: bounded all the same
def _template(lang: str, section: str, keys: tuple[str, ...]) -> str | None:
    """The first of the keys in the language, else in German (looked up once per key: the texts do not
    change while the bot runs)."""
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    for language in dict.fromkeys((lang, DEFAULT_LANGUAGE)):
        found = next((_texts(language).get(section, {}).get(k) for k in keys
                      if _texts(language).get(section, {}).get(k)), None)
        if found:
            return found
    return None


def text(lang: str, section: str, key: str, **params: Any) -> str:
    count = next((params[p] for p in COUNT_PARAMS if isinstance(params.get(p), int)), None)
    template = _template(lang, section, (f"{key}_one", key) if count == 1 else (key,))
    if template is None:
        return f"{key} {params}" if params else key
    try:
        return fill(template, params)
    except (KeyError, IndexError):
        return template


@lru_cache(maxsize=16384)
def _pieces(template: str) -> tuple[tuple[str, str | None, str], ...]:
    """A template's literal texts and fields with their format specs, parsed once."""
    return tuple((literal, field, spec or "") for literal, field, spec, _ in string.Formatter().parse(template))


def fill(template: str, params: dict[str, Any]) -> str:
    """The template with its fields filled in. A name that ends a sentence itself ("Schummeln!",
    "Richard III.") takes the place of the template's own full stop or exclamation mark."""
    out: list[str] = []
    ended = False
    for literal, field, spec in _pieces(template):
        if ended and literal[:1] in (".", "!"):
            literal = literal[1:]
        out.append(literal)
        ended = False
        if field is not None:
            value = format(params[field], spec)
            out.append(value)
            ended = value[-1:] in (".", "!", "?", "…")
    return "".join(out)


def counted(lang: str, n: int, key: str, section: str = "words") -> str:
    """"1 Schatz", "3 Schätze": a number with its noun (the "_one" variant for 1)."""
    return f"{n} {text(lang, section, key, count=n)}"


def word(lang: str, key: str) -> str:
    return text(lang, "words", key)


def has_word(lang: str, key: str) -> bool:
    return has_text(lang, "words", key)
