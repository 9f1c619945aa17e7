"""Which screen the table window opens on: a display's number, its position and size for SDL.

SDL puts a new window on display N when its position is `SDL_WINDOWPOS_CENTERED_DISPLAY(N)`,
the "centred" position with the display's number in its low bits; pygame-ce names the
centred position `pygame.WINDOWPOS_CENTERED`.
"""

from __future__ import annotations

import pygame


def centred_on(display: int) -> int:
    """The window position that centres a window on display `display` (0 is the first)."""
    return pygame.WINDOWPOS_CENTERED | display


def display_problem(display: int, count: int) -> str | None:
    """Why display number `display` cannot be used when `count` displays exist, or None."""
    if 0 <= display < count:
        return None
    have = "only display 0" if count == 1 else f"displays 0 to {count - 1}"
    return f"--display {display}: there is no such display ({have}: --display N counts from 0)"


def check_display(display: int) -> str | None:
    """Why display `display` cannot be used on this machine, or None (pygame's display is started)."""
    return display_problem(display, pygame.display.get_num_displays())


def desktop_size(display: int) -> tuple[int, int]:
    """The size of display `display`'s desktop: what a desktop-fullscreen window covers."""
    return tuple(pygame.display.get_desktop_sizes()[display])


def open_window(title: str, size: tuple[int, int], display: int | None = None,
                fullscreen: bool = False) -> pygame.Window:
    """A window; on display `display` when given, covering that display's desktop when `fullscreen`."""
    if display is None and not fullscreen:
        return pygame.Window(title, size)
    display = display or 0
    if fullscreen:
        return pygame.Window(title, desktop_size(display), centred_on(display), fullscreen_desktop=True)
    return pygame.Window(title, size, centred_on(display))
