"""The one reader of a whole number that a person typed: a console word, a command-line option, an
environment setting, a slash-command option.

Only ASCII digits count. Python's own digit test is true for "²" and "٣" and ``int`` then either
fails ("²") or quietly reads another script's digit as ours ("٣" is 3), so neither is used on typed text. A number
is also kept within a range, and a long row of digits is refused before it is converted at all.
"""

from __future__ import annotations

import unicodedata

ASCII_DIGITS = frozenset("0123456789")
MAX_DIGITS = 18          # anything longer is out of every range without a named top (and stays a cheap check)


class NumberError(ValueError):
    """A typed number that cannot be used. ``reason`` is "not_a_number" or "out_of_range"; ``low`` and
    ``high`` are the range asked for (``high`` None: no upper bound)."""

    def __init__(self, text: str, reason: str, low: int, high: int | None) -> None:
        super().__init__(f"{reason}: {text!r} (allowed: {describe_range(low, high)})")
        self.text = text
        self.reason = reason
        self.low = low
        self.high = high


def describe_range(low: int, high: int | None) -> str:
    return f"{low}–{high}" if high is not None else f"{low} or more"


def is_ascii_number(text: str, max_digits: int = MAX_DIGITS) -> bool:
    """True for one or more ASCII digits and nothing else (no sign, space, or other script)."""
    return bool(text) and len(text) <= max_digits and all(c in ASCII_DIGITS for c in text)


def looks_like_a_number(text: str) -> bool:
    """True when every character of ``text`` (spaces around ignored) is a digit or number sign of some
    script ("²", "٣", "12"): typed as a number, though perhaps not one parse_whole reads."""
    word = text.strip()
    return bool(word) and all(unicodedata.numeric(c, None) is not None for c in word)


def digits_allowed(high: int | None) -> int:
    """A range with a top as long as a Discord id (20 digits) reads that many; without one, MAX_DIGITS."""
    return MAX_DIGITS if high is None else max(MAX_DIGITS, len(str(abs(high))))


def parse_whole(text: str, low: int = 0, high: int | None = None, *, signed: bool = False) -> int:
    """The number ``text`` names, surrounding spaces ignored; raises NumberError when it is not ASCII
    digits (a leading "-" only with ``signed``) or not within low..high."""
    word = text.strip()
    digits = word[1:] if signed and word.startswith("-") else word
    if not is_ascii_number(digits, digits_allowed(high)):
        too_long = bool(digits) and all(c in ASCII_DIGITS for c in digits)
        raise NumberError(text, "out_of_range" if too_long else "not_a_number", low, high)
    value = int(word)
    if value < low or (high is not None and value > high):
        raise NumberError(text, "out_of_range", low, high)
    return value


def whole_number(text: str | None, low: int = 0, high: int | None = None, *, signed: bool = False) -> int | None:
    """parse_whole, with None for anything it refuses (and for None)."""
    if text is None:
        return None
    try:
        return parse_whole(text, low, high, signed=signed)
    except NumberError:
        return None


def parse_decimal(text: str, low: float = 0, high: float | None = None) -> float:
    """A typed number with at most one decimal point ("7200", "0.5"), ASCII digits on either side;
    raises NumberError like parse_whole."""
    word = text.strip()
    parts = word.split(".")
    if len(parts) > 2 or not any(parts) or not all(part == "" or is_ascii_number(part) for part in parts):
        raise NumberError(text, "not_a_number", int(low), None if high is None else int(high))
    value = float(word)
    if value < low or (high is not None and value > high):
        raise NumberError(text, "out_of_range", int(low), None if high is None else int(high))
    return value
