"""`hexbattle place`: write a unit into a .tmx map at a column and row, as Tiled shows the cell.

The GM names the cell; the command works out the object's pixels from the map's own hex
layout (every Tiled stagger axis and index) and adds a point object of class Unit to the map's
units layer, atomically and only if the map still loads with it (game/scenario/add_unit.py).
The unit then shows where it stands when the map is opened in Tiled, and can be dragged there.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.output import printable
from game.cli.unit_args import UnitArgError, name_arg, side_arg
from game.rules.catalog import Catalog, CatalogError, UnitType, load_catalog
from game.rules.fields import suggestion
from game.rules.ruleset_data import catalog_for
from game.scenario.add_unit import AddUnitError, NewUnit, add_unit
from game.scenario.cells import cell_words
from game.scenario.loader import load_scenario
from game.scenario.mapprops import SIDE_IDS

MAX_COUNT = 999
MAX_CELL_DIGITS = 6


class PlaceError(ValueError):
    """Bad input to `hexbattle place`: the message says what to fix."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `place` subcommand to the command line."""
    parser = subparsers.add_parser(
        "place", help="write a unit into a .tmx map at a column and row",
        description="Add a unit to a Tiled map (.tmx) on the cell COL,ROW as Tiled's status bar shows it; "
                    "the map is written only if it still loads with the unit.")
    parser.add_argument("map", metavar="MAP", type=Path, help="the .tmx map to write to")
    parser.add_argument("unit_type", metavar="TYPE", help="a unit type id of the map's ruleset, e.g. thug or pc_warrior")
    parser.add_argument("--at", metavar="COL,ROW", required=True,
                        help="the cell, column first, e.g. --at 4,7 (a negative one: --at=-1,3)")
    parser.add_argument("--side", required=True, help=f"the side it fights for ({', '.join(SIDE_IDS)})")
    parser.add_argument("--name", help="its name (default: from its type and object id)")
    parser.add_argument("--count", default="1", help=f"a squad of this many (NPCs only; 1 to {MAX_COUNT})")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Write the unit and say where it went; bad input is one line on stderr and status 2."""
    try:
        catalog = load_catalog()
    except CatalogError as error:
        print("\n".join(f"hexbattle place: {printable(line)}" for line in error.problems), file=sys.stderr)
        return 1
    try:
        line = place(args, catalog)
    except (PlaceError, UnitArgError, AddUnitError) as problem:
        print(f"hexbattle place: {printable(str(problem))}", file=sys.stderr)
        return 2
    print(line)
    return 0


def place(args: argparse.Namespace, catalog: Catalog) -> str:
    """Check every argument, write the unit into the map, and describe what was written."""
    cell = cell_arg(args.at)
    side, name, count = side_arg(args.side), name_arg(args.name), _count(args.count)
    unit_type = map_unit_type(args.map, args.unit_type, catalog)
    if unit_type is not None and count > 1 and unit_type.kind != "npc":
        raise PlaceError(f"only NPCs form squads (seed 002): a {unit_type.id} is a {unit_type.kind}; "
                         "leave out --count, or place each one")
    type_id = unit_type.id if unit_type else args.unit_type
    object_id, _ = add_unit(args.map, NewUnit(type_id, side, count, name or ""), cell, catalog)
    named = name or f"{unit_type.name if unit_type else type_id} {object_id}"
    return f"added {named} (object {object_id}, side {side}) to {args.map.name} at {cell_words(cell)}"


def cell_arg(text: str) -> tuple[int, int]:
    """`COL,ROW` as whole numbers (negative ones too: an infinite map's cells may be)."""
    col, comma, row = text.partition(",")
    if not comma or not _whole(col) or not _whole(row):
        raise PlaceError(f"--at {text[:20]!r}: give the cell as COL,ROW, column first, as Tiled's status bar "
                         "shows it (e.g. --at 4,7)")
    return int(col), int(row)


def _whole(text: str) -> bool:
    digits = text.strip().removeprefix("-")
    return digits.isascii() and digits.isdigit() and len(digits) <= MAX_CELL_DIGITS


def _count(text: str) -> int:
    if not _whole(text) or not 1 <= int(text) <= MAX_COUNT:
        raise PlaceError(f"--count must be a whole number from 1 to {MAX_COUNT}, not {text[:20]!r}")
    return int(text)


def map_unit_type(path: Path, wanted: str, catalog: Catalog) -> UnitType | None:
    """The unit type, by id or by name in any case, among the types of the map's ruleset; None
    when the map cannot be read (add_unit then names the map's own problem)."""
    result = load_scenario(path, catalog)
    if result.scenario is None:
        return None
    try:
        types = catalog_for(result.scenario.ruleset, catalog).unit_types
    except CatalogError:
        return None
    key = wanted.strip().lower().replace(" ", "_")
    for type_id, unit_type in types.items():
        if key in (type_id, unit_type.name.lower().replace(" ", "_")):
            return unit_type
    raise PlaceError(f"{path.name} is a {result.scenario.ruleset} map, which has no unit type "
                     f"{wanted[:40]!r}{suggestion(key, types)}; its types are: {', '.join(sorted(types))}")
