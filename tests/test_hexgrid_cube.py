"""Hex maths in cube/axial coordinates: literal vectors first, then the laws."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import (
    DIRECTIONS,
    Hex,
    angle_to,
    cube_round,
    direction_between,
    direction_to_neighbor,
    distance,
    hex_add,
    hex_scale,
    hex_subtract,
    in_wedge,
    in_wedge_angle,
    line,
    line_with_edges,
    metres_to_hexes,
    move_in_hexes,
    neighbor,
    neighbors,
    range_in_hexes,
    ring,
    rotate,
    rotate_left,
    rotate_right,
    spiral,
    wedge,
)

ORIGIN = Hex(0, 0)
coords = st.integers(-60, 60)
hexes = st.builds(Hex, coords, coords)
facings = st.integers(0, 5)


# -- Hex values ---------------------------------------------------------------------------

def test_hex_has_derived_s():
    assert Hex(3, -7).s == 4


def test_hexes_sort_by_q_then_r_and_hash_like_tuples():
    assert sorted([Hex(1, 0), Hex(0, 2), Hex(0, -1)]) == [Hex(0, -1), Hex(0, 2), Hex(1, 0)]
    assert {Hex(1, 2): "a"}[Hex(1, 2)] == "a"


def test_hex_operators_are_vector_maths_not_tuple_concatenation():
    assert Hex(1, 2) + Hex(3, -1) == Hex(4, 1)
    assert Hex(1, 2) - Hex(3, -1) == Hex(-2, 3)
    assert Hex(1, -2) * 3 == 3 * Hex(1, -2) == Hex(3, -6)
    assert isinstance(Hex(1, 2) + Hex(0, 0), Hex)


def test_add_subtract_scale_functions():
    assert hex_add(Hex(1, -3), Hex(3, -7)) == Hex(4, -10)
    assert hex_subtract(Hex(1, -3), Hex(3, -7)) == Hex(-2, 4)
    assert hex_scale(Hex(1, -3), 2) == Hex(2, -6)


# -- Directions and neighbours ----------------------------------------------------------------

def test_directions_in_their_fixed_order():
    assert DIRECTIONS == (Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1))


def test_neighbor_and_neighbors_follow_direction_order():
    assert neighbor(Hex(1, -2), 2) == Hex(1, -3)
    assert neighbors(Hex(1, -2)) == [Hex(2, -2), Hex(2, -3), Hex(1, -3),
                                     Hex(0, -2), Hex(0, -1), Hex(1, -1)]


def test_neighbor_direction_wraps_modulo_6():
    assert neighbor(ORIGIN, 6) == neighbor(ORIGIN, 0)
    assert neighbor(ORIGIN, -1) == neighbor(ORIGIN, 5)


def test_distance_literal():
    assert distance(Hex(3, -7), ORIGIN) == 7
    assert distance(Hex(-2, 5), Hex(1, 1)) == 4


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_to_itself(a, b):
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_distance_triangle_inequality(a, b, c):
    assert distance(a, c) <= distance(a, b) + distance(b, c)


# -- Rotation ---------------------------------------------------------------------------------

def test_rotate_literals():
    assert rotate_right(Hex(1, -3)) == Hex(3, -2)
    assert rotate_left(Hex(1, -3)) == Hex(-2, -1)


@pytest.mark.parametrize("i", range(6))
def test_rotate_left_turns_direction_i_into_i_plus_1(i):
    assert rotate_left(DIRECTIONS[i]) == DIRECTIONS[(i + 1) % 6]
    assert rotate_right(DIRECTIONS[i]) == DIRECTIONS[(i - 1) % 6]


@given(hexes, st.integers(-12, 12))
def test_rotate_by_turns_is_repeated_rotate_left(h, turns):
    expected = h
    for _ in range(turns % 6):
        expected = rotate_left(expected)
    assert rotate(h, turns) == expected
    assert rotate(rotate(h, turns), -turns) == h
    assert distance(rotate(h, turns), ORIGIN) == distance(h, ORIGIN)


# -- Rings and spirals ------------------------------------------------------------------------

def test_ring_of_radius_0_is_the_center():
    assert ring(Hex(2, -1), 0) == [Hex(2, -1)]


def test_ring_of_radius_1_starts_at_direction_4_and_goes_counter_clockwise():
    assert ring(ORIGIN, 1) == [Hex(-1, 1), Hex(0, 1), Hex(1, 0),
                               Hex(1, -1), Hex(0, -1), Hex(-1, 0)]


@pytest.mark.parametrize("radius", range(1, 7))
def test_ring_holds_every_hex_at_that_distance_once(radius):
    center = Hex(3, -5)
    hexes_on_ring = ring(center, radius)
    assert len(hexes_on_ring) == len(set(hexes_on_ring)) == 6 * radius
    assert all(distance(center, h) == radius for h in hexes_on_ring)
    walk = hexes_on_ring + hexes_on_ring[:1]
    assert all(distance(a, b) == 1 for a, b in zip(walk, walk[1:]))


@pytest.mark.parametrize("radius", range(0, 7))
def test_spiral_is_center_then_rings_covering_the_disc(radius):
    center = Hex(-2, 4)
    disc = spiral(center, radius)
    assert disc[0] == center
    assert len(disc) == 1 + 3 * radius * (radius + 1)
    expected = {hex_add(center, Hex(q, r)) for q in range(-radius, radius + 1)
                for r in range(-radius, radius + 1) if distance(ORIGIN, Hex(q, r)) <= radius}
    assert set(disc) == expected
    assert [distance(center, h) for h in disc] == sorted(distance(center, h) for h in disc)


# -- Directions between hexes -----------------------------------------------------------------

@pytest.mark.parametrize("i", range(6))
def test_direction_to_neighbor_names_each_direction(i):
    assert direction_to_neighbor(Hex(4, -2), neighbor(Hex(4, -2), i)) == i


def test_direction_to_neighbor_is_none_when_not_adjacent():
    assert direction_to_neighbor(ORIGIN, Hex(2, 0)) is None
    assert direction_to_neighbor(ORIGIN, ORIGIN) is None


def test_direction_between_along_directions():
    assert direction_between(ORIGIN, Hex(5, 0)) == 0
    assert direction_between(ORIGIN, Hex(0, -3)) == 2
    assert direction_between(Hex(2, 2), Hex(2, 3)) == 5


def test_direction_between_inside_wedges():
    assert direction_between(ORIGIN, Hex(3, -1)) == 0   # 19 degrees
    assert direction_between(ORIGIN, Hex(3, -2)) == 1   # 41 degrees
    assert direction_between(ORIGIN, Hex(-3, 1)) == 3


def test_direction_between_on_a_wedge_edge_goes_to_the_clockwise_direction():
    assert direction_between(ORIGIN, Hex(2, -1)) == 0   # 30 degrees: between 0 and 1
    assert direction_between(ORIGIN, Hex(-1, -1)) == 2  # 150 degrees: between 2 and 3
    assert direction_between(ORIGIN, Hex(-1, 2)) == 4   # 270 degrees: between 4 and 5
    assert direction_between(ORIGIN, Hex(1, 1)) == 5    # 330 degrees: between 5 and 0


def test_direction_between_a_hex_and_itself_is_none():
    assert direction_between(Hex(1, 1), Hex(1, 1)) is None


@given(hexes)
def test_direction_between_is_the_nearest_direction_by_angle(d):
    direction = direction_between(ORIGIN, d)
    if d == ORIGIN:
        assert direction is None
        return
    off = (angle_to(ORIGIN, d) - 60 * direction + 180) % 360 - 180
    assert -30 - 1e-9 < off <= 30 + 1e-9
    assert not math.isclose(off, -30, abs_tol=1e-9)


@given(hexes, facings)
def test_direction_between_turns_with_the_board(d, turns):
    if d != ORIGIN:
        expected = (direction_between(ORIGIN, d) + turns) % 6
        assert direction_between(ORIGIN, rotate(d, turns)) == expected


# -- Rounding and lines -----------------------------------------------------------------------

def test_cube_round_literals():
    assert cube_round(0.0, 0.0, 0.0) == ORIGIN
    assert cube_round(1.4, -0.2, -1.2) == Hex(1, 0)
    assert cube_round(-0.3, 0.9, -0.6) == Hex(0, 1)


@given(hexes)
def test_cube_round_of_a_centre_is_that_hex(h):
    assert cube_round(float(h.q), float(h.r), float(h.s)) == h


def test_line_red_blob_vector():
    assert line(ORIGIN, Hex(1, -5)) == [Hex(0, 0), Hex(0, -1), Hex(0, -2),
                                        Hex(1, -3), Hex(1, -4), Hex(1, -5)]


def test_line_to_itself_is_one_hex():
    assert line(Hex(2, 3), Hex(2, 3)) == [Hex(2, 3)]
    assert line_with_edges(Hex(2, 3), Hex(2, 3)) == [(Hex(2, 3),)]


def test_line_along_a_direction_is_straight():
    assert line(ORIGIN, Hex(0, 3)) == [Hex(0, 0), Hex(0, 1), Hex(0, 2), Hex(0, 3)]


def test_line_between_directions_runs_along_the_edge_of_two_hexes():
    # (2, -1) is at 30 degrees: the midpoint lies on the edge between (1, 0) and (1, -1).
    assert line_with_edges(ORIGIN, Hex(2, -1)) == [
        (Hex(0, 0),), (Hex(1, -1), Hex(1, 0)), (Hex(2, -1),)]


def test_line_to_1_1_runs_along_the_edge_between_1_0_and_0_1():
    assert line_with_edges(ORIGIN, Hex(1, 1)) == [
        (Hex(0, 0),), (Hex(0, 1), Hex(1, 0)), (Hex(1, 1),)]


def test_long_diagonal_line_alternates_edges_and_hexes():
    assert line_with_edges(Hex(1, 1), Hex(5, -1)) == [
        (Hex(1, 1),), (Hex(2, 0), Hex(2, 1)), (Hex(3, 0),),
        (Hex(4, -1), Hex(4, 0)), (Hex(5, -1),)]


def test_line_not_along_any_edge_has_single_hexes():
    assert line_with_edges(ORIGIN, Hex(3, -1)) == [
        (Hex(0, 0),), (Hex(1, 0),), (Hex(2, -1),), (Hex(3, -1),)]


def test_line_between_hexes_four_apart_at_270_degrees():
    assert line_with_edges(ORIGIN, Hex(-2, 4)) == [
        (Hex(0, 0),), (Hex(-1, 1), Hex(0, 1)), (Hex(-1, 2),),
        (Hex(-2, 3), Hex(-1, 3)), (Hex(-2, 4),)]


def _exact_nearest(a: Hex, b: Hex, n: int, i: int) -> tuple[Hex, ...]:
    """Oracle: every hex whose centre is nearest to step i of n, in exact arithmetic."""
    q = Fraction(a.q * (n - i) + b.q * i, n)
    r = Fraction(a.r * (n - i) + b.r * i, n)
    candidates = [Hex(math.floor(q) + dq, math.floor(r) + dr) for dq in (0, 1) for dr in (0, 1)]

    def squared(h: Hex) -> Fraction:
        dq, dr = h.q - q, h.r - r
        return dq * dq + dr * dr + (dq + dr) * (dq + dr)

    best = min(squared(h) for h in candidates)
    return tuple(sorted(h for h in candidates if squared(h) == best))


@given(hexes, hexes)
def test_line_with_edges_matches_exact_arithmetic(a, b):
    n = distance(a, b)
    expected = [_exact_nearest(a, b, n, i) for i in range(n + 1)] if n else [(a,)]
    assert line_with_edges(a, b) == expected


@given(hexes, hexes)
def test_line_picks_one_hex_of_each_step_and_steps_are_adjacent(a, b):
    hexes_on_line = line(a, b)
    assert len(hexes_on_line) == distance(a, b) + 1
    assert hexes_on_line[0] == a and hexes_on_line[-1] == b
    assert all(h in step for h, step in zip(hexes_on_line, line_with_edges(a, b)))
    assert all(distance(x, y) == 1 for x, y in zip(hexes_on_line, hexes_on_line[1:]))


@given(hexes, hexes)
def test_lines_are_the_same_both_ways(a, b):
    assert line(b, a) == line(a, b)[::-1]
    assert line_with_edges(b, a) == line_with_edges(a, b)[::-1]


@given(hexes, hexes)
def test_edge_pairs_are_adjacent_hexes(a, b):
    for step in line_with_edges(a, b):
        assert len(step) in (1, 2)
        if len(step) == 2:
            assert distance(*step) == 1


# -- The overwatch wedge ----------------------------------------------------------------------

def test_wedge_facing_direction_0_within_3():
    assert wedge(ORIGIN, 0, 3) == [Hex(1, 0), Hex(1, 1), Hex(2, -1), Hex(2, 0),
                                   Hex(2, 1), Hex(3, -1), Hex(3, 0)]


def test_hexes_on_the_wedge_edge_are_inside():
    assert in_wedge(ORIGIN, 0, Hex(2, -1))   # +30 degrees
    assert in_wedge(ORIGIN, 0, Hex(1, 1))    # -30 degrees
    assert in_wedge(ORIGIN, 1, Hex(2, -1))   # the same hex is on direction 1's edge too


def test_hexes_just_outside_the_wedge():
    assert not in_wedge(ORIGIN, 0, Hex(3, -2))  # 41 degrees
    assert not in_wedge(ORIGIN, 0, Hex(1, 2))   # -41 degrees
    assert not in_wedge(ORIGIN, 0, Hex(-2, 0))  # behind


def test_origin_is_not_in_its_own_wedge():
    assert not any(in_wedge(Hex(3, 3), f, Hex(3, 3)) for f in range(6))
    assert not in_wedge_angle(Hex(3, 3), 17.0, Hex(3, 3))


def _float_in_wedge(facing_degrees: float, d: Hex) -> bool:
    """Brute force: the centre's angle is within 30 degrees of the facing (float tolerance)."""
    off = (angle_to(ORIGIN, d) - facing_degrees + 180) % 360 - 180
    return d != ORIGIN and abs(off) <= 30 + 1e-7


@pytest.mark.parametrize("facing", range(6))
def test_in_wedge_is_exactly_the_30_degree_test_over_a_large_area(facing):
    origin = Hex(7, -4)
    for d in spiral(ORIGIN, 40):
        assert in_wedge(origin, facing, hex_add(origin, d)) == _float_in_wedge(60 * facing, d), d


@pytest.mark.parametrize("facing", range(6))
def test_in_wedge_angle_at_a_direction_equals_in_wedge(facing):
    origin = Hex(-3, 8)
    for h in spiral(origin, 25):
        assert in_wedge_angle(origin, 60.0 * facing, h) == in_wedge(origin, facing, h), h


@given(facings, st.integers(0, 12))
def test_wedge_lists_every_hex_in_range_and_wedge_sorted(facing, radius):
    origin = Hex(2, -5)
    expected = sorted(h for h in spiral(origin, radius) if in_wedge(origin, facing, h))
    assert wedge(origin, facing, radius) == expected


def test_wedge_of_radius_0_is_empty():
    assert wedge(ORIGIN, 3, 0) == []


def test_in_wedge_angle_between_directions():
    # Facing 30 degrees: the wedge runs from direction 0 to direction 1, both inside.
    assert in_wedge_angle(ORIGIN, 30.0, Hex(3, 0))
    assert in_wedge_angle(ORIGIN, 30.0, Hex(0, -3)) is False  # 120 degrees
    assert in_wedge_angle(ORIGIN, 30.0, Hex(3, -3))           # 60 degrees, on the edge
    assert in_wedge_angle(ORIGIN, 30.0, Hex(2, -1))           # 30 degrees, the middle


def test_in_wedge_angle_wraps_around_360():
    assert in_wedge_angle(ORIGIN, 350.0, Hex(3, -1))   # 19 degrees
    assert in_wedge_angle(ORIGIN, -10.0, Hex(3, -1))
    assert not in_wedge_angle(ORIGIN, 350.0, Hex(3, -2))  # 41 degrees


@given(hexes, st.floats(-720, 720, allow_nan=False))
def test_in_wedge_angle_matches_brute_force_away_from_the_edges(d, angle):
    off = (angle_to(ORIGIN, d) - angle + 180) % 360 - 180
    if d != ORIGIN and abs(abs(off) - 30) > 1e-6:
        assert in_wedge_angle(ORIGIN, angle, d) == (abs(off) < 30)


@pytest.mark.parametrize("i", range(6))
def test_angle_to_direction_i_is_i_times_60(i):
    assert math.isclose(angle_to(ORIGIN, DIRECTIONS[i]), 60.0 * i, abs_tol=1e-9)


def test_angle_to_between_directions():
    assert math.isclose(angle_to(ORIGIN, Hex(2, -1)), 30.0)
    assert math.isclose(angle_to(ORIGIN, Hex(1, 1)), 330.0)
    assert math.isclose(angle_to(Hex(5, 5), Hex(5, 3)), 120.0)


# -- Metres and hexes (Ruling: Grid; SWN core, Move Action) -----------------------------------

@pytest.mark.parametrize("metres, hexes_in_range", [
    (0, 0), (1, 1), (3, 1), (4, 2), (9, 3), (10, 4), (30, 10), (300, 100), (4.5, 2)])
def test_range_in_metres_rounds_up(metres, hexes_in_range):
    assert range_in_hexes(metres) == hexes_in_range
    assert metres_to_hexes(metres) == hexes_in_range


@pytest.mark.parametrize("metres, hexes_moved", [
    (0, 0), (2, 0), (3, 1), (9, 3), (10, 3), (12, 4), (20, 6), (7.5, 2)])
def test_movement_in_metres_rounds_down(metres, hexes_moved):
    assert move_in_hexes(metres) == hexes_moved


def test_ordinary_person_moves_3_hexes_but_a_10_m_range_covers_4():
    assert move_in_hexes(10) == 3
    assert range_in_hexes(10) == 4


def test_negative_metres_is_a_bug():
    with pytest.raises(ValueError, match="negative"):
        range_in_hexes(-3)
    with pytest.raises(ValueError, match="negative"):
        move_in_hexes(-0.5)


def test_a_facing_angle_goes_to_the_nearest_direction_and_ties_go_counter_clockwise():
    from game.hexgrid import facing_for_angle

    assert [facing_for_angle(a) for a in (0, 29.9, 30, 89, 90, 150, 330, 359.9, -30, 720)] == [0, 0, 1, 1, 2, 3, 0, 0, 0, 0]
