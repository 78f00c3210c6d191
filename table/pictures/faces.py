"""Card faces drawn with Pillow, in the project's own design (no official art): a frame in the
colour of the card's kind (or its Smash Up faction), a band naming the deck and kind, the name, a
simple icon of the kind drawn from lines and shapes, and the numbers that matter (a badge for the
level, bonus or power, a foot for treasures, gold, victory points, the Big marker).

A face is given as content (a small JSON-able dict that each game builds from its card designs,
table/<game>/picture.py ``card_face``), so what it shows decides its picture: a face once drawn is
kept by its content and size. Nothing here knows a game.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from table.pictures.fonts import INK, PLAYER_COLOURS, font, length

Face = dict[str, Any]
RATIO = 1.4                 # a playing card's height to its width
FACES_KEPT = 512            # faces kept drawn: a few hands' and tables' worth

PAPER = (252, 247, 232)
WHITE = (255, 255, 255)
# frames by style: Munchkin's kinds, Smash Up's factions and its other cards
FRAMES = {
    "monster": (168, 40, 36), "curse": (112, 52, 140), "class": (30, 92, 170), "race": (38, 128, 70),
    "item": (176, 128, 16), "oneshot": (206, 104, 18), "enhancer": (128, 84, 52), "door": (128, 84, 52),
    "treasure": (176, 128, 16), "follower": (0, 124, 128), "ability": (72, 72, 150), "trap": (90, 90, 90),
    "base": (112, 104, 92), "su_monster": (150, 28, 28), "su_treasure": (190, 142, 12),
    "clerics": (196, 160, 36), "dwarves": (136, 80, 40), "elves": (36, 138, 60), "halflings": (210, 112, 40),
    "mages": (84, 62, 170), "orcs": (96, 116, 36), "thieves": (62, 62, 74), "warriors": (176, 38, 44),
}
SPARE_FRAMES = ((0, 114, 178), (204, 121, 167), (86, 130, 150), (150, 100, 60))   # a faction not listed above


def frame_colour(style: str) -> tuple[int, int, int]:
    if style in FRAMES:
        return FRAMES[style]
    return SPARE_FRAMES[sum(map(ord, style)) % len(SPARE_FRAMES)]


def darker(colour: tuple[int, int, int], share: float = 0.65) -> tuple[int, int, int]:
    return tuple(round(c * share) for c in colour)      # type: ignore[return-value]


def lighter(colour: tuple[int, int, int], share: float = 0.8) -> tuple[int, int, int]:
    return tuple(round(c + (255 - c) * share) for c in colour)      # type: ignore[return-value]


def face_height(width: int) -> int:
    return round(width * RATIO)


def face_image(face: Face, width: int) -> Image.Image:
    """The face drawn ``width`` pixels wide (kept: the same face is drawn once)."""
    return _drawn(json.dumps(face, sort_keys=True, ensure_ascii=False), width)


@lru_cache(maxsize=FACES_KEPT)
def _drawn(key: str, width: int) -> Image.Image:
    face = json.loads(key)
    height = face_height(width)
    image = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(image)
    frame = frame_colour(face["style"])
    edge = max(3, width // 22)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), radius=width // 10, fill=frame)
    paper = PAPER if not face.get("dim") else (222, 218, 208)
    inner = (edge, edge, width - 1 - edge, height - 1 - edge)
    draw.rounded_rectangle(inner, radius=width // 14, fill=paper)
    band = _band(draw, face, width, edge, frame)
    name_bottom = _name(draw, face["name"], width, edge, band)
    foot_top = _foot(draw, face, width, height, edge, frame)
    icon_top, icon_bottom = name_bottom + width * 0.03, foot_top - width * 0.04
    badge = face.get("badge") not in (None, "")
    if icon_bottom - icon_top > width * 0.18:       # the icon, beside the badge where there is one
        size = min(icon_bottom - icon_top, width * (0.5 if badge else 0.6))
        middle, centre = (icon_top + icon_bottom) / 2, width * (0.6 if badge else 0.5)
        box = (centre - size / 2, middle - size / 2, centre + size / 2, middle + size / 2)
        ICONS.get(face["icon"], _sparkle)(draw, box, darker(frame, 0.8))
    if badge:
        _badge(draw, str(face["badge"]), width, icon_top, frame)
    if face.get("owner") is not None:
        seat = PLAYER_COLOURS[int(face["owner"]) % len(PLAYER_COLOURS)]
        draw.rounded_rectangle((edge * 2, height - edge * 2.6, width - edge * 2, height - edge * 0.9),
                               radius=edge, fill=seat)
    return image


def _band(draw: ImageDraw.ImageDraw, face: Face, width: int, edge: int, frame) -> float:
    """The band at the top naming deck and kind ("Tür · Monster"); its bottom."""
    size = max(9, round(width * 0.085))
    bottom = edge + size * 1.5
    draw.rectangle((edge, edge + width // 20, width - 1 - edge, bottom), fill=frame)
    text = _fitted(face.get("band", ""), size, width - 2 * edge - width * 0.08, bold=True)
    draw.text((width / 2, edge + width // 20 + (bottom - edge - width // 20) / 2), text, font=font(size, True),
              fill=WHITE, anchor="mm")
    return bottom


def _name(draw: ImageDraw.ImageDraw, name: str, width: int, edge: int, top: float) -> float:
    """The name, centred, in up to three lines, smaller when it is long; its bottom."""
    room = width - 2 * edge - width * 0.1
    for size in (round(width * 0.12), round(width * 0.105), round(width * 0.09), round(width * 0.078)):
        lines = _lines(name, max(8, size), room)
        if len(lines) <= 3 and all(length(line, max(8, size), True) <= room for line in lines):
            break
    size = max(8, size)
    lines = [_fitted(line, size, room, bold=True) for line in lines[:3]]
    y = top + width * 0.05
    for line in lines:
        draw.text((width / 2, y), line, font=font(size, True), fill=INK, anchor="ma")
        y += size * 1.12
    return y


def _lines(text: str, size: int, room: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and length(f"{lines[-1]} {word}", size, True) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _fitted(text: str, size: int, room: float, bold: bool = False) -> str:
    """The text, cut with an ellipsis where it is wider than ``room``."""
    if length(text, size, bold) <= room:
        return text
    while text and length(text + "…", size, bold) > room:
        text = text[:-1]
    return text + "…"


def _foot(draw: ImageDraw.ImageDraw, face: Face, width: int, height: int, edge: int, frame) -> float:
    """The numbers at the bottom ("2 Schätze", "400 G"), the Big marker and a note; their top."""
    size = max(9, round(width * 0.085))
    bottom = height - edge - width * 0.06 - (edge * 1.8 if face.get("owner") is not None else 0)
    if face.get("note"):
        note = _fitted(face["note"], size - 1, width - 2 * edge - width * 0.06, bold=True)
        top = bottom - size * 1.45
        draw.rectangle((edge, top, width - 1 - edge, bottom), fill=(70, 70, 78))
        draw.text((width / 2, (top + bottom) / 2), note, font=font(size - 1, True), fill=WHITE, anchor="mm")
        bottom = top - width * 0.02
    left, right = face.get("foot", ""), face.get("value", "")
    if face.get("big"):
        marker = face["big"]
        marker_width = length(marker, size, True) + width * 0.08
        top = bottom - size * 1.4
        x0 = width / 2 - marker_width / 2
        draw.rounded_rectangle((x0, top, x0 + marker_width, bottom), radius=size // 3, fill=INK)
        draw.text((width / 2, (top + bottom) / 2), marker, font=font(size, True), fill=WHITE, anchor="mm")
        bottom = top - width * 0.02
    if left or right:
        top = bottom - size * 1.25
        room = width - 2 * edge - width * 0.08
        if left and right:
            draw.text((edge + width * 0.05, bottom), _fitted(left, size, room * 0.6, True), font=font(size, True),
                      fill=darker(frame), anchor="ld")
            draw.text((width - edge - width * 0.05, bottom), _fitted(right, size, room * 0.4, True),
                      font=font(size, True), fill=darker(frame), anchor="rd")
        else:
            draw.text((width / 2, bottom), _fitted(left or right, size, room, True), font=font(size, True),
                      fill=darker(frame), anchor="md")
        bottom = top
    return bottom


def _badge(draw: ImageDraw.ImageDraw, badge: str, width: int, top: float, frame) -> None:
    """The number that matters most (a level, a bonus, a power, a breakpoint), in a disc at the left
    under the name."""
    radius = width * 0.15
    cx, cy = width * 0.2, top + radius
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=WHITE)
    inner = radius * 0.86
    draw.ellipse((cx - inner, cy - inner, cx + inner, cy + inner), fill=darker(frame, 0.85))
    size = round(radius * (1.1 if len(badge) <= 2 else 0.8))
    draw.text((cx, cy), badge, font=font(size, True), fill=WHITE, anchor="mm")


# ---------------------------------------------------------------------- icons, each within its box
def _scaled(box, points):
    x0, y0, x1, y1 = box
    return [(x0 + (x1 - x0) * x, y0 + (y1 - y0) * y) for x, y in points]


def _monster(draw, box, ink) -> None:
    draw.polygon(_scaled(box, [(0.18, 0.35), (0.08, 0.02), (0.36, 0.22)]), fill=ink)
    draw.polygon(_scaled(box, [(0.82, 0.35), (0.92, 0.02), (0.64, 0.22)]), fill=ink)
    draw.ellipse(_box(box, 0.12, 0.15, 0.88, 0.95), fill=ink)
    for x in (0.36, 0.64):
        draw.ellipse(_box(box, x - 0.09, 0.4, x + 0.09, 0.56), fill=WHITE)
        draw.ellipse(_box(box, x - 0.035, 0.45, x + 0.035, 0.53), fill=INK)
    draw.rectangle(_box(box, 0.3, 0.68, 0.7, 0.8), fill=WHITE)
    teeth = [(0.3 + 0.08 * i, 0.68) for i in range(6)]
    draw.polygon(_scaled(box, [teeth[0], *[(0.34 + 0.08 * i, 0.76) for i in range(5)], teeth[-1], (0.7, 0.8),
                              (0.3, 0.8)]), fill=ink)


def _box(box, x0, y0, x1, y1):
    (ax, ay), (bx, by) = _scaled(box, [(x0, y0), (x1, y1)])
    return (ax, ay, bx, by)


def _curse(draw, box, ink) -> None:       # a skull
    draw.ellipse(_box(box, 0.18, 0.05, 0.82, 0.72), fill=ink)
    draw.rounded_rectangle(_box(box, 0.32, 0.6, 0.68, 0.92), radius=4, fill=ink)
    for x in (0.37, 0.63):
        draw.ellipse(_box(box, x - 0.1, 0.33, x + 0.1, 0.53), fill=PAPER)
    draw.polygon(_scaled(box, [(0.5, 0.55), (0.45, 0.66), (0.55, 0.66)]), fill=PAPER)
    for x in (0.42, 0.5, 0.58):
        draw.line(_scaled(box, [(x, 0.78), (x, 0.92)]), fill=PAPER, width=2)


def _shield(draw, box, ink) -> None:      # a class: a shield with a star
    draw.polygon(_scaled(box, [(0.15, 0.08), (0.85, 0.08), (0.85, 0.5), (0.5, 0.95), (0.15, 0.5)]), fill=ink)
    _star_at(draw, box, 0.5, 0.42, 0.22, PAPER)


def _person(draw, box, ink) -> None:      # a race, a minion: head and shoulders
    draw.ellipse(_box(box, 0.32, 0.05, 0.68, 0.45), fill=ink)
    draw.chord(_box(box, 0.12, 0.5, 0.88, 1.3), 180, 360, fill=ink)


def _race(draw, box, ink) -> None:        # a head with a pointed ear
    _person(draw, box, ink)
    draw.polygon(_scaled(box, [(0.64, 0.2), (0.9, 0.02), (0.7, 0.34)]), fill=ink)


def _followers(draw, box, ink) -> None:
    _person(draw, _box(box, -0.2, 0.15, 0.6, 0.95), ink)
    _person(draw, _box(box, 0.4, 0.0, 1.2, 0.85), darker(ink, 0.8))


def _helmet(draw, box, ink) -> None:
    draw.pieslice(_box(box, 0.12, 0.12, 0.88, 0.95), 180, 360, fill=ink)
    draw.rectangle(_box(box, 0.05, 0.52, 0.95, 0.64), fill=ink)
    draw.rectangle(_box(box, 0.45, 0.02, 0.55, 0.2), fill=ink)


def _armour(draw, box, ink) -> None:
    draw.polygon(_scaled(box, [(0.2, 0.08), (0.38, 0.08), (0.5, 0.2), (0.62, 0.08), (0.8, 0.08), (0.92, 0.3),
                               (0.8, 0.4), (0.78, 0.92), (0.22, 0.92), (0.2, 0.4), (0.08, 0.3)]), fill=ink)
    draw.line(_scaled(box, [(0.5, 0.3), (0.5, 0.85)]), fill=PAPER, width=2)


def _boot(draw, box, ink) -> None:
    draw.polygon(_scaled(box, [(0.3, 0.05), (0.62, 0.05), (0.62, 0.6), (0.92, 0.72), (0.92, 0.92), (0.3, 0.92)]),
                 fill=ink)
    draw.rectangle(_box(box, 0.26, 0.05, 0.66, 0.16), fill=darker(ink, 0.7))


def _sword(draw, box, ink) -> None:
    draw.polygon(_scaled(box, [(0.44, 0.68), (0.44, 0.12), (0.5, 0.02), (0.56, 0.12), (0.56, 0.68)]), fill=ink)
    draw.rectangle(_box(box, 0.26, 0.66, 0.74, 0.74), fill=darker(ink, 0.7))
    draw.rectangle(_box(box, 0.46, 0.74, 0.54, 0.9), fill=darker(ink, 0.7))
    draw.ellipse(_box(box, 0.43, 0.88, 0.57, 0.99), fill=darker(ink, 0.7))


def _axe(draw, box, ink) -> None:         # two hands: a great axe
    handle = max(3, int((box[2] - box[0]) * 0.08))
    draw.line(_scaled(box, [(0.25, 0.95), (0.7, 0.08)]), fill=darker(ink, 0.7), width=handle)
    draw.pieslice(_box(box, 0.38, 0.0, 0.98, 0.6), 250, 70, fill=ink)


def _cart(draw, box, ink) -> None:        # a vehicle
    draw.rectangle(_box(box, 0.08, 0.3, 0.92, 0.65), fill=ink)
    for x in (0.28, 0.72):
        draw.ellipse(_box(box, x - 0.15, 0.55, x + 0.15, 0.85), fill=darker(ink, 0.7))
        draw.ellipse(_box(box, x - 0.05, 0.65, x + 0.05, 0.75), fill=PAPER)


def _ring(draw, box, ink) -> None:        # another item: an amulet
    draw.ellipse(_box(box, 0.15, 0.2, 0.85, 0.9), outline=ink, width=max(3, int((box[2] - box[0]) * 0.09)))
    draw.polygon(_scaled(box, [(0.5, 0.02), (0.64, 0.18), (0.5, 0.34), (0.36, 0.18)]), fill=ink)


def _potion(draw, box, ink) -> None:      # a one-shot
    draw.ellipse(_box(box, 0.18, 0.32, 0.82, 0.96), fill=ink)
    draw.rectangle(_box(box, 0.4, 0.1, 0.6, 0.4), fill=ink)
    draw.rectangle(_box(box, 0.36, 0.02, 0.64, 0.12), fill=darker(ink, 0.7))
    draw.ellipse(_box(box, 0.3, 0.5, 0.44, 0.64), fill=lighter(ink))


def _arrow_up(draw, box, ink) -> None:    # an enhancer, going up a level
    draw.polygon(_scaled(box, [(0.5, 0.02), (0.92, 0.45), (0.66, 0.45), (0.66, 0.95), (0.34, 0.95), (0.34, 0.45),
                               (0.08, 0.45)]), fill=ink)


def _arrow_on(draw, box, ink) -> None:    # a wandering monster joins the fight
    draw.polygon(_scaled(box, [(0.05, 0.38), (0.55, 0.38), (0.55, 0.15), (0.95, 0.5), (0.55, 0.85), (0.55, 0.62),
                               (0.05, 0.62)]), fill=ink)


def _star_at(draw, box, cx, cy, radius, fill) -> None:
    import math

    points = []
    for step in range(10):
        r = radius if step % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + step * math.pi / 5
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    draw.polygon(_scaled(box, points), fill=fill)


def _star(draw, box, ink) -> None:
    _star_at(draw, box, 0.5, 0.52, 0.48, ink)


def _bolt(draw, box, ink) -> None:        # a power, an action
    draw.polygon(_scaled(box, [(0.58, 0.02), (0.18, 0.56), (0.46, 0.56), (0.36, 0.98), (0.82, 0.4), (0.54, 0.4),
                               (0.7, 0.02)]), fill=ink)


def _flag(draw, box, ink) -> None:        # a loyalty
    draw.rectangle(_box(box, 0.2, 0.05, 0.27, 0.95), fill=darker(ink, 0.7))
    draw.polygon(_scaled(box, [(0.27, 0.08), (0.88, 0.22), (0.27, 0.5)]), fill=ink)


def _book(draw, box, ink) -> None:        # a training
    draw.rounded_rectangle(_box(box, 0.12, 0.15, 0.88, 0.88), radius=4, fill=ink)
    draw.line(_scaled(box, [(0.5, 0.18), (0.5, 0.85)]), fill=PAPER, width=2)
    for y in (0.32, 0.45, 0.58):
        draw.line(_scaled(box, [(0.2, y), (0.42, y)]), fill=PAPER, width=1)
        draw.line(_scaled(box, [(0.58, y), (0.8, y)]), fill=PAPER, width=1)


def _spikes(draw, box, ink) -> None:      # a trap
    for i in range(4):
        x = 0.08 + i * 0.22
        draw.polygon(_scaled(box, [(x, 0.9), (x + 0.11, 0.15), (x + 0.22, 0.9)]), fill=ink)
    draw.rectangle(_box(box, 0.04, 0.88, 0.96, 0.96), fill=darker(ink, 0.7))


def _sparkle(draw, box, ink) -> None:     # anything else
    draw.polygon(_scaled(box, [(0.5, 0.02), (0.6, 0.4), (0.98, 0.5), (0.6, 0.6), (0.5, 0.98), (0.4, 0.6),
                               (0.02, 0.5), (0.4, 0.4)]), fill=ink)


def _castle(draw, box, ink) -> None:      # a base
    draw.rectangle(_box(box, 0.12, 0.35, 0.88, 0.95), fill=ink)
    for x in (0.12, 0.32, 0.52, 0.72):
        draw.rectangle(_box(box, x, 0.22, x + 0.16, 0.36), fill=ink)
    draw.rectangle(_box(box, 0.38, 0.05, 0.62, 0.36), fill=darker(ink, 0.8))
    draw.chord(_box(box, 0.38, 0.6, 0.62, 0.9), 180, 360, fill=PAPER)
    draw.rectangle(_box(box, 0.38, 0.75, 0.62, 0.95), fill=PAPER)


def _chest(draw, box, ink) -> None:       # a treasure
    draw.chord(_box(box, 0.08, 0.15, 0.92, 0.65), 180, 360, fill=ink)
    draw.rectangle(_box(box, 0.08, 0.42, 0.92, 0.9), fill=ink)
    draw.rectangle(_box(box, 0.08, 0.4, 0.92, 0.46), fill=darker(ink, 0.6))
    draw.rectangle(_box(box, 0.43, 0.36, 0.57, 0.56), fill=(250, 220, 90))


ICONS = {
    "monster": _monster, "curse": _curse, "class": _shield, "race": _race, "follower": _followers,
    "headgear": _helmet, "armor": _armour, "footgear": _boot, "hand": _sword, "two_hands": _axe,
    "vehicle": _cart, "item": _ring, "oneshot": _potion, "enhancer": _arrow_up, "wandering": _arrow_on,
    "level_up": _star, "power": _bolt, "loyalty": _flag, "training": _book, "trap": _spikes, "effect": _sparkle,
    "minion": _person, "action": _bolt, "base": _castle, "treasure": _chest,
}


def faces_row_height(count: int, width: int, room: float, gap: int) -> tuple[int, int]:
    """How many faces fit in a row of ``room`` pixels, and the height of all the rows they need."""
    per_row = max(1, int((room + gap) // (width + gap)))
    rows = -(-count // per_row) if count else 0
    return per_row, rows * (face_height(width) + gap)
