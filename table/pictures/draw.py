"""Drawing a table picture from its visible content: a title, then panels (a player, a monster, a
base) each with a header, an optional bar (level towards 10, power towards the breakpoint) and
lines of text. Nothing here knows a game: what is drawn is exactly the content it is given.

The type is DejaVu Sans Condensed (fonts.py); cards are drawn as faces (faces.py).
"""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from table.i18n import text
from table.pictures.faces import face_height, face_image, faces_row_height
from table.pictures.fonts import INK, PLAYER_COLOURS, font, length

WIDTH = 1000            # a phone shows the picture at its full width: large type, few columns
MARGIN = 24
PAD = 16
TITLE_SIZE, HEAD_SIZE, BODY_SIZE = 46, 38, 31
LINE_GAP = 8
BAR_HEIGHT = 14
FACE_WIDTH = 140        # the cards in front of a player, a monster, a base's minions: small faces
FACE_GAP = 10
BLENDS = 5          # steps between a colour and the ground it is drawn on (anti-aliased edges)

BACKGROUND = (250, 246, 236)
PANEL = (255, 255, 255)
MUTED = (110, 104, 96)
MARK = (255, 214, 92)         # the active player's (or the fighter's) panel edge
BAR_BACK = (226, 220, 208)
NEUTRAL = (90, 90, 100)
MONSTER = (170, 40, 40)

Content = dict[str, Any]




@cache
def palette() -> Image.Image:
    """Every colour drawn, and the steps between each and the grounds it is drawn on."""
    inks = (INK, MUTED, MARK, BAR_BACK, NEUTRAL, MONSTER, *PLAYER_COLOURS)
    grounds = (PANEL, BACKGROUND, BAR_BACK)
    colours = {tuple(round(i + (g - i) * step / BLENDS) for i, g in zip(ink, ground, strict=True))
               for ink in inks for ground in grounds for step in range(BLENDS + 1)}
    image = Image.new("P", (1, 1))
    image.putpalette([value for c in sorted(colours) for value in c])
    return image


def colour(index: int | None) -> tuple[int, int, int]:
    if index is None:
        return NEUTRAL
    if index < 0:
        return MONSTER
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def wrap(text: str, size: int, width: float, bold: bool = False) -> list[str]:
    """The text broken into lines no wider than ``width`` pixels (a single long word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = f"{current} {word}" if current else word
        if current and length(candidate, size, bold) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current]


class Painter:
    """Draws (or, without an image, only measures) the content top to bottom."""

    def __init__(self, image: Image.Image | None = None) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image) if image is not None else None
        self.y = MARGIN

    def text(self, x: float, text: str, size: int, fill: tuple[int, int, int] = INK, right: bool = False,
             bold: bool = False) -> None:
        """Draw the text with its left (or right) end at x."""
        if self.draw is None:
            return
        x = x - length(text, size, bold) if right else x
        self.draw.text((x, self.y), text, font=font(size, bold), fill=fill)

    def rect(self, box: tuple[float, float, float, float], fill, radius: int = 10, outline=None,
             width: int = 0) -> None:
        if self.draw is not None:
            self.draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)

    def bar(self, x0: float, x1: float, value: int, most: int, fill) -> None:
        top = self.y + 4
        self.rect((x0, top, x1, top + BAR_HEIGHT), BAR_BACK, radius=6)
        share = max(0.0, min(1.0, value / most)) if most > 0 else 0.0
        if share > 0:
            self.rect((x0, top, x0 + max(BAR_HEIGHT, (x1 - x0) * share), top + BAR_HEIGHT), fill, radius=6)

    def title(self, content: Content) -> None:
        self.text(MARGIN, content["title"], TITLE_SIZE, bold=True)
        self.y += TITLE_SIZE + LINE_GAP
        if content.get("subtitle"):
            self.text(MARGIN, content["subtitle"], BODY_SIZE, MUTED)
            self.y += BODY_SIZE + LINE_GAP
        self.y += PAD

    def panel(self, panel: Content) -> None:
        """The panel's header and lines; its box is drawn first by png(), from the measured height."""
        inner = MARGIN + PAD + 10
        self.y += PAD
        self._head(panel, inner, colour(panel.get("color")))
        for line in panel.get("lines", []):
            self._line(line, inner)
        if panel.get("faces"):
            self._faces(panel["faces"], panel.get("face_width", FACE_WIDTH), inner)
        self.y += PAD

    def _faces(self, faces: list[Content], width: int, inner: float) -> None:
        """The cards as faces, in rows as many as fit."""
        per_row, height = faces_row_height(len(faces), width, WIDTH - MARGIN - PAD - inner, FACE_GAP)
        if self.image is not None:
            for index, face in enumerate(faces):
                row, column = divmod(index, per_row)
                at = (round(inner + column * (width + FACE_GAP)),
                      round(self.y + LINE_GAP + row * (face_height(width) + FACE_GAP)))
                self.image.paste(face_image(face, width), at)
        self.y += height + LINE_GAP

    def _head(self, panel: Content, inner: float, accent) -> None:
        right = panel.get("right", "")
        space = WIDTH - MARGIN - PAD - inner - (length(right, HEAD_SIZE, bold=True) + PAD if right else 0)
        for index, part in enumerate(wrap(panel["head"], HEAD_SIZE, space, bold=True)):
            self.text(inner, part, HEAD_SIZE, accent, bold=True)
            if index == 0 and right:
                self.text(WIDTH - MARGIN - PAD, right, HEAD_SIZE, INK, right=True, bold=True)
            self.y += HEAD_SIZE + LINE_GAP
        if panel.get("bar"):
            value, most = panel["bar"]
            self.bar(inner, WIDTH - MARGIN - PAD, value, most, accent)
            self.y += BAR_HEIGHT + LINE_GAP * 2

    def _line(self, line: Content, inner: float) -> None:
        fill = colour(line["color"]) if "color" in line else INK
        if line.get("bar"):         # a short label with its bar beside it (the VP track)
            split = inner + (WIDTH - 2 * MARGIN) * 0.42
            self.text(inner, line["text"], BODY_SIZE, fill)
            self.y += (BODY_SIZE - BAR_HEIGHT) // 2
            self.bar(split, WIDTH - MARGIN - PAD, *line["bar"], fill)
            self.y += BODY_SIZE - (BODY_SIZE - BAR_HEIGHT) // 2 + LINE_GAP
            return
        for part in wrap(line["text"], BODY_SIZE, WIDTH - MARGIN - PAD - inner):
            self.text(inner, part, BODY_SIZE, fill)
            self.y += BODY_SIZE + LINE_GAP


def panel_boxes(content: Content) -> tuple[list[tuple[int, int]], int]:
    """Each panel's top and bottom, and the picture's height, measured without drawing."""
    painter = Painter()
    painter.title(content)
    boxes = []
    for panel in content["panels"]:
        top = painter.y
        painter.panel(panel)
        boxes.append((top, painter.y))
        painter.y += PAD
    return boxes, painter.y + MARGIN - PAD


def png(content: Content) -> bytes:
    """The picture of this content as PNG bytes."""
    boxes, height = panel_boxes(content)
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    painter = Painter(image)
    for panel, (top, bottom) in zip(content["panels"], boxes, strict=True):
        edge = MARK if panel.get("mark") else colour(panel.get("color"))
        painter.rect((MARGIN, top, WIDTH - MARGIN, bottom), PANEL, outline=edge, width=4 if panel.get("mark") else 2)
        painter.rect((MARGIN, top, MARGIN + 12, bottom), colour(panel.get("color")), radius=6)
    painter.title(content)
    for panel in content["panels"]:
        painter.panel(panel)
        painter.y += PAD
    out = io.BytesIO()
    # a few flat colours and their anti-aliased edges: a fixed palette keeps the look, and makes the
    # PNG a third as large and quicker to write than full colour (the encoder was most of the time)
    drawn = faces_palette(image) if has_faces(content) else image.quantize(palette=palette(), dither=Image.Dither.NONE)
    drawn.save(out, format="PNG", compress_level=1)
    return out.getvalue()


def faces_palette(image: Image.Image) -> Image.Image:
    """A picture with card faces, in the 256 colours it uses most (the faces bring colours of their
    own). The colours are chosen from every second pixel: choosing them from all took three times
    as long, and the picture looks the same."""
    sample = image.resize((image.width // 2, image.height // 2), Image.Resampling.NEAREST)
    chosen = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    return image.quantize(palette=chosen, dither=Image.Dither.NONE)


def has_faces(content: Content) -> bool:
    return any(panel.get("faces") for panel in content["panels"])


def label(lang: str, key: str, **params) -> str:
    """A picture's own words (section "pictures" of the texts)."""
    return text(lang, "pictures", key, **params)
