"""`hexbattle check`: read maps and report every problem; with no map, the bundled default."""

from __future__ import annotations

import argparse
import dataclasses
import os
from pathlib import Path

from game.battle import ruleset_problem
from game.cli.output import printable, printable_lines
from game.rules.catalog import Catalog, CatalogError, load_catalog
from game.scenario import LoadResult, Scenario, load_scenario
from game.scenario.summary import MAPS_DIR, battle_summary, check_line, default_maps


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `check` subcommand to the command line."""
    parser = subparsers.add_parser(
        "check",
        help="check Tiled maps for problems",
        description="Read each Tiled map and report every problem with it. With no map, check the "
                    "bundled default map and show the battle it would start.",
    )
    parser.add_argument("maps", metavar="MAP", nargs="*", help="a .tmx or .tmj map file")
    parser.add_argument("--root", metavar="DIR", type=Path,
                        help="also allow the maps to use files anywhere under DIR")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Check the maps; exit status 0 when none has an error, 1 otherwise."""
    try:
        catalog = load_catalog()
    except CatalogError as error:
        print("\n".join(f"error: {printable(line)}" for line in error.problems))
        return 1
    if args.root is not None and not args.root.is_dir():
        print(f"error: --root {args.root}: no such folder; give a folder the maps may use files from")
        return 1
    if not args.maps:
        return _check_default(catalog, args.root)
    results = [_check_one(Path(m), catalog, args.root) for m in args.maps]
    return 0 if all(results) else 1


def _check_one(path: Path, catalog: Catalog, root: Path | None) -> bool:
    """Check one map; a failure of hexbattle itself is reported for that map, and the rest go on."""
    try:
        return report(path, load_scenario(path, catalog, root)).ok
    except Exception as error:  # a bug of ours must not hide the reports for the other maps
        print(printable(f"error: {os.path.normpath(path)}: hexbattle failed while reading this map "
                        f"({type(error).__name__}: {error}); please report it with the file attached"))
        return False


def report(path: Path, result: LoadResult) -> LoadResult:
    """Print one map's problems, then its summary line when it is fit to play."""
    for problem in result.problems:
        print(f"{problem.severity}: {printable(problem.text())}")
    if result.ok and result.scenario is not None:
        unplayable = ruleset_problem(result.scenario.ruleset)
        if unplayable:
            print(printable(f"warning: {os.path.normpath(path)}: {unplayable}"))
        print(printable(f"{os.path.normpath(path)}: {check_line(result.scenario)}"))
    return result


def _check_default(catalog: Catalog, root: Path | None) -> int:
    """Check the bundled default map and describe the battle it would start."""
    defaults = default_maps(MAPS_DIR)
    if len(defaults) != 1:
        found = ", ".join(str(p) for p in defaults) or "none"
        print(f"error: {MAPS_DIR}: exactly one bundled map must have the property default = true "
              f"(found: {found}); or name a map: hexbattle check MAP")
        return 1
    result = report(defaults[0], load_scenario(defaults[0], catalog, root))
    if result.scenario is not None:
        print()
        print(battle_summary(printable_scenario(result.scenario)))
    return 0 if result.ok else 1


def printable_scenario(scenario: Scenario) -> Scenario:
    """The scenario with the text its author typed (title, description, names) made printable."""
    units = tuple(dataclasses.replace(u, name=printable(u.name)) for u in scenario.units)
    sides = {key: dataclasses.replace(side, name=printable(side.name)) for key, side in scenario.sides.items()}
    return dataclasses.replace(scenario, title=printable(scenario.title), units=units, sides=sides,
                               description=printable_lines(scenario.description))
