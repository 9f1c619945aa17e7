"""Where the balance search puts the units it adds: free, passable cells near their side.

A cell is free when no unit stands on it (nor on a squad's footprint); near means the cheapest
walk from one of the side's units (around walls, paying each hex's movement cost), the nearest
first, ties in hex order. When the side starts hidden (one of its units is) or surprised, a cell
any unit of another side can see is left out: an ambush stays out of sight.
"""

from __future__ import annotations

from game.battle import Battle
from game.hexgrid import Hex
from game.hexgrid.paths import CostGrid, cheapest_to
from game.scenario.model import Scenario


def keeps_out_of_sight(scenario: Scenario, side: str) -> bool:
    """Whether the side starts hidden or surprised, so that added units stay out of others' sight."""
    setup = scenario.sides.get(side)
    return (setup is not None and setup.surprised) or any(u.hidden for u in scenario.units if u.side == side)


def free_cells(scenario: Scenario, side: str, battle: Battle) -> tuple[Hex, ...]:
    """The free, passable cells that have a way to one of the side's units, the nearest first;
    out of every other side's sight when `keeps_out_of_sight`."""
    own = [u.hex for u in scenario.units if u.side == side]
    if not own:
        own = [u.hex for u in scenario.units]
    taken = {u.hex for u in scenario.units} | {h for u in scenario.units for h in u.footprint}
    costs = {h: None if t.impassable else t.move_cost for h, t in scenario.terrain.items()}
    ways = cheapest_to(CostGrid(costs), own)
    cells = sorted((cost, hex_) for hex_, cost in ways.items() if hex_ not in taken and costs.get(hex_))
    found = [hex_ for _, hex_ in cells]
    if keeps_out_of_sight(scenario, side):
        watchers = [h for u in scenario.units if u.side != side for h in (u.hex, *u.footprint)]
        found = [cell for cell in found if not any(battle.cover(w, cell).visible for w in watchers)]
    return tuple(found)
