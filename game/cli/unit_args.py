"""Command-line words that describe a unit to put in a map: its side and its name."""

from __future__ import annotations

from game.cli.output import printable
from game.scenario.mapprops import SIDE_IDS

MAX_NAME = 80


class UnitArgError(ValueError):
    """A unit's side or name given on the command line cannot be used; the message says why."""


def side_arg(side: str) -> str:
    """The side id as typed; it must be one of the map format's sides."""
    if side not in SIDE_IDS:
        raise UnitArgError(f"--side {side[:20]!r} is not a side; use one of {', '.join(SIDE_IDS)}")
    return side


def name_arg(name: str | None) -> str | None:
    """The unit's name as typed; it must be printable text that fits on a token."""
    if name is not None and (not name.strip() or len(name) > MAX_NAME or printable(name) != name):
        raise UnitArgError(f"--name must be 1 to {MAX_NAME} printable characters, not {printable(name[:40])!r}")
    return name
