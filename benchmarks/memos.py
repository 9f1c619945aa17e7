"""What each memo buys: the same fights with that one memo switched off, beside every memo on.

Run: python benchmarks/memos.py [--memos NAME ...] [--cachegrind] [--quick]
Each memo of the engine (`game.memo.MEMOS`) is switched off in its own process
(`HEXBATTLE_MEMO=off:NAME`) that plays the same fights as a process with every memo on: on
kessler_ford with the plain computer player on every side, and on the default map
(relay_station_ambush) with the tactical player on every side. With `--cachegrind` the figure
is the instructions the fights take (valgrind's cachegrind, start-up taken off), steady whatever
else the machine runs; without it, the best CPU time of three runs. docs/speed.md quotes the
figures ("Engine"). Nothing here passes or fails: tests/test_memo_off.py checks that every memo
switched off leaves the fights unchanged.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.memo import MEMOS  # noqa: E402

WORKLOADS = {
    "kessler_ford, computer": ("kessler_ford", "computer", 4),
    "relay_station_ambush, tactical": ("relay_station_ambush", "tactical", 6),
}
"""name -> (map, the player of every side, fights): the simulator's fights 0.. of run seed 1."""

PLAY = """
import sys, time
from game.simulate.fight import FightPlan, play_batch, load_plan_scenario
from game.battle import Battle, load_catalog
name, player, fights = sys.argv[1], sys.argv[2], int(sys.argv[3])
path = f"maps/{name}.tmx"
sides = sorted(s.id for s in Battle.from_scenario(load_plan_scenario(FightPlan(path, ()), load_catalog()), 1).sides())
plan = FightPlan(path, tuple((side, player) for side in sides), 1, 100)
start = time.process_time()
if fights:
    play_batch(plan, tuple(range(fights)))
print(time.process_time() - start)
"""


def _run(setting: str, workload: tuple[str, str, int], cachegrind: bool) -> float:
    """Instructions (cachegrind) or CPU seconds of the workload's fights with this memo setting."""
    name, player, fights = workload
    env = {**os.environ, "HEXBATTLE_MEMO": setting, "PYTHONHASHSEED": "0"}
    command = [sys.executable, "-c", PLAY, name, player, str(fights)]
    if not cachegrind:
        return min(float(subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True,
                                         check=True).stdout) for _ in range(3))
    counted = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    done = subprocess.run(counted + command, env=env, cwd=ROOT, capture_output=True, text=True, check=True)
    return float(re.search(r"I\s+refs:\s+([\d,]+)", done.stderr).group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--memos", nargs="+", default=list(MEMOS), choices=MEMOS, metavar="NAME")
    parser.add_argument("--cachegrind", action="store_true", help="count instructions with valgrind")
    parser.add_argument("--quick", action="store_true", help="one fight of each workload")
    args = parser.parse_args()
    unit = "M instructions" if args.cachegrind else "s CPU"
    scale = 1e6 if args.cachegrind else 1.0
    for label, workload in WORKLOADS.items():
        if args.quick:
            workload = (*workload[:2], 1)
        start = _run("on", (*workload[:2], 0), args.cachegrind) if args.cachegrind else 0.0
        every = _run("on", workload, args.cachegrind) - start
        print(f"{label}, {workload[2]} fights: every memo on {every / scale:.1f} {unit}", flush=True)
        for memo in args.memos:
            off = _run(f"off:{memo}", workload, args.cachegrind) - start
            print(f"  {memo:<18} off: {off / scale:9.1f} {unit}  {100 * (off - every) / every:+6.1f}%", flush=True)
        again = _run("on", workload, args.cachegrind) - start  # the same setting at the end: how steady the run was
        print(f"  every memo on again: {again / scale:.1f} {unit} ({100 * (again - every) / every:+.1f}%)", flush=True)


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"({time.perf_counter() - started:.0f} s)")
