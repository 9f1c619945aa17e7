"""Startup benchmark: seconds from starting `hexbattle` to its first frame on screen.

Run: python benchmarks/startup.py [--runs N]   (needs a display: a desktop, or Xvfb's DISPLAY)
The window writes its status file right after it has drawn and flipped its first frame, so the
time from launching the process to that file appearing is the wait a GM sees. Best of N runs
(the machine is shared and noisy). Baseline, measured in the same run: starting the Python
interpreter and importing nothing of ours, the floor any Python program pays.
Target: the first frame within 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 1.5


def first_frame(extra: list[str]) -> float:
    """Seconds until the window's first frame (its status file appears)."""
    with tempfile.TemporaryDirectory() as folder:
        status = Path(folder) / "status.json"
        env = dict(os.environ, SDL_AUDIODRIVER="dummy")
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "game", "--seed", "1", "--status", str(status), *extra],
                                   cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        while not status.exists():
            if process.poll() is not None:
                raise SystemExit("hexbattle stopped before its first frame (is there a display?)")
            time.sleep(0.005)
        elapsed = time.perf_counter() - start
        process.terminate()
        process.wait(timeout=20)
        return elapsed


def bare_python() -> float:
    """Seconds to start the interpreter and exit."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    """Print the best first-frame time of each window layout beside the target."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        print("no display: run it on a desktop, or under Xvfb (Xvfb :99 & DISPLAY=:99 python ...)")
        return 1
    floor = min(bare_python() for _ in range(args.runs))
    for name, extra in (("two windows", []), ("one window", ["--one-window"])):
        best = min(first_frame(extra) for _ in range(args.runs))
        verdict = "OK" if best <= TARGET_S else "MISSED"
        print(f"first frame, {name:11s} {best:5.2f} s (best of {args.runs})  target <= {TARGET_S} s  {verdict}"
              f"   baseline: bare Python start {floor:4.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
