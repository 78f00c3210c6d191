"""Munchkin at the table: its command words, texts, lookups and pictures (``FRONTEND``)."""

from __future__ import annotations

from typing import Any

from engine.munchkin import actions as A
from engine.munchkin.cards import available_sets
from table.errors import UsageError
from table.frontend import TableFrontend
from table.munchkin import commands, lookup, picture, render
from table.munchkin.summary import MunchkinTally
from table.suggestions import legal_moves, legal_values

DEFAULT_SETS = "cthulhu"


def settings(sets_text: str | None, options: dict[str, bool]) -> tuple[list[str], dict[str, Any]]:
    """The sets named (trimmed and lower-cased: "Cthulhu" and "cthulhu, axecop" simply work) and the
    two table options. Sets named as nothing ("", ",,,") are refused, not taken for the default."""
    known = available_sets()
    named = DEFAULT_SETS if sets_text is None else sets_text
    sets = list(dict.fromkeys(key.strip().lower() for key in named.split(",") if key.strip()))
    if not sets:
        raise UsageError("no_sets", known=", ".join(known))
    for key in sets:
        if key not in known:
            raise UsageError("unknown_set", set=key, known=", ".join(known))
    return sets, {"faster_play": bool(options.get("faster_play")),
                  "shared_victory": bool(options.get("shared_victory"))}


def owed(state: Any, player_id: str) -> list:
    return [d for d in state.decisions if d.player == player_id]


def discardable(state: Any, player_id: str) -> list[str]:
    """What /ablegen suggests: the cards in play before the player that the rules let go now (items,
    classes, curses on them)."""
    return legal_values(legal_moves(state, player_id), "discard", "card")


TURN_HELP = {   # the active player's commands in each phase of the turn (outside a combat)
    "start": ("munchkin_turn_start", ("door", "play", "equip", "sell", "trade")),
    "trouble": ("munchkin_turn_trouble", ("trouble", "loot", "endturn", "play", "sell")),
    "after": ("munchkin_turn_after", ("endturn", "play", "sell", "trade")),
    "charity": ("munchkin_waiting", ("hand",)),
}


def help_now(state: Any, player_id: str) -> tuple[str, tuple[str, ...]]:
    """What /hilfe says the player can do now: a decision first, then the combat's reaction window
    (fighter or not), running away, the phases of one's own turn, or someone else's turn."""
    combat = state.combat
    if state.phase == "over":
        return "munchkin_over", ("new",)
    if owed(state, player_id):
        return "munchkin_decision", ("decide", "accept", "decline")
    if combat is not None and combat.stage == "fight":
        if combat.fighter == player_id:
            return "munchkin_combat_fighter", ("play", "ask", "ability", "pass")
        return "munchkin_combat_other", ("play", "offer", "pass")
    if combat is not None and combat.stage == "run" and combat.fighter == player_id:
        return "munchkin_run", ("run", "sacrifice")
    if state.active_player.id != player_id or combat is not None:
        return "munchkin_waiting", ("play", "trade", "hand")
    return TURN_HELP[state.phase]


FRONTEND = TableFrontend(
    key="munchkin",
    set_keys=available_sets,
    commands=commands.COMMANDS,
    command_name=commands.command_name,
    parse_words=commands.WORDS.parse,
    build_action=commands.build_action,
    shared_commands={},
    answer=lambda player_id, decision, option: A.Decide(actor=player_id, decision=decision, option=option),
    owed=owed,
    discardable=discardable,
    usage_key=lambda name: name,
    settings=settings,
    card_design=render.card_design,
    name_params=render.name_params,
    render_event=render.render_event,
    public_view=render.public_view,
    private_view=render.private_view,
    option_label=render.option_label,
    card_entries=lookup.card_entries,
    card_answer=lookup.card_answer,
    pictures=picture.pictures,
    hand_picture=picture.hand_content,
    summary_tally=MunchkinTally,
    help_now=help_now,
)
