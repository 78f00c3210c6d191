"""The one error type for a move the rules do not allow."""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """Raised by ``apply`` for a move the rules forbid; the state is left untouched.

    ``code`` is a stable reason key (front ends translate it), ``params`` fill the message.
    """

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{code} {params}" if params else code)
        self.code = code
        self.params = params
