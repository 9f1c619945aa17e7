"""Engine benchmark: snapshot (undo) cost, whole-fight speed and memory, with same-run baselines.

Run: python benchmarks/engine.py [--fights N]
Prints figures and ratios; nothing here is a pass/fail test. The baselines are measured in
the same run on the same machine, so the ratios mean something anywhere:
- snapshot: World.snapshot() against copy.deepcopy of the same world (what a naive undo does);
  a snapshot shares the component stores until either world changes one (copy on write), so
  it costs a few pointers, and an undo step holds only the stores its action changed;
- fights: full computer-played fights on the default map, and the cost of one action;
- memory: bytes per undo step (tracemalloc) against one deep-copied world.
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.players.plain import choose_action, play  # noqa: E402
from game.battle import Battle  # noqa: E402
from game.rules.catalog import load_catalog  # noqa: E402
from game.savefile import battle_from_map, load_scenario_or_fail  # noqa: E402

DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"


def _per_call(function, repeat: int) -> float:
    """Median seconds per call over five batches."""
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeat):
            function()
        samples.append((time.perf_counter() - start) / repeat)
    return statistics.median(samples)


def snapshot_figures() -> None:
    world = battle_from_map(DEFAULT_MAP, seed=1).world
    ours = _per_call(world.snapshot, 2000)
    deep = _per_call(lambda: copy.deepcopy(world), 200)
    print(f"snapshot      {ours * 1e6:8.1f} us   deepcopy baseline {deep * 1e6:8.1f} us   "
          f"ratio {deep / ours:6.1f}x faster")


def fight_figures(fights: int) -> None:
    catalog = load_catalog()
    start = time.perf_counter()
    scenario = load_scenario_or_fail(DEFAULT_MAP, catalog)
    loaded = time.perf_counter()
    actions = 0
    for seed in range(fights):
        battle = Battle.from_scenario(scenario, seed, catalog)
        actions += play(battle)
    elapsed = time.perf_counter() - loaded
    print(f"map load      {(loaded - start) * 1e3:8.1f} ms (once per simulation run)")
    print(f"fights        {fights / elapsed:8.1f} per second   {actions / fights:6.1f} actions per fight   "
          f"{elapsed / actions * 1e6:8.1f} us per action (computer player and rules included)")


def memory_figures(steps: int = 100) -> None:
    battle = battle_from_map(DEFAULT_MAP, seed=3)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for _ in range(steps):
        if battle.state.ended:
            break
        battle.submit(choose_action(battle))
    per_step = (tracemalloc.get_traced_memory()[0] - base) / max(1, len(battle.actions))
    before = tracemalloc.get_traced_memory()[0]
    clone = copy.deepcopy(battle.world)
    deep = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    del clone
    print(f"memory        {per_step / 1024:8.1f} KiB per undo step   one deep-copied world {deep / 1024:8.1f} KiB   "
          f"ratio {deep / per_step:6.1f}x smaller")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fights", type=int, default=30)
    args = parser.parse_args()
    snapshot_figures()
    fight_figures(args.fights)
    memory_figures()


if __name__ == "__main__":
    main()
