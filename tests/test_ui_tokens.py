"""Tokens and the board's generated look, drawn on their own."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from tests.ui_kit import colour

import pygame  # noqa: E402

from game.hexgrid import Hex
from game.scenario import TileLayerView, TileRef
from game.ui.board import Board
from game.ui.camera import Camera
from game.ui.look import (DOWN_GREY, INK, PAPER, SIDE_COLOURS, SIDE_LETTERS, contrast_ratio, ink_on,
                          relative_luminance)
from game.ui.render import start_headless
from game.ui.tiles import generated_colour
from game.ui.tokens import Tokens, screen_direction
from tests.kit import LAYOUT, battle_at, scenario, unit


@pytest.fixture(scope="module")
def thug():
    """A real view of an enemy thug at the origin, to vary."""
    start_headless()
    battle = battle_at([unit(1, "veteran_soldier", "pcs", Hex(-2, 0)), unit(2, "thug", "enemies", Hex(0, 0))])
    return next(c for c in battle.combatants() if c.id == 2)


def _drawn(view, **changes):
    """One token drawn alone at zoom 2 on a white sheet; the sheet and its centre."""
    sheet = pygame.Surface((400, 400))
    sheet.fill(PAPER)
    camera = Camera(LAYOUT, 2.0, (200 - 56, 200 - 64))  # Hex(0, 0)'s centre at (200, 200)
    Tokens().draw_one(sheet, camera, dataclasses.replace(view, **changes))
    return sheet, camera


def test_the_palette_is_okabe_ito_and_every_side_has_its_own_letter():
    assert SIDE_COLOURS["pcs"] == (0x00, 0x72, 0xB2) and SIDE_COLOURS["enemies"] == (0xD5, 0x5E, 0x00)
    assert len(set(SIDE_COLOURS.values())) == 5 and sorted(SIDE_LETTERS.values()) == ["A", "B", "E", "P", "R"]


@pytest.mark.parametrize("side", sorted(SIDE_COLOURS))
def test_each_side_letter_is_inked_to_read_on_its_disc(side):
    assert contrast_ratio(ink_on(SIDE_COLOURS[side]), SIDE_COLOURS[side]) >= 4.5


def test_wcag_contrast_of_black_on_white_is_21():
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert relative_luminance((255, 255, 255)) == pytest.approx(1.0)


def test_a_standing_token_is_a_disc_in_its_side_colour(thug):
    sheet, camera = _drawn(thug)
    assert colour(sheet, (200 + 30, 200)) == SIDE_COLOURS["enemies"]
    assert colour(sheet, (200, 200 - 30)) == SIDE_COLOURS["enemies"]


def test_a_prone_token_lies_flat(thug):
    sheet, _ = _drawn(thug, prone=True)
    assert colour(sheet, (200 + 30, 200)) == SIDE_COLOURS["enemies"]
    assert colour(sheet, (200, 200 - 30)) != SIDE_COLOURS["enemies"]


def test_a_dead_token_is_greyed_and_crossed_out(thug):
    sheet, _ = _drawn(thug, in_fight=False, down="dead")
    assert colour(sheet, (200 + 30, 200)) == DOWN_GREY
    assert colour(sheet, (200, 200)) == INK  # the cross meets at the centre
    assert SIDE_COLOURS["enemies"] not in {colour(sheet, (x, y)) for x in range(150, 250) for y in range(150, 250)}


def test_a_dying_token_on_the_hex_of_a_dead_one_is_drawn_over_it_with_its_rounds_left(thug):
    dying = dataclasses.replace(thug, id=1, side="pcs", in_fight=False, down="mortally wounded", dies_in=6)
    dead = dataclasses.replace(thug, id=9, in_fight=False, down="dead")
    standing = dataclasses.replace(thug, id=3, hex=Hex(2, 0))
    assert [c.id for c in Tokens().shown([standing, dead, dying])] == [9, 1, 3]  # the dead, the dying, the standing
    sheet = pygame.Surface((400, 400))
    camera = Camera(LAYOUT, 2.0, (200 - 56, 200 - 64))
    Tokens().draw(sheet, camera, Tokens().shown([dead, dying]))
    figure = [colour(sheet, (x, y)) for x in range(188, 213) for y in range(188, 213)]
    assert figure.count(PAPER) > 20  # the figure 6, white on the dark inner disc, not the raider's cross


def test_overwatch_points_a_wedge_toward_the_watched_facing(thug):
    sheet, camera = _drawn(thug, overwatch=0)  # direction 0 is east on a pointy map
    dx, dy = screen_direction(camera, 0)
    assert (round(dx, 6), round(dy, 6)) == (1.0, 0.0)
    radius = 0.38 * 56 * 2
    assert colour(sheet, (200 + 1.3 * radius, 200)) == SIDE_COLOURS["enemies"]
    assert colour(sheet, (200 - 1.3 * radius, 200)) == PAPER


def test_screen_directions_follow_the_hex_neighbours():
    camera = Camera(LAYOUT, 1.0)
    for direction, step in enumerate([Hex(1, 0), Hex(1, -1), Hex(0, -1), Hex(-1, 0), Hex(-1, 1), Hex(0, 1)]):
        x, y = LAYOUT.hex_center(step)
        ox, oy = LAYOUT.hex_center(Hex(0, 0))
        length = ((x - ox) ** 2 + (y - oy) ** 2) ** 0.5
        dx, dy = screen_direction(camera, direction * 60)
        assert dx == pytest.approx((x - ox) / length) and dy == pytest.approx((y - oy) / length)


def test_total_defense_rings_the_token(thug):
    plain, _ = _drawn(thug)
    ringed, _ = _drawn(thug, total_defense=True)
    radius = 0.38 * 56 * 2
    band = [(200 + radius + d, 200) for d in range(4, 11)]
    assert {colour(plain, xy) for xy in band} == {PAPER}
    assert INK in {colour(ringed, xy) for xy in band}


def test_the_acting_mark_is_a_light_and_a_dark_band_and_total_defense_is_its_own_colour(thug):
    sheet = pygame.Surface((400, 400))
    sheet.fill((128, 128, 128))
    camera = Camera(LAYOUT, 2.0, (200 - 56, 200 - 64))
    Tokens().draw_one(sheet, camera, thug, current=True)
    radius = 0.38 * 56 * 2
    acting = [colour(sheet, (200 + radius + d, 200)) for d in range(1, 16)]
    assert acting.count(PAPER) >= 4 and acting.count(INK) >= 4
    sheet.fill((128, 128, 128))
    Tokens().draw_one(sheet, camera, dataclasses.replace(thug, total_defense=True))
    guarded = [colour(sheet, (200 + radius + d, 200)) for d in range(1, 16)]
    assert PAPER not in guarded and SIDE_COLOURS["enemies"] in guarded and INK in guarded


def test_a_tile_without_an_image_gets_a_stable_generated_hex():
    start_headless()
    tile = TileRef("terrain", 3, None, False, False, False, False)
    field = dataclasses.replace(scenario([], radius=1), tile_layers=(
        TileLayerView("ground", True, 1.0, (0.0, 0.0), MappingProxyType({Hex(0, 0): tile})),))
    board = Board(field)
    surface = board.surface(1.0)
    cx, cy = LAYOUT.hex_center(Hex(0, 0))
    assert colour(surface, (cx - board.bounds.x, cy - board.bounds.y)) == generated_colour(tile)
    assert generated_colour(tile) == generated_colour(dataclasses.replace(tile, flip_h=True))
    assert generated_colour(tile) != generated_colour(dataclasses.replace(tile, local_id=4))


def test_a_half_transparent_layer_lets_the_one_below_show_through():
    start_headless()
    red = TileRef("a", 1, None, False, False, False, False)
    blue = TileRef("b", 2, None, False, False, False, False)
    cells = lambda tile: MappingProxyType({Hex(0, 0): tile})  # noqa: E731
    layers = (TileLayerView("low", True, 1.0, (0.0, 0.0), cells(red)),
              TileLayerView("high", True, 0.5, (0.0, 0.0), cells(blue)))
    board = Board(dataclasses.replace(scenario([], radius=0), tile_layers=layers))
    cx, cy = LAYOUT.hex_center(Hex(0, 0))
    seen = colour(board.surface(1.0), (cx - board.bounds.x, cy - board.bounds.y))
    low, high = generated_colour(red), generated_colour(blue)
    assert all(abs(s - (a + b) / 2) <= 2 for s, a, b in zip(seen, low, high))


def test_a_hidden_layer_is_not_drawn():
    start_headless()
    tile = TileRef("a", 1, None, False, False, False, False)
    layer = TileLayerView("hidden", False, 1.0, (0.0, 0.0), MappingProxyType({Hex(0, 0): tile}))
    board = Board(dataclasses.replace(scenario([], radius=0), tile_layers=(layer,)))
    cx, cy = LAYOUT.hex_center(Hex(0, 0))
    assert colour(board.surface(1.0), (cx - board.bounds.x, cy - board.bounds.y)) != generated_colour(tile)


def _tall_tile(tmp_path):
    """A 56x96 image, red above and blue in its bottom 64 rows: taller than a 56x64 cell."""
    image = pygame.Surface((56, 96))
    image.fill((230, 30, 30))
    image.fill((30, 30, 230), (0, 32, 56, 64))
    path = tmp_path / "tall.png"
    pygame.image.save(image, str(path))
    return TileRef("tall", 0, path, False, False, False, False)


def test_a_tall_tile_stands_on_the_cells_bottom_left_and_reaches_up(tmp_path):
    start_headless()
    tile = _tall_tile(tmp_path)
    layer = TileLayerView("ground", True, 1.0, (0.0, 0.0), MappingProxyType({Hex(0, 0): tile}))
    board = Board(dataclasses.replace(scenario([], radius=0), tile_layers=(layer,)))
    x, y = LAYOUT.hex_top_left(Hex(0, 0))
    at = lambda wx, wy: colour(board.native(), (wx - board.bounds.x, wy - board.bounds.y))  # noqa: E731
    assert board.bounds.y == y - 32  # the image pokes 32 pixels above the cell
    assert at(x + 28, y + 32) == (30, 30, 230)  # the cell holds the image's bottom 64 rows
    assert at(x + 28, y - 16) == (230, 30, 30)


def test_a_layer_offset_moves_its_tiles(tmp_path):
    start_headless()
    tile = _tall_tile(tmp_path)
    layer = TileLayerView("ground", True, 1.0, (20.0, 10.0), MappingProxyType({Hex(0, 0): tile}))
    board = Board(dataclasses.replace(scenario([], radius=0), tile_layers=(layer,)))
    x, y = LAYOUT.hex_top_left(Hex(0, 0))
    at = lambda wx, wy: colour(board.native(), (wx - board.bounds.x, wy - board.bounds.y))  # noqa: E731
    assert at(x + 20 + 55, y + 10 + 63) == (30, 30, 230)  # the image's bottom-right pixel, moved
    assert at(x + 20 + 55, y + 10 + 64 - 96) == (230, 30, 30)  # its top-right pixel, moved
