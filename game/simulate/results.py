"""A run's fight results, kept compactly (issue 11: memory flat over 10,000 fights in one process).

A finished fight is a few numbers (its number, seed, rounds, whether the round limit ended it)
and its ending: the winning camp, the losses per unit type, the deciding unit and the sides
whose morale broke. Most fights of a run end alike, so each distinct ending is kept once and a
fight holds its number in a table of endings (whose parts, such as the losses, are kept once
too). The numbers sit in columns of fixed-size chunks, each chunk of the narrowest array type
that holds its values (in a run of 10,000 a fight's rounds, ending and round-limit flag take a
byte each, its number two bytes, its seed, 63 bits, eight: 13 bytes a fight, 33 before). A
chunk is never grown past its size: an array grown a fight at a time through a long run is
copied each time it outgrows its room, and the C heap keeps the copies it freed as scattered
free space, which a process does not give back. A fight that raised is kept whole (its error and
actions are what its report and save need). Reading a fight back gives the same `FightResult`.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence

from game.simulate.fight import FightResult

CHUNK = 1024
"""Numbers per chunk of a column: a few kilobytes, allocated once and never grown past."""
WIDER = {"b": "h", "h": "i", "i": "q"}
"""The next wider signed array type: a chunk starts at a byte a number and widens when a value
does not fit."""


class Column:
    """Whole numbers in the order added, in chunks of `CHUNK`, each the narrowest array type
    that holds its values."""

    __slots__ = ("_chunks",)

    def __init__(self) -> None:
        self._chunks: list[array] = []

    def append(self, value: int) -> None:
        """Add one number."""
        chunks = self._chunks
        if not chunks or len(chunks[-1]) == CHUNK:
            chunks.append(array("b"))
        try:
            chunks[-1].append(value)
        except OverflowError:
            if chunks[-1].typecode not in WIDER:
                raise  # beyond 64 bits: no run numbers its fights so far
            chunks[-1] = array(WIDER[chunks[-1].typecode], chunks[-1])
            self.append(value)

    def __getitem__(self, position: int) -> int:
        return self._chunks[position // CHUNK][position % CHUNK]

    def __len__(self) -> int:
        return (len(self._chunks) - 1) * CHUNK + len(self._chunks[-1]) if self._chunks else 0

    def ascending(self) -> bool:
        """Whether every number is greater than the one before."""
        numbers = iter(self)
        before = next(numbers, None)
        for number in numbers:
            if number <= before:
                return False
            before = number
        return True

    def __iter__(self) -> Iterator[int]:
        for chunk in self._chunks:
            yield from chunk

    def bytes_used(self) -> int:
        """The bytes its numbers take (each chunk's items, not its spare room)."""
        return sum(len(chunk) * chunk.itemsize for chunk in self._chunks)


class FightResults(Sequence[FightResult]):
    """The fights of a run in the order added (`in_order` sorts them by fight number)."""

    __slots__ = ("_index", "_seed", "_rounds", "_ending", "_unfinished", "_endings", "_ending_of", "_parts", "_failed")

    def __init__(self, results: Iterable[FightResult] = ()) -> None:
        self._index, self._seed, self._rounds, self._ending, self._unfinished = (Column() for _ in range(5))
        self._endings: list[tuple] = []
        self._ending_of: dict[tuple, int] = {}
        self._parts: dict = {}
        self._failed: dict[int, FightResult] = {}
        for result in results:
            self.add(result)

    def add(self, result: FightResult) -> None:
        """Keep one more fight."""
        self._index.append(result.index)
        self._seed.append(result.seed)
        self._rounds.append(result.rounds)
        self._unfinished.append(result.unfinished)
        if result.failed:
            self._failed[len(self._index) - 1] = result
            self._ending.append(-1)
            return
        ending = (result.winner, result.losses, result.decider, result.broke)
        number = self._ending_of.get(ending)
        if number is None:
            shared = tuple(self._parts.setdefault(part, part) for part in ending)
            number = self._ending_of[shared] = len(self._endings)
            self._endings.append(shared)
        self._ending.append(number)

    def __len__(self) -> int:
        return len(self._index)

    def __getitem__(self, position: int) -> FightResult:  # type: ignore[override]
        if position < 0:
            position += len(self)
        if not 0 <= position < len(self):
            raise IndexError("no such fight in the run")
        failed = self._failed.get(position)
        if failed is not None:
            return failed
        winner, losses, decider, broke = self._endings[self._ending[position]]
        return FightResult(self._index[position], self._seed[position], winner, self._rounds[position],
                           bool(self._unfinished[position]), losses, decider, broke)

    def __eq__(self, other: object) -> bool:
        """Runs are equal when they hold the same fights in the same order."""
        return isinstance(other, FightResults) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"FightResults({len(self)} fights)"

    def __iter__(self) -> Iterator[FightResult]:
        return (self[position] for position in range(len(self)))

    def in_order(self) -> FightResults:
        """The same fights sorted by fight number (these, when they came in order: no copy)."""
        if self._index.ascending():
            return self
        return FightResults(self[position] for position in sorted(range(len(self)), key=self._index.__getitem__))
