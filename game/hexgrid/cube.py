"""Hex maths in axial/cube coordinates, the one coordinate truth inside the game (Ruling: Grid)."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

EPSILON = 1e-6
"""Line-drawing nudge in cube units: far above float error, far below any real rounding gap."""
# Sample points of a line of n hexes sit at multiples of 1/n, so the nudge (at most
# 3 * EPSILON per coordinate) only ever decides exact ties for lines under ~100 000 hexes.

HEX_METRES = 3
"""One hex is 3 m from centre to centre (Ruling: Grid)."""

WEDGE_HALF_ANGLE = 30.0
"""The overwatch wedge spans 30 degrees either side of its facing (Seed 002, Overwatch)."""

ANGLE_TOLERANCE = 1e-9
"""Degrees of float noise forgiven when a hex centre lies exactly on a wedge edge."""

_NUDGE = (EPSILON, 2 * EPSILON, -3 * EPSILON)
# Not parallel to any hex edge (Red Blob's (1, 1, -2) is parallel to some), so +nudge and
# -nudge move a point on an edge to its two sides, never relying on cube_round's tie-breaks.

_SQRT3_HALF = math.sqrt(3) / 2


class Hex(NamedTuple):
    """A hex in axial coordinates; the cube coordinate s is derived."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """Third cube coordinate, so that q + r + s == 0."""
        return -self.q - self.r

    def __add__(self, other: tuple) -> Hex:  # type: ignore[override]
        """Vector sum (a tuple would concatenate)."""
        return hex_add(self, other)

    def __sub__(self, other: tuple) -> Hex:
        """Vector difference."""
        return hex_subtract(self, other)

    def __mul__(self, k: int) -> Hex:  # type: ignore[override]
        """Scale by an integer (a tuple would repeat)."""
        return hex_scale(self, k)

    __rmul__ = __mul__


DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1),
)
"""The six unit steps; index i lies at i * 60 degrees, counter-clockwise in cube space."""


def hex_add(a: tuple, b: tuple) -> Hex:
    """Sum of two hexes as vectors."""
    return Hex(a[0] + b[0], a[1] + b[1])


def hex_subtract(a: tuple, b: tuple) -> Hex:
    """Difference a - b as a vector."""
    return Hex(a[0] - b[0], a[1] - b[1])


def hex_scale(a: tuple, k: int) -> Hex:
    """The vector a times the integer k."""
    return Hex(a[0] * k, a[1] * k)


def neighbor(h: Hex, direction: int) -> Hex:
    """The adjacent hex in a direction (any int, taken modulo 6)."""
    return hex_add(h, DIRECTIONS[direction % 6])


def neighbors(h: Hex) -> list[Hex]:
    """The six adjacent hexes in direction order 0..5 (`hex_add(h, d)` for each direction, made
    as the named tuple makes them, without a call per hex: squads' formations ask thousands)."""
    q, r = h[0], h[1]
    return [_make_hex(Hex, (q + dq, r + dr)) for dq, dr in DIRECTIONS]


_make_hex = tuple.__new__
"""How `Hex(q, r)` builds its tuple, called directly."""


def length(h: Hex) -> int:
    """Steps from the origin to h."""
    return max(abs(h.q), abs(h.r), abs(h.s))


def distance(a: Hex, b: Hex) -> int:
    """Steps between two hexes (Ruling: Grid, distances are hex steps); `length(a - b)`, worked
    out without building the difference (the computer player measures hundreds a decision)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def rotate_left(h: Hex) -> Hex:
    """Rotate 60 degrees counter-clockwise about the origin (direction i becomes i + 1)."""
    return Hex(-h.s, -h.q)


def rotate_right(h: Hex) -> Hex:
    """Rotate 60 degrees clockwise about the origin (direction i becomes i - 1)."""
    return Hex(-h.r, -h.s)


def rotate(h: Hex, turns: int) -> Hex:
    """Rotate by turns * 60 degrees counter-clockwise about the origin (negative: clockwise)."""
    for _ in range(turns % 6):
        h = rotate_left(h)
    return h


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes exactly radius away: from center + radius * direction 4, counter-clockwise."""
    if radius == 0:
        return [center]
    h = hex_add(center, hex_scale(DIRECTIONS[4], radius))
    result = []
    for direction in range(6):
        for _ in range(radius):
            result.append(h)
            h = neighbor(h, direction)
    return result


def spiral(center: Hex, radius: int) -> list[Hex]:
    """Hexes within radius: the center, then each ring outwards."""
    return [h for k in range(radius + 1) for h in ring(center, k)]


def _in_wedge_0(d: Hex) -> bool:
    """Whether offset d lies within 30 degrees of direction 0, edges included."""
    return d.q > 0 > d.s and d.s <= d.r <= d.q


def _in_sector_0(d: Hex) -> bool:
    """Like _in_wedge_0 but half-open: the -30 degree edge belongs to direction 5."""
    return d.q > 0 > d.s and d.s <= d.r < d.q


def direction_between(a: Hex, b: Hex) -> int | None:
    """Direction whose 60 degree wedge from a holds b (edge i|i+1 goes to i); None if a == b."""
    d = hex_subtract(b, a)
    for direction in range(6):
        if _in_sector_0(rotate(d, -direction)):
            return direction
    return None


def direction_to_neighbor(a: Hex, b: Hex) -> int | None:
    """The direction from a to an adjacent b; None if they are not adjacent."""
    d = hex_subtract(b, a)
    return DIRECTIONS.index(d) if d in DIRECTIONS else None


def cube_round(q: float, r: float, s: float) -> Hex:
    """The hex containing fractional cube point (q, r, s); halves round up, never to even."""
    rq, rr, rs = math.floor(q + 0.5), math.floor(r + 0.5), math.floor(s + 0.5)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        return Hex(-rr - rs, rr)
    if dr > ds:
        return Hex(rq, -rq - rs)
    return Hex(rq, rr)


def _line_point(a: Hex, b: Hex, n: int, i: int, sign: int) -> Hex:
    """Step i of n from a to b, nudged by sign * _NUDGE, rounded to a hex."""
    q = (a.q * (n - i) + b.q * i) / n + sign * _NUDGE[0]
    r = (a.r * (n - i) + b.r * i) / n + sign * _NUDGE[1]
    s = (a.s * (n - i) + b.s * i) / n + sign * _NUDGE[2]
    return cube_round(q, r, s)


def line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the centre-to-centre line, one per step; along an edge, one side (Ruling: Grid)."""
    n = distance(a, b)
    if n == 0:
        return [a]
    return [_line_point(a, b, n, i, +1) for i in range(n + 1)]


def line_with_edges(a: Hex, b: Hex) -> list[tuple[Hex, ...]]:
    """Per step of line(a, b): (hex,), or both hexes (sorted) where it runs along their edge."""
    n = distance(a, b)
    if n == 0:
        return [(a,)]
    steps = []
    for i in range(n + 1):
        plus, minus = _line_point(a, b, n, i, +1), _line_point(a, b, n, i, -1)
        steps.append((plus,) if plus == minus else tuple(sorted((plus, minus))))
    return steps


def in_wedge(origin: Hex, facing: int, target: Hex) -> bool:
    """Whether target's centre is within 30 degrees of facing, edges in (Seed 002, Overwatch)."""
    # The exact integer test; the origin fails q > 0, so it is never in its own wedge.
    return _in_wedge_0(rotate(hex_subtract(target, origin), -facing))


def _wedge_0(radius: int) -> list[Hex]:
    """Offsets within radius inside the wedge facing direction 0."""
    result = []
    for q in range(1, radius + 1):
        # s <= r  <=>  r >= -q / 2; distance is q + max(r, 0).
        for r in range(-(q // 2), min(q, radius - q) + 1):
            result.append(Hex(q, r))
    return result


def wedge(origin: Hex, facing: int, radius: int) -> list[Hex]:
    """Sorted hexes within radius of origin inside its wedge facing a direction."""
    return sorted(hex_add(origin, rotate(d, facing)) for d in _wedge_0(radius))


def angle_to(a: Hex, b: Hex) -> float:
    """Cube-space angle in degrees [0, 360) from a's centre to b's; direction i is i * 60."""
    d = hex_subtract(b, a)
    x, y = d.q + d.r / 2, -d.r * _SQRT3_HALF
    return math.degrees(math.atan2(y, x)) % 360.0


def facing_for_angle(angle_degrees: float) -> int:
    """The hex direction nearest a facing angle (direction i at i * 60 degrees). An angle exactly
    between two directions goes to the counter-clockwise one: nudged, never a bare round(),
    which would send 30 degrees to 0 but 90 degrees to 2."""
    return math.floor((angle_degrees % 360.0) / 60.0 + 0.5 + EPSILON) % 6


def in_wedge_angle(origin: Hex, angle_degrees: float, target: Hex) -> bool:
    """Whether target's centre is within 30 degrees of a cube-space facing angle, edges in."""
    if target == origin:
        return False
    off = (angle_to(origin, target) - angle_degrees + 180.0) % 360.0 - 180.0
    return abs(off) <= WEDGE_HALF_ANGLE + ANGLE_TOLERANCE


def _metres_over_hex(metres: float) -> Fraction:
    """Exact metres / 3; a negative distance is a bug."""
    if metres < 0:
        raise ValueError(f"a distance in metres cannot be negative, got {metres}")
    return Fraction(metres) / HEX_METRES


def range_in_hexes(metres: float) -> int:
    """Hexes a range in metres reaches: ceil(metres / 3) (Ruling: Grid, "within range")."""
    return math.ceil(_metres_over_hex(metres))


def move_in_hexes(metres: float) -> int:
    """Hexes a move in metres allows: floor(metres / 3) (SWN core: 10 m move = 3 hexes)."""
    return math.floor(_metres_over_hex(metres))


def metres_to_hexes(metres: float) -> int:
    """The grid ruling's conversion, ceil(metres / 3); for movement use move_in_hexes."""
    return range_in_hexes(metres)
