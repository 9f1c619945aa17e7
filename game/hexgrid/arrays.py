"""Numpy versions of the hex functions, for many hexes at once; same results as the scalars."""

from __future__ import annotations

import numpy as np

from .cube import ANGLE_TOLERANCE, WEDGE_HALF_ANGLE, Hex
from .tiled import TiledHexLayout

_SQRT3_HALF = np.sqrt(3) / 2


def _ints(values: object) -> np.ndarray:
    """An int64 array of the given values."""
    return np.asarray(values, dtype=np.int64)


def distances(origin: Hex, qs: np.ndarray, rs: np.ndarray) -> np.ndarray:
    """Hex steps from origin to each (q, r)."""
    dq, dr = _ints(qs) - origin.q, _ints(rs) - origin.r
    return np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))


def _rotate_right(dq: np.ndarray, dr: np.ndarray, turns: int) -> tuple[np.ndarray, np.ndarray]:
    """Offsets rotated turns * 60 degrees clockwise."""
    for _ in range(turns % 6):
        dq, dr = -dr, dq + dr  # (q, r, s) -> (-r, -s, -q)
    return dq, dr


def in_wedge_many(origin: Hex, facing: int, qs: np.ndarray, rs: np.ndarray) -> np.ndarray:
    """Boolean array: each hex inside origin's wedge facing a direction (see cube.in_wedge)."""
    dq, dr = _rotate_right(_ints(qs) - origin.q, _ints(rs) - origin.r, facing)
    ds = -dq - dr
    return (dq > 0) & (ds < 0) & (ds <= dr) & (dr <= dq)


def in_wedge_angle_many(origin: Hex, angle_degrees: float,
                        qs: np.ndarray, rs: np.ndarray) -> np.ndarray:
    """Boolean array: each hex inside the wedge at a cube-space angle (see cube.in_wedge_angle)."""
    dq, dr = _ints(qs) - origin.q, _ints(rs) - origin.r
    angles = np.degrees(np.arctan2(-dr * _SQRT3_HALF, dq + dr / 2)) % 360.0
    off = (angles - angle_degrees + 180.0) % 360.0 - 180.0
    inside = np.abs(off) <= WEDGE_HALF_ANGLE + ANGLE_TOLERANCE
    return inside & ((dq != 0) | (dr != 0))


def offsets_to_hexes(layout: TiledHexLayout, cols: np.ndarray,
                     rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(qs, rs) of Tiled cells (cols, rows)."""
    cols, rows, even = _ints(cols), _ints(rows), layout.stagger_even
    if layout.stagger_x:
        return cols, rows - (cols + even) // 2
    return cols - (rows + even) // 2, rows


def hexes_to_offsets(layout: TiledHexLayout, qs: np.ndarray,
                     rs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(cols, rows) of hexes (qs, rs)."""
    qs, rs, even = _ints(qs), _ints(rs), layout.stagger_even
    if layout.stagger_x:
        return qs, rs + (qs + even) // 2
    return qs + (rs + even) // 2, rs


def tile_top_lefts(layout: TiledHexLayout, cols: np.ndarray,
                   rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Top-left pixels of Tiled cells (see TiledHexLayout.tile_top_left)."""
    cols, rows = _ints(cols), _ints(rows)
    if layout.stagger_x:
        shifted = ((cols & 1) ^ layout.stagger_even).astype(bool)
        ys = rows * layout.cell_height + np.where(shifted, layout.row_height, 0)
        return cols * layout.column_width, ys
    shifted = ((rows & 1) ^ layout.stagger_even).astype(bool)
    xs = cols * layout.cell_width + np.where(shifted, layout.column_width, 0)
    return xs, rows * layout.row_height


def hex_centers(layout: TiledHexLayout, qs: np.ndarray,
                rs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Centre pixels (float) of hexes."""
    xs, ys = tile_top_lefts(layout, *hexes_to_offsets(layout, qs, rs))
    return xs + layout.cell_width / 2, ys + layout.cell_height / 2


def pixels_to_offsets(layout: TiledHexLayout, xs: np.ndarray,
                      ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Tiled cells under pixels, exactly as TiledHexLayout.pixel_to_offset picks."""
    xs, ys = _pick_shift(layout, np.asarray(xs, dtype=float), np.asarray(ys, dtype=float))
    span_x, span_y = 2 * layout.column_width, 2 * layout.row_height
    ref_x, ref_y = np.floor(xs / span_x), np.floor(ys / span_y)
    rel_x, rel_y = xs - ref_x * span_x, ys - ref_y * span_y
    ref_x, ref_y = ref_x.astype(np.int64), ref_y.astype(np.int64)
    if layout.stagger_x:
        ref_x = 2 * ref_x + layout.stagger_even
    else:
        ref_y = 2 * ref_y + layout.stagger_even
    centers = np.asarray(layout.pick_centers(), dtype=float)
    dist = (centers[:, 0, None] - rel_x.ravel()) ** 2 + (centers[:, 1, None] - rel_y.ravel()) ** 2
    nearest = np.argmin(dist, axis=0).reshape(rel_x.shape)  # first minimum wins, as in Tiled
    offsets = np.asarray(layout.pick_offsets(), dtype=np.int64)
    return ref_x + offsets[nearest, 0], ref_y + offsets[nearest, 1]


def pixels_to_hexes(layout: TiledHexLayout, xs: np.ndarray,
                    ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(qs, rs) of the hexes under pixels, as Tiled picks."""
    return offsets_to_hexes(layout, *pixels_to_offsets(layout, xs, ys))


def _pick_shift(layout: TiledHexLayout, xs: np.ndarray,
                ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Step 1 of Tiled's picking: move the origin to the base square."""
    if layout.stagger_x:
        return xs - (layout.cell_width if layout.stagger_even else layout.side_offset_x), ys
    return xs, ys - (layout.cell_height if layout.stagger_even else layout.side_offset_y)
