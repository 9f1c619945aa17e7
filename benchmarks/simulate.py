"""Simulator benchmark: fights per second of `hexbattle simulate`, beside the issue's targets.

Run: python benchmarks/simulate.py [--fights N] [--repeat R]
For the default scenario and kessler_ford, with one and two worker processes: fights per
second through the simulator (process start-up, map loading and the report's bookkeeping
included; best of R runs), the time 1,000 fights would take at that rate, the target, and
the same-run baseline: the same fights played by a bare loop of the computer player in this
process (what the simulator adds on top of the engine and the computer player).
Targets (issue 11, two cores): 1,000 default-scenario fights with --jobs 2 in at most 20 s;
1,000 kessler_ford fights in at most 60 s. Nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import play  # noqa: E402
from game.battle import Battle, load_catalog  # noqa: E402
from game.savefile import load_scenario_or_fail  # noqa: E402
from game.simulate.fight import FightPlan  # noqa: E402
from game.simulate.plans import prepare  # noqa: E402
from game.simulate.runner import run_fights  # noqa: E402
from game.simulate.seeds import fight_seed  # noqa: E402

MAPS = {"relay_station_ambush": 20.0, "kessler_ford": 60.0}
"""Each map and its target: seconds for 1,000 fights (--jobs 2)."""


def simulator_rate(map_path: Path, fights: int, jobs: int, repeat: int) -> float:
    """Fights per second through the simulator, best of `repeat` runs."""
    plan, _ = prepare(FightPlan(str(map_path), ()), {})
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run = run_fights(plan, fights, jobs)
        best = min(best, time.perf_counter() - start)
        assert len(run.results) == fights and not any(r.failed for r in run.results)
    return fights / best


def plain_rate(map_path: Path, fights: int, repeat: int) -> float:
    """Fights per second of a bare loop: the same fights, the computer player on every side."""
    catalog = load_catalog()
    scenario = load_scenario_or_fail(map_path, catalog)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for index in range(fights):
            play(Battle.from_scenario(scenario, fight_seed(1, index), catalog))
        best = min(best, time.perf_counter() - start)
    return fights / best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=20, help="fights per measurement (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure, the best kept (default 3)")
    args = parser.parse_args()
    for name, target in MAPS.items():
        path = ROOT / "maps" / f"{name}.tmx"
        fights = args.fights if name != "kessler_ford" else max(2, args.fights // 4)
        base = plain_rate(path, fights, args.repeat)
        print(f"{name}: baseline, a bare loop in this process: {base:6.2f} fights/s "
              f"(1,000 fights in {1000 / base:7.1f} s)")
        for jobs in (1, 2):
            rate = simulator_rate(path, fights, jobs, args.repeat)
            print(f"{name}: simulate --jobs {jobs}: {rate:6.2f} fights/s   1,000 fights in {1000 / rate:7.1f} s"
                  f"   target {target:.0f} s (jobs 2)   {rate / base:4.2f}x the baseline   ({fights} fights)")


if __name__ == "__main__":  # worker processes import this module again
    main()
