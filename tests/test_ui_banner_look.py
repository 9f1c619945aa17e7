"""The table's banner and action bar as drawn (`game.ui.banner_look`, `hexbattle render`): the
headline's capitals at least 3.5% of the window's height and scaling with it, the map fitted
clear of banner and bar, an open decision drawn by `render --save` with its question and
answers, and windows too small for them drawing smaller, never failing."""

from __future__ import annotations

import pytest

from ui_kit import at_a_protect_decision, pygame  # headless pygame first

from game.savefile import battle_from_map, write_save
from game.scenario.summary import MAPS_DIR
from game.ui.banner import Seat, banner_for
from game.ui.banner_kit import HEADLINE_FRACTION
from game.ui.banner_look import draw_table_banner
from game.ui.render import render_frame, start_headless
from game.ui.tokens import Fonts

DEFAULT = MAPS_DIR / "relay_station_ambush.tmx"


def _banner(battle, size) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect, str]]]:
    """The battle rendered, and the banner's texts from the frame's record: (text, rect, "banner")."""
    image, record = render_frame(battle, size)
    return image, [(label["text"], pygame.Rect(label["rect"]), label["kind"]) for label in record["labels"]
                   if label["kind"] == "banner"]


def _ink_height(image: pygame.Surface, box: pygame.Rect, columns: int) -> int:
    """The height of the light ink in the first `columns` columns of a box (one capital letter)."""
    rows = [y for y in range(box.top, box.bottom) for x in range(box.left, box.left + columns)
            if min(image.get_at((x, y))[:3]) > 200]
    return max(rows) - min(rows) + 1 if rows else 0


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (3840, 2160)])
def test_the_turn_banners_capitals_are_at_least_3_5_percent_of_the_window_tall(size):
    start_headless()
    battle = battle_from_map(DEFAULT, 1)
    image, labels = _banner(battle, size)
    headline = next(rect for text, rect, kind in labels if text == "Sergeant Vask's turn" and kind == "banner")
    capital = Fonts().font(headline.height).size("S")[0]
    assert _ink_height(image, headline, capital) >= size[1] * HEADLINE_FRACTION


def test_the_banner_grows_with_the_window():
    start_headless()
    battle = battle_from_map(DEFAULT, 1)
    small = next(r for t, r, _ in _banner(battle, (1920, 1080))[1] if t == "Sergeant Vask's turn")
    large = next(r for t, r, _ in _banner(battle, (3840, 2160))[1] if t == "Sergeant Vask's turn")
    assert 1.8 < large.height / small.height < 2.2


def test_render_fits_the_map_clear_of_the_banner_and_the_bar_and_every_text_drawn_is_listed():
    start_headless()
    battle = battle_from_map(DEFAULT, 1)
    image, labels = _banner(battle, (1920, 1080))
    banner = [rect for _, rect, kind in labels if kind == "banner"]
    assert {"End turn", "Keys", "Sergeant Vask's turn", "next: Ilya Moreau"} <= {
        text.split("] ")[-1] for text, _, _ in labels}
    from game.ui.board import Board
    from game.ui.render import fitted_camera

    camera = fitted_camera(battle, Board(battle.scenario), (1920, 1080))
    for c in battle.combatants():
        x, y = camera.hex_center(c.hex)
        assert not any(rect.collidepoint(x, y) for rect in banner), c.name


def test_render_of_a_save_at_a_decision_draws_its_question_and_answers(tmp_path):
    from game.cli import main

    start_headless()
    battle = at_a_protect_decision()
    image, labels = _banner(battle, (1920, 1080))
    texts = [text for text, _, _ in labels]
    assert "Dax Halloran decides" in texts and any(battle.pending().question.startswith(t) for t in texts)
    assert any(t.startswith("[Enter") and "] Step in (" in t for t in texts)  # the keys that answer it
    assert any(t.startswith("[Esc") and "] Let it through (" in t for t in texts)
    save, out = tmp_path / "protect.json", tmp_path / "protect.png"
    write_save(battle, save)
    assert main(["render", "--save", str(save), str(out)]) == 0
    drawn = pygame.image.load(str(out))
    assert pygame.image.tobytes(drawn, "RGB") == pygame.image.tobytes(image, "RGB")
    assert pygame.image.tobytes(drawn, "RGB") != pygame.image.tobytes(render_frame(battle_from_map(DEFAULT, 1),
                                                                                   (1920, 1080))[0], "RGB")


@pytest.mark.parametrize("size", [(64, 64), (160, 90), (320, 200), (640, 360)])
def test_a_window_too_small_for_the_banner_gets_it_smaller_never_an_error(size):
    start_headless()
    for battle, seat in ((battle_from_map(DEFAULT, 1), Seat(frozenset())), (at_a_protect_decision(), Seat(frozenset())),
                         (battle_from_map(DEFAULT, 1), Seat(frozenset(), holding="editing a unit"))):
        target = pygame.Surface(size)
        drawn = draw_table_banner(target, battle, target.get_rect(), Fonts(), seat)
        assert drawn.labels and all(target.get_rect().contains(area) for area in drawn.areas)
        assert banner_for(battle, seat).headline in [text for text, _, _ in drawn.labels]


def test_a_token_panned_out_of_sight_gets_an_arrow_at_the_edge_pointing_to_it():
    from game.ui.banner_look import draw_pointer
    from game.ui.look import side_colour

    start_headless()
    target, room = pygame.Surface((800, 600)), pygame.Rect(0, 0, 700, 500)
    assert draw_pointer(target, room, (300, 200), "pcs", 20) is None  # in sight: nothing
    arrow = draw_pointer(target, room, (1500, 250), "pcs", 20)  # far to the right
    assert room.contains(arrow) and arrow.right > 600 and arrow.top < 250 < arrow.bottom
    assert target.get_at(arrow.center)[:3] == side_colour("pcs")


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)])
def test_with_an_action_bar_a_decision_keeps_the_map_in_sight_and_its_answers_stand_in_the_bars_column(size):
    # The protect decision's question and answers once grew the banner over the map's bottom
    # rows (derelict_hold's five declarations covered a third of it, tokens and all).
    from game.ui.banner_kit import bar_width, reserved_height

    start_headless()
    fonts = Fonts()
    for battle in (at_a_protect_decision(), battle_from_map(MAPS_DIR / "derelict_hold.tmx", 1)):
        assert battle.pending() is not None
        target = pygame.Surface(size)
        drawn = draw_table_banner(target, battle, target.get_rect(), fonts, Seat.of_map(battle))
        column = size[0] - bar_width(size)
        assert drawn.buttons and all(box.left >= column and box.right <= size[0] for box, _ in drawn.buttons)
        strip = [area for area in drawn.areas if area.left == 0]
        assert [area.height for area in strip] == [reserved_height(fonts, size[1])]
        texts = " ".join(text for text, _, _ in drawn.labels)
        assert battle.pending().question.split()[0] in texts  # the question is on the table, in the strip or the column


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080), (3840, 2160)])
def test_in_one_window_a_decision_stands_in_the_strip_the_map_is_fitted_above(size):
    # In the one window (no action bar) the protect decision's question and answers grew the
    # banner over the map's bottom rows: the strip the map's fit keeps clear of held one headline.
    from game.ui.banner_kit import table_room

    start_headless()
    fonts = Fonts()
    battle = at_a_protect_decision()
    target = pygame.Surface(size)
    drawn = draw_table_banner(target, battle, target.get_rect(), fonts, Seat.of_map(battle, bar=False))
    below = table_room(fonts, size, bar=False)[0]
    assert drawn.buttons, "the answers are drawn in the banner"
    assert all(area.top >= size[1] - below for area in drawn.areas)
