"""`hexbattle balance MAP --target CAMP=P%`: the roster change that gives a camp the odds asked for.

The search (game/simulate/search.py, docs/balance.md) varies one side's roster, plays every
candidate on the same fight seeds, adds fights where a candidate's interval is too wide to tell,
and stops at the smallest change whose 95% interval lies inside target +- 5 points. A progress
bar on stderr shows candidates tried, fights played and the best so far; Ctrl-C ends the search
with the best so far (exit status 130). `--out` writes the balanced map, `--json` the report.
Bad input is refused before anything is played or written (exit status 2); a search that finds
nothing inside the band reports the nearest candidate and why (exit status 1).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from game.cli.output import printable, printable_lines
from game.savefile.atomic import WriteError, write_atomically
from game.simulate.balance import (DEFAULT_RUNS, Balance, BalanceError, Request, Setup, ladders, parse_target,
                                   prepare, run_search, steps_words)
from game.simulate.balance_map import BalanceMapError, write_balanced
from game.simulate.balance_out import check_out
from game.simulate.balance_text import balance_json, balance_text
from game.simulate.pool import FightPool
from game.simulate.runner import WORKERS_PER_CPU, SchedulerError
from game.simulate.search import Search

REFUSED_STATUS = 2
NOT_FOUND_STATUS = 1
"""Also: the Dask scheduler cannot be reached, or a file asked for could not be written."""
INTERRUPTED_STATUS = 130


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `balance` subcommand to the command line."""
    parser = subparsers.add_parser(
        "balance", help="find the roster change that gives a camp the win rate asked for",
        description="Search changes to one side's roster (how many of each unit type) until the camp's "
                    "win rate, over computer-played fights, has its 95% interval inside the target +- 5 "
                    "points; report the roster before and after, and write the balanced map.")
    parser.add_argument("map", metavar="MAP", help="a map file or a bundled map's name")
    parser.add_argument("--target", required=True, metavar="CAMP=P%", help="the camp and its win rate, e.g. pcs=60%%")
    parser.add_argument("--vary", metavar="SIDE", help="the side whose roster changes (default: the side against CAMP)")
    parser.add_argument("--types", metavar="TYPE,...", default="",
                        help="unit types the side may gain besides its own (ids from the ruleset's data)")
    parser.add_argument("--remove-named", action="store_true",
                        help="named units and the side's leader may be taken away too (last added first)")
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS, metavar="N",
                        help=f"the most fights one candidate gets (default {DEFAULT_RUNS})")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="the search's fight seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help=f"worker processes (default 1; at most {WORKERS_PER_CPU} a CPU)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="play the fights on this Dask scheduler")
    parser.add_argument("--out", type=Path, metavar="NEW.tmx", help="write the balanced map here")
    parser.add_argument("--json", type=Path, metavar="OUT.json", help="also write the report as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Check, search, report, write."""
    try:
        setup = prepare(_request(args))
        check_out(args.out, Path(setup.plan.map_path), args.json)
    except BalanceError as error:
        return _refuse(str(error))
    started = time.perf_counter()
    try:
        balance = _search(setup, args)
    except SchedulerError as error:
        print(printable(f"hexbattle balance: {error}"), file=sys.stderr)
        return NOT_FOUND_STATUS
    if balance.outcome.direction > 0 and not any(ladder.up for ladder in ladders(setup.roster)):
        return _refuse(f"{Path(setup.plan.map_path).name}: no free cell is left near the {setup.side} (passable, "
                       "not taken, out of the others' sight when they start hidden or surprised) for the units "
                       "the search must add; make room on the map, or vary another side with --vary")
    print(f"balance: {balance.trials.played} fights in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return _finish(args, balance)


def _request(args: argparse.Namespace) -> Request:
    """What the GM typed, as a Request (the target parsed)."""
    if args.jobs < 1:
        raise BalanceError(f"--jobs {args.jobs}: give 1 worker process or more")
    if args.seed < 0:
        raise BalanceError(f"--seed {args.seed}: give a seed of 0 or more")
    if args.scheduler is not None:
        try:
            import distributed  # noqa: F401, PLC0415 (only to say clearly when it is missing)
        except ImportError:
            raise BalanceError("--scheduler needs Dask: pip install 'hexbattle[cluster]'") from None
    camp, target = parse_target(args.target)
    types = tuple(word.strip() for word in args.types.split(",") if word.strip())
    return Request(args.map, camp, target, args.vary, types, args.runs, args.seed, args.remove_named)


def _refuse(message: str) -> int:
    print(printable_lines(f"hexbattle balance: {message}"), file=sys.stderr)
    return REFUSED_STATUS


def _search(setup: Setup, args: argparse.Namespace) -> Balance:
    """The search with a progress bar: candidates tried, fights played, the best so far."""
    from tqdm import tqdm  # noqa: PLC0415 (only when searching: other commands start faster)
    with tqdm(unit=" fights", desc="balance", file=sys.stderr, disable=None) as bar, \
            FightPool(args.jobs, args.scheduler) as pool:
        return run_search(setup, pool, bar.update, on_round=lambda search: _show(bar, setup, search))


def _show(bar, setup: Setup, search: Search) -> None:
    """The bar's words: candidates tried and the best so far."""
    best = search.nearest()
    rate = search.measure.rate(best)
    bar.set_postfix_str(f"{len(search.tried)} candidates, best so far {steps_words(setup, best)}: "
                        f"{100 * rate.estimate:.1f}% of {search.measure.fights(best)}", refresh=True)


def _finish(args: argparse.Namespace, balance: Balance) -> int:
    """Print the report, write the map and the JSON; the exit status."""
    written = _write_map(args.out, balance) if args.out else None
    text = balance_text(balance)
    if written:
        text += f"\nwritten: {written}" + ("" if balance.outcome.found else " (the nearest found, not inside the band)")
    print(printable_lines(text))
    status = 0
    try:
        if args.json:
            data = balance_json(balance, written)
            write_atomically(args.json, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
    except WriteError as error:
        print(printable(f"hexbattle balance: {error}"), file=sys.stderr)
        status = 1
    if args.out and not written:
        status = 1
    if balance.interrupted:
        return INTERRUPTED_STATUS
    return status or (0 if balance.outcome.found is not None else NOT_FOUND_STATUS)


def _write_map(out: Path, balance: Balance) -> str | None:
    """Write the balanced map (the answer, or the nearest found); None when it could not be."""
    setup = balance.setup
    change = setup.roster.change(balance.outcome.nearest)
    try:
        write_balanced(Path(setup.plan.map_path), out, setup.scenario, change, setup.catalog)
    except BalanceMapError as error:
        print(printable(f"hexbattle balance: {error}"), file=sys.stderr)
        return None
    return os.path.relpath(out) if not out.is_absolute() else str(out)

