"""The balance search run in the background, for the window: start it, read how far it got in
words, cancel it, and write the balanced map when it is done.

The search runs in a thread of the window's process; its fights are played in worker processes
a few steps below the window's priority, so the fight on the table keeps its pace. The answer
is the one `hexbattle balance MAP --target CAMP=P%` gives (same seed, same limits). Everything
the window reads (`words`, `done`, `error`) is a plain value the thread replaces whole.
"""

from __future__ import annotations

import threading
from pathlib import Path

from game.simulate.balance import Balance, BalanceError, Request, Setup, prepare, run_search, steps_words
from game.simulate.balance_map import BalanceMapError, write_balanced
from game.simulate.balance_text import camp_name
from game.simulate.pool import FightPool
from game.simulate.runner import SchedulerError
from game.simulate.search import Search
from game.simulate.text import interval_words

WORKERS = 2
NICE = 10
"""How many steps below the window's priority the workers play (0 to 19, Unix `nice`)."""
MOST_NAMES_TRIED = 100

__all__ = ["BalanceJob", "BalanceMapError", "Request", "free_name"]


class BalanceJob:
    """One background search."""

    def __init__(self, request: Request, workers: int = WORKERS, nice: int = NICE) -> None:
        self.request, self.workers, self.nice = request, workers, nice
        self.words = "reading the map"
        """How far the search got, in a line."""
        self.error = ""
        """Why the search could not run (bad input, a map that cannot be read), once it stopped."""
        self.setup: Setup | None = None
        self.balance: Balance | None = None
        self.done = False
        self._fights = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="balance", daemon=True)

    def start(self) -> BalanceJob:
        """Begin searching (returns at once)."""
        self._thread.start()
        return self

    def cancel(self) -> None:
        """Stop at the next batch of fights; the search ends with the best found so far."""
        self._stop.set()

    def wait(self, seconds: float | None = None) -> bool:
        """Wait for the search to end; whether it has."""
        self._thread.join(seconds)
        return self.done

    def _run(self) -> None:
        """The thread: check the request, search, keep the answer or why there is none."""
        try:
            self.setup = prepare(self.request)
            self.words = "starting the workers"
            with FightPool(self.workers, nice=self.nice) as pool:
                self.balance = run_search(self.setup, pool, self._count, self._stop.is_set, self._round)
            self.words = self.answer()
        except (BalanceError, SchedulerError) as error:
            self.error = str(error)
        except Exception as error:  # noqa: BLE001 (a bug: the window says so, the fight goes on)
            self.error = f"the search failed ({type(error).__name__}: {error})"
        finally:
            self.done = True

    def _count(self, fights: int) -> None:
        self._fights += fights

    def _round(self, search: Search) -> None:
        """After each round of the search: how far it got, in a line."""
        best = search.nearest()
        rate = search.measure.rate(best)
        tried = len(search.tried)
        self.words = (f"{tried} candidate{'s' * (tried != 1)}, {self._fights:,} fights; best so far "
                      f"{steps_words(self.setup, best)}: {100 * rate.estimate:.1f}% of {search.measure.fights(best)}")

    def answer(self) -> str:
        """The answer (or the nearest) in a line, once the search is done."""
        balance = self.balance
        if balance is None:
            return self.error
        setup, outcome = balance.setup, balance.outcome
        rate = interval_words(balance.trials.rate(outcome.nearest))
        found = "cancelled; best so far" if balance.interrupted else "found" if outcome.found else "nearest"
        same = "" if self.changes_the_map() else " (the map as it is: nothing new to open)"
        return f"{found}: {steps_words(setup, outcome.nearest)}: {camp_name(setup)} win {rate}{same}"

    def changes_the_map(self) -> bool:
        """Whether the answer (or the nearest) changes the roster: only then is there a balanced
        map to open."""
        return self.balance is not None and any(self.balance.outcome.nearest)

    def write(self) -> Path:
        """Write the answer (or the nearest) as a new map beside the original; raises BalanceMapError."""
        balance = self.balance
        setup = balance.setup
        source = Path(setup.plan.map_path)
        out = free_name(source)
        write_balanced(source, out, setup.scenario, setup.roster.change(balance.outcome.nearest), setup.catalog)
        return out


def free_name(source: Path) -> Path:
    """`MAP-balanced.tmx` beside the map, or `-balanced-2` and on when that is taken."""
    for number in range(1, MOST_NAMES_TRIED):
        out = source.with_name(f"{source.stem}-balanced{'' if number == 1 else f'-{number}'}.tmx")
        if not out.exists():
            return out
    raise BalanceMapError(f"{source.parent}: {MOST_NAMES_TRIED} balanced maps there already; move some away")
