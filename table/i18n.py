"""Player-facing strings from data/i18n/<lang>.yaml; German by default, English second."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

I18N_DIR = Path(__file__).resolve().parents[1] / "data" / "i18n"
LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"


@cache
def _texts(lang: str) -> dict[str, dict[str, str]]:
    return yaml.safe_load((I18N_DIR / f"{lang}.yaml").read_text(encoding="utf-8"))


def language(locale: str | None) -> str:
    """Discord locales such as "en-US" or "de" to one of our languages."""
    if locale and locale.split("-")[0].lower() == "en":
        return "en"
    return DEFAULT_LANGUAGE


def text(lang: str, section: str, key: str, **params: Any) -> str:
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    template = _texts(lang).get(section, {}).get(key) or _texts(DEFAULT_LANGUAGE).get(section, {}).get(key)
    if template is None:
        return f"{key} {params}" if params else key
    try:
        filled = template.format(**params)
    except (KeyError, IndexError):
        return template
    # a name ending in "!" or "?" at the end of a sentence ("Ben spielt Gimme!.") needs no full stop
    return filled.replace("!.", "!").replace("?.", "?")


def word(lang: str, key: str) -> str:
    return text(lang, "words", key)


def has_word(lang: str, key: str) -> bool:
    return key in _texts(lang if lang in LANGUAGES else DEFAULT_LANGUAGE).get("words", {})
