"""Units from object layers: which objects are units, their type, side, hex and overrides.

scenario-format.md, "Units". The hex is the one its `col` and `row` name (cells.py), else the one
containing the object's reference point
(NOTES section 3): a point's point, a rectangle's or ellipse's centre, a tile object's centre
(its x, y is the bottom-left corner, or the tileset's `objectalignment`), each turned by the object's rotation about its
x, y, plus the offsets of its layer and groups. Polygons and polylines use their x, y.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from game.hexgrid import Hex, TiledHexLayout
from game.rules.catalog import UNIT_FIELDS, Catalog, check_unit_override
from game.rules.fields import Field, is_near_miss, suggestion
from game.rules.names import text_problem
from game.scenario.cells import hex_by_cell, names_a_cell, off_the_map
from game.scenario.footprints import clashes, footprint_problem, read_cells
from game.scenario.mapprops import SIDE_IDS
from game.scenario.model import Terrain, UnitPlacement
from game.scenario.normalise import LayerInfo, NormalisedMap, ObjectInfo
from game.scenario.problems import Problems
from game.scenario.properties import Place, Prop, checked_value, plain, report_unknown
from game.scenario.tmxread import Geometry

UNIT_CLASS = "Unit"
PLACEMENT_FIELDS: Mapping[str, Field] = {f.name: f for f in (
    Field("unit_type", "str"),
    Field("side", "choice", choices=SIDE_IDS),
    Field("count", "int", minimum=1, maximum=999),
    Field("facing", "int", minimum=0, maximum=5),
    Field("led_by", "int", minimum=0),
    Field("hidden", "bool"),
    Field("footprint", "str"),
    Field("col", "int"),
    Field("row", "int"),
)}
OVERRIDABLE = tuple(sorted(set(UNIT_FIELDS) - {"name", "kind"}))


@dataclass(frozen=True, slots=True)
class UnitsRead:
    """The units placed, and the ids of every object meant as a unit (placed or not)."""

    units: list[UnitPlacement]
    meant: frozenset[int]


def read_units(normalised: NormalisedMap, geometry: Mapping[tuple[int, int], Geometry],
               terrain: Mapping[Hex, Terrain], catalog: Catalog, problems: Problems) -> UnitsRead:
    """Every unit the map places, in document order; bad ones are reported and left out."""
    placed: dict[Hex, UnitPlacement] = {}
    units, meant, ids = [], set(), set()
    ground = terrain if normalised.complete else {}  # with holes, off-map and impassable go unjudged
    for layer in normalised.layers:
        for info in layer.objects:
            geo = geometry.get((layer.index, info.position))
            if geo is None:
                continue
            if _is_meant(info, geo, catalog):
                meant.add(geo.id)
                if geo.id in ids:
                    problems.error(info.file, info.label, f"has the id {geo.id} of another unit; object ids "
                                                          "must be unique (leaders are named by id)")
                    continue
                ids.add(geo.id)
            unit = _unit(info, geo, layer, normalised.layout, ground, catalog, problems) if info.usable else None
            if unit is None:
                continue
            if unit.hex in placed:
                other = placed[unit.hex]
                problems.error(info.file, info.label, f"stands on the same hex as '{other.name}' (id "
                               f"{other.object_id}), cell {normalised.layout.hex_to_offset(unit.hex)}; "
                               "one unit per hex: move one of them")
                continue
            placed[unit.hex] = unit
            units.append(unit)
    clashes(units, normalised.layout, problems, normalised.source.display)
    return UnitsRead(units, frozenset(meant))


def _class_of(info: ObjectInfo, geo: Geometry) -> str:
    """The object's class, or its tile's class for a tile object without one (as Tiled does)."""
    tile = geo.tile[0].tile(geo.tile[1]) if geo.tile else None
    return info.cls or (tile.cls if tile else "")


def _is_meant(info: ObjectInfo, geo: Geometry, catalog: Catalog) -> bool:
    """Whether the object's class says it is a unit (before any other check)."""
    cls = _class_of(info, geo)
    return cls == UNIT_CLASS or cls in catalog.unit_types


def _unit(info: ObjectInfo, geo: Geometry, layer: LayerInfo, layout: TiledHexLayout,
          terrain: Mapping[Hex, Terrain], catalog: Catalog, problems: Problems) -> UnitPlacement | None:
    """The object as a placed unit; None for notes, foreign objects and units with errors."""
    tile = geo.tile[0].tile(geo.tile[1]) if geo.tile else None
    cls = _class_of(info, geo)
    if not cls:
        return None  # a note
    if cls != UNIT_CLASS and cls not in catalog.unit_types:
        _not_a_unit(cls, info, catalog, problems)
        return None
    if geo.lost_gid:
        problems.error(info.file, info.label, f"shows tile number {geo.lost_gid}, which belongs to no tileset "
                                              "of the map; place the unit again from a tileset or a template")
    props = {**(tile.props if tile else {}), **info.props}
    errors_before = sum(p.severity == "error" for p in problems.items)
    unit_type = _unit_type(cls, props, info, catalog, problems)
    values, overrides = _unit_values(props, Place(info.file, info.label), catalog, problems)
    if "side" not in props:
        problems.error(info.file, info.label, f"has no 'side' property; set it to one of {', '.join(SIDE_IDS)}")
    hex_ = _standing_hex(info, geo, layer, layout, terrain, problems, {*props, *info.named}, values)
    if unit_type is not None:
        _check_stat_block(catalog.unit_types[unit_type].stats, overrides, values.get("count", 1),
                          Place(info.file, info.label), problems)
    problem = text_problem(geo.name) if geo.name else None
    if problem:
        problems.error(info.file, info.label, f"its name {problem}")
    if sum(p.severity == "error" for p in problems.items) > errors_before or unit_type is None:
        return None
    name = geo.name or f"{catalog.unit_types[unit_type].name} {geo.id}"
    unit = UnitPlacement(geo.id, name, unit_type, values["side"], hex_, values.get("count", 1),
                         values.get("facing"), MappingProxyType(overrides), layer.name,
                         led_by=values.get("led_by") or None, hidden=values.get("hidden", False))
    return _with_footprint(unit, values.get("footprint"), layout, terrain, Place(info.file, info.label), problems)


def _with_footprint(unit: UnitPlacement, text: str | None, layout: TiledHexLayout, terrain: Mapping[Hex, Terrain],
                    place: Place, problems: Problems) -> UnitPlacement | None:
    """The unit with the squad's other hexes the map gives (`footprint`), checked; None on a problem."""
    if text is None:
        return unit
    cells = read_cells(text, layout)
    problem = cells if isinstance(cells, str) else footprint_problem(unit, cells, terrain, layout)
    if problem:
        problems.error(place.file, place.where, problem)
        return None
    return replace(unit, footprint=cells)


def _check_stat_block(type_stats: Mapping[str, Any], overrides: Mapping[str, Any], count: int,
                      place: Place, problems: Problems) -> None:
    """What only the whole stat block shows: NPCs need hit dice, and only NPCs form squads
    (seed 002 Squads are groups of NPCs of one type)."""
    stats = {**type_stats, **overrides}
    if stats["kind"] == "npc" and not stats.get("hd"):
        problems.error(place.file, place.where, "an NPC needs at least 1 hit die: set 'hd' to 1 or more")
    if count > 1 and stats["kind"] != "npc":
        problems.error(place.file, place.where, f"only NPCs form squads: a {stats['kind']} cannot have "
                                                f"'count' {count}; set count to 1 or place separate units")


def _not_a_unit(cls: str, info: ObjectInfo, catalog: Catalog, problems: Problems) -> None:
    """An object class that is not ours: a typo of a unit type is an error, anything else a note."""
    known = [*catalog.unit_types, UNIT_CLASS]
    if _looks_like(cls, known):
        problems.error(info.file, info.label, f"unknown unit type '{cls}'{_suggest(cls, known)}")
    else:
        problems.warning(info.file, info.label, f"class '{cls}' is neither Unit nor a unit type; ignored")


def _unit_type(cls: str, props: Mapping[str, Prop], info: ObjectInfo, catalog: Catalog,
               problems: Problems) -> str | None:
    """The unit type id: the class itself, or the unit_type property of a Unit."""
    if cls != UNIT_CLASS:
        given = plain(props["unit_type"]) if "unit_type" in props else cls
        if given != cls:
            problems.error(info.file, info.label, f"its class says unit type '{cls}' but its unit_type "
                                                  f"property says {given!r}; remove one of them")
        return cls
    unit_type = plain(props["unit_type"]) if "unit_type" in props else None
    if not isinstance(unit_type, str) or not unit_type:
        problems.error(info.file, info.label, "has class Unit but no 'unit_type' text property; "
                                              "set it to a unit type id from units.toml")
        return None
    if unit_type not in catalog.unit_types:
        problems.error(info.file, info.label, f"unknown unit type '{unit_type}'{_suggest(unit_type, catalog.unit_types)}")
        return None
    return unit_type


def _standing_hex(info: ObjectInfo, geo: Geometry, layer: LayerInfo, layout: TiledHexLayout,
                  terrain: Mapping[Hex, Terrain], problems: Problems, given: set[str],
                  values: Mapping[str, Any]) -> Hex:
    """The hex under the object's reference point, or the cell its `col` and `row` name
    (cells.py says how the two combine); off the map or impassable is an error."""
    x, y = reference_point(info.shape, geo, layer.offset)
    place = Place(info.file, info.label)
    by_cell = hex_by_cell(given, values, (geo.x, geo.y), layout.pixel_to_hex(x, y), layout, place, problems)
    hex_ = by_cell or layout.pixel_to_hex(x, y)
    cell = layout.hex_to_offset(hex_)
    if not terrain or (by_cell is None and names_a_cell(given)):
        return hex_  # no battlefield, one with holes, or a bad col/row: reported already
    if hex_ not in terrain:
        problem = off_the_map(cell, terrain, layout) if by_cell else (
            f"is off the map: its reference point ({x:g}, {y:g}) is in cell {cell}, which has no terrain "
            "tile; move it onto the battlefield")
        problems.error(info.file, info.label, problem)
    elif terrain[hex_].impassable:
        problems.error(info.file, info.label, f"stands on impassable terrain '{terrain[hex_].name}' in cell "
                                              f"{cell}; move it to a hex it can stand on")
    return hex_


def _unit_values(props: Mapping[str, Prop], place: Place, catalog: Catalog,
                 problems: Problems) -> tuple[dict[str, Any], dict[str, Any]]:
    """The placement properties and the stat overrides, each checked."""
    values, overrides = {}, {}
    for name, prop in props.items():
        if name in PLACEMENT_FIELDS:
            value = checked_value(prop, PLACEMENT_FIELDS[name], place, problems)
            if value is not None:
                values[name] = value
        elif name in OVERRIDABLE:
            problem = check_unit_override(name, plain(prop), catalog)
            if problem:
                problems.error(place.file, place.where, f"property '{name}' {problem}")
            else:
                overrides[name] = plain(prop)
        else:
            report_unknown(name, [*PLACEMENT_FIELDS, *OVERRIDABLE], place, problems, "a unit property")
    return values, overrides


def reference_point(shape: str, geo: Geometry, offset: tuple[float, float]) -> tuple[float, float]:
    """The pixel whose hex the object stands on (NOTES section 3), layer offsets added."""
    width, height = geo.width, geo.height
    if shape == "tile" and geo.tile and not (width and height):
        width, height = geo.tile[0].tile_size
    if shape == "tile" and geo.tile:
        ax, ay = geo.tile[0].alignment  # bottom-left unless the tileset says otherwise
        dx, dy = width * (0.5 - ax), height * (0.5 - ay)
    elif shape == "tile":
        dx, dy = width / 2, -height / 2
    elif shape in ("rectangle", "ellipse", "text"):
        dx, dy = width / 2, height / 2
    else:
        dx, dy = 0.0, 0.0
    turn = math.radians(geo.rotation)
    rx, ry = dx * math.cos(turn) - dy * math.sin(turn), dx * math.sin(turn) + dy * math.cos(turn)
    return geo.x + rx + offset[0], geo.y + ry + offset[1]


def _looks_like(name: str, ids: list[str]) -> bool:
    """A near miss of a unit type id, or of a long word inside one ('vetran' ~ veteran_soldier)."""
    return is_near_miss(name, ids) or is_near_miss(name, _words(ids))


def _suggest(name: str, ids: Any) -> str:
    """' (did you mean X?)' against whole ids, else against their long words."""
    ids = list(ids)
    direct = suggestion(name, ids)
    if direct:
        return direct
    words = _words(ids)
    word = suggestion(name, words)
    if not word:
        return ""
    close = word.split("'")[1]
    return f" (did you mean '{words[close]}'?)"


def _words(ids: list[str]) -> dict[str, str]:
    """Each word of five letters or more inside an id, mapped to the id (first id wins)."""
    words: dict[str, str] = {}
    for unit_id in sorted(ids):
        for word in unit_id.split("_"):
            if len(word) >= 5:
                words.setdefault(word, unit_id)
    return words
