"""One computer-against-computer fight, played to its end, boiled down to a `FightResult`.

A fight is fixed by the plan (map, ruleset, each side's policy, the run's seed, the round
limit) and its number: `play_batch` can run anywhere (a worker process, a Dask worker) and
give the very same results. A fight that raises is kept, with the error and the actions
taken up to it, so the report can name it and write a save that replays it.
"""

from __future__ import annotations

import dataclasses
import traceback
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from game.actions import Action, EndTurn, Hold, to_json
from game.battle import RETREATING_BANDS, Battle, Catalog, load_catalog  # the facade's data loader
from game.players import Policy, acting, make_policy
from game.savefile import load_scenario_or_fail
from game.simulate.roster import RosterChange, apply_change
from game.simulate.seeds import fight_seed, policy_seed

ACTIONS_PER_ROUND_LIMIT = 2000
"""A round taking more actions than this means a player that never ends its turn: a bug."""


@dataclass(frozen=True, slots=True)
class FightPlan:
    """Everything that fixes the fights of a run except their numbers (plain, picklable data)."""

    map_path: str
    policies: tuple[tuple[str, str], ...]
    """(side id, policy name) for every side, sorted by side id."""
    run_seed: int = 1
    max_rounds: int = 100
    ruleset: str | None = None
    """Play under this ruleset instead of the map's own."""
    change: RosterChange | None = None
    """Play with this roster instead of the map's (`hexbattle balance`'s candidates)."""


class UnitLoss(NamedTuple):
    """How many of one unit type a side fielded and lost (down, dead or fallen) in one fight."""

    side: str
    unit_type: str
    lost: int
    fielded: int


class Decider(NamedTuple):
    """The combatant whose action ended the fight in its camp's favour."""

    side: str
    name: str
    unit_type: str


@dataclass(frozen=True, slots=True)
class FightResult:
    """What one fight came to. `winner` is the camp that held the field (None for a draw);
    `unfinished` when the round limit came first; `error` (with the `actions` taken, as JSON)
    when the fight raised."""

    index: int
    seed: int
    winner: str | None = None
    rounds: int = 0
    unfinished: bool = False
    losses: tuple[UnitLoss, ...] = ()
    decider: Decider | None = None
    broke: tuple[str, ...] = ()
    """Sides whose morale fell into a retreating band (Tactical Retreat or Panicked)."""
    error: str = ""
    actions: tuple[dict[str, Any], ...] = ()

    @property
    def failed(self) -> bool:
        """Whether the fight raised."""
        return bool(self.error)


def load_plan_scenario(plan: FightPlan, catalog: Catalog):
    """The plan's scenario (under the plan's ruleset, with the plan's roster); raises ScenarioLoadError."""
    scenario = apply_change(load_scenario_or_fail(Path(plan.map_path), catalog), plan.change)
    return dataclasses.replace(scenario, ruleset=plan.ruleset) if plan.ruleset else scenario


def play_batch(plan: FightPlan, indices: tuple[int, ...]) -> list[FightResult]:
    """Play the fights with these numbers (the unit of work a worker is sent)."""
    catalog = load_catalog()
    scenario = load_plan_scenario(plan, catalog)
    start = Battle.starter(scenario, catalog)
    return [play_fight(scenario, catalog, plan, index, start) for index in indices]


def play_fight(scenario, catalog: Catalog, plan: FightPlan, index: int,
               start: Callable[[int], Battle] | None = None) -> FightResult:
    """Play fight number `index` of the plan to its end (or the round limit). `start`, a
    `Battle.starter` of the scenario, lets the fights of a batch share its terrain."""
    seed = fight_seed(plan.run_seed, index)
    battle = None
    try:
        battle = start(seed) if start is not None else Battle.from_scenario(scenario, seed, catalog)
        players = _players(plan, index)
        broke, last = _play(battle, players, plan.max_rounds)
        return _result(battle, index, seed, broke, last, plan.max_rounds)
    except Exception as error:  # a bug: kept with its actions so the report names it and saves it
        taken = tuple(to_json(a) for a in battle.actions) if battle is not None else ()
        return FightResult(index, seed, error=describe_error(error), actions=taken)


def describe_error(error: Exception) -> str:
    """The error in one line, with the place in our code it came from."""
    frames = [f for f in traceback.extract_tb(error.__traceback__) if "/game/" in f.filename.replace("\\", "/")]
    where = ""
    if frames:
        frame = frames[-1]
        path = frame.filename.replace("\\", "/")
        where = f" (at {path[path.rindex('/game/') + 1:]}:{frame.lineno} in {frame.name})"
    return f"{type(error).__name__}: {error}{where}"


def _players(plan: FightPlan, index: int) -> dict[str, Policy]:
    """A fresh player for every side, each with its own seed."""
    return {side: make_policy(name, policy_seed(plan.run_seed, index, number))
            for number, (side, name) in enumerate(plan.policies, start=1)}


def _play(battle: Battle, players: dict[str, Policy], max_rounds: int) -> tuple[set[str], Action | None]:
    """Let each side's player act until the fight ends or the round limit passes; returns the
    sides whose morale broke and the last action taken."""
    side_of = {c.id: c.side for c in battle.combatants()}
    retreating = _retreating(battle)
    broke: set[str] = set()
    last = None
    limit = ACTIONS_PER_ROUND_LIMIT * max_rounds
    while not battle.state.ended and battle.state.round <= max_rounds:
        actor = acting(battle)
        last = _take(battle, players[side_of[actor]](battle))
        now = _retreating(battle)
        broke |= now - retreating
        retreating = now
        limit -= 1
        if limit < 0:
            raise RuntimeError(f"more than {ACTIONS_PER_ROUND_LIMIT} actions a round: a player never ends its turn")
    return broke, last


def _take(battle: Battle, action: Action) -> Action:
    """Submit the player's action; a refused one is replaced by ending the turn (or holding)."""
    if battle.submit(action).accepted:
        return action
    decider = battle.pending().decider if battle.pending() is not None else None
    fallback = Hold(decider) if decider is not None else EndTurn(battle.current())
    outcome = battle.submit(fallback)
    if not outcome.accepted:
        raise RuntimeError(f"the player is stuck: {action} was refused, and so was {fallback} ({outcome.reason})")
    return fallback


def _retreating(battle: Battle) -> set[str]:
    """The sides whose morale is in a retreating band now."""
    return {side.id for side in battle.sides() if side.band in RETREATING_BANDS}


def _result(battle: Battle, index: int, seed: int, broke: set[str], last: Action | None,
            max_rounds: int) -> FightResult:
    """The fight's result, read from the battle as it ended (or stopped at the round limit)."""
    state = battle.state
    everyone = battle.combatants()
    fielded = Counter((c.side, c.unit_type) for c in everyone)
    lost = Counter((c.side, c.unit_type) for c in everyone if not c.in_fight)
    losses = tuple(UnitLoss(side, kind, lost[(side, kind)], count) for (side, kind), count in sorted(fielded.items()))
    return FightResult(index, seed, winner=state.winner, rounds=min(state.round, max_rounds),
                       unfinished=not state.ended, losses=losses, decider=_decider(battle, last),
                       broke=tuple(sorted(broke)))


def _decider(battle: Battle, last: Action | None) -> Decider | None:
    """Who took the action that ended the fight, when they are of the winning camp."""
    if last is None or battle.state.winner is None:
        return None
    who = battle.combatant(last.actor)
    camps = {side.id: side.camp for side in battle.sides()}
    if who is None or camps.get(who.side) != battle.state.winner:
        return None
    return Decider(who.side, who.name, who.unit_type)
