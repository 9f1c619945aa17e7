"""`hexbattle resume [SAVE]`: go on with an autosaved fight in the table window.

Without SAVE, the fight most recently autosaved that is not over, whatever its map. SAVE may
be a map (its newest unfinished fight), a fight's autosave folder or a file in it, or an
ordinary save (.json), which goes on as a new autosaved fight. `--list` lists the autosaved
fights, newest first. A damaged autosave is named, kept aside, and its backup used.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.output import printable
from game.cli.play import add_window_arguments, no_display, open_table
from game.cli.render import _one_line, parse_size
from game.rules.catalog import CatalogError
from game.savefile import MAP_SUFFIXES, SaveError, read_save
from game.savefile.autosave import Autosave
from game.savefile.places import autosave_root, fights, is_fight_folder, unfinished
from game.savefile.recovery import resume_and_autosave, resume_fight


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `resume` subcommand to the command line."""
    parser = subparsers.add_parser(
        "resume",
        help="go on with an autosaved fight in the table window",
        description="Go on with an autosaved fight where it stopped: the newest unfinished one, or "
                    "the one SAVE names (a map, an autosave folder or file, or a save).",
    )
    parser.add_argument("save", metavar="SAVE", nargs="?", type=Path,
                        help="a map (its newest unfinished fight), an autosave folder or file, or a save (.json)")
    parser.add_argument("--list", action="store_true", help="list the autosaved fights, newest first, and stop")
    add_window_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """List the fights, or open the window on the one to resume; one clear line when it cannot."""
    root = autosave_root(args.autosave_dir)
    if args.list:
        return list_fights(root)
    try:
        size = parse_size(args.size)
        no_display()
        battle, autosave, messages = resumed(args.save, root, not args.no_autosave)
    except (ValueError, CatalogError, SaveError) as error:
        print(printable(f"hexbattle resume: {_one_line(error)}"), file=sys.stderr)
        return 1
    for message in messages:
        print(printable(f"warning: {_one_line(message)}"), file=sys.stderr)
    return open_table(args, size, battle, autosave)


def list_fights(root: Path) -> int:
    """Print every autosaved fight under the root, newest first."""
    found = fights(root)
    if not found:
        print(printable(f"no autosaved fights in {root}"))
    for fight in found:
        print(printable(fight.describe()))
    return 0


def resumed(save: Path | None, root: Path, autosaving: bool = True):
    """(battle, its autosave or None, what the GM should know) for what SAVE names."""
    if save is not None and not save.is_dir() and save.suffix.lower() not in MAP_SUFFIXES \
            and not (save.name.startswith("autosave") and is_fight_folder(save.parent)):
        loaded = read_save(save)  # an ordinary save goes on as a new autosaved fight
        return loaded.battle, Autosave.new_fight(loaded.battle, root) if autosaving else None, loaded.warnings
    folder = _fight_folder(save, root)
    if not autosaving:
        found = resume_fight(folder)
        return found.battle, None, found.messages
    found, autosave = resume_and_autosave(folder)
    return found.battle, autosave, found.messages


def _fight_folder(save: Path | None, root: Path) -> Path:
    """The autosave folder of the fight SAVE names (see the module's docstring)."""
    if save is None or save.suffix.lower() in MAP_SUFFIXES:
        fight = unfinished(root, save)
        if fight is None:
            where = f"on {save} " if save is not None else ""
            start = f"hexbattle play {save}" if save is not None else "hexbattle play MAP"
            raise SaveError(f"{root}: no unfinished fight {where}was autosaved here ({start} starts one; "
                            "hexbattle resume --list lists the fights)")
        return fight.folder
    return save if save.is_dir() else save.parent
