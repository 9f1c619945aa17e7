"""A squad's hexes as the map gives them: the unit property `footprint`, "col,row; col,row"
(scenario-format.md, "Units"; Seed 002, Squad Size)."""

from __future__ import annotations

import pytest

from game.hexgrid import Hex

from test_scenario_loading import LAYOUT, errors, hexmap, layer, load, obj, objects

ANCHOR = Hex(1, 1)


def _squad(count: int, footprint: str | None = None, obj_id: int = 1, at: Hex = ANCHOR) -> str:
    extra = {"footprint": footprint} if footprint is not None else {}
    return obj(obj_id, "thug", "S", *LAYOUT.hex_center(at), side="enemies", count=count, **extra)


def _cells(*hexes: Hex) -> str:
    return "; ".join("{},{}".format(*LAYOUT.hex_to_offset(h)) for h in hexes)


def test_the_map_gives_a_squad_of_six_its_second_hex(folder):
    result = load(folder, hexmap(layer("ground"), objects(_squad(6, _cells(Hex(2, 1))))))
    assert errors(result) == [] and result.scenario.units[0].footprint == (Hex(2, 1),)


@pytest.mark.parametrize(("count", "cells", "message"), [
    (6, "", "'' is not a cell: write each as col,row (\"5,3; 6,3\")"),
    (6, "two,1", "'two,1' is not a cell: write each as col,row (\"5,3; 6,3\")"),
    (9, _cells(Hex(2, 1)), "a squad of 9 covers 3 hexes: 'footprint' must list 2 cells besides its own, not 1"),
    (6, _cells(Hex(3, 1)), f"'footprint' cell {LAYOUT.hex_to_offset(Hex(3, 1))} is not joined to the squad: its hexes must touch"),
    (6, _cells(ANCHOR), f"'footprint' lists cell {LAYOUT.hex_to_offset(ANCHOR)} twice (the squad's own cell counts already)"),
    (6, _cells(Hex(40, 1)), f"'footprint' cell {LAYOUT.hex_to_offset(Hex(40, 1))} is off the map or impassable"),
])
def test_a_footprint_that_cannot_be_is_an_error_saying_what_to_fix(folder, count, cells, message):
    assert errors(load(folder, hexmap(layer("ground"), objects(_squad(count, cells))))) == [message]


def test_a_footprint_on_another_unit_is_an_error(folder):
    units = objects(_squad(6, _cells(Hex(2, 1))), obj(2, "thug", "T", *LAYOUT.hex_center(Hex(2, 1)), side="pcs"))
    [message] = errors(load(folder, hexmap(layer("ground"), units)))
    assert message.startswith(f"its footprint cell {LAYOUT.hex_to_offset(Hex(2, 1))} is where 'T' (id 2) stands")
