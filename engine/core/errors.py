"""The one error type for a move the rules do not allow."""

from __future__ import annotations

from typing import Any


class IllegalAction(Exception):
    """Raised by ``apply`` for a move the rules forbid; the state is left untouched.

    ``code`` is a stable reason key (front ends translate it), ``params`` fill the message.
    """

    def __init__(self, code: str, **params: Any) -> None:
        # the message is written only when asked for: the listing meets thousands of refusals a game
        super().__init__(code)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return f"{self.code} {self.params}" if self.params else self.code
