"""The rulebook checklists in docs/rules/ stay true: every listed rule names a test that exists, with
a line and a known status, and each of the four Munchkin rulebooks has its file."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOKS = ("munchkin-cthulhu", "munchkin-impossible", "munchkin-shakespeare", "munchkin-axe-cop")
STATUSES = ("tested", "tested, our reading")
ROW = re.compile(r"^\| (?P<line>\d+) \| (?P<rule>[^|]+) \| (?P<status>[^|]+) \| (?P<test>[^|]*) \|$")


def rows(book: str) -> list[dict[str, str]]:
    text = (ROOT / "docs" / "rules" / f"{book}.md").read_text(encoding="utf-8")
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith("| ") and not line.startswith(("| Line", "| ---")):
            match = ROW.match(line)
            assert match, f"{book}.md line {number} is not a checklist row: {line}"
            found.append({k: v.strip() for k, v in match.groupdict().items()} | {"at": str(number)})
    return found


@cache
def functions_of(path: str) -> frozenset[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    return frozenset(n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                     and n.name.startswith("test"))


@pytest.mark.parametrize("book", BOOKS)
def test_every_listed_rule_names_an_existing_test(book):
    listed = rows(book)
    assert len(listed) >= 40, f"{book}: the checklist is nearly empty"
    missing = []
    for row in listed:
        path, _, name = row["test"].partition("::")
        if not (path.startswith("tests/") and (ROOT / path).is_file() and name in functions_of(path)):
            missing.append(f"{book}.md line {row['at']}: {row['rule']} -> {row['test'] or 'no test'}")
    assert missing == []


@pytest.mark.parametrize("book", BOOKS)
def test_every_listed_rule_has_a_rulebook_line_and_a_known_status(book):
    for row in rows(book):
        assert int(row["line"]) > 0
        assert row["status"].split(" (")[0] in STATUSES, row
