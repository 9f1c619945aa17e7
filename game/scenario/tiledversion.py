"""Which Tiled saved a map (its `tiledversion`), and the hex geometry that Tiled drew.

Tiled before 1.10.1 drew hex maps from the tile size rounded down to even (mapeditor/tiled
c6a7500); with an odd tile size, or an odd hex side length, its hexes sit a pixel or more away
from where Tiled 1.10.1 and newer draw them, and the drift grows across the map. A map keeps
the hexes its author saw: a map saved by an older Tiled is read with that Tiled's geometry. A
map with no (or an unreadable) `tiledversion` is read as Tiled 1.10.1 and newer draw it, since
generators and hand-written files omit the attribute. scenario-format.md, "Hex geometry".
"""

from __future__ import annotations

import re
from dataclasses import replace

from game.hexgrid import TiledHexLayout

EVEN_TILE_SIZE_UNTIL = (1, 10, 1)
"""The first Tiled that draws hex maps from the tile size as it is."""

_VERSION = re.compile(r"\s*(\d{1,4})\.(\d{1,4})(?:\.(\d{1,4}))?")


def parse_version(text: str | None) -> tuple[int, int, int] | None:
    """(major, minor, patch) from a `tiledversion` such as '1.2.5' or '1.10'; None when unreadable."""
    match = _VERSION.match(text or "")
    if match is None:
        return None
    major, minor, patch = match.groups()
    return int(major), int(minor), int(patch or 0)


def draws_even_tile_size(tiledversion: str | None) -> bool:
    """Whether the Tiled that saved the map drew hexes from the tile size rounded down to even."""
    version = parse_version(tiledversion)
    return version is not None and version < EVEN_TILE_SIZE_UNTIL


def geometry_note(layout: TiledHexLayout, tiledversion: str | None) -> str | None:
    """A warning when Tiled before and after 1.10.1 draw this map's hexes differently, else None."""
    other = replace(layout, even_tile_size=not layout.even_tile_size)
    if _drawn(layout) == _drawn(other):
        return None
    size = f"tile size {layout.tile_width} x {layout.tile_height} with hex side {layout.hex_side_length}"
    fix = ("give the map an even tile width, tile height and hex side length (and check the "
           "units' hexes) so that every Tiled draws it alike")
    if layout.even_tile_size:
        return (f"was saved by Tiled {tiledversion.strip()}, which draws a {size} differently from Tiled "
                f"1.10.1 and newer; hexbattle puts objects on the hexes that Tiled drew, and opening it in "
                f"a newer Tiled moves them; {fix}")
    if parse_version(tiledversion) is None:
        return (f"has no readable tiledversion, and Tiled before 1.10.1 draws its {size} differently; "
                f"hexbattle reads it as Tiled 1.10.1 and newer draw it; {fix}")
    return None


def _drawn(layout: TiledHexLayout) -> tuple[int, int, int, int]:
    """What decides where Tiled draws each hex."""
    return layout.side_offset_x, layout.side_offset_y, layout.cell_width, layout.cell_height
