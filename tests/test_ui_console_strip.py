"""The console's bottom strip: the GM's buttons (GM mode, Add unit, Morale) and the table dice
(the entry and a toggle per side) side by side, none covering another, so each takes its clicks."""

import os
from types import SimpleNamespace

import pygame
import pygame_gui
import pytest
from pygame_gui.elements import UIButton

from game.hexgrid import Hex
from game.ui.gm_tools import GmTools
from game.ui.tools import TOOLS_HEIGHT, TableTools

from kit import battle_at, unit

PANEL = 380
SIZES = [(1280, 800), (1920, 1080), (1024, 640)]


@pytest.fixture
def screen():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


def _strip(size):
    """The console's tools and GM buttons as the window builds them, for three sides."""
    pygame.display.set_mode(size)
    battle = battle_at([unit(1, "thug", "enemies", Hex(0, 0)), unit(2, "pc_warrior", "pcs", Hex(3, 0)),
                        unit(3, "civilian", "bystanders", Hex(0, 3))])
    map_width = size[0] - PANEL
    app = SimpleNamespace(manager=pygame_gui.UIManager(size), battle=battle,
                          views=[SimpleNamespace(area=pygame.Rect(0, 0, map_width, size[1]))])
    tools = TableTools(app, map_width, size[1])
    tools.dice.show_sides([("bystanders", "Relay technicians"), ("enemies", "Rustjaw raiders"),
                           ("pcs", "The crew of the Wandering Star")])
    return app.manager, GmTools(app)


@pytest.mark.parametrize("size", SIZES)
def test_no_widget_of_the_strip_covers_another(screen, size):
    manager, _ = _strip(size)
    bottom = size[1] - TOOLS_HEIGHT
    rects = [e.rect for e in manager.get_root_container().elements if e.rect.bottom > bottom]
    assert len(rects) >= 8  # Open, the dice label and entry, three toggles, three GM buttons
    clashes = [(a, b) for i, a in enumerate(rects) for b in rects[i + 1:] if a.colliderect(b)]
    assert clashes == []


@pytest.mark.parametrize("size", SIZES)
def test_add_unit_and_morale_are_the_buttons_under_their_own_centres(screen, size):
    manager, gm = _strip(size)
    for button in (gm.mode_button, gm.add_button, gm.morale_button):
        over = [e for e in manager.get_root_container().elements
                if isinstance(e, UIButton) and e.rect.collidepoint(button.rect.center)]
        assert over == [button], button.text
