"""The board's pictures per zoom (game.ui.board): drawn in the window's pixel format, a zoom a
hair away is the same picture, and the window's idle work draws the next wheel step's first."""

from __future__ import annotations

import tests.ui_kit  # noqa: F401  (the dummy video driver before pygame starts)

import pygame  # noqa: E402

from game.savefile import battle_from_map  # noqa: E402
from game.scenario.summary import MAPS_DIR  # noqa: E402
from game.ui.board import Board  # noqa: E402
from game.ui.board_cache import BoardCache  # noqa: E402
from game.ui.render import ZOOM_STEP, Frame, camera_for, start_headless  # noqa: E402

MAP = MAPS_DIR / "dust_market.tmx"


def _board() -> Board:
    start_headless()
    return Board(battle_from_map(MAP, 1).scenario, cache=BoardCache(None))


def _rgb(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def test_a_board_suited_to_a_target_of_another_format_draws_the_same_pixels_in_it():
    plain, suited = _board(), _board()
    target = pygame.Surface((300, 200), 0, 24)
    suited.suit(target)
    for zoom in (0.5, 1.0, 1.37):
        picture = suited.surface(zoom)
        assert (picture.get_bitsize(), picture.get_masks()) == (24, target.get_masks())
        assert _rgb(picture) == _rgb(plain.surface(zoom))


def test_a_zoom_a_billionth_away_is_the_very_same_picture():
    board, fresh = _board(), _board()
    zoom = 0.8 * ZOOM_STEP
    near = zoom / ZOOM_STEP * ZOOM_STEP * (1 + 1e-12)
    assert near != zoom and board.surface(near) is board.surface(zoom)
    assert _rgb(board.surface(zoom)) == _rgb(fresh.surface(near))
    assert not board.has(zoom * 1.001)


def test_drawing_ahead_draws_the_way_the_view_last_zoomed_first():
    start_headless()
    battle = battle_from_map(MAP, 1)
    frame = Frame(battle, "table", _board())
    camera = camera_for(battle, frame.board, (800, 600))
    frame.draw(pygame.Surface((800, 600)), battle, camera)
    out, into = (camera.zoomed_at((0, 0), ZOOM_STEP ** step).zoom for step in (-1, 1))
    assert frame.prepare_wanted(camera)
    assert frame.prepare(camera, first=-1) and frame.board.has(out) and not frame.board.has(into)
    assert frame.prepare(camera, first=-1) and frame.board.has(into)
    assert not frame.prepare(camera) and not frame.prepare_wanted(camera)
