"""Readable from the back of a room (issue 22, point 4): letters of names, odds and the path's cost
at least 2.2% of the window's height, the path at least 4 px wide with its destination outlined,
target rings and the acting token's mark standing out (3:1) on every terrain tile, a dying PC's
rounds left on its token, and overwatch wedges kept drawn."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.layout_kit import capital_height
from tests.ui_kit import colour  # noqa: F401  (also: the dummy video driver before pygame starts)

import pygame  # noqa: E402

from game.actions import EndTurn, GmSetHealth, SetOverwatch
from game.hexgrid import Hex
from game.savefile import battle_from_map
from game.scenario.summary import MAPS_DIR
from game.ui.look import INK, LETTER_SHARE, PAPER, TARGET, contrast_ratio, side_colour
from game.ui.overlays import PATH, Aim, banded_line, polygon
from game.ui.render import Frame, camera_for, fitted_camera, people_aim, render_frame, start_headless
from game.ui.tokens import mark

ROOT = Path(__file__).resolve().parent.parent
TILES = sorted((ROOT / "assets" / "tiles").glob("*/*.png"))
AMBUSH = MAPS_DIR / "relay_station_ambush.tmx"


def _aimed_frame(size, view="table"):
    """The ambush's first turn drawn with the mouse over a hex three steps away: the image, the
    record, the battle, the camera and the move under the mouse."""
    start_headless()
    battle = battle_from_map(AMBUSH, 1)
    frame = Frame(battle, view)
    camera = camera_for(battle, frame.board, size)
    aim = people_aim(battle, view)
    move = next(o for o in aim.options.allowed("move") if len(o.path) >= 3)
    aim = Aim(aim.options, "move", aim.standing, move.hex)
    image = pygame.Surface(size)
    frame.draw(image, battle, camera, under=frame.overlays.shading(camera, aim.options, "move", move.hex), aim=aim)
    return image, frame.record, battle, camera, move


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_names_odds_and_the_cost_have_capitals_at_least_2_2_percent_of_the_window(size):
    image, record, _, _, _ = _aimed_frame(size)
    least = math.ceil(size[1] * LETTER_SHARE)
    measured = {}
    for label in record["labels"]:
        if label["kind"] in ("name", "odds", "cost"):
            measured.setdefault(label["kind"], []).append(capital_height(image, pygame.Rect(label["rect"])))
    assert set(measured) == {"name", "odds", "cost"}
    assert min(min(heights) for heights in measured.values()) >= least, (least, measured)


def test_the_console_keeps_its_smaller_labels():
    image, record, _, _, _ = _aimed_frame((1920, 1080), "console")
    names = [capital_height(image, pygame.Rect(label["rect"])) for label in record["labels"] if label["kind"] == "name"]
    assert max(names) < math.ceil(1080 * LETTER_SHARE)


def test_the_path_is_at_least_4_px_wide_and_its_destination_hex_is_outlined():
    image, record, _, camera, move = _aimed_frame((1920, 1080))
    (ax, ay), (bx, by) = camera.hex_center(move.path[0]), camera.hex_center(move.path[1])
    mx, my = (ax + bx) / 2, (ay + by) / 2
    length = math.hypot(bx - ax, by - ay)
    across = [colour(image, (mx - (by - ay) / length * t, my + (bx - ax) / length * t)) for t in range(-15, 16)]
    assert across.count(PATH) >= 4 and INK in across
    corners = polygon(camera, move.hex)
    for (x1, y1), (x2, y2) in zip(corners, corners[1:] + corners[:1]):
        length = math.hypot(x2 - x1, y2 - y1)
        edge = [colour(image, ((x1 + x2) / 2 - (y2 - y1) / length * t, (y1 + y2) / 2 + (x2 - x1) / length * t))
                for t in range(-8, 9)]
        assert edge.count(PATH) >= 4 and INK in edge


def test_the_hovered_targets_line_of_fire_is_at_least_4_px_wide_and_edged_in_dark():
    start_headless()
    battle = battle_from_map(AMBUSH, 1)
    aim = people_aim(battle, "table")
    thug = battle.combatant(8)  # Vask's target in the open to the north-east
    image, _ = render_frame(battle, (1920, 1080), "table", aim=aim._replace(hover=thug.hex))
    camera = fitted_camera(battle, Frame(battle).board, (1920, 1080))
    (ax, ay), (bx, by) = camera.hex_center(battle.combatant(battle.current()).hex), camera.hex_center(thug.hex)
    length = math.hypot(bx - ax, by - ay)
    widths = []
    for share in (0.4, 0.5, 0.6):  # three places along it, clear of both tokens
        mx, my = ax + (bx - ax) * share, ay + (by - ay) * share
        across = [colour(image, (mx - (by - ay) / length * t, my + (bx - ax) / length * t)) for t in range(-12, 13)]
        widths.append(across.count(TARGET) if INK in across else 0)
    assert max(widths) >= 4, widths  # labels may stand over a place or two


def test_the_destinations_cost_is_as_large_as_a_name_and_stands_on_it():
    image, record, _, camera, move = _aimed_frame((1920, 1080))
    cost = next(label for label in record["labels"] if label["kind"] == "cost")
    name = next(label for label in record["labels"] if label["kind"] == "name")
    assert cost["text"] == str(move.cost) and cost["rect"][3] == name["rect"][3]
    assert pygame.Rect(cost["rect"]).collidepoint(camera.hex_center(move.hex))


def _tile_colours(path: Path) -> set[tuple[int, int, int]]:
    """Every opaque colour of a tile image."""
    image = pygame.image.load(str(path))
    return {tuple(image.get_at((x, y)))[:3] for x in range(image.get_width()) for y in range(image.get_height())
            if image.get_at((x, y))[3] > 128}


@pytest.mark.parametrize("light", [TARGET, PAPER], ids=["target ring", "acting mark"])
def test_a_mark_has_a_band_contrasting_3_to_1_with_every_colour_of_every_terrain_tile(light):
    assert len(TILES) >= 40
    for path in TILES:
        for seen in _tile_colours(path):
            assert max(contrast_ratio(INK, seen), contrast_ratio(light, seen)) >= 3, (path.name, seen)


def _on_tile(path: Path) -> pygame.Surface:
    """A 240x240 patch of a terrain tile, as the board would show it zoomed in."""
    tile = pygame.image.load(str(path))
    patch = pygame.Surface((240, 240))
    patch.fill((128, 128, 128))
    patch.blit(pygame.transform.smoothscale(tile, (240, round(240 * tile.get_height() / tile.get_width()))), (0, 0))
    return patch


@pytest.mark.parametrize("path", TILES, ids=[f"{p.parent.name}/{p.stem}" for p in TILES])
def test_the_acting_mark_a_target_ring_and_the_destination_outline_show_on_every_terrain(path):
    start_headless()
    for light, draw in ((PAPER, lambda patch: mark(patch, (120, 120), 40, PAPER)),
                        (TARGET, lambda patch: mark(patch, (120, 120), 40, TARGET)),
                        (PATH, lambda patch: banded_line(patch, [(60, 60), (180, 60), (180, 180), (60, 180)], 4, True))):
        patch = _on_tile(path)
        before = patch.copy()
        area = draw(patch)
        changed = [(x, y) for x in range(area.left, area.right) for y in range(area.top, area.bottom)
                   if patch.get_at((x, y)) != before.get_at((x, y))]
        drawn = {tuple(patch.get_at(xy))[:3] for xy in changed}
        assert {INK, light} <= drawn
        ground = {tuple(before.get_at(xy))[:3] for xy in changed[::7]}
        assert all(max(contrast_ratio(INK, g), contrast_ratio(light, g)) >= 3 for g in ground), path.name


def test_a_dying_pc_shows_its_rounds_left_on_its_token_and_they_count_down():
    from tests.kit import battle_at, unit

    start_headless()
    battle = battle_at([unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
                        unit(2, "thug", "enemies", Hex(4, 0)), unit(3, "veteran_soldier", "pcs", Hex(-3, 0))])
    assert battle.submit(GmSetHealth(1, value=0)).accepted
    ana = battle.combatant(1)
    assert ana.down == "mortally wounded" and ana.dies_in == 6
    image, record = render_frame(battle, (1280, 800), "table")
    badge = next(label for label in record["labels"] if label["kind"] == "condition" and label["owner"] == 1)
    assert badge["text"] == "dying, 6 rounds"
    x, y, r = next(token["disc"] for token in record["tokens"] if token["id"] == 1)

    def middle(picture):
        return [colour(picture, (x + dx, y + dy)) for dx in range(-round(r / 3), round(r / 3))
                for dy in range(-round(r / 3), round(r / 3), 2)]

    assert PAPER in middle(image) and INK in middle(image)  # a white figure on its dark middle
    start = battle.state.round
    while battle.state.round == start:
        assert battle.submit(EndTurn(battle.current())).accepted
    assert battle.combatant(1).dies_in == 5
    later, record = render_frame(battle, (1280, 800), "table")
    assert any(label["text"] == "dying, 5 rounds" for label in record["labels"])
    assert middle(later) != middle(image)  # the figure on the token counts down too


@pytest.mark.parametrize("hidden", [False, True])
def test_a_unit_on_overwatch_keeps_its_wedge_drawn_on_both_views_but_the_table_not_a_hidden_ones(hidden):
    from dataclasses import replace

    from tests.kit import battle_at, unit

    start_headless()
    watcher = replace(unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Watcher"), hidden=hidden)
    battle = battle_at([watcher, unit(2, "thug", "pcs", Hex(-5, 0))])
    plain = {view: render_frame(battle, (1280, 800), view, aimed=False)[0] for view in ("table", "console")}
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    assert battle.submit(EndTurn(1)).accepted  # the wedge stays drawn after the turn, till overwatch ends
    watched = [h for h in battle.wedge(1, 0) if h != Hex(0, 0)]
    assert watched
    for view in ("table", "console"):
        image = render_frame(battle, (1280, 800), view, aimed=False)[0]
        camera = fitted_camera(battle, Frame(battle, view).board, (1280, 800), view)  # as render fits it
        tinted = sum(colour(image, camera.hex_center(h)) != colour(plain[view], camera.hex_center(h)) for h in watched)
        shown = not (hidden and view == "table")
        assert (tinted == len(watched)) if shown else tinted == 0, (view, tinted, len(watched))
        if shown:
            edge = [colour(image, (x, y)) for h in watched for x, y in polygon(camera, h)]
            assert side_colour("enemies") in edge
