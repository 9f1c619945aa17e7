"""The real window under Xvfb: `q` then a real click on a target opens the explanation of its
hit chance (the status file names it, the screenshot shows the panel), Escape closes it."""

from __future__ import annotations

from ui_window_kit import Table, display, needs_xvfb, table  # noqa: F401 (display and table are fixtures)

pytestmark = needs_xvfb


def _changed(before, after, area) -> int:
    x0, y0, x1, y1 = area
    return sum(1 for x in range(x0, x1, 4) for y in range(y0, y1, 4) if before.get_at((x, y)) != after.get_at((x, y)))


def test_q_then_a_click_on_a_target_explains_its_hit_chance(table):
    import pygame

    pygame.display.init()
    start = table.status()
    table.click(*start["moves"][0]["screen"])
    moved = table.after(lambda s: s["actions"] == 1 and s["targets"], "the move, with an enemy in range")
    enemy = moved["targets"][0]["screen"]
    table.hover(5, 5)
    before = table.screenshot()
    table.key("q")
    table.after(lambda s: s["message"].startswith("explain"), "explain to be armed")
    table.click(enemy[0], enemy[1])  # on the target itself (its hit chance label works too)
    shown = table.after(lambda s: s["explaining"], "the explanation")
    assert shown["explaining"].startswith("Attack on") and shown["explaining"].endswith("% to hit")
    assert shown["actions"] == 1, "explaining a target does not attack it"
    table.hover(5, 5)
    after = table.screenshot()
    width, height = after.get_size()
    # the panel on the table, over the left of the map's middle (the one window keeps a decision's
    # strip under the map, which the panel stays above; the tools' words below do not change)
    assert _changed(before, after, (0, height // 2 - 60, width // 3, height // 2 + 60)) > 200
    assert _changed(before, after, (width - 370, 80, width - 10, 390)) > 200  # the console's popup
    table.key("Escape")
    table.after(lambda s: s["explaining"] is None, "the explanation to close")
