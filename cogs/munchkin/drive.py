"""How a player makes a given Munchkin move in Discord: the slash command with its options, or the
button or menu they click. The load benchmark (cogs.loadbench) and the Discord tests play games
through it, so every engine move has one known path through the bot's commands."""

from __future__ import annotations

from typing import Any

from cogs.frontend import Step
from cogs.hand import hand_step
from cogs.limits import BUTTON_OPTIONS
from cogs.munchkin.views import HAND_PLAYS, fits_custom_id, option_custom_id, turn_options
from engine.munchkin import actions as A

__all__ = ["Step", "step_for"]


def _slash(name: str, **options: Any) -> Step:
    return Step("slash", name, {k: v for k, v in options.items() if v is not None})


def _joined(cards: list[str] | tuple[str, ...]) -> str | None:
    return ",".join(cards) or None


SIMPLE = {A.KickDoor: "tuer", A.LootRoom: "pluendern", A.EndTurn: "zugende"}
TURN_BUTTONS = {A.KickDoor: "door", A.LootRoom: "loot", A.EndTurn: "end", A.LookForTrouble: "trouble",
                A.AskHelp: "help"}


def step_for(state: Any, game_id: int, action: A.Action) -> Step:
    """The interaction that makes ``action`` (``state`` is the game before it): a button of the live
    table message wherever one makes it (issue 36), else the slash command or the DM's menu."""
    if isinstance(action, A.Pass):
        return Step("click", f"sl:pass:{game_id}:{action.window}", on_table=True)
    turn = _turn_step(state, game_id, action)
    if turn is not None:
        return turn
    if isinstance(action, A.Decide):
        if state.decision(action.decision).kind == "run_away":
            return _slash("weglaufen", monster=action.option)
        decision = state.decision(action.decision)
        if len(decision.options) <= BUTTON_OPTIONS and fits_custom_id(game_id, decision.id, action.option):
            return Step("click", option_custom_id(game_id, decision.id, action.option), in_dm=True)
        return Step("click", f"sl:decsel:{game_id}:{action.decision}", values=[action.option], in_dm=True)
    if isinstance(action, A.KickDoor) and action.resurrect_with:
        return _slash("tuer", auferstehung=action.resurrect_with)
    if type(action) in SIMPLE:
        return _slash(SIMPLE[type(action)])
    return _card_step(state, game_id, action)


def _turn_step(state: Any, game_id: int, action: A.Action) -> Step | None:
    """A turn's step by the table message's button: at once where it has one form, else the pick in
    the private menu the button opens (its select, as the player makes it after the click)."""
    move = TURN_BUTTONS.get(type(action))
    if isinstance(action, A.Decide) and state.decision(action.decision).kind == "run_away":
        move = "run"
    if move is None:
        return None
    options = turn_options(state, action.actor, move)
    key = next((k for k, a in options.items() if a == action), None)
    if key is None:
        return None            # a form the button does not make (a bribe, a resurrection): the command
    if len(options) == 1:
        return Step("click", f"sl:turn:{game_id}:{move}", on_table=True)
    return Step("click", f"sl:turnsel:{game_id}:{move}", values=[key], opens=f"sl:turn:{game_id}:{move}")


def _card_step(state: Any, game_id: int, action: A.Action) -> Step:
    if isinstance(action, A.LookForTrouble):
        return _slash("aerger", monster=action.card)
    if isinstance(action, A.PlayCard):
        in_hand = hand_step(HAND_PLAYS, state, game_id, action)      # picked in the hand message
        if in_hand is not None:
            return in_hand
        return _slash("spielen", karte=action.card, ziel=action.target_player, monster=action.target_monster,
                      seite=action.side, mit=action.with_card, gegenstand=action.target_item)
    if isinstance(action, A.Equip):
        return _slash("ausruesten" if action.in_use else "rucksack", gegenstand=action.card)
    if isinstance(action, A.Discard):
        return _slash("ablegen", karte=action.card)
    if isinstance(action, A.Sell):
        return _slash("verkaufen", karten=_joined(action.cards))
    if isinstance(action, A.OfferTrade):
        return _slash("handeln", spieler=action.to, gib=_joined(action.give), will=_joined(action.want))
    if isinstance(action, A.AskHelp):
        return _slash("hilfe_bitten", spieler=action.helper, schaetze=action.treasures,
                      zuerst=action.helper_first or None)
    if isinstance(action, A.OfferHelp):
        return _slash("hilfe_anbieten", schaetze=action.treasures)
    if isinstance(action, A.UseAbility):
        return _slash("faehigkeit", karte=action.card, faehigkeit=action.ability, ablegen=_joined(action.discard),
                      ziel=action.target_player)
    if isinstance(action, A.Sacrifice):
        return _slash("opfern", anhaenger=action.card, helfer_wuerfelt=not action.helper_escapes or None)
    if isinstance(action, A.Claim):
        return _slash("beanspruchen", stufenkarte=action.card)
    raise ValueError(f"no Discord path for {action}")
