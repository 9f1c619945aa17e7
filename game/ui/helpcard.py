"""The `?` card: every key and click of the table, drawn large over the table view (readable
across a room: each line at least 1/40 of the window's height) until any key or click."""

from __future__ import annotations

import pygame

from game.ui.briefing import BRIEFING_KEY
from game.ui.modes import KEYS
from game.ui.tokens import Fonts, label

GM_KEYS = (("Left click", "move, attack, act"), ("Right click / Esc", "cancel"),
           ("Alt+click or q, click", "explain a number"), ("Wheel / drag", "zoom / pan"), ("F", "fit the map"),
           ("Ctrl+Z / Ctrl+Y", "undo / redo"), ("Ctrl+S", "save"), ("F12", "screenshots"), ("?", "this card"),
           (BRIEFING_KEY.upper(), "the map's briefing"))
"""The window's own keys, beside the modes' (`game.ui.modes.KEYS`)."""


def help_lines() -> list[str]:
    """Every key the table knows, one per entry: the window's keys, then the modes' kinds."""
    lines = [f"{key}: {words}" for key, words in GM_KEYS]
    return lines + [f"{key}: {kind.replace('_', ' ')}" for key, kind in KEYS.items()]


def line_height(window_height: int) -> int:
    """A card line: never under 1/40 of the window's height."""
    return max(14, -(-window_height // 40))


def draw_help(target: pygame.Surface, area: pygame.Rect, fonts: Fonts) -> None:
    """The card over a view's area, in as many columns as its lines need."""
    line = line_height(target.get_height())
    shade = pygame.Surface(area.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 215))
    target.blit(shade, area.topleft)
    lines = help_lines()
    rows = max(1, (area.height - line * 2) // round(line * 1.3))
    x = area.x + 10
    for first in range(0, len(lines), rows):
        column = lines[first:first + rows]
        for row, words in enumerate(column):
            label(target, fonts, words, line, (x, area.y + line + row * line * 1.3), "topleft")
        x += max(fonts.text(words, line, (255, 255, 255)).get_width() for words in column) + 2 * line
