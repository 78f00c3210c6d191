"""Where the table keeps its data and the bot's settings from the environment, shared by the bot,
the console and the command-line tools."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engine.core.numbers import NumberError, parse_whole
from table.errors import UsageError
from table.i18n import DEFAULT_LANGUAGE

DEFAULT_DATA_DIR = "var"
DEFAULT_CACHE_SIZE = 256
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
LOG_FORMATS = ("text", "json")
DEFAULT_HEALTH_HOST = "127.0.0.1"
DISCORD_ID_MAX = 2**64 - 1      # a Discord id (a server's, say) is an unsigned 64-bit number
SHARD_COUNT_MAX = 10_000


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
    log_format: str = "text"          # "json": one JSON object per line, for log collectors
    health_port: int | None = None    # /healthz, /readyz and /metrics on this port (off when None)
    health_host: str = DEFAULT_HEALTH_HOST

    @classmethod
    def from_env(cls) -> Settings:
        """The settings; a bad one raises UsageError naming it and what it accepts, before anything starts."""
        language = os.environ.get("DEFAULT_LANGUAGE", DEFAULT_LANGUAGE).strip().lower()
        shard_count = setting_number("SHARD_COUNT", 1, SHARD_COUNT_MAX)
        cache_size()        # read by the table later; a bad value must stop the start now
        return cls(
            token=os.environ.get("DISCORD_TOKEN", "").strip(),
            db_path=default_db_path(),
            data_dir=data_dir(),
            dev_guild_id=setting_number("DEV_GUILD_ID", 1, DISCORD_ID_MAX),
            log_level=log_level(),
            default_language=language if language in ("de", "en") else DEFAULT_LANGUAGE,
            card_dir=Path(os.environ["CARD_DIR"]) if os.environ.get("CARD_DIR", "").strip() else None,
            shard_count=shard_count,
            shard_ids=shard_ids(shard_count),
            log_format=log_format(),
            health_port=setting_number("HEALTH_PORT", 0, 65535),
            health_host=setting("HEALTH_HOST") or DEFAULT_HEALTH_HOST,
        )


def setting(name: str) -> str:
    return os.environ.get(name, "").strip()


def bad_setting(name: str, problem: str | None = None, **params) -> UsageError:
    """The setting's own line ("bad_state_cache_size" in the i18n section cli, or the ``problem``'s):
    what it accepts."""
    return UsageError(f"bad_{(problem or name).lower()}", given=os.environ.get(name, ""), **params)


def setting_number(name: str, low: int, high: int | None = None) -> int | None:
    """The whole number an environment setting names; None when it is unset or empty."""
    value = setting(name)
    if not value:
        return None
    try:
        return parse_whole(value, low, high)
    except NumberError:
        raise bad_setting(name) from None


def cache_size() -> int:
    """STATE_CACHE_SIZE: how many game states a process keeps loaded (default 256)."""
    return setting_number("STATE_CACHE_SIZE", 1) or DEFAULT_CACHE_SIZE


def log_level() -> str:
    level = (setting("LOG_LEVEL") or "WARNING").upper()
    if level not in LOG_LEVELS:
        raise bad_setting("LOG_LEVEL")
    return level


def log_format() -> str:
    chosen = (setting("LOG_FORMAT") or "text").lower()
    if chosen not in LOG_FORMATS:
        raise bad_setting("LOG_FORMAT")
    return chosen


def shard_ids(count: int | None) -> list[int] | None:
    """SHARD_IDS, "1, 3": the shards this process serves, each below SHARD_COUNT (and only with it)."""
    value = setting("SHARD_IDS")
    if not value:
        return None
    if count is None:
        raise bad_setting("SHARD_IDS", "SHARD_IDS_ALONE")
    try:
        return [parse_whole(part, 0, count - 1) for part in value.split(",")]
    except NumberError:
        raise bad_setting("SHARD_IDS", top=count - 1) from None
