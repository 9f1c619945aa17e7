"""A unit placed by column and row: the `col` and `row` properties of a unit object.

A GM writing a map by hand names the cell (as Tiled's status bar shows it, column first) rather
than working out pixels. How they combine with the object's x and y (scenario-format.md,
"Placing a unit by column and row"):
- neither `col` nor `row`: the unit stands on the hex under its reference point, as Tiled shows it;
- both, and the object's own x and y are 0 (or left out, as in an object written by hand): the
  unit stands on that cell;
- both, and x, y anywhere else: they must lie in that same cell (an object moved in Tiled after
  it was written by hand no longer agrees, and the map says so rather than guess);
- only one of the two: an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.hexgrid import Hex, TiledHexLayout
from game.scenario.model import Terrain
from game.scenario.problems import Problems
from game.scenario.properties import Place

PAIR = ("col", "row")


def cell_words(cell: tuple[int, int]) -> str:
    """'column 4, row 7'."""
    return f"column {cell[0]}, row {cell[1]}"


def names_a_cell(given: set[str]) -> bool:
    """Whether the object means to be placed by `col` and `row` (it gives one of them, at least)."""
    return bool(given & set(PAIR))


def hex_by_cell(given: set[str], values: Mapping[str, Any], own_xy: tuple[float, float], under_xy: Hex,
                layout: TiledHexLayout, place: Place, problems: Problems) -> Hex | None:
    """The hex `col` and `row` name, checked against x, y; None when they are not both given
    or a value was refused (that problem is reported where the value is read)."""
    pair = given & set(PAIR)
    if not pair:
        return None
    if len(pair) == 1:
        have, lack = (PAIR if "col" in pair else PAIR[::-1])
        problems.error(place.file, place.where, f"gives '{have}' but no '{lack}'; give both (the cell as "
                                                "Tiled's status bar shows it, column first) or neither")
        return None
    if not all(name in values for name in PAIR):
        return None
    cell = (values["col"], values["row"])
    hex_ = layout.offset_to_hex(*cell)
    if own_xy != (0, 0) and under_xy != hex_:
        problems.error(place.file, place.where, (
            f"its 'col' and 'row' name {cell_words(cell)}, but its x, y ({own_xy[0]:g}, {own_xy[1]:g}) "
            f"lie in {cell_words(layout.hex_to_offset(under_xy))}; move it onto that cell in Tiled, set x and "
            "y to 0 so that 'col' and 'row' alone place it, or remove 'col' and 'row'"))
    return hex_


def off_the_map(cell: tuple[int, int], terrain: Mapping[Hex, Terrain], layout: TiledHexLayout) -> str:
    """Why a cell named by `col` and `row` is not on the battlefield, with the cells there are."""
    cells = [layout.hex_to_offset(h) for h in terrain]
    cols, rows = [c for c, _ in cells], [r for _, r in cells]
    if min(cols) <= cell[0] <= max(cols) and min(rows) <= cell[1] <= max(rows):
        return f"its 'col' and 'row' name {cell_words(cell)}, which has no terrain tile; paint it or choose another cell"
    return (f"its 'col' and 'row' name {cell_words(cell)}, off the map: its cells run from column "
            f"{min(cols)} to {max(cols)} and row {min(rows)} to {max(rows)}; give a cell on the battlefield")
