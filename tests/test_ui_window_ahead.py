"""The window draws the map ahead while idle (game.ui.ahead): the first frame after a wheel step,
taken after the window has been idle a moment, finds its board drawn. Real wheel clicks under
Xvfb; the window says in its status file what it had drawn ahead."""

from __future__ import annotations

from tests.ui_window_kit import Table, display, needs_xvfb  # noqa: F401  (a fixture)

pytestmark = needs_xvfb


def _ready(status: dict) -> bool:
    return all(status["drawn_ahead"]["ready"])


def _map_centre(status: dict) -> tuple[int, int]:
    left, top, right, bottom = status["board"]
    return (left + right) // 2, (top + bottom) // 2


def test_a_wheel_step_after_a_moment_idle_finds_the_board_drawn_in_both_views(display, tmp_path):
    table = Table(display, tmp_path, extra=())  # two windows: the table and the console
    try:
        table.front()
        for button in (4, 4, 5):  # in, in again, out
            before = table.after(_ready, "the board drawn ahead while the window is idle")
            table.click(*_map_centre(before), button=button, settle=0.1)
            after = table.after(lambda s: s["board"] != before["board"], "the wheel step's frame")
            assert after["drawn_ahead"]["found"], (button, after["drawn_ahead"])
        table.after(_ready, "the board drawn ahead at the new zoom too")
    finally:
        assert "Traceback" not in table.close()
