"""Wheel benchmark: the window as a GM uses it, its mouse wheel turned by real X events, and the
CPU time of each frame drawn after a wheel step.

Run (needs a display, Xvfb's say, and xdotool):
    DISPLAY=:75 python benchmarks/wheel.py [--size 1920x1080] [--one-window]
The window plays the largest bundled map in its own loop (`TableApp.run`); xdotool, from another
thread, turns the wheel over the middle of the table view's map: single steps in and out, each
after the window has been idle a second (its idle work, game.ui.ahead, draws the next zooms), then
bursts of three steps 40 ms apart. Each frame the loop draws is timed (CPU time of `TableApp.draw`,
this process's thread alone); printed: each wheel step's first frame, whether its board had been
drawn ahead, beside the target, with the load.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.savefile import battle_from_map  # noqa: E402
from game.ui.ahead import DrawAhead  # noqa: E402
from game.ui.app import TableApp, start_windows  # noqa: E402

TARGETS = {(1920, 1080): 4.0, (3840, 2160): 8.0}
PLAN = [("idle", 1.0), ("in", 0), ("idle", 1.0), ("in", 0), ("idle", 1.0), ("out", 0), ("idle", 1.0), ("out", 0),
        ("idle", 1.0), ("burst in", 3), ("idle", 1.5), ("burst out", 3), ("idle", 1.5)]
"""What the wheel does: idle for so many seconds, one step in or out, or a burst of steps 40 ms apart."""


class Timed:
    """`TableApp.draw` timed: each frame's CPU time and the table view's zoom it showed."""

    def __init__(self, app: TableApp) -> None:
        self.app, self.frames = app, []
        self.ahead = next(layer for layer in app.layers if isinstance(layer, DrawAhead))
        draw = app.draw

        def timed() -> None:
            zoom = app.table.camera.zoom
            found = app.table.frame.board.has(zoom)
            start = time.thread_time()
            draw()
            self.frames.append((zoom, found, (time.thread_time() - start) * 1000))
        app.draw = timed


def turn_the_wheel(window: str, at: tuple[int, int], done: threading.Event, marks: list) -> None:
    """Follow PLAN with xdotool, noting what was done when."""
    time.sleep(2.0)  # the first frames, and the idle work of the start
    for what, amount in PLAN:
        if what == "idle":
            time.sleep(amount)
            continue
        button = "4" if what.endswith("in") else "5"
        for _ in range(amount or 1):
            marks.append(what)
            subprocess.run(["xdotool", "mousemove", "--window", window, str(at[0]), str(at[1]), "click", button],
                           check=True)
            time.sleep(0.04)
    done.set()


def main(argv: list[str] | None = None) -> int:
    """Open the window, turn the wheel, print each wheel step's first frame."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--one-window", action="store_true")
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        print("no display: run it under Xvfb (Xvfb :99 & DISPLAY=:99 python benchmarks/wheel.py)")
        return 1
    size = tuple(int(n) for n in args.size.split("x"))
    start_windows()
    path = max(sorted((ROOT / "maps").glob("*.tmx")), key=lambda p: len(battle_from_map(p, 1).scenario.terrain))
    app = TableApp(battle_from_map(path, 1), size, one_window=args.one_window)
    app.aids.animations.enabled = False
    app.briefing.shown = False
    app.run(frames=3)  # the windows shown, and named
    timed = Timed(app)
    window = table_window()
    subprocess.run(["xdotool", "windowraise", window], check=True)
    done, marks = threading.Event(), []
    middle = app.table.seen_in.center
    threading.Thread(target=turn_the_wheel, args=(window, middle, done, marks), daemon=True).start()
    while not done.is_set():
        app.run(frames=10)
    app.run(frames=30)
    report(timed.frames, TARGETS.get(size, 8.0), f"{args.size} {'one window' if args.one_window else 'two windows'}")
    return 0


def table_window() -> str:
    """The X id of the table's window (with two windows, the one whose title ends "(table)")."""
    def name(window: str) -> str:
        return subprocess.run(["xdotool", "getwindowname", window], capture_output=True, text=True).stdout.strip()
    every = subprocess.run(["xdotool", "search", "--classname", "."], capture_output=True, text=True).stdout.split()
    found = [window for window in every if "hexbattle" in name(window)]
    return next((window for window in found if name(window).endswith("(table)")), found[0])


def report(frames: list[tuple[float, bool, float]], target: float, name: str) -> None:
    """Each change of zoom's first frame, with whether it was drawn ahead."""
    print(f"wheel steps on {name}, load {os.getloadavg()[0]:.1f}: the first frame at each new zoom")
    last = frames[0][0]
    for zoom, found, ms in frames:
        if zoom != last:
            state = "drawn ahead" if found else "NOT drawn ahead"
            print(f"  zoom {last:.3f} -> {zoom:.3f}  {ms:6.2f} ms  ({state}; target <= {target:g} ms "
                  f"{'OK' if ms <= target else 'MISSED'})")
            last = zoom


if __name__ == "__main__":
    raise SystemExit(main())
