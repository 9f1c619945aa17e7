"""`hexbattle simulate MAP`: many computer-against-computer fights, and the balance report.

The fights run in this process, in `--jobs` worker processes, or on a Dask cluster
(`--scheduler`); the report is the same for the same `--seed` whichever way. A progress bar
on stderr shows fights done, fights per second and the time left. A run plays at most
`MAX_RUNS` fights (`game.simulate.runner`), in at most one worker a fight and two a CPU (a note
says so when --jobs asked for more). Ctrl-C stops the run and
reports the fights done so far (exit status 130); a fight that fails is named in the report,
its save written beside the report (exit status 1).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import asdict
from pathlib import Path

from game.cli.output import printable, printable_lines
from game.players import policy_names
from game.savefile import SaveError
from game.savefile.atomic import WriteError, write_atomically
from game.scenario.summary import MAPS_DIR, default_maps
from game.simulate.compare import compare_runs, comparison_text
from game.simulate.fight import FightPlan
from game.simulate.plans import MapInfo, PlanError, check_ruleset, find_map, parse_choices, prepare, variant
from game.simulate.report import Report, RunSetting, build_report, report_json
from game.simulate.runner import (MAX_RUNS, WORKERS_PER_CPU, RunResult, SchedulerError, available_cpus, run_fights,
                                  worker_count)
from game.simulate.saves import write_failure_saves
from game.simulate.text import report_text

INTERRUPTED_STATUS = 130


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `simulate` subcommand to the command line."""
    parser = subparsers.add_parser(
        "simulate", help="play many computer-against-computer fights and report the balance",
        description="Play many fights on a map with the computer playing every side, and report "
                    "per side: win rate with its 95% interval, draws, rounds, losses per unit type, "
                    "the unit that most often decides the fight, and how often morale broke.")
    parser.add_argument("map", metavar="MAP", nargs="?", help="a map file or a bundled map's name "
                        "(default: the bundled default scenario)")
    parser.add_argument("--runs", type=int, default=100, metavar="N",
                        help=f"fights to play (default 100, at most {MAX_RUNS:,})")
    parser.add_argument("--seed", type=int, default=1, metavar="S", help="the run's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, metavar="J",
                        help=f"worker processes (default 1; at most one a fight and {WORKERS_PER_CPU} a CPU)")
    parser.add_argument("--policy", action="append", default=[], metavar="SIDE=NAME",
                        help=f"the computer player for a side ({', '.join(policy_names())}); repeatable")
    parser.add_argument("--ruleset", metavar="R", help="play under this ruleset instead of the map's")
    parser.add_argument("--max-rounds", type=int, default=100, metavar="N",
                        help="a fight still going after N rounds is a draw (default 100)")
    parser.add_argument("--json", type=Path, metavar="OUT.json", help="also write the report as JSON")
    parser.add_argument("--chart", type=Path, metavar="OUT.png", help="draw wins per camp (with the draws) and fight lengths")
    parser.add_argument("--compare", nargs="+", metavar="KEY=VALUE",
                        help="run a second variant on the same seeds: map=PATH, ruleset=R or SIDE=PLAYER")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="send the fights to this Dask scheduler (pip install 'hexbattle[cluster]')")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Simulate, print the report (and the comparison), write the files asked for."""
    try:
        first, second, chosen = _plans(args)
        plan, info = prepare(first, chosen)
        other = prepare(*second) if second else None
    except PlanError as error:
        print(printable_lines(f"hexbattle simulate: {error}"), file=sys.stderr)
        return 1
    try:
        runs = [_simulate(args, plan, info, "A" if other else "")]
        if other is not None and not runs[0][0].interrupted:
            runs.append(_simulate(args, *other, "B"))
    except SchedulerError as error:
        print(printable(f"hexbattle simulate: {error}"), file=sys.stderr)
        return 1
    return _finish(args, [(plan, info), *([other] if other else [])], runs)


def _plans(args: argparse.Namespace) -> tuple[FightPlan, tuple | None, dict[str, str]]:
    """The first plan (players still to set), the compared variant's, and the players chosen."""
    for name, value, least in (("--runs", args.runs, 1), ("--jobs", args.jobs, 1),
                               ("--seed", args.seed, 0), ("--max-rounds", args.max_rounds, 1)):
        if value < least:
            raise PlanError(f"{name} {value}: give a whole number of at least {least}")
    if args.runs > MAX_RUNS:
        raise PlanError(f"--runs {args.runs}: one run plays at most {MAX_RUNS:,} fights; for more, run again "
                        "with another --seed")
    check_ruleset(args.ruleset)
    _check_scheduler(args.scheduler)
    chosen = parse_choices(args.policy, "--policy")
    plan = FightPlan(str(_map_path(args.map)), (), args.seed, args.max_rounds, args.ruleset)
    second = variant(plan, args.compare, chosen) if args.compare else None
    return plan, (*second, "--compare") if second else None, chosen


def _map_path(name: str | None) -> Path:
    """The map named, or the bundled default scenario."""
    if name:
        return find_map(name)
    found = default_maps(MAPS_DIR)
    if len(found) != 1:
        raise PlanError(f"{MAPS_DIR}: no single bundled default map; name a map: hexbattle simulate MAP")
    return found[0]


def _check_scheduler(address: str | None) -> None:
    """`--scheduler` needs the optional Dask extra."""
    if address is None:
        return
    try:
        import distributed  # noqa: F401, PLC0415 (only to say clearly when it is missing)
    except ImportError:
        raise PlanError("--scheduler needs Dask: pip install 'hexbattle[cluster]'") from None


def _simulate(args: argparse.Namespace, plan: FightPlan, info: MapInfo, tag: str) -> tuple[RunResult, Report]:
    """Play the plan's fights with a progress bar, save any failed fight, add them up."""
    from tqdm import tqdm  # noqa: PLC0415 (only when simulating: every other command starts faster)
    label = f"{Path(plan.map_path).stem}{' ' + tag if tag else ''}"
    _note_workers(args)
    started = time.perf_counter()
    with tqdm(total=args.runs, unit="fight", desc=label, file=sys.stderr, disable=None, smoothing=0.05) as bar:
        result = run_fights(plan, args.runs, args.jobs, args.scheduler, bar.update)
    elapsed = time.perf_counter() - started
    print(f"{label}: {len(result.results)} fights in {elapsed:.1f} s "
          f"({len(result.results) / max(elapsed, 1e-9):.1f} fights/s)", file=sys.stderr)
    folder = args.json.parent if args.json else Path.cwd()
    saves = write_failure_saves(plan, result, folder, f"-{tag}" if tag else "")
    setting = RunSetting(info.title, _shown(plan.map_path), info.ruleset,
                         plan.run_seed, plan.max_rounds, plan.policies)
    return result, build_report(result, setting, info.sides, saves)


def _note_workers(args: argparse.Namespace) -> None:
    """Say so when fewer worker processes start than --jobs asks for (see `worker_count`)."""
    workers = worker_count(args.jobs, args.runs)
    if args.scheduler is None and workers < args.jobs:
        print(f"note: --jobs {args.jobs}: {workers} worker processes play these {args.runs} fights (at most one "
              f"a fight and {WORKERS_PER_CPU} a CPU; this machine has {available_cpus()} CPUs)", file=sys.stderr)


def _shown(path: str) -> str:
    """A map path as the GM would type it: relative to here when under here."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def _finish(args: argparse.Namespace, variants: list[tuple[FightPlan, MapInfo]],
            runs: list[tuple[RunResult, Report]]) -> int:
    """Print the reports (and the comparison), write the JSON and the chart; the exit status."""
    reports = [report for _, report in runs]
    print("\n\n".join(printable_lines(report_text(r)) for r in reports))
    comparison = None
    if len(runs) == 2:
        labels = (_label(variants[0][0]), _label(variants[1][0]))
        comparison = compare_runs(runs[0][0], runs[1][0], variants[0][1].sides, variants[1][1].sides, labels)
        print()
        print(printable_lines(comparison_text(comparison)))
    status = _write_outputs(args, reports, comparison)
    if any(run.interrupted for run, _ in runs) or (args.compare and len(runs) < 2):
        return INTERRUPTED_STATUS
    return status or (1 if any(r.failures for r in reports) else 0)


def _label(plan: FightPlan) -> str:
    """A variant in a few words: map, ruleset, players."""
    players = ", ".join(f"{side} {name}" for side, name in plan.policies)
    return f"{_shown(plan.map_path)}, ruleset {plan.ruleset or 'of the map'}, players: {players}"


def _write_outputs(args: argparse.Namespace, reports: list[Report], comparison) -> int:
    """The JSON report and the chart, when asked for; 1 when one could not be written."""
    try:
        if args.json:
            data = {"reports": [report_json(r) for r in reports]}
            if comparison is not None:
                data["comparison"] = asdict(comparison)
            write_atomically(args.json, (json.dumps(data, indent=1) + "\n").encode("utf-8"))
        if args.chart:
            from game.simulate.chart import draw_chart  # noqa: PLC0415 (matplotlib only when drawing)
            labels = ["A", "B"] if len(reports) == 2 else ["this run"]
            draw_chart(list(zip(labels, reports)), args.chart)
    except (WriteError, SaveError) as error:
        print(printable(f"hexbattle simulate: {error}"), file=sys.stderr)
        return 1
    except OSError as error:
        print(printable(f"hexbattle simulate: cannot write {args.chart}: {error.strerror or error}"), file=sys.stderr)
        return 1
    return 0
