"""What the table's banner and action bar share: their measures, scaling with the window (the
headline's capitals at least 3.5% of the window's height, the rest at least the table's text
size), their colours, and the record of what they drew (`Drawn`, for clicks, the status file and
the layout). The room they take is what the map's fit keeps clear of."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.ui.banner import Button
from game.ui.look import PAPER, text_height
from game.ui.tokens import Fonts

HEADLINE_FRACTION = 0.035
"""The headline's capital letters are at least this part of the window's height tall."""
BAR_FRACTION = 0.16
"""The action bar's width, as a part of the window's width."""
EDGES = {"decision": (0xF0, 0xE4, 0x42), "roll": (0xF0, 0xE4, 0x42), "gm": (0xE6, 0x9F, 0x00), "over": PAPER}
"""The coloured edge of a banner that is not a turn (the turn's edge is the side's colour)."""
NOBODY = (0x99, 0x99, 0x99)
_CAPS: dict[int, int] = {}


@dataclass
class Drawn:
    """What a banner or bar drew: each text with its rectangle, each button with its rectangle,
    and the areas it covered."""

    labels: list[tuple[str, pygame.Rect, str]] = field(default_factory=list)
    buttons: list[tuple[pygame.Rect, Button]] = field(default_factory=list)
    areas: list[pygame.Rect] = field(default_factory=list)
    asked: bool = False
    """Whether the banner's question was drawn."""

    def covers(self, point: tuple[int, int]) -> bool:
        """Whether the point lies on anything drawn."""
        return any(area.collidepoint(point) for area in self.areas)

    def button_at(self, point: tuple[int, int]) -> Button | None:
        """The button under the point, if any."""
        return next((button for box, button in self.buttons if box.collidepoint(point)), None)


def headline_line(fonts: Fonts, window_height: int) -> int:
    """The smallest line height whose capitals, as drawn, are at least `HEADLINE_FRACTION` of
    the window's height (measured on a rendered "H")."""
    want = math.ceil(window_height * HEADLINE_FRACTION)
    if want not in _CAPS:
        line = max(8, want)
        while _cap_height(fonts, line) < want:
            line += 1
        _CAPS[want] = line
    return _CAPS[want]


def _cap_height(fonts: Fonts, line: int) -> int:
    return fonts.text("H", line, PAPER).get_bounding_rect().height


def word_line(window_height: int, headline: int) -> int:
    """The banner's other words and the buttons': never under the table's text size."""
    return max(text_height(window_height), round(headline * 0.62))


def reserved_height(fonts: Fonts, window_height: int) -> int:
    """The height along the bottom the map is kept clear of: a banner of one headline row."""
    big = headline_line(fonts, window_height)
    return big + 2 * padding(word_line(window_height, big)) + edge_width(window_height)


def bar_width(window_size: tuple[int, int]) -> int:
    """The action bar's width along the right-hand side."""
    return min(window_size[0] // 2, max(150, round(window_size[0] * BAR_FRACTION)))


def padding(line: int) -> int:
    """The space around and between the banner's pieces for words of this line height."""
    return max(3, line // 3)


def edge_width(window_height: int) -> int:
    """The thickness of the banner's coloured edge."""
    return max(3, window_height // 180)


def table_room(fonts: Fonts, size: tuple[int, int], bar: bool) -> tuple[int, int]:
    """(below, beside): the pixels along the bottom and down the right-hand side that the banner
    and the action bar (when the table has one) take; the map's fit keeps clear of them. With no
    bar (the one window), an open decision's question and answers stand in the bottom strip, so
    the strip is kept tall enough for them."""
    if bar:
        return reserved_height(fonts, size[1]), bar_width(size)
    return decision_height(fonts, size[1]), 0


def decision_height(fonts: Fonts, window_height: int) -> int:
    """The height of an open decision's banner with no action bar beside it: the headline row, a
    question of two rows and a row of answers, as the banner lays them (a longer one grows over
    the map)."""
    big = headline_line(fonts, window_height)
    small = word_line(window_height, big)
    headline = max(big, fonts.text("Hg", big, PAPER).get_height())
    question = 2 * fonts.text("Hg", small, PAPER).get_height()
    rows = headline + question + round(small * 1.5)
    return rows + 5 * padding(small) + edge_width(window_height)
