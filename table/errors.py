"""Errors the table raises for a front end to explain (codes are keys of data/i18n/*.yaml)."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{code} {params}" if params else code)
        self.code = code
        self.params = params


class StoreError(TableError):
    """The database cannot be used (cannot be opened, schema newer than this program)."""


class StaleVersion(TableError):
    def __init__(self, expected: int, actual: int) -> None:
        super().__init__("stale_version", expected=expected, actual=actual)
