"""The console's widgets and the map under them: a click belongs to a widget only when it lands
on one, whatever the manager's hover state (a frame old) says."""

import os

import pygame
import pygame_gui
import pytest

from game.ui.tools import over_a_widget


@pytest.fixture
def manager():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((400, 300))
    yield pygame_gui.UIManager((400, 300))
    pygame.display.quit()


def _click(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)


def test_a_click_on_a_button_is_the_buttons(manager):
    pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 30), "Open", manager)
    assert over_a_widget(manager, _click((20, 20)))


def test_a_click_just_after_leaving_a_button_is_the_maps_though_the_hover_is_a_frame_old(manager):
    pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 30), "Open", manager)
    manager.hovering_any_ui_element = True  # the state the last frame left behind
    assert not over_a_widget(manager, _click((300, 200)))


def test_a_hidden_widget_takes_no_click(manager):
    button = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 100, 30), "Open", manager)
    button.hide()
    assert not over_a_widget(manager, _click((20, 20)))


def test_the_wheel_goes_by_the_hover_state(manager):
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1)
    manager.hovering_any_ui_element = True
    assert over_a_widget(manager, wheel)
    manager.hovering_any_ui_element = False
    assert not over_a_widget(manager, wheel)
