"""The map as a player reads it (`battle.map`): the terrain, lines of fire and cover, the way to
the nearest enemy, and who stands where. Every answer is worked out from the battle's current
state and the terrain alone; what holds while nothing changes is remembered (docs/speed.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from game.components import Allegiance, Identity, Position, Stats
from game.ecs import EntityId, World
from game.hexgrid import Hex
from game.hexgrid.paths import DistanceTable, Nearest, Ways
from game.memo import recall, remembers
from game.rules.cover import CoverReading
from game.systems.scene import fighting
from game.systems.sight import cover_lookup
from game.systems.sightlines import prime_covers
from game.terrain import Battlefield

if TYPE_CHECKING:
    from game.battle import Battle

WAYS_KEPT = 64
"""How many `approach_costs` maps the terrain remembers (least recently used go first)."""
_ENEMY_HEXES = remembers("enemy hexes")


def _standing(world: World, fighting_now: frozenset[EntityId]) -> tuple[tuple[EntityId, str, Hex], ...]:
    """`BattleMap.standing` of a world, `fighting_now` being who is in the fight."""
    return tuple((entity, side.side, world.get(entity, Position).hex) for entity, side in world.query(Allegiance)
                 if entity in fighting_now and world.has(entity, Identity) and world.has(entity, Stats))


class BattleMap:
    """The map of one battle as a player reads it: read only, always the battle's current state."""

    __slots__ = ("_battle", "_enemies")

    def __init__(self, battle: Battle):
        self._battle = battle
        self._enemies: tuple[tuple, tuple, dict[EntityId, tuple[Hex, ...]]] | None = None  # see `enemy_hexes`

    @property
    def field(self) -> Battlefield:
        """The map's terrain for this battle (read only)."""
        return self._battle.setup.field

    def cover(self, attacker_hex: Hex, target_hex: Hex, weapon: str | None = None) -> CoverReading:
        """What stands between two hexes: line of sight, concealment, and with a weapon id the
        cover armor against it (the computer player weighs positions with this)."""
        kind = self._battle.catalog.weapons[weapon].weapon_class if weapon else None
        return cover_lookup(self.field, attacker_hex, target_hex, kind)

    def covers(self, attacker_hexes: Iterable[Hex], target_hexes: Iterable[Hex],
               weapon: str | None = None) -> tuple[CoverReading, ...]:
        """`cover` for many pairs at once (pair k: attacker_hexes[k] at target_hexes[k]), worked
        out in one batch where that is quicker; readings equal `cover`'s."""
        kind = self._battle.catalog.weapons[weapon].weapon_class if weapon else None
        froms, tos, field = list(attacker_hexes), list(target_hexes), self.field
        prime_covers(field, froms, tos, [kind] * len(froms))
        return tuple(cover_lookup(field, a, b, kind) for a, b in zip(froms, tos))

    def approach_costs(self, goals: Iterable[Hex]) -> Mapping[Hex, int]:
        """Movement cost from every hex that has a way to the nearest goal hex, around walls and
        ignoring who stands where (the goals cost 0), as a read-only mapping. The search goes only
        as far as the hexes read so far need (a computer player reads a few hexes around one
        combatant), and is remembered per set of goals (bounded) on the terrain, so the battles of
        one `starter` share it and each reading carries it further."""
        key = tuple(sorted(set(goals)))
        field = self.field
        ways = field.memo("approach costs", lambda field: recall("approach costs", WAYS_KEPT))
        return ways.get(key, lambda: _ways(field, key))  # most are found remembered

    def nearer_hexes(self, goals: Iterable[Hex], around: Sequence[Hex], within: int) -> tuple[Hex, ...]:
        """The hexes at most `within` steps from one of `around` whose movement cost to the nearest
        goal (`approach_costs`) is less than that of `around[0]` (any hex with a way, when it has
        none), in hex order: where a move of `within` hexes from there could end nearer the goals,
        who stands where left aside. On a small map read off the kept costs over kept discs of cells."""
        return self.approach_costs(goals).nearer(tuple(around), within)

    def standing(self) -> tuple[tuple[EntityId, str, Hex], ...]:
        """(id, side, hex) of every combatant still in the fight, in id order: what
        `battle.combatants()` tells of them (`in_fight`, `side`, `hex`), read without dressing
        every view (the computer player asks before each move); worked out once while nobody
        moves or falls."""
        world = self._battle.state.world  # what the battle's reading scene reads
        return world.derived((Allegiance, Identity, Stats, Position), _standing, fighting(world))

    def enemy_hexes(self, actor: EntityId) -> tuple[Hex, ...]:
        """Where the combatants in the fight whose sides' camp is not the actor's stand, in id order
        (bystanders, of no camp, are nobody's enemy): what a computer player closes in on. Worked
        out once per combatant while nobody moves or falls (`standing` stays the very same value)."""
        standing, sides = self.standing(), self._battle.sides()
        kept = self._enemies
        if not _ENEMY_HEXES or kept is None or kept[0] is not standing or kept[1] is not sides:
            kept = self._enemies = (standing, sides, {})
        found = kept[2].get(actor)
        if found is None:
            found = kept[2][actor] = self._enemy_hexes(actor, standing, sides)
        return found

    def _enemy_hexes(self, actor: EntityId, standing, sides) -> tuple[Hex, ...]:
        """`enemy_hexes`, worked out."""
        camps = {side.id: side.camp for side in sides}
        side = next((s for e, s, _ in standing if e == actor), None)
        mine = camps.get(side if side is not None else self._battle.combatant(actor).side)
        if mine is None:
            return ()
        return tuple(hex_ for _, s, hex_ in standing if camps.get(s) is not None and camps.get(s) != mine)


def _ways(field: Battlefield, key: tuple[Hex, ...]) -> Mapping[Hex, int]:
    """`approach_costs` of a set of goals (sorted) worked out: on a small map read off kept rows
    (no search), otherwise searched as far as it is read."""
    table = field.memo("distance table", lambda field: DistanceTable(field.cost_grid())
                       if DistanceTable.fits(field.cost_grid()) else False)  # False: a map too big
    if table and Nearest.usable(table, key):  # a small map: kept rows, no search
        return Nearest(table, key)
    return Ways(field.cost_grid(), key)
