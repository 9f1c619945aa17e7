"""From what the GM typed to fight plans: the map, each side's player, a variant to compare.

Every problem comes back as a sentence naming the option and what to type instead, never
as a traceback.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from game.battle import Battle, load_catalog, ruleset_problem, scenario_problem
from game.players import DEFAULT_POLICY, policy_names
from game.savefile import ScenarioLoadError
from game.scenario.summary import MAPS_DIR
from game.simulate.fight import FightPlan, load_plan_scenario
from game.views import SideView


class PlanError(ValueError):
    """What the GM asked for cannot be simulated; the message says what to fix."""


def find_map(name: str) -> Path:
    """The map file: the path as given, else a bundled map of that name (`kessler_ford`)."""
    path = Path(name)
    if path.is_file():
        return path
    for candidate in (MAPS_DIR / name, MAPS_DIR / f"{name}.tmx"):
        if path.parent == Path(".") and candidate.is_file():
            return candidate
    bundled = ", ".join(p.stem for p in sorted(MAPS_DIR.glob("*.tmx")))
    raise PlanError(f"{name}: no such map file (bundled maps: {bundled})")


def check_ruleset(ruleset: str | None) -> None:
    """Refuse a ruleset no battle can be played under yet."""
    problem = ruleset_problem(ruleset) if ruleset else None
    if problem:
        raise PlanError(f"--ruleset {ruleset}: {problem.split(';')[0]}; choose one of those or leave "
                        "--ruleset out to play the map's own")


@dataclass(frozen=True, slots=True)
class MapInfo:
    """What the report needs of the map: its title, sides (names, camps, morale) and ruleset."""

    title: str
    sides: tuple[SideView, ...]
    ruleset: str
    """The ruleset the fights are played under (the map's, or the one asked for)."""


def prepare(plan: FightPlan, chosen: dict[str, str], option: str = "--policy") -> tuple[FightPlan, MapInfo]:
    """The plan with every side's player set (`chosen` by side, the rest from the map), and
    the map's title and sides; raises PlanError for a map or a choice that cannot be used."""
    try:
        scenario = load_plan_scenario(plan, load_catalog())
    except ScenarioLoadError as error:
        raise PlanError(str(error)) from None
    except OSError as error:
        raise PlanError(f"{plan.map_path}: cannot be read ({error.strerror or error})") from None
    problem = scenario_problem(scenario)
    if problem:
        raise PlanError(f"{plan.map_path}: {problem}")
    sides = Battle.from_scenario(scenario, 0).sides()
    controllers = {side_id: setup.controller for side_id, setup in scenario.sides.items()}
    policies = side_policies(sides, chosen, controllers, option)
    return dataclasses.replace(plan, policies=policies), MapInfo(scenario.title, sides, scenario.ruleset)


def parse_choices(words: list[str], option: str) -> dict[str, str]:
    """`KEY=VALUE` words as a dict; raises PlanError for a word without '='."""
    found = {}
    for word in words:
        key, equals, value = word.partition("=")
        if not equals or not key or not value:
            raise PlanError(f"{option} {word}: write KEY=VALUE, e.g. {option} enemies=random")
        found[key.strip()] = value.strip()
    return found


def side_policies(sides: tuple[SideView, ...], chosen: dict[str, str], controllers: dict[str, str],
                  option: str = "--policy") -> tuple[tuple[str, str], ...]:
    """Each side's player: as chosen, else its controller when that names a player, else the default."""
    known = {side.id for side in sides}
    for side, name in chosen.items():
        if side not in known:
            raise PlanError(f"{option} {side}={name}: the map has no side '{side}' (its sides: {', '.join(sorted(known))})")
        if name not in policy_names():
            raise PlanError(f"{option} {side}={name}: no computer player named '{name}' "
                            f"(known: {', '.join(policy_names())})")
    return tuple((side, chosen.get(side) or _controller_policy(controllers.get(side, "")))
                 for side in sorted(known))


def _controller_policy(controller: str) -> str:
    """A side's controller names its player when it is one (`computer`, `tactical`, `random`:
    the map's loader accepts only those besides `gm` and `players`); `gm` and `players` get
    the default player."""
    return controller if controller in policy_names() else DEFAULT_POLICY


def variant(plan: FightPlan, words: list[str], chosen: dict[str, str]) -> tuple[FightPlan, dict[str, str]]:
    """The plan changed as `--compare` says (`map=PATH`, `ruleset=R`, `SIDE=PLAYER` pairs), and
    the players chosen for it; `prepare` then sets its players."""
    changes = parse_choices(words, "--compare")
    other = plan
    if "map" in changes:
        other = dataclasses.replace(other, map_path=str(find_map(changes.pop("map"))))
    if "ruleset" in changes:
        check_ruleset(changes["ruleset"])
        other = dataclasses.replace(other, ruleset=changes.pop("ruleset"))
    if other == plan and not changes:
        raise PlanError("--compare: say what the second variant changes: map=PATH, ruleset=R or SIDE=PLAYER")
    return other, {**chosen, **changes}
