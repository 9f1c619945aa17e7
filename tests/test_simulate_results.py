"""A run keeps its fights compactly (issue 11: memory flat over 10,000 fights): each distinct
ending once, a fight's own numbers in arrays; what is read back is the same FightResult."""

import pytest

from game.simulate.fight import Decider, FightResult, UnitLoss
from game.simulate.results import CHUNK, Column, FightResults

LOSSES = (UnitLoss("enemies", "thug", 3, 3), UnitLoss("pcs", "pc_warrior", 0, 2))
RUSSO = Decider("pcs", "Ana", "pc_warrior")


def _won(index: int, rounds: int = 4) -> FightResult:
    return FightResult(index, 1000 + index, "pcs", rounds, False, tuple(LOSSES), RUSSO, ("enemies",))


def test_fights_read_back_as_they_were_added_and_sort_by_number():
    failed = FightResult(1, 77, error="ValueError: boom", actions=({"type": "end_turn", "actor": 1},))
    draw = FightResult(0, 5, None, 30, True)
    kept = FightResults([_won(2), failed, draw])
    assert list(kept) == [_won(2), failed, draw] and len(kept) == 3 and kept[-1] == draw
    assert [r.index for r in kept.in_order()] == [0, 1, 2] and kept.in_order()[1] is failed


def test_fights_that_end_alike_share_one_ending():
    kept = FightResults(_won(index, rounds=index % 5) for index in range(100))
    first, last = kept[0], kept[99]
    assert first.losses is last.losses and first.decider is last.decider and first.broke is last.broke
    assert len(kept._endings) == 1 and [r.rounds for r in kept][:6] == [0, 1, 2, 3, 4, 0]


def test_numbers_too_wide_for_a_byte_widen_their_chunk_and_read_back_the_same():
    fights = [_won(0, rounds=3), _won(70_000, rounds=300), FightResult(5, 2**62, error="ValueError: boom")]
    kept = FightResults(fights)
    assert list(kept) == fights and kept._rounds.bytes_used() == 3 * 2 and kept._index.bytes_used() == 3 * 4
    assert [r.index for r in kept.in_order()] == [0, 5, 70_000]


def test_a_run_that_came_in_order_is_its_own_order_and_takes_13_bytes_a_fight():
    fights = [FightResult(index, 2**62 + index, "pcs", index % 50, False, LOSSES, RUSSO, ("enemies",)) for index in range(10_000)]
    kept = FightResults(fights)
    assert kept.in_order() is kept and list(kept) == fights and kept[-1] == fights[-1]
    columns = (kept._index, kept._seed, kept._rounds, kept._ending, kept._unfinished)
    assert sum(column.bytes_used() for column in columns) == 13 * 10_000


def test_a_column_keeps_numbers_of_any_width_in_order_across_its_chunks():
    column = Column()
    numbers = [(-1) ** n * n ** 3 for n in range(3 * CHUNK)] + [2**62, -(2**62)]
    for number in numbers:
        column.append(number)
    assert list(column) == numbers and len(column) == len(numbers)
    assert [column[k] for k in (0, CHUNK - 1, CHUNK, len(numbers) - 1)] == [numbers[k] for k in (0, CHUNK - 1, CHUNK, -1)]
    assert column.bytes_used() == CHUNK * 4 + 2 * CHUNK * 8 + 2 * 8  # the first chunk's cubes fit in 4 bytes


def test_a_number_beyond_64_bits_is_refused_as_too_large():
    column = Column()
    column.append(1)
    with pytest.raises(OverflowError):
        column.append(2**63)
    assert list(column) == [1]
