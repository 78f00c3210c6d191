"""A person's name as the table takes it in, and matching what people type against names: case,
accents and umlauts (ä = ae) do not matter."""

from __future__ import annotations

import unicodedata

UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
NAME_LIMIT = 32        # characters: Discord's longest display name, and the console's


def clean(value: str) -> str:
    """Without format controls (bidi marks, zero-width joiners: Unicode category Cf), which change
    how a name looks or reads but are invisible, so nobody can type or tell them apart."""
    return "".join(c for c in value if unicodedata.category(c) != "Cf")


def seat_name(name: str, user_id: str) -> str:
    """The name a person is shown by (a seat, a stand-in, a spectator, a host): without invisible
    format characters (a right-to-left mark would turn every line it appears in around), within
    NAME_LIMIT characters, and the person's id if nothing visible is left."""
    return tidy(name)[:NAME_LIMIT].rstrip() or user_id


def tidy(name: str) -> str:
    """The name without format characters, its spaces (and line breaks) one space each."""
    return " ".join(clean(name).split())


def fold(value: str) -> str:
    """Lower case, umlauts spelled out, other accents dropped, punctuation to spaces."""
    value = clean(value).casefold().translate(UMLAUTS)
    value = unicodedata.normalize("NFKD", value)
    value = "".join(c for c in value if not unicodedata.combining(c))
    value = "".join(c if c.isalnum() else " " for c in value)
    return " ".join(value.split())
