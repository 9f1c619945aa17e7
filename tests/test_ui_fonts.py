"""The label fonts (game.ui.labels.Fonts): a line height gets the smallest font tall enough."""

from __future__ import annotations

import pytest

import tests.ui_kit  # noqa: F401  (the dummy video driver before pygame starts)

import pygame  # noqa: E402

from game.ui.labels import Fonts  # noqa: E402


def _smallest_tall_enough(line_height: int) -> pygame.font.Font:
    """The font size after size, from the line height up, until one's lines are that tall."""
    size = line_height
    font = pygame.font.Font(None, size)
    while font.get_height() < line_height:
        size += 1
        font = pygame.font.Font(None, size)
    return font


@pytest.mark.parametrize("line_height", [1, 2, 7, 12, 19, 27, 33, 41, 58, 77, 104, 151])
def test_a_line_height_gets_the_smallest_font_whose_lines_are_that_tall(line_height):
    pygame.font.init()
    found, wanted = Fonts().font(line_height), _smallest_tall_enough(line_height)
    assert (found.point_size, found.get_height()) == (wanted.point_size, wanted.get_height())


def test_fonts_asked_in_any_order_are_the_same():
    pygame.font.init()
    up, down = Fonts(), Fonts()
    heights = list(range(10, 60, 3))
    rising = {line: up.font(line).point_size for line in heights}
    falling = {line: down.font(line).point_size for line in reversed(heights)}
    assert rising == falling
