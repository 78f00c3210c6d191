"""Issue 36, "A look that is checked": ``python -m cogs.gallery`` plays moments of the games on simcord
through real moves and writes a PNG of the channel as Discord draws it (simcord's preview in headless
Chromium). Here a few of them, in German: the lobby, the start and a fight with a helper and a bribe;
each picture must be there, be a PNG of a sensible size and show something (not one flat colour, not
an empty channel), and each moment must look different from the others.

Without Chromium the test is skipped on a developer's machine and fails in CI (.ci/run installs
Debian's ``chromium``)."""

from __future__ import annotations

import itertools
import os

import pytest
from PIL import Image, ImageChops

from cogs import gallery

MOMENTS = ("munchkin-lobby", "munchkin-start", "munchkin-fight")
BACKGROUND_AT = (5, 5)          # a corner of the channel pane: its background colour


@pytest.fixture
def browser() -> str:
    found = gallery.chromium()
    if found is None:
        message = "no Chromium for the gallery: apt-get install chromium (or set $CHROMIUM)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return found


def _drawn_share(image: Image.Image) -> float:
    """The share of the picture that is not the channel's background colour."""
    background = Image.new("RGB", image.size, image.getpixel(BACKGROUND_AT))
    differs = ImageChops.difference(image, background).convert("L").point(lambda v: 255 if v > 12 else 0)
    return differs.histogram()[255] / (image.width * image.height)


async def test_the_gallery_draws_every_moment_asked_for_as_a_picture_that_shows_something(tmp_path, browser):
    written = await gallery.render(tmp_path, ("de",), MOMENTS, browser=browser, report=lambda line: None)
    assert [p.name for p in written] == [f"{m}-de.png" for m in MOMENTS]
    pictures = []
    for path in written:
        with Image.open(path) as image:
            assert image.format == "PNG", path.name
            # the channel pane: the browser's width less the preview's list; a short channel's empty
            # stretch above the message box is cut, so the lobby is lower
            assert image.width == gallery.WIDTH - gallery.SIDEBAR, path.name
            assert 300 <= image.height <= gallery.HEIGHT - gallery.TOOLBAR, path.name
            rgb = image.convert("RGB")
        colours = rgb.getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 200, f"{path.name}: {len(colours)} colours, nearly flat"
        # the lobby is three short lines; the start and the fight carry the table's pictures
        assert _drawn_share(rgb) > (0.05 if "lobby" in path.name else 0.1), path.name
        pictures.append(rgb)
    for first, second in itertools.pairwise(pictures):
        assert ImageChops.difference(first, second).getbbox() is not None, "two moments look the same"


def test_an_unknown_moment_is_named_and_nothing_is_played(tmp_path, capsys):
    assert gallery.main(["--out", str(tmp_path), "--moments", "munchkin-lobby,munchkin-tea"]) == 1
    assert "no such moment: munchkin-tea" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
