"""Random actions for the battle fuzzers: of every registered type, with fields as often absurd
as sensible, chosen by a `Picker` (hypothesis draws, or a seeded random.Random).

Used by tests/test_battle_properties.py through tests/fuzz_driver.py.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from hypothesis import strategies as st

from game.actions import ACTION_TYPES, Action
from game.battle import Battle
from game.components import Allegiance, Carried, Dead, DroppedWeapon, Fallen, Health, Position
from game.hexgrid import Hex, distance, line, neighbors

BOGUS_IDS = (0, -1, 10**9)
ABSURD = 10**12
T = TypeVar("T")


def in_the_fight(world, entity: int) -> bool:
    """Standing on the map: a Position, neither Dead nor Fallen, and health left (read through
    the components, so the check does not lean on the engine's own helper)."""
    if not world.has(entity, Position) or world.has(entity, Dead) or world.has(entity, Fallen):
        return False
    health = world.try_get(entity, Health)
    return health is None or health.current > 0


# -- choosing -------------------------------------------------------------------------------
class Picker(Protocol):
    """Where the random choices come from: hypothesis draws, or a seeded random.Random."""

    def choice(self, options: Sequence[T]) -> T: ...
    def integer(self, low: int, high: int) -> int: ...
    def chance(self, percent: int) -> bool: ...


class DrawPicker:
    """Choices drawn from hypothesis (they shrink towards the first option and the low end)."""

    def __init__(self, data):
        self._data = data

    def choice(self, options: Sequence[T]) -> T:
        return self._data.draw(st.sampled_from(list(options)))

    def integer(self, low: int, high: int) -> int:
        return self._data.draw(st.integers(low, high))

    def chance(self, percent: int) -> bool:
        return self._data.draw(st.integers(0, 99)) >= 100 - percent


class SeededPicker:
    """Choices from a random.Random with a fixed seed (the deterministic smoke test)."""

    def __init__(self, seed: int):
        self._random = random.Random(seed)

    def choice(self, options: Sequence[T]) -> T:
        return self._random.choice(list(options))

    def integer(self, low: int, high: int) -> int:
        return self._random.randint(low, high)

    def chance(self, percent: int) -> bool:
        return self._random.randrange(100) < percent


# -- random actions -------------------------------------------------------------------------
def _someone(battle: Battle, pick: Picker) -> int:
    """Mostly whoever may act now; sometimes anyone, the dead included; sometimes nobody real."""
    prompt = battle.pending()
    likely = [prompt.decider] if prompt is not None else []
    if battle.current() is not None:
        likely.append(battle.current())
    roll = pick.integer(0, 9)
    if likely and roll < 7:
        return pick.choice(likely)
    if roll < 9:
        return pick.choice(battle.world.entities() or BOGUS_IDS)
    return pick.choice(BOGUS_IDS)


def _hex(battle: Battle, pick: Picker, near: Hex | None = None) -> Hex:
    """A hex on the map or next to it, one next to `near`, or now and then an absurd one."""
    roll = pick.integer(0, 19)
    if roll == 0:
        return Hex(pick.choice((ABSURD, -ABSURD, 0)), pick.choice((ABSURD, -ABSURD, 3)))
    if near is not None and roll < 10:
        return pick.choice(neighbors(near) + [near])
    field = battle.map.field.hexes()
    base = pick.choice(field) if field else Hex(0, 0)
    return base if pick.chance(70) else pick.choice(neighbors(base))


def _where(battle: Battle, actor: int) -> Hex | None:
    position = battle.world.try_get(actor, Position) or battle.world.try_get(actor, Fallen)
    return position.hex if position is not None else None


def _path(battle: Battle, pick: Picker, actor: int, towards: int | None = None) -> tuple[Hex, ...]:
    """0..8 hexes: a random walk from the actor's hex with some junk mixed in; or a way the
    actor can really walk; or a straight run to the hex before `towards` (a charge)."""
    here = _where(battle, actor) or _hex(battle, pick)
    there = _where(battle, towards) if towards is not None else None
    roll = pick.integer(0, 9)
    if there is not None and roll < 4 and distance(here, there) <= 40:  # `here` may be an absurd hex
        return tuple(line(here, there)[1:-1])
    if roll < 7 and in_the_fight(battle.world, actor):
        reach = sorted((o.hex, o.path) for o in battle.options(actor, groups=("move",)).allowed("move"))
        if reach:
            return tuple(pick.choice(reach)[1])
    steps = []
    for _ in range(pick.integer(0, 8)):
        here = _hex(battle, pick) if pick.chance(10) else pick.choice(neighbors(here) + [here])
        steps.append(here)
    return tuple(steps)


def _nearby(battle: Battle, pick: Picker, actor: int) -> int:
    """Mostly one of the three combatants nearest the actor (standing or fallen), of another
    side or of its own; else anyone."""
    here = _where(battle, actor)
    if here is None or pick.chance(25):
        return _someone(battle, pick)
    world = battle.world
    mine = world.try_get(actor, Allegiance)
    theirs = pick.chance(65)
    others = sorted((distance(here, hex_), entity) for entity in world.entities() if entity != actor
                    for hex_ in [_where(battle, entity)] if hex_ is not None
                    if (world.try_get(entity, Allegiance) != mine) == theirs)
    return pick.choice(others[:3])[1] if others else _someone(battle, pick)


def _weapon(battle: Battle, pick: Picker, actor: int) -> str:
    """A weapon the actor carries or stands on, any weapon of the catalog, or none at all."""
    world, here = battle.world, _where(battle, actor)
    handy = list(world.try_get(actor, Carried).weapons) if world.has(actor, Carried) else []
    handy += [w.weapon for _, w in world.query(DroppedWeapon) if w.hex == here]
    if handy and pick.chance(70):
        return pick.choice(handy)
    return pick.choice(sorted(battle.catalog.weapons) + ["", "no such gun"])


def _angle(pick: Picker) -> float | None:
    roll = pick.integer(0, 9)
    if roll < 5:
        return None
    if roll == 9:
        return pick.choice((math.nan, math.inf, -math.inf, 1e300))
    return pick.integer(-7200, 7200) / 10


DICE = ("1d6+2", "2d4", "1d8+1", "3", "0", "1d6-10", "1000d1000", "1001d6", "d", "", "1d0", "2d6*3",
        "9" * 300, "1d6+", "-1d6")


def _value(battle: Battle, pick: Picker, action_type: type[Action], name: str, kind: str, actor: int,
           chosen: dict[str, Any]) -> Any:
    """A random value for one field of an action, chosen by the field's name and type (and the
    fields chosen before it: a charge runs towards its target)."""
    if name in ("target", "ally"):
        return _nearby(battle, pick, actor)
    if name == "path":
        return _path(battle, pick, actor, towards=chosen.get("target"))
    if name == "weapon":
        return _weapon(battle, pick, actor)
    if name == "side":
        return pick.choice([s.id for s in battle.state.sides] + ["", "nobody"])
    if name == "unit_type":
        return pick.choice(sorted(battle.catalog.unit_types) + ["", "no such unit"])
    if name == "condition":
        return pick.choice(("prone", "total_defense", "overwatch", "stunned"))
    if name == "value":
        return pick.integer(-1, 12)
    if name == "dice":
        return pick.choice(DICE[:4] if pick.chance(60) else DICE)
    if name == "facing":
        return pick.integer(0, 5) if pick.chance(80) else pick.choice((-1, 6, 7, 10**9))
    if name == "angle":
        return _angle(pick)
    if kind.startswith("Hex"):
        return _hex(battle, pick, near=_where(battle, actor))
    if kind.startswith("bool"):
        return pick.chance(50)
    if kind.startswith("int"):
        return _someone(battle, pick)
    if kind.startswith("str"):
        return pick.choice(("", "x"))
    if kind.startswith("float"):
        return _angle(pick)
    if "tuple[Hex" in kind:
        return _path(battle, pick, actor)
    if "tuple[str" in kind:  # a hero point negation's picks (seed 004), known and unknown
        return tuple(pick.choice(("shock", "wound", "knockdown", "x")) for _ in range(pick.integer(0, 7)))
    raise AssertionError(f"the fuzzer does not know how to fill {action_type.__name__}.{name}: {kind}")


def _faces(pick: Picker) -> tuple[int, ...]:
    if not pick.chance(15):
        return ()
    return tuple(pick.integer(1, 20) if pick.chance(90) else pick.choice((0, -3, 1001, 10**9))
                 for _ in range(pick.integer(1, 6)))


def random_action(battle: Battle, pick: Picker) -> Action:
    """An action of any registered type with random fields, as often refused as accepted."""
    action_type = ACTION_TYPES[pick.choice(sorted(ACTION_TYPES))]
    actor = _someone(battle, pick)
    values: dict[str, Any] = {}
    for f in dataclasses.fields(action_type):
        if f.name not in ("actor", "faces"):
            values[f.name] = _value(battle, pick, action_type, f.name, str(f.type), actor, values)
    return action_type(actor, faces=_faces(pick), **values)


