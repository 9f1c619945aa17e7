"""The real window under Xvfb, played with real mouse and key events (xdotool): a move, an
attack, overwatch with a facing, undo; the battle state and the screenshot's pixels checked.

The window writes a small status file (`--status`, where things are on screen) and saves
screenshots on F12 (`--shots`); everything else is what a person does."""

from __future__ import annotations

from ui_mouse_player import click_to_the_end, current
from ui_window_kit import DEFAULT_MAP, Table, display, needs_xvfb, table  # noqa: F401 (display and table are fixtures)

from game.ui.look import SIDE_COLOURS

pytestmark = needs_xvfb


def test_a_turn_played_with_the_mouse_moves_attacks_and_undoes(table):
    start = table.status()
    assert start["actions"] == 0 and start["mode"] == "Command" and start["moves"]
    target = start["moves"][0]
    table.click(*target["screen"])
    moved = table.after(lambda s: s["actions"] == 1, "the move to be taken")
    assert current(moved)["hex"] == target["hex"]
    assert moved["targets"], "an enemy is in range after the move"
    enemy = moved["targets"][0]
    table.click(*enemy["screen"])
    attacked = table.after(lambda s: s["actions"] == 2 or s["pending"] is not None, "the attack")
    if attacked["pending"] is not None:  # someone may step in: the GM lets the attack through
        table.key("Escape")
        table.after(lambda s: s["pending"] is None, "the decision")
    while (count := table.status()["actions"]) > 1:  # the attack (and any answer to it) taken back
        table.key("ctrl+z")
        table.after(lambda s, count=count: s["actions"] == count - 1, "the undo")
    undone = table.status()
    assert current(undone)["hex"] == target["hex"] and undone["pending"] is None


def test_overwatch_faces_the_hex_clicked_after_pressing_o(table):
    me = current(table.status())
    x, y = me["screen"]
    table.key("o")
    table.after(lambda s: s["mode"] == "AimOverwatch", "overwatch aiming")
    table.click(x + 200, y)  # a hex due east of the watcher
    watched = table.after(lambda s: s["actions"] == 1, "the overwatch to be set")
    assert current(watched)["overwatch"] == 0


def test_the_table_shows_the_reachable_hexes_and_the_side_colour_of_each_token(table):
    import pygame

    pygame.display.init()
    status = table.status()
    tokens = [c["screen"] for c in status["combatants"] if c["screen"]]
    # the reachable hex farthest from every token: no name label lies over it
    reachable = max((m["screen"] for m in status["moves"]),
                    key=lambda p: min(abs(p[0] - x) + abs(p[1] - y) for x, y in tokens))
    table.hover(10, 10)
    shot = table.screenshot()
    tinted = shot.get_at(reachable)
    table.key("o")  # aiming overwatch: the reachable hexes are no longer shaded
    table.after(lambda s: s["mode"] == "AimOverwatch", "overwatch aiming")
    plain = table.screenshot().get_at(reachable)
    assert tinted != plain and tinted.b - tinted.r > plain.b - plain.r  # shaded blue
    pcs = [c["screen"] for c in status["combatants"] if c["side"] == "pcs" and c["in_fight"]]
    around = [shot.get_at((x + dx, y + dy)) for x, y in pcs for dx in range(-9, 10, 2) for dy in range(-9, 10, 2)]
    assert any(abs(c.r - 0x00) < 30 and abs(c.g - 0x72) < 30 and abs(c.b - 0xB2) < 30 for c in around)  # PCs' blue


def test_a_whole_fight_is_played_to_the_end_with_the_mouse_alone(table):
    """The GM hands the raiders to the computer with a click; every turn of the crew is then
    clicked (targets, hexes, the panel's buttons) until the fight ends."""
    raiders = next(s for s in table.status()["sides"] if s["id"] == "enemies")
    table.click(*raiders["screen"])
    table.after(lambda s: any(x["id"] == "enemies" and x["controller"] == "computer" for x in s["sides"]),
                "the raiders to be the computer's")
    final = click_to_the_end(table)
    assert final["ended"], "the fight did not end"
    assert final["actions"] > 20 and not final["message"].startswith("hexbattle hit a problem")


def test_a_tall_map_fits_above_the_bottom_controls(display, tmp_path):
    # The Derelict Hold is taller than it is wide: fitted to the whole window, its lowest row
    # and the tokens there lay under the table dice and Open. Fitted, it ends above them, and
    # the lowest token's disc shows its side's colour in the screenshot.
    import pygame

    pygame.display.init()
    hold = Table(display, tmp_path, map_path=DEFAULT_MAP.parent / "derelict_hold.tmx")
    try:
        while (asked := hold.status())["pending"] is not None:  # each PC declares nothing (the banner
            hold.key("Escape")                                   # asking it stands over the map)
            hold.after(lambda s, asked=asked: s["actions"] > asked["actions"], "the declaration")
        status = hold.status()
        left, top, right, bottom = status["board"]
        assert bottom <= status["controls_top"]
        lowest = max((c for c in status["combatants"] if c["screen"]), key=lambda c: c["screen"][1])
        x, y = lowest["screen"]
        shot = hold.screenshot()
        want = SIDE_COLOURS[lowest["side"]]
        around = [shot.get_at((x + dx, y + dy)) for dx in range(-5, 6, 2) for dy in range(-5, 6, 2)]
        assert any(all(abs(c[i] - want[i]) < 30 for i in range(3)) for c in around), lowest["name"]
    finally:
        assert "Traceback" not in hold.close()
