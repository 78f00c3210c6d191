"""Where the table keeps its data and the bot's settings from the environment, shared by the bot,
the console and the command-line tools."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from table.i18n import DEFAULT_LANGUAGE

DEFAULT_DATA_DIR = "var"


def data_dir() -> Path:
    return Path(os.environ.get("SPIELLEITER_DATA_DIR", DEFAULT_DATA_DIR))


def default_db_path() -> Path:
    """SPIELLEITER_DB, else spielleiter.db in the data folder."""
    explicit = os.environ.get("SPIELLEITER_DB")
    return Path(explicit) if explicit else data_dir() / "spielleiter.db"


@dataclass
class Settings:
    token: str = ""
    db_path: Path = Path("var/spielleiter.db")
    data_dir: Path = Path("var")
    dev_guild_id: int | None = None
    log_level: str = "WARNING"
    default_language: str = DEFAULT_LANGUAGE
    card_dir: Path | None = None      # the host's corrected or additional card files
    shard_count: int | None = None    # several processes: the bot's shards in all, and this process's own
    shard_ids: list[int] | None = None

    @classmethod
    def from_env(cls) -> Settings:
        guild = os.environ.get("DEV_GUILD_ID", "").strip()
        language = os.environ.get("DEFAULT_LANGUAGE", DEFAULT_LANGUAGE).strip().lower()
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=default_db_path(),
            data_dir=data_dir(),
            dev_guild_id=int(guild) if guild.isdigit() else None,
            log_level=os.environ.get("LOG_LEVEL", "WARNING").upper(),
            default_language=language if language in ("de", "en") else DEFAULT_LANGUAGE,
            card_dir=Path(os.environ["CARD_DIR"]) if os.environ.get("CARD_DIR", "").strip() else None,
            shard_count=int(count) if (count := os.environ.get("SHARD_COUNT", "").strip()).isdigit() else None,
            shard_ids=[int(s) for s in os.environ.get("SHARD_IDS", "").replace(" ", "").split(",") if s.isdigit()]
            or None,
        )
