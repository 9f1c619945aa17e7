"""The `?` card lists every key of the modes and the window, in letters big enough for a room."""

from __future__ import annotations

import pygame

from game.ui.helpcard import draw_help, help_lines, line_height
from game.ui.modes import KEYS
from game.ui.tokens import Fonts


def test_every_mode_key_and_the_gm_keys_are_on_the_card():
    lines = help_lines()
    for key, kind in KEYS.items():
        assert f"{key}: {kind.replace('_', ' ')}" in lines
    assert any(line.startswith("Ctrl+Z") for line in lines) and any("explain" in line for line in lines)


def test_the_card_lines_are_at_least_a_fortieth_of_the_window():
    assert line_height(1000) >= 25 and line_height(800) >= 20 and line_height(1080) >= 27


def test_the_card_draws_over_the_view():
    pygame.font.init()
    surface = pygame.Surface((900, 800))
    surface.fill((200, 200, 200))
    draw_help(surface, pygame.Rect(0, 0, 900, 800), Fonts())
    assert surface.get_at((450, 790))[:3] != (200, 200, 200)
