"""What the Smash Up picture shows: each base with its breakpoint, the total power on it, every
player's power and minions there in that player's colour, the monsters and the base's VP; then the
VP track. Numbers come from the rules' own functions, as in table.smashup_render."""

from __future__ import annotations

from engine.smashup.cards import Base, Monster, PlayCard
from engine.smashup.power import breakpoint_of, minion_power, power_at, total_power
from engine.smashup.state import BaseInPlay, GameState
from engine.smashup.turn import HAND_LIMIT, WINNING_VP, hand_cards
from table.pictures.draw import Content, label
from table.render import Namer
from table.smashup.render import breakpoint_words, faction_name

HAND_FACE_WIDTH = 170   # five cards of a hand in a row


def card_face(card: PlayCard | Base | Monster, lang: str, power: int | None = None,
              owner: int | None = None) -> Content:
    """What a Smash Up card's face shows: a minion's or action's faction (its frame colour and band),
    a minion's power (``power``: as it is now, on the table), a base's breakpoint and victory points,
    a monster's power and treasures; a treasure is gold-framed. ``owner``: the seat it belongs to."""
    name = card.name_en if lang == "en" else card.name_de
    if isinstance(card, Base):
        face = {"name": name, "style": "base", "icon": "base", "band": label(lang, "su_kind_base"),
                "badge": str(card.breakpoint), "foot": label(lang, "vp_ranks", ranks="/".join(map(str, card.vp)))}
    elif isinstance(card, Monster):
        face = {"name": name, "style": "su_monster", "icon": "monster", "band": label(lang, "su_kind_monster"),
                "badge": str(card.power if power is None else power),
                "foot": label(lang, "face_treasure_one" if card.treasures == 1 else "face_treasures", n=card.treasures)}
    else:
        kind = label(lang, f"su_kind_{card.kind}")
        group = faction_name(card.faction, lang) if card.faction else label(lang, "su_kind_treasure")
        band = f"{group} · {kind}"
        face = {"name": name, "style": card.faction or "su_treasure", "icon": card.kind if card.faction else "treasure",
                "band": band}
        if card.kind == "minion":
            face["badge"] = str(card.power if power is None else power)
    if owner is not None:
        face["owner"] = owner
    return face


def hand_content(state: GameState, player_id: str, lang: str, names: dict[str, str]) -> Content:
    """The picture of a player's hand, for that player alone: each card's face, a treasure marked as
    not counting toward the hand limit (Smash Up – Munchkin, "Schätze", rulebook l.502)."""
    namer = Namer(lang, {p.id: names.get(p.id, p.name) for p in state.players}, state, ("smashup",))
    hand, counted = state.player(player_id).hand, set(hand_cards(state, player_id))
    faces = []
    for uid in hand:
        face = card_face(state.card(uid), lang)
        if uid not in counted:
            face["note"] = label(lang, "su_not_counted")
        faces.append(face)
    counted = label(lang, "su_hand_counted", n=len(counted), limit=HAND_LIMIT)
    return {"title": label(lang, "hand_title", player=namer.player(player_id)), "subtitle": counted,
            "panels": [{"head": label(lang, "hand", n=len(hand)), "face_width": HAND_FACE_WIDTH, "faces": faces,
                        "lines": [] if hand else [{"text": label(lang, "hand_empty")}]}]}


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
    if not base.minions and not base.monsters and not base.actions:    # nothing there, as the text says it
        lines.append({"text": label(lang, "empty_base")})
    seats = {seat.id: index for index, seat in enumerate(state.players)}
    faces = [card_face(card, lang)]
    faces += [card_face(state.card(m.uid), lang, minion_power(state, base, m), seats.get(m.controller))
              for m in base.monsters]
    faces += [card_face(state.card(m.uid), lang, minion_power(state, base, m), seats.get(m.controller))
              for seat in state.players for m in base.minions if m.controller == seat.id]
    return {"head": namer.card(base.uid), "right": f"{total}/{needed}", "bar": [total, needed], "lines": lines,
            "faces": faces}


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
