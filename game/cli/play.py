"""`hexbattle play [MAP]` (and `hexbattle` alone): the table window on a scenario, the bundled
default when no map is named."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.cli import collect_again
from game.cli.output import printable
from game.cli.render import _one_line, parse_size
from game.rules.catalog import CatalogError
from game.rules.dice import fresh_seed
from game.savefile import SaveError, battle_from_map, read_save
from game.savefile.autosave import Autosave
from game.savefile.places import ENVIRONMENT, autosave_root, unfinished
from game.savefile.recovery import resume_and_autosave
from game.scenario.summary import MAPS_DIR, default_maps


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `play` subcommand to the command line."""
    parser = subparsers.add_parser(
        "play",
        help="open the table window on a scenario (the default command)",
        description="Open the table view and the GM console on MAP (the bundled default scenario "
                    "when none is named), or on a saved battle with --save, and play with the mouse.",
    )
    add_arguments(parser)
    parser.set_defaults(func=run)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options `play` takes (also those of `hexbattle` with no command)."""
    parser.add_argument("map", metavar="MAP", nargs="?", type=Path, help="a Tiled map (.tmx or .tmj)")
    parser.add_argument("--save", metavar="SAVE.json", type=Path, help="go on with this saved battle")
    parser.add_argument("--seed", metavar="N", default=None, help="seed for the dice (default: a fresh one)")
    choice = parser.add_mutually_exclusive_group()
    choice.add_argument("--resume", action="store_true",
                        help="go on with the unfinished fight autosaved on MAP, without asking")
    choice.add_argument("--fresh", action="store_true",
                        help="start a new fight without asking, even when one on MAP stopped unfinished (it is kept)")
    add_window_arguments(parser)


def add_window_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the table window and its autosave (`play` and `resume`)."""
    parser.add_argument("--size", metavar="WxH", default="1280x800", help="window size (default 1280x800)")
    parser.add_argument("--one-window", action="store_true", help="the table view and the console in one window")
    parser.add_argument("--fullscreen", action="store_true",
                        help="the table view fills its display (with --one-window, the one window does)")
    parser.add_argument("--display", metavar="N", type=int, default=None,
                        help="the display the table view opens on (0, the default, is the first)")
    parser.add_argument("--save-to", metavar="SAVE.json", type=Path, help="where Ctrl+S writes the fight")
    parser.add_argument("--autosave-dir", metavar="DIR", type=Path, default=None,
                        help=f"where fights are autosaved (default: ${ENVIRONMENT}, else the user's state folder)")
    parser.add_argument("--no-autosave", action="store_true", help="do not autosave this fight")
    parser.add_argument("--status", metavar="FILE", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--pace", metavar="SECONDS", type=float, default=0.35,
                        help="seconds between the computer's actions (default 0.35)")
    parser.add_argument("--shots", metavar="DIR", type=Path,
                        help="where F12 saves screenshots of the windows, as table.png and console.png (default: "
                             "a hexbattle folder in your pictures folder, each press under its own time)")
    parser.add_argument("--no-animations", action="store_true", help="no dice, slides or damage numbers over the map")
    parser.add_argument("--frames", metavar="N", type=int, default=None, help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    """Open the windows and play; one clear line on stderr when the fight cannot start."""
    try:
        size = parse_size(args.size)
        battle = _battle(args)
        no_display()
        battle, autosave, offer = _autosaved(args, battle)
    except (ValueError, CatalogError, SaveError) as error:
        print(printable(f"hexbattle: {_one_line(error)}"), file=sys.stderr)
        return 1
    return open_table(args, size, battle, autosave, offer)


def no_display() -> None:
    """Raise ValueError when there is no display to open the window on."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and os.name != "nt" \
            and os.environ.get("SDL_VIDEODRIVER") != "dummy" and sys.platform != "darwin":
        raise ValueError("no display to open the table window on (run it on a desktop, or use "
                         "hexbattle render MAP OUT.png to draw the battle to an image)")


def open_table(args: argparse.Namespace, size: tuple[int, int], battle, autosave=None, offer=None) -> int:
    """Open the windows on the battle (autosaved by `autosave`, offering `offer`) and play."""
    from game.ui.app import TableApp, start_windows  # pygame only for this command
    from game.ui.screens import check_display

    try:
        start_windows()
        problem = check_display(args.display) if args.display is not None else None
        if problem is None:
            app = TableApp(battle, size, args.one_window, args.status, args.shots, args.save_to, max(0.0, args.pace),
                           args.fullscreen, args.display, autosave, offer)
    except Exception as error:  # no window could be opened: say so plainly
        print(printable(f"hexbattle: the table window could not open ({error})"), file=sys.stderr)
        return 1
    if problem is not None:
        print(printable(f"hexbattle: {problem}"), file=sys.stderr)
        return 1
    app.aids.animations.enabled = not args.no_animations
    collect_again()  # the start is over (game.cli.main paused the collector for it)
    try:
        return app.run(args.frames)
    finally:
        app.autosaving.close()  # the fight may be taken up again at once


def _autosaved(args: argparse.Namespace, battle):
    """The battle to play, its autosave (None with --no-autosave) and the unfinished fight on the
    same map the window offers to go on with (None when there is none, or --resume/--fresh chose)."""
    if args.no_autosave:
        return battle, None, None
    root = autosave_root(args.autosave_dir)
    offer = unfinished(root, Path(battle.scenario.path)) if args.save is None and not args.fresh else None
    if offer is not None and args.resume:
        resumed, autosave = resume_and_autosave(offer.folder, battle.catalog)
        for message in resumed.messages:
            print(printable(f"warning: {_one_line(message)}"), file=sys.stderr)
        print(printable(f"hexbattle: going on with {offer.describe()}"), file=sys.stderr)
        return resumed.battle, autosave, None
    if args.resume:
        print(printable(f"hexbattle: no unfinished fight on {battle.scenario.path} was autosaved in {root}; "
                        "a new fight starts"), file=sys.stderr)
    elif offer is not None:
        print(printable(f"hexbattle: {offer.describe()}; the window asks whether to go on with it "
                        "(--resume or --fresh answers here)"), file=sys.stderr)
    return battle, Autosave.new_fight(battle, root), offer


def _battle(args: argparse.Namespace):
    """The battle to play: a save, the named map, or the bundled default."""
    if args.save is not None:
        loaded = read_save(args.save)
        for warning in loaded.warnings:
            print(printable(f"warning: {_one_line(warning)}"), file=sys.stderr)
        return loaded.battle
    path = args.map
    if path is None:
        found = default_maps(MAPS_DIR)
        if len(found) != 1:
            raise ValueError(f"{MAPS_DIR}: exactly one bundled map must have default = true; or name a map")
        path = found[0]
    if not path.is_file():
        raise ValueError(f"{path}: no such map file")
    seed = args.seed if args.seed is not None else fresh_seed()
    if isinstance(seed, str) and seed.lstrip("-").isdigit():
        seed = int(seed)
    return battle_from_map(path, seed)
