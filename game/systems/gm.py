"""The GM's overrides (the issue "The table"): put a token anywhere, set health or any number
of a stat block (AC, attack bonus, hit dice, maximum health, movement, morale, save, skills,
ammunition) or a side's morale, turn a condition on or off, bring in a unit of any type of the
data files.

They are actions like any other, so undo takes them back and a save replays them; the battle
accepts them at any time except while a decision is open, and they never spend a turn's
actions. Rulings: a placed combatant triggers no overwatch; health is set only for those
still in the fight (the GM does not raise the fallen or the dead), and at 0 the combatant
falls as damage would have felled it; a new unit rolls no initiative and takes its turns last
in the round (the battle appends it to the order).
"""

from __future__ import annotations

from dataclasses import replace

from game.actions import GmAddUnit, GmPlace, GmSetCondition, GmSetHealth, GmSetHidden, GmSetSideMorale, GmSetStat
from game.components import (
    Allegiance,
    Armament,
    Health,
    Hidden,
    Identity,
    Overwatch,
    Position,
    Prone,
    Stats,
    TotalDefense,
    TurnBudget,
)
from game.deploy import stat_block, starting_health, unit_stats
from game.events import GmOverride
from game.hexgrid import Hex
from game.rules.fields import suggestion
from game.systems.footprint import footprint
from game.systems.footprint import place as put_down
from game.systems.scene import Scene, in_the_fight
from game.systems.wounds import fall_at_zero, recount_squad

CONDITIONS = {"prone": Prone, "total_defense": TotalDefense, "overwatch": Overwatch}
"""The conditions the GM sets by hand; overwatch can only be ended (it needs a facing)."""


def _standing(scene: Scene, entity: int) -> str | None:
    """Why the GM cannot change this combatant, or None."""
    if entity not in scene.world.entities() or not scene.world.has(entity, Stats):
        return f"there is no combatant with id {entity}"
    if not in_the_fight(scene.world, entity):
        return f"{scene.name(entity)} is out of the fight"
    return None


def _free(scene: Scene, hex_: Hex, mover: int = 0) -> str | None:
    """Why nobody can be put on this hex, or None."""
    if hex_ not in scene.setup.field:
        return f"{scene.place(hex_)} is off the map"
    if not scene.setup.field.enterable(hex_):
        return f"{scene.place(hex_)} cannot be entered"
    holder = scene.world.at(hex_)
    if holder is not None and holder != mover:
        return f"{scene.place(hex_)} is occupied by {scene.name(holder)}"
    return None


def check_place(scene: Scene, action: GmPlace) -> GmPlace | str:
    """Any free hex a combatant may stand on."""
    problem = _standing(scene, action.actor)
    if problem:
        return problem
    if scene.world.get(action.actor, Position).hex == action.to:
        return f"{scene.name(action.actor)} already stands on {scene.place(action.to)}"
    hexes = _carried(scene, action)
    return next((p for h in hexes if (p := _free(scene, h, action.actor))), None) or action


def _carried(scene: Scene, action: GmPlace) -> tuple[Hex, ...]:
    """The hexes the token covers once set down: a squad keeps its shape around the new hex."""
    here = footprint(scene.world, action.actor)
    return tuple(action.to + (h - here[0]) for h in here)


def place(scene: Scene, action: GmPlace, plan: GmPlace) -> None:
    """Lift the token and set it down: no path, no cost, nobody on overwatch sees it pass."""
    put_down(scene.world, action.actor, _carried(scene, action))
    scene.emit(GmOverride("place", action.actor, to=action.to))


def check_set_health(scene: Scene, action: GmSetHealth) -> GmSetHealth | str:
    """Between 0 and the combatant's maximum."""
    problem = _standing(scene, action.actor)
    if problem:
        return problem
    health = scene.world.get(action.actor, Health)
    if not 0 <= action.value <= health.maximum:
        return f"health must be between 0 and {health.maximum} for {scene.name(action.actor)}"
    if action.value == health.current:
        return f"{scene.name(action.actor)} already has {health.current} {health.unit.upper()}"
    return action


def set_health(scene: Scene, action: GmSetHealth, plan: GmSetHealth) -> None:
    """Set the health; a squad counts its units again; at 0 the combatant falls."""
    health = scene.world.get(action.actor, Health)
    scene.world.set(action.actor, Health(action.value, health.maximum, health.unit))
    scene.emit(GmOverride("health", action.actor, value=action.value, before=health.current,
                          unit=health.unit.upper()))
    if action.value == 0:
        fall_at_zero(scene, action.actor)
    else:
        recount_squad(scene, action.actor)


def check_set_condition(scene: Scene, action: GmSetCondition) -> GmSetCondition | str:
    """Prone and total defense on or off; overwatch off."""
    problem = _standing(scene, action.actor)
    if problem:
        return problem
    kind = CONDITIONS.get(action.condition)
    if kind is None:
        return (f"the GM sets only the conditions {', '.join(sorted(CONDITIONS))}, "
                f"not '{action.condition}'{suggestion(action.condition, CONDITIONS)}")
    if kind is Overwatch and action.active:
        return "overwatch needs a facing: the combatant sets it on its turn; the GM can only end it"
    if scene.world.has(action.actor, kind) == action.active:
        state = "already" if action.active else "not"
        return f"{scene.name(action.actor)} is {state} {action.condition.replace('_', ' ')}"
    return action


def set_condition(scene: Scene, action: GmSetCondition, plan: GmSetCondition) -> None:
    """Turn the condition on or off, spending nothing."""
    kind = CONDITIONS[action.condition]
    if action.active:
        scene.world.set(action.actor, kind())
    else:
        scene.world.remove(action.actor, kind)
    scene.emit(GmOverride("condition", action.actor, condition=action.condition, active=action.active))


def check_add_unit(scene: Scene, action: GmAddUnit) -> GmAddUnit | str:
    """A unit type of the data files, a side of this battle, a free hex."""
    types = scene.setup.catalog.unit_types
    if action.unit_type not in types:
        return f"there is no unit type '{action.unit_type}' in the data files{suggestion(action.unit_type, types)}"
    if action.side not in scene.sides:
        return f"there is no side '{action.side}' in this battle (sides: {', '.join(sorted(scene.sides))})"
    return _free(scene, action.to) or action


def add_unit(scene: Scene, action: GmAddUnit, plan: GmAddUnit) -> None:
    """Build the unit as deployment does (health rolled with the battle's dice) and set it down;
    unnamed, it is called after its type and its id ("Thug 9")."""
    unit_type = scene.setup.catalog.unit_types[action.unit_type]
    stats = unit_stats(unit_type.stats, {})
    weapon = scene.setup.catalog.weapons[stats["weapon"]]
    entity = scene.world.spawn(
        Allegiance(action.side), Position(action.to), stat_block(stats),
        starting_health(stats, scene.setup.ruleset, scene.dice, 1),
        Armament(weapon.id, weapon.magazine), TurnBudget())
    name = action.name or f"{stats['name']} {entity}"
    scene.world.set(entity, Identity(name, action.unit_type, stats["kind"], None))
    scene.emit(GmOverride("add", entity, to=action.to, unit_type=action.unit_type, side=action.side))


# -- stats --------------------------------------------------------------------------------
STAT_RANGES = {
    "ac": (0, 30), "attack_bonus": (-5, 20), "skill_bonus": (-5, 10), "move_hexes": (0, 30),
    "hit_dice": (0, 30), "max_health": (1, 999), "armor": (0, 30), "morale": (2, 12), "save": (2, 20),
}
"""The stat-block numbers the GM sets and the values allowed (Ruling: GM overrides); the block's
field behind each name is in STAT_FIELDS. Ammunition and skills are bounded elsewhere."""
STAT_FIELDS = {"hit_dice": "hd"}
SKILL_RANGE = (0, 4)
"""SWN core: skill levels run 0 to 4."""


def stat_value(scene: Scene, entity: int, stat: str) -> int | None:
    """A combatant's current value of a stat the GM may set (None: it has none)."""
    stats = scene.world.get(entity, Stats)
    if stat == "max_health":
        return scene.world.get(entity, Health).maximum
    if stat == "ammunition":
        return scene.world.get(entity, Armament).rounds if scene.world.has(entity, Armament) else None
    if stat.startswith("skill:"):
        return stats.skill(stat.removeprefix("skill:"))
    return getattr(stats, STAT_FIELDS.get(stat, stat))


def stat_values(scene: Scene, entity: int) -> dict[str, int]:
    """Every stat the GM may set on a standing combatant, with its value now (none for others)."""
    if _standing(scene, entity):
        return {}
    skills = [f"skill:{name}" for name, _ in scene.world.get(entity, Stats).skills]
    names = [*STAT_RANGES, "ammunition", *skills]
    values = {name: stat_value(scene, entity, name) for name in names}
    return {name: value for name, value in values.items() if value is not None}


def _stat_range(scene: Scene, entity: int, stat: str) -> tuple[int, int] | str:
    """The values allowed for a stat of this combatant, or why it has none to set."""
    if stat == "ammunition":
        armament = scene.world.try_get(entity, Armament)
        if armament is None or armament.weapon is None:
            return f"{scene.name(entity)} holds no weapon"
        magazine = scene.setup.catalog.weapons[armament.weapon].magazine
        return (0, magazine) if magazine else f"{scene.name(entity)}'s {scene.setup.weapon_name(armament.weapon)} takes no ammunition"
    if stat.startswith("skill:"):
        return SKILL_RANGE
    if stat not in STAT_RANGES:
        known = [*STAT_RANGES, "ammunition", "skill:NAME"]
        return f"the GM sets only {', '.join(known)}, not '{stat}'{suggestion(stat, known)}"
    return STAT_RANGES[stat]


def check_set_stat(scene: Scene, action: GmSetStat) -> GmSetStat | str:
    """A stat the combatant has, set to a value in its range (Ruling: GM overrides)."""
    problem = _standing(scene, action.actor)
    if problem:
        return problem
    allowed = _stat_range(scene, action.actor, action.stat)
    if isinstance(allowed, str):
        return allowed
    now = stat_value(scene, action.actor, action.stat)
    if now is None:
        return f"{scene.name(action.actor)} has no {_stat_words(action.stat)}"
    low, high = allowed
    if not low <= action.value <= high:
        return f"{_stat_words(action.stat)} must be between {low} and {high} for {scene.name(action.actor)}"
    if action.value == now:
        return f"{scene.name(action.actor)}'s {_stat_words(action.stat)} is already {now}"
    return action


def set_stat(scene: Scene, action: GmSetStat, plan: GmSetStat) -> None:
    """Set the number; a lower maximum lowers current health with it (a squad counts again)."""
    entity, stat, value = action.actor, action.stat, action.value
    before = stat_value(scene, entity, stat)
    stats = scene.world.get(entity, Stats)
    if stat == "max_health":
        health = scene.world.get(entity, Health)
        scene.world.set(entity, Health(min(health.current, value), value, health.unit))
    elif stat == "ammunition":
        scene.world.set(entity, replace(scene.world.get(entity, Armament), rounds=value))
    elif stat.startswith("skill:"):
        skills = tuple((name, value if name == stat.removeprefix("skill:") else level) for name, level in stats.skills)
        scene.world.set(entity, replace(stats, skills=skills))
    else:
        scene.world.set(entity, replace(stats, **{STAT_FIELDS.get(stat, stat): value}))
    scene.emit(GmOverride("stat", entity, value=value, before=before, stat=_stat_words(stat)))
    if stat == "max_health":
        recount_squad(scene, entity)


def _stat_words(stat: str) -> str:
    """A stat's name as the log says it."""
    if stat.startswith("skill:"):
        return f"{stat.removeprefix('skill:')} skill"
    return {"ac": "AC", "max_health": "maximum health"}.get(stat, stat.replace("_", " "))


def check_set_side_morale(scene: Scene, action: GmSetSideMorale) -> GmSetSideMorale | str:
    """A side that checks morale, set to a score from 2 to 12 (the range of 2d6)."""
    side = scene.sides.get(action.side)
    if side is None:
        return f"there is no side '{action.side}' in this battle (sides: {', '.join(sorted(scene.sides))})"
    if side.morale is None:
        return f"{side.name} never checks morale"
    low, high = STAT_RANGES["morale"]
    if not low <= action.value <= high:
        return f"morale must be between {low} and {high} for {side.name}"
    if action.value == side.morale:
        return f"{side.name}'s morale is already {side.morale}"
    return action


def set_side_morale(scene: Scene, action: GmSetSideMorale, plan: GmSetSideMorale) -> None:
    """Set the side's morale score."""
    before = scene.sides[action.side].morale
    scene.update_side(action.side, morale=action.value)
    scene.emit(GmOverride("side_morale", 0, value=action.value, before=before, side=action.side))


# -- hidden from the table ----------------------------------------------------------------
def check_set_hidden(scene: Scene, action: GmSetHidden) -> GmSetHidden | str:
    """Any combatant, standing or fallen, shown to or kept off the table view."""
    entity = action.actor
    if entity not in scene.world.entities() or not scene.world.has(entity, Stats):
        return f"there is no combatant with id {entity}"
    if scene.world.has(entity, Hidden) == action.hidden:
        return f"{scene.name(entity)} is {'already hidden from' if action.hidden else 'already shown on'} the table"
    return action


def set_hidden(scene: Scene, action: GmSetHidden, plan: GmSetHidden) -> None:
    """Reveal the combatant on the table view, or hide it again; nothing else changes."""
    if action.hidden:
        scene.world.set(action.actor, Hidden())
    else:
        scene.world.remove(action.actor, Hidden)
    scene.emit(GmOverride("hidden", action.actor, active=action.hidden))
