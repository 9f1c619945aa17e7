"""`hexbattle roll`: roll a dice expression at the table, seeded, scripted or fresh."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.rules.dice import (
    DiceError,
    DiceExpression,
    DiceSource,
    Roll,
    ScriptedDice,
    SeededDice,
    fresh_seed,
)
from game.rules.swn.heroic import heroic_points

MAX_TIMES = 1000


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `roll` subcommand to the command line."""
    parser = subparsers.add_parser(
        "roll",
        help="roll dice, e.g. 2d8+2",
        description="Roll a dice expression such as 1d20, 2d8+2, d% or 1d20+ATK-2.",
    )
    parser.add_argument("expression", metavar="EXPRESSION", help="what to roll, e.g. 2d8+2")
    parser.add_argument("--seed", metavar="N", help="seed for repeatable results (a number or a word)")
    parser.add_argument("--faces", metavar="5,2", help="use these faces, comma separated, instead of rolling")
    parser.add_argument("--heroic", action="store_true", help="also read the roll on the heroic damage table")
    parser.add_argument(
        "--set", metavar="NAME=VALUE", action="append", default=[], dest="named",
        help="value for a named modifier, e.g. --set ATK=2 (repeatable)",
    )
    parser.add_argument("--times", metavar="N", default="1", help="roll the expression N times")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Roll as asked and print each roll; bad input is one line on stderr and status 2."""
    try:
        lines = roll_lines(args)
    except DiceError as problem:
        print(f"hexbattle roll: {problem}", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0


def roll_lines(args: argparse.Namespace) -> list[str]:
    """The lines to print, worked out in full before any is printed."""
    expression = DiceExpression.parse(args.expression)
    named = parse_named(args.named)
    times = parse_times(args.times)
    source, lines = choose_source(args.seed, args.faces)
    for _ in range(times):
        rolled = expression.roll(source, named)
        lines.extend(describe(rolled, args.heroic))
    if isinstance(source, ScriptedDice) and source.remaining:
        unused = ", ".join(map(str, source.remaining))
        raise DiceError(f"faces left over after rolling: {unused} (give exactly the faces rolled)")
    return lines


def describe(rolled: Roll, heroic: bool) -> list[str]:
    """The roll's line, and its heroic reading when asked for."""
    if not heroic:
        return [rolled.text()]
    return [rolled.text(), f"heroic: {heroic_points(rolled).text()}"]


def choose_source(seed: str | None, faces: str | None) -> tuple[DiceSource, list[str]]:
    """Scripted faces, the given seed, or a fresh seed that is printed so it can be repeated."""
    if seed is not None and faces is not None:
        raise DiceError("give --seed or --faces, not both")
    if faces is not None:
        return ScriptedDice(parse_faces(faces)), []
    if seed is not None:
        return SeededDice(parse_seed(seed)), []
    new_seed = fresh_seed()
    return SeededDice(new_seed), [f"seed {new_seed} (repeat with --seed {new_seed})"]


def parse_seed(text: str) -> int | str:
    """A number seed when it reads as one, otherwise the word itself."""
    stripped = text.strip()
    if not stripped:
        raise DiceError("--seed is empty: give a number or a word")
    try:
        return int(stripped)
    except ValueError:
        return stripped


def parse_faces(text: str) -> list[int]:
    """Faces from `5,2`; each a whole number."""
    parts = [part.strip() for part in text.split(",")]
    faces = []
    for part in parts:
        if not part.isascii() or not part.isdigit() or len(part) > 4:
            raise DiceError(f"--faces {_short(text)}: {_short(part)} is not a die face; write e.g. --faces 5,2")
        faces.append(int(part))
    return faces


def parse_named(pairs: Sequence[str]) -> dict[str, int]:
    """Named modifiers from `NAME=VALUE` pairs, e.g. `ATK=2` or `ATK=-1`."""
    named = {}
    for pair in pairs:
        name, equals, value = pair.partition("=")
        name, value = name.strip(), value.strip()
        if not equals or not name.isidentifier() or not name.isascii():
            raise DiceError(f"--set {pair!r}: write NAME=VALUE, e.g. --set ATK=2")
        if len(value) > 9:
            raise DiceError(f"--set {_short(pair)}: the number is too long for a modifier")
        try:
            named[name] = int(value)
        except ValueError:
            raise DiceError(f"--set {_short(pair)}: {_short(value)} is not a whole number") from None
    return named


def _short(text: str, limit: int = 40) -> str:
    """Quoted text for a message, cut short when someone typed a novel."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def parse_times(text: str) -> int:
    """How many times to roll: 1 to MAX_TIMES."""
    if len(text.strip()) > 9:
        raise DiceError(f"--times must be 1 to {MAX_TIMES}, not {_short(text)}")
    try:
        times = int(text)
    except ValueError:
        raise DiceError(f"--times {_short(text)} is not a whole number") from None
    if not 1 <= times <= MAX_TIMES:
        raise DiceError(f"--times must be 1 to {MAX_TIMES}, not {times}")
    return times
