"""Autosave benchmark: what writing every accepted action costs as a fight grows long.

Run: python benchmarks/autosave.py [--lengths 100,1000,5000] [--runs 3]
For fights of each length (end-turns on the default map, so any length can be reached) it
prints the autosave's cost per accepted action (a journal line flushed to the disk, and now and
then a full save, averaged over two full saves' worth of actions) beside two figures
measured in the same run: the floor, one bare line appended and flushed to the same disk (the
flush is most of the cost, and depends on the disk and how busy it is), and the baseline,
writing the whole save after every action. The target: at most twice the floor at any length.
Each figure is the best of several runs. Nothing here is a pass/fail test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.actions import EndTurn  # noqa: E402
from game.savefile import battle_from_map, write_save  # noqa: E402
from game.savefile.autosave import SNAPSHOT_EVERY, SNAPSHOT_SHARE, Autosave  # noqa: E402
from game.savefile.journal import append  # noqa: E402

DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"
TARGET_RATIO = 2.0  # the autosave per action against one bare flushed line, at any fight length


def long_fight(length: int):
    """A battle on the default map with `length` accepted actions (every turn ended at once)."""
    battle = battle_from_map(DEFAULT_MAP, seed=1)
    while len(battle.actions) < length:
        battle.submit(EndTurn(battle.current()))
    return battle


def autosave_ms(battle, folder: Path) -> float:
    """Milliseconds per action the autosave spends, over two full saves' worth of further actions."""
    autosave = Autosave(folder)
    autosave.attach(battle)
    battle.unwatch(autosave.record)
    spent = [0.0]

    def timed(b) -> None:
        start = time.perf_counter()
        autosave.record(b)
        spent[0] += time.perf_counter() - start
    battle.watch(timed)
    count = 2 * max(SNAPSHOT_EVERY, len(battle.actions) // SNAPSHOT_SHARE)  # two full saves' worth
    for _ in range(count):
        battle.submit(EndTurn(battle.current()))
    battle.unwatch(timed)
    for _ in range(count):
        battle.undo()
    return spent[0] / count * 1e3


def full_save_ms(battle, path: Path) -> float:
    """Milliseconds to write the whole save once (what saving it after every action costs)."""
    start = time.perf_counter()
    write_save(battle, path)
    return (time.perf_counter() - start) * 1e3


def floor_ms(path: Path, count: int = 20) -> float:
    """Milliseconds to append one short line to a file and flush it to the disk."""
    start = time.perf_counter()
    for _ in range(count):
        append(path, b'{"keep": 1}\n')
    return (time.perf_counter() - start) / count * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", default="100,1000,5000")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        for length in (int(word) for word in args.lengths.split(",")):
            battle = long_fight(length)
            ours = min(autosave_ms(battle, Path(scratch) / f"a{length}-{run}") for run in range(args.runs))
            whole = min(full_save_ms(battle, Path(scratch) / f"s{length}.json") for _ in range(args.runs))
            floor = min(floor_ms(Path(scratch) / "floor") for _ in range(args.runs))
            print(f"{length:6d} actions   autosave {ours:7.2f} ms per action   floor (one flushed line) {floor:6.2f} ms   "
                  f"= {ours / floor:4.1f}x (target <= {TARGET_RATIO:.0f}x)   baseline full save per action "
                  f"{whole:8.2f} ms = {whole / ours:5.1f}x the autosave")


if __name__ == "__main__":
    main()
