"""A unit placed by column and row: the `col` and `row` properties of a unit object, alone or
with x and y (scenario-format.md, "Placing a unit by column and row"; game/scenario/cells.py)."""

from __future__ import annotations

import json

import pytest

from game.hexgrid import TiledHexLayout
from game.scenario import load_scenario

from test_scenario_loading import GRASS, H, LAYOUT, SIDES, W, errors, hexmap, layer, load, obj, objects

LAYOUTS = [(56, 64, "y", "odd"), (56, 64, "y", "even"), (64, 56, "x", "odd"), (64, 56, "x", "even")]


def _map_in(tile_w: int, tile_h: int, axis: str, index: int | str, units: str) -> str:
    """A 6 x 5 grass map of the given layout holding the units."""
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="hexagonal" '
            f'width="{W}" height="{H}" tilewidth="{tile_w}" tileheight="{tile_h}" infinite="0" '
            f'hexsidelength="32" staggeraxis="{axis}" staggerindex="{index}">\n'
            f' <properties>\n{SIDES} </properties>\n <tileset firstgid="1" source="terrain.tsx"/>\n'
            f'{layer("ground")}{units}</map>\n')


def _by_cell(col: object, row: object, x: float = 0, y: float = 0, **more: object) -> str:
    return obj(1, "thug", "Thug 1", x, y, side="enemies", col=col, row=row, **more)


@pytest.mark.parametrize(("tile_w", "tile_h", "axis", "index"), LAYOUTS)
def test_col_and_row_place_a_unit_on_that_cell_in_every_tiled_layout(folder, tile_w, tile_h, axis, index):
    layout = TiledHexLayout(tile_w, tile_h, 32, axis, index)
    for col, row in [(0, 0), (1, 0), (0, 1), (3, 2), (5, 4), (4, 3)]:
        result = load(folder, _map_in(tile_w, tile_h, axis, index, objects(_by_cell(col, row))))
        assert errors(result) == []
        [unit] = result.scenario.units
        assert layout.hex_to_offset(unit.hex) == (col, row)


def test_an_object_written_by_hand_needs_no_x_or_y(folder):
    hand = ('  <object id="1" name="Vask" type="Unit"><properties><property name="unit_type" value="pc_warrior"/>'
            '<property name="side" value="pcs"/><property name="col" type="int" value="4"/>'
            '<property name="row" type="int" value="3"/></properties><point/></object>\n')
    result = load(folder, hexmap(layer("ground"), objects(hand)))
    assert errors(result) == []
    assert LAYOUT.hex_to_offset(result.scenario.units[0].hex) == (4, 3)


def test_x_and_y_in_the_same_cell_agree_with_col_and_row(folder):
    x, y = LAYOUT.hex_center(LAYOUT.offset_to_hex(2, 3))
    result = load(folder, hexmap(layer("ground"), objects(_by_cell(2, 3, x + 5, y - 7))))
    assert errors(result) == []
    assert LAYOUT.hex_to_offset(result.scenario.units[0].hex) == (2, 3)


def test_x_and_y_in_another_cell_are_an_error_naming_both(folder):
    x, y = LAYOUT.hex_center(LAYOUT.offset_to_hex(3, 1))
    assert errors(load(folder, hexmap(layer("ground"), objects(_by_cell(2, 3, x, y))))) == [
        f"its 'col' and 'row' name column 2, row 3, but its x, y ({x:g}, {y:g}) lie in column 3, row 1; "
        "move it onto that cell in Tiled, set x and y to 0 so that 'col' and 'row' alone place it, "
        "or remove 'col' and 'row'"]


@pytest.mark.parametrize(("props", "message"), [
    ({"col": 2}, "gives 'col' but no 'row'; give both (the cell as Tiled's status bar shows it, column first) or neither"),
    ({"row": 2}, "gives 'row' but no 'col'; give both (the cell as Tiled's status bar shows it, column first) or neither"),
])
def test_only_one_of_the_pair_is_an_error(folder, props, message):
    unit = obj(1, "thug", "Thug 1", 0, 0, side="enemies", **props)
    assert errors(load(folder, hexmap(layer("ground"), objects(unit)))) == [message]


@pytest.mark.parametrize(("col", "message"), [
    ("two", "property 'col' must be a whole number, not 'two' (make it an int property in Tiled; it is a string property)"),
    ("2.5", "property 'col' must be a whole number, not '2.5' (make it an int property in Tiled; it is a string property)"),
])
def test_a_col_that_is_not_a_whole_number_is_an_error(folder, col, message):
    assert errors(load(folder, hexmap(layer("ground"), objects(_by_cell(col, 2))))) == [message]


def test_an_int_property_with_a_fraction_is_an_error(folder):
    unit = _by_cell(1, 2).replace('name="col" type="int" value="1"', 'name="col" type="int" value="1.5"')
    assert errors(load(folder, hexmap(layer("ground"), objects(unit)))) == [
        "property 'col' has type int, but its value '1.5' is not a whole number"]


@pytest.mark.parametrize(("col", "row"), [(6, 0), (0, 5), (-1, 2), (40, 40)])
def test_a_cell_off_the_map_is_an_error_giving_the_cells_there_are(folder, col, row):
    assert errors(load(folder, hexmap(layer("ground"), objects(_by_cell(col, row))))) == [
        f"its 'col' and 'row' name column {col}, row {row}, off the map: its cells run from column 0 to "
        f"{W - 1} and row 0 to {H - 1}; give a cell on the battlefield"]


def test_a_cell_with_no_tile_inside_the_map_is_an_error(folder):
    holes = GRASS.copy()
    holes[2 * W + 3] = 0  # column 3, row 2 left unpainted
    result = load(folder, hexmap(layer("ground", holes), objects(_by_cell(3, 2))))
    assert "its 'col' and 'row' name column 3, row 2, which has no terrain tile; paint it or choose another cell" \
        in errors(result)


def test_an_impassable_cell_is_an_error(folder):
    walls = GRASS.copy()
    walls[1 * W + 4] = 3  # tile 2, the wall, at column 4, row 1
    assert errors(load(folder, hexmap(layer("ground", walls), objects(_by_cell(4, 1))))) == [
        "stands on impassable terrain 'wall' in cell (4, 1); move it to a hex it can stand on"]


def test_two_units_on_one_cell_by_col_and_row_are_an_error(folder):
    units = objects(_by_cell(2, 2), obj(2, "thug", "Thug 2", 0, 0, side="enemies", col=2, row=2))
    [message] = errors(load(folder, hexmap(layer("ground"), units)))
    assert message.startswith("stands on the same hex as 'Thug 1' (id 1)")


def test_a_tiled_json_map_places_by_col_and_row_too(folder):
    unit = {"id": 1, "name": "Thug 1", "type": "thug", "x": 0, "y": 0, "point": True,
            "properties": [{"name": "side", "type": "string", "value": "enemies"},
                           {"name": "col", "type": "int", "value": 5}, {"name": "row", "type": "int", "value": 3}]}
    data = {"type": "map", "orientation": "hexagonal", "width": W, "height": H, "tilewidth": 56, "tileheight": 64,
            "hexsidelength": 32, "staggeraxis": "y", "staggerindex": "odd", "infinite": False,
            "tilesets": [{"firstgid": 1, "source": "terrain.tsx"}],
            "layers": [{"id": 1, "name": "ground", "type": "tilelayer", "width": W, "height": H, "data": GRASS},
                       {"id": 2, "name": "units", "type": "objectgroup", "objects": [unit]}]}
    (folder / "m.tmj").write_text(json.dumps(data))
    result = load_scenario(folder / "m.tmj")
    assert errors(result) == []
    assert LAYOUT.hex_to_offset(result.scenario.units[0].hex) == (5, 3)
