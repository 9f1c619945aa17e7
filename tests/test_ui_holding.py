"""While the GM has the table (GM mode on, an editor or the Open dialog up), the table refuses what
is clicked or keyed on it, with a note saying why, and takes nothing; what only shows things (the
key card, the briefing) still works, and the GM's console still acts. The real window on SDL's
dummy video driver, fed pygame events as the table's and the console's windows send them."""

from __future__ import annotations

import pygame
import pytest

from game.scenario.summary import MAPS_DIR
from game.ui.app import TableApp

from tests.ui_kit import click_at, headless_window, press_key

HELD = "Wait: the GM has the table (GM mode is on)"


@pytest.fixture
def app(headless_app):
    """The two windows on the default map, the briefing put away."""
    return headless_app


def _a_move(app: TableApp) -> tuple[int, int]:
    """Where on the table view the first hex the acting PC may walk to is."""
    move = app.options().allowed("move")[0]
    return app.table.camera.hex_center(move.hex)


def test_a_key_on_the_table_is_refused_with_a_note_while_gm_mode_is_on_and_the_console_still_acts(app):
    app.gm_tools.gm_mode = True
    assert app.holding() == "GM mode is on" and app.banner.current().kind == "gm"
    press_key(app, pygame.K_e, "e", app.table.window)  # End turn, on the table
    assert not app.battle.actions and app.toast.words == HELD == app.message
    press_key(app, pygame.K_e, "e", app.console)  # the GM at the console ends it
    assert len(app.battle.actions) == 1


def test_a_click_on_the_table_view_takes_nothing_while_the_gm_has_it_and_moves_once_handed_back(app):
    where = _a_move(app)
    app.gm_tools.gm_mode = True
    click_at(app, where, app.table.window)
    assert not app.battle.actions and app.toast.words == HELD
    assert app.toast.at == tuple(round(v) for v in where)  # the note stands by the click
    app.gm_tools.gm_mode = False
    click_at(app, where, app.table.window)
    assert len(app.battle.actions) == 1


def test_the_bars_end_turn_button_is_refused_while_the_open_dialog_is_up(app):
    end_turn = next(button for _, button in app.banner.drawn.buttons if button.choose == "end_turn")
    app.tools.picker.open_dialog(MAPS_DIR)
    assert app.holding() == "opening a map or a save"
    app.banner.press(end_turn, (400, 300))  # as a click on it in the frame the dialog opened
    assert not app.battle.actions and app.toast.words == "Wait: the GM has the table (opening a map or a save)"
    app.run(frames=1)
    assert not any(button.choose == "end_turn" for _, button in app.banner.drawn.buttons)  # the bar is put away


def test_the_key_card_and_the_briefing_still_show_while_the_gm_has_the_table(app):
    app.gm_tools.gm_mode = True
    press_key(app, pygame.K_SLASH, "?", app.table.window)
    assert app.aids.help_shown and app.toast.words == ""
    press_key(app, pygame.K_SPACE, " ", app.table.window)  # any key puts the card away
    press_key(app, pygame.K_b, "b", app.table.window)
    assert app.briefing.status()["briefing"] and app.toast.words == ""


def test_in_one_window_a_key_is_refused_while_the_gm_has_the_table():
    app = headless_window(one_window=True)
    try:
        app.gm_tools.gm_mode = True
        press_key(app, pygame.K_e, "e", app.console)
        assert not app.battle.actions and app.message == HELD
    finally:
        app.console.destroy()


def test_while_the_gm_has_the_table_it_shows_no_targets_or_reach_to_click(app):
    def kinds() -> set[str]:
        app.painter.draw()
        return {label["kind"] for label in app.table.frame.record["labels"]}

    assert "odds" in kinds()  # Vask's targets, each with its odds
    app.gm_tools.gm_mode = True
    assert "odds" not in kinds()  # nothing invites a click it would refuse
    app.gm_tools.gm_mode = False
    assert "odds" in kinds()
