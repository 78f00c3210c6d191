"""What the Munchkin pictures show: the status (each player's level, strength, character, items by
slot, curses and hand size, never a hand's cards) and the combat (monsters, fighter and helper, the
two strengths, who has passed). Strengths come from table.render so picture and text agree."""

from __future__ import annotations

from engine.munchkin import combat as cb
from engine.munchkin.cards import Card
from engine.munchkin.state import GameState, Player
from table.i18n import word
from table.munchkin.render import fighting_strength
from table.pictures.draw import Content, label
from table.render import Namer

HAND_FACE_WIDTH = 170   # five cards of a hand in a row
WINNING_LEVEL = 10      # the level bar runs towards the level that wins
# the slots a player's items are listed under, in the order a character is read top to bottom
SLOTS = ("headgear", "armor", "footgear", "hands", "big", "vehicle", "other")
SLOT_OF = {"headgear": "headgear", "armor": "armor", "footgear": "footgear", "hand": "hands",
           "two_hands": "hands", "vehicle": "vehicle"}


# each kind's frame and icon on its face (table/pictures/faces.py); a kind not named takes its deck's frame
FACE_STYLES = {"monster": "monster", "curse": "curse", "class": "class", "race": "race", "super_munchkin": "class",
               "half_breed": "race", "item": "item", "oneshot": "oneshot", "enhancer": "enhancer",
               "item_enhancer": "treasure", "hireling": "follower", "ally": "follower", "power": "ability",
               "loyalty": "ability", "extra_loyalty": "ability", "training": "ability", "extra_training": "ability",
               "trap": "trap"}
FACE_ICONS = {"super_munchkin": "class", "half_breed": "race", "item_enhancer": "enhancer", "hireling": "follower",
              "ally": "follower", "extra_loyalty": "loyalty", "extra_training": "training"}
BONUS_KINDS = ("item", "oneshot", "enhancer", "item_enhancer")


def card_face(card: Card, lang: str) -> Content:
    """What a card's face shows: its deck and kind (an item's slot), its name, and its numbers (a
    monster's level and treasures, a bonus, the gold value, the Big marker)."""
    icon = FACE_ICONS.get(card.kind, card.kind)
    kind = label(lang, f"kind_{card.kind}")
    if card.kind == "item":
        icon = card.slot if card.slot and card.slot != "none" else "item"
        kind = label(lang, f"face_slot_{card.slot}") if card.slot and card.slot != "none" else kind
    face: Content = {"name": card.name_en if lang == "en" else card.name_de,
                     "style": FACE_STYLES.get(card.kind, card.deck), "icon": icon,
                     "band": f"{label(lang, 'face_' + card.deck)} · {kind}"}
    if card.kind in ("monster", "wandering") and card.level:
        face["badge"] = str(card.level)
        face["foot"] = label(lang, "face_treasure_one" if card.treasures == 1 else "face_treasures", n=card.treasures)
    elif card.kind in BONUS_KINDS and card.bonus:
        face["badge"] = f"{card.bonus:+d}"
    if card.value:
        face["value"] = label(lang, "face_gold", n=card.value)
    if card.big:
        face["big"] = label(lang, "face_big")
    return face


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
    faces = [card_face(state.card(u), lang) for _, uids in character for u in uids if u]
    faces[len(faces) - len(player.curses):len(faces) - len(player.curses)] = item_faces(state, player, lang)
    lines = [{"text": label(lang, "hand", n=len(player.hand)), "color": index}]
    head = f"{namer.player(player.id)} ({word(lang, 'sex_' + player.sex)})"     # the character's sex counts
    return {"head": head, "right": right, "color": index, "bar": [player.level, WINNING_LEVEL],
            "mark": index == state.active and state.phase != "over", "lines": lines, "faces": faces}


def item_faces(state: GameState, player: Player, lang: str) -> list[Content]:
    """The player's items by slot, each followed by the enhancers on it; a carried one dimmed and
    marked as in the backpack."""
    faces = []
    by_slot = sorted(player.items, key=lambda item: (not item.in_use, SLOTS.index(_slot_of(state, item))))
    for item in by_slot:
        for uid in (item.uid, *item.enhancers):
            face = card_face(state.card(uid), lang)
            if not item.in_use:
                face |= {"dim": True, "note": label(lang, "slot_backpack")}
            faces.append(face)
    return faces


def _slot_of(state: GameState, item) -> str:
    card = state.card(item.uid)
    return "big" if card.big else SLOT_OF.get(card.slot or "", "other")


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
    faces = [card_face(state.card(u), lang) for u in (monster.uid, *monster.enhancers)]
    return {"head": namer.card(monster.uid), "right": label(lang, "strength", n=cb.monster_strength(state, monster)),
            "color": -1, "lines": lines, "faces": faces}


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


def hand_content(state: GameState, player_id: str, lang: str, names: dict[str, str]) -> Content:
    """The picture of a player's hand, for that player alone: each card's face."""
    namer = namer_for(state, lang, names)
    hand = state.player(player_id).hand
    # the subtitle is the player's own (their level), not whose move it is: the table message says that, and
    # a hand picture that changed with every phase would edit every player's DM at every move (issue 36)
    level = label(lang, "level", n=state.player(player_id).level)
    return {"title": label(lang, "hand_title", player=namer.player(player_id)), "subtitle": level,
            "panels": [{"head": label(lang, "hand", n=len(hand)), "face_width": HAND_FACE_WIDTH,
                        "faces": [card_face(state.card(u), lang) for u in hand],
                        "lines": [] if hand else [{"text": label(lang, "hand_empty")}]}]}


def pictures(state: GameState, lang: str, names: dict[str, str]) -> dict[str, Content]:
    """The status and, during a combat, the combat."""
    shown = {"status.png": status_content(state, lang, names)}
    combat = combat_content(state, lang, names)
    if combat is not None:
        shown["combat.png"] = combat
    return shown
