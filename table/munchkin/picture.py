"""What the Munchkin pictures show: the status (each player's level, strength, character, items by
slot, curses and hand size, never a hand's cards) and the combat (monsters, fighter and helper, the
two strengths, who has passed). Strengths come from table.render so picture and text agree."""

from __future__ import annotations

from engine.munchkin import combat as cb
from engine.munchkin.state import GameState, Player
from table.i18n import word
from table.munchkin.render import fighting_strength, item_label
from table.pictures.draw import Content, label
from table.render import Namer

WINNING_LEVEL = 10      # the level bar runs towards the level that wins
# the slots a player's items are listed under, in the order a character is read top to bottom
SLOTS = ("headgear", "armor", "footgear", "hands", "big", "vehicle", "other")
SLOT_OF = {"headgear": "headgear", "armor": "armor", "footgear": "footgear", "hand": "hands",
           "two_hands": "hands", "vehicle": "vehicle"}


def namer_for(state: GameState, lang: str, names: dict[str, str]) -> Namer:
    return Namer(lang, {p.id: names.get(p.id, p.name) for p in state.players}, state, tuple(state.sets))


def status_content(state: GameState, lang: str, names: dict[str, str]) -> Content:
    namer = namer_for(state, lang, names)
    return {"title": label(lang, "status_title", turn=state.turn), "subtitle": _whose_move(state, namer),
            "panels": [_player_panel(state, index, player, namer) for index, player in enumerate(state.players)]}


def _whose_move(state: GameState, namer: Namer) -> str:
    """"Anna ist dran (nach dem Türöffnen)": whose turn it is and where in it they are."""
    if state.phase == "over":
        return label(namer.lang, "game_over")
    move = label(namer.lang, "whose_move", player=namer.player(state.active_player.id))
    return f"{move} ({word(namer.lang, 'phase_' + state.phase)})"


def _player_panel(state: GameState, index: int, player: Player, namer: Namer) -> Content:
    lang = namer.lang
    right = f"{label(lang, 'level', n=player.level)} · {label(lang, 'strength', n=fighting_strength(state, player))}"
    character = (("classes", [*player.classes, *player.races, player.super_munchkin, player.half_breed]),
                 ("loyalties", [*player.loyalties, *player.trainings, *player.extras]),
                 ("powers", player.powers), ("followers", player.followers), ("curses", player.curses))
    lines = [{"text": f"{label(lang, key)}: {', '.join(namer.card(u) for u in uids if u)}"}
             for key, uids in character if any(uids)]
    lines += [{"text": f"{label(lang, 'slot_' + slot)}: {', '.join(items)}"}
              for slot, items in items_by_slot(state, player, namer).items()]
    lines.append({"text": label(lang, "hand", n=len(player.hand)), "color": index})
    head = f"{namer.player(player.id)} ({word(lang, 'sex_' + player.sex)})"     # the character's sex counts
    return {"head": head, "right": right, "color": index, "bar": [player.level, WINNING_LEVEL],
            "mark": index == state.active and state.phase != "over", "lines": lines}


def items_by_slot(state: GameState, player: Player, namer: Namer) -> dict[str, list[str]]:
    """The items on the table under their slot (a Big item under "big"), the carried ones as the backpack."""
    slots: dict[str, list[str]] = {}
    for item in player.items:
        card = state.card(item.uid)
        slot = "backpack" if not item.in_use else "big" if card.big else SLOT_OF.get(card.slot or "", "other")
        slots.setdefault(slot, []).append(item_label(item, namer))
    return {slot: slots[slot] for slot in (*SLOTS, "backpack") if slot in slots}


def combat_content(state: GameState, lang: str, names: dict[str, str]) -> Content | None:
    """The combat picture's content, or None when nobody fights."""
    combat = state.combat
    if combat is None:
        return None
    namer = namer_for(state, lang, names)
    roles = (("fighter", combat.fighter), ("helper", combat.helper))
    heroes = [(role, state.player(pid)) for role, pid in roles if pid]
    panels = [{"head": f"{label(lang, role)}: {namer.player(p.id)}",
               "right": label(lang, "strength", n=fighting_strength(state, p)), "color": seat_of(state, p.id),
               "mark": role == "fighter", "lines": [{"text": label(lang, "level", n=p.level)}]}
              for role, p in heroes]
    panels += [_monster_panel(state, m, namer) for m in combat.monsters]
    panels.append(_sides_panel(state, namer))
    return {"title": label(lang, "combat_title"), "subtitle": _whose_move(state, namer), "panels": panels}


def _monster_panel(state: GameState, monster, namer: Namer) -> Content:
    lang = namer.lang
    lines = [{"text": label(lang, "level", n=state.card(monster.uid).level)}]
    if monster.enhancers:
        lines.append({"text": f"{label(lang, 'enhancers')}: {namer.cards(monster.enhancers)}"})
    return {"head": namer.card(monster.uid), "right": label(lang, "strength", n=cb.monster_strength(state, monster)),
            "color": -1, "lines": lines}


def _sides_panel(state: GameState, namer: Namer) -> Content:
    """The two strengths side by side, the one-shots played, and who still has to pass."""
    combat = state.combat
    assert combat is not None
    lang = namer.lang
    players, monsters = cb.players_strength(state), cb.monsters_strength(state)
    lines = []
    if combat.one_shots:
        lines.append({"text": f"{label(lang, 'one_shots')}: {namer.cards([s.uid for s in combat.one_shots])}"})
    if combat.stage == "fight":
        passed = [namer.player(p.id) for p in state.players if p.id in combat.passed]
        waiting = [namer.player(p.id) for p in state.players if p.id not in combat.passed]
        lines.append({"text": f"{label(lang, 'passed')}: {', '.join(passed) or label(lang, 'nobody')}"})
        lines.append({"text": f"{label(lang, 'waiting')}: {', '.join(waiting) or label(lang, 'nobody')}"})
    return {"head": f"{label(lang, 'heroes')} {players} : {monsters} {label(lang, 'monsters')}",
            "bar": [players, players + monsters], "lines": lines,
            "color": seat_of(state, combat.fighter) if cb.players_win(state) else -1}


def seat_of(state: GameState, player_id: str) -> int:
    return next(i for i, p in enumerate(state.players) if p.id == player_id)


def pictures(state: GameState, lang: str, names: dict[str, str]) -> dict[str, Content]:
    """The status and, during a combat, the combat."""
    shown = {"status.png": status_content(state, lang, names)}
    combat = combat_content(state, lang, names)
    if combat is not None:
        shown["combat.png"] = combat
    return shown
