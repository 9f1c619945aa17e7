"""Tiled's hex offsets and pixels: NOTES.md's worked values first, then round trips."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import DIRECTIONS, Hex, TiledHexLayout, neighbor

MINI = TiledHexLayout(14, 12, 6, "y", "odd")             # Tiled's hexagonal-mini.tmx
FLAT_60 = TiledHexLayout(60, 60, 30, "x", "odd")         # test_hexagonal_tile_60x60x30
POINTY_56 = TiledHexLayout(56, 64, 32, "y", "odd")       # synthetic pointy 56x64 s32
FLAT_64_EVEN = TiledHexLayout(64, 56, 32, "x", "even")   # flat 64x56 s32 even
WORKED = [MINI, FLAT_60, POINTY_56, FLAT_64_EVEN]

cells = st.integers(-40, 40)


@st.composite
def layouts(draw, min_size: int = 2) -> TiledHexLayout:
    """Any layout Tiled can draw: 4 staggers, cell sizes, side lengths up to the cell."""
    axis = draw(st.sampled_from(["x", "y"]))
    index = draw(st.sampled_from(["odd", "even"]))
    width, height = draw(st.integers(min_size, 200)), draw(st.integers(min_size, 200))
    side = draw(st.integers(0, width if axis == "x" else height))
    return TiledHexLayout(width, height, side, axis, index)


# -- NOTES.md worked values -------------------------------------------------------------------

@pytest.mark.parametrize("layout, top_lefts", [
    (MINI, [(0, 0), (14, 0), (7, 9), (21, 9)]),
    (FLAT_60, [(0, 0), (45, 30), (0, 60), (45, 90)]),
    (POINTY_56, [(0, 0), (56, 0), (28, 48), (84, 48)]),
    (FLAT_64_EVEN, [(0, 28), (48, 0), (0, 84), (48, 56)]),
])
def test_worked_top_lefts_of_cells_00_10_01_11(layout, top_lefts):
    assert [layout.tile_top_left(c, r) for c, r in [(0, 0), (1, 0), (0, 1), (1, 1)]] == top_lefts


@pytest.mark.parametrize("layout, params", [
    (MINI, (7, 9, 14, 12)),
    (FLAT_60, (45, 30, 60, 60)),
    (POINTY_56, (28, 48, 56, 64)),
    (FLAT_64_EVEN, (48, 28, 64, 56)),
])
def test_worked_column_width_row_height_and_drawn_cell(layout, params):
    assert (layout.column_width, layout.row_height, layout.cell_width, layout.cell_height) == params


def test_odd_sizes_are_truncated_like_tiled():
    layout = TiledHexLayout(55, 64, 31, "y", "odd")
    assert (layout.side_offset_x, layout.side_offset_y) == (27, 16)
    assert (layout.column_width, layout.row_height) == (27, 47)
    assert (layout.cell_width, layout.cell_height) == (54, 63)  # one pixel short each way


def test_hex_centre_is_top_left_plus_half_the_drawn_cell():
    assert MINI.hex_center(Hex(0, 0)) == (7.0, 6.0)
    assert MINI.hex_center(MINI.offset_to_hex(1, 1)) == (28.0, 15.0)
    assert FLAT_64_EVEN.hex_center(Hex(0, 0)) == (32.0, 56.0)


def test_hex_corners_pointy_top():
    assert MINI.hex_corners(Hex(0, 0)) == [(0, 9), (0, 3), (7, 0), (14, 3), (14, 9), (7, 12)]


def test_hex_corners_flat_top():
    assert FLAT_60.hex_corners(FLAT_60.offset_to_hex(1, 0)) == [
        (45, 60), (60, 30), (90, 30), (105, 60), (90, 90), (60, 90)]


# -- Reading map attributes -------------------------------------------------------------------

def test_from_map_attributes_reads_tmx_strings():
    assert TiledHexLayout.from_map_attributes("14", "12", "6", "y", "odd") == MINI


def test_from_map_attributes_accepts_pytmx_floats():
    assert TiledHexLayout.from_map_attributes(60, 60, 30.0, "x", "odd") == FLAT_60


def test_absent_attributes_take_tiled_defaults():
    assert TiledHexLayout.from_map_attributes(56, 64) == TiledHexLayout(56, 64, 0, "y", "odd")


@pytest.mark.parametrize("attributes, complaint", [
    ((56, 64, 32, "z", "odd"), "staggeraxis must be 'x' or 'y', got 'z'"),
    ((56, 64, 32, "y", "both"), "staggerindex must be 'odd' or 'even', got 'both'"),
    (("wide", 64, 32, "y", "odd"), "tilewidth must be a whole number of pixels, got 'wide'"),
    ((56, 64.5, 32, "y", "odd"), "tileheight must be a whole number of pixels, got 64.5"),
    ((1, 64, 32, "y", "odd"), "tilewidth must be a whole number of pixels, at least 2"),
    ((56, 64, 70, "y", "odd"), "hexsidelength must be a whole number of pixels from 0 to "
                               "tileheight (64)"),
    ((64, 56, -1, "x", "odd"), "hexsidelength must be a whole number of pixels from 0 to "
                               "tilewidth (64)"),
    ((56, 64, True, "y", "odd"), "hexsidelength must be a whole number of pixels"),
])
def test_bad_map_attributes_are_refused_with_a_clear_message(attributes, complaint):
    with pytest.raises(ValueError) as refusal:
        TiledHexLayout.from_map_attributes(*attributes)
    assert complaint in str(refusal.value)
    assert str(refusal.value).startswith("map attribute ")


# -- Offsets <-> hexes ------------------------------------------------------------------------

@pytest.mark.parametrize("axis, index, cell, hex_", [
    ("y", "odd", (0, 1), Hex(0, 1)),      # odd-r
    ("y", "odd", (0, 2), Hex(-1, 2)),
    ("y", "odd", (3, -1), Hex(4, -1)),
    ("y", "even", (0, 1), Hex(-1, 1)),    # even-r
    ("y", "even", (3, -1), Hex(3, -1)),
    ("x", "odd", (1, 0), Hex(1, 0)),      # odd-q
    ("x", "odd", (2, 0), Hex(2, -1)),
    ("x", "odd", (-1, 2), Hex(-1, 3)),
    ("x", "even", (1, 0), Hex(1, -1)),    # even-q
    ("x", "even", (-1, 2), Hex(-1, 2)),
])
def test_offset_to_hex_literals(axis, index, cell, hex_):
    layout = TiledHexLayout(64, 64, 32, axis, index)
    assert layout.offset_to_hex(*cell) == hex_
    assert layout.hex_to_offset(hex_) == cell


@given(layouts(), cells, cells)
def test_offset_round_trip_including_negative_cells(layout, col, row):
    assert layout.hex_to_offset(layout.offset_to_hex(col, row)) == (col, row)


@given(layouts(), cells, cells)
def test_hex_round_trip_through_offsets(layout, q, r):
    assert layout.offset_to_hex(*layout.hex_to_offset(Hex(q, r))) == Hex(q, r)


def _tiled_neighbours(layout: TiledHexLayout, x: int, y: int) -> dict[str, tuple[int, int]]:
    """Tiled's topLeft/topRight/bottomLeft/bottomRight plus the two straight neighbours."""
    if not layout.stagger_x:
        if (y & 1) ^ layout.stagger_even:
            diagonals = {"TL": (x, y - 1), "TR": (x + 1, y - 1),
                         "BL": (x, y + 1), "BR": (x + 1, y + 1)}
        else:
            diagonals = {"TL": (x - 1, y - 1), "TR": (x, y - 1),
                         "BL": (x - 1, y + 1), "BR": (x, y + 1)}
        return {**diagonals, "left": (x - 1, y), "right": (x + 1, y)}
    if (x & 1) ^ layout.stagger_even:
        diagonals = {"TL": (x - 1, y), "TR": (x + 1, y), "BL": (x - 1, y + 1), "BR": (x + 1, y + 1)}
    else:
        diagonals = {"TL": (x - 1, y - 1), "TR": (x + 1, y - 1), "BL": (x - 1, y), "BR": (x + 1, y)}
    return {**diagonals, "up": (x, y - 1), "down": (x, y + 1)}


POINTY_DIRECTIONS = {"right": 0, "TR": 1, "TL": 2, "left": 3, "BL": 4, "BR": 5}
FLAT_DIRECTIONS = {"BR": 0, "TR": 1, "up": 2, "TL": 3, "BL": 4, "down": 5}


@given(st.sampled_from(["x", "y"]), st.sampled_from(["odd", "even"]), cells, cells)
def test_tiled_neighbours_are_our_directions(axis, index, col, row):
    layout = TiledHexLayout(64, 64, 32, axis, index)
    names = FLAT_DIRECTIONS if layout.stagger_x else POINTY_DIRECTIONS
    here = layout.offset_to_hex(col, row)
    for name, cell in _tiled_neighbours(layout, col, row).items():
        assert layout.offset_to_hex(*cell) == neighbor(here, names[name]), name


# -- Pixels -> hexes --------------------------------------------------------------------------

@given(layouts(), cells, cells)
def test_centre_of_every_hex_picks_that_hex(layout, q, r):
    assert layout.pixel_to_hex(*layout.hex_center(Hex(q, r))) == Hex(q, r)


@given(layouts(min_size=8), cells, cells, st.integers(0, 23))
def test_points_a_quarter_cell_from_the_centre_pick_that_hex(layout, q, r, step):
    """Within a quarter cell of the centre every point picks its own hex, on cells no flatter
    than 1 to 3: Tiled's integer picking does not promise it for needle-thin hexes (hypothesis
    found a 65 x 8 cell with side 1 where it picks the neighbour)."""
    from math import cos, radians, sin

    from hypothesis import assume
    assume(layout.cell_width <= 3 * layout.cell_height and layout.cell_height <= 3 * layout.cell_width)
    cx, cy = layout.hex_center(Hex(q, r))
    x = cx + 0.25 * layout.cell_width * cos(radians(15 * step))
    y = cy + 0.25 * layout.cell_height * sin(radians(15 * step))
    assert layout.pixel_to_hex(x, y) == Hex(q, r)


def _strictly_inside(corners: list[tuple[int, int]], x: float, y: float) -> bool:
    """Whether (x, y) is at least 1 px inside a screen-clockwise convex polygon."""
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        edge = ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5
        if (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1) < edge:
            return False
    return True


@pytest.mark.parametrize("layout", [MINI, POINTY_56, FLAT_64_EVEN])
def test_every_pixel_inside_a_near_regular_hex_picks_it(layout):
    for h in [Hex(0, 0), Hex(1, -1), Hex(-2, 3), Hex(3, 1)]:
        corners = layout.hex_corners(h)
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        inside = [(x + 0.5, y + 0.5) for x in range(min(xs), max(xs))
                  for y in range(min(ys), max(ys)) if _strictly_inside(corners, x + 0.5, y + 0.5)]
        assert len(inside) > layout.cell_width * layout.cell_height // 2
        assert all(layout.pixel_to_hex(x, y) == h for x, y in inside)


def test_pixels_pick_worked_cells():
    assert MINI.pixel_to_offset(7, 6) == (0, 0)
    assert MINI.pixel_to_offset(28, 15) == (1, 1)
    assert MINI.pixel_to_offset(-7, 6) == (-1, 0)
    assert FLAT_64_EVEN.pixel_to_offset(80, 28) == (1, 0)
    assert FLAT_64_EVEN.pixel_to_offset(32, 10) == (0, -1)


def test_a_pixel_on_the_line_between_two_cells_of_a_row_goes_right():
    layout = TiledHexLayout(20, 20, 10, "y", "odd")  # centres of (0, 0) and (1, 0): x 10, 30
    assert layout.pixel_to_offset(20.0, 10.0) == (1, 0)


def test_pick_tie_between_candidate_centres_goes_to_the_first_as_in_tiled():
    layout = TiledHexLayout(20, 20, 10, "y", "odd")
    # Equally far from pick centres (10, 5) of cell (0, 0) and (20, 20) of cell (0, 1).
    assert layout.pick_centers()[0] == (10, 5) and layout.pick_centers()[2] == (20, 20)
    assert layout.pixel_to_offset(15.0, 12.5 + layout.side_offset_y) == (0, 0)


@pytest.mark.parametrize("layout", WORKED)
def test_every_centre_of_a_17_by_17_block_picks_its_cell(layout):
    for col in range(-8, 9):
        for row in range(-8, 9):
            x, y = layout.hex_center(layout.offset_to_hex(col, row))
            assert layout.pixel_to_offset(x, y) == (col, row)


@given(layouts(), cells, cells)
def test_neighbouring_hexes_have_distinct_centres_one_cell_apart(layout, q, r):
    here = layout.hex_center(Hex(q, r))
    for d in DIRECTIONS:
        there = layout.hex_center(Hex(q + d.q, r + d.r))
        assert there != here
        assert abs(there[0] - here[0]) <= layout.cell_width
        assert abs(there[1] - here[1]) <= layout.cell_height


# -- Map size ---------------------------------------------------------------------------------

def test_map_pixel_size_of_the_mini_map():
    assert MINI.map_pixel_size(20, 20) == (20 * 14 + 7, 20 * 9 + 3)
    assert MINI.map_pixel_size(20, 1) == (20 * 14, 12)


def test_map_pixel_size_of_a_flat_map():
    assert FLAT_60.map_pixel_size(10, 8) == (10 * 45 + 15, 8 * 60 + 30)


@given(layouts(), st.integers(1, 6), st.integers(1, 6))
def test_map_pixel_size_is_the_extent_of_all_cells(layout, cols, rows):
    corners = [p for c in range(cols) for r in range(rows)
               for p in layout.hex_corners(layout.offset_to_hex(c, r))]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    assert layout.map_pixel_size(cols, rows) == (max(xs) - min(xs), max(ys) - min(ys))


@given(layouts(), cells, cells)
def test_hex_top_left_is_the_corners_bounding_box(layout, q, r):
    corners = layout.hex_corners(Hex(q, r))
    assert layout.hex_top_left(Hex(q, r)) == (min(x for x, _ in corners),
                                              min(y for _, y in corners))
