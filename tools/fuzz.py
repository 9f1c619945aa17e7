"""The battle fuzzers at a chosen size, and what they did: the hypothesis state machine and the
seeded random play on every bundled map under every ruleset it plays under
(tests/test_battle_properties.py), with the steps taken and the laws checked printed per pair.

Run: python tools/fuzz.py [--profile long|ci] [-- PYTEST-ARGS...]
`--profile long` (the default; the nightly run, .ci/nightly) takes 100,000 steps in each fuzzer,
spread evenly over the pairs; `--profile ci` is the size every test run takes. The exit status is
pytest's: 0 when every law held. A failure prints hypothesis' shrunk example (or the seeds of the
seeded fight) to reproduce it. Nothing here is timed against a target: the time is printed so a
nightly run's length is known.

The last long run's figures are in docs/autosave.md ("The long fuzz run").
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FUZZ_TESTS = "tests/test_battle_properties.py"
SELECTION = "random_play or seeded_random_play"


def run(profile: str, extra: list[str]) -> tuple[int, list[dict], float]:
    """Run the fuzz tests at the profile's size; pytest's exit status, each test's counts, the seconds."""
    descriptor, report = tempfile.mkstemp(prefix="hexbattle-fuzz-", suffix=".jsonl")
    os.close(descriptor)
    env = dict(os.environ, HEXBATTLE_FUZZ=profile, HEXBATTLE_FUZZ_REPORT=report)
    started = time.perf_counter()
    try:
        status = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", FUZZ_TESTS,
                                 "-k", SELECTION, *extra], cwd=ROOT, env=env).returncode
        with open(report, encoding="utf-8") as handle:
            lines = [json.loads(line) for line in handle if line.strip()]
    finally:
        os.unlink(report)
    return status, lines, time.perf_counter() - started


def report(profile: str, status: int, lines: list[dict], seconds: float) -> list[str]:
    """The run in words: totals, then steps per pair and fuzzer, then each law and how often it was checked."""
    steps = {fuzzer: sum(l["steps"] for l in lines if l["fuzzer"] == fuzzer) for fuzzer in ("hypothesis", "seeded")}
    laws: Counter[str] = Counter()
    for line in lines:
        laws.update(line["laws"])
    out = [f"battle fuzz, profile {profile}: {sum(steps.values()):,} steps (hypothesis {steps['hypothesis']:,}, "
           f"seeded {steps['seeded']:,}) in {seconds:.0f} s; {sum(laws.values()):,} laws checked; "
           f"pytest exit status {status} ({'every law held' if status == 0 else 'a law broke: see above'})  "
           f"[load {os.getloadavg()[0]:.1f}]",
           f"{'pair':34} {'hypothesis':>11} {'seeded':>9} {'laws checked':>13}"]
    for pair in sorted({l["pair"] for l in lines}):
        mine = [l for l in lines if l["pair"] == pair]
        by = {fuzzer: sum(l["steps"] for l in mine if l["fuzzer"] == fuzzer) for fuzzer in ("hypothesis", "seeded")}
        out.append(f"{pair:34} {by['hypothesis']:>11,} {by['seeded']:>9,} "
                   f"{sum(sum(l['laws'].values()) for l in mine):>13,}")
    out.append("laws, and how often each was checked:")
    out += [f"{count:>12,}  {law}" for law, count in sorted(laws.items(), key=lambda item: -item[1])]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", choices=("long", "ci"), default="long", help="the run's size (default long)")
    parser.add_argument("pytest_args", nargs="*", help="more pytest arguments, after --")
    args = parser.parse_args()
    status, lines, seconds = run(args.profile, args.pytest_args)
    print("\n".join(report(args.profile, status, lines, seconds)))
    return status


if __name__ == "__main__":
    sys.exit(main())
