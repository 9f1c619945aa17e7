"""The battle facade: actions in, events out, undo and redo, save and replay.

`Battle` is the one object the window, the command line and the simulator talk to. Every
action is validated first; a refused action is returned with its reason and changes nothing.
An accepted action is resolved on a copy of the world with the battle's own dice, and the
new state replaces the old only when the whole action succeeded. The dice stream's state is
part of the battle state, so undoing and redoing can never reroll a result.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from game.actions import Action, ActionFormatError, EndTurn, Redirect, from_json, in_json_form, to_json
from game.components import Allegiance, Identity, Overwatch, Position, Squad, Stats
from game.deploy import deploy
from game.ecs import EntityId, World
from game.events import BattleEnded, Event, Explained, Narrator, TurnLost
from game.hexgrid import Hex, facing_for_angle
from game.options import FormationOption, Options, slot_maker
from game.prompts import Prompt, ProtectChance
from game.rules.catalog import Catalog, CatalogError, load_catalog
from game.rules.cover import CoverReading
from game.rules.dice import MAX_SIDES, DiceError, SeededDice
from game.rules.morale import MORALE_BANDS, starting_morale
from game.rules.ruleset_data import catalog_for
from game.systems import choices, combat, gm, morale, movement, overwatch, roster, rulesets
from game.systems.scene import ActionDice, DieNeeded, Scene, Setup, SideState, camp, fighting, in_the_fight
from game.systems.sight import cover_lookup
from game.systems.sightlines import prime_covers
from game.systems.turns import camps_standing
from game.hexgrid.paths import DistanceTable, Nearest, Ways
from game.terrain import Battlefield, Recall
from game.views import CombatantView, SideView

OPTION_GROUPS = choices.GROUPS
"""The groups `Battle.options` can be limited to: move, attack (plain attacks), aimed (aimed and
burst attacks), charge, jump, shove, disarm, protect, overwatch, grenade, morale, fray, care,
gear, stances."""


PLAYABLE_RULESETS = tuple(rulesets.RULESETS)
"""The rulesets a battle can be played under (each registered in game/systems/rulesets)."""

RETREATING_BANDS = frozenset(band.name for band in MORALE_BANDS if band.retreating)
"""The morale bands (`SideView.band`) in which a side has broken and pulls back (Seed 002,
Morale Threshold: Tactical Retreat and Panicked)."""
WAYS_KEPT = 64
"""How many `approach_costs` maps a battle remembers (least recently used go first)."""


def ruleset_problem(ruleset: str) -> str | None:
    """Why a battle cannot be played under this ruleset yet, or None."""
    if ruleset in PLAYABLE_RULESETS:
        return None
    return (f"the ruleset '{ruleset}' is not playable yet (playable: {', '.join(PLAYABLE_RULESETS)}); "
            "set the map property 'ruleset' to one of those")


def camps_problem(scenario) -> str | None:
    """Why no fight can happen among the scenario's units, or None: a battle needs units of at
    least two camps that fight each other (bystanders fight nobody)."""
    fighting = sorted({camp(u.side) for u in scenario.units} - {None})
    if len(fighting) >= 2:
        return None
    found = f"only units of the {fighting[0]} camp" if fighting else "no units that fight"
    return (f"the map places {found}; a battle needs units on at least two sides that fight each "
            "other (pcs or allies against enemies or rivals): place units for the other side")


def units_problem(scenario, catalog: Catalog | None = None) -> str | None:
    """Why the units cannot be deployed under the scenario's ruleset, or None: each unit type must
    be one of that ruleset's (a ruleset forced on a map made for another has none of its types)."""
    try:
        types = catalog_for(scenario.ruleset, catalog or load_catalog()).unit_types
    except CatalogError as error:
        return str(error)
    unknown = sorted({unit.unit_type for unit in scenario.units} - set(types))
    if not unknown:
        return None
    return (f"the unit types {', '.join(unknown)} are not unit types of the ruleset '{scenario.ruleset}' "
            f"(its types: {', '.join(sorted(types))}); place that ruleset's units or play the map's own ruleset")


def scenario_problem(scenario) -> str | None:
    """Why no battle can start on this scenario, or None (ruleset not playable, nobody to fight,
    units the ruleset does not have)."""
    return ruleset_problem(scenario.ruleset) or camps_problem(scenario) or units_problem(scenario)


def canonical(action: object) -> tuple[Action | None, str | None]:
    """The action as its save file will hold it, or why it cannot be one: a value that does not
    survive the JSON round trip (wrong types, a bare tuple for a hex) would make an unreplayable
    save, so it is refused at the door."""
    if not isinstance(action, Action):
        return None, f"not an action: {action!r}"
    if in_json_form(action):  # what the round trip below would give back unchanged, told quicker
        bad = [face for face in action.faces if not 1 <= face <= MAX_SIDES]
        return (None, f"the face {bad[0]} you entered is not a face any die has") if bad else (action, None)
    try:
        again = from_json(to_json(action))
    except ActionFormatError as error:
        return None, f"malformed action: {error}"
    except (TypeError, ValueError) as error:
        return None, f"malformed action: {error}"
    if again != action:
        return None, f"malformed action: {action!r} does not describe a {action.kind} action exactly"
    bad = [face for face in again.faces if not 1 <= face <= MAX_SIDES]
    if bad:
        return None, f"the face {bad[0]} you entered is not a face any die has"
    return again, None


@dataclass(frozen=True, slots=True)
class BattleState:
    """Everything that changes during a fight, as one immutable value (the world is owned)."""

    world: World
    round: int
    order: tuple[EntityId, ...]
    turn: int
    rng: int
    sides: tuple[SideState, ...]
    pending: tuple[Prompt, ...] = ()
    winner: str | None = None
    ended: bool = False

    def side(self, side_id: str) -> SideState:
        """The running state of one side."""
        return next(s for s in self.sides if s.id == side_id)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to a submitted action: accepted with its events, or refused with a reason."""

    accepted: bool
    events: tuple[Event, ...] = ()
    reason: str = ""
    needs: int | None = None
    """With `typed_only`: the size of the die the table must roll next (a d`needs`), else None."""
    teller: Narrator | None = field(default=None, repr=False, compare=False)
    """Who tells the events as the battle stood right after the action (names, places)."""

    @property
    def lines(self) -> tuple[str, ...]:
        """The events' log sentences, in order: told when asked for, so a player that never reads
        them (the simulator's) never pays for the words."""
        teller = self.teller
        return tuple(event.text(teller) for event in self.events) if teller is not None else ()


class _Teller:
    """Tells events as the battle stood in one state (the `Narrator` of an `Outcome`)."""

    __slots__ = ("_battle", "_state")

    def __init__(self, battle: Battle, state: BattleState):
        self._battle, self._state = battle, state

    def name(self, entity: int) -> str:
        """A combatant's name."""
        return self._state.world.get(entity, Identity).name

    def place(self, hex: Hex) -> str:
        """A hex as the GM finds it in Tiled."""
        return self._battle.place(hex)

    def weapon(self, weapon_id: str) -> str:
        """A weapon's name, lower case."""
        return self._battle.weapon(weapon_id)

    def facing(self, direction: int, angle: float | None = None) -> str:
        """A facing as the map shows it on screen."""
        return self._battle.facing(direction, angle)

    def side(self, side_id: str) -> str:
        """A side's name."""
        return self._state.side(side_id).name


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted action with the states around it and the events it produced."""

    action: Action
    before: BattleState
    after: BattleState
    events: tuple[Event, ...]


_make_state, _make_step, _make_outcome = slot_maker(BattleState), slot_maker(Step), slot_maker(Outcome)
"""`BattleState(...)`, `Step(...)` and `Outcome(...)` with every field given in order, set slot by
slot: every accepted action makes one of each."""


def _starting_morale(world: World, side_id: str, setup) -> int | None:
    """The side's opening morale, from the map's side setup and its units' stat blocks."""
    members = [(identity, stats) for e, identity, stats, side in world.query(Identity, Stats, Allegiance)
               if side.side == side_id]
    leader = setup.leader if setup is not None else None
    leader_morale = next((stats.morale for identity, stats in members
                          if leader is not None and identity.object_id == leader and not stats.immune_to_morale), None)
    return starting_morale(side_id, setup.morale if setup is not None else None,
                           setup is not None and setup.immune_to_morale,
                           [(stats.morale, stats.immune_to_morale) for _, stats in members], leader_morale)


def _sides(scenario, world: World) -> tuple[SideState, ...]:
    declared = dict(scenario.sides)
    used = {side.side for _, side in world.query(Allegiance)}
    states = []
    for side_id in sorted(set(declared) | used):
        setup = declared.get(side_id)
        name = setup.name if setup else side_id.title()
        controller = setup.controller if setup else "gm"
        pool = setup.hero_pool if setup else 0  # seed 004: outside sources from the start
        states.append(SideState(side_id, name, controller, _starting_morale(world, side_id, setup), hero_pool=pool))
    return tuple(states)


def _standing(world: World, fighting_now: frozenset[EntityId]) -> tuple[tuple[EntityId, str, Hex], ...]:
    """`Battle.standing` of a world, `fighting_now` being who is in the fight."""
    return tuple((entity, side.side, world.get(entity, Position).hex) for entity, side in world.query(Allegiance)
                 if entity in fighting_now and world.has(entity, Identity) and world.has(entity, Stats))


def _with_stats(world: World) -> tuple[EntityId, ...]:
    """Every combatant (every entity with a stat block), in id order."""
    return tuple(e for e, _ in world.query(Stats))


class Battle:
    """One fight in progress. Two battles in one process share nothing mutable."""

    def __init__(self, rules: Setup, scenario, seed: int | str, opening: BattleState,
                 opening_events: tuple[Event, ...]):
        self.setup = rules
        self.scenario = scenario
        self.seed = seed
        self._opening = opening
        self._opening_events = opening_events
        self._history: list[Step] = []
        self._undone: list[Step] = []
        self._ends: list[int] = []  # the log length after each step of the history
        self._views: tuple[BattleState, tuple[CombatantView, ...]] | None = None
        self._side_views: tuple[tuple[SideState, ...], tuple[SideView, ...]] | None = None
        self._watchers: list[Callable[[Battle], None]] = []
        self._facings: dict | None = None  # the map's facing of each unit, read on first need
        self._read: tuple[BattleState, Scene] | None = None  # see `_reading`
        self._enemies: tuple[tuple, tuple, dict[EntityId, tuple[Hex, ...]]] | None = None  # see `enemy_hexes`
        self._ruleset = rulesets.named(rules.ruleset)

    # -- starting --------------------------------------------------------------------------
    @classmethod
    def from_scenario(cls, scenario, seed: int | str, catalog: Catalog | None = None) -> Battle:
        """Deploy the scenario's units, roll hit points and initiative, and start round 1.

        Raises ValueError for a ruleset that is not playable yet or a map with nobody to fight
        (callers check first with `scenario_problem`, as `savefile.load_scenario_or_fail` does).
        """
        return cls.starter(scenario, catalog)(seed)

    @classmethod
    def starter(cls, scenario, catalog: Catalog | None = None,
                field: Battlefield | None = None) -> Callable[[int | str], Battle]:
        """A maker of battles on this scenario, one per seed, each the very battle `from_scenario`
        would start: the checks, the data and the terrain are made once and shared read only, so
        many fights (the simulator's) share what the terrain remembers (lines of fire, cover).
        `field` is the terrain of battles on the very same map and ruleset (`Battle.field`), with
        other units on it (the balance search's candidates): shared rather than made again, so
        what it remembers serves them all. Raises ValueError as `from_scenario` does."""
        problem = scenario_problem(scenario)
        if problem:
            raise ValueError(problem)
        catalog = catalog_for(scenario.ruleset, catalog or load_catalog())
        settings = MappingProxyType(dict(scenario.settings))
        surprised = frozenset(s for s, setup in scenario.sides.items() if setup.surprised)
        rules = Setup(field or Battlefield.from_terrain(scenario.terrain, catalog), catalog,
                      scenario.ruleset, frozenset(scenario.modules), settings, scenario.layout, surprised)
        return lambda seed: cls._start(rules, scenario, seed)

    @classmethod
    def _start(cls, rules: Setup, scenario, seed: int | str) -> Battle:
        """Deploy, roll hit points and initiative, and start round 1 under fixed rules."""
        dice = ActionDice(SeededDice(seed).state)
        world = deploy(scenario, rules.catalog, dice)
        sides = _sides(scenario, world)
        scene = Scene(rules, world, dice, 1, {s.id: s for s in sides})
        morale.open_the_fight(scene, scenario.sides)
        sides = tuple(scene.sides[s.id] for s in sides)
        ruleset = rulesets.of(scene)
        ruleset.prepare(scene)
        order = ruleset.roll_initiative(scene, [e for e, _ in world.query(Position)])
        ruleset.begin_round(scene)
        first = ruleset.first_turn(scene, order, 0) if order else 0
        state = BattleState(world, scene.round, order, first, dice.state, sides, pending=tuple(scene.pending))
        state = cls._advance(scene, state, opening=True) if order else state
        state = replace(state, rng=dice.state)
        return cls(rules, scenario, seed, state, tuple(scene.events))

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> BattleState:
        """The current state."""
        return self._history[-1].after if self._history else self._opening

    @property
    def ruleset(self) -> rulesets.Ruleset:
        """The ruleset this battle is played under (its actions, turns and options)."""
        return self._ruleset

    @property
    def ruleset_name(self) -> str:
        """The ruleset's name, the first a map may give it ("swn" for "swn-heroic" too): what
        the computer players' turn tables are keyed by."""
        return self._ruleset.names[0]

    @property
    def catalog(self) -> Catalog:
        """The data the battle plays with (weapons, unit types, cover, concealment)."""
        return self.setup.catalog

    @property
    def world(self) -> World:
        """The current world. Read it; never change it (submit actions instead)."""
        return self.state.world

    def current(self) -> EntityId | None:
        """Whose turn it is, or None once the battle has ended."""
        state = self.state
        return None if state.ended or not state.order else state.order[state.turn]

    def turn_order(self) -> tuple[EntityId, ...]:
        """Every combatant in the order they act (initiative, then any the GM added)."""
        return self.state.order

    @property
    def log(self) -> list[Event]:
        """Every event from the start, in order."""
        events = list(self._opening_events)
        for step in self._history:
            events.extend(step.events)
        return events

    @property
    def actions(self) -> list[Action]:
        """The accepted actions, in order (what a save file stores)."""
        return [step.action for step in self._history]

    def log_since(self, index: int) -> tuple[Event, ...]:
        """The events from position `index` of the log on: what a window polling every frame
        has not seen yet. Only the steps after `index` are read (found by bisection)."""
        index = max(0, index)
        found: list[Event] = list(self._opening_events[index:])
        first = bisect_right(self._ends, index)
        for number in range(first, len(self._history)):
            start = self._ends[number - 1] if number else len(self._opening_events)
            found.extend(self._history[number].events[max(0, index - start):])
        return tuple(found)

    def log_lines(self, since: int = 0) -> list[str]:
        """The log's sentences from position `since` on."""
        return [self.describe(event) for event in self.log_since(since)]

    # -- telling events (Battle is the events' Narrator) -----------------------------------
    def describe(self, event: Event) -> str:
        """An event's combat-log sentence."""
        return event.text(self)

    def name(self, entity: int) -> str:
        """A combatant's name."""
        return self.world.get(entity, Identity).name

    def place(self, hex: Hex) -> str:
        """A hex as the GM finds it in Tiled: "col 4, row 7"."""
        return self.setup.place(hex)

    def weapon(self, weapon_id: str) -> str:
        """A weapon's name, lower case as the log uses it."""
        return self.setup.weapon_name(weapon_id)

    def facing(self, direction: int, angle: float | None = None) -> str:
        """A facing as the map shows it on screen: a hex direction by its compass point
        ("north-east"), any other angle by the clock face it points to ("2 o'clock")."""
        return self.setup.facing(direction, angle)

    def side(self, side_id: str) -> str:
        """A side's name."""
        return self.state.side(side_id).name

    @property
    def log_length(self) -> int:
        """How many events the log holds."""
        return self._ends[-1] if self._ends else len(self._opening_events)

    # -- what can be done ------------------------------------------------------------------
    def options(self, actor: EntityId, groups: Iterable[str] | None = None) -> Options:
        """Everything the combatant can do now, each option with the action that takes it, its
        exact odds and their breakdown, or the reason it is refused.

        On its own turn: every group (or only `groups`, names from `OPTION_GROUPS`). While a
        decision is open: its decider's answers, with the odds of each. Otherwise: the Instant
        actions it may take outside its turn. Nothing once the battle has ended or for a
        combatant out of the fight, unless it decides the open decision from there (a hero point
        on a Starfarer check made unconscious or dying at a round's start).
        """
        state = self.state
        if state.ended or not (in_the_fight(state.world, actor) or self._decides_down(state, actor)):
            return Options(actor)  # no such combatant: not in the fight
        scene = self._reading(state)
        if state.pending:
            prompt = state.pending[0]
            return self._ruleset.prompt_options(scene, prompt) if prompt.decider == actor else Options(actor)
        if actor == self.current():
            return self._ruleset.options_on_turn(scene, actor, self._ruleset.groups if groups is None else groups)
        return self._ruleset.options_off_turn(scene, actor)

    def move_refusal(self, actor: EntityId, hex_: Hex) -> str:
        """Why the combatant cannot move to this hex now, in a player's words, for a window to say
        after a click on a hex it is not offered: its move options' own refusal when it cannot
        move at all, else what stops it there ("4 movement needed, 3 left", "Lune stands there
        (allies are passed, not stopped on)", "nobody can enter that hex", "no way through to that
        hex"); "" when it is offered that hex or nothing stops it."""
        listing = self.options(actor, ("move",))
        moves = listing.allowed("move")
        if not moves:
            refused = listing.of("move")
            return refused[0].refused if refused else ""
        if any(getattr(o, "hex", None) == hex_ for o in moves):
            return ""
        return movement.move_refusal(self._reading(self.state), actor, hex_)

    def formations(self, actor: EntityId, anchor: Hex) -> tuple[FormationOption, ...]:
        """Every formation a squad on its turn could move into with its head on `anchor` (a line,
        column or wedge for each facing, and a blob), each with its hexes and cost or the reason
        it is refused (Seed 002, Squad Size); nothing for anyone else or while a decision is open."""
        state = self.state
        if state.ended or state.pending or actor != self.current() or not self.world.has(actor, Squad):
            return ()
        return choices.formation_options(self._scene(state), actor, anchor)

    def wedge(self, actor: EntityId, facing: int = 0, angle: float | None = None) -> tuple[Hex, ...]:
        """The hexes an overwatch by this combatant would cover, facing a hex direction or any
        angle (the window follows the mouse with it)."""
        if not in_the_fight(self.world, actor):
            return ()
        watch = Overwatch(facing_for_angle(angle), angle % 360) if angle is not None else Overwatch(facing % 6)
        return tuple(overwatch.overwatch_wedge(self._scene(self.state), actor, watch))

    def cover(self, attacker_hex: Hex, target_hex: Hex, weapon: str | None = None) -> CoverReading:
        """What stands between two hexes: line of sight, concealment, and with a weapon id the
        cover armor against it (the computer player weighs positions with this)."""
        kind = self.catalog.weapons[weapon].weapon_class if weapon else None
        return cover_lookup(self.setup.field, attacker_hex, target_hex, kind)

    def covers(self, attacker_hexes: Iterable[Hex], target_hexes: Iterable[Hex],
               weapon: str | None = None) -> tuple[CoverReading, ...]:
        """`cover` for many pairs at once (pair k: attacker_hexes[k] at target_hexes[k]), worked
        out in one batch where that is quicker; readings equal `cover`'s."""
        kind = self.catalog.weapons[weapon].weapon_class if weapon else None
        froms, tos = list(attacker_hexes), list(target_hexes)
        prime_covers(self.setup.field, froms, tos, [kind] * len(froms))
        return tuple(cover_lookup(self.setup.field, a, b, kind) for a, b in zip(froms, tos))

    def approach_costs(self, goals: Iterable[Hex]) -> Mapping[Hex, int]:
        """Movement cost from every hex that has a way to the nearest goal hex, around walls and
        ignoring who stands where (the goals cost 0), as a read-only mapping. The search goes only
        as far as the hexes read so far need (a computer player reads a few hexes around one
        combatant), and is remembered per set of goals (bounded) on the terrain, so the battles of
        one `starter` share it and each reading carries it further."""
        key = tuple(sorted(set(goals)))
        field = self.setup.field
        ways = field.memo("approach_costs", lambda field: Recall(WAYS_KEPT))
        return ways.get(key, lambda: self._ways(field, key))  # most are found remembered

    @staticmethod
    def _ways(field: Battlefield, key: tuple[Hex, ...]) -> Mapping[Hex, int]:
        """`approach_costs` of a set of goals (sorted) worked out: on a small map read off kept
        rows (no search), otherwise searched as far as it is read."""
        table = field.memo("distance table", lambda field: DistanceTable(field.cost_grid())
                           if DistanceTable.fits(field.cost_grid()) else False)  # False: a map too big
        if table and Nearest.usable(table, key):  # a small map: kept rows, no search
            return Nearest(table, key)
        return Ways(field.cost_grid(), key)

    def nearer_hexes(self, goals: Iterable[Hex], around: Sequence[Hex], within: int) -> tuple[Hex, ...]:
        """The hexes at most `within` steps from one of `around` whose movement cost to the nearest
        goal (`approach_costs`) is less than that of `around[0]` (any hex with a way, when it has
        none), in hex order: where a move of `within` hexes from there could end nearer the goals,
        who stands where left aside. On a small map read off the kept costs over kept discs of cells."""
        return self.approach_costs(goals).nearer(tuple(around), within)

    @property
    def field(self) -> Battlefield:
        """The map's terrain for this battle (read only)."""
        return self.setup.field

    def combatants(self) -> tuple[CombatantView, ...]:
        """Every combatant as it stands now, in id order (built once per state)."""
        state = self.state
        if self._views is None or self._views[0] is not state:
            scene = self._scene(state)
            self._views = (state, tuple(self._ruleset.dress(scene, view) for view in roster.combatants(scene, self.scenario)))
        return self._views[1]

    def standing(self) -> tuple[tuple[EntityId, str, Hex], ...]:
        """(id, side, hex) of every combatant still in the fight, in id order: what `combatants`
        tells of them (`in_fight`, `side`, `hex`), read without dressing every view (the
        computer player asks before each move); worked out once while nobody moves or falls."""
        world = self.state.world  # what its reading scene reads (`_reading`)
        return world.derived((Allegiance, Identity, Stats, Position), _standing, fighting(world))

    def enemy_hexes(self, actor: EntityId) -> tuple[Hex, ...]:
        """Where the combatants in the fight whose sides' camp is not the actor's stand, in id order
        (bystanders, of no camp, are nobody's enemy): what a computer player closes in on. Worked
        out once per combatant while nobody moves or falls (`standing` stays the very same value)."""
        standing, sides = self.standing(), self.sides()
        kept = self._enemies
        if kept is None or kept[0] is not standing or kept[1] is not sides:
            kept = self._enemies = (standing, sides, {})
        found = kept[2].get(actor)
        if found is None:
            found = kept[2][actor] = self._enemy_hexes(actor, standing, sides)
        return found

    def _enemy_hexes(self, actor: EntityId, standing, sides) -> tuple[Hex, ...]:
        """`enemy_hexes`, worked out."""
        camps = {side.id: side.camp for side in sides}
        side = next((s for e, s, _ in standing if e == actor), None)
        mine = camps.get(side if side is not None else self.combatant(actor).side)
        if mine is None:
            return ()
        return tuple(hex_ for _, s, hex_ in standing if camps.get(s) is not None and camps.get(s) != mine)

    def combatant(self, entity: EntityId) -> CombatantView | None:
        """One combatant's view, or None if there is no such combatant."""
        scene = self._reading(self.state)
        key = ("view", entity)  # remembered on the state's reading scene (`Scene.memo`)
        if key in scene.memo:
            return scene.memo[key]
        if self._facings is None:
            self._facings = roster.map_facings(self.scenario)
        view = roster.one(scene, self.scenario, entity, self._facings)
        found = scene.memo[key] = None if view is None else self._ruleset.dress(scene, view)
        return found

    def unit_types(self) -> tuple[tuple[str, str], ...]:
        """Every unit type of the data files as (id, name), sorted by id (the GM's add-unit menu)."""
        return tuple((key, unit.stats["name"]) for key, unit in sorted(self.catalog.unit_types.items()))

    def gm_stats(self, entity: EntityId) -> dict[str, int]:
        """Every number the GM may set on a standing combatant with `GmSetStat` (by its name
        there), with its value now; empty for anyone else."""
        return gm.stat_values(self._scene(self.state), entity)

    def sides(self) -> tuple[SideView, ...]:
        """Every side with its name, controller and morale (every number: the GM's view); with
        the morale rules on, what its band makes it do and its limits."""
        states = self.state.sides
        if self._side_views is None or self._side_views[0] != states:  # frozen values: equal states, equal views
            self._side_views = (states, roster.sides(states, "morale" in self.setup.modules))
        return self._side_views[1]

    # -- acting ----------------------------------------------------------------------------
    def submit(self, action: Action, typed_only: bool = False) -> Outcome:
        """Validate and resolve an action; a refusal changes nothing.

        With `typed_only` the action's dice come only from its `faces` (rolled at the table):
        when they run out it is refused, `needs` holding the size of the die asked for next,
        so a window can ask for that die and submit again with one more face. The accepted
        action carries all its faces, so a plain replay of it is exact."""
        action, problem = canonical(action)
        if problem:
            return Outcome(False, reason=problem)
        state = self.state
        row = self._ruleset.row(action)
        problem = self._precondition(state, action, row)
        if problem:
            return Outcome(False, reason=problem)
        scene = self._scene(state, action.faces, typed_only)
        try:
            plan = self._checked(state, action, row)
            if plan is None:
                plan = self._ruleset.check(scene, action)
            if isinstance(plan, str):
                return Outcome(False, reason=plan)
            if action.reason and scene.world.has(action.actor, Identity):  # the GM's (actor 0) go untold
                scene.emit(Explained(action.actor, action.reason))
            self._ruleset.apply(scene, action, plan)
            self._ruleset.settle(scene)
            # the decisions and the order as the action left them, before the turn passes on
            pending, order = tuple(scene.pending), self._joined(scene, state.order)
            round_, turn = state.round, state.turn
            passes = isinstance(action, EndTurn) or scene.turn_over or self._current_fell(scene, state)
            if passes and len(camps_standing(scene)) > 1:
                round_, turn = self._pass_turn(scene, order, turn, round_)
                pending = tuple(scene.pending)  # a new round's start may open a decision
            unused = len(scene.dice.remaining)
        except DieNeeded as needed:
            return Outcome(False, reason=self._asking(action, needed), needs=needed.sides)
        except DiceError as error:
            return Outcome(False, reason=str(error))
        if unused:
            return Outcome(False, reason=f"{unused} of the dice you entered were not needed by this action")
        after = _make_state(scene.world, round_, order, turn, scene.dice.state,
                            tuple(scene.sides[s.id] for s in state.sides), pending, state.winner, state.ended)
        after = self._check_victory(scene, after)
        step = _make_step(action, state, after, tuple(scene.events))
        self._push(step)
        self._undone.clear()
        self._tell_watchers()
        return _make_outcome(True, step.events, "", None, _Teller(self, after))

    def _checked(self, state: BattleState, action: Action, row) -> combat.AttackPlan | str | None:
        """The plan the options of this very state worked out for this attack, if they did (a
        player mostly takes one of its options), so it is not worked out again; else None."""
        if self._read is None or self._read[0] is not state or row is None or row.check is not combat.check_attack:
            return None
        return combat.checked_before(self._read[1].memo, action)

    @staticmethod
    def _joined(scene: Scene, order: tuple[EntityId, ...]) -> tuple[EntityId, ...]:
        """The turn order with any combatant the action brought in (a GM's new unit) at its end."""
        known = set(order)
        return order + tuple(e for e in scene.world.derived((Stats,), _with_stats) if e not in known)

    @staticmethod
    def _current_fell(scene: Scene, state: BattleState) -> bool:
        """The combatant whose turn it is went down during it (overwatch fire, its own grenade)
        and nothing is left to decide: the turn passes on by itself."""
        return not scene.pending and bool(state.order) and not in_the_fight(scene.world, state.order[state.turn])

    def _precondition(self, state: BattleState, action: Action, row) -> str | None:
        """Why the action cannot be taken now whatever it does (the battle is over, the actor is
        not there or out of the fight, a decision waits, not the actor's turn), or None."""
        if state.ended:
            return "the battle is over"
        if row is not None and row.gm:  # the GM's overrides: whatever the turn
            return f"waiting for a decision: {state.pending[0].question}" if state.pending else None
        standing = in_the_fight(state.world, action.actor)  # in the fight: there, without asking
        if not standing and not state.world.exists(action.actor):
            return f"there is no combatant with id {action.actor}"
        if not (standing or self._decides_down(state, action.actor)):
            return "that combatant is out of the fight"
        if state.pending:
            prompt = state.pending[0]
            if action.actor != prompt.decider or row is None or not row.answers:
                return f"waiting for a decision: {prompt.question}"
            return None
        if row is not None and row.only_answers:
            return "there is no decision to answer"
        if (row is None or not row.instant) and action.actor != self.current():
            return "it is not that combatant's turn"
        return None

    @staticmethod
    def _decides_down(state: BattleState, actor: EntityId) -> bool:
        """Whether `actor` decides the open decision and answers it out of the fight (seed 004: a
        hero point on a Starfarer check made unconscious or dying, `Prompt.answered_down`)."""
        return bool(state.pending) and state.pending[0].decider == actor and state.pending[0].answered_down

    def _reading(self, state: BattleState) -> Scene:
        """A scene of this state to read options and views from, made once per state (a player
        reads a view and two or three groups of options before it acts) and never changed; what
        holds for every option of the state is remembered on it (`Scene.memo`). Nothing read
        changes its world (a reader that tries a change makes its own snapshot first), so it reads
        the state's own world rather than a snapshot of it."""
        if self._read is None or self._read[0] is not state:
            scene = Scene(self.setup, state.world, ActionDice(state.rng), state.round,
                          {s.id: s for s in state.sides}, state.pending)
            scene.memo = {}
            self._read = (state, scene)
        return self._read[1]

    def _scene(self, state: BattleState, faces: tuple[int, ...] = (), typed_only: bool = False) -> Scene:
        return Scene(self.setup, state.world.snapshot(), ActionDice(state.rng, faces, typed_only), state.round,
                     {s.id: s for s in state.sides}, state.pending)

    def _asking(self, action: Action, needed: DieNeeded) -> str:
        """The table's next roll in words: "roll a d20 for Vask's attack on Thug 8 and type its face".
        Answering a protect decision rolls the held-back attack: the words name that attack."""
        prompt = self.pending()
        if isinstance(prompt, ProtectChance) and prompt.attack is not None and action.actor == prompt.decider:
            on = prompt.decider if isinstance(action, Redirect) else prompt.ally
            action = replace(prompt.attack, target=on)
        target = getattr(action, "target", None)
        on = f" on {self.name(target)}" if isinstance(target, int) and self.world.exists(target) else ""
        what = action.kind.replace("_", " ")
        count = f" (die {needed.typed + 1} of this action)" if needed.typed else ""
        return f"roll a d{needed.sides} for {self.name(action.actor)}'s {what}{on} and type its face{count}"

    def pending(self) -> Prompt | None:
        """The decision the battle is waiting for, if any (answer it before anything else)."""
        return self.state.pending[0] if self.state.pending else None

    @staticmethod
    def _advance(scene: Scene, state: BattleState, opening: bool = False) -> BattleState:
        """Pass the turn on (at the opening: start with the first in the order), skipping anyone
        out of the fight and, in round 1, anyone whose side was surprised. A new round's start may
        open a decision (seed 004: a hero point on a Starfarer check); no phase begins until it is
        answered."""
        round_, turn = Battle._pass_turn(scene, state.order, state.turn, state.round, opening)
        return replace(state, world=scene.world, round=round_, turn=turn, pending=tuple(scene.pending),
                       sides=tuple(scene.sides[s.id] for s in state.sides))

    @staticmethod
    def _pass_turn(scene: Scene, order: tuple[EntityId, ...], turn: int, round_: int,
                   opening: bool = False) -> tuple[int, int]:
        """The round and turn `_advance` passes on to (the scene's sides, events and any decision a
        new round's start opened follow)."""
        ruleset = rulesets.of(scene)
        wrapped = False
        if not opening:
            turn, wrapped = ruleset.next_turn(scene, order, turn)
        for _ in range(len(order) + 1):
            if wrapped:
                scene.round = round_ + 1
                ruleset.begin_round(scene)
                round_ = scene.round  # a ruleset may pass rounds in which nobody acts
                turn = ruleset.first_turn(scene, order, turn)
            entity = order[turn]
            if not (ruleset.surprise_skips_turn and scene.is_surprised(entity)):
                break
            scene.emit(TurnLost(entity, 1))
            turn, wrapped = ruleset.next_turn(scene, order, turn)
        ruleset.begin_turn(scene, order[turn])
        return round_, turn

    def _check_victory(self, scene: Scene, state: BattleState) -> BattleState:
        """The battle ended if one camp (or none) is left standing once the action is done: not
        while a decision is open, for the action goes on after it (a hero point on the last
        foe's roll or hit, a round's start waiting at one check before the others come to)."""
        if state.pending or len(camps := camps_standing(scene)) > 1:
            return state if state.world is scene.world else replace(state, world=scene.world)
        winner = next(iter(camps), None)
        standing = sorted({scene.side_of(e) for e in scene.world.entities()
                           if scene.world.has(e, Allegiance) and in_the_fight(scene.world, e)})
        scene.emit(BattleEnded(winner, () if winner else tuple(standing)))
        return replace(state, world=scene.world, winner=winner, ended=True)

    def _push(self, step: Step) -> None:
        self._ends.append(self.log_length + len(step.events))  # measured before the step is counted
        self._history.append(step)

    # -- undo ------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Whether there is an action to take back."""
        return bool(self._history)

    def can_redo(self) -> bool:
        """Whether there is an undone action to put back."""
        return bool(self._undone)

    def undo(self) -> bool:
        """Take back the last action; its dice are not rerolled on redo."""
        if not self._history:
            return False
        self._undone.append(self._history.pop())
        self._ends.pop()
        self._tell_watchers()
        return True

    def redo(self) -> bool:
        """Put back the last undone action exactly as it happened."""
        if not self._undone:
            return False
        self._push(self._undone.pop())
        self._tell_watchers()
        return True

    # -- watching (the autosave) -------------------------------------------------------------
    def watch(self, watcher: Callable[[Battle], None]) -> None:
        """Call `watcher(battle)` after every change to the accepted actions (an action accepted,
        undone or redone), before `submit`, `undo` or `redo` returns: an autosave writes the
        change before the next action can be taken."""
        self._watchers.append(watcher)

    def unwatch(self, watcher: Callable[[Battle], None]) -> None:
        """Stop calling a watcher (the window moved on to another battle)."""
        if watcher in self._watchers:
            self._watchers.remove(watcher)

    def _tell_watchers(self) -> None:
        if not self._watchers:
            return
        for watcher in tuple(self._watchers):
            watcher(self)
