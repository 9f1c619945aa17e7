"""The GM holding the table, in the real two windows under Xvfb with real clicks: GM mode clicked
on at the console, a click on the table view takes nothing and the table shows why (in the
status file and in the screenshot's pixels: the banner's orange edge, the note's words), and once
GM mode is off again the same click moves."""

from __future__ import annotations

import time

from ui_window_kit import Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb

ORANGE = (0xE6, 0x9F, 0x00)  # the GM's banner edge and the refusal note's (game.ui.banner_look, game.ui.toast)


def _close(pixel, colour) -> bool:
    return all(abs(a - b) < 24 for a, b in zip(pixel[:3], colour))


def test_a_click_on_the_table_while_gm_mode_is_on_is_refused_on_the_table_and_moves_once_it_is_off(display, tmp_path):
    table = Table(display, tmp_path, extra=())  # two windows
    try:
        console = table.named("(GM console)")
        start = table.status()
        gm_mode = start["gm_buttons"]["gm_mode"]
        table.xdotool("mousemove", "--window", console, str(gm_mode[0]), str(gm_mode[1]), "click", "1")
        held = table.after(lambda s: s["holding"] == "GM mode is on", "GM mode on")
        assert held["banner"]["kind"] == "gm" and held["banner"]["headline"] == "The GM has the table"
        move = start["moves"][0]["screen"]
        table.front()
        table.click(*move)
        refused = table.after(lambda s: s["toast"], "the note on the table")
        assert refused["toast"] == "Wait: the GM has the table (GM mode is on)" and refused["actions"] == 0
        x, y, w, h = refused["toast_rect"]
        shot = table.screenshot()
        assert all(_close(shot.get_at((x + dx, y + 1)), ORANGE) for dx in range(2, w - 2, 7)), "the note's edge"
        words = [shot.get_at((px, py)) for px in range(x + 6, x + w - 6, 2) for py in range(y + 6, y + h - 6, 2)]
        assert sum(min(p[:3]) > 200 for p in words) > 30, "the note's white words"
        left, top, width, _ = held["banner"]["areas"][0]
        assert sum(_close(shot.get_at((px, top + 1)), ORANGE) for px in range(left, left + width, 9)) > width // 9 * 0.9
        table.xdotool("mousemove", "--window", console, str(gm_mode[0]), str(gm_mode[1]), "click", "1")
        table.after(lambda s: not s["holding"], "GM mode off")
        table.front()
        table.click(*move)
        assert table.after(lambda s: s["actions"] == 1, "the move")["actions"] == 1
        time.sleep(0.2)
    finally:
        assert "Traceback" not in table.close()
