"""Fights per CPU second of this tree beside another checkout of hexbattle, measured in the same run.

Run: python benchmarks/versus.py OTHER_TREE [--maps NAME ...] [--fights N] [--kessler-fights N]
     [--warm N] [--rounds R] [--together]
e.g. `git worktree add /tmp/hexbattle-before <commit>` then `python benchmarks/versus.py
/tmp/hexbattle-before`. Each round plays the same fights (the simulator's fight numbers, run seed
1, the map's own players) in a fresh process of each tree in turn, after `--warm` other fights
that fill the terrain's memories as a long run has them filled; a tree's figure is the best of
its rounds. The figure is CPU time (`time.process_time`) of one process: on a machine shared
with other work, wall-clock time says more about the others than about the code, and taking
the two trees in turn, round after round, keeps a change of load from favouring either. With
`--together` the two trees' processes of a round run at the same time instead (one core each),
so both meet the very same load; under heavy load that comparison is the steadier one.
Nothing here passes or fails; the exactness of the fights is checked by the tests and by
comparing `hexbattle simulate --json` reports.

Last run (speed8 branch, round 8 of issue 11, against the main it started from, 7ad3cdf,
`--maps kessler_ford relay_station_ambush --together --rounds 3`, two runs at load 1 to 2.7):
kessler_ford 7.63 fights per CPU second against 6.45 (1.18x) and 10.29 against 8.08 (1.27x);
relay_station_ambush 25.65 against 22.40 (1.14x) and 27.33 against 28.32 (0.96x), then on its own
32.86 against 31.15 (1.06x, `--rounds 5`) and 29.63 against 28.11 taken in turn (1.05x).
The run before (speed7 branch, round 7 of issue 11, against the main it started from, ea9ba1f,
`--maps kessler_ford relay_station_ambush --together --rounds 3`, two runs at load 4 to 5):
kessler_ford 7.38 fights per CPU second against 6.29 (1.17x) and 7.49 against 6.54 (1.15x);
relay_station_ambush 26.72 against 26.25 (1.02x) and 23.23 against 22.98 (1.01x).
Before it (main after rounds 4a, 4b and 5 of issue 11 against the session's start, 7436b36,
`--together --rounds 3`, load 1 to 2): relay_station_ambush 28.50 fights per CPU second against
25.00 (1.14x); kessler_ford 6.41 against 5.52 (1.16x).
The run before that (speed4a branch, the submit path, against the main it started from, load 5 to 9,
`--rounds 3`): relay_station_ambush 23.96 fights per CPU second against 22.99 (1.04x);
kessler_ford 4.82 against 4.72 (1.02x). With `--together --rounds 3` (load 5 to 7): 19.85
against 19.07 (1.04x) and 5.38 against 5.14 (1.05x); single rounds run together ranged from
1.03x to 1.04x and 1.03x to 1.06x. On a machine this loaded one process's figure swings by about
10%, which is why the best of several rounds is kept.
Before it (speed4b branch, the move listings remembered, against the main it started from, load 1
to 2): relay_station_ambush 28.03 fights per CPU second against 26.11 (1.07x, `--rounds 4`),
kessler_ford 5.40 against 5.23 (1.03x, `--rounds 3`); at load 9 to 10 (`--rounds 5`) 23.38
against 21.48 (1.09x) and 5.89 against 5.02 (1.17x); three earlier runs of that branch's code at
load 7 to 13 gave 0.94x to 1.13x and 1.11x to 1.31x: on this shared machine a tenth either way
is the load's.
The run before (speed3 branch against the main it started from, load 3 to 5, `--rounds 5 --fights 150
--kessler-fights 40`): relay_station_ambush 23.13 fights per CPU second against 20.78 (1.11x; an
earlier run with the defaults gave 22.73 against 22.26, 1.02x); kessler_ford, on its current
map, 4.82 against 4.77 (1.01x). Two free cores would play 1,000 of them in about 22 s and 104 s
(targets 20 s and 60 s). The round before that (speed2 against its main, load 6 to 7, best of 4, the
kessler_ford map before its garrison's plasma projectors): 23.18 against 13.65 (1.70x) and 5.39
against 3.02 (1.78x).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAPS = ("relay_station_ambush", "kessler_ford")


def child(tree: str, name: str, fights: int, warm: int) -> None:
    """Play the fights with the `game` package of `tree` and print the CPU seconds they took."""
    sys.path.insert(0, tree)
    from game.battle import Battle, load_catalog
    from game.simulate.fight import FightPlan, load_plan_scenario, play_fight
    from game.simulate.plans import prepare

    plan, _ = prepare(FightPlan(str(Path(tree) / "maps" / f"{name}.tmx"), ()), {})
    catalog = load_catalog()
    scenario = load_plan_scenario(plan, catalog)
    start = Battle.starter(scenario, catalog)
    for index in range(warm):
        play_fight(scenario, catalog, plan, 100_000 + index, start)
    began = time.process_time()
    results = [play_fight(scenario, catalog, plan, index, start) for index in range(fights)]
    used = time.process_time() - began
    print(json.dumps({"cpu": used, "failed": sum(r.failed for r in results)}))


def start(tree: Path, name: str, fights: int, warm: int) -> subprocess.Popen:
    """A fresh process of `tree` playing the fights (`child`)."""
    return subprocess.Popen([sys.executable, __file__, "--child", str(tree), name, str(fights), str(warm)],
                            stdout=subprocess.PIPE, text=True, env=dict(os.environ, PYTHONPATH=str(tree)))


def rate(process: subprocess.Popen, tree: Path, name: str, fights: int) -> float:
    """Fights per CPU second of a process made by `start`, once it has finished."""
    output, _ = process.communicate()
    if process.returncode:
        raise SystemExit(f"{tree}: the process timing {name} failed (exit status {process.returncode})")
    figures = json.loads(output.strip().splitlines()[-1])
    if figures["failed"]:
        raise SystemExit(f"{tree}: {figures['failed']} of the fights on {name} failed")
    return fights / figures["cpu"]


def measure(tree: Path, name: str, fights: int, warm: int) -> float:
    """Fights per CPU second of one fresh process of `tree`."""
    return rate(start(tree, name, fights, warm), tree, name, fights)


def measure_together(trees: tuple[Path, Path], name: str, fights: int, warm: int) -> tuple[float, float]:
    """Fights per CPU second of one fresh process of each tree, the two running at the same time
    (on two cores), so that both meet the same load from the machine's other work."""
    running = [start(tree, name, fights, warm) for tree in trees]
    return rate(running[0], trees[0], name, fights), rate(running[1], trees[1], name, fights)


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        tree, name, fights, warm = sys.argv[2:6]
        child(tree, name, int(fights), int(warm))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path, help="another checkout of hexbattle (its own maps/ and game/)")
    parser.add_argument("--maps", nargs="+", default=list(DEFAULT_MAPS), help="bundled map names")
    parser.add_argument("--fights", type=int, default=100, help="fights timed per process (default 100)")
    parser.add_argument("--kessler-fights", type=int, default=20, help="fights timed on kessler_ford (default 20)")
    parser.add_argument("--warm", type=int, default=10, help="fights played first, not timed (default 10)")
    parser.add_argument("--rounds", type=int, default=3, help="processes per tree, the best kept (default 3)")
    parser.add_argument("--together", action="store_true",
                        help="run the two trees' processes at the same time each round, not in turn")
    args = parser.parse_args()
    other = args.other.resolve()
    if not (other / "game" / "battle.py").is_file():
        raise SystemExit(f"{other}: not a checkout of hexbattle (no game/battle.py there)")
    for name in args.maps:
        fights = args.kessler_fights if name == "kessler_ford" else args.fights
        warm = max(1, args.warm // 5) if name == "kessler_ford" else args.warm
        here, there = [], []
        for _ in range(args.rounds):
            if args.together:
                ours, theirs = measure_together((ROOT, other), name, fights, warm)
                here.append(ours)
                there.append(theirs)
                continue
            there.append(measure(other, name, fights, warm))
            here.append(measure(ROOT, name, fights, warm))
        print(f"{name}: fights per CPU second, best of {args.rounds} ({fights} fights each, {warm} warm-up): "
              f"this tree {max(here):6.2f}, {other} {max(there):6.2f} ({max(here) / max(there):4.2f}x)   "
              f"[load {' '.join(f'{x:.2f}' for x in os.getloadavg())}]")


if __name__ == "__main__":
    main()
