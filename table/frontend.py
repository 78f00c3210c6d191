"""What the table needs from a game, beside its rules (engine.games.GameRules): its words, its
texts and its pictures. Each game's package under table/ builds one ``TableFrontend``; generic code
(the console, the lookups, the Discord cogs) reaches it only through ``table.games``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from table.words import Args


@dataclass(frozen=True)
class CardEntry:
    """A card for the lookup index: the set it belongs to, its id, its German and English name."""

    set_key: str
    card_id: str
    name_de: str
    name_en: str


class Tally(Protocol):
    """Counts a game's own numbers while its log is replayed, for the summary at its end."""

    def add(self, before: Any, events: list, after: Any) -> None: ...

    def lines(self, state: Any, namer: Any) -> list[str]: ...


@dataclass(frozen=True)
class TableFrontend:
    key: str
    set_keys: Callable[[], Iterable[str]]            # the card sets this game's tables are made of
    # ---- words: the console's command lines and the slash commands' arguments
    commands: dict[str, tuple[str, ...]]            # canonical command -> the words that name it
    command_name: Callable[[str], str]              # a typed word -> its canonical command
    parse_words: Callable[[list[str]], Args]        # the words after the command -> named arguments
    build_action: Callable[[Any, str, str, dict[str, Any]], Any]   # (state, player, command, args) -> action
    shared_commands: dict[str, str]                 # a slash command both games share -> the game's command
    answer: Callable[[str, int, str], Any]          # (player, decision id, option) -> the action that answers
    owed: Callable[[Any, str], list]                # (state, player) -> the decisions the player answers
    discardable: Callable[[Any, str], list[str]]    # (state, player) -> cards /ablegen offers
    usage_key: Callable[[str], str]                 # a command -> its key in the usage/examples texts
    settings: Callable[[str | None, dict[str, bool]], tuple[list[str], dict[str, Any]]]
    # ^ (sets as typed, flags named) -> (sets, options); a mistake raises UsageError
    # ---- texts
    card_design: Callable[[str, tuple[str, ...]], Any]     # (design id, sets) -> the card's facts or None
    name_params: Callable[[dict[str, Any], Any], None]     # fills in the game's own event parameters
    render_event: Callable[[Any, Any], str]                # (event, namer) -> its line
    public_view: Callable[[Any, Any], list[str]]
    private_view: Callable[[Any, str, Any], list[str]]
    option_label: Callable[[str, Any], str]                # a decision's option, in words
    # ---- lookups and pictures
    card_entries: Callable[[], Iterable[CardEntry]]
    card_answer: Callable[[str, str, str], list[str]]      # (set key, card id, lang) -> the answer's lines
    pictures: Callable[[Any, str, dict[str, str]], dict[str, Any]]   # (state, lang, names) -> contents by file
    hand_picture: Callable[[Any, str, str, dict[str, str]], Any]    # (state, player, lang, names) -> its content
    # ---- the end-of-game summary (table/history.py): a fresh tally of the game's own numbers
    summary_tally: Callable[[], Tally]
    # ---- /hilfe: what a seated player can do now
    help_now: Callable[[Any, str], tuple[str, tuple[str, ...]]]
    # ^ (state, player) -> (the text saying so, under "help" in data/i18n; the commands that fit now)
