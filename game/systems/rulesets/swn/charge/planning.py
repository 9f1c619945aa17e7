"""Planning a charge (seed 002): the paths a charge may run and its blow's odds and damage,
read from the scene before any die is rolled (`plan_charge`, `charge_paths`, `strike_plan`)."""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from game.components import Identity, Position, Prone, Stats, TurnBudget
from game.ecs import EntityId
from game.hexgrid import Hex, direction_to_neighbor, distance, neighbor, neighbors
from game.rules.swn.attack import AttackSetup, Modifier, hit_chance
from game.rules.catalog import Weapon
from game.rules.swn.damage import effective_armor, expected_charge_blow, expected_damage
from game.rules.swn.maneuvers import CHARGE_DICE_PER_HEX, charge_dice, pilot_difficulty
from game.rules.swn.saves import check_chance, skill_parts
from game.rules.formation import following
from game.systems.footprint import footprint, is_spread, standing_problem
from game.systems.rulesets.swn.attackers import UNARMED, VEHICLE_KINDS, attack_parts, melee_setup, weapon_in_hand
from game.systems.targets import target_problem
from game.systems.movement import passage_rule, path_problem
from game.systems.scene import Scene
from game.systems.sight import cover_lookup

UNARMED_SKILLS = ("punch", "exert")  # Seed 002, Charge (Person): "your Punch or Exert skill"
BARE_HANDS = ("str", "dex")
SIZE_RANK = {"person": 0, "suit_mech": 1, "ordinary_vehicle": 1, "light_mech": 2, "gravtank": 2,
             "heavy_mech": 3}  # Seed 002 groups the classes this way in the ram's damage
SOFT_TURNS = (0, 1, 5)  # direction changes of at most 60 degrees, either way


@dataclass(frozen=True, slots=True)
class ChargeRoute:
    """A legal charge ending on `hex`: the movement points spent and the path (start excluded)."""

    hex: Hex
    cost: int
    path: tuple[Hex, ...]


@dataclass(frozen=True, slots=True)
class ChargePlan:
    """Everything decided before the dice: the odds come from `setup`, as for any attack.

    `weapon` is the melee weapon a person stabs with (None: bare-handed, or a ram); `armor`
    is what the target's armor takes off the blow; a ram also carries the charger's size
    class and its Pilot check parts.
    """

    charger: EntityId
    target: EntityId
    hexes: int
    setup: AttackSetup
    ram: bool
    weapon: Weapon | None
    attribute: int
    armor: int
    target_can_fall: bool
    size_class: str = "person"
    pilot_parts: tuple[Modifier, ...] = ()

    @property
    def chance(self) -> Fraction:
        """The exact chance the charge's attack hits."""
        return hit_chance(self.setup)

    @property
    def pilot_chance(self) -> Fraction | None:
        """For a ram: the exact chance of the Pilot check made after a hit."""
        return check_chance(self.pilot_parts, pilot_difficulty(self.hexes)) if self.ram else None

    def expected_damage(self, heroic: bool) -> Fraction:
        """The exact mean damage of the charge: the chance to hit times the mean blow after
        `armor` (cover armor included), on the heroic table when `heroic`, as the blow lands."""
        if self.ram:
            blow = expected_damage(charge_dice(self.size_class, self.hexes), 0, False, self.armor, heroic)
        else:
            blow = expected_charge_blow(self.weapon.damage if self.weapon else None, self.attribute, self.armor, heroic)
        return self.chance * blow

    @property
    def damage(self) -> str:
        """The damage dice in words, for the window."""
        if self.ram:
            return charge_dice(self.size_class, self.hexes)
        return f"the higher of 1d6 and {self.weapon.damage}" if self.weapon else "1d6"


def can_knock_down(charger: Stats, target: Stats, target_kind: str) -> bool:
    """Whether a charge can knock this target prone: its size or smaller, and able to fall."""
    return target_kind != "vehicle" and SIZE_RANK.get(target.size_class, 0) <= SIZE_RANK.get(charger.size_class, 0)


def sharp_turn(start: Hex, path: Sequence[Hex]) -> Hex | None:
    """The first hex where an adjacent-step path turns more than 60 degrees, or None."""
    heading, here = None, start
    for step in path:
        direction = direction_to_neighbor(here, step)
        if heading is not None and (direction - heading) % 6 not in SOFT_TURNS:
            return here
        heading, here = direction, step
    return None


def ready_problem(scene: Scene, charger: EntityId) -> str | None:
    """Why this combatant cannot charge anyone now (prone, or its actions spent), or None."""
    if scene.world.has(charger, Prone):
        return "stand up first (it takes the Move action)"
    left = scene.world.get(charger, TurnBudget)
    if not (left.move and left.main):
        return "a charge takes both the Move and the Main action, and one is already used"
    return None


def _run_problem(scene: Scene, charger: EntityId, target: EntityId, path: Sequence[Hex]) -> str | None:
    world = scene.world
    allies_block = scene.setup.setting("allies_block_movement", False)
    points = world.get(charger, Stats).move_hexes
    problem = path_problem(scene.setup.field, world, charger, path, points, allies_block, scene.place)
    if problem:
        return f"cannot charge along that path: {problem}"
    corner = sharp_turn(world.get(charger, Position).hex, path)
    if corner is not None:
        return f"the path turns more than 60 degrees at {scene.place(corner)}: a charge runs straight or in soft turns"
    return _wake_problem(scene, charger, path)


def _wake_problem(scene: Scene, charger: EntityId, path: Sequence[Hex]) -> str | None:
    """A squad over several hexes charges as one NPC (seed 002, Squad Size): its head runs the
    path and the rest follows in its wake (`following`); why the rest cannot stand there, or None."""
    if not is_spread(scene.world, charger):
        return None
    for hex_ in following(footprint(scene.world, charger), path):
        problem = standing_problem(scene, charger, hex_)
        if problem:
            return f"the squad cannot follow its head: {problem}"
    return None


def strike_plan(scene: Scene, charger: EntityId, target: EntityId, from_hex: Hex, hexes: int) -> ChargePlan | str:
    """The charge's blow from `from_hex` after running `hexes` hexes, or why it cannot land."""
    problem = target_problem(scene, charger, target)
    if problem:
        return problem
    world = scene.world
    if distance(from_hex, world.get(target, Position).hex) != 1:
        return f"the charge must end next to {scene.name(target)}"
    mine, theirs = world.get(charger, Stats), world.get(target, Stats)
    falls = can_knock_down(mine, theirs, world.get(target, Identity).kind)
    if world.get(charger, Identity).kind in VEHICLE_KINDS:
        return _ram_plan(scene, charger, target, from_hex, hexes, falls)
    weapon = weapon_in_hand(scene, charger)
    stabbing = weapon if weapon.is_melee and weapon.id != UNARMED else None
    skills, attributes = ((weapon.skill,), weapon.attributes) if stabbing else (UNARMED_SKILLS, BARE_HANDS)
    parts, attribute, untrained = attack_parts(scene, charger, skills, attributes)
    setup = melee_setup(scene, charger, target, from_hex, parts, untrained, theirs.ac)
    blow = (stabbing or scene.setup.catalog.weapons[UNARMED]).weapon_class
    cover = cover_lookup(scene.setup.field, from_hex, world.get(target, Position).hex, blow)
    armor = effective_armor((cover.armor, theirs.armor), stabbing.armor_piercing if stabbing else 0)
    return ChargePlan(charger, target, hexes, setup, False, stabbing, attribute, armor, falls)


def _ram_plan(scene: Scene, charger: EntityId, target: EntityId, from_hex: Hex, hexes: int,
              falls: bool) -> ChargePlan | str:
    mine, theirs = scene.world.get(charger, Stats), scene.world.get(target, Stats)
    if mine.size_class not in CHARGE_DICE_PER_HEX:
        return (f"{scene.name(charger)} has size class '{mine.size_class}', which has no ram damage "
                f"(one of: {', '.join(CHARGE_DICE_PER_HEX)})")
    parts, _, _ = attack_parts(scene, charger, (), ())
    setup = melee_setup(scene, charger, target, from_hex, parts, False, theirs.ac)
    pilot = skill_parts("Pilot", mine.pilot, "DEX", mine.attribute("dex"))
    return ChargePlan(charger, target, hexes, setup, True, None, 0, effective_armor((theirs.armor,)),
                      falls, mine.size_class, pilot)


def plan_charge(scene: Scene, charger: EntityId, target: EntityId, path: Sequence[Hex]) -> ChargePlan | str:
    """The plan for charging `target` along `path` (odds, damage dice), or why it cannot be made."""
    problem = target_problem(scene, charger, target) or _run_problem(scene, charger, target, path)
    if problem:
        return problem
    return strike_plan(scene, charger, target, path[-1], len(path))


def _headings(heading: int | None) -> tuple[int, ...]:
    return tuple(range(6)) if heading is None else tuple((heading + turn) % 6 for turn in (5, 0, 1))


def charge_paths(scene: Scene, charger: EntityId, target: EntityId) -> dict[Hex, ChargeRoute]:
    """Every hex a charge on `target` can end on, each with its cheapest legal path.

    A search over (hex, last direction) states by movement spent; ties go to fewer steps,
    then to the smaller path in hex order, so the routes shown are always the same. Empty
    when the charge cannot be made at all (prone, actions used, not an enemy).
    """
    if ready_problem(scene, charger) or target_problem(scene, charger, target):
        return {}
    world, field = scene.world, scene.setup.field
    rule = passage_rule(world, charger, scene.setup.setting("allies_block_movement", False))
    ends = set(neighbors(world.get(target, Position).hex))
    points = world.get(charger, Stats).move_hexes
    best: dict[tuple[Hex, int | None], int] = {}
    frontier: list[tuple[int, int, tuple[Hex, ...], Hex, int | None]] = [
        (0, 0, (), world.get(charger, Position).hex, None)]
    routes: dict[Hex, ChargeRoute] = {}
    while frontier:
        cost, steps, path, here, heading = heapq.heappop(frontier)
        if path and here in ends and here not in routes and rule(here) == "free":
            routes[here] = ChargeRoute(here, cost, path)
        for direction in _headings(heading):
            step = neighbor(here, direction)
            step_cost = field.move_cost(step)
            if step_cost is None or rule(step) == "blocked" or cost + step_cost > points:
                continue
            if cost + step_cost < best.get((step, direction), points + 1):
                best[(step, direction)] = cost + step_cost
                heapq.heappush(frontier, (cost + step_cost, steps + 1, path + (step,), step, direction))
    return dict(sorted(routes.items()))
