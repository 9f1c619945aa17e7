"""Terrain from tile properties, combined over the tile layers bottom to top.

scenario-format.md, "Terrain". A tile's properties named after Terrain members set those
members (a class property of type Terrain on the tile works too); the tile's class names the
terrain. `terrain:<class>` map properties override members for every tile of that class.
Layers whose class is Decoration (or inside such a group) add no terrain.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.hexgrid import Hex
from game.rules.catalog import Catalog
from game.rules.fields import Field, is_near_miss, suggestion
from game.rules.names import text_problem
from game.scenario.model import Terrain
from game.scenario.normalise import LayerInfo
from game.scenario.problems import Problems
from game.scenario.properties import Place, Prop, checked_value, report_unknown
from game.scenario.tilesets import TilesetInfo
from game.scenario.tmxread import Cell

OPEN_GROUND = Terrain().name
TERRAIN_CLASS = "Terrain"
"""The custom class holding the terrain members; as a tile's class it names nothing."""


@dataclass(frozen=True, slots=True)
class TileTerrain:
    """What one tile says about its hex: a name (its class) and the members it sets."""

    name: str | None = None
    values: Mapping[str, Any] = field(default_factory=dict)


def terrain_fields(catalog: Catalog) -> dict[str, Field]:
    """The Terrain members, as checkable fields; concealment and material from the catalog."""
    return {f.name: f for f in (
        Field("move_cost", "int", minimum=1, maximum=99),
        Field("impassable", "bool"),
        Field("tall", "bool"),
        Field("blocks_sight", "bool"),
        Field("concealment", "choice", choices=tuple(catalog.concealment)),
        Field("material", "choice", choices=tuple(catalog.materials)),
    )}


def terrain_values(props: Mapping[str, Prop], fields: Mapping[str, Field], place: Place,
                   problems: Problems, unknown: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """The Terrain members a set of properties gives; unknown names reported or collected."""
    values = {}
    for name, prop in _flatten(props).items():
        if name in fields:
            value = checked_value(prop, fields[name], place, problems)
            if value is not None:
                values[name] = value
        elif is_near_miss(name, fields) or unknown is None:
            report_unknown(name, fields, place, problems, "a terrain property")
        else:
            unknown.setdefault(name, []).append(place.where)
    return values


def _flatten(props: Mapping[str, Prop]) -> dict[str, Prop]:
    """A class property of type Terrain stands for its members."""
    flat = {}
    for name, prop in props.items():
        if prop.type == "class" and prop.propertytype == TERRAIN_CLASS:
            flat.update(prop.value)
        else:
            flat[name] = prop
    return flat


def tile_terrains(tilesets: Iterable[TilesetInfo], overrides: Mapping[str, Mapping[str, Any]],
                  fields: Mapping[str, Field], problems: Problems) -> dict[tuple[int, int], TileTerrain]:
    """Every described tile's terrain, keyed by (firstgid, local id); every tile is checked."""
    found = {}
    for tileset in tilesets:
        unknown: dict[str, list[str]] = {}
        for local_id, tile in sorted(tileset.tiles.items()):
            place = Place(tileset.file, tileset.where(local_id))
            values = terrain_values(tile.props, fields, place, problems, unknown)
            values.update(overrides.get(tile.cls, {}))
            name = tile.cls if tile.cls and tile.cls != TERRAIN_CLASS else None
            problem = text_problem(name) if name else None
            if problem:
                problems.error(place.file, place.where, f"its class, the terrain's name, {problem}")
                name = None
            if name is None and values:
                name = f"{tileset.name} tile {local_id}"  # sets members but has no naming class
            found[(tileset.firstgid, local_id)] = TileTerrain(name, values)
        for name, places in sorted(unknown.items()):
            ids = ", ".join(p.rsplit(" ", 1)[-1] for p in places)
            problems.warning(tileset.file, tileset.where(), f"property '{name}' (on tile(s) {ids}) is "
                                                            "not a terrain property hexbattle reads; ignored")
    return found


def check_override_classes(overrides: Mapping[str, Any], tilesets: Iterable[TilesetInfo], file: str,
                           problems: Problems) -> None:
    """A `terrain:<class>` override that matches no tile class is probably misspelt."""
    classes = sorted({t.cls for ts in tilesets for t in ts.tiles.values() if t.cls})
    for cls in overrides:
        if cls not in classes:
            problems.warning(file, f"map property 'terrain:{cls}'", f"no tile has class '{cls}'"
                                                                    f"{suggestion(cls, classes)}; it changes nothing")


def battlefield(layers: Iterable[LayerInfo], cells: Mapping[int, list[Cell]],
                terrains: Mapping[tuple[int, int], TileTerrain]) -> dict[Hex, Terrain]:
    """The terrain of every hex with a tile on a terrain layer; upper layers' members win."""
    combined: dict[Hex, tuple[str | None, dict[str, Any]]] = {}
    nothing = TileTerrain()
    for layer in layers:
        if layer.kind != "tile" or layer.decoration:
            continue
        for cell in cells.get(layer.index, ()):
            name, values = combined.get(cell.hex) or (None, {})
            tile = terrains.get((cell.tileset.firstgid, cell.local_id), nothing)
            combined[cell.hex] = (tile.name or name, {**values, **tile.values} if tile.values else values)
    made: dict[tuple[str | None, frozenset[tuple[str, Any]]], Terrain] = {}
    result = {}
    for hex_, (name, values) in sorted(combined.items(), key=lambda item: (item[0].r, item[0].q)):
        key = (name, frozenset(values.items()))
        if key not in made:
            made[key] = Terrain(name=name or OPEN_GROUND, **values)
        result[hex_] = made[key]
    return result
