"""Balance benchmark: `hexbattle balance` against issue 26's targets, beside the plain approach.

Run: python benchmarks/balance.py [--map NAME] [--target CAMP=P%] [--jobs J] [--check-fights N] [--skip-plain]
1. `hexbattle balance MAP --target CAMP=P% --jobs J --out NEW.tmx` (default: relay_station_ambush,
   pcs=60%, --jobs 2) run as the GM runs it, in a copy of the bundled maps folder: its wall-clock
   time beside the target (3 minutes on this two-core machine), the CPU time of its processes,
   the fights it played and its answer;
2. the written map simulated again with `--check-fights` fights (default 1,000) on new seeds
   (`--seed 2`: the search played seed 1): the camp's win rate beside the target +- 5 points;
3. the plain approach in the same run, in this process on `--jobs` workers: the same search, but
   every candidate played on fresh seeds of its own and given a fixed 1,000 fights (no common
   random numbers, no fights added where needed, none saved where a candidate is plainly off),
   with its time, fights, answer and the same check of its answer.
The machine's load (`os.getloadavg`) is printed beside each figure: on a shared machine the wall
clock depends on the others' work; the CPU time, halved, is what two free cores would take.
Nothing here passes or fails.

Last runs (issue 26's branch, relay_station_ambush, pcs=60%, --jobs 2): at a quiet moment (load 1.8
to 3.2) 74.8 s by the wall clock (target 180 s: met), 64.7 s of CPU, 1,550 fights on 15
candidates, answer +1 veteran_soldier, +1 grenadier (60.0%, 55.1% to 64.7%, on 400 fights); the
written map on 1,000 new fights 57.3% (54.2% to 60.3%; target 55% to 65%: met). At load 4.8 to
7.1: 141.7 s, 72.2 s of CPU, the same answer. The plain approach in that run: 1,349 s by the
wall clock, 724.5 s of CPU, 15,000 fights on 15 candidates, the same answer (60.0%, 56.9% to
63.0%) and the same 57.3% on new fights.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from game.simulate.balance import Request, parse_target, prepare, steps_words  # noqa: E402
from game.simulate.balance_map import write_balanced  # noqa: E402
from game.simulate.pool import FightPool  # noqa: E402
from game.simulate.search import Limits, Search  # noqa: E402
from game.simulate.trials import Trials  # noqa: E402

TARGET_SECONDS = 180
PLAIN_FIGHTS = 1000


def load() -> str:
    """The machine's load averages, 1 and 5 minutes."""
    one, five, _ = os.getloadavg()
    return f"load {one:.1f}/{five:.1f}"


def children_cpu() -> float:
    """CPU seconds used so far by this process's finished children (and theirs)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu() -> float:
    """CPU seconds used so far by this process and its finished children."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime + children_cpu()


def hexbattle(*words: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *words], cwd=ROOT, capture_output=True, text=True)


def check(out: Path, camp: str, fights: int, jobs: int) -> tuple[float, float, float]:
    """The camp's win rate (estimate, low, high) over `fights` new fights of the written map."""
    report = out.with_suffix(".check.json")
    done = hexbattle("simulate", str(out), "--runs", str(fights), "--seed", "2", "--jobs", str(jobs),
                     "--json", str(report))
    if done.returncode != 0:
        raise SystemExit(f"the check failed: {done.stderr}")
    side = next(s for s in json.loads(report.read_text())["reports"][0]["sides"] if s["camp"] == camp)
    rate = side["win_rate"]
    return rate["estimate"], rate["low"], rate["high"]


def percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def the_search(args, folder: Path) -> None:
    """The command as the GM runs it, timed, and its map checked."""
    out, report = folder / "balanced.tmx", folder / "balanced.json"
    print(f"hexbattle balance {args.map} --target {args.target} --jobs {args.jobs} ({load()} before)")
    cpu, started = children_cpu(), time.perf_counter()
    done = hexbattle("balance", str(folder / f"{args.map}.tmx"), "--target", args.target, "--jobs", str(args.jobs),
                     "--out", str(out), "--json", str(report))
    wall, cpu = time.perf_counter() - started, children_cpu() - cpu
    if done.returncode not in (0, 1):
        raise SystemExit(f"balance failed ({done.returncode}): {done.stderr}")
    data = json.loads(report.read_text())
    answer = data["answer"]
    print(f"  {wall:.1f} s by the wall clock (target {TARGET_SECONDS} s), {cpu:.1f} s of CPU ({cpu / 2:.1f} s on "
          f"two free cores), {data['fights']:,} fights, {len(data['candidates'])} candidates ({load()} after)")
    print(f"  answer: {answer['change']}: {percent(answer['rate'])} ({percent(answer['low'])} to "
          f"{percent(answer['high'])}) in {answer['fights']} fights; found inside the band: {data['found']}")
    camp, target = parse_target(args.target)
    rate, low, high = check(out, camp, args.check_fights, args.jobs)
    print(f"  the written map on {args.check_fights:,} new fights: {percent(rate)} ({percent(low)} to {percent(high)}); "
          f"target {percent(target - 0.05)} to {percent(target + 0.05)} ({load()})")


class FreshTrials(Trials):
    """Every candidate on seeds of its own (the plain approach: no common random numbers)."""

    def plan_for(self, steps):
        key = tuple(2 * s if s >= 0 else -2 * s - 1 for s in steps)  # spawn keys are not negative
        seed = int(np.random.SeedSequence(self.plan.run_seed, spawn_key=key).generate_state(1)[0])
        return dataclasses.replace(super().plan_for(steps), run_seed=seed)


def the_plain_approach(args, folder: Path) -> None:
    """The same search with every candidate on fresh seeds and a fixed 1,000 fights."""
    camp, target = parse_target(args.target)
    setup = prepare(Request(str(folder / f"{args.map}.tmx"), camp, target))
    setup = dataclasses.replace(setup, limits=Limits(PLAIN_FIGHTS, PLAIN_FIGHTS, setup.limits.candidates))
    print(f"the plain approach: every candidate on fresh seeds, {PLAIN_FIGHTS:,} fights each ({load()} before)")
    from game.simulate.balance import ladders  # noqa: PLC0415
    cpu, started = own_cpu(), time.perf_counter()
    with FightPool(args.jobs) as pool:
        trials = FreshTrials(pool, setup.plan, setup.roster, camp)
        search = Search(trials, ladders(setup.roster), setup.goal, setup.limits, setup.adding_helps,
                        possible=setup.roster.possible)
        outcome = search.run()
    wall, cpu = time.perf_counter() - started, own_cpu() - cpu
    best = trials.rate(outcome.nearest)
    print(f"  {wall:.1f} s by the wall clock, {cpu:.1f} s of CPU ({cpu / 2:.1f} s on two free cores), "
          f"{trials.played:,} fights, {len(outcome.tried)} candidates ({load()} after)")
    print(f"  answer: {steps_words(setup, outcome.nearest)}: {percent(best.estimate)} ({percent(best.low)} to "
          f"{percent(best.high)}); found inside the band: {outcome.found is not None}")
    out = folder / "plain.tmx"
    write_balanced(Path(setup.plan.map_path), out, setup.scenario, setup.roster.change(outcome.nearest), setup.catalog)
    rate, low, high = check(out, camp, args.check_fights, args.jobs)
    print(f"  its map on {args.check_fights:,} new fights: {percent(rate)} ({percent(low)} to {percent(high)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--map", default="relay_station_ambush")
    parser.add_argument("--target", default="pcs=60%")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--check-fights", type=int, default=1000)
    parser.add_argument("--skip-plain", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="balance-bench-") as temp:
        folder = Path(temp) / "maps"
        shutil.copytree(ROOT / "maps", folder)
        the_search(args, folder)
        if not args.skip_plain:
            the_plain_approach(args, folder)


if __name__ == "__main__":
    main()
