"""Mirrored fights: two computer players on one map, the player under test taking each
fighting camp in turn.

Fight number i puts `player` in charge of every side of fighting camp number i mod k (camps
sorted by name; sides outside any camp, such as bystanders, are not a camp and are played by
`opponent`), and `opponent` on every other side; the battle's dice come from the run's seed
and i alone, as in `hexbattle simulate`. On a map of two camps that is the issue's mirror
(policies swapped between the sides every other fight); on any map the fair comparison is
camp by camp: how often `player` wins holding a camp against how often `opponent` wins
holding that same camp (`MirroredTally.edge`).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from game.battle import Battle, load_catalog
from game.simulate.fight import FightPlan, FightResult, load_plan_scenario, play_batch
from game.simulate.runner import batches


@dataclass(slots=True)
class CampTally:
    """One camp: fights and wins with `player` holding it, and with `opponent` holding it."""

    player_fights: int = 0
    player_wins: int = 0
    opponent_fights: int = 0
    opponent_wins: int = 0


@dataclass(slots=True)
class MirroredTally:
    """How `player` fared over mirrored fights, in all and camp by camp."""

    fights: int = 0
    wins: int = 0
    draws: int = 0
    camps: dict[str, CampTally] = field(default_factory=dict)

    def edge(self) -> float:
        """The mean over camps of (player's win rate holding it) - (opponent's win rate holding
        it): above 0 when `player` does better than `opponent` in the same shoes."""
        rates = [t.player_wins / t.player_fights - t.opponent_wins / t.opponent_fights
                 for t in self.camps.values() if t.player_fights and t.opponent_fights]
        return sum(rates) / len(rates) if rates else 0.0


def fighting_camps(battle: Battle) -> dict[str, list[str]]:
    """The camps that fight for the field (sorted), each with its side ids."""
    camps: dict[str, list[str]] = {}
    for side in battle.sides():
        if side.camp is not None:
            camps.setdefault(side.camp, []).append(side.id)
    return dict(sorted(camps.items()))


def mirrored(map_path: Path, player: str, opponent: str, fights: int, run_seed: int = 1,
             max_rounds: int = 100, jobs: int = 1) -> MirroredTally:
    """Play `fights` mirrored fights of `player` against `opponent`; the tally of `player`.
    `jobs` > 1 plays them in that many worker processes, with the same tally."""
    catalog = load_catalog()
    scenario = load_plan_scenario(FightPlan(str(map_path), ()), catalog)
    opening = Battle.from_scenario(scenario, 0)
    camps = fighting_camps(opening)
    sides = sorted(side.id for side in opening.sides())
    plans = {camp: FightPlan(str(map_path), tuple((side, player if side in members else opponent) for side in sides),
                             run_seed, max_rounds)
             for camp, members in camps.items()}
    tally = MirroredTally(camps={camp: CampTally() for camp in camps})
    for camp, results in _played(plans, fights, jobs):
        for result in results:
            if result.failed:
                raise RuntimeError(f"{map_path.name} fight {result.index}: {result.error}")
            _count(tally, camps, camp, result.winner)
    return tally


def _played(plans: dict[str, FightPlan], fights: int, jobs: int) -> Iterator[tuple[str, list[FightResult]]]:
    """Each camp's fights (number i is camp i mod k's) in batches cut as a run's are
    (`runner.batches`), with the camp they are for."""
    names = list(plans)
    work = []
    for number, camp in enumerate(names):
        indices = range(number, fights, len(names))
        work += [(camp, plans[camp], tuple(indices[at] for at in batch)) for batch in batches(len(indices), jobs)]
    if jobs <= 1:
        yield from map(_play_work, work)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap_unordered(_play_work, work)


def _play_work(work: tuple[str, FightPlan, tuple[int, ...]]) -> tuple[str, list[FightResult]]:
    """One batch of one camp's fights (a worker process's unit of work)."""
    camp, plan, indices = work
    return camp, play_batch(plan, indices)


def _count(tally: MirroredTally, camps: dict[str, list[str]], mine: str, winner: str | None) -> None:
    """Count one fight `player` played as camp `mine`."""
    tally.fights += 1
    tally.wins += winner == mine
    tally.draws += winner is None
    for camp, counts in tally.camps.items():
        if camp == mine:
            counts.player_fights += 1
            counts.player_wins += winner == camp
        else:
            counts.opponent_fights += 1
            counts.opponent_wins += winner == camp
