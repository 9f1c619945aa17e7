"""`hexbattle balance`'s work, for the command line and the window alike: check what the GM
asked, search, and hand back the answer.

`prepare` turns the GM's request (`Request`) into a `Setup` (the fight plan, the varied side's
`Roster`, the target) or raises BalanceError naming what to fix; `run_search` plays the search
on a `FightPool` and returns a `Balance`, the answer with every candidate's tally.
"""

from __future__ import annotations

import difflib

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from game.battle import Battle, Catalog, CatalogError, load_catalog
from game.savefile import ScenarioLoadError, load_scenario_or_fail
from game.scenario.map_edits import MapEdits, read_map
from game.scenario.model import Scenario
from game.simulate.fight import FightPlan
from game.simulate.placement import free_cells
from game.simulate.plans import MapInfo, PlanError, find_map, prepare as prepare_plan
from game.simulate.pool import FightPool
from game.simulate.roster import MOST_IN_A_SQUAD, Roster, side_stocks
from game.simulate.search import Goal, Ladder, Limits, Outcome, Search, Steps, Verdict
from game.simulate.trials import Trials

MOST_ADDED = 30
"""The most units of one type a candidate adds (fewer when fewer free cells are near)."""
CANDIDATES = 24
"""The most candidates one search tries."""
SCREEN_SHARE = 16
"""A candidate's first look is this share of --runs (at least `LEAST_SCREEN` fights)."""
LEAST_SCREEN = 20
DEFAULT_RUNS = 800
LEAST_RUNS, MOST_RUNS = 40, 100_000


class BalanceError(ValueError):
    """What the GM asked cannot be searched; the message says what to fix."""


@dataclass(frozen=True, slots=True)
class Request:
    """What the GM asked for: the map, the camp and its win rate (a fraction), and the options."""

    map: str
    camp: str
    target: float
    vary: str | None = None
    types: tuple[str, ...] = ()
    runs: int = DEFAULT_RUNS
    seed: int = 1
    remove_named: bool = False
    max_rounds: int = 100


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything the search needs, checked."""

    request: Request
    plan: FightPlan
    info: MapInfo
    scenario: Scenario
    roster: Roster
    side: str
    goal: Goal
    limits: Limits
    adding_helps: bool
    catalog: Catalog


@dataclass(frozen=True, slots=True)
class Balance:
    """The search's answer and the tallies behind it."""

    setup: Setup
    outcome: Outcome
    trials: Trials
    verdicts: Mapping[Steps, Verdict]
    """What the search made of each candidate it looked at closely."""
    interrupted: bool


def suggestion(word: str, known) -> str:
    """' (did you mean X?)' when one known word is close to the one typed."""
    close = difflib.get_close_matches(word, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def parse_target(text: str) -> tuple[str, float]:
    """`pcs=60%` as ('pcs', 0.6); raises BalanceError."""
    camp, equals, value = text.partition("=")
    number = value.strip().removesuffix("%").strip()
    try:
        percent = float(number) if equals and camp.strip() and len(number) < 12 else None
    except ValueError:
        percent = None
    if percent is None:
        raise BalanceError(f"--target {text[:30]!r}: write CAMP=P%, e.g. --target pcs=60%")
    if not 1 <= percent <= 99:
        raise BalanceError(f"--target {text[:30]!r}: the win rate must be from 1% to 99% (a camp always or "
                           "never winning cannot be shown in a band of 5 points either side)")
    return camp.strip(), percent / 100


def prepare(request: Request) -> Setup:
    """Check the request against the map; raises BalanceError naming what to fix."""
    if not LEAST_RUNS <= request.runs <= MOST_RUNS:
        raise BalanceError(f"--runs {request.runs}: give the most fights one candidate may get, "
                           f"{LEAST_RUNS} to {MOST_RUNS:,}")
    try:
        path = find_map(request.map)
        plan, info = prepare_plan(FightPlan(str(path), (), request.seed, request.max_rounds), {})
        catalog = load_catalog()
        scenario = load_scenario_or_fail(path, catalog)
    except (PlanError, ScenarioLoadError, CatalogError) as error:
        raise BalanceError(str(error)) from None
    camps = {side.id: side.camp for side in info.sides}
    _check_camp(request.camp, camps)
    side = _varied_side(request, camps)
    adding_helps = camps[side] == request.camp
    roster = _roster(scenario, side, request, catalog)
    if not any(ladder.up or ladder.down for ladder in ladders(roster)):
        raise BalanceError(f"{path.name}: no free cell is left near the {side} (passable, not taken, out of the "
                           "others' sight when they start hidden or surprised) and none of their units may be "
                           "taken away; make room on the map, use --remove-named, or vary another side")
    limits = Limits(max(LEAST_SCREEN, request.runs // SCREEN_SHARE), request.runs, CANDIDATES)
    return Setup(request, plan, info, scenario, roster, side, Goal(request.target), limits, adding_helps, catalog)


def _check_camp(camp: str, camps: dict[str, str | None]) -> None:
    """The camp must be one that fights on the map."""
    fighting = sorted({c for c in camps.values() if c is not None})
    if camp in fighting:
        return
    if camps.get(camp):
        raise BalanceError(f"--target {camp}=...: side '{camp}' fights in the '{camps[camp]}' camp, whose wins "
                           f"are counted together; write --target {camps[camp]}=P%")
    raise BalanceError(f"--target {camp}=...: the map has no camp '{camp}'{suggestion(camp, fighting)}; "
                       f"its camps: {', '.join(fighting)}")


def _varied_side(request: Request, camps: dict[str, str | None]) -> str:
    """The side whose roster changes: --vary, else the one side fighting against the camp."""
    if request.vary is not None:
        if request.vary not in camps:
            raise BalanceError(f"--vary {request.vary}: the map has no side '{request.vary}'"
                               f"{suggestion(request.vary, camps)}; its sides: {', '.join(camps)}")
        if camps[request.vary] is None:
            raise BalanceError(f"--vary {request.vary}: the {request.vary} fight for no camp, so their roster "
                               "does not change who wins; vary a side that fights")
        return request.vary
    against = [side for side, camp in camps.items() if camp is not None and camp != request.camp]
    if len(against) != 1:
        raise BalanceError(f"several sides fight the {request.camp} ({', '.join(against)}); say which to vary "
                           "with --vary SIDE")
    return against[0]


def _roster(scenario: Scenario, side: str, request: Request, base: Catalog) -> Roster:
    """The varied side's stocks, free cells and the map's next object id."""
    battle = Battle.from_scenario(scenario, 0, base)
    names = dict(battle.unit_types())  # the ruleset's types: id -> name
    extra = tuple(_type_id(word, names, scenario.ruleset) for word in request.types)
    stocks = side_stocks(scenario, side, names, extra, request.remove_named)
    own = [u for u in scenario.units if u.side == side]
    last = own[-1] if own else scenario.units[-1]
    leader = scenario.sides[side].leader if side in scenario.sides else None
    return Roster(side, stocks, free_cells(scenario, side, battle), _next_object_id(scenario), last.object_id,
                  last.facing, last.hidden, leader)


def _type_id(word: str, names: dict[str, str], ruleset: str) -> str:
    """A unit type given by id or name, among the ruleset's types."""
    key = word.strip().lower().replace(" ", "_")
    for type_id, name in names.items():
        if key in (type_id, name.lower().replace(" ", "_")):
            return type_id
    raise BalanceError(f"--types {word[:40]!r}: the {ruleset} ruleset has no such unit type"
                       f"{suggestion(key, names)}; its types: {', '.join(sorted(names))}")


def _next_object_id(scenario: Scenario) -> int:
    """The object id the first added unit takes: the map's `nextobjectid`, past every object."""
    highest = max(u.object_id for u in scenario.units) + 1
    if scenario.path.suffix.lower() != ".tmx":
        return highest
    try:
        root = MapEdits(read_map(scenario.path)).spans[0]
    except (OSError, ValueError):
        return highest
    return max(highest, int(root.attrs.get("nextobjectid", "0") or 0))


def ladders(roster: Roster) -> tuple[Ladder, ...]:
    """How far each stock can go: up to `MOST_ADDED` more (free cells allowing), down to none."""
    room = min(MOST_ADDED, roster.most_added())
    return tuple(Ladder(min(MOST_ADDED, MOST_IN_A_SQUAD - stock.squad_count) if stock.squad else room,
                        stock.fewest_removed()) for stock in roster.stocks)


def run_search(setup: Setup, pool: FightPool, progress: Callable[[int], None] = lambda n: None,
               stop: Callable[[], bool] = lambda: False,
               on_round: Callable[[Search], None] = lambda search: None) -> Balance:
    """Search on the pool; Ctrl-C or `stop` end it with the best found so far."""
    trials = Trials(pool, setup.plan, setup.roster, setup.request.camp, progress, stop)
    search = Search(trials, ladders(setup.roster), setup.goal, setup.limits, setup.adding_helps,
                    possible=setup.roster.possible, on_round=on_round)
    outcome = search.run()
    return Balance(setup, outcome, trials, dict(search.verdicts), outcome.why == "interrupted")


def steps_words(setup: Setup, steps: Steps) -> str:
    """A candidate in a GM's words: '+4 thug, +1 grenadier', or 'as on the map'."""
    parts = [f"{'+' if step > 0 else '-'}{abs(step)} {stock.unit_type}"
             for stock, step in zip(setup.roster.stocks, steps) if step]
    return ", ".join(parts) or "as on the map"



def shown_path(path: str | Path) -> str:
    """A map path as the GM would type it: relative to here when under here."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
