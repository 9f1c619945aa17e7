"""A run keeps its fights compactly (issue 11: memory flat over 10,000 fights): each distinct
ending once, a fight's own numbers in arrays; what is read back is the same FightResult."""

from game.simulate.fight import Decider, FightResult, UnitLoss
from game.simulate.results import FightResults

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
