"""What the Smash Up picture shows: each base with its breakpoint, the total power on it, every
player's power and minions there in that player's colour, the monsters and the base's VP; then the
VP track. Numbers come from the rules' own functions, as in table.smashup_render."""

from __future__ import annotations

from engine.smashup.power import breakpoint_of, minion_power, power_at, total_power
from engine.smashup.rules import WINNING_VP
from engine.smashup.state import BaseInPlay, GameState
from table.pictures.draw import Content, label
from table.render import Namer
from table.smashup.render import breakpoint_words, faction_name


def smashup_content(state: GameState, lang: str, names: dict[str, str]) -> Content:
    namer = Namer(lang, {p.id: names.get(p.id, p.name) for p in state.players}, state, ("smashup",))
    if state.phase == "over":
        subtitle = label(lang, "game_over")
    else:          # in the draft, the one who picks a faction next
        turn = state.draft.order[state.draft.next] if state.draft is not None else state.active_player.id
        subtitle = label(lang, "whose_move", player=namer.player(turn))
    panels = [_base_panel(state, base, namer) for base in state.bases]
    panels.append(_vp_track(state, namer))
    return {"title": label(lang, "smashup_title", turn=state.turn), "subtitle": subtitle, "panels": panels}


def _base_panel(state: GameState, base: BaseInPlay, namer: Namer) -> Content:
    lang = namer.lang
    card = state.card(base.uid)
    needed, total = breakpoint_of(state, base), total_power(state, base)
    ranks = "/".join(str(v) for v in card.vp)
    lines = [{"text": f"{breakpoint_words(state, base, lang)} · {label(lang, 'vp_ranks', ranks=ranks)}"}]
    for monster in base.monsters:
        owner = f" → {namer.player(monster.controller)}" if monster.controller else ""
        lines.append({"text": f"{label(lang, 'monster')}: {namer.card(monster.uid)} "
                              f"{minion_power(state, base, monster)}{owner}", "color": -1})
    for index, seat in enumerate(state.players):
        mine = [m for m in base.minions if m.controller == seat.id]
        if mine or any(m.controller == seat.id for m in base.monsters):
            minions = ", ".join(f"{namer.card(m.uid)} {minion_power(state, base, m)}" for m in mine)
            lines.append({"text": f"{namer.player(seat.id)} {power_at(state, base, seat.id)}"
                                  + (f": {minions}" if minions else ""), "color": index})
    if base.actions:
        lines.append({"text": f"{label(lang, 'on_base')}: {namer.cards(base.actions)}"})
    if len(lines) == 1:            # nothing at the base, not even a monster (as the text says it)
        lines.append({"text": label(lang, "empty_base")})
    return {"head": namer.card(base.uid), "right": f"{total}/{needed}", "bar": [total, needed], "lines": lines}


def _vp_track(state: GameState, namer: Namer) -> Content:
    lang = namer.lang
    lines = []
    for index, seat in enumerate(state.players):
        factions = " + ".join(faction_name(f, lang) for f in seat.factions)
        marker = "▶ " if index == state.active and state.phase not in ("over", "draft") else ""
        lines.append({"text": f"{marker}{namer.player(seat.id)} {label(lang, 'vp', n=seat.vp)}", "color": index,
                      "bar": [seat.vp, WINNING_VP]})
        if factions:
            lines.append({"text": f"    {factions}", "color": index})
    return {"head": label(lang, "vp_track", goal=WINNING_VP), "lines": lines}


def pictures(state: GameState, lang: str, names: dict[str, str]) -> dict[str, Content]:
    """The bases and the victory points, in one picture."""
    return {"smashup.png": smashup_content(state, lang, names)}
