"""Simulator benchmark: 1,000 fights of `hexbattle simulate`, beside the issue's targets and a
baseline timed in the same run, and resident memory over many fights in one process.

Run: python benchmarks/simulate.py [--fights N] [--kessler-fights N] [--repeat R] [--memory-fights N]
     [--memory-map NAME] [--skip-speed]
     python benchmarks/simulate.py --every-map N [--repeat R]   (issue 25: loop-units on every map)
For the default scenario and kessler_ford: the time 1,000 fights take with `--jobs 2` through
the simulator (worker start-up, map loading and the report's bookkeeping included), measured on
`--fights` fights (default 1,000) and scaled when fewer, best of R runs; beside it the target and
two baselines from the same run: the simulator in one process, and the former path (every fight
started afresh with `Battle.from_scenario`, nothing shared between fights) in one process.
With `--memory-fights N` (e.g. 10000): resident memory after fight 100 and after fight N of one
run in one process (`--jobs 1`, its results kept for the report as a run keeps them).
Targets (issue 11, two cores): 1,000 default-scenario fights with --jobs 2 in at most 20 s;
1,000 kessler_ford fights in at most 60 s; memory growth over 10,000 fights at most 5%.
On a shared machine the wall-clock figure depends on the others' load; the CPU time the
run's processes used, halved, is what two free cores would take. The machine's load
(`os.getloadavg`) is printed beside the figures. Nothing here passes or fails.

Last runs (`--fights 1000 --kessler-fights 1000 --repeat 2`, main after round 8 of issue 11, two
runs, load 1.0 to 1.3): on two free cores 17.7 s and 20.0 s for 1,000 default-scenario fights
(target 20 s: met; 18.1 s and 20.2 s by the wall clock) and 53.7 s and 55.6 s for 1,000
kessler_ford fights (target 60 s: met; 54.1 s and 56.3 s by the wall clock). The machine ran
slower than in round 7's session: round 7's main, timed in turn with this code on 1,000
default-scenario fights, gave 21.3 s and 18.7 s against 18.2 s and 19.1 s. A third run half an
hour later (load 1.2 to 1.4) gave 16.8 s and 45.3 s.

The run before (`--fights 1000 --kessler-fights 1000 --repeat 2`, main after round 7 of issue 11, load
1.1 to 1.2): on two free cores 16.3 s for 1,000 default-scenario fights (target 20 s: met; 16.5 s
by the wall clock) and 61.5 s for 1,000 kessler_ford fights (target 60 s: not met; 61.9 s by the
wall clock). A single run just before gave 21.5 s and 61.1 s. Time all 1,000 kessler_ford fights:
a figure timed on fewer and scaled counts the two workers' start-up (about 0.6 s of CPU each)
that many times over.

Memory, last runs (`--skip-speed --memory-fights 10000`, round 7 of issue 11, load 1 to 5): this
code grew by 3.2% from fight 100 to fight 10,000 (52.8 MiB, 53.4 after 1,000, 54.3 after 5,000,
54.4 after 10,000; target 5%), and again in a second run (52.8, 53.5, 54.4, 54.5); the main it
started from, run in the same session, by 5.0% (52.7, 53.3, 54.3, 55.3), and by 5.1% in two runs
the round before. Over 20,000 fights (`--memory-fights 20000`) this code grew by 3.5% (53.0 MiB
after 100, 53.8 after 2,000, 54.6 after 10,000, 54.9 after 20,000), the code before by 6.6% (52.4,
53.3, 54.3, 55.9). What changed: a run's results kept in fixed chunks rather than arrays grown a
fight at a time, and not copied to sort them when they came in order (`game/simulate/results.py`).

Before it (`--fights 1000 --kessler-fights 60`, main after rounds 4a, 4b and 5 of issue 11, load
1.4): on two free cores 18.7 s for 1,000 default-scenario fights (target 20 s; 18.8 s by the
wall clock; a second run, at load 0.7, 18.1 s) and 94.7 s for 1,000 kessler_ford fights
(target 60 s). A run under load 2.4
before round 5 gave 24.7 s and 88.1 s.
Before it (`--fights 1000 --kessler-fights 60`, speed4a branch, load 5 to 9): on two free cores
21.5 s for 1,000 default-scenario fights and 110 s for 1,000 kessler_ford fights (the main it
started from, run next at load 3 to 6: 21.7 s and 103 s; one run swings by 10% with the load,
so `benchmarks/versus.py` is the comparison to read).
Before it (speed4b branch, the move listings remembered; `--fights 300 --kessler-fights 30`, one
run each, load 6 to 9, so every figure is inflated by the load): 29.4 s for 1,000 default-scenario
fights on two free cores against 27.2 s for the main it started from, run next, and 119.8 s
against 128.2 s for kessler_ford; `benchmarks/versus.py` (1.07x to 1.09x and 1.03x to 1.17x in
its last runs) is the fairer comparison. The run before (`--fights 1000 --kessler-fights 60`,
load 2 to 4, speed3 branch): on two free cores
22.6 s for 1,000 default-scenario fights (target 20 s; 27.3 s for the main it started from, same
command, run next) and 110 s for 1,000 kessler_ford fights on its current map (target 60 s; 120 s
before). One run of each under a shared machine's load: `benchmarks/versus.py`, which takes the
two checkouts in turn, is the fairer comparison. The round before that (load 5 to 7, kessler_ford
before its garrison's plasma projectors): 24.3 s (39.1 s before it) and 118 s (211 s before).
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402

from game.battle import Battle, load_catalog  # noqa: E402
from game.simulate.fight import FightPlan, _play, _players, load_plan_scenario  # noqa: E402
from game.simulate.plans import prepare  # noqa: E402
from game.simulate.runner import run_fights  # noqa: E402
from game.simulate.seeds import fight_seed  # noqa: E402

MAPS = {"relay_station_ambush": 20.0, "kessler_ford": 60.0}
"""Each map and its target: seconds for 1,000 fights (--jobs 2). relay_station_ambush is the
bundled default scenario."""


def load() -> str:
    """The machine's load averages (1, 5, 15 minutes): the machine is shared."""
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def cpu_seconds() -> float:
    """CPU seconds used so far by this process and its finished worker processes."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def simulator_seconds(plan: FightPlan, fights: int, jobs: int, repeat: int) -> tuple[float, float]:
    """Wall-clock seconds for `fights` fights through the simulator, and the CPU seconds they
    took (this process and its workers), each the best of `repeat` runs."""
    best, cpu = float("inf"), float("inf")
    for _ in range(repeat):
        start, used = time.perf_counter(), cpu_seconds()
        run = run_fights(plan, fights, jobs)
        best, cpu = min(best, time.perf_counter() - start), min(cpu, cpu_seconds() - used)
        assert len(run.results) == fights and not any(r.failed for r in run.results)
    return best, cpu


def former_seconds(plan: FightPlan, fights: int, repeat: int) -> float:
    """CPU seconds for the same fights played the former way in this process: each battle
    started afresh from the scenario (its terrain, and every line of fire, worked out again)."""
    catalog = load_catalog()
    scenario = load_plan_scenario(plan, catalog)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for index in range(fights):
            battle = Battle.from_scenario(scenario, fight_seed(plan.run_seed, index), catalog)
            _play(battle, _players(plan, index), plan.max_rounds)
        best = min(best, time.process_time() - start)
    return best


def per_thousand(seconds: float, fights: int) -> float:
    """Seconds for 1,000 fights at the rate measured."""
    return seconds * 1000 / fights


def speed(name: str, target: float, fights: int, repeat: int) -> None:
    """The 1,000-fight figures of one map, beside the target and the same-run baselines."""
    plan, _ = prepare(FightPlan(str(ROOT / "maps" / f"{name}.tmx"), ()), {})
    sample = max(4, fights // 5)
    wall, cpu = simulator_seconds(plan, fights, 2, repeat)
    two, two_cpu = per_thousand(wall, fights), per_thousand(cpu, fights)
    one = per_thousand(simulator_seconds(plan, sample, 1, repeat)[1], sample)
    former_cpu = per_thousand(former_seconds(plan, sample, repeat), sample)
    scaled = "" if fights == 1000 else f" (timed on {fights}, scaled)"
    print(f"{name}: 1,000 fights with --jobs 2 in {two:7.1f} s wall{scaled}   target <= {target:.0f} s   [{load()}]")
    print(f"{name}:   the same on two free cores (its CPU time / 2): {two_cpu / 2:7.1f} s   target <= {target:.0f} s")
    print(f"{name}:   baselines, CPU seconds for 1,000 fights in one process: the simulator {one:7.1f} s;  "
          f"the former path (fresh battles, nothing shared) {former_cpu:7.1f} s ({former_cpu / one:4.2f}x the "
          f"simulator's)   (timed on {sample}, scaled)")


UNIT_TARGETS = {"relay_station_ambush": 0.45}
"""Issue 25: loop-units of CPU a fight (the whole run's, --jobs 2), 1.35 on any other bundled map."""


def loop_seconds() -> float:
    """The issue's loop-unit: CPU seconds of `s = 0; for i in range(10**6): s += i`, best of 5."""
    best = float("inf")
    for _ in range(5):
        start, total = time.process_time(), 0
        for i in range(10**6):
            total += i
        best = min(best, time.process_time() - start)
    return best


def every_map(fights: int, repeat: int) -> None:
    """CPU a fight (the whole --jobs 2 run's, worker start-up included, best of `repeat`) on every
    bundled map with the players the map names, in ms and in loop-units timed in this run."""
    for path in sorted((ROOT / "maps").glob("*.tmx")):
        plan, _ = prepare(FightPlan(str(path), ()), {})
        cpu = simulator_seconds(plan, fights, 2, repeat)[1] / fights
        unit = loop_seconds()
        target = UNIT_TARGETS.get(path.stem, 1.35)
        players = ",".join(sorted({name for _, name in plan.policies}))
        print(f"{path.stem:22} {players:9} {cpu * 1000:6.1f} ms a fight = {cpu / unit:5.2f} loop-units"
              f"   target <= {target:.2f}   (loop {unit * 1000:.1f} ms; {fights} fights, best of {repeat})   [{load()}]",
              flush=True)


def resident() -> int:
    """This process's resident memory in bytes, after a full collection."""
    gc.collect()
    return psutil.Process().memory_info().rss


def memory(fights: int, name: str = "relay_station_ambush", early: int = 100) -> None:
    """Resident memory after fight `early` and after the last of one run in this process."""
    plan, _ = prepare(FightPlan(str(ROOT / "maps" / f"{name}.tmx"), ()), {})
    seen = {"done": 0}
    marks: dict[int, int] = {}
    checkpoints = {early, fights // 10, fights // 2}

    def progress(done: int) -> None:
        seen["done"] += done
        if seen["done"] in checkpoints:
            marks[seen["done"]] = resident()

    start = time.perf_counter()
    run = run_fights(plan, fights, 1, progress=progress)
    elapsed = time.perf_counter() - start
    last = resident()
    assert len(run.results) == fights and not any(r.failed for r in run.results)
    growth = (last / marks[early] - 1) * 100
    steps = ", ".join(f"{marks[n] / 2**20:.1f} MiB after {n}" for n in sorted(marks))
    print(f"memory ({name}): resident growth from fight {early} to fight {fights}: {growth:+5.1f}%   target <= 5%   "
          f"({steps}, {last / 2**20:.1f} MiB after {fights}; {fights / elapsed:.1f} fights/s)   [{load()}]")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=1000, help="fights per --jobs 2 figure (default 1000)")
    parser.add_argument("--kessler-fights", type=int, default=0, help="fights for kessler_ford (default: --fights)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per figure, the best kept (default 1)")
    parser.add_argument("--memory-fights", type=int, default=0, help="also measure memory over N fights (e.g. 10000)")
    parser.add_argument("--skip-speed", action="store_true", help="only the memory figure")
    parser.add_argument("--every-map", type=int, default=0, metavar="N",
                        help="only the loop-units of CPU a fight on every bundled map, N fights each (issue 25)")
    parser.add_argument("--memory-map", default="relay_station_ambush", help="the map --memory-fights plays")
    args = parser.parse_args()
    if args.every_map:
        every_map(args.every_map, args.repeat)
        return
    if not args.skip_speed:
        for name, target in MAPS.items():
            fights = args.kessler_fights if name == "kessler_ford" and args.kessler_fights else args.fights
            speed(name, target, fights, args.repeat)
    if args.memory_fights:
        memory(args.memory_fights, args.memory_map)


if __name__ == "__main__":  # worker processes import this module again
    main()
