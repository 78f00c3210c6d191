"""The type and the inks the table pictures (draw.py) and the card faces (faces.py) share.

The font is DejaVu Sans Condensed from data/fonts (its licence lets it be passed on, data/fonts/LICENSE):
Pillow's own font has no ß and no umlauts, and a system font is not there on every machine.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont

FONTS = Path(__file__).resolve().parents[2] / "data" / "fonts"
REGULAR_FONT, BOLD_FONT = "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf"

INK = (30, 30, 36)
# a colour per seat, distinct on a small screen and for common colour blindness
PLAYER_COLOURS = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (86, 180, 233), (166, 130, 0))


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONTS / (BOLD_FONT if bold else REGULAR_FONT)), size)


def length(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)
