"""The real window under Xvfb, played with real mouse and key events (xdotool): a move, an
attack, overwatch with a facing, undo; the battle state and the screenshot's pixels checked.

The window writes a small status file (`--status`, where things are on screen) and saves
screenshots on F12 (`--shots`); everything else is what a person does."""

from __future__ import annotations

import time


from ui_window_kit import Table, display, needs_xvfb, table  # noqa: F401 (display and table are fixtures)

pytestmark = needs_xvfb


def _me(status: dict) -> dict:
    return next(c for c in status["combatants"] if c["id"] == status["current"])


def test_a_turn_played_with_the_mouse_moves_attacks_and_undoes(table):
    start = table.status()
    assert start["actions"] == 0 and start["mode"] == "Command" and start["moves"]
    target = start["moves"][0]
    table.click(*target["screen"])
    moved = table.after(lambda s: s["actions"] == 1, "the move to be taken")
    assert _me(moved)["hex"] == target["hex"]
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
    assert _me(undone)["hex"] == target["hex"] and undone["pending"] is None


def test_overwatch_faces_the_hex_clicked_after_pressing_o(table):
    me = _me(table.status())
    x, y = me["screen"]
    table.key("o")
    table.after(lambda s: s["mode"] == "AimOverwatch", "overwatch aiming")
    table.click(x + 200, y)  # a hex due east of the watcher
    watched = table.after(lambda s: s["actions"] == 1, "the overwatch to be set")
    assert _me(watched)["overwatch"] == 0


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


def _camp(side: str) -> str | None:
    return {"pcs": "pcs", "allies": "pcs", "enemies": "enemies", "rivals": "rivals"}.get(side)


def _hex_distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def _next_click(status: dict, clicks_this_turn: int):
    """What a person at the table clicks next: an answer, a target, a step towards the enemy,
    or End turn."""
    buttons = {b["kind"]: b["screen"] for b in status["buttons"]}
    if status["pending"] is not None:
        return buttons.get("hold_for_move") or buttons.get("hold")
    if clicks_this_turn < 3 and status["targets"]:
        return status["targets"][0]["screen"]
    me = _me(status)
    enemies = [c["hex"] for c in status["combatants"]
               if c["in_fight"] and _camp(c["side"]) not in (None, _camp(me["side"]))]
    if clicks_this_turn < 2 and status["moves"] and enemies:
        def closeness(move):
            return min(_hex_distance(move["hex"], e) for e in enemies)
        best = min(status["moves"], key=closeness)
        if closeness(best) < min(_hex_distance(me["hex"], e) for e in enemies):
            return best["screen"]
    return buttons.get("end_turn")


def test_a_whole_fight_is_played_to_the_end_with_the_mouse_alone(table):
    """The GM hands the raiders to the computer with a click; every turn of the crew is then
    clicked (targets, hexes, the panel's buttons) until the fight ends."""
    raiders = next(s for s in table.status()["sides"] if s["id"] == "enemies")
    table.click(*raiders["screen"])
    table.after(lambda s: any(x["id"] == "enemies" and x["controller"] == "computer" for x in s["sides"]),
                "the raiders to be the computer's")
    turn, clicks, deadline = None, 0, time.monotonic() + 240
    while time.monotonic() < deadline:
        status = table.status()
        if status["ended"]:
            break
        if not status["buttons"]:  # the computer's turn (its choices are not shown): wait
            time.sleep(0.05)
            continue
        key = (status["current"], status["pending"])
        clicks = clicks + 1 if key == turn else 0
        turn = key
        point = _next_click(status, clicks)
        assert point is not None, status
        before = status["actions"]
        table.click(*point)
        table.after(lambda s: s["actions"] != before or s["ended"], "the click to be taken")
    final = table.status()
    assert final["ended"], "the fight did not end"
    assert final["actions"] > 20 and not final["message"].startswith("hexbattle hit a problem")
