"""The table's look: the side palette (Okabe-Ito, colour-blind safe), letters, text sizes, contrast.

Colour is never the only cue: every side also has its letter on the token.
"""

from __future__ import annotations

import math
from functools import lru_cache

SIDE_COLOURS = {
    "pcs": (0x00, 0x72, 0xB2),         # Okabe-Ito blue
    "allies": (0x56, 0xB4, 0xE9),      # sky blue
    "enemies": (0xD5, 0x5E, 0x00),     # vermillion
    "rivals": (0xCC, 0x79, 0xA7),      # reddish purple
    "bystanders": (0x99, 0x99, 0x99),  # grey
}
SIDE_LETTERS = {"pcs": "P", "allies": "A", "enemies": "E", "rivals": "R", "bystanders": "B"}
UNKNOWN_SIDE = (0x99, 0x99, 0x99)
DOWN_GREY = (0x70, 0x70, 0x70)
INK = (0x10, 0x10, 0x10)
PAPER = (0xFF, 0xFF, 0xFF)
LABEL_BACKING = (0x14, 0x14, 0x1C)
LABEL_TEXT = PAPER
TARGET = (255, 220, 0)  # a target's ring, the light band of its two
VIEWS = ("table", "console")
TEXT_FRACTION = 40
"""Text on the table is at least 1/40 of the window's height: readable across the table."""
LETTER_SHARE = 0.022
"""On the table view, the capital letters of names, odds and costs are at least this share of
the window's height tall: at 1920x1080 projected 2.5 m wide, about 5 cm, read from 3 m."""


def side_colour(side: str) -> tuple[int, int, int]:
    """A side's token colour."""
    return SIDE_COLOURS.get(side, UNKNOWN_SIDE)


def side_letter(side: str) -> str:
    """A side's letter, the cue that does not rely on colour."""
    return SIDE_LETTERS.get(side, side[:1].upper() or "?")


def text_height(surface_height: int) -> int:
    """The smallest line height text may have on a surface this tall."""
    return max(10, math.ceil(surface_height / TEXT_FRACTION))


def letter_height(surface_height: int) -> int:
    """How tall the table view's label capitals must be, in pixels, on a surface this tall."""
    return max(8, math.ceil(surface_height * LETTER_SHARE))


def band_width(radius: float) -> int:
    """The width of each band of a two-band mark (a target's ring, the acting token's) around a
    disc of `radius`: wide enough to find across a room, growing with the zoom."""
    return max(3, round(radius * 0.14))


def relative_luminance(colour: tuple[int, ...]) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@lru_cache(maxsize=64)
def ink_on(colour: tuple[int, ...]) -> tuple[int, int, int]:
    """Black or white, whichever reads better on the colour."""
    return INK if contrast_ratio(INK, colour) >= contrast_ratio(PAPER, colour) else PAPER
