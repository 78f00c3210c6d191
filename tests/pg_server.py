"""A throwaway PostgreSQL server for the tests: initdb into a fresh folder, listening only on a unix
socket inside it, stopped and removed at the end. Each pytest-xdist worker starts its own.

The server refuses to run as root, so as root initdb and pg_ctl run as the ``postgres`` user, in a
folder that user owns.
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import asyncpg

MISSING = "PostgreSQL server programs (initdb, pg_ctl) not found: the PostgreSQL tests are skipped"
PORT = 5432          # only names the socket file; nothing listens on TCP


def server_bin() -> Path | None:
    """Where initdb and pg_ctl are: PG_BIN, the PATH, or Debian's /usr/lib/postgresql/N/bin."""
    explicit = os.environ.get("PG_BIN")
    candidates = [explicit] if explicit else []
    found = shutil.which("initdb")
    if found:
        candidates.append(str(Path(found).parent))
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True)
    for folder in candidates:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


class PgServer:
    def __init__(self, bin_dir: Path, durable: bool = False) -> None:
        self.bin_dir = bin_dir
        self.durable = durable      # commits on disk before they return: a halt loses none of them
        self.folder = Path(tempfile.mkdtemp(prefix="spielleiter-pg-"))
        self.data = self.folder / "data"
        self.as_postgres = os.geteuid() == 0
        self._names = itertools.count(1)

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self.as_postgres else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)

    def start(self) -> PgServer:
        if self.as_postgres:
            shutil.chown(self.folder, "postgres", "postgres")
        self._run(str(self.bin_dir / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "postgres",
                  "-E", "UTF8", "--no-sync")
        self.resume()
        return self

    def resume(self) -> None:
        """Start the server on its data folder (again, after halt)."""
        # speed over durability: this cluster lives for one test run (a halt still keeps what was committed)
        options = (f"-k {self.folder} -p {PORT} -c listen_addresses='' -c fsync=off -c full_page_writes=off "
                   "-c max_connections=200" + ("" if self.durable else " -c synchronous_commit=off"))
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-o", options, "-l",
                  str(self.folder / "log"), "-w", "start")

    def halt(self) -> None:
        """Stop the server at once, as a crash or an operator would, keeping its data folder."""
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")

    def stop(self) -> None:
        try:
            self.halt()
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}&port={PORT}"

    async def create_database(self) -> str:
        name = f"t{os.getpid()}_{next(self._names)}"
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()
        return name

    async def drop_database(self, name: str) -> None:
        connection = await asyncpg.connect(self.url())
        try:
            await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await connection.close()
