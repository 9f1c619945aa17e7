"""A squad in the real window under Xvfb (Seed 002, Squad Size): a token on every hex of its
footprint, the formation under the mouse shown in green before it is taken, and the click that
moves it there; the screenshot's pixels checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui_window_kit import ROOT, Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

pytestmark = needs_xvfb

SQUAD_MAP = ROOT / "maps" / "squad_ridge.tmx"
ALLIES = (0x56, 0xB4, 0xE9)


@pytest.fixture
def ridge(display, tmp_path: Path):
    running = Table(display, tmp_path, ("--one-window", "--seed", "3"), map_path=SQUAD_MAP)  # the section stands whole on its turn
    yield running
    assert "Traceback" not in running.close()


def _section(status: dict) -> dict:
    return next(c for c in status["combatants"] if c["name"] == "1st Section")


def _until_the_sections_turn(table) -> dict:
    for _ in range(12):
        status = table.after(lambda s: s["buttons"] or s["ended"], "a turn for people")
        if status["pending"] is not None:  # a decision for people (overwatch, hexes kept): hold
            before = status["actions"]
            table.key("Escape")
            table.after(lambda s, before=before: s["actions"] != before, "the decision to be answered")
            continue
        if status["current"] == _section(status)["id"]:
            return status
        end = next(b["screen"] for b in status["buttons"] if b["kind"] == "end_turn")
        before = status["actions"]
        table.click(*end)
        table.after(lambda s: s["actions"] != before, "the turn to end")
    raise AssertionError("the 1st Section never got a turn")


def _close(colour, expected, slack: int = 40) -> bool:
    return all(abs(a - b) < slack for a, b in zip(colour[:3], expected))


def test_a_squad_shows_on_every_hex_and_moves_into_the_formation_shown_under_the_mouse(ridge):
    import pygame

    pygame.display.init()
    status = _until_the_sections_turn(ridge)
    section = _section(status)
    assert len(section["footprint"]) == 3
    ridge.hover(5, 5)
    shot = ridge.screenshot()
    for x, y in section["footprint"][1:]:  # the squad's other hexes carry its colour too
        assert any(_close(shot.get_at((x + dx, y + dy)), ALLIES) for dx in range(-6, 7, 3) for dy in range(-6, 7, 3))
    x, y = section["screen"]
    step = abs(section["footprint"][0][0] - section["footprint"][1][0])  # one hex across, at this zoom
    ridge.key("v")
    ridge.after(lambda s: s["mode"] == "Formation", "the formation mode")
    ridge.hover(x + step, y)  # a hex or so towards the enemy
    shown = ridge.after(lambda s: s["formation"] is not None and s["formation"]["allowed"], "a formation under the mouse")
    picture = ridge.screenshot()
    spots = [tuple(p) for p in shown["formation"]["screen"]]
    free = [p for p in spots if p not in {tuple(s) for s in section["footprint"]}]
    def green(image, point) -> bool:
        colour = image.get_at(point)
        return colour.g > colour.r + 20 and colour.g > colour.b + 20

    # below each hex's centre (clear of any token), shaded green where it was not before (ground,
    # or a label the layout had put there: labels keep off the formation shown); a leader line
    # from the formation's words may cross a hex, so either side of the centre will do
    def shaded(px, py) -> bool:
        return any(green(picture, (px + dx, py + 12)) and not green(shot, (px + dx, py + 12)) for dx in (-8, 0, 8))
    assert free and all(shaded(px, py) for px, py in free)
    before = shown["actions"]
    ridge.click(x + step, y)
    moved = ridge.after(lambda s: s["actions"] == before + 1, "the squad to move")
    assert sorted(map(tuple, shown["formation"]["screen"])) == sorted(map(tuple, _section(moved)["footprint"]))
