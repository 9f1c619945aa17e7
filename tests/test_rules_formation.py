"""Formations as literal hexes (Seed 002, Squad Size; Ruling: Squads): the shapes a squad can
take, connectivity, and how many units a blast reaches."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import Hex
from game.rules.formation import SHAPED, blob, column, connected, cut_off, growth_order, line, shape, units_reached, wedge

A = Hex(0, 0)


def test_a_line_facing_direction_0_runs_square_to_it_zig_zagging_left_and_right():
    assert line(A, 0, 5) == (A, Hex(1, -1), Hex(0, 1), Hex(1, -2), Hex(-1, 2))


def test_a_column_trails_straight_back_from_its_head():
    assert column(A, 0, 3) == (A, Hex(-1, 0), Hex(-2, 0))


def test_a_wedge_has_its_tip_forward_and_widens_behind():
    assert wedge(A, 0, 6) == (A, Hex(0, -1), Hex(-1, 1), Hex(-1, 0), Hex(0, -2), Hex(-2, 2))


def test_a_blob_flows_around_what_it_cannot_use():
    blocked = {Hex(-1, 0), Hex(-1, 1), Hex(0, -1)}
    assert blob(A, 3, lambda h: h not in blocked) == (A, Hex(0, 1), Hex(1, -1))
    assert blob(A, 3, lambda h: False) is None


def test_two_hexes_apart_are_not_connected_and_the_stray_one_is_named():
    assert not connected((A, Hex(2, 0)))
    assert cut_off((A, Hex(1, 0), Hex(3, 0))) == Hex(3, 0)
    assert cut_off((A, Hex(1, 0))) is None


def test_growth_order_starts_at_the_anchor_and_goes_breadth_first():
    assert growth_order((Hex(2, 0), A, Hex(1, 0))) == (Hex(2, 0), Hex(1, 0), A)


@given(st.sampled_from(SHAPED), st.integers(0, 5), st.integers(1, 12), st.integers(-5, 5), st.integers(-5, 5))
def test_every_shape_and_every_first_few_of_its_hexes_are_connected(kind, facing, size, q, r):
    hexes = shape(kind, Hex(q, r), facing, size)
    assert len(set(hexes)) == size and hexes[0] == Hex(q, r)
    assert all(connected(hexes[:n]) for n in range(1, size + 1))


@pytest.mark.parametrize(("units", "reached", "footprint", "expected"), [
    (9, 1, 3, 3), (9, 3, 3, 9), (7, 1, 3, 3), (7, 2, 3, 5), (4, 1, 2, 2), (5, 1, 2, 3), (6, 0, 2, 0),
])
def test_a_blast_reaches_the_units_spread_evenly_over_the_hexes_it_covers(units, reached, footprint, expected):
    assert units_reached(units, reached, footprint) == expected


@given(st.integers(1, 60), st.data())
def test_a_blast_never_reaches_more_than_three_units_a_hex_or_more_than_the_squad(units, data):
    footprint = -(-units // 3)
    reached = data.draw(st.integers(0, footprint))
    assert units_reached(units, reached, footprint) <= min(units, 3 * reached)
