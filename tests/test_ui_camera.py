"""The camera: world and screen pixels round-trip, zooming keeps the point under the mouse."""

from hypothesis import given
from hypothesis import strategies as st

from game.hexgrid import Hex, TiledHexLayout
from game.ui.camera import Camera, Rect, fit

POINTY = TiledHexLayout(56, 64, 32, "y", "odd")
FLAT = TiledHexLayout(64, 56, 32, "x", "even")

coords = st.floats(-5000, 5000, allow_nan=False)
zooms = st.floats(0.1, 8.0)
factors = st.floats(0.2, 5.0)


def cameras():
    """Any camera over either layout."""
    return st.builds(Camera, st.sampled_from([POINTY, FLAT]), zooms, st.tuples(coords, coords))


@given(cameras(), coords, coords)
def test_world_to_screen_and_back_is_the_same_point(camera, x, y):
    wx, wy = camera.to_world(*camera.to_screen(x, y))
    assert abs(wx - x) < 1e-6 and abs(wy - y) < 1e-6


@given(cameras(), coords, coords)
def test_screen_to_world_and_back_is_the_same_point(camera, sx, sy):
    x, y = camera.to_screen(*camera.to_world(sx, sy))
    assert abs(x - sx) < 1e-6 and abs(y - sy) < 1e-6


@given(cameras(), coords, coords, factors)
def test_zooming_at_a_point_keeps_that_point_fixed(camera, sx, sy, factor):
    before = camera.to_world(sx, sy)
    after = camera.zoomed_at((sx, sy), factor).to_world(sx, sy)
    assert abs(before[0] - after[0]) < 1e-6 and abs(before[1] - after[1]) < 1e-6


@given(cameras(), st.integers(-20, 20), st.integers(-20, 20))
def test_the_hex_at_a_hex_centre_on_screen_is_that_hex(camera, q, r):
    h = Hex(q, r)
    assert camera.hex_at(camera.hex_center(h)) == h


def test_pan_moves_every_point_by_the_same_screen_pixels():
    camera = Camera(POINTY, 2.0, (10, 20)).panned(5, -3)
    assert camera.to_screen(0, 0) == (15, 17)
    assert camera.to_screen(1, 1) == (17, 19)


def test_fit_centres_the_map_inside_the_margin():
    camera = fit(Rect(0, 0, 400, 200), (1000, 1000), (0, 100, 0, 0), POINTY)
    assert camera.zoom == 2.5
    left, top = camera.to_screen(0, 0)
    right, bottom = camera.to_screen(400, 200)
    assert (left, right) == (0, 1000)
    assert top - 100 == 1000 - bottom  # centred in the room under the title strip


@given(st.floats(-500, 500), st.floats(-500, 500), st.floats(10, 3000), st.floats(10, 3000),
       st.integers(100, 4000), st.integers(100, 4000))
def test_fit_shows_the_whole_map_on_screen(x, y, w, h, sw, sh):
    camera = fit(Rect(x, y, w, h), (sw, sh), (10, 10, 10, 10), FLAT)
    left, top = camera.to_screen(x, y)
    right, bottom = camera.to_screen(x + w, y + h)
    if camera.zoom > 0.05:  # not clamped at the smallest zoom
        assert left >= 10 - 1e-6 and top >= 10 - 1e-6
        assert right <= sw - 10 + 1e-6 and bottom <= sh - 10 + 1e-6
