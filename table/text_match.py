"""Matching what people type against names: case, accents and umlauts (ä = ae) do not matter."""

from __future__ import annotations

import unicodedata

UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def clean(value: str) -> str:
    """Without format controls (bidi marks, zero-width joiners: Unicode category Cf), which change
    how a name looks or reads but are invisible, so nobody can type or tell them apart."""
    return "".join(c for c in value if unicodedata.category(c) != "Cf")


def fold(value: str) -> str:
    """Lower case, umlauts spelled out, other accents dropped, punctuation to spaces."""
    value = clean(value).casefold().translate(UMLAUTS)
    value = unicodedata.normalize("NFKD", value)
    value = "".join(c for c in value if not unicodedata.combining(c))
    value = "".join(c if c.isalnum() else " " for c in value)
    return " ".join(value.split())
