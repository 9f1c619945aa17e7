"""The window's frames after drags, wheel steps and a moving mouse (game.ui.painter, Frame.draw's
partial repaint): what the table and the console show is what a frame painted whole shows, pixel
for pixel (no stale pixels where the map, a label or the path was), with the banner and the action
bar laid over the table, once the loop's next idle tick is done (the first frame after a wheel step
to a zoom not drawn ahead sketches the map from another zoom's picture, close to the exact one);
and a wheel turned over the table zooms the table's map alone."""

from __future__ import annotations

import tests.ui_kit  # noqa: F401  (the dummy video driver before pygame starts)

import pygame  # noqa: E402

from game.actions import EndTurn  # noqa: E402
from game.ui.ahead import DrawAhead  # noqa: E402


def _pixels(app) -> dict:
    return {name: pygame.image.tobytes(window.get_surface(), "RGB")
            for name, window in (("table", app.table.window), ("console", app.console))}


def _as_painted_whole(app) -> dict:
    """The windows as a frame painted whole from the same state shows them, every map from its
    board's exact picture at its zoom (never one sketched from another zoom's)."""
    for view in app.views:
        view.frame.board.surface(view.camera.zoom)
    app.painter.covered = True  # what a layer that drew over everything asks for
    app.draw()
    return _pixels(app)


def _idle(app) -> None:
    """The window idle a moment: the idle work's ticks until it has drawn all it wants ahead."""
    for _ in range(8):
        _loop_turn(app)


def _loop_turn(app) -> None:
    """One turn of the window's loop with no event waiting: the idle work's tick, then a frame."""
    pygame.event.clear()
    next(layer for layer in app.layers if isinstance(layer, DrawAhead)).tick()
    app.draw()


def _drag(app, view, start, end) -> None:
    """A press, a drag in a few steps and a release on a map view, a frame after each event."""
    window = view.window
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start, window=window))
    app.draw()
    for step in (1, 2, 3):
        at = (start[0] + (end[0] - start[0]) * step // 3, start[1] + (end[1] - start[1]) * step // 3)
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0), window=window))
        app.draw()
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end, window=window))


def _wheel(app, view, at, clicks: int) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=clicks, pos=at, window=view.window, flipped=False))


def _in_the_bar(app, down: float) -> tuple[int, int]:
    """A point of the action bar's column, `down` of the way down."""
    column = max(app.banner.picture.areas, key=lambda area: area.height)
    return column.centerx, column.y + round(column.height * down)


def _hover(app, view, at) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0), window=view.window))


def test_frames_after_drags_wheel_steps_and_a_moving_mouse_equal_frames_painted_whole(headless_app):
    app = headless_app
    table, gm_map = app.views
    middle = table.seen_in.center
    deeds = [lambda: _drag(app, table, middle, (middle[0] + 150, middle[1] - 60)),
             lambda: _wheel(app, table, middle, 1),
             lambda: _hover(app, table, (middle[0] - 40, middle[1] + 30)),
             lambda: _wheel(app, table, (middle[0] - 200, middle[1]), 2),
             lambda: _drag(app, table, middle, (middle[0] - 500, middle[1] + 250)),
             lambda: _wheel(app, table, middle, -3),
             lambda: _drag(app, gm_map, gm_map.seen_in.center, (gm_map.seen_in.centerx + 90, gm_map.seen_in.centery)),
             lambda: _hover(app, table, (middle[0] + 60, middle[1] - 20)),
             lambda: _drag(app, table, middle, (middle[0] + 300, middle[1])),  # the map under the action bar
             lambda: _hover(app, table, _in_the_bar(app, 0.3)),  # a path drawn under the bar
             lambda: _hover(app, table, _in_the_bar(app, 0.6)),
             lambda: _drag(app, table, middle, (middle[0] + 900, middle[1])),  # the map off to the side
             lambda: app.battle.submit(EndTurn(app.battle.current())),  # another's turn: another banner
             lambda: app.toast.show("Main action is already used", (middle[0] + 500, table.seen_in.bottom - 5)),
             lambda: _wheel(app, table, middle, -2),
             lambda: (_idle(app), _wheel(app, table, middle, 1)),  # drawn ahead: the shading laid on
             lambda: _hover(app, table, (middle[0] + 30, middle[1] + 30)),
             lambda: (_idle(app), _wheel(app, table, (middle[0] + 100, middle[1]), -1))]
    cameras, banners, sketched = [table.camera], [], 0
    for index, deed in enumerate(deeds):
        deed()
        _loop_turn(app)  # the first frame: a wheel step to a zoom not drawn ahead sketches the map
        sketched += table.frame.rough
        assert app.painter.again or not table.frame.rough  # a sketch asks for the next frame
        _loop_turn(app)  # the next idle tick: the exact picture, and the frame drawn from it
        banners.append(app.banner.picture.key)
        drawn = _pixels(app)
        assert drawn == _as_painted_whole(app), index
        cameras.append(table.camera)
    assert len(set(cameras)) >= 9  # the deeds moved the table's map
    assert sketched >= 2  # the wheel steps' first frames were sketched, and the exact ones followed
    assert len(set(banners)) >= 2 and app.toast.words  # the banner changed; a note shows


def test_a_wheel_turned_over_the_table_zooms_the_tables_map_alone(headless_app):
    app = headless_app
    table, gm_map = app.views
    before = (table.camera.zoom, gm_map.camera)
    _wheel(app, table, table.seen_in.center, 1)
    assert table.camera.zoom > before[0]
    assert gm_map.camera == before[1]  # the GM's map as the GM left it
    _wheel(app, gm_map, gm_map.seen_in.center, -1)
    assert gm_map.camera.zoom < before[1].zoom


def test_in_one_window_the_map_shows_between_its_fitted_part_and_a_turns_banner():
    # The one window keeps room under the map for a decision's taller banner; on a turn the
    # banner is shorter, and the map is drawn down to it: no strip left undrawn (black) or
    # holding what a taller banner left there.
    from tests.ui_kit import headless_window

    app = headless_window(one_window=True)
    try:
        table = app.table
        middle = table.seen_in.center
        _drag(app, table, middle, (middle[0], middle[1] + 120))  # the map's rows down into that room
        app.draw()
        banner_top = min(area.top for area in app.banner.picture.areas)
        assert banner_top > table.seen_in.bottom + 4  # a turn's banner leaves room
        surface = app.console.get_surface()
        for y in range(table.seen_in.bottom, banner_top):
            row = {surface.get_at((x, y))[:3] for x in range(table.area.left, table.area.right, 7)}
            assert (0, 0, 0) not in row, y
        drawn = _pixels(app)
        assert drawn == _as_painted_whole(app)
    finally:
        app.console.destroy()


def test_uncovered_cuts_the_strips_across_the_bottom_and_down_the_side_and_nothing_else():
    from game.ui.render import uncovered

    area, R = pygame.Rect(0, 0, 1280, 800), pygame.Rect
    strip, column = R(0, 741, 1280, 59), R(1075, 0, 205, 741)  # the banner, the action bar
    assert uncovered(area, [strip, column]) == R(0, 0, 1075, 741)
    assert uncovered(area, [column, strip]) == R(0, 0, 1075, 741)  # in either order
    tools = R(0, 720, 1280, 80)
    assert uncovered(area, [R(0, 660, 1280, 60), tools]) == R(0, 0, 1280, 660)  # a banner above the tools
    assert uncovered(area, [R(100, 300, 200, 100), R(0, 700, 640, 100)]) == area  # not across: nothing cut
    assert uncovered(area, []) == area


def test_a_wheel_step_to_a_zoom_not_drawn_ahead_sketches_the_map_close_to_the_exact_one(headless_app):
    app = headless_app
    table = app.table
    _wheel(app, table, table.seen_in.center, 2)  # two steps at once: a zoom the idle work did not draw
    _loop_turn(app)
    assert table.frame.rough and not table.frame.board.has(table.camera.zoom)  # the whole map not scaled
    sketch = pygame.image.tobytes(table.window.get_surface(), "RGB")
    _loop_turn(app)
    assert not table.frame.rough and not app.painter.again
    exact = pygame.image.tobytes(table.window.get_surface(), "RGB")
    assert exact == _as_painted_whole(app)["table"]
    far = sum(1 for a, b in zip(sketch[::3], exact[::3]) if abs(a - b) > 48)
    assert far < len(exact) // 3 // 20  # under 5% of the pixels' red far off: no blank or misplaced map
