"""Playing a run's fights: here, in worker processes, or on a Dask cluster, with one result.

Every fight is fixed by the plan and its number (`game.simulate.fight`), so the results are
the same whichever way they are played; they are put back in fight order at the end. Work
goes out in batches of consecutive fights (a batch reads the map once), each made only when a
worker is about to need it, so handing out the work takes the same memory whatever --runs says;
the workers are at most one a fight and `WORKERS_PER_CPU` a CPU, whatever --jobs says. Ctrl-C stops the
run: the fights finished so far are kept and the run says it was interrupted. A batch whose
worker fails outright (a map a cluster worker cannot read) comes back as failed fights,
each named, never dropped.
"""

from __future__ import annotations

import gc
import multiprocessing
import os
import signal
from collections.abc import Callable, Iterator
from itertools import islice
from dataclasses import dataclass

from game.battle import Battle, load_catalog
from game.simulate.fight import FightPlan, FightResult, describe_error, load_plan_scenario, play_batch, play_fight
from game.simulate.results import FightResults
from game.simulate.seeds import fight_seed

BATCH_LIMIT = 8
"""At most this many fights per batch, so the progress bar moves and Ctrl-C loses little."""
BATCHES_PER_WORKER = 8
WORKERS_PER_CPU = 2
"""At most this many worker processes for each CPU, whatever --jobs asks."""
BATCHES_IN_FLIGHT = 4
"""On a Dask cluster, batches handed out ahead for each worker; the rest go out as these come back."""
MAX_RUNS = 1_000_000
"""The most fights one run plays (`hexbattle simulate --runs`): hours of work on two cores, its
results (kept for the report, some bytes a fight) well within a small machine's memory. For
more, run again with another --seed."""
YOUNG_COLLECTION = 10_000
"""In a worker process, the allocations between two collections of young objects (Python's
default is 700): a fight makes a great many short-lived objects and few cycles."""
SCHEDULER_TIMEOUT = "10s"
"""How long to try reaching a Dask scheduler before saying it cannot be reached."""


class SchedulerError(RuntimeError):
    """The Dask scheduler cannot be reached; the message names its address."""


@dataclass(frozen=True, slots=True)
class RunResult:
    """The fights a run played (in fight order) out of those asked for."""

    results: FightResults
    requested: int
    interrupted: bool = False


Progress = Callable[[int], None]
"""Told how many more fights have finished."""


def batches(runs: int, workers: int) -> Iterator[tuple[int, ...]]:
    """The fight numbers 0..runs-1 cut into consecutive batches, several per worker, made one
    at a time as the workers ask for them (a run's memory never grows with --runs)."""
    size = max(1, min(BATCH_LIMIT, runs // max(1, workers * BATCHES_PER_WORKER)))
    return (tuple(range(start, min(runs, start + size))) for start in range(0, runs, size))


def available_cpus() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not on every system
        return os.cpu_count() or 1


def worker_count(jobs: int, runs: int, cpus: int | None = None) -> int:
    """The worker processes a run starts: `jobs`, but never more than it has fights, nor more
    than `WORKERS_PER_CPU` for each CPU (more only wait their turn, each holding a map)."""
    return max(1, min(jobs, runs, (cpus or available_cpus()) * WORKERS_PER_CPU))


def run_fights(plan: FightPlan, runs: int, jobs: int = 1, scheduler: str | None = None,
               progress: Progress = lambda done: None) -> RunResult:
    """Play fights 0..runs-1 of the plan: on the Dask scheduler at `scheduler` if given, else
    in worker processes (`worker_count` of them; 1: in this process)."""
    workers = worker_count(jobs, runs)
    if scheduler:
        stream = _on_dask(plan, runs, scheduler)
    elif workers > 1:
        stream = _in_processes(plan, runs, workers)
    else:
        stream = _here(plan, runs)
    return _collect(stream, runs, progress)


def _collect(stream: Iterator[list[FightResult]], runs: int, progress: Progress) -> RunResult:
    """Gather the batches as they finish, each fight kept compactly (`FightResults`); Ctrl-C ends
    the stream (which cleans up after itself)."""
    found = FightResults()
    interrupted = False
    try:
        for batch in stream:
            for result in batch:
                found.add(result)
            progress(len(batch))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        stream.close()
    return RunResult(found.in_order(), runs, interrupted)


def _here(plan: FightPlan, runs: int) -> Iterator[list[FightResult]]:
    """One fight at a time in this process."""
    catalog = load_catalog()
    scenario = load_plan_scenario(plan, catalog)
    start = Battle.starter(scenario, catalog)
    for index in range(runs):
        yield [play_fight(scenario, catalog, plan, index, start)]


_WORKER: dict[str, object] = {}
"""In a worker process: its run's plan, scenario, catalog and battle starter, made once when the
worker starts, so every batch it plays shares the map and the terrain's remembered lines."""


def _start_worker(plan: FightPlan) -> None:
    """Ready a worker process for the run: Ctrl-C is left to the main process (which stops the
    workers), and the map is read and the battle starter made once for all its batches."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _WORKER.clear()
    try:
        catalog = load_catalog()
        scenario = load_plan_scenario(plan, catalog)
        _WORKER.update(plan=plan, scenario=scenario, catalog=catalog, start=Battle.starter(scenario, catalog))
    except Exception:  # noqa: BLE001 (each batch then tries again and reports why, fight by fight)
        _WORKER.clear()
    collect_less()


def collect_less() -> None:
    """In a worker process, which does nothing but play fights: what start-up made (the modules,
    the catalog, the map and its terrain) is set aside where the cycle collector no longer
    walks it, and young objects are collected less often. Nothing a fight does changes: the
    collector frees cycles later, never differently (over the same 8 kessler_ford fights 2.4%
    fewer instructions, and the collector's share of the time 6.5% before, 1.7% after)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION, *gc.get_threshold()[1:])


def _play_task(task: tuple[FightPlan, tuple[int, ...]]) -> list[FightResult]:
    """One batch in a worker process, a worker's failure turned into failed fights."""
    plan, indices = task
    if _WORKER.get("plan") != plan:
        return guarded_batch(plan, indices)
    scenario, catalog, start = _WORKER["scenario"], _WORKER["catalog"], _WORKER["start"]
    return [play_fight(scenario, catalog, plan, index, start) for index in indices]


def guarded_batch(plan: FightPlan, indices: tuple[int, ...]) -> list[FightResult]:
    """`play_batch`, except that a batch that cannot be played at all (its map unreadable
    where the worker runs) comes back as failed fights naming why."""
    try:
        return play_batch(plan, indices)
    except Exception as error:  # reported per fight, never dropped
        reason = f"the worker could not play this fight: {describe_error(error)}"
        return [FightResult(index, fight_seed(plan.run_seed, index), error=reason) for index in indices]


def _in_processes(plan: FightPlan, runs: int, jobs: int) -> Iterator[list[FightResult]]:
    """Batches spread over `jobs` fresh worker processes (spawned: no state shared with us)."""
    context = multiprocessing.get_context("spawn")
    pool = context.Pool(jobs, initializer=_start_worker, initargs=(plan,))
    try:  # the pool takes batches from the generator only as its pipe to the workers has room
        yield from pool.imap_unordered(_play_task, ((plan, b) for b in batches(runs, jobs)))
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _on_dask(plan: FightPlan, runs: int, address: str) -> Iterator[list[FightResult]]:
    """Batches sent to the Dask distributed scheduler at `address` (the `cluster` extra)."""
    from distributed import Client, as_completed  # noqa: PLC0415 (optional: only with --scheduler)
    try:
        client = Client(address, timeout=SCHEDULER_TIMEOUT)
    except (OSError, ValueError) as error:
        raise SchedulerError(f"cannot reach the Dask scheduler at {address} ({error}); start one "
                             "(`dask scheduler` and `dask worker ADDRESS`) or leave --scheduler out") from None
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        work = batches(runs, workers)
        pending = {client.submit(guarded_batch, plan, batch, pure=False)
                   for batch in islice(work, workers * BATCHES_IN_FLIGHT)}
        finished = as_completed(pending)
        try:
            for future in finished:  # a new batch goes out as each comes back
                pending.discard(future)
                for batch in islice(work, 1):
                    more = client.submit(guarded_batch, plan, batch, pure=False)
                    pending.add(more)
                    finished.add(more)
                yield future.result()
        finally:
            client.cancel(list(pending))
    finally:
        client.close()

