"""The balance search's workers: every candidate plays fight i from the same dice (common random
numbers), a candidate asked for more fights goes on from where it stopped, and candidates of one
map sharing its terrain play the very fights each plays alone."""

from pathlib import Path

import pytest

import game.simulate.pool as pool
from game.simulate.balance import Request, prepare
from game.simulate.pool import FightPool, play_kept
from game.simulate.trials import Trials

RELAY = Path(__file__).resolve().parent.parent / "maps" / "relay_station_ambush.tmx"


@pytest.fixture
def setup():
    return prepare(Request(str(RELAY), "pcs", 0.6, types=("elite_trooper",)))


def _alone(plan, indices):
    """The fights played by a worker that has seen nothing before."""
    pool._KEPT.__dict__.clear()
    return play_kept((plan, indices))[1]


def test_candidates_sharing_the_maps_terrain_play_the_very_fights_they_play_alone(setup):
    trials = Trials(FightPool(1), setup.plan, setup.roster, "pcs")
    plans = [trials.plan_for(steps) for steps in ((0, 0, 0, 0), (0, 2, 0, 0), (1, 0, 0, 1), (0, -2, 0, 0))]
    alone = [_alone(plan, (0, 1, 2)) for plan in plans]
    pool._KEPT.__dict__.clear()
    together = [play_kept((plan, (0, 1, 2)))[1] for plan in plans]  # one worker, one terrain
    assert together == alone
    assert len({id(pool._ready(plan)[2](0).field) for plan in plans}) == 1


def test_every_candidate_plays_the_same_fight_numbers_and_more_fights_go_on_from_the_last(setup):
    asked = []

    class Recording(FightPool):
        def play(self, work, progress=lambda n: None, stop=lambda: False):
            asked.extend((plan.run_seed, first, end) for plan, first, end in work)
            return super().play(work, progress, stop)

    trials = Trials(Recording(1), setup.plan, setup.roster, "pcs")
    trials.ensure({(0, 0, 0, 0): 4, (0, 1, 0, 0): 4})
    trials.ensure({(0, 1, 0, 0): 7})
    assert asked == [(1, 0, 4), (1, 0, 4), (1, 4, 7)]
    assert trials.fights((0, 1, 0, 0)) == 7 and trials.played == 11
