"""Where the two windows open, under Xvfb: the table on the second display when there is one,
else the console beside the table, never over it (issue 22, point 5)."""

from __future__ import annotations

import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.ui_window_kit import Table, _wait, needs_xvfb

from game.ui.screens import OFFSET

pytestmark = needs_xvfb


@contextmanager
def xvfb(*screens: str):
    """An Xvfb server of our own with these screens (each "WxHxD"), its display's name."""
    number = next(n for n in range(140, 200)
                  if not Path(f"/tmp/.X11-unix/X{n}").exists() and not Path(f"/tmp/.X{n}-lock").exists())
    words = [word for index, screen in enumerate(screens) for word in ("-screen", str(index), screen)]
    server = subprocess.Popen(["Xvfb", f":{number}", *words, "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), "Xvfb to start")
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


@contextmanager
def two_windows(display: str, tmp: Path, *extra: str):
    """The table and the console open on the display; their geometries (x, y, width, height)."""
    table = Table(display, tmp, extra=extra)
    try:
        console = _wait(lambda: table.named("(GM console)"), "the console window")
        yield table.geometry(table.window), table.geometry(console)
    finally:
        assert "Traceback" not in table.close()


def rect(geometry):
    import pygame
    return pygame.Rect(geometry)


def test_on_a_desktop_wide_enough_the_console_stands_beside_the_table(tmp_path):
    with xvfb("2400x900x24") as display, two_windows(display, tmp_path) as (table, console):
        assert not rect(table).colliderect(rect(console)), (table, console)
        assert table[1] == console[1] and console[0] > table[0]
        for window in (table, console):
            assert rect((0, 0, 2400, 900)).contains(rect(window))


def test_on_a_narrow_desktop_both_title_bars_and_most_of_the_table_show(tmp_path):
    with xvfb("1600x1000x24") as display, two_windows(display, tmp_path) as (table, console):
        assert console[0] - table[0] >= OFFSET and console[1] - table[1] >= OFFSET
        assert rect((0, 0, 1600, 1000)).contains(rect(console)), "the console, on top, shows whole"
        covered = rect(table).clip(rect(console))
        assert covered.width * covered.height < table[2] * table[3] / 2, "most of the table shows"
        assert covered.top >= table[1] + OFFSET, "the table's top, where its title bar is, shows"


@pytest.mark.parametrize("extra, table_on, console_on", [((), 1, 0), (("--display", "0"), 0, 1),
                                                          (("--display", "1"), 1, 0)])
def test_with_two_displays_the_table_takes_the_second_unless_told(tmp_path, extra, table_on, console_on):
    """Two X screens are two displays to SDL, which centres each window on its display's size
    (though it puts both on X screen 0): the position tells which display each was opened on."""
    sizes = ((1280, 800), (1600, 900))
    with xvfb("1280x800x24", "1600x900x24") as display, \
            two_windows(display, tmp_path, *extra) as (table, console):
        for (x, y, width, height), on in ((table, table_on), (console, console_on)):
            assert (x, y) == ((sizes[on][0] - width) // 2, (sizes[on][1] - height) // 2)
