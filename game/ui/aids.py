"""The table's aids, a layer of the window (`game.ui.layers`): explaining a number (Alt+click
or `q` then a click), the `?` card, and the animations of what just happened."""

from __future__ import annotations

import time

import pygame

from game.ui.animate import Animations
from game.ui.explain import Explainer, explanation_at
from game.ui.helpcard import draw_help
from game.ui.layers import Layer, Paint
from game.ui.look import text_height

POPUP_WIDTH = 368
POPUP_HEIGHT = 320


class Aids(Layer):
    """The explanation, the help card and the animation queue of one window."""

    def __init__(self, app, manager, size: tuple[int, int], animations: bool = True) -> None:
        self.app = app
        popup = pygame.Rect(size[0] - POPUP_WIDTH - 6, 78, POPUP_WIDTH, POPUP_HEIGHT)
        self.explainer = Explainer(manager, popup)
        self.animations = Animations(animations)
        self.help_shown = False

    @property
    def explaining(self) -> str | None:
        """The open explanation's first line, for the status file."""
        return self.explainer.title

    def show_help(self) -> None:
        """Show the key card (until any key or click)."""
        self.help_shown = True

    def handle(self, event) -> bool:
        """An event the aids take (the card, `q`, an explaining click, Escape on an explanation)."""
        app = self.app
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (pygame.K_LALT, pygame.K_RALT):
            self.explainer.alt = event.type == pygame.KEYDOWN  # in event order, not the state after the batch
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F12:
            return False  # screenshots show what is on the table, card and all
        if self.help_shown and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.help_shown = False
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(app, event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._click(app, event)
        return False

    def _key(self, app, event) -> bool:
        if event.unicode == "?":
            self.help_shown = True
            return True
        if event.key == pygame.K_q and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.explainer.armed = True
            app.message = "explain: click a token"
            return True
        if event.key == pygame.K_ESCAPE and (self.explainer.lines or self.explainer.armed):
            self.explainer.armed = False
            self.explainer.close()
            return True
        return False

    def _click(self, app, event) -> bool:
        view = app.view_at(event)
        if view is None or view.camera is None:
            return False
        if not self.explainer.wants(event):
            self.explainer.close()
            return False
        battle, camera = app.battle, view.camera
        kind = getattr(app.current_mode(), "kind", "move")
        below = (event.pos[0], event.pos[1] + camera.layout.cell_height * camera.zoom * 0.6)
        lines = []
        # the explanation is drawn on the table: a unit hidden from it is not there to explain
        combatants = [c for c in battle.combatants() if not c.hidden]
        for spot in (event.pos, below):  # the token, or the hit chance label drawn above it
            lines = lines or explanation_at(camera.hex_at(spot), app.options(), kind, combatants,
                                            battle.sides(), battle.log, battle.place)
        self.explainer.show(lines)
        app.message = "" if lines else "explain: no token there"
        return True

    def draw(self, paint: Paint) -> None:
        """The animations on every map view; the card and the explanation on the table view (the
        part of it above the banner). Each frame they draw in, the next repaints the views whole."""
        app, now = self.app, time.monotonic()
        self.animations.follow(app.battle, now)
        for view in app.views:
            surface = paint.surface(view)
            line = text_height(view.area.height)
            self.animations.draw(surface, view.camera, view.frame.tokens, app.battle, line, now)
        surface = paint.surface(app.table)
        self.explainer.draw(surface, app.table.seen_in, app.table.frame.tokens.fonts, text_height(surface.get_height()))
        if self.help_shown:
            draw_help(surface, app.table.area, app.table.frame.tokens.fonts)
        if self.animations.items or self.explaining or self.help_shown:
            paint.cover()

    def status(self) -> dict:
        """The open explanation's first line."""
        return {"explaining": self.explaining}
