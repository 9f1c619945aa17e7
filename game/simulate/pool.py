"""Fights of many plans on one set of workers, kept for a whole search (`hexbattle balance`).

`hexbattle simulate` plays one plan and starts its workers for it (`runner`); a balance search
plays a few hundred fights of each of many candidates, asking for more as it learns, so its
workers are started once and keep the last few candidates' maps read and their battles ready.
Work goes out as batches of consecutive fights of one plan; whatever plays them (this process,
worker processes, a Dask cluster), each fight is fixed by its plan and number, so the results
are the same. `play` returns when every fight asked for is back, so what the search decides
next never depends on which batch came back first.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from itertools import islice

from game.battle import Battle, load_catalog
from game.simulate.fight import FightPlan, FightResult, describe_error, load_plan_scenario, play_fight
from game.simulate.roster import apply_change
from game.simulate.runner import BATCHES_IN_FLIGHT, SCHEDULER_TIMEOUT, SchedulerError, collect_less, worker_count
from game.simulate.seeds import fight_seed

BATCH = 6
"""Fights per batch: small, so both workers stay busy to the end of a short request."""
PLANS_KEPT = 6
"""Candidates whose map each worker keeps read and ready (the search comes back to a few)."""
MANY_FIGHTS = 1_000_000
"""Enough fights that --jobs alone decides the workers (`runner.worker_count`)."""

Work = Sequence[tuple[FightPlan, int, int]]
"""(plan, first fight, fight after the last) requests."""


class Stopped(Exception):
    """The search was asked to stop (the window's cancel) while fights were being played."""


class FightPool:
    """Plays the fights asked for, here, in `jobs` worker processes, or on a Dask scheduler."""

    def __init__(self, jobs: int = 1, scheduler: str | None = None, nice: int = 0) -> None:
        self.workers = worker_count(jobs, MANY_FIGHTS)
        self.scheduler = scheduler
        self.nice = nice
        """How much lower the workers' priority is than this process's (the window keeps its pace)."""
        self._pool = None
        self._client = None

    def play(self, work: Work, progress: Callable[[int], None] = lambda n: None,
             stop: Callable[[], bool] = lambda: False) -> dict[FightPlan, list[FightResult]]:
        """Every fight asked for, by plan, in fight order; raises Stopped when `stop` says so
        between batches (and KeyboardInterrupt passes through)."""
        tasks = [(plan, tuple(range(at, min(end, at + BATCH)))) for plan, first, end in work
                 for at in range(first, end, BATCH)]
        found: dict[FightPlan, list[FightResult]] = {plan: [] for plan, _, _ in work}
        for plan, batch in self._stream(tasks):
            found[plan].extend(batch)
            progress(len(batch))
            if stop():
                self.close()
                raise Stopped
        return {plan: sorted(results, key=lambda r: r.index) for plan, results in found.items()}

    def _stream(self, tasks: list) -> Iterator[tuple[FightPlan, list[FightResult]]]:
        """The batches' results as they come back."""
        if self.scheduler:
            return self._on_dask(tasks)
        if self.workers > 1 or self.nice:
            if self._pool is None:
                self._pool = multiprocessing.get_context("spawn").Pool(self.workers, initializer=_start_worker,
                                                                       initargs=(self.nice,))
            return self._pool.imap_unordered(play_kept, tasks)
        return (play_kept(task) for task in tasks)

    def _on_dask(self, tasks: list) -> Iterator[tuple[FightPlan, list[FightResult]]]:
        """Batches sent to the Dask scheduler, a few ahead for each of its workers."""
        from distributed import as_completed  # noqa: PLC0415 (optional: only with --scheduler)
        client = self._dask()
        ahead = max(1, len(client.scheduler_info().get("workers", {}))) * BATCHES_IN_FLIGHT
        waiting = iter(tasks)
        pending = {client.submit(play_kept, task, pure=False) for task in islice(waiting, ahead)}
        finished = as_completed(pending)
        try:
            for future in finished:  # a new batch goes out as each comes back
                pending.discard(future)
                for task in islice(waiting, 1):
                    more = client.submit(play_kept, task, pure=False)
                    pending.add(more)
                    finished.add(more)
                yield future.result()
        finally:
            client.cancel(list(pending))

    def _dask(self):
        """The Dask client, connected on first use."""
        if self._client is None:
            from distributed import Client  # noqa: PLC0415
            try:
                self._client = Client(self.scheduler, timeout=SCHEDULER_TIMEOUT)
            except (OSError, ValueError) as error:
                raise SchedulerError(f"cannot reach the Dask scheduler at {self.scheduler} ({error}); start one "
                                     "(`dask scheduler` and `dask worker ADDRESS`) or leave --scheduler out") from None
        return self._client

    def close(self) -> None:
        """Stop the workers (those still playing are ended) and let go of the cluster."""
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()
            self._pool = None
        if self._client is not None:
            self._client.close()
            self._client = None

    def __enter__(self) -> FightPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


_KEPT = threading.local()
"""In a worker (a process, or a Dask worker's thread): the candidates' maps read and ready."""


def _start_worker(nice: int = 0) -> None:
    """A worker process leaves Ctrl-C to the main process, collects garbage less often, and
    runs `nice` steps below it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice:
        os.nice(nice)
    collect_less()


def play_kept(task: tuple[FightPlan, tuple[int, ...]]) -> tuple[FightPlan, list[FightResult]]:
    """One batch of one plan, its map read once per worker; a map that cannot be played there
    gives failed fights naming why."""
    plan, indices = task
    try:
        scenario, catalog, start = _ready(plan)
    except Exception as error:  # noqa: BLE001 (reported per fight, never dropped)
        reason = f"the worker could not play this fight: {describe_error(error)}"
        return plan, [FightResult(i, fight_seed(plan.run_seed, i), error=reason) for i in indices]
    return plan, [play_fight(scenario, catalog, plan, index, start) for index in indices]


def _ready(plan: FightPlan):
    """The plan's scenario, catalog and battle starter, kept for the last `PLANS_KEPT` plans.
    Every candidate of one map is its map read once with its roster changed, and plays on one
    terrain, so what the terrain remembers (lines of fire, cover, ways) serves them all."""
    kept = getattr(_KEPT, "plans", None)
    if kept is None:
        kept = _KEPT.plans = {}
        _KEPT.maps = {}
        _KEPT.catalog = load_catalog()
    if plan in kept:
        kept[plan] = kept.pop(plan)  # the most recently used last
        return kept[plan]
    catalog = _KEPT.catalog
    map_key = (plan.map_path, plan.ruleset)
    if map_key not in _KEPT.maps:
        base = load_plan_scenario(dataclasses.replace(plan, change=None), catalog)
        _KEPT.maps = {map_key: (base, Battle.starter(base, catalog)(0).field)}  # one map at a time
    base, field = _KEPT.maps[map_key]
    scenario = apply_change(base, plan.change)
    kept[plan] = (scenario, catalog, Battle.starter(scenario, catalog, field))
    while len(kept) > PLANS_KEPT:
        kept.pop(next(iter(kept)))
    return kept[plan]
