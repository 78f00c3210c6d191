"""A bounded cache of loaded game states: a process serving thousands of games keeps only the ones in
play; the others are read from the store when they next move."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")


class LRU(Generic[Key, Value]):
    """The most recently used entries, at most ``size`` of them."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Key, Value] = OrderedDict()

    def get(self, key: Key) -> Value | None:
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def __setitem__(self, key: Key, value: Value) -> None:
        self._entries[key] = value
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def pop(self, key: Key, default: Value | None = None) -> Value | None:
        return self._entries.pop(key, default)

    def __len__(self) -> int:
        return len(self._entries)

    def drop(self, which: Callable[[Key], bool]) -> None:
        """Forget every entry whose key ``which`` picks."""
        for key in [k for k in self._entries if which(k)]:
            del self._entries[key]
