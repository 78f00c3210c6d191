"""The bot's log as an operator searches it.

Every error is logged by ``log_error``: one line that names its error id (the one the player was
shown, if any) and its game, so `grep 'error 3f9a0c12'` or `grep 'game=17 '` finds it. LOG_FORMAT=json
writes each record as one JSON object per line (time, level, logger, message, error_id, game_id and
the traceback as one string field) for log collectors; the default text format puts a traceback on
the lines after its error line.
"""

from __future__ import annotations

import json
import logging
import secrets
import sys
import time

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
FIELDS = ("error_id", "game_id")


def new_error_id() -> str:
    return secrets.token_hex(4)


def log_error(logger: logging.Logger, what: str, *args: object, game_id: int | str | None = None,
              error_id: str | None = None, exc: BaseException | bool | None = True) -> str:
    """Log one error line "error ID game=N: what" (with the traceback of ``exc``, True: the one being
    handled); returns the error id."""
    error_id = error_id or new_error_id()
    logger.error(f"error %s game=%s: {what}", error_id, game_id if game_id is not None else "-", *args,
                 exc_info=exc, extra={"error_id": error_id, "game_id": game_id})
    return error_id


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname, "logger": record.name, "message": record.getMessage(),
        }
        for field in FIELDS:
            value = getattr(record, field, None)
            if value is not None:
                entry[field] = value
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


def configure_logging(level: str, log_format: str = "text") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if log_format == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=level, handlers=[handler], force=True)
    # while a PostgreSQL server is away, asyncpg's pool warns with a traceback at each attempt to refill
    # itself; the store says once, in words, that the database went away (table.pg_store)
    logging.getLogger("asyncpg.pool").setLevel(logging.ERROR)
