"""Smash Up – Munchkin at the table: its command words, texts, lookups and pictures (``FRONTEND``)."""

from __future__ import annotations

from typing import Any

from engine.smashup import actions as A
from engine.smashup.choices import HANDLERS
from table.errors import UsageError
from table.frontend import TableFrontend
from table.i18n import has_text
from table.smashup import commands, lookup, picture, render
from table.smashup.summary import SmashUpTally
from table.suggestions import any_legal, legal_moves


def settings(sets_text: str | None, options: dict[str, bool]) -> tuple[list[str], dict[str, Any]]:
    """Smash Up – Munchkin is one set with no options: naming any is a mistake."""
    named = [flag for flag, value in (("--sets", sets_text is not None),
                                      *(("--" + key.replace("_", "-"), on) for key, on in options.items())) if value]
    if named:
        raise UsageError("smashup_options", options=", ".join(named))
    return [lookup.SET_KEY], {}


def discardable(state: Any, player_id: str) -> list[str]:
    """What /ablegen suggests: the hand, while the player has to discard down to the hand limit."""
    return list(state.player(player_id).hand) if any_legal(legal_moves(state, player_id), "discard_down") else []


def owed(state: Any, player_id: str) -> list:
    """The choices the player answers with "wählen" (the discard down to the hand limit has its own)."""
    return [d for d in state.decisions if d.player == player_id and d.kind in HANDLERS]


def help_now(state: Any, player_id: str) -> tuple[str, tuple[str, ...]]:
    """What /hilfe says the player can do now: the draft, a choice a card left them, the discard, the
    order of the scorings, the round of specials, their turn, or someone else's."""
    mine = [d.kind for d in state.decisions if d.player == player_id]
    if state.phase == "over":
        return "smashup_over", ("new",)
    if state.phase == "draft":
        draft = state.draft
        my_pick = draft is not None and draft.order[draft.next] == player_id
        return ("smashup_draft", ("su_pick",)) if my_pick else ("smashup_draft_wait", ("status",))
    if "score_first" in mine:
        return "smashup_score_first", ("su_score",)
    if "discard_down" in mine or "discard_one" in mine:
        return "smashup_discard", ("su_discard",)
    if owed(state, player_id):
        return "smashup_choice", ("decide",)
    if state.phase == "scoring":
        return "smashup_scoring", ("su_special", "pass")
    if state.active_player.id == player_id:
        return "smashup_turn", ("su_minion", "su_action", "su_talent", "endturn")
    return "smashup_waiting", ("status", "hand")


def usage_key(name: str) -> str:
    """Smash Up's own usage lines are under "su_…" where a command differs from Munchkin's."""
    return f"su_{name}" if has_text("de", "usage", f"su_{name}") else name


FRONTEND = TableFrontend(
    key="smashup",
    set_keys=lambda: [lookup.SET_KEY],
    commands=commands.COMMANDS,
    command_name=commands.command_name,
    parse_words=commands.parse_words,
    build_action=commands.build_action,
    shared_commands=commands.SHARED_COMMANDS,
    answer=lambda player_id, decision, option: A.Choose(actor=player_id, decision=decision, option=option),
    owed=owed,
    discardable=discardable,
    usage_key=usage_key,
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
    summary_tally=SmashUpTally,
    help_now=help_now,
)
