"""`load_scenario`: a Tiled hex map in, a Scenario and every problem found out; never raises.

The steps: the normalising pass (safe XML, path policy, tilesets, templates, layer data),
pytmx on the normalised tree (grids, gids, objects), then map properties, terrain, units
and sides, each reporting all it finds.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

from game.hexgrid import Hex
from game.rules.catalog import Catalog, CatalogError, load_catalog
from game.rules.ruleset_data import catalog_for
from game.scenario.command import check_led_by
from game.scenario.documents import recording_reads
from game.scenario.layerdata import FLIP_H, FLIP_V, ROTATE_60, ROTATE_120
from game.scenario.mapprops import (
    SIDE_IDS,
    MapSettings,
    default_side,
    read_map_properties,
)
from game.scenario.model import (
    LoadResult,
    Scenario,
    SideSetup,
    TileLayerView,
    TileRef,
    UnitPlacement,
)
from game.scenario.normalise import NormalisedMap, normalise
from game.scenario.paths import policy_for_map
from game.scenario.problems import Problems
from game.scenario.terrain import (
    battlefield,
    check_override_classes,
    terrain_fields,
    tile_terrains,
)
from game.scenario.tmxread import Cell, layer_cells, object_geometry, read_with_pytmx
from game.scenario.units import UnitsRead, read_units


def load_scenario(path: str | os.PathLike[str], catalog: Catalog | None = None,
                  root: str | os.PathLike[str] | None = None) -> LoadResult:
    """Read a map; `root` widens the folders it may use. Bad input gives problems, not exceptions."""
    problems = Problems()
    path = Path(path)
    display = os.path.normpath(str(path))
    if catalog is None:
        catalog = _catalog(problems)
        if catalog is None:
            return LoadResult(None, problems.as_tuple())
    with recording_reads() as inputs:
        normalised = normalise(path, display, policy_for_map(path, root), problems)
    tiled = None if normalised is None else read_with_pytmx(normalised, problems)
    if normalised is None or tiled is None:
        return LoadResult(None, problems.as_tuple())
    fields = terrain_fields(catalog)
    settings = read_map_properties(normalised.props, display, path.stem, fields, problems)
    check_override_classes(settings.terrain_overrides, normalised.tilesets, display, problems)
    catalog = _ruleset_catalog(settings.ruleset, catalog, problems)
    if catalog is None:
        return LoadResult(None, problems.as_tuple())
    cells = layer_cells(tiled, normalised, problems)
    terrains = tile_terrains(normalised.tilesets, settings.terrain_overrides, fields, problems)
    terrain = battlefield(normalised.layers, cells, terrains)
    if not terrain:
        problems.error(display, "", "has no tiles on any terrain layer; paint the battlefield with tiles")
    read = read_units(normalised, object_geometry(tiled, normalised), terrain, catalog, problems)
    sides = settle_sides(settings, read, display, problems)
    check_led_by(read.units, read.meant, catalog, display, problems)
    scenario = _scenario(path, normalised, settings, terrain, _views(normalised, cells), read.units, sides)
    return LoadResult(replace(scenario, inputs=tuple(dict.fromkeys(inputs))), problems.as_tuple())


def _catalog(problems: Problems) -> Catalog | None:
    """The bundled data catalog; its own problems are reported against its files."""
    try:
        return load_catalog()
    except CatalogError as error:
        for line in error.problems:
            file, _, message = line.partition(": ")
            problems.error(file, "", message)
        return None


def _ruleset_catalog(ruleset: str, catalog: Catalog, problems: Problems) -> Catalog | None:
    """The catalog the map's ruleset places units from (its own creatures and weapons, if any)."""
    try:
        return catalog_for(ruleset, catalog)
    except CatalogError as error:
        for line in error.problems:
            file, _, message = line.partition(": ")
            problems.error(file, "", message)
        return None


def settle_sides(settings: MapSettings, read: UnitsRead, file: str, problems: Problems) -> dict[str, SideSetup]:
    """The map's sides plus any side its units name; leaders checked; empty maps warned."""
    sides = dict(settings.sides)
    units = read.units
    if not read.meant:
        problems.warning(file, "", "places no units; add objects of class Unit (or a unit type) "
                                   "to an object layer")
    if not sides:
        problems.warning(file, "", "sets up no sides; add map properties such as 'pcs' and "
                                   "'enemies' of class SideSetup")
    for side_id in dict.fromkeys(u.side for u in units):
        if side_id not in sides:
            sides[side_id] = default_side(side_id)
            if settings.sides:
                problems.warning(file, "", f"units fight for side '{side_id}', which has no map "
                                           f"property '{side_id}' (class SideSetup); it uses the defaults")
    for side in settings.sides.values():
        _check_leader(side, read, file, problems)
        if len(units) == len(read.meant) and not any(u.side == side.id for u in units):
            problems.warning(file, f"map property '{side.id}'", "this side has no units")
    return {sid: sides[sid] for sid in sorted(sides, key=_side_order)}


def _side_order(side_id: str) -> int:
    """Sides in the order the format lists them."""
    return SIDE_IDS.index(side_id)


def _check_leader(side: SideSetup, read: UnitsRead, file: str, problems: Problems) -> None:
    """A side's leader must be one of its own units (a unit with its own errors is not re-reported)."""
    if side.leader is None:
        return
    leader = next((u for u in read.units if u.object_id == side.leader), None)
    if leader is None and side.leader not in read.meant:
        problems.error(file, f"map property '{side.id}'", f"leader refers to object id {side.leader}, "
                                                          "which is not a unit on the map")
    elif leader is not None and leader.side != side.id:
        problems.error(file, f"map property '{side.id}'", f"leader '{leader.name}' (id {leader.object_id}) "
                                                          f"fights for side '{leader.side}', not '{side.id}'")


def _views(normalised: NormalisedMap, cells: Mapping[int, list[Cell]]) -> tuple[TileLayerView, ...]:
    """Every tile layer as the renderer needs it, bottom first, decoration included."""
    refs: dict[tuple[int, int, int], TileRef] = {}
    views = []
    for layer in normalised.layers:
        if layer.kind != "tile":
            continue
        drawn: dict[Hex, TileRef] = {}
        for cell in cells.get(layer.index, ()):
            flags = layer.cells.get((cell.col, cell.row), 0) & 0xF0000000
            key = (cell.tileset.firstgid, cell.local_id, flags)
            if key not in refs:
                refs[key] = _tile_ref(cell, flags)
            drawn[cell.hex] = refs[key]
        views.append(TileLayerView(layer.name, layer.visible, layer.opacity, layer.offset,
                                   MappingProxyType(drawn)))
    return tuple(views)


def _tile_ref(cell: Cell, flags: int) -> TileRef:
    """What the renderer needs to draw one tile."""
    tile = cell.tileset.tile(cell.local_id)
    return TileRef(cell.tileset.name, cell.local_id, tile.image, bool(flags & FLIP_H), bool(flags & FLIP_V),
                   bool(flags & ROTATE_60), bool(flags & ROTATE_120), tile.rect)


def _scenario(path: Path, normalised: NormalisedMap, settings: MapSettings, terrain: dict,
              views: tuple[TileLayerView, ...], units: list[UnitPlacement],
              sides: dict[str, SideSetup]) -> Scenario:
    """Put the pieces together, read-only."""
    return Scenario(
        path=path, title=settings.title, description=settings.description, ruleset=settings.ruleset,
        modules=settings.modules, settings=settings.settings, layout=normalised.layout,
        terrain=MappingProxyType(terrain), tile_layers=views, units=tuple(units),
        sides=MappingProxyType(sides), is_default=settings.is_default,
    )
