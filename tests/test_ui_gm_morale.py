"""The GM's morale window: each side with a score listed with -1/+1 buttons that count an
outgunned factor (Seed 002) as a GM action; the rows follow the battle."""

import os

import pygame
import pygame_gui

from game.actions import GmOutgunned
from game.hexgrid import Hex
from game.ui.gm_morale import MoraleWindow, morale_line, outgunned_action, scored

from kit import battle_at, scenario, side, unit  # noqa: F401 (scenario: the kit's field)

UNITS = [unit(1, "thug", "enemies", Hex(0, 0), name="Rook"), unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana")]


def _battle():
    return battle_at(UNITS, first=1, sides={"pcs": side("pcs", None), "enemies": side("enemies", 6)},
                     modules=("morale",))


def test_only_sides_with_a_score_are_listed_and_each_press_is_one_factor():
    battle = _battle()
    sides = battle.sides()
    assert [s.id for s in scored(sides)] == ["enemies"]
    enemies = scored(sides)[0]
    assert morale_line(enemies) == "Enemies: 6 (Careful)"
    assert outgunned_action(enemies, -1) == GmOutgunned(0, side="enemies", change=-1)


def test_the_window_buttons_submit_and_the_row_follows_the_score():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no screen needed
    pygame.display.init()
    pygame.font.init()
    try:
        pygame.display.set_mode((800, 600))
        manager = pygame_gui.UIManager((800, 600))
        battle = _battle()
        window = MoraleWindow(manager, (10, 10), battle.sides())
        minus = next(b for b, what in window.buttons.items() if what == ("enemies", -1))
        action = window.action(minus, battle.sides())
        assert battle.submit(action).accepted
        window.refresh(battle.sides())
        assert window.labels["enemies"].text == "Enemies: 5 (Tactical Retreat)"
        assert battle.undo()
        window.refresh(battle.sides())
        assert window.labels["enemies"].text == "Enemies: 6 (Careful)"
    finally:
        pygame.quit()
