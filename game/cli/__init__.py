"""The `hexbattle` command line: one module per subcommand, registered here.

Each subcommand module exposes `register(subparsers)`, which adds its parser and sets
`func` to a callable taking the parsed arguments and returning an exit status.

Output that cannot be written ends quietly, never with a traceback: when the reader of a pipe
goes away (`hexbattle replay SAVE | head -1`) the command stops and exits with status 141,
as a program killed by SIGPIPE does, so `set -o pipefail` still sees it; when the output
cannot be written for another reason (a full disk, `> /dev/full`) one line on stderr says so
and the status is 1.
"""

from __future__ import annotations

import argparse
import errno
import gc
import os
import sys
from collections.abc import Sequence

from game import __version__

SUBCOMMANDS = ("play", "resume", "check", "roll", "replay", "render", "recruit", "place", "simulate", "balance")
OUTPUT_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""Errors writing stdout gets when its file or disk is full (subcommands report their own files)."""
BROKEN_PIPE_STATUS = 141  # 128 + SIGPIPE, what a shell reports for a C tool cut off by `head`
WINDOW_COMMANDS = frozenset({"play", "resume"})
"""Commands that open the window: they collect garbage again once it is open (`collect_again`)."""


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand registered, or only the subcommand `only`:
    all a command line naming it needs (the others' modules are then not imported, which keeps
    the window's start quick)."""
    parser = argparse.ArgumentParser(
        prog="hexbattle",
        description="Hex-grid tactical battles for Stars Without Number and related rules.",
    )
    parser.add_argument("--version", action="version", version=f"hexbattle {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS if only is None else (only,):
        module = __import__(f"game.cli.{name}", fromlist=["register"])
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0] not in SUBCOMMANDS and words[0] not in ("-h", "--help", "--version")):
        words = ["play", *words]  # the main job: the table window (on the bundled default scenario)
    # Starting makes a great many objects and next to no garbage, so the collector's passes over
    # them are pure waiting (docs/speed.md); it starts again once the start is over.
    was_collecting = gc.isenabled()
    gc.disable()
    try:
        args = build_parser(words[0] if words[0] in SUBCOMMANDS else None).parse_args(words)
        if args.command not in WINDOW_COMMANDS and was_collecting:
            gc.enable()
        return _run(args)
    finally:
        if was_collecting:
            gc.enable()


def collect_again() -> None:
    """Collect garbage again once the window is open; what the start made (modules, the map, the
    battle) lives as long as the program does, so it is left out of every later pass."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _run(args: argparse.Namespace) -> int:
    """Run the chosen subcommand; its failures to write the output end quietly."""
    try:
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # here, not at exit, so a failure is caught below
        return status
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _discard_stdout()
        return BROKEN_PIPE_STATUS
    except OSError as error:
        if error.errno not in OUTPUT_FULL:
            raise
        _discard_stdout()
        print(f"hexbattle: cannot write the output ({error.strerror or error})", file=sys.stderr)
        return 1


def _discard_stdout() -> None:
    """Point stdout at the null device, so the interpreter's flush at exit cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real stdout (captured in tests): nothing to flush at exit
        pass
