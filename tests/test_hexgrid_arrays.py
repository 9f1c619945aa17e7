"""Numpy hex functions agree element by element with the scalar ones."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.hexgrid import Hex, TiledHexLayout, distance, in_wedge, in_wedge_angle
from game.hexgrid.arrays import (
    distances,
    hex_centers,
    hexes_to_offsets,
    in_wedge_angle_many,
    in_wedge_many,
    offsets_to_hexes,
    pixels_to_hexes,
    pixels_to_offsets,
    tile_top_lefts,
)

LAYOUTS = [
    TiledHexLayout(14, 12, 6, "y", "odd"),
    TiledHexLayout(60, 60, 30, "x", "odd"),
    TiledHexLayout(56, 64, 32, "y", "even"),
    TiledHexLayout(64, 56, 32, "x", "even"),
    TiledHexLayout(55, 63, 31, "y", "odd"),
    TiledHexLayout(33, 8, 0, "x", "even"),
]


@st.composite
def layouts(draw) -> TiledHexLayout:
    """Any layout Tiled can draw."""
    axis = draw(st.sampled_from(["x", "y"]))
    index = draw(st.sampled_from(["odd", "even"]))
    width, height = draw(st.integers(2, 200)), draw(st.integers(2, 200))
    side = draw(st.integers(0, width if axis == "x" else height))
    return TiledHexLayout(width, height, side, axis, index)


def _random_hexes(seed: int, size: int = 400, span: int = 50) -> tuple[np.ndarray, np.ndarray]:
    """Seeded random (qs, rs), negatives included."""
    rng = np.random.default_rng(seed)
    return rng.integers(-span, span + 1, size), rng.integers(-span, span + 1, size)


def test_distances_literal():
    assert distances(Hex(0, 0), np.array([3, 1, 0]), np.array([-7, 1, 0])).tolist() == [7, 2, 0]


@pytest.mark.parametrize("seed", range(3))
def test_distances_agree_with_distance(seed):
    origin = Hex(4, -9)
    qs, rs = _random_hexes(seed)
    expected = [distance(origin, Hex(int(q), int(r))) for q, r in zip(qs, rs)]
    assert distances(origin, qs, rs).tolist() == expected


@pytest.mark.parametrize("facing", range(6))
def test_in_wedge_many_agrees_with_in_wedge(facing):
    origin = Hex(-2, 3)
    qs, rs = _random_hexes(facing, size=3000, span=15)
    expected = [in_wedge(origin, facing, Hex(int(q), int(r))) for q, r in zip(qs, rs)]
    assert in_wedge_many(origin, facing, qs, rs).tolist() == expected


def test_in_wedge_many_excludes_the_origin():
    assert not in_wedge_many(Hex(1, 1), 0, np.array([1]), np.array([1]))[0]


@given(st.floats(-400, 400, allow_nan=False), st.integers(0, 2**32 - 1))
@settings(max_examples=50)
def test_in_wedge_angle_many_agrees_with_in_wedge_angle(angle, seed):
    origin = Hex(5, 5)
    qs, rs = _random_hexes(seed, size=300, span=20)
    expected = [in_wedge_angle(origin, angle, Hex(int(q), int(r))) for q, r in zip(qs, rs)]
    assert in_wedge_angle_many(origin, angle, qs, rs).tolist() == expected


@pytest.mark.parametrize("facing", range(6))
def test_in_wedge_angle_many_at_direction_angles_equals_in_wedge_many(facing):
    qs, rs = _random_hexes(10 + facing, size=2000, span=12)
    assert (in_wedge_angle_many(Hex(0, 0), 60.0 * facing, qs, rs)
            == in_wedge_many(Hex(0, 0), facing, qs, rs)).all()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_offsets_and_hexes_agree_with_scalars_and_round_trip(layout):
    cols, rows = _random_hexes(1)
    qs, rs = offsets_to_hexes(layout, cols, rows)
    expected = [layout.offset_to_hex(int(c), int(r)) for c, r in zip(cols, rows)]
    assert list(zip(qs.tolist(), rs.tolist())) == expected
    back_cols, back_rows = hexes_to_offsets(layout, qs, rs)
    assert back_cols.tolist() == cols.tolist() and back_rows.tolist() == rows.tolist()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_tile_top_lefts_and_hex_centers_agree_with_scalars(layout):
    qs, rs = _random_hexes(2)
    hexes = [Hex(int(q), int(r)) for q, r in zip(qs, rs)]
    xs, ys = tile_top_lefts(layout, *hexes_to_offsets(layout, qs, rs))
    assert list(zip(xs.tolist(), ys.tolist())) == [layout.hex_top_left(h) for h in hexes]
    cxs, cys = hex_centers(layout, qs, rs)
    assert list(zip(cxs.tolist(), cys.tolist())) == [layout.hex_center(h) for h in hexes]


@given(layouts(), st.integers(0, 2**32 - 1))
@settings(max_examples=60)
def test_pixels_to_hexes_agrees_with_pixel_to_hex(layout, seed):
    rng = np.random.default_rng(seed)
    xs = rng.uniform(-2000, 2000, 200)
    ys = rng.uniform(-2000, 2000, 200)
    xs[:100], ys[:100] = np.round(xs[:100]), np.round(ys[:100])  # whole pixels too
    qs, rs = pixels_to_hexes(layout, xs, ys)
    expected = [layout.pixel_to_hex(float(x), float(y)) for x, y in zip(xs, ys)]
    assert list(zip(qs.tolist(), rs.tolist())) == expected


@given(layouts(), st.integers(0, 2**32 - 1))
@settings(max_examples=30)
def test_pixels_to_hexes_of_centres_gives_back_the_hexes(layout, seed):
    qs, rs = _random_hexes(seed, size=100)
    back_qs, back_rs = pixels_to_hexes(layout, *hex_centers(layout, qs, rs))
    assert back_qs.tolist() == qs.tolist() and back_rs.tolist() == rs.tolist()


@pytest.mark.parametrize("layout", LAYOUTS)
def test_pixels_to_offsets_on_a_pixel_grid_agree_with_scalars(layout):
    ys, xs = np.mgrid[-70:70:3, -70:70:3].astype(float)
    cols, rows = pixels_to_offsets(layout, xs, ys)
    assert cols.shape == xs.shape
    expected = [layout.pixel_to_offset(float(x), float(y)) for x, y in zip(xs.ravel(), ys.ravel())]
    assert list(zip(cols.ravel().tolist(), rows.ravel().tolist())) == expected


def test_array_functions_keep_2d_shapes():
    layout = LAYOUTS[0]
    qs, rs = np.zeros((3, 4), dtype=int), np.ones((3, 4), dtype=int)
    assert distances(Hex(0, 0), qs, rs).shape == (3, 4)
    assert in_wedge_many(Hex(0, 0), 5, qs, rs).shape == (3, 4)
    assert hex_centers(layout, qs, rs)[0].shape == (3, 4)
    assert pixels_to_hexes(layout, *hex_centers(layout, qs, rs))[1].shape == (3, 4)


def test_array_functions_accept_plain_lists():
    assert distances(Hex(0, 0), [1, 2], [0, -4]).tolist() == [1, 4]
