"""`hexbattle replay FILE`: restore a saved battle by replaying it and print its combat log.

FILE may be a save, or an autosaved fight: its folder or a file in it, read with every journal
that continues its last full save (so the log goes to the last action taken)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.output import printable, printable_lines
from game.rules.catalog import CatalogError
from game.savefile import SaveError, read_save
from game.savefile.places import is_fight_folder
from game.savefile.recovery import resume_fight


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `replay` subcommand to the command line."""
    parser = subparsers.add_parser(
        "replay",
        help="print the combat log of a saved battle",
        description="Replay a saved battle from its scenario, seed and actions, and print every "
                    "event with every die rolled.",
    )
    parser.add_argument("save", metavar="FILE", type=Path,
                        help="a hexbattle save (.json), or an autosaved fight's folder or a file in it")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Print the log; exit 1 when the save is unusable or could not be replayed to its end."""
    try:
        loaded, warnings = _read(args.save)
    except (SaveError, CatalogError) as error:
        print(printable_lines(f"hexbattle replay: {error}"), file=sys.stderr)
        return 1
    for warning in warnings:  # first, so a changed file is named before the log it explains
        print(f"warning: {printable(warning)}", file=sys.stderr)
    battle = loaded.battle
    print(printable(f"{battle.scenario.title} (seed {battle.seed}, {len(battle.actions)} actions)"))
    for line in battle.log_lines():
        print(printable(line))
    return 1 if loaded.stopped_at is not None else 0



def _read(path: Path):
    """The saved battle and what the GM should be told: an autosaved fight is read from its
    folder with its journals (damaged files named and kept aside), a save as it is."""
    folder = path if path.is_dir() else path.parent
    if is_fight_folder(folder) and (path.is_dir() or path.name.startswith("autosave")):
        resumed = resume_fight(folder)
        return resumed.loaded, resumed.messages
    loaded = read_save(path)
    return loaded, loaded.warnings
