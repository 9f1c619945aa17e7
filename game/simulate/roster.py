"""One side's roster as the balance search varies it: how many of each unit type, and the change.

A roster is a number of units per type (`Stock`): the types already on the side and those the
GM names with --types. A `RosterChange` says how a candidate differs from the map: units added
(each on a free cell, `placement`), units removed (the last added first: the highest object id;
leaders and named units only when the GM asks), squads whose count changed. `apply_change`
plays it on the scenario read from the map, exactly as the map `balance_map` writes reads back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from game.hexgrid import Hex
from game.scenario.model import Scenario, UnitPlacement

MOST_IN_A_SQUAD = 999
"""A squad's largest count (the map format's limit)."""


@dataclass(frozen=True, slots=True)
class Added:
    """A unit the search adds: its object id and name, type, hex, and the map object it copies
    (`copy_of`, an unnamed unit of its type and side; 0 for a new Unit object, which joins the
    object layer of the unit `beside` and takes its facing and hidden flag)."""

    object_id: int
    name: str
    unit_type: str
    hex: Hex
    copy_of: int
    beside: int
    facing: int | None = None
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class RosterChange:
    """How a candidate's roster differs from the map's (plain, hashable, picklable data)."""

    side: str
    added: tuple[Added, ...] = ()
    removed: tuple[int, ...] = ()
    """Object ids of the units taken away."""
    counts: tuple[tuple[int, int], ...] = ()
    """(squad object id, its new count)."""
    leaderless: bool = False
    """The side's leader is among those removed: the side has no leader any more."""


@dataclass(frozen=True, slots=True)
class Stock:
    """One unit type of the varied side: how many it has, and how that number can change. A
    type with a `squad` (an object id) changes that squad's count; otherwise units are added
    one object each (copying `copy_of` when there is one) and taken away from `removable`."""

    unit_type: str
    name: str
    have: int
    squad: int = 0
    squad_count: int = 0
    removable: tuple[int, ...] = ()
    """Object ids that may be taken away, the last added (highest id) first."""
    copy_of: int = 0

    def fewest_removed(self) -> int:
        """The most units of this type a candidate can take away."""
        return self.squad_count - 1 if self.squad else len(self.removable)


def apply_change(scenario: Scenario, change: RosterChange | None) -> Scenario:
    """The scenario with the candidate's roster: units removed, squad counts set, units added
    after the units of the object layer they join (where the written map has them)."""
    if change is None or change == RosterChange(change.side):
        return scenario
    counts = dict(change.counts)
    units = [replace(u, count=counts[u.object_id]) if u.object_id in counts else u
             for u in scenario.units if u.object_id not in change.removed]
    by_id = {u.object_id: u for u in scenario.units}
    for added in change.added:
        units.insert(_after_layer(units, added.beside), _placement(added, change.side, by_id))
    sides = dict(scenario.sides)
    if change.leaderless:
        sides[change.side] = replace(sides[change.side], leader=None)
    return replace(scenario, units=tuple(units), sides=MappingProxyType(sides))


def _placement(added: Added, side: str, by_id: Mapping[int, UnitPlacement]) -> UnitPlacement:
    """The added unit as the loader reads its object."""
    if added.copy_of:
        model = by_id[added.copy_of]
        return replace(model, object_id=added.object_id, name=added.name, hex=added.hex, led_by=None, footprint=())
    layer = by_id[added.beside].layer
    return UnitPlacement(added.object_id, added.name, added.unit_type, side, added.hex, 1, added.facing,
                         MappingProxyType({}), layer, hidden=added.hidden)


def _after_layer(units: Sequence[UnitPlacement], beside: int) -> int:
    """Where a unit added to the layer of unit `beside` comes: after that layer's run of units."""
    at = next((i for i, u in enumerate(units) if u.object_id == beside), None)
    if at is None:
        return len(units)
    layer = units[at].layer
    while at + 1 < len(units) and units[at + 1].layer == layer:
        at += 1
    return at + 1


def is_named(unit: UnitPlacement, type_name: str) -> bool:
    """Whether the map gives the unit a name of its own (not the loader's 'Thug 12')."""
    return unit.name != f"{type_name} {unit.object_id}"


def side_stocks(scenario: Scenario, side: str, type_names: Mapping[str, str], extra: Sequence[str],
                may_remove_named: bool) -> tuple[Stock, ...]:
    """The side's unit types in the order they first stand on the map, then the extra ones."""
    units = [u for u in scenario.units if u.side == side]
    kept = _kept_units(scenario, side, units, type_names, may_remove_named)
    order = list(dict.fromkeys([u.unit_type for u in units] + list(extra)))
    return tuple(_stock(kind, type_names[kind], [u for u in units if u.unit_type == kind], kept) for kind in order)


def _kept_units(scenario: Scenario, side: str, units: list[UnitPlacement], type_names: Mapping[str, str],
                may_remove_named: bool) -> set[int]:
    """Units never taken away: named ones and the leader (unless the GM asks), a unit a squad
    names as its leader (`led_by`), squads, and units with a footprint."""
    leader = scenario.sides[side].leader if side in scenario.sides else None
    leading = {u.led_by for u in scenario.units if u.led_by is not None}
    return {u.object_id for u in units
            if u.count > 1 or u.footprint or u.object_id in leading
            or (not may_remove_named and (is_named(u, type_names[u.unit_type]) or u.object_id == leader))}


def _stock(kind: str, name: str, units: list[UnitPlacement], kept: set[int]) -> Stock:
    """One type's stock: a squad without a footprint varies by count, else units one by one."""
    have = sum(u.count for u in units)
    squads = [u for u in units if u.count > 1 and not u.footprint]
    if squads:
        squad = max(squads, key=lambda u: u.object_id)
        return Stock(kind, name, have, squad=squad.object_id, squad_count=squad.count)
    removable = tuple(sorted((u.object_id for u in units if u.object_id not in kept), reverse=True))
    models = [u for u in units if u.count == 1 and not u.footprint and u.name == f"{name} {u.object_id}"]
    return Stock(kind, name, have, removable=removable, copy_of=models[-1].object_id if models else 0)


@dataclass(frozen=True, slots=True)
class Roster:
    """What the search varies on one side, and how a candidate (a number of units more or fewer
    per stock, in stock order) becomes a `RosterChange`."""

    side: str
    stocks: tuple[Stock, ...]
    cells: tuple[Hex, ...]
    """Free cells for added units, the nearest the side first."""
    next_id: int
    """The object id the first added unit takes (the map's next object id)."""
    beside: int
    """A unit of the side whose object layer new Unit objects join (the last on the map)."""
    facing: int | None
    hidden: bool
    leader: int | None

    def unchanged(self) -> tuple[int, ...]:
        """The map's own roster as a candidate (no step on any stock)."""
        return (0,) * len(self.stocks)

    def most_added(self) -> int:
        """How many units a candidate can add in all (one a free cell)."""
        return len(self.cells)

    def possible(self, steps: tuple[int, ...]) -> bool:
        """Whether the candidate can be made: free cells for the units it adds one by one, room
        in each squad, units enough to take away."""
        added = sum(step for stock, step in zip(self.stocks, steps) if step > 0 and not stock.squad)
        return added <= len(self.cells) and all(
            -stock.fewest_removed() <= step <= (MOST_IN_A_SQUAD - stock.squad_count if stock.squad else len(self.cells))
            for stock, step in zip(self.stocks, steps))

    def change(self, steps: tuple[int, ...]) -> RosterChange:
        """The change for a candidate: `steps[i]` units more (or fewer) of stock i."""
        added: list[Added] = []
        removed: list[int] = []
        counts: list[tuple[int, int]] = []
        for stock, step in zip(self.stocks, steps):
            if stock.squad and step:
                counts.append((stock.squad, stock.squad_count + step))
            elif step > 0:
                added += self._added(stock, step, len(added))
            elif step < 0:
                removed += stock.removable[:-step]
        return RosterChange(self.side, tuple(added), tuple(removed), tuple(counts),
                            leaderless=self.leader is not None and self.leader in removed)

    def _added(self, stock: Stock, count: int, before: int) -> list[Added]:
        """`count` new units of the stock's type on the next free cells."""
        made = []
        for k in range(before, before + count):
            object_id = self.next_id + k
            made.append(Added(object_id, f"{stock.name} {object_id}", stock.unit_type, self.cells[k],
                              stock.copy_of, stock.copy_of or self.beside,
                              None if stock.copy_of else self.facing, False if stock.copy_of else self.hidden))
        return made
