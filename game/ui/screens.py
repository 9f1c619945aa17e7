"""Which screen each window opens on, and where: the table view on the second display when
there is one (the GM's console on the first), else the console beside the table, not over it.

SDL puts a new window on display N when its position is `SDL_WINDOWPOS_CENTERED_DISPLAY(N)`,
the "centred" position with the display's number in its low bits; pygame-ce names the
centred position `pygame.WINDOWPOS_CENTERED` and takes such a position as an (x, y) pair
(a lone number must be the plain centred or undefined position).
"""

from __future__ import annotations

import pygame

GAP = 16
"""Pixels between the table and the console when they stand side by side."""
OFFSET = 64
"""The least a console too wide to stand beside the table is moved right and down from it:
more than a title bar, so the table's title bar and the console's both show."""


def centred_on(display: int) -> tuple[int, int]:
    """The window position that centres a window on display `display` (0 is the first)."""
    position = pygame.WINDOWPOS_CENTERED | display
    return position, position


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


def displays_for(count: int, chosen: int | None) -> tuple[int, int]:
    """The displays the table and the console open on, when `count` displays exist: the table on
    `chosen` (`--display`), else on the second display when there is one; the console on the
    first display the table leaves free, else on the table's own."""
    table = chosen if chosen is not None else (1 if count > 1 else 0)
    console = next((display for display in range(count) if display != table), table)
    return table, console


def beside(desktop: tuple[int, int], table: tuple[int, int],
           console: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """Where the table and the console open (their top-left corners) sharing one desktop: side by
    side, the pair centred, when the desktop is wide enough; else the console down and right of
    the table by all the room the desktop leaves (at least `OFFSET`), so both title bars and as
    much of each window as the desktop allows show."""
    width, height = desktop
    if table[0] + GAP + console[0] <= width:
        left = (width - table[0] - GAP - console[0]) // 2
        return (left, max(0, (height - table[1]) // 2)), (left + table[0] + GAP, max(0, (height - console[1]) // 2))
    across, down = max(OFFSET, width - console[0]), max(OFFSET, height - console[1])
    left = max(0, (width - across - console[0]) // 2)
    top = max(0, (height - max(table[1], down + console[1])) // 2)
    return (left, top), (left + across, top + down)


def open_window(title: str, size: tuple[int, int], display: int | None = None,
                fullscreen: bool = False) -> pygame.Window:
    """A window; on display `display` when given, covering that display's desktop when `fullscreen`."""
    if display is None and not fullscreen:
        return pygame.Window(title, size)
    display = display or 0
    if fullscreen:
        return pygame.Window(title, desktop_size(display), centred_on(display), fullscreen_desktop=True)
    return pygame.Window(title, size, centred_on(display))


def open_table_and_console(title: str, size: tuple[int, int], display: int | None = None,
                           fullscreen: bool = False) -> tuple[pygame.Window, pygame.Window]:
    """The table view's window and the GM console's, each on its display (`displays_for`), side
    by side when they share one (`beside`). A table covering the only display (`fullscreen`)
    leaves the console nowhere but over it: the console then opens centred on it."""
    on_table, on_console = displays_for(pygame.display.get_num_displays(), display)
    table_title, console_title = f"{title} (table)", f"{title} (GM console)"
    if fullscreen or on_table != on_console:
        table = open_window(table_title, size, on_table, fullscreen)
        return table, pygame.Window(console_title, size, centred_on(on_console))
    table_at, console_at = beside(desktop_size(on_table), size, size)
    return pygame.Window(table_title, size, table_at), pygame.Window(console_title, size, console_at)
