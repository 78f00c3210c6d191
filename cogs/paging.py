"""Select menus longer than Discord's 25 options, shown a page at a time.

A hand of cards that pick targets can open more plays than one menu holds (a Zzzzzap alone: one
play per minion in play), and a choice can offer more than 25 cards. Such a menu shows 24 options
and, as its 25th, one that opens the next page (the last page's leads back to the first). The page
option's value starts with ``PAGE``, which no move's or choice's value does; the menu's callback
asks ``page_start`` and, for a page option, shows that page again worked out from the game as it is
then, so a page never offers a move that is no longer open.
"""

from __future__ import annotations

from cogs.limits import OPTIONS
from cogs.texts import ui

PAGE = "sl-page:"
PER_PAGE = OPTIONS - 1          # one option of each full page leads to the next


def page_of(options: list[tuple[str, str]], start: int, lang: str) -> list[tuple[str, str]]:
    """The (label, value) options of the page that begins at ``start`` (a start past the end shows
    the first page): all of them when they fit one menu, else PER_PAGE of them and the way on."""
    if len(options) <= OPTIONS:
        return options
    start = start if 0 <= start < len(options) else 0
    end = min(start + PER_PAGE, len(options))
    if end < len(options):
        onward = (ui(lang, "menu_next", first=end + 1, last=min(end + PER_PAGE, len(options)),
                     total=len(options)), f"{PAGE}{end}")
    else:
        onward = (ui(lang, "menu_first", last=PER_PAGE, total=len(options)), f"{PAGE}0")
    return [*options[start:end], onward]


def page_start(value: str) -> int | None:
    """Where the page a page option opens begins; None for any other option (a move, a choice)."""
    if not value.startswith(PAGE):
        return None
    number = value[len(PAGE):]
    return int(number) if number.isdigit() else 0
