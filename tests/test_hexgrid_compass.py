"""Facings in a GM's words: each hex direction by the compass point it shows on screen, for every
Tiled hex orientation, and an angle between directions by the clock face, never in degrees."""

from __future__ import annotations

import pytest

from game.hexgrid import Hex, TiledHexLayout, direction_name, facing_name
from game.hexgrid.compass import clock_face, compass_point, screen_bearing

POINTY_ODD = TiledHexLayout(56, 64, 32, "y", "odd")
POINTY_EVEN = TiledHexLayout(56, 64, 32, "y", "even")
FLAT_ODD = TiledHexLayout(64, 56, 32, "x", "odd")
FLAT_EVEN = TiledHexLayout(64, 56, 32, "x", "even")
SQUASHED = TiledHexLayout(60, 40, 20, "y", "odd")  # wide, low hexes: direction 1 leans far east of 60 degrees

POINTY = ("east", "north-east", "north-west", "west", "south-west", "south-east")
FLAT = ("south-east", "north-east", "north", "north-west", "south-west", "south")


@pytest.mark.parametrize("layout, names", [(POINTY_ODD, POINTY), (POINTY_EVEN, POINTY), (FLAT_ODD, FLAT),
                                           (FLAT_EVEN, FLAT), (None, POINTY)])
def test_each_hex_direction_is_named_by_where_its_neighbour_shows_on_screen(layout, names):
    assert tuple(direction_name(d, layout) for d in range(6)) == names


@pytest.mark.parametrize("layout", [POINTY_ODD, POINTY_EVEN, FLAT_ODD, FLAT_EVEN, SQUASHED])
def test_the_name_agrees_with_the_pixels_of_the_neighbour_in_that_direction(layout):
    from game.hexgrid import DIRECTIONS

    ox, oy = layout.hex_center(Hex(3, 4))
    for d, step in enumerate(DIRECTIONS):
        x, y = layout.hex_center(Hex(3 + step.q, 4 + step.r))
        right, down = x - ox, y - oy
        name = direction_name(d, layout)
        assert ("east" in name) == (right > 1) and ("west" in name) == (right < -1)
        assert ("north" in name) == (down < -1) and ("south" in name) == (down > 1)


def test_an_angle_on_a_hex_direction_reads_as_the_direction_and_any_other_as_a_clock_face():
    assert facing_name(0, 60.0, POINTY_ODD) == "north-east"
    assert facing_name(0, 8.94828, POINTY_ODD) == "3 o'clock"  # the log once said "8.94828 degrees"
    assert facing_name(0, 30.0, POINTY_ODD) == "2 o'clock"
    assert facing_name(0, 30.0, FLAT_ODD) == "3 o'clock"  # between south-east and north-east: east
    assert facing_name(0, 100.0, FLAT_EVEN) == "1 o'clock"  # 70 degrees on screen, north-north-east
    assert facing_name(4, None, FLAT_EVEN) == "south-west"


def test_the_clock_face_puts_12_at_the_top_and_3_to_the_east():
    assert [clock_face(b) for b in (90.0, 0.0, 270.0, 180.0, 60.0, 89.0)] == [
        "12 o'clock", "3 o'clock", "6 o'clock", "9 o'clock", "1 o'clock", "12 o'clock"]


def test_compass_points_are_every_45_degrees_counter_clockwise_from_east():
    assert [compass_point(b) for b in (0, 45, 90, 135, 180, 225, 270, 315, 359, 22.4)] == [
        "east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east", "east", "east"]


def test_a_squashed_hex_bears_where_its_pixels_do():
    assert round(screen_bearing(60.0, SQUASHED)) == 45  # 30 px east, 30 px up
    assert direction_name(1, SQUASHED) == "north-east"


@pytest.mark.parametrize("map_name, facing, words", [("relay_station_ambush", 1, "north-east"),
                                                      ("crystal_vault", 2, "north"), ("kessler_ford", 0, "south-east")])
def test_the_log_and_the_gms_lines_name_an_overwatch_facing_as_the_map_shows_it(map_name, facing, words):
    from pathlib import Path

    from game.actions import SetOverwatch
    from game.savefile import battle_from_map
    from game.ui.gm_editor import describe
    from game.ui.tracker import console_lines, watching

    battle = battle_from_map(Path(__file__).resolve().parent.parent / "maps" / f"{map_name}.tmx", 2)
    actor = battle.current()
    outcome = battle.submit(SetOverwatch(actor, facing=facing))
    assert outcome.accepted, outcome.reason
    view = battle.combatant(actor)
    assert outcome.lines[-1] == f"{view.name} goes on overwatch facing {words}."
    assert any(line.startswith(f"> ") and f"(overwatch {words})" in line for line in console_lines(battle))
    assert f"overwatch {words}" in describe(view, watching(battle, view))
