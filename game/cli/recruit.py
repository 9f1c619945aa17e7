"""`hexbattle recruit`: roll the Recruit downtime action and print the squad as a Tiled object.

Seed 002 (Squads, New downtime action): a Connect check against the NPC type's HD + Morale - 2
brings 1 NPC on a failure, Tier + 1 on a success and Tier + 3 on a success by 2 or more. The
result prints as a Tiled object to paste into a map's units layer, `--into MAP --at COL,ROW`
writes it into the map, and `--into MAP --join ID` adds the recruits to a squad of the same
type there (docs/rules/squads.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.output import printable
from game.cli.roll import choose_source
from game.cli.unit_args import UnitArgError, name_arg, side_arg
from game.rules.catalog import Catalog, CatalogError, UnitType, load_catalog
from game.rules.dice import DiceError, ScriptedDice
from game.rules.swn.recruit import RecruitResult, roll_recruit
from game.scenario.add_unit import AddUnitError, NewUnit, add_unit, join_squad, object_text, unit_object
from game.scenario.mapprops import SIDE_IDS

LIMITS = {"connect": (-3, 10), "tier": (0, 10)}


class RecruitError(ValueError):
    """Bad input to `hexbattle recruit`: the message says what to fix."""


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `recruit` subcommand to the command line."""
    parser = subparsers.add_parser(
        "recruit", help="roll the Recruit downtime action (seed 002) for a squad",
        description="Roll a Connect check to recruit NPCs of one type (seed 002, Squads) and print "
                    "the squad as a Tiled object to paste into a map, or write it into a map.")
    parser.add_argument("unit_type", metavar="TYPE", help="an NPC type id from units.toml, e.g. veteran_soldier")
    parser.add_argument("--connect", metavar="N", default="0", help="the recruiter's Connect skill plus attribute modifier")
    parser.add_argument("--tier", metavar="N", default="0", help="the crew's Tier (default 0)")
    parser.add_argument("--seed", metavar="S", help="seed for a repeatable roll (a number or a word)")
    parser.add_argument("--faces", metavar="5,4", help="the two d6 faces rolled at the table, instead of rolling")
    parser.add_argument("--side", default="allies", help=f"the side the squad fights for ({', '.join(SIDE_IDS)})")
    parser.add_argument("--name", help="the squad's name (default: from the type and head count)")
    parser.add_argument("--into", metavar="MAP", type=Path, help="add the squad to this .tmx map's units layer")
    parser.add_argument("--at", metavar="COL,ROW", help="with --into: the map cell, as Tiled shows it")
    parser.add_argument("--join", metavar="ID", help="with --into: add the recruits to the squad object ID "
                                                      "of the same type instead")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Roll, then print or write the squad; bad input is one line on stderr and status 2."""
    try:
        catalog = load_catalog()
    except CatalogError as error:
        print("\n".join(f"hexbattle recruit: {printable(line)}" for line in error.problems), file=sys.stderr)
        return 1
    try:
        lines = recruit_lines(args, catalog)
    except (RecruitError, UnitArgError, DiceError, AddUnitError) as problem:
        print(f"hexbattle recruit: {printable(str(problem))}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def recruit_lines(args: argparse.Namespace, catalog: Catalog) -> list[str]:
    """Everything to print, worked out (and the map written) before any line is printed."""
    unit_type = find_npc_type(args.unit_type, catalog)
    connect, tier = _bounded("connect", args.connect), _bounded("tier", args.tier)
    side = side_arg(args.side)
    join = _join(args.join, args.into, args.at)
    cell = None if join is not None else _cell(args.at, args.into)
    dice, lines = choose_source(args.seed, args.faces)
    result = roll_recruit(unit_type.name, unit_type.hd, unit_type.morale, connect, tier, dice)
    _no_faces_left(dice)
    unit = NewUnit(unit_type.id, side, result.recruits, name_arg(args.name) or _default_name(unit_type, result))
    if args.into is None:
        return [f"<!-- {line} -->" for line in (*lines, _comment(result.text()))] + [object_text(unit_object(unit))]
    if join is not None:
        count = join_squad(args.into, join, unit_type.id, result.recruits, catalog)
        return [*lines, result.text(), f"object {join} in {args.into.name} now counts {count} {unit_type.name}"]
    object_id, _ = add_unit(args.into, unit, cell, catalog)
    return [*lines, result.text(), f"added {unit.name} (object {object_id}) to {args.into.name} at cell {args.at}"]


def find_npc_type(name: str, catalog: Catalog) -> UnitType:
    """The NPC type by id or by its name (any case); an unknown one lists the known NPC types."""
    npcs = {key: t for key, t in sorted(catalog.unit_types.items()) if t.kind == "npc" and t.hd}
    wanted = name.strip().lower().replace(" ", "_")
    for key, unit_type in npcs.items():
        if wanted in (key, unit_type.name.lower().replace(" ", "_")):
            return unit_type
    raise RecruitError(f"unknown NPC type {name[:40]!r}; the NPC types in units.toml are: {', '.join(npcs)}")


def _default_name(unit_type: UnitType, result: RecruitResult) -> str:
    return unit_type.name if result.recruits == 1 else f"{unit_type.name} squad ({result.recruits})"


def _comment(text: str) -> str:
    """Text safe inside an XML comment (no double hyphen)."""
    return text.replace("--", "- -")


def _bounded(option: str, text: str) -> int:
    low, high = LIMITS[option]
    try:
        value = int(text.strip()) if len(text.strip()) < 4 else None
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise RecruitError(f"--{option} must be a whole number from {low} to {high}, not {text[:20]!r}")
    return value


def _cell(at: str | None, into: Path | None) -> tuple[int, int] | None:
    """The map cell from `COL,ROW`; required with --into and only there."""
    if into is None:
        if at is not None:
            raise RecruitError("--at places the squad in a map: give --into MAP too")
        return None
    col, comma, row = (at or "").partition(",")
    if not comma or not col.strip().isdigit() or not row.strip().isdigit() or len(at) > 12:
        raise RecruitError("--into needs --at COL,ROW: the map cell for the squad, as Tiled shows it (e.g. --at 4,7)")
    return int(col), int(row)


def _join(join: str | None, into: Path | None, at: str | None) -> int | None:
    """The squad object id recruits join; only with --into, and not with --at."""
    if join is None:
        return None
    if into is None or at is not None:
        raise RecruitError("--join ID adds recruits to a squad in a map: give --into MAP and no --at")
    if not join.strip().isdigit() or len(join) > 9:
        raise RecruitError(f"--join {join[:20]!r}: give the squad's object id, a whole number")
    return int(join)


def _no_faces_left(dice: object) -> None:
    if isinstance(dice, ScriptedDice) and dice.remaining:
        unused = ", ".join(map(str, dice.remaining))
        raise DiceError(f"faces left over after rolling: {unused} (a Connect check rolls two d6)")
