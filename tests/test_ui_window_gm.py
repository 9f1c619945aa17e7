"""The GM's overrides in the real window under Xvfb: a token Shift+dragged with real mouse
events (xdotool mousedown, mousemove, mouseup) stands on the new hex, and Ctrl+Z takes it back."""

from __future__ import annotations

import json
import time

from ui_window_kit import Table, display, needs_xvfb, table  # noqa: F401 (display and table are fixtures)

pytestmark = needs_xvfb


def _combatant(status: dict, entity: int) -> dict:
    return next(c for c in status["combatants"] if c["id"] == entity)


def test_a_shift_drag_puts_an_enemy_token_on_another_hex_and_undo_takes_it_back(table):
    start = table.status()
    enemy = next(c for c in start["combatants"] if c["side"] == "enemies" and c["in_fight"])
    free = start["moves"][0]  # a hex the acting PC could walk to: free, and one may stand there
    (x, y), (to_x, to_y) = enemy["screen"], free["screen"]
    table.xdotool("windowfocus", table.window)
    table.hover(x, y)
    time.sleep(0.2)
    table.xdotool("keydown", "shift")
    time.sleep(0.3)
    table.xdotool("mousedown", "1")
    for step in range(1, 6):
        time.sleep(0.05)
        table.hover(x + (to_x - x) * step // 5, y + (to_y - y) * step // 5)
    time.sleep(0.2)
    table.xdotool("mouseup", "1")
    time.sleep(0.1)
    table.xdotool("keyup", "shift")
    placed = table.after(lambda s: s["actions"] == 1, "the GM's placing")
    assert _combatant(placed, enemy["id"])["hex"] == free["hex"]
    assert placed["current"] == start["current"], "the GM's move spends nobody's turn"
    table.key("ctrl+z")
    undone = table.after(lambda s: s["actions"] == 0, "the undo")
    assert _combatant(undone, enemy["id"])["hex"] == enemy["hex"]


def _open_an_enemys_editor(table) -> tuple[dict, dict]:
    """Shift+right click the first enemy standing: its status entry and where its editor's widgets are."""
    start = table.status()
    enemy = next(c for c in start["combatants"] if c["side"] == "enemies" and c["in_fight"])
    table.xdotool("windowfocus", table.window)
    table.hover(*enemy["screen"])
    time.sleep(0.2)
    table.xdotool("keydown", "shift")
    time.sleep(0.3)
    table.click(*enemy["screen"], button=3)
    table.xdotool("keyup", "shift")
    return enemy, table.after(lambda s: s["editor"] is not None, "the token's editor")["editor"]


def test_the_gm_sets_an_enemys_ac_in_its_editor_and_a_bad_value_is_refused(table, tmp_path):
    enemy, editor = _open_an_enemys_editor(table)

    def set_stat(value: str) -> None:
        table.click(*editor["stat_entry"])
        table.key("ctrl+a")
        table.type(value)
        table.click(*editor["stat_set"])

    set_stat("99")
    refused = table.after(lambda s: "must be between 0 and 30" in s["message"], "the refusal")
    assert refused["message"] == f"refused: AC must be between 0 and 30 for {enemy['name']}" and refused["actions"] == 0
    set_stat("17")
    table.after(lambda s: s["actions"] == 1, "the stat to be set")
    table.key("ctrl+s")
    table.after(lambda s: s["message"].startswith("saved to"), "the save")
    last = json.loads((tmp_path / "fight.json").read_text())["actions"][-1]
    assert (last["type"], last["actor"], last["stat"], last["value"]) == ("gm_set_stat", enemy["id"], "ac", 17)


def test_the_gm_writes_a_wound_on_an_enemy_in_its_editor_and_the_tracker_shows_it(table):
    enemy, editor = _open_an_enemys_editor(table)
    table.click(*editor["note"])  # nothing typed: refused, nothing taken
    table.after(lambda s: "type a wound or condition" in s["message"], "the refusal")
    table.click(*editor["note_entry"])
    table.type("broken arm")
    table.click(*editor["note"])
    noted = table.after(lambda s: s["actions"] == 1, "the note to be written")
    assert any(enemy["name"] in line and "(broken arm)" in line for line in noted["tracker"]), noted["tracker"]
    table.click(*editor["rub_out"])
    rubbed = table.after(lambda s: s["actions"] == 2, "the note to be rubbed out")
    assert not any("broken arm" in line for line in rubbed["tracker"])


def _same_pixels(before, after, rect) -> float:
    """The share of the rectangle's pixels alike in two screenshots."""
    import pygame

    box = pygame.Rect(rect).clip(before.get_rect())
    points = [(x, y) for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2)]
    return sum(before.get_at(p) == after.get_at(p) for p in points) / len(points)


def test_the_closed_editor_leaves_nothing_on_the_map_and_a_click_there_is_the_maps_once_it_is_gone(table):
    # Closed with its x, the editor's picture stayed on the console's map, where clicks went to the
    # map under it. The map is drawn again where it was; while it is open, a click on it is its own.
    import pygame

    pygame.display.init()
    start = table.status()
    park = (start["buttons"][0]["screen"][0], 12)  # the pointer rests on the panel, hovering no hex
    table.hover(*park)
    before = table.screenshot()
    enemy, editor = _open_an_enemys_editor(table)
    held = table.status()["banner"]
    assert (held["kind"], held["headline"], held["question"]) == ("gm", "The GM has the table", "editing a unit")
    x, y, w, h = editor["window"]
    under = [m for m in start["moves"] if x + 20 < m["screen"][0] < x + w - 20 and y + 40 < m["screen"][1] < y + h - 20]
    assert under, "a hex the acting PC could walk to lies under the editor"
    table.hover(*park)
    assert _same_pixels(before, table.screenshot(), editor["window"]) < 0.5  # the editor is drawn there
    label = (x + 60, y + 45)  # the editor's line about the enemy: no button, no map
    table.click(*label)
    time.sleep(0.5)
    assert table.status()["actions"] == 0 and table.status()["editor"] is not None
    table.click(*editor["close"])
    assert table.after(lambda s: s["editor"] is None, "the editor to close")["banner"]["kind"] == "turn"
    table.hover(*park)
    assert _same_pixels(before, table.screenshot(), editor["window"]) > 0.99
    table.click(*under[0]["screen"])
    moved = table.after(lambda s: s["actions"] == 1, "the click to reach the map")
    assert next(c for c in moved["combatants"] if c["id"] == start["current"])["hex"] == under[0]["hex"]
