"""Where the table keeps its data, shared by the bot, the console and the command-line tools."""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_DATA_DIR = "var"


def data_dir() -> Path:
    return Path(os.environ.get("SPIELLEITER_DATA_DIR", DEFAULT_DATA_DIR))


def default_db_path() -> Path:
    """SPIELLEITER_DB, else spielleiter.db in the data folder."""
    explicit = os.environ.get("SPIELLEITER_DB")
    return Path(explicit) if explicit else data_dir() / "spielleiter.db"
