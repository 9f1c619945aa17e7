"""Tiled's hex offsets and pixels, converted to and from Hex at the edges only.

Transcribes libtiled's HexagonalRenderer (tileToScreenCoords, tileToScreenPolygon,
screenToTileCoords, boundingRect), integer truncation included; see tiled/NOTES.md section 2.
Tiled before 1.10.1 started its RenderParams from the tile size rounded down to even and kept
that as the drawn cell size (`tileWidth(map->tileWidth() & ~1)`, changed in mapeditor/tiled
c6a7500, "Fixed grid rendering for odd Hex Side Length values"); `even_tile_size` draws that way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .cube import Hex

_AXES = ("x", "y")
_INDICES = ("odd", "even")

# Picking candidates (screenToTileCoords): offsets added to the reference cell, in Tiled's
# order; on an exact tie the first one wins, as in Tiled.
_PICK_OFFSETS_X = ((0, 0), (1, -1), (1, 0), (2, 0))
_PICK_OFFSETS_Y = ((0, 0), (-1, 1), (0, 1), (0, 2))


@dataclass(frozen=True, slots=True)
class TiledHexLayout:
    """The hex geometry of one Tiled map: cell size in pixels, side length, stagger.

    `even_tile_size` draws as Tiled before 1.10.1 did: from the tile size rounded down to even.
    """

    tile_width: int
    tile_height: int
    hex_side_length: int
    stagger_axis: str
    stagger_index: str
    even_tile_size: bool = False

    def __post_init__(self) -> None:
        """Refuse a geometry Tiled could not draw (a bug if it gets this far)."""
        problem = _layout_problem(self)
        if problem:
            raise ValueError(problem)

    @classmethod
    def from_map_attributes(
        cls,
        tilewidth: object,
        tileheight: object,
        hexsidelength: object = None,
        staggeraxis: object = None,
        staggerindex: object = None,
        even_tile_size: bool = False,
    ) -> TiledHexLayout:
        """Build from TMX/JSON map attributes (absent: 0, y, odd); ValueError says what to fix."""
        return cls(
            tile_width=_pixels("tilewidth", tilewidth),
            tile_height=_pixels("tileheight", tileheight),
            hex_side_length=_pixels("hexsidelength", 0 if hexsidelength is None else hexsidelength),
            stagger_axis=_choice("staggeraxis", staggeraxis, _AXES, "y"),
            stagger_index=_choice("staggerindex", staggerindex, _INDICES, "odd"),
            even_tile_size=even_tile_size,
        )

    # -- Tiled's RenderParams -------------------------------------------------------------

    @property
    def stagger_x(self) -> bool:
        """Columns are staggered (flat-top hexes)."""
        return self.stagger_axis == "x"

    @property
    def stagger_even(self) -> int:
        """1 when even indices are shifted, 0 when odd ones are (Tiled's StaggerIndex)."""
        return int(self.stagger_index == "even")

    @property
    def side_length_x(self) -> int:
        """Length of the horizontal top/bottom edges (flat-top only)."""
        return self.hex_side_length if self.stagger_x else 0

    @property
    def side_length_y(self) -> int:
        """Length of the vertical left/right edges (pointy-top only)."""
        return 0 if self.stagger_x else self.hex_side_length

    @property
    def drawn_tile_width(self) -> int:
        """The tile width Tiled's renderer starts from (rounded down to even before 1.10.1)."""
        return self.tile_width & ~1 if self.even_tile_size else self.tile_width

    @property
    def drawn_tile_height(self) -> int:
        """The tile height Tiled's renderer starts from (rounded down to even before 1.10.1)."""
        return self.tile_height & ~1 if self.even_tile_size else self.tile_height

    @property
    def side_offset_x(self) -> int:
        """Tiled's sideOffsetX, truncated toward zero as C++ does."""
        return _half(self.drawn_tile_width - self.side_length_x)

    @property
    def side_offset_y(self) -> int:
        """Tiled's sideOffsetY, truncated toward zero as C++ does."""
        return _half(self.drawn_tile_height - self.side_length_y)

    @property
    def column_width(self) -> int:
        """Tiled's columnWidth."""
        return self.side_offset_x + self.side_length_x

    @property
    def row_height(self) -> int:
        """Tiled's rowHeight."""
        return self.side_offset_y + self.side_length_y

    @property
    def cell_width(self) -> int:
        """Width Tiled actually draws a hex (its recomputed tileWidth; may be tilewidth - 1)."""
        if self.even_tile_size:
            return self.drawn_tile_width
        return self.column_width + self.side_offset_x

    @property
    def cell_height(self) -> int:
        """Height Tiled actually draws a hex (its recomputed tileHeight)."""
        if self.even_tile_size:
            return self.drawn_tile_height
        return self.row_height + self.side_offset_y

    def is_shifted(self, index: int) -> bool:
        """Whether this row (y-stagger) or column (x-stagger) is pushed by half a cell."""
        return bool((index & 1) ^ self.stagger_even)

    # -- Offsets <-> Hex ----------------------------------------------------------------

    def offset_to_hex(self, col: int, row: int) -> Hex:
        """The hex at Tiled cell (col, row); odd-r, even-r, odd-q or even-q by layout."""
        if self.stagger_x:
            return Hex(col, row - (col + self.stagger_even) // 2)
        return Hex(col - (row + self.stagger_even) // 2, row)

    def hex_to_offset(self, h: Hex) -> tuple[int, int]:
        """The Tiled cell (col, row) of a hex."""
        if self.stagger_x:
            return h.q, h.r + (h.q + self.stagger_even) // 2
        return h.q + (h.r + self.stagger_even) // 2, h.r

    # -- Pixels ---------------------------------------------------------------------------

    def tile_top_left(self, col: int, row: int) -> tuple[int, int]:
        """Top-left pixel of cell (col, row)'s bounding box (Tiled's tileToScreenCoords)."""
        if self.stagger_x:
            shift = self.row_height if self.is_shifted(col) else 0
            return col * self.column_width, row * self.cell_height + shift
        shift = self.column_width if self.is_shifted(row) else 0
        return col * self.cell_width + shift, row * self.row_height

    def hex_top_left(self, h: Hex) -> tuple[int, int]:
        """Top-left pixel of a hex's bounding box."""
        return self.tile_top_left(*self.hex_to_offset(h))

    def hex_center(self, h: Hex) -> tuple[float, float]:
        """Centre pixel of a hex: top-left plus half the drawn cell."""
        x, y = self.hex_top_left(h)
        return x + self.cell_width / 2, y + self.cell_height / 2

    def hex_corners(self, h: Hex) -> list[tuple[int, int]]:
        """The 6 corners in Tiled's polygon order, its repeated apex point dropped."""
        # Screen-clockwise from the lower left; with hexsidelength 0 two more coincide.
        x, y = self.hex_top_left(h)
        polygon = self._polygon()
        keep = (0, 2, 3, 4, 6, 7) if self.stagger_x else (0, 1, 2, 4, 5, 6)
        return [(x + polygon[i][0], y + polygon[i][1]) for i in keep]

    def _polygon(self) -> tuple[tuple[int, int], ...]:
        """Tiled's 8 polygon points relative to the top-left (tileToScreenPolygon)."""
        w, h = self.cell_width, self.cell_height
        sx, sy = self.side_offset_x, self.side_offset_y
        return ((0, h - sy), (0, sy), (sx, 0), (w - sx, 0),
                (w, sy), (w, h - sy), (w - sx, h), (sx, h))

    def pixel_to_offset(self, x: float, y: float) -> tuple[int, int]:
        """The cell (col, row) under a pixel, exactly as Tiled picks (screenToTileCoords)."""
        x, y = self._pick_shift(x, y)
        span_x, span_y = 2 * self.column_width, 2 * self.row_height
        ref_x, ref_y = math.floor(x / span_x), math.floor(y / span_y)
        rel_x, rel_y = x - ref_x * span_x, y - ref_y * span_y
        if self.stagger_x:
            ref_x = 2 * ref_x + self.stagger_even
        else:
            ref_y = 2 * ref_y + self.stagger_even
        dx, dy = self.pick_offsets()[_nearest(self.pick_centers(), rel_x, rel_y)]
        return ref_x + dx, ref_y + dy

    def pixel_to_hex(self, x: float, y: float) -> Hex:
        """The hex under a pixel, as Tiled picks it."""
        return self.offset_to_hex(*self.pixel_to_offset(x, y))

    def _pick_shift(self, x: float, y: float) -> tuple[float, float]:
        """Step 1 of Tiled's picking: move the origin to the base square."""
        if self.stagger_x:
            return x - (self.cell_width if self.stagger_even else self.side_offset_x), y
        return x, y - (self.cell_height if self.stagger_even else self.side_offset_y)

    def pick_centers(self) -> tuple[tuple[int, int], ...]:
        """Tiled's 4 candidate centres within the base square (integer-truncated)."""
        cw, rh = self.column_width, self.row_height
        if self.stagger_x:
            left = self.side_length_x // 2
            cx, cy = left + cw, self.cell_height // 2
            return ((left, cy), (cx, cy - rh), (cx, cy + rh), (cx + cw, cy))
        top = self.side_length_y // 2
        cx, cy = self.cell_width // 2, top + rh
        return ((cx, top), (cx - cw, cy), (cx + cw, cy), (cx, cy + rh))

    def pick_offsets(self) -> tuple[tuple[int, int], ...]:
        """Cell offsets matching pick_centers."""
        return _PICK_OFFSETS_X if self.stagger_x else _PICK_OFFSETS_Y

    def map_pixel_size(self, cols: int, rows: int) -> tuple[int, int]:
        """Pixel width and height of a cols x rows map (Tiled's boundingRect)."""
        if self.stagger_x:
            extra = self.row_height if cols > 1 else 0
            return cols * self.column_width + self.side_offset_x, rows * self.cell_height + extra
        extra = self.column_width if rows > 1 else 0
        return cols * self.cell_width + extra, rows * self.row_height + self.side_offset_y


def _half(number: int) -> int:
    """Half a whole number, truncated toward zero (C++ int division; -1 / 2 is 0)."""
    return -(-number // 2) if number < 0 else number // 2


def _nearest(centers: tuple[tuple[int, int], ...], x: float, y: float) -> int:
    """Index of the centre nearest (x, y); the first wins a tie, as in Tiled."""
    # Tiled compares float32 squares; doubles agree on whole pixels for any sane cell size.
    best, best_d = 0, math.inf
    for i, (cx, cy) in enumerate(centers):
        d = (cx - x) ** 2 + (cy - y) ** 2
        if d < best_d:
            best, best_d = i, d
    return best


def _layout_problem(layout: TiledHexLayout) -> str | None:
    """Why a layout cannot be drawn, or None."""
    if layout.stagger_axis not in _AXES:
        return f"map attribute staggeraxis must be 'x' or 'y', got {layout.stagger_axis!r}"
    if layout.stagger_index not in _INDICES:
        return ("map attribute staggerindex must be 'odd' or 'even', "
                f"got {layout.stagger_index!r}")
    for name, value in (("tilewidth", layout.tile_width), ("tileheight", layout.tile_height)):
        if not _is_whole(value) or value < 2:
            return (f"map attribute {name} must be a whole number of pixels, at least 2; "
                    f"got {value!r}")
    return _side_problem(layout)


def _side_problem(layout: TiledHexLayout) -> str | None:
    """Why the hex side length does not fit the cell, or None."""
    side = layout.hex_side_length
    span_name = "tilewidth" if layout.stagger_x else "tileheight"
    span = layout.tile_width if layout.stagger_x else layout.tile_height
    if not _is_whole(side) or not 0 <= side <= span:
        return ("map attribute hexsidelength must be a whole number of pixels "
                f"from 0 to {span_name} ({span}) for staggeraxis {layout.stagger_axis!r}; "
                f"got {side!r}")
    return None


def _is_whole(value: object) -> bool:
    """An int that is not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def _pixels(name: str, value: object) -> int:
    """A map attribute as a whole number of pixels (accepts '64', 64 and 64.0)."""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        number = math.nan
    if not number.is_integer() or isinstance(value, bool):
        raise ValueError(f"map attribute {name} must be a whole number of pixels, got {value!r}")
    return int(number)


def _choice(name: str, value: object, allowed: tuple[str, ...], default: str) -> str:
    """A map attribute that must be one of a few words; None means Tiled's default."""
    if value is None:
        return default
    if value not in allowed:
        words = " or ".join(repr(a) for a in allowed)
        raise ValueError(f"map attribute {name} must be {words}, got {value!r}")
    return str(value)
