"""Drawing a table picture from its visible content: a title, then panels (a player, a monster, a
base) each with a header, an optional bar (level towards 10, power towards the breakpoint) and
lines of text. Nothing here knows a game: what is drawn is exactly the content it is given.

The font is Pillow's own scalable default font, so a machine without system fonts draws the same.
"""

from __future__ import annotations

import io
import unicodedata
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from table.i18n import text

WIDTH = 1000            # a phone shows the picture at its full width: large type, few columns
MARGIN = 24
PAD = 16
TITLE_SIZE, HEAD_SIZE, BODY_SIZE = 46, 38, 31
LINE_GAP = 8
BAR_HEIGHT = 14
BLENDS = 5          # steps between a colour and the ground it is drawn on (anti-aliased edges)

BACKGROUND = (250, 246, 236)
PANEL = (255, 255, 255)
INK = (30, 30, 36)
MUTED = (110, 104, 96)
MARK = (255, 214, 92)         # the active player's (or the fighter's) panel edge
BAR_BACK = (226, 220, 208)
# a colour per seat, distinct on a small screen and for common colour blindness
PLAYER_COLOURS = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233), (166, 130, 0))
NEUTRAL = (90, 90, 100)
MONSTER = (170, 40, 40)

Content = dict[str, Any]


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


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


# Pillow's default font has ASCII and a few signs only: the other characters are drawn as their
# nearest ASCII form, and the umlauts as their letter with two dots drawn above it
DOTS = "\u0308"
SPELLED = {"ß": "ss", "ẞ": "SS", "–": "-", "—": "-", "→": "->", "▶": ">", "„": '"', "”": '"', "‘": "'", "‚": "'",
           "×": "x", "’": "'", "“": '"'}
ASCII_ONLY = ImageFont.load_default(size=BODY_SIZE)   # only to ask which characters the font has
MISSING = bytes(ASCII_ONLY.getmask("\uffff"))


@cache
def has_glyph(char: str) -> bool:
    return char == " " or bytes(ASCII_ONLY.getmask(char)) != MISSING


@cache
def drawable(text: str) -> str:
    """The text in characters the font has; an umlaut becomes its letter followed by DOTS."""
    out = []
    for char in text:
        if char == DOTS or has_glyph(char):     # DOTS: the text was made drawable before
            out.append(char)
            continue
        char = SPELLED.get(char, char)
        parts = unicodedata.normalize("NFD", char)
        base = "".join(c for c in parts if not unicodedata.combining(c)) or "?"
        out.append(base if all(has_glyph(c) for c in base) else "?")
        if DOTS in parts:
            out.append(DOTS)
    return "".join(out)


def length(text: str, size: int) -> float:
    return font(size).getlength(text.replace(DOTS, ""))


def wrap(text: str, size: int, width: float) -> list[str]:
    """The text broken into lines no wider than ``width`` pixels (a single long word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in drawable(text).split(" "):
        candidate = f"{current} {word}" if current else word
        if current and length(candidate, size) > width:
            lines.append(current)
            current = word
        else:
            current = candidate
    return [*lines, current]


class Painter:
    """Draws (or, without an image, only measures) the content top to bottom."""

    def __init__(self, image: Image.Image | None = None) -> None:
        self.draw = ImageDraw.Draw(image) if image is not None else None
        self.y = MARGIN

    def text(self, x: float, text: str, size: int, fill: tuple[int, int, int] = INK, right: bool = False) -> None:
        """Draw the text with its left (or right) end at x; umlauts get their dots drawn here."""
        if self.draw is None:
            return
        text = drawable(text)
        plain = text.replace(DOTS, "")
        x = x - length(text, size) if right else x
        self.draw.text((x, self.y), plain, font=font(size), fill=fill)
        at = 0
        for char in text:
            if char == DOTS:
                self._dots(x + font(size).getlength(plain[:at - 1]), plain[at - 1], size, fill)
            else:
                at += 1

    def _dots(self, x: float, letter: str, size: int, fill) -> None:
        assert self.draw is not None
        width = font(size).getlength(letter)
        top = self.y + font(size).getbbox(letter)[1]
        radius = max(1.5, size * 0.05)
        middle = top - size * 0.13
        for side in (-1, 1):
            centre = x + width / 2 + side * width * 0.2
            self.draw.ellipse((centre - radius, middle - radius, centre + radius, middle + radius), fill=fill)

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
        self.text(MARGIN, content["title"], TITLE_SIZE)
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
        self.y += PAD

    def _head(self, panel: Content, inner: float, accent) -> None:
        right = panel.get("right", "")
        space = WIDTH - MARGIN - PAD - inner - (length(drawable(right), HEAD_SIZE) + PAD if right else 0)
        for index, part in enumerate(wrap(panel["head"], HEAD_SIZE, space)):
            self.text(inner, part, HEAD_SIZE, accent)
            if index == 0 and right:
                self.text(WIDTH - MARGIN - PAD, right, HEAD_SIZE, INK, right=True)
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
    image.quantize(palette=palette(), dither=Image.Dither.NONE).save(out, format="PNG", compress_level=1)
    return out.getvalue()


def label(lang: str, key: str, **params) -> str:
    """A picture's own words (section "pictures" of the texts)."""
    return text(lang, "pictures", key, **params)
