"""Who leads which squad (seed 002, Authority Focus): the `led_by` property of a squad object.

A squad object may name the PC who directly leads it (an object reference). That PC must be a
PC unit on the map fighting on the squad's side (or a PC leading an allied squad), and leads
one squad at a time.
"""

from __future__ import annotations

from game.rules.catalog import Catalog
from game.scenario.model import UnitPlacement
from game.scenario.problems import Problems

BUFF_LEVEL = 2  # SWN core: Authority's second level buffs those the PC leads
PLAYERS_CAMP = {"pcs", "allies"}  # the allies fight beside the PCs, so a PC may lead them


def check_led_by(units: list[UnitPlacement], meant: frozenset[int], catalog: Catalog, file: str,
                 problems: Problems) -> None:
    """Report every `led_by` that names no PC of the squad's side, or a PC leading two squads."""
    by_id = {u.object_id: u for u in units}
    led: dict[int, UnitPlacement] = {}
    for squad in units:
        if squad.led_by is None:
            continue
        where = f"object '{squad.name}' (id {squad.object_id})"
        problem = _problem(squad, by_id.get(squad.led_by), squad.led_by in meant, catalog, led)
        if problem:
            problems.error(file, where, problem)
            continue
        led[squad.led_by] = squad
        leader = by_id.get(squad.led_by)
        if leader is not None and _authority(leader, catalog) < BUFF_LEVEL:
            problems.warning(file, where, f"'led_by' names '{leader.name}', whose Authority focus is below "
                                          f"level {BUFF_LEVEL}: the squad gets no buff (set 'authority' to 2)")


def _problem(squad: UnitPlacement, leader: UnitPlacement | None, meant: bool, catalog: Catalog,
             led: dict[int, UnitPlacement]) -> str | None:
    if squad.count < 2:
        return "'led_by' is for squads (count 2 or more); remove it or raise the count"
    if leader is None:
        return None if meant else f"'led_by' refers to object id {squad.led_by}, which is not a unit on the map"
    if catalog.unit_types[leader.unit_type].kind != "pc":
        return f"'led_by' names '{leader.name}' (id {leader.object_id}), who is not a PC; name the PC who leads the squad"
    if leader.side != squad.side and {leader.side, squad.side} != PLAYERS_CAMP:
        return (f"'led_by' names '{leader.name}', who fights for '{leader.side}'; a squad of side "
                f"'{squad.side}' is led by a PC of its own side (or allies by the pcs)")
    if leader.object_id in led:
        return (f"'{leader.name}' already leads '{led[leader.object_id].name}'; a PC leads one squad at a "
                "time (seed 002): remove one 'led_by'")
    return None


def _authority(unit: UnitPlacement, catalog: Catalog) -> int:
    """The unit's Authority focus level, the map's override first."""
    return unit.overrides.get("authority", catalog.unit_types[unit.unit_type].authority)
