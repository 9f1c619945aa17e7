"""The immutable values a map is read into: terrain, tiles, units, sides, the scenario."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.hexgrid import Hex, TiledHexLayout
from game.scenario.problems import ERROR, Problem


@dataclass(frozen=True, slots=True)
class Terrain:
    """What a hex is like for the rules (scenario-format.md, class Terrain)."""

    name: str = "open ground"
    move_cost: int = 1
    impassable: bool = False
    tall: bool = False
    blocks_sight: bool = False
    concealment: str = "none"
    material: str = "none"


@dataclass(frozen=True, slots=True)
class TileRef:
    """One tile drawn in one cell, for the renderer.

    `image` is the tile's own image or its tileset's atlas; `image_rect` (x, y, w, h) is the
    part of the atlas holding this tile, None when the image is the tile's alone.
    """

    tileset: str
    local_id: int
    image: Path | None
    flip_h: bool
    flip_v: bool
    rotate_60: bool
    rotate_120: bool
    image_rect: tuple[int, int, int, int] | None = None


@dataclass(frozen=True, slots=True)
class TileLayerView:
    """A tile layer as drawn: group visibility, opacity and offsets already folded in."""

    name: str
    visible: bool
    opacity: float
    offset: tuple[float, float]
    cells: Mapping[Hex, TileRef]


@dataclass(frozen=True, slots=True)
class UnitPlacement:
    """A unit (or squad) the map places: which type, which side, on which hex."""

    object_id: int
    name: str
    unit_type: str
    side: str
    hex: Hex
    count: int
    facing: int | None
    overrides: Mapping[str, Any]
    layer: str
    led_by: int | None = None
    """Seed 002 Authority Focus: the object id of the PC who directly leads this squad."""
    hidden: bool = False  # the table view does not show it until the GM reveals it
    footprint: tuple[Hex, ...] = ()
    """A squad's hexes besides its own, when the map gives them (the `footprint` property)."""


@dataclass(frozen=True, slots=True)
class SideSetup:
    """A side taking part, as the map's Side property sets it up (seed 002 morale factors)."""

    id: str
    name: str
    morale: int | None
    controller: str
    leader: int | None
    great_leader: bool
    surprised: bool
    home_territory: bool
    outgunned: int
    immune_to_morale: bool
    hero_pool: int = 0
    """Seed 004: hero points from outside sources the side starts with (module hero_points)."""


@dataclass(frozen=True, slots=True)
class Scenario:
    """Everything a battle needs from one map; `terrain` holds every hex with a terrain tile."""

    path: Path
    title: str
    description: str
    ruleset: str
    modules: frozenset[str]
    settings: Mapping[str, Any]
    layout: TiledHexLayout
    terrain: Mapping[Hex, Terrain]
    tile_layers: tuple[TileLayerView, ...]
    units: tuple[UnitPlacement, ...]
    sides: Mapping[str, SideSetup]
    is_default: bool
    inputs: tuple[tuple[Path, str], ...] = ()
    """Every file the map was read from (map first, then tilesets and templates; tile images
    not included) as (absolute path, SHA-256 hex) taken as it was read; a save records them."""


@dataclass(frozen=True, slots=True)
class LoadResult:
    """A map read as far as it could be, with every problem found.

    `scenario` is None when the file could not be read as a hex map at all; otherwise it is
    filled in as far as possible, and a battle should start only when `ok`.
    """

    scenario: Scenario | None
    problems: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """A scenario was read and no problem is an error."""
        return self.scenario is not None and not any(p.severity == ERROR for p in self.problems)

    @property
    def errors(self) -> tuple[Problem, ...]:
        """Only the errors."""
        return tuple(p for p in self.problems if p.severity == ERROR)

    @property
    def warnings(self) -> tuple[Problem, ...]:
        """Only the warnings."""
        return tuple(p for p in self.problems if p.severity != ERROR)
