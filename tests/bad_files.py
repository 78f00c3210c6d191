"""Files a user might point --db at by mistake, for the store's and the command line's tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def bad_database(path: Path, how: str) -> Path:
    if how == "folder":
        path.mkdir()
        return path
    if how == "random bytes":
        path.write_bytes(bytes(range(256)) * 40)
        return path
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE notes (body TEXT)")
    connection.executemany("INSERT INTO notes VALUES (?)", [("x" * 300,) for _ in range(300)])
    connection.commit()
    connection.close()
    data = bytearray(path.read_bytes())
    if how == "truncated":
        data = data[: len(data) // 3]
    elif how == "schema not utf-8":       # sqlite3 fails decoding its own error message about it
        at = data.find(b"notes", 100)
        data[at:at + 5] = b"\xff\xfe\xfd\xfc\xfb"
    elif how == "schema not sql":
        at = data.find(b"CREATE TABLE", 100)
        data[at:at + 6] = b"CRXATE"
    path.write_bytes(bytes(data))         # "another program's": left as it is, a valid database
    return path
