"""The battle facade: actions in, events out, undo and redo, save and replay.

`Battle` is the one object the window, the command line and the simulator talk to. Every
action is validated first; a refused action is returned with its reason and changes nothing.
An accepted action is resolved on a copy of the world with the battle's own dice, and the
new state replaces the old only when the whole action succeeded. The dice stream's state is
part of the battle state, so undoing and redoing can never reroll a result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from game import flow
from game.actions import Action, canonical
from game.battle_map import BattleMap
from game.components import Identity, Overwatch, Squad
from game.deploy import fixed_rules, ruleset_problem, scenario_problem  # noqa: F401 (ruleset_problem: for clients)
from game.ecs import EntityId, World
from game.events import Event, Explained
from game.flow import BattleState
from game.hexgrid import Hex, facing_for_angle
from game.history import History, Outcome, Step, Teller, make_outcome, make_step  # noqa: F401 (Step: for clients)
from game.memo import remembers, scene_memo
from game.options import FormationOption, Options
from game.prompts import Prompt
from game.rules.catalog import Catalog, CatalogError, load_catalog  # noqa: F401 (CatalogError: for clients)
from game.rules.dice import DiceError
from game.rules.swn.morale import MORALE_BANDS
from game.rules.ruleset_names import RULESETS
from game.systems.rulesets.swn import choices, move_choices, overwatch
from game.systems import gm, movement, roster, rulesets
from game.systems.scene import ActionDice, DieNeeded, Scene, Setup, SideState, in_the_fight
from game.views import CombatantView, SideView

OPTION_GROUPS = choices.GROUPS
"""The groups `Battle.options` can be limited to: move, attack (plain attacks), aimed (aimed and
burst attacks), charge, jump, shove, disarm, protect, overwatch, grenade, morale, fray, care,
gear, stances."""


PLAYABLE_RULESETS = RULESETS
"""The rulesets a battle can be played under (game/rules/ruleset_names.py; each registered in
game/systems/rulesets)."""
RETREATING_BANDS = frozenset(band.name for band in MORALE_BANDS if band.retreating)
"""The morale bands (`SideView.band`) in which a side has broken and pulls back (Seed 002,
Morale Threshold: Tactical Retreat and Panicked)."""
_READING_SCENE, _VIEWS, _SIDE_VIEWS = remembers("reading scene"), remembers("views"), remembers("side views")
_FACINGS = remembers("map facings")


class Battle:
    """One fight in progress. Two battles in one process share nothing mutable."""

    def __init__(self, rules: Setup, scenario, seed: int | str, opening: BattleState,
                 opening_events: tuple[Event, ...]):
        self.setup = rules
        self.scenario = scenario
        self.seed = seed
        self._history = History(opening, opening_events)
        self._views: tuple[BattleState, tuple[CombatantView, ...]] | None = None
        self._side_views: tuple[tuple[SideState, ...], tuple[SideView, ...]] | None = None
        self._watchers: list[Callable[[Battle], None]] = []
        self._facings: dict | None = None  # the map's facing of each unit, read on first need
        self._read: tuple[BattleState, Scene] | None = None  # see `_reading`
        self.map = BattleMap(self)
        """The map as a player reads it: terrain, cover, approach costs, who stands where."""
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
        `field` is the terrain of battles on the very same map and ruleset (`battle.map.field`), with
        other units on it (the balance search's candidates): shared rather than made again, so
        what it remembers serves them all. Raises ValueError as `from_scenario` does."""
        problem = scenario_problem(scenario)
        if problem:
            raise ValueError(problem)
        rules = fixed_rules(scenario, catalog or load_catalog(), field)
        return lambda seed: cls(rules, scenario, seed, *flow.start(rules, scenario, seed))

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> BattleState:
        """The current state."""
        return self._history.state

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
        return flow.whose_turn(self.state)

    def turn_order(self) -> tuple[EntityId, ...]:
        """Every combatant in the order they act (initiative, then any the GM added)."""
        return self.state.order

    @property
    def log(self) -> list[Event]:
        """Every event from the start, in order."""
        return self._history.log

    @property
    def actions(self) -> list[Action]:
        """The accepted actions, in order (what a save file stores)."""
        return self._history.actions

    def log_since(self, index: int) -> tuple[Event, ...]:
        """The events from position `index` of the log on: what a window polling every frame
        has not seen yet (only the steps after `index` are read)."""
        return self._history.log_since(index)

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
        return self._history.log_length

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
        if state.ended or not (in_the_fight(state.world, actor) or flow.decides_down(state, actor)):
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
        return move_choices.formation_options(self._scene(state), actor, anchor)

    def wedge(self, actor: EntityId, facing: int = 0, angle: float | None = None) -> tuple[Hex, ...]:
        """The hexes an overwatch by this combatant would cover, facing a hex direction or any
        angle (the window follows the mouse with it)."""
        if not in_the_fight(self.world, actor):
            return ()
        watch = Overwatch(facing_for_angle(angle), angle % 360) if angle is not None else Overwatch(facing % 6)
        return tuple(overwatch.overwatch_wedge(self._scene(self.state), actor, watch))

    def combatants(self) -> tuple[CombatantView, ...]:
        """Every combatant as it stands now, in id order (built once per state)."""
        state = self.state
        if not _VIEWS or self._views is None or self._views[0] is not state:
            scene = self._scene(state)
            self._views = (state, tuple(self._ruleset.dress(scene, view) for view in roster.combatants(scene, self.scenario)))
        return self._views[1]

    def combatant(self, entity: EntityId) -> CombatantView | None:
        """One combatant's view, or None if there is no such combatant."""
        scene = self._reading(self.state)
        key = ("view", entity)  # remembered on the state's reading scene (`Scene.memo`)
        if key in scene.memo:
            return scene.memo[key]
        if self._facings is None or not _FACINGS:
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
        if not _SIDE_VIEWS or self._side_views is None or self._side_views[0] != states:  # frozen values: equal states, equal views
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
        problem = flow.precondition(state, action, row)
        if problem:
            return Outcome(False, reason=problem)
        scene = self._scene(state, action.faces, typed_only)
        try:
            plan = self._checked(state, action)
            if plan is None:
                plan = self._ruleset.check(scene, action)
            if isinstance(plan, str):
                return Outcome(False, reason=plan)
            if action.reason and scene.world.has(action.actor, Identity):  # the GM's (actor 0) go untold
                scene.emit(Explained(action.actor, action.reason))
            self._ruleset.apply(scene, action, plan)
            self._ruleset.settle(scene)
            after = flow.after_action(scene, state, action)
        except DieNeeded as needed:
            return Outcome(False, reason=flow.asking(state, action, needed), needs=needed.sides)
        except DiceError as error:
            return Outcome(False, reason=str(error))
        if scene.dice.remaining:
            return Outcome(False, reason=f"{len(scene.dice.remaining)} of the dice you entered were not needed by this action")
        after = flow.check_victory(scene, after)
        step = make_step(action, state, after, tuple(scene.events))
        self._history.accept(step)
        self._tell_watchers()
        return make_outcome(True, step.events, "", None, Teller(self.setup, after))

    def _checked(self, state: BattleState, action: Action) -> object | None:
        """The plan the options of this very state worked out for this action, if they did (a
        player mostly takes one of its options), so it is not worked out again; else None."""
        if self._read is None or self._read[0] is not state:
            return None
        return self._ruleset.reuse(self._read[1].memo, action)

    def _reading(self, state: BattleState) -> Scene:
        """A scene of this state to read options and views from, made once per state (a player
        reads a view and two or three groups of options before it acts) and never changed; what
        holds for every option of the state is remembered on it (`Scene.memo`). Nothing read
        changes its world (a reader that tries a change makes its own snapshot first), so it reads
        the state's own world rather than a snapshot of it."""
        if self._read is None or self._read[0] is not state or not _READING_SCENE:
            scene = Scene(self.setup, state.world, ActionDice(state.rng), state.round,
                          {s.id: s for s in state.sides}, state.pending)
            scene.memo = scene_memo()
            self._read = (state, scene)
        return self._read[1]

    def _scene(self, state: BattleState, faces: tuple[int, ...] = (), typed_only: bool = False) -> Scene:
        return Scene(self.setup, state.world.snapshot(), ActionDice(state.rng, faces, typed_only), state.round,
                     {s.id: s for s in state.sides}, state.pending)

    def pending(self) -> Prompt | None:
        """The decision the battle is waiting for, if any (answer it before anything else)."""
        return self.state.pending[0] if self.state.pending else None

    # -- undo ------------------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Whether there is an action to take back."""
        return self._history.can_undo()

    def can_redo(self) -> bool:
        """Whether there is an undone action to put back."""
        return self._history.can_redo()

    def undo(self) -> bool:
        """Take back the last action; its dice are not rerolled on redo."""
        return self._changed(self._history.undo())

    def redo(self) -> bool:
        """Put back the last undone action exactly as it happened."""
        return self._changed(self._history.redo())

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

    def _changed(self, done: bool) -> bool:
        """Tell the watchers when an undo or redo was done; whether it was."""
        if done:
            self._tell_watchers()
        return done

    def _tell_watchers(self) -> None:
        if not self._watchers:
            return
        for watcher in tuple(self._watchers):
            watcher(self)
