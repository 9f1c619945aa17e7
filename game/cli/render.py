"""`hexbattle render MAP OUT.png`: draw a battle as the table (or the GM's console) would show it,
and with `--layout OUT.json` write what was drawn where (docs/table-labels.md gives the format)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from game.cli.output import printable
from game.rules.catalog import CatalogError
from game.savefile import ScenarioLoadError, battle_from_map, read_save
from game.savefile.atomic import write_atomically

VIEWS = ("table", "console")
SMALLEST, LARGEST = 64, 8192


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `render` subcommand to the command line."""
    parser = subparsers.add_parser(
        "render",
        usage="hexbattle render [-h] [--size WxH] [--view {table,console}] [--seed N] [--plain] [--layout OUT.json] "
              "MAP OUT.png\n"
              "       hexbattle render [-h] [--size WxH] [--view {table,console}] [--plain] [--layout OUT.json] "
              "--save SAVE.json [MAP] OUT.png",
        help="draw a battle to a PNG image",
        description="Start a battle on MAP (or restore one with --save) and draw it, the whole map "
                    "fitted, to a PNG image, as the table view or the GM's console shows it. When "
                    "people play whoever must act (the map's or the save's side controllers: players "
                    "or gm), the image shows what the window shows them by default: the hexes they "
                    "can reach and their targets with the odds.",
    )
    parser.add_argument("paths", metavar="MAP OUT.png", nargs="+",
                        help="the map and the image to write (with --save, MAP may be left out)")
    parser.add_argument("--size", metavar="WxH", default="1920x1080", help="image size (default 1920x1080)")
    parser.add_argument("--view", choices=VIEWS, default="table",
                        help="table: no NPC health; console: every number (default table)")
    parser.add_argument("--save", metavar="SAVE.json", type=Path, help="draw this saved battle as it stands")
    parser.add_argument("--seed", metavar="N", default="1", help="seed for a battle started on MAP (default 1)")
    parser.add_argument("--plain", action="store_true",
                        help="leave out what the window shows the people who must act (reachable hexes, "
                             "targets and odds): the map and its tokens only")
    parser.add_argument("--layout", metavar="OUT.json", type=Path,
                        help="also write what was drawn: every token's disc, every label's text, place, "
                             "owner and kind, and the labels left off (docs/table-labels.md)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Draw the image; exit 1 with one line on stderr when anything is wrong."""
    try:
        size = parse_size(args.size)
        map_path, out = _paths(args)
        if args.layout is not None and args.layout.suffix.lower() != ".json":
            raise ValueError(f"--layout {args.layout}: the layout must be a .json file")
        battle = _battle(args, map_path)
        write_png(battle, size, args.view, out, args.layout, plain=args.plain)
    except (ValueError, CatalogError) as error:
        print(printable(f"hexbattle render: {_one_line(error)}"), file=sys.stderr)
        return 1
    print(printable(f"{out}: {battle.scenario.title}, round {battle.state.round}, {args.view} view"))
    return 0


def parse_size(text: str) -> tuple[int, int]:
    """'1920x1080' as (1920, 1080); ValueError says what a size looks like."""
    parts = text.lower().split("x")
    if len(parts) == 2 and all(p.isdigit() for p in parts):
        width, height = int(parts[0]), int(parts[1])
        if SMALLEST <= width <= LARGEST and SMALLEST <= height <= LARGEST:
            return width, height
    raise ValueError(f"--size {text!r}: give WIDTHxHEIGHT in pixels, each from {SMALLEST} to {LARGEST} "
                     "(e.g. 1920x1080)")


def _paths(args: argparse.Namespace) -> tuple[Path | None, Path]:
    """The map (None with a save and no map) and the image to write."""
    paths = [Path(p) for p in args.paths]
    if len(paths) > 2 or (len(paths) == 1 and args.save is None):
        raise ValueError("give MAP OUT.png (or --save SAVE.json OUT.png)")
    out = paths[-1]
    if out.suffix.lower() != ".png":
        raise ValueError(f"{out}: the image must be a .png file")
    return (paths[0] if len(paths) == 2 else None), out


def _battle(args: argparse.Namespace, map_path: Path | None):
    """The battle to draw: restored from the save, or started on the map with the seed."""
    if args.save is not None:
        loaded = read_save(args.save)
        for warning in loaded.warnings:
            print(printable(f"warning: {_one_line(warning)}"), file=sys.stderr)
        if map_path is not None and not _same_file(map_path, loaded.battle.scenario.path):
            raise ValueError(f"{map_path}: the save {args.save} was played on "
                             f"{loaded.battle.scenario.path}; give that map or leave MAP out")
        return loaded.battle
    if not map_path.is_file():
        raise ValueError(f"{map_path}: no such map file")
    seed = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    return battle_from_map(map_path, seed)


def write_png(battle, size: tuple[int, int], view: str, out: Path, layout: Path | None = None,
              plain: bool = False) -> None:
    """Draw and write the image (and the layout's record to `layout`), `plain` without the overlays
    of whoever acts; raises WriteError naming the path when one cannot be written."""
    from game.ui.render import png_bytes, render_frame, start_headless  # pygame only for this command

    start_headless()
    surface, drawn = render_frame(battle, size, view, aimed=not plain)
    write_atomically(out, png_bytes(surface))
    if layout is not None:
        write_atomically(layout, (json.dumps(drawn, indent=1) + "\n").encode("utf-8"))


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _one_line(error: object) -> str:
    """An error's message on one line: its first problem, and how many more there are."""
    if isinstance(error, ScenarioLoadError) and error.problems:
        more = len(error.problems) - 1
        extra = f" (and {more} more; run hexbattle check on the map)" if more else ""
        return f"{error.problems[0]}{extra}"
    if isinstance(error, CatalogError):
        return "; ".join(error.problems)
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    return "; ".join(lines)
