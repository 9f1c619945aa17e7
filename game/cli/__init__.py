"""The `hexbattle` command line: one module per subcommand, registered here.

Each subcommand module exposes `register(subparsers)`, which adds its parser and sets
`func` to a callable taking the parsed arguments and returning an exit status.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game import __version__

SUBCOMMANDS = ("check", "roll", "replay")


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="hexbattle",
        description="Hex-grid tactical battles for Stars Without Number and related rules.",
    )
    parser.add_argument("--version", action="version", version=f"hexbattle {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        module = __import__(f"game.cli.{name}", fromlist=["register"])
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        # The main job on the bundled default scenario. Until the battle window exists this
        # validates the default map and prints the battle it would start.
        args = parser.parse_args(["check"])
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
