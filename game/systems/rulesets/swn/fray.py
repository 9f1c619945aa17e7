"""The Fray Die and Focused Fray of heroic PCs (Seed 000, The Fray Die; Ruling: Heroic).

Once a round a heroic PC with a `fray_die` stat may roll it On-turn (no Main or Move action)
at a lesser foe within the reach of the weapon in hand, with line of sight. Psychic classes
reach at least 30 m and may hit worthy foes too. No attack roll, no modifiers, no ammunition
(but a gun with an empty magazine reaches only as far as fists). The die is read on the
heroic table; points beyond what drops the target overflow to other valid Fray targets,
nearest first. Focused Fray spends the Main action to do the same to any foe, and counts as
that round's Fray Die. A round is one turn per combatant, so the turn budget's `fray_used`
(fresh every turn) is exactly "once per round".
"""

from __future__ import annotations

from game.rules.ruleset_names import SWN_HEROIC
from game.actions import FocusedFray, FrayDie
from game.components import Allegiance, Armament, Identity, Position, Stats, TurnBudget
from game.ecs import EntityId
from game.events import DamageRolled, FrayRolled, OverflowSource
from game.hexgrid import distance, range_in_hexes
from game.rules.swn.damage import after_armor
from game.rules.dice import DiceError, DiceExpression
from game.rules.swn.overflow import Candidate, focused_fray_check, fray_die_check, fray_reach_hexes, is_lesser_foe, roll_fray_die
from game.systems.budget import budget, spend
from game.systems.targets import enemies_in_the_fight, target_problem
from game.systems.rulesets.swn.attackers import is_person, weapon_in_hand
from game.systems.rulesets.swn.spill import points_to_drop, spill
from game.systems.scene import Scene
from game.systems.sight import cover_lookup
from game.systems.wounds import take_damage

SUPERNATURAL_CLASSES = ("psychic",)  # Seed 000: psychic or supernatural powers; of our classes, the Psychic
FIST_REACH_HEXES = 1


def supernatural(scene: Scene, actor: EntityId) -> bool:
    """Whether the PC's class works its Fray Die through psychic powers (30 m, worthy foes too)."""
    return scene.world.get(actor, Stats).character_class in SUPERNATURAL_CLASSES


def weapon_reach(scene: Scene, actor: EntityId) -> int:
    """The weapon in hand's maximum range in hexes; fists (1 hex) for melee or an empty magazine."""
    weapon = weapon_in_hand(scene, actor)
    empty = weapon.magazine and scene.world.get(actor, Armament).rounds < 1
    if weapon.is_melee or empty:
        return FIST_REACH_HEXES
    return max(FIST_REACH_HEXES, range_in_hexes(weapon.range_m[1]))


def is_lesser(scene: Scene, actor: EntityId, target: EntityId) -> bool:
    """An NPC with hit dice at most the PC's level; heroic PCs, vehicles and mechs never are."""
    kind = scene.world.get(target, Identity).kind
    if kind in ("vehicle", "mech"):
        return False
    hd = scene.world.get(target, Stats).hd
    return is_lesser_foe(hd, scene.world.get(actor, Stats).level, target_is_heroic_pc=kind == "pc")


def _user_problem(scene: Scene, actor: EntityId) -> str | None:
    """Why this combatant has no Fray Die to roll in this battle, or None."""
    if not scene.setup.heroic:
        return f"the Fray Die belongs to heroic combat (ruleset {SWN_HEROIC}), not '{scene.setup.ruleset}'"
    stats = scene.world.get(actor, Stats)
    if scene.world.get(actor, Identity).kind != "pc" or not stats.fray_die:
        return "only a heroic PC with a Fray Die can roll one"
    try:
        modified = bool(DiceExpression.parse(stats.fray_die).modifiers)
    except DiceError as error:
        return f"the Fray Die stat '{stats.fray_die}' is not a dice expression: {error}"
    return f"a Fray Die is never modified: make the stat '{stats.fray_die}' dice alone" if modified else None


def _target_problem(scene: Scene, actor: EntityId, target: EntityId) -> str | None:
    """Why the target cannot be a Fray target at all (whatever the reach), or None."""
    world = scene.world
    problem = target_problem(scene, actor, target)
    if problem:
        return problem
    sight = cover_lookup(scene.setup.field, world.get(actor, Position).hex, world.get(target, Position).hex, None)
    return None if sight.visible else sight.text(scene.place)


def fray_problem(scene: Scene, actor: EntityId, target: EntityId, focused: bool = False) -> str | None:
    """Why the (Focused) Fray Die cannot go on this target now, or None (Seed 000)."""
    problem = _user_problem(scene, actor) or _target_problem(scene, actor, target)
    if problem:
        return problem
    if scene.is_surprised(actor):
        return "surprised: no actions in the first round, the Fray Die included"
    gap = distance(scene.world.get(actor, Position).hex, scene.world.get(target, Position).hex)
    left = budget(scene, actor)
    if focused:
        verdict = focused_fray_check(main_action_available=left.main, used_this_round=left.fray_used,
                                     distance_hexes=gap, reach_hexes=fray_reach(scene, actor))
    else:  # own turn: the battle refuses actions that are not Instant off the actor's turn
        verdict = fray_die_check(own_turn=True, used_this_round=left.fray_used,
                                 target_lesser=is_lesser(scene, actor, target),
                                 supernatural=supernatural(scene, actor), distance_hexes=gap,
                                 weapon_reach_hexes=weapon_reach(scene, actor))
    return None if verdict.allowed else verdict.reason


def fray_reach(scene: Scene, actor: EntityId) -> int:
    """How far the PC's Fray Die reaches, in hexes."""
    return fray_reach_hexes(weapon_reach(scene, actor), supernatural(scene, actor))


def fray_options(scene: Scene, actor: EntityId, focused: bool = False) -> list[tuple[EntityId, str | None]]:
    """Every enemy in the fight with None (a valid target) or why not (for the window)."""
    return [(other, fray_problem(scene, actor, other, focused)) for other in enemies_in_the_fight(scene, actor)]


def _overflow_candidates(scene: Scene, actor: EntityId, target: EntityId) -> list[Candidate]:
    """Other foes a Fray Die could reach from here: persons in the fight, in reach and sight."""
    here, reach = scene.world.get(actor, Position).hex, fray_reach(scene, actor)
    found = []
    for other, _ in scene.world.query(Allegiance):
        if other == target or not is_person(scene, other) or _target_problem(scene, actor, other):
            continue
        gap = distance(here, scene.world.get(other, Position).hex)
        if gap <= reach:
            found.append(Candidate(other, scene.world.get(other, Stats).ac, gap, points_to_drop(scene, other),
                                   lesser=is_lesser(scene, actor, other)))
    return found


def unleash(scene: Scene, actor: EntityId, target: EntityId, focused: bool) -> None:
    """Roll the Fray Die on the target and spill any overflow (Seed 000)."""
    if focused:
        spend(scene, actor, "main")
    left = budget(scene, actor)
    scene.world.set(actor, TurnBudget(main=left.main, move=left.move, fray_used=True))
    fray = roll_fray_die(scene.world.get(actor, Stats).fray_die, scene.dice)
    rolled = FrayRolled(actor, target, fray.roll, focused)
    scene.emit(rolled)
    if not is_person(scene, target):  # Seed 000, Vehicle Damage: read straight, armor subtracted
        armor = scene.world.get(target, Stats).armor
        amount = after_armor(fray.roll.total, armor)
        scene.emit(DamageRolled(actor, target, fray.roll, armor, amount, source="fray"))
        take_damage(scene, target, amount)
        return
    scene.emit(DamageRolled(actor, target, fray.roll, 0, fray.points, fray.reading, source="fray"))
    excess = take_damage(scene, target, fray.points)
    lesser_only = not (focused or supernatural(scene, actor))
    spill(scene, excess, _overflow_candidates(scene, actor, target), None, OverflowSource(actor, rolled.how),
          lesser_only)


def check_fray_die(scene: Scene, action: FrayDie) -> FrayDie | str:
    """The Fray Die: On-turn, once a round, at a lesser foe in reach (Seed 000)."""
    return fray_problem(scene, action.actor, action.target) or action


def fray_die(scene: Scene, action: FrayDie, plan: FrayDie) -> None:
    """Roll the Fray Die on the target."""
    unleash(scene, action.actor, action.target, focused=False)


def check_focused_fray(scene: Scene, action: FocusedFray) -> FocusedFray | str:
    """Focused Fray: the Main action, any foe in reach, instead of this round's Fray Die (Seed 000)."""
    return fray_problem(scene, action.actor, action.target, focused=True) or action


def focused_fray(scene: Scene, action: FocusedFray, plan: FocusedFray) -> None:
    """Spend the Main action and roll the Fray Die on any foe."""
    unleash(scene, action.actor, action.target, focused=True)
