"""`--fullscreen` under Xvfb (no window manager): the table window covers the whole virtual
screen (1600x1000) and is drawn at that size; the console stays a window of `--size`."""

from __future__ import annotations

import pytest

from ui_window_kit import Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb


@pytest.mark.parametrize("extra", [("--fullscreen",), ("--fullscreen", "--display", "0", "--one-window")])
def test_fullscreen_covers_the_virtual_screen(display, tmp_path, extra):
    table = Table(display, tmp_path, extra)
    try:
        assert table.geometry(table.window) == (0, 0, 1600, 1000)
        console = table.named("(GM console)")
        if "--one-window" not in extra:
            assert console is not None and table.geometry(console)[2:] == (1100, 700)
        assert table.screenshot().get_size() == (1600, 1000)
    finally:
        assert "Traceback" not in table.close()
