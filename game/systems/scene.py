"""The scene an action is resolved in: the battle's fixed setup, a working copy of the world,
the dice for this action and the events it produces.

A system validates against the scene, then changes the scene's world copy; the battle keeps
the copy only if the whole action succeeded, so nothing is ever left half-done.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from game.rules.ruleset_names import DEFAULT, HEROIC
from game.components import Allegiance, Dead, Fallen, Health, Identity, Position
from game.ecs import EntityId, World
from game.events import Event, Rolled
from game.prompts import Prompt
from game.rules.catalog import Catalog
from game.rules.dice import DiceError, Roll, SeededDice, roll
from game.hexgrid import Hex, TiledHexLayout, distance, facing_name
from game.terrain import Battlefield

FRIENDLY_CAMPS = {"pcs": "pcs", "allies": "pcs", "enemies": "enemies", "rivals": "rivals"}
"""Sides fight in camps: the PCs and their allies against the enemies (and any rivals).
Bystanders belong to no camp: nobody needs to defeat them."""


@dataclass(frozen=True, slots=True)
class Setup:
    """What stays fixed for a whole battle: the map, the data, the ruleset and its settings."""

    field: Battlefield
    catalog: Catalog
    ruleset: str = DEFAULT
    modules: frozenset[str] = frozenset()
    settings: Mapping[str, Any] = field(default_factory=dict)
    layout: TiledHexLayout | None = None
    surprised: frozenset[str] = frozenset()

    @property
    def heroic(self) -> bool:
        """Seed 000 heroic combat is in force."""
        return self.ruleset in HEROIC

    def place(self, hex_: Hex) -> str:
        """A hex as the GM finds it in Tiled: "col 4, row 7" (axial coordinates without a map)."""
        if self.layout is None:
            return f"({hex_.q}, {hex_.r})"
        col, row = self.layout.hex_to_offset(hex_)
        return f"col {col}, row {row}"

    def weapon_name(self, weapon_id: str) -> str:
        """A weapon's name, lower case as the log uses it."""
        return self.catalog.weapons[weapon_id].name.lower()

    def facing(self, direction: int, angle: float | None = None) -> str:
        """A facing as the map shows it on screen: "north-east", or "2 o'clock" for an angle."""
        return facing_name(direction, angle, self.layout)

    def setting(self, name: str, default: Any) -> Any:
        """A rule setting from the scenario, or the rulings' default."""
        return self.settings.get(name, default)


@dataclass(frozen=True, slots=True)
class SideState:
    """A side's running state: its morale (None for the PCs or immune sides) and what the
    automatic morale factors have already counted (Seed 002, Morale Factors)."""

    id: str
    name: str
    controller: str = "gm"
    morale: int | None = None
    intimidated_round: int = 0
    leader: int | None = None
    """The leader's entity id, when the side has a leader present at the start."""
    great_leader: bool = False
    leader_fell: bool = False
    losses_counted: int = 0
    """How many 20% steps of losses have cost morale already."""
    hero_pool: int = 0
    """Seed 004: hero points from outside sources the GM has awarded the side (module hero_points)."""


class DieNeeded(DiceError):
    """An action rolled only with typed faces ran out of them: `sides` is the die it needs next."""

    def __init__(self, sides: int, typed: int):
        super().__init__(f"a d{sides} is needed after the {typed} face(s) typed")
        self.sides = sides
        self.typed = typed


class ActionDice:
    """The dice one action uses: faces typed in by hand first, then the battle's seeded stream
    (or, with `typed_only`, nothing more: the table rolls every die of the action)."""

    def __init__(self, rng_state: int, manual: Iterable[int] = (), typed_only: bool = False):
        self._seeded = SeededDice.from_state(rng_state)
        self._manual = deque(manual)
        self._typed_only = typed_only
        self._used = 0

    def roll_die(self, sides: int) -> int:
        """One die: the next hand-entered face if any (checked against the die), else seeded;
        with `typed_only` and no face left, DieNeeded names the die."""
        if self._manual:
            face = self._manual[0]
            if not 1 <= face <= sides:
                raise DiceError(f"the face {face} you entered cannot come up on a d{sides}")
            self._used += 1
            return self._manual.popleft()
        if self._typed_only:
            raise DieNeeded(sides, self._used)
        return self._seeded.roll_die(sides)

    @property
    def state(self) -> int:
        """The seeded stream's state after this action."""
        return self._seeded.state

    @property
    def remaining(self) -> tuple[int, ...]:
        """Hand-entered faces not used (yet)."""
        return tuple(self._manual)


class Scene:
    """A working copy of the battle in which one action is resolved; it is a `Narrator` too."""

    def __init__(self, rules: Setup, world: World, dice: ActionDice, round_: int,
                 sides: Mapping[str, SideState], pending: Iterable[Prompt] = ()):
        self.setup = rules
        self.world = world
        self.dice = dice
        self.round = round_
        self.sides = dict(sides)
        self.events: list[Event] = []
        self.pending: list[Prompt] = list(pending)
        self.turn_over = False
        """Set by a ruleset when the action just taken ends the turn under way (as an EndTurn does)."""
        self.memo: dict | None = None
        """Answers that hold while nothing changes (an attacker's own side of every attack it
        could make), kept only on a scene read for options, where nothing is changed; None on a
        scene an action is resolved in."""

    def emit(self, event: Event) -> None:
        """Record an event of this action."""
        self.events.append(event)

    def place(self, hex_: Hex) -> str:
        """A hex as the GM finds it in Tiled: "col 4, row 7"."""
        return self.setup.place(hex_)

    def name(self, entity: EntityId) -> str:
        """The combatant's name for the log."""
        return self.world.get(entity, Identity).name

    def weapon(self, weapon_id: str) -> str:
        """The weapon's name, lower case as the log uses it."""
        return self.setup.weapon_name(weapon_id)

    def facing(self, direction: int, angle: float | None = None) -> str:
        """A facing as the map shows it on screen: "north-east", or "2 o'clock" for an angle."""
        return self.setup.facing(direction, angle)

    def side(self, side_id: str) -> str:
        """The side's name."""
        return self.sides[side_id].name

    def say(self, event: Event) -> str:
        """An event's sentence, told with this scene's names (for prompts and questions)."""
        return event.text(self)

    def roll(self, expression: str, actor: EntityId, purpose: str, **named: int) -> Roll:
        """Roll through the action's dice and log it with every face."""
        result = roll(expression, self.dice, **named)
        self.emit(Rolled(actor, purpose, result))
        return result

    def side_of(self, entity: EntityId) -> str:
        """The side id of a combatant."""
        return self.world.get(entity, Allegiance).side

    def is_surprised(self, entity: EntityId) -> bool:
        """Whether this combatant's side was surprised and it is still the first round (SWN core)."""
        return self.round == 1 and self.side_of(entity) in self.setup.surprised

    def update_side(self, side: str, **changes: Any) -> None:
        """Replace a side's state with some fields changed."""
        self.sides[side] = replace(self.sides[side], **changes)


def camp(side: str) -> str | None:
    """The camp a side fights in, or None for bystanders."""
    return FRIENDLY_CAMPS.get(side)


def friendly(side_a: str, side_b: str) -> bool:
    """Whether two sides are on the same side of the fight: the same side, or the same camp."""
    if side_a == side_b:
        return True
    mine = FRIENDLY_CAMPS.get(side_a)  # `camp`, read in place: every attack plan asks
    return mine is not None and mine == FRIENDLY_CAMPS.get(side_b)


def hostile(side_a: str, side_b: str) -> bool:
    """Whether two sides fight each other."""
    a, b = FRIENDLY_CAMPS.get(side_a), FRIENDLY_CAMPS.get(side_b)  # `camp` of each, read in place
    return a is not None and b is not None and a != b


def allied(scene: Scene, a: EntityId, b: EntityId) -> bool:
    """Two different combatants whose sides fight in the same camp."""
    mine = camp(scene.side_of(a))
    return a != b and mine is not None and mine == camp(scene.side_of(b))


def adjacent(world: World, a: EntityId, b: EntityId) -> bool:
    """Whether two combatants stand on neighbouring hexes."""
    return distance(world.get(a, Position).hex, world.get(b, Position).hex) == 1


def hex_of(world: World, entity: EntityId) -> Hex | None:
    """Where a combatant is, standing or lying fallen; None when it is on no hex."""
    position = world.try_get(entity, Position) or world.try_get(entity, Fallen)
    return position.hex if position is not None else None


def in_the_fight(world: World, entity: EntityId) -> bool:
    """A combatant still standing on the map: not fallen, not dead, with health left (one look
    in `fighting`, which a state's readers find worked out: the same answer for fewer calls)."""
    return entity in world.derived(FIGHTING_READS, _fighting)  # `fighting`, asked directly


FIGHTING_READS = (Dead, Fallen, Position, Health)
"""The component types `in_the_fight` reads: a value made from who is in the fight (and from
other types) names these among the stores it reads (`World.derived`)."""


def fighting(world: World) -> frozenset[EntityId]:
    """Every entity `in_the_fight`, worked out once while those stores stay the same (a state's
    readers ask again and again; a move or a hit makes it be worked out afresh)."""
    return world.derived(FIGHTING_READS, _fighting)


def _fighting(world: World) -> frozenset[EntityId]:
    """`in_the_fight` of everyone at once: on a hex, neither dead nor fallen, health left."""
    spent = {e for e, health in world.query(Health) if health.current <= 0}
    return frozenset(world.holders(Position) - world.holders(Dead) - world.holders(Fallen) - spent)
