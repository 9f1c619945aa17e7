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


def test_frames_after_pans_zooms_and_hovers_equal_frames_painted_whole():
    # One drawer keeps drawing on its window (the background put back only where its last frame
    # lay, the shading laid into a patch of the board); another paints each frame on a new
    # surface, whole. Frame by frame the pictures are the same, pixel for pixel.
    from game.ui.overlays import Aim

    start_headless()
    battle = battle_from_map(MAP, 1)
    size = (900, 640)
    kept, window = Frame(battle, "table"), pygame.Surface(size)
    whole = Frame(battle, "table")
    camera = camera_for(battle, kept.board, size)
    standing = {h: c for c in battle.combatants() if c.in_fight and c.hex is not None for h in (c.footprint or (c.hex,))}
    aim = Aim(battle.options(battle.current()), "move", standing)
    moves = [move.hex for move in aim.options.allowed("move")]
    middle = (450, 320)
    steps = [camera, camera.panned(37, -12), camera.panned(37, -12).zoomed_at(middle, ZOOM_STEP),
             camera.zoomed_at(middle, ZOOM_STEP ** 3).panned(-400, 150), camera.zoomed_at((0, 0), 1 / ZOOM_STEP),
             camera.panned(700, 0), camera]
    for index, at in enumerate(steps):
        for hover in (None, moves[index % len(moves)]):
            shown = Aim(aim.options, "move", aim.standing, hover)
            for frame, target in ((kept, window), (whole, pygame.Surface(size))):
                under = frame.overlays.shading(at, shown.options, shown.kind, shown.hover)
                frame.draw(target, battle, at, under=under, aim=shown)
            assert _rgb(window) == _rgb(target), (index, hover)


def test_a_frame_drawn_from_the_very_same_things_leaves_the_target_as_it_is():
    # The window draws a frame on every event (a mouse moving within a hex, say): when nothing a
    # frame is drawn from changed and nothing else drew on the target, the target already holds it.
    start_headless()
    battle = battle_from_map(MAP, 1)
    frame = Frame(battle, "table")
    camera = camera_for(battle, frame.board, (800, 600))
    target = pygame.Surface((800, 600))
    frame.draw(target, battle, camera)
    target.fill((255, 0, 255), (0, 0, 800, 600))  # not reported: the frame cannot know
    frame.draw(target, battle, camera)
    assert target.get_at((400, 300))[:3] == (255, 0, 255)  # not drawn again
    frame.draw(target, battle, camera, also=[pygame.Rect(0, 0, 800, 600)])  # reported: drawn again
    fresh = pygame.Surface((800, 600))
    Frame(battle, "table").draw(fresh, battle, camera)
    assert _rgb(target) == _rgb(fresh)


def test_the_turns_shading_lies_on_the_reachable_hexes_after_pans():
    # The shading is made once per zoom and moved with the pan (`camera.still`): after pans by
    # whole pixels, from a camera whose pan has a fraction, it still tints each reachable hex.
    start_headless()
    battle = battle_from_map(MAP, 1)
    size = (900, 640)
    shaded, plain = Frame(battle, "table"), Frame(battle, "table")
    camera = camera_for(battle, shaded.board, size).panned(0.4, 0.7)
    options = battle.options(battle.current())
    standing = {c.hex for c in battle.combatants() if c.hex is not None}
    moves = [move.hex for move in options.allowed("move") if move.hex not in standing]
    assert len(moves) > 5
    for pan in ((0, 0), (37, -12), (-120, 45), (3, 250)):
        at = camera.panned(*pan)
        tinted, bare = pygame.Surface(size), pygame.Surface(size)
        shaded.draw(tinted, battle, at, under=shaded.overlays.shading(at, options, "move", None))
        plain.draw(bare, battle, at)
        labels = [pygame.Rect(label["rect"]) for record in (shaded.record, plain.record) for label in record["labels"]]
        centres = [tuple(round(v) for v in at.hex_center(h)) for h in moves]
        seen = [xy for xy in centres if tinted.get_rect().collidepoint(xy) and not any(r.collidepoint(xy) for r in labels)]
        assert len(seen) > 5, pan
        assert all(tinted.get_at(xy) != bare.get_at(xy) for xy in seen), pan
