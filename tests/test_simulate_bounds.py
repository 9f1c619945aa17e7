"""The simulator's bounds (issue 23): fights handed to the workers as they need them, the workers
capped by the fights and the CPUs with a note, and --runs above the ceiling refused."""

import os
import resource
import subprocess
import sys
import tracemalloc
from itertools import islice
from pathlib import Path

import game.simulate.runner as runner
from game.cli import main
from game.simulate.fight import FightPlan
from game.simulate.plans import prepare
from tests.test_simulate_fights import BASELINE

ROOT = Path(__file__).resolve().parent.parent
MILLION = 1_000_000


class InlinePool:
    """A stand-in for a process pool that plays its tasks here, noting how it was made and fed."""

    made: list["InlinePool"] = []

    def __init__(self, processes, initializer=None, initargs=()):
        self.processes, self.fed = processes, None
        InlinePool.made.append(self)

    def imap_unordered(self, function, tasks):
        self.fed = tasks
        for task in tasks:
            yield function(task)

    def close(self):
        pass

    def terminate(self):
        pass

    def join(self):
        pass


class InlineContext:
    """What `multiprocessing.get_context` returns, with the inline pool."""

    Pool = InlinePool


def _inline_pools(monkeypatch, cpus: int = 2) -> list[InlinePool]:
    InlinePool.made = []
    monkeypatch.setattr(runner.multiprocessing, "get_context", lambda method: InlineContext)
    monkeypatch.setattr(runner, "available_cpus", lambda: cpus, raising=False)
    return InlinePool.made


def test_a_million_fights_are_cut_into_batches_one_at_a_time():
    tracemalloc.start()
    first = list(islice(iter(runner.batches(MILLION, 2)), 3))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert first == [tuple(range(0, 8)), tuple(range(8, 16)), tuple(range(16, 24))]
    assert peak < 100_000  # bytes: the whole list of 125,000 batches would take megabytes


def test_the_workers_are_fed_a_generator_not_a_list(monkeypatch):
    pools = _inline_pools(monkeypatch)
    plan, _ = prepare(FightPlan(str(BASELINE), ()), {})
    run = runner.run_fights(plan, 4, 2)
    assert len(run.results) == 4 and not isinstance(pools[0].fed, (list, tuple))


def test_workers_are_at_most_one_a_fight_and_two_a_cpu(monkeypatch, capsys):
    pools = _inline_pools(monkeypatch, cpus=2)
    assert main(["simulate", str(BASELINE), "--runs", "2", "--jobs", "1000"]) == 0
    assert [pool.processes for pool in pools] == [2]
    assert ("note: --jobs 1000: 2 worker processes play these 2 fights (at most one a fight and 2 a CPU; this "
            "machine has 2 CPUs)") in capsys.readouterr().err
    assert main(["simulate", str(BASELINE), "--runs", "9", "--jobs", "64"]) == 0
    assert [pool.processes for pool in pools] == [2, 4]


def test_no_note_when_the_jobs_asked_for_all_start(monkeypatch, capsys):
    _inline_pools(monkeypatch, cpus=2)
    assert main(["simulate", str(BASELINE), "--runs", "6", "--jobs", "2"]) == 0
    assert "note:" not in capsys.readouterr().err


def _limited():
    """In the child: at most 2 GB of address space, as in the issue's report."""
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2**30, 2 * 2**30))


def test_runs_above_the_ceiling_are_refused_naming_it():
    done = subprocess.run([sys.executable, "-m", "game", "simulate", str(BASELINE), "--runs", "1000000000000",
                           "--jobs", "2"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          preexec_fn=_limited, env=dict(os.environ, PYTHONFAULTHANDLER=""))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr == ("hexbattle simulate: --runs 1000000000000: one run plays at most 1,000,000 fights; "
                           "for more, run again with another --seed\n")
