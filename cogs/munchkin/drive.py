"""How a player makes a given Munchkin move in Discord: the slash command with its options, or the
button or menu they click. The load benchmark (cogs.loadbench) and the Discord tests play games
through it, so every engine move has one known path through the bot's commands."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cogs.limits import BUTTON_OPTIONS
from cogs.munchkin.views import fits_custom_id, option_custom_id
from engine.munchkin import actions as A


@dataclass(frozen=True)
class Step:
    """One interaction: ``slash`` (``name`` a command, with ``options``) or ``click`` (``name`` a
    custom id; ``values`` for a menu), in the game's channel or in the player's DM."""

    kind: str
    name: str
    options: dict[str, Any] = field(default_factory=dict)
    values: list[str] | None = None
    in_dm: bool = False


def _slash(name: str, **options: Any) -> Step:
    return Step("slash", name, {k: v for k, v in options.items() if v is not None})


def _joined(cards: list[str] | tuple[str, ...]) -> str | None:
    return ",".join(cards) or None


SIMPLE = {A.KickDoor: "tuer", A.LootRoom: "pluendern", A.EndTurn: "zugende"}


def step_for(state: Any, game_id: int, action: A.Action) -> Step:
    """The interaction that makes ``action`` (``state`` is the game before it)."""
    if isinstance(action, A.Pass):
        return Step("click", f"sl:pass:{game_id}:{action.window}")
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
    return _card_step(action)


def _card_step(action: A.Action) -> Step:
    if isinstance(action, A.LookForTrouble):
        return _slash("aerger", monster=action.card)
    if isinstance(action, A.PlayCard):
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
