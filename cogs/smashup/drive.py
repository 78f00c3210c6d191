"""How a player makes a given Smash Up move in Discord: a button of the live table message (the draft,
Finish, the scoring order and Pass), the pick in the private menu the table's Play or Special button
opens, the DM's buttons and menus for a card's choice and the discard, and the slash command where no
click makes it. The load benchmark (cogs.loadbench) plays games through it."""

from __future__ import annotations

from typing import Any

from cogs.frontend import Step
from cogs.hand import hand_step, on_first_page
from cogs.limits import BUTTON_OPTIONS
from cogs.smashup.views import HAND_PLAYS, PLAYS, SPECIALS, choice_option_id, encode, fits_choice_id
from engine.smashup import actions as A
from engine.smashup.listing import legal_actions
from engine.smashup.state import GameState

__all__ = ["Step", "step_for"]
SELECT_VALUE = 100        # characters a select value holds


def _slash(name: str, **options: Any) -> Step:
    return Step("slash", name, {k: v for k, v in options.items() if v is not None})


def _joined(cards: tuple[str, ...]) -> str | None:
    return ",".join(cards) or None


def step_for(state: GameState, game_id: int, action: Any) -> Step:
    """The interaction that makes ``action`` (``state`` is the game before it)."""
    if isinstance(action, A.PickFaction):
        return Step("click", f"sl:su:pick:{game_id}:{state.draft.next}:{action.faction}", on_table=True)
    if isinstance(action, A.FinishPlaying):
        return Step("click", f"sl:su:finish:{game_id}:{state.turn}", on_table=True)
    if isinstance(action, A.ScoreFirst):
        decision = next(d for d in state.decisions if d.kind == "score_first")
        return Step("click", f"sl:su:score:{game_id}:{decision.id}:{decision.options.index(action.base)}",
                    on_table=True)
    if isinstance(action, A.PassSpecial):
        return Step("click", f"sl:su:pass:{game_id}:{action.window}", on_table=True)
    if isinstance(action, (A.PlayMinion, A.PlayAction, A.UseTalent, A.PlaySpecial)):
        return _play_step(state, game_id, action)
    if isinstance(action, A.Choose):
        decision = next(d for d in state.decisions if d.id == action.decision)
        if len(decision.options) <= BUTTON_OPTIONS and fits_choice_id(game_id, decision.id, action.option):
            return Step("click", choice_option_id(game_id, decision.id, action.option), in_dm=True)
        return Step("click", f"sl:su:choose:{game_id}:{action.decision}", values=[action.option], in_dm=True)
    if isinstance(action, A.DiscardDown):
        decision = next(d for d in state.decisions if d.kind in ("discard_down", "discard_one"))
        return Step("click", f"sl:su:discard:{game_id}:{decision.id}", values=list(action.cards), in_dm=True)
    raise ValueError(f"no Discord path for {action}")


def _menu_values(state: GameState, action: Any) -> list[str]:
    """The values of the table's Play (or Special) menu for the player, in its order."""
    kinds = SPECIALS if state.scoring is not None else PLAYS
    return list(dict.fromkeys(encode(a) for a in legal_actions(state, action.actor)
                              if isinstance(a, kinds) and len(encode(a)) <= SELECT_VALUE))


def _play_step(state: GameState, game_id: int, action: Any) -> Step:
    """A card or talent: picked in the hand message where its menu makes it, else in the menu the table's
    Play (in a scoring round: Special) button opens; a play whose value does not fit a menu's value is typed."""
    in_hand = hand_step(HAND_PLAYS, state, game_id, action)      # picked in the hand message
    if in_hand is not None:
        return in_hand
    value = encode(action)
    if len(value) <= SELECT_VALUE and on_first_page(_menu_values(state, action), value):
        if state.scoring is not None and isinstance(action, (A.PlaySpecial, A.UseTalent)):
            window = state.scoring.window
            return Step("click", f"sl:su:specialsel:{game_id}:{window}", values=[value],
                        opens=f"sl:su:special:{game_id}:{window}")
        if state.scoring is None and not isinstance(action, A.PlaySpecial):
            return Step("click", f"sl:su:playsel:{game_id}:{state.turn}", values=[value],
                        opens=f"sl:su:play:{game_id}:{state.turn}")
    if isinstance(action, A.PlayMinion):
        return _slash("kreatur", karte=action.card, basis=action.base, ziel=action.target, ziel2=action.target2,
                      zahlen=_joined(action.discard), modus=action.mode)
    if isinstance(action, A.PlayAction):
        return _slash("aktion", karte=action.card, basis=action.base, ziel=action.target, ziel2=action.target2,
                      zahlen=_joined(action.discard), modus=action.mode, auswahl=_joined(action.picks))
    if isinstance(action, A.UseTalent):
        return _slash("talent", karte=action.card, ziel=action.target, ziel2=action.target2,
                      zahlen=_joined(action.discard), modus=action.mode)
    return _slash("extra", karte=action.card, ziel=action.target, ziel2=action.target2, basis=action.base,
                  auswahl=_joined(action.picks))
