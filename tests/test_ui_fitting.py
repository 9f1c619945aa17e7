"""Button words that fit their button: the name is cut, the words saying what the button does stay."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.ui.fitting import ROOM_LEFT, fitted_button, fitted_words, wrapped_rows  # noqa: E402
from game.ui.panel import LOG_ROW_SLACK, Panel  # noqa: E402


def test_words_that_fit_are_left_whole():
    assert fitted_words("Rustjaw raiders", ": people", lambda w: len(w) <= 30) == "Rustjaw raiders: people"


def test_a_long_name_loses_letters_and_keeps_the_tail():
    words = fitted_words("Relay technicians", ": computer", lambda w: len(w) <= 20)
    assert words == "Relay tec…: computer"  # 20 characters, the most that fit


def test_with_no_room_for_any_of_the_name_the_tail_is_left():
    assert fitted_words("The crew of the Wandering Star", ": people", lambda w: len(w) <= 7) == "people"


def test_a_button_on_the_1100_pixel_console_shows_its_controller_whole():
    # At 1100x700 the side buttons are 177 pixels wide: "Relay technicians: computer" was cut to
    # "Relay technicians: compute", which hides what the button says.
    pygame.init()
    pygame.display.set_mode((400, 200))
    manager = pygame_gui.UIManager((400, 200))
    rect = pygame.Rect(0, 0, 177, 30)
    button = fitted_button(rect, "Relay technicians", ": computer", manager)
    assert button.text.endswith("…: computer") and button.text.startswith("Relay tec")
    assert button.font.size(button.text)[0] <= rect.width - ROOM_LEFT
    assert button.tool_tip_text == "Relay technicians: computer"
    short = fitted_button(rect, "Crew", ": people", manager)
    assert short.text == "Crew: people"


def test_a_log_line_is_cut_between_words_into_rows_that_fit():
    rows = wrapped_rows("Thug 10 fires at Voss and hits", 12, len)
    assert rows == ["Thug 10", "fires at", "Voss and", "hits"]
    assert all(len(row) <= 12 for row in rows)


def test_a_word_wider_than_a_row_is_cut_between_letters():
    assert wrapped_rows("a Hyperdimensional drive", 6, len) == ["a", "Hyperd", "imensi", "onal", "drive"]


def test_a_line_that_fits_is_one_row():
    assert wrapped_rows("Round 2", 40, len) == ["Round 2"]
    assert wrapped_rows("", 40, len) == [""]


def _rows_of(box) -> list[list[str]]:
    return [[type(item).__name__ for item in row.items] for row in box.text_box_layout.layout_rows]


def test_a_log_line_that_just_fills_the_log_is_followed_by_no_blank_line():
    # pygame_gui puts a 4-pixel line break on a row of its own after text that ends within 4
    # pixels of the edge: a blank line in the combat log, with or without its scroll bar.
    pygame.init()
    pygame.display.set_mode((1100, 700))
    manager = pygame_gui.UIManager((1100, 700))
    panel = Panel(manager, pygame.Rect(800, 0, 300, 700))
    font = panel.log.ui_theme.get_font(panel.log.combined_element_ids)
    for room in (panel.log.text_box_layout.layout_rect.width, panel._log_row_width + LOG_ROW_SLACK):
        line = "Thug 10 fires at Voss:"
        while font.size(line + "i")[0] <= room - 2:
            line += "i"
        panel.reset_log(["Round 1", line, "Round 2"] + [f"line {n}" for n in range(30)])
        assert ["LineBreakLayoutRect"] not in _rows_of(panel.log)
        assert panel.log.scroll_bar is not None
