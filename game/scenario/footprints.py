"""A squad's hexes as the map gives them: the unit property `footprint` (scenario-format.md,
"Units"; Seed 002, Squad Size).

`footprint` lists the squad's other cells as Tiled shows them, "col,row" separated by ";"
("5,3; 6,3"). With it the squad stands exactly there; without it the battle spreads the squad
over the free hexes nearest its own. Either way a squad covers one hex per three units, one
connected group.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.hexgrid import Hex, TiledHexLayout
from game.rules.formation import cut_off
from game.rules.swn.squad import footprint_hexes
from game.scenario.model import Terrain, UnitPlacement
from game.scenario.problems import Problems

CELL = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


def read_cells(text: str, layout: TiledHexLayout) -> tuple[Hex, ...] | str:
    """The hexes of a "col,row; col,row" list, or what is wrong with it."""
    found = []
    for part in text.split(";"):
        match = CELL.match(part)
        if match is None:
            return f"'{part.strip()}' is not a cell: write each as col,row (\"5,3; 6,3\")"
        found.append(layout.offset_to_hex(int(match[1]), int(match[2])))
    return tuple(found)


def footprint_problem(unit: UnitPlacement, cells: tuple[Hex, ...], terrain: Mapping[Hex, Terrain],
                      layout: TiledHexLayout) -> str | None:
    """Why these cells cannot be the squad's other hexes, or None."""
    need = footprint_hexes(unit.count) - 1
    if len(cells) != need:
        return (f"a squad of {unit.count} covers {need + 1} hex{'es' if need else ''}: 'footprint' must list "
                f"{need} cell{'s' if need != 1 else ''} besides its own, not {len(cells)}")
    for cell in cells:
        where = layout.hex_to_offset(cell)
        if cell == unit.hex or cells.count(cell) > 1:
            return f"'footprint' lists cell {where} twice (the squad's own cell counts already)"
        if cell not in terrain or terrain[cell].impassable:
            return f"'footprint' cell {where} is off the map or impassable"
    lost = cut_off((unit.hex, *cells))
    if lost is not None:
        return f"'footprint' cell {layout.hex_to_offset(lost)} is not joined to the squad: its hexes must touch"
    return None


def clashes(units: list[UnitPlacement], layout: TiledHexLayout, problems: Problems, file: str) -> None:
    """Report any hex two units would both stand on through their footprints."""
    held: dict[Hex, UnitPlacement] = {u.hex: u for u in units}
    for unit in units:
        for cell in unit.footprint:
            other = held.get(cell)
            if other is not None and other is not unit:
                problems.error(file, f"object '{unit.name}' (id {unit.object_id})",
                               f"its footprint cell {layout.hex_to_offset(cell)} is where '{other.name}' "
                               f"(id {other.object_id}) stands; move one of them")
            held[cell] = unit
