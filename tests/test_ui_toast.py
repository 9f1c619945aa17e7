"""The table's refusal note (`game.ui.toast`): shown beside the click for a few seconds, and put
away as soon as the battle moves on, so a refusal of one turn never stands over the next turn or
a decision that opened since. The real window on SDL's dummy video driver."""

from __future__ import annotations

import pygame
import pytest

from tests.ui_kit import click_at, press_key


@pytest.fixture
def app(headless_app):
    """The two windows on the default map, the briefing put away."""
    return headless_app


def test_a_refusal_stays_while_the_turn_stands_and_goes_once_an_action_is_taken(app):
    shootable = {o.target for o in app.options().allowed("attack")}
    hidden_from = next(c for c in app.battle.combatants() if c.side == "enemies" and c.id not in shootable)
    press_key(app, pygame.K_a, "a", app.table.window)  # attack chosen
    click_at(app, app.table.camera.hex_center(hidden_from.hex), app.table.window)
    assert app.toast.status()["toast"] and not app.battle.actions
    app.run(frames=2)
    assert app.toast.status()["toast"], "the note stays while the turn stands"
    press_key(app, pygame.K_e, "e", app.table.window)  # the turn ends: the battle moves on
    assert app.battle.actions and app.toast.status() == {"toast": None, "toast_rect": None}
