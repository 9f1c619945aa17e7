"""The one list of bundled terrain tiles, hex sizes and unit tokens, shared by every generator.

Tile ids are fixed here (never reordered: maps store them). Terrain properties follow
docs/scenario-format.md, "Terrain: tile properties"; materials and concealment ids come from
game/data/cover.toml (seed 002, Cover and Concealment).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COVER_TOML = ROOT / "game" / "data" / "cover.toml"


@dataclass(frozen=True, slots=True)
class HexSize:
    """A tile size Tiled draws without shrinking (tiled/NOTES.md, Sizing for a 3 m grid)."""

    layout: str  # "pointy" (staggeraxis y) or "flat" (staggeraxis x)
    width: int
    height: int
    side: int

    @property
    def stagger_axis(self) -> str:
        """Tiled's staggeraxis for this layout."""
        return "y" if self.layout == "pointy" else "x"

    def corners(self) -> tuple[tuple[float, float], ...]:
        """The hex outline inside the tile image, as Tiled draws the cell."""
        w, h, s = self.width, self.height, self.side
        if self.layout == "pointy":
            so = (h - s) // 2
            return ((0, so), (w / 2, 0), (w, so), (w, h - so), (w / 2, h), (0, h - so))
        so = (w - s) // 2
        return ((so, 0), (w - so, 0), (w, h / 2), (w - so, h), (so, h), (0, h / 2))


POINTY = HexSize("pointy", 56, 64, 32)
FLAT = HexSize("flat", 64, 56, 32)
HEX_SIZES = (POINTY, FLAT)


@dataclass(frozen=True, slots=True)
class TerrainTile:
    """One terrain tile: its fixed id, its class (the terrain's name) and its properties.

    `props` holds only what differs from open ground; `overlay` tiles are see-through
    around their subject (a wall, a smoke cloud) and belong on a layer above the ground;
    `decoration` tiles carry no terrain.
    """

    id: int
    name: str
    label: str
    props: dict = field(default_factory=dict)
    overlay: bool = False
    decoration: bool = False


TILES: tuple[TerrainTile, ...] = (
    TerrainTile(0, "open_ground", "Open ground"),
    TerrainTile(1, "floor", "Concrete floor (open ground indoors)"),
    TerrainTile(2, "rough_ground", "Rough ground, rubble, scree", {"move_cost": 2}),
    TerrainTile(3, "brush", "Brush and tall grass", {"concealment": "partly"}),
    TerrainTile(4, "forest", "Forest, thick trees",
                {"move_cost": 2, "concealment": "mostly", "material": "thick_wood"}),
    TerrainTile(5, "crates", "Wooden crates and shelves",
                {"move_cost": 2, "concealment": "partly", "material": "thin_wood"}, overlay=True),
    TerrainTile(6, "drywall", "Drywall partition",
                {"move_cost": 2, "concealment": "mostly", "material": "drywall"}, overlay=True),
    TerrainTile(7, "brick_wall", "Low brick wall",
                {"move_cost": 2, "concealment": "partly", "material": "thin_stone"}, overlay=True),
    TerrainTile(8, "concrete_pillar", "Concrete pillar or bunker wall",
                {"impassable": True, "tall": True, "blocks_sight": True,
                 "concealment": "mostly", "material": "thick_stone"}),
    TerrainTile(9, "shipping_container", "Shipping container",
                {"impassable": True, "tall": True, "blocks_sight": True,
                 "concealment": "mostly", "material": "ordinary_metal"}),
    TerrainTile(10, "barrier", "Reinforced deployable barrier",
                {"move_cost": 2, "concealment": "partly", "material": "reinforced_postech"},
                overlay=True),
    TerrainTile(11, "pretech_crystal", "Psitech crystal formation",
                {"impassable": True, "tall": True, "concealment": "mostly", "material": "pretech"}),
    TerrainTile(12, "forcefield", "Pretech forcefield",
                {"impassable": True, "tall": True, "concealment": "none",
                 "material": "pretech_forcefield"}, overlay=True),
    TerrainTile(13, "shallow_water", "Shallow water, a ford", {"move_cost": 2}),
    TerrainTile(14, "deep_water", "Deep water (swimming, submerged)",
                {"move_cost": 3, "material": "significant_liquid"}),
    TerrainTile(15, "smoke", "Heavy smoke",
                {"concealment": "mostly", "material": "particulates"}, overlay=True),
    TerrainTile(16, "dust", "Light dust", {"concealment": "partly"}, overlay=True),
    TerrainTile(17, "chasm", "Chasm or ravine (jumpable)", {"impassable": True}),
    TerrainTile(18, "darkness", "Severe darkness", {"concealment": "mostly"}, overlay=True),
    TerrainTile(19, "bunker_slit", "Bunker firing slit",
                {"concealment": "totally", "material": "thick_stone"}),
    TerrainTile(20, "hazard_stripes", "Painted hazard stripes (decoration)",
                overlay=True, decoration=True),
    TerrainTile(21, "scorch", "Scorch marks (decoration)", overlay=True, decoration=True),
)
TILE_BY_NAME = {tile.name: tile for tile in TILES}

PROPERTY_ORDER = ("blocks_sight", "concealment", "impassable", "material", "move_cost", "tall")
"""Terrain members in the order Tiled writes them (alphabetical)."""

ENUM_OF_PROPERTY = {"concealment": "Concealment", "material": "Material"}

SIDES = ("pcs", "allies", "enemies", "rivals", "bystanders")
SIDE_COLOURS = {
    "pcs": (47, 111, 223),
    "allies": (40, 160, 80),
    "enemies": (214, 48, 40),
    "rivals": (236, 150, 20),
    "bystanders": (150, 150, 150),
}
TOKEN_SIZE = 40
TOKEN_IDS = {side: index for index, side in enumerate(SIDES)}


def cover_ids() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Concealment ids and material ids, in cover.toml's order."""
    data = tomllib.loads(COVER_TOML.read_text(encoding="utf-8"))
    return tuple(data["concealment"]), tuple(data["materials"])


def tile_image_path(size: HexSize, tile: TerrainTile) -> str:
    """Where a terrain tile's image lives, relative to the repository root."""
    return f"assets/tiles/{size.layout}/{tile.name}.png"


def token_image_path(side: str) -> str:
    """Where a side's unit token image lives, relative to the repository root."""
    return f"assets/tokens/{side}.png"
