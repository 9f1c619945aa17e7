"""Button words that fit their button: the name is cut, the words saying what the button does stay."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pygame_gui  # noqa: E402

from game.ui.fitting import ROOM_LEFT, fitted_button, fitted_words  # noqa: E402


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
