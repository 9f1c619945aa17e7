"""Units the map marks hidden: the console shows them (ringed, "(hidden)"), the table view does not
draw them, name them or ring them as targets, until the GM reveals them (an undoable GM action)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.ui_kit import colour
from ui_window_kit import Table, display, needs_xvfb  # noqa: F401 (display is a fixture)

import pygame  # noqa: E402  (after ui_kit set the dummy driver)

from game.actions import GmSetHidden
from game.savefile import battle_from_map, read_save, write_save
from game.ui.look import SIDE_COLOURS
from game.ui.overlays import TARGET, Aim
from game.ui.render import Frame, camera_for, fitted_camera, render_battle, start_headless
from game.ui.tokens import HIDDEN_RING, Tokens
from game.ui.tracker import console_lines, table_line

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)
THUG_8 = 8  # the object id the map hides


@pytest.fixture
def hidden_map(tmp_path) -> Path:
    """The ambush with Thug 8 (object 8) marked hidden, as a GM sets it in Tiled."""
    maps = tmp_path / "maps"
    shutil.copytree(ROOT / "maps", maps)
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    path = maps / "relay_station_ambush.tmx"
    text = path.read_text()
    opening = '<object id="8" template="templates/thug.tx" x="764" y="196">\n   <properties>\n'
    assert opening in text
    path.write_text(text.replace(opening, opening + '    <property name="hidden" type="bool" value="true"/>\n'))
    return path


def _thug(battle):
    return next(c for c in battle.combatants() if c.object_id == THUG_8)


def _disc_colour(image: pygame.Surface, battle, view, seen_on: str = "table") -> tuple[int, int, int]:
    camera = fitted_camera(battle, Frame(battle).board, SIZE, seen_on)  # as render fitted the map
    cx, cy = camera.hex_center(view.hex)
    radius = Tokens().radius(camera, 20)
    return colour(image, (cx + radius * 0.7, cy))


def test_the_map_marks_a_unit_hidden_and_the_battle_knows_it(hidden_map):
    battle = battle_from_map(hidden_map, 1)
    assert [u.object_id for u in battle.scenario.units if u.hidden] == [THUG_8]
    assert [c.object_id for c in battle.combatants() if c.hidden] == [THUG_8]


def test_the_table_does_not_draw_a_hidden_unit_and_the_console_shows_it_ringed(hidden_map):
    start_headless()
    battle = battle_from_map(hidden_map, 1)
    thug = _thug(battle)
    table = render_battle(battle, SIZE, "table")
    console = render_battle(battle, SIZE, "console")
    assert _disc_colour(table, battle, thug) != SIDE_COLOURS["enemies"]
    assert _disc_colour(console, battle, thug, "console") == SIDE_COLOURS["enemies"]
    camera = fitted_camera(battle, Frame(battle).board, SIZE, "console")
    cx, cy = camera.hex_center(thug.hex)
    ring = Tokens().radius(camera, 20) + 9
    around = [colour(console, (cx + dx * ring, cy + dy * ring)) for dx, dy in ((0, -1), (0, 1), (-1, 0))]
    assert HIDDEN_RING in around
    assert f"{thug.name} (hidden)" in " ".join(console_lines(battle))


def test_the_gm_reveals_the_unit_on_the_table_and_undo_hides_it_again(hidden_map, tmp_path):
    start_headless()
    battle = battle_from_map(hidden_map, 1)
    thug = _thug(battle)
    outcome = battle.submit(GmSetHidden(thug.id, hidden=False))
    assert outcome.lines == (f"The GM reveals {thug.name} on the table.",)
    assert _disc_colour(render_battle(battle, SIZE, "table"), battle, thug) == SIDE_COLOURS["enemies"]
    refused = battle.submit(GmSetHidden(thug.id, hidden=False))
    assert not refused.accepted and refused.reason == f"{thug.name} is already shown on the table"
    write_save(battle, tmp_path / "revealed.json")
    assert not _thug(read_save(tmp_path / "revealed.json").battle).hidden  # a save replays the reveal
    assert battle.undo() and _thug(battle).hidden
    assert _disc_colour(render_battle(battle, SIZE, "table"), battle, thug) != SIDE_COLOURS["enemies"]


def test_the_table_rings_no_hidden_target_while_the_console_does(hidden_map):
    start_headless()
    battle = battle_from_map(hidden_map, 1)
    thug = _thug(battle)
    options = battle.options(battle.current())
    assert any(o.target == thug.id for o in options.allowed("attack")), "the PC can shoot Thug 8"
    standing = {c.hex: c for c in battle.combatants() if c.in_fight and c.hex is not None}
    camera = camera_for(battle, Frame(battle).board, SIZE)
    cx, cy = camera.hex_center(thug.hex)
    radius = max(6, round(camera.zoom * camera.layout.tile_width * 0.45))
    for view, ringed in (("table", False), ("console", True)):
        surface = pygame.Surface(SIZE)
        Frame(battle, view).draw(surface, battle, camera, aim=Aim(options, "move", standing))
        edge = [colour(surface, (cx + dx * (radius + 2), cy + dy * (radius + 2))) for dx, dy in ((1, 0), (-1, 0), (0, 1))]
        assert (TARGET in edge) == ringed


def test_the_table_line_never_names_a_hidden_unit_whose_turn_it_is_or_comes_next():
    from dataclasses import replace

    from game.actions import EndTurn
    from game.hexgrid import Hex
    from kit import battle_at, unit

    lurker = replace(unit(1, "thug", "enemies", Hex(3, 0), name="Lurker"), hidden=True)
    battle = battle_at([lurker, unit(2, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
                        unit(3, "thug", "enemies", Hex(-3, 0), name="Thug 3")], first=1)
    assert battle.current() == 1
    assert table_line(battle).startswith("round 1 - the GM's turn, next ") and "Lurker" not in table_line(battle)
    for _ in range(2):  # the others' turns: the next up skips the Lurker
        assert battle.submit(EndTurn(battle.current())).accepted
        assert battle.current() != 1 and "Lurker" not in table_line(battle)


@needs_xvfb
def test_in_the_window_the_gm_reveals_a_hidden_unit_from_its_editor(display, tmp_path, hidden_map):
    import time

    running = Table(display, tmp_path, map_path=hidden_map)
    try:
        start = running.status()
        thug = next(c for c in start["combatants"] if c["hidden"])
        x, y = thug["screen"]
        assert not _near(running.screenshot(), (x, y), SIDE_COLOURS["enemies"])
        running.xdotool("windowfocus", running.window)
        running.hover(x, y)
        time.sleep(0.2)
        running.xdotool("keydown", "shift")
        time.sleep(0.3)
        running.click(x, y, button=3)
        running.xdotool("keyup", "shift")
        editor = running.after(lambda s: s["editor"] is not None, "the hidden unit's editor")["editor"]
        running.click(*editor["hidden"])
        shown = running.after(lambda s: s["actions"] == 1, "the reveal")
        assert not next(c for c in shown["combatants"] if c["id"] == thug["id"])["hidden"]
        assert _near(running.screenshot(), (x, y), SIDE_COLOURS["enemies"])
    finally:
        assert "Traceback" not in running.close()


def _near(shot: pygame.Surface, xy: tuple[int, int], wanted: tuple[int, int, int]) -> bool:
    """Whether the colour shows within a few pixels of the point (beside the side's letter)."""
    x, y = xy
    return any(tuple(shot.get_at((x + dx, y + dy)))[:3] == wanted for dx in range(-10, 11, 2) for dy in (-6, 0, 6))
