"""The table's banner and action bar as a layer of the window (`game.ui.banner_look` draws them):
drawn on the table view every frame, their buttons clicked with the mouse on the table."""

from __future__ import annotations

import pygame

from game.ui.banner import HELP, Banner, banner_for, banner_record
from game.ui.banner_look import Drawn, draw_pointer, draw_table_banner, headline_line, word_line
from game.ui.layers import Layer, Paint
from game.ui.modes import Choose


class TableBanner(Layer):
    """The banner (whose turn, the open decision, the GM holding the table) and the action bar."""

    def __init__(self, app) -> None:
        self.app = app
        self.drawn = Drawn()
        self.banner: Banner | None = None
        self._made: tuple = (None, None)
        self._picture: tuple = (None, [])
        self._held = False  # a press began on the banner or the bar: its release is theirs too
        self._pressed = None

    def current(self) -> Banner:
        """The banner for the battle and the window as they stand (worked out when they change)."""
        app = self.app
        seat = app.seat()
        key = (id(app.battle), app.battle.state, seat)
        if self._made[0] != key:
            self._made = (key, banner_for(app.battle, seat, None if app.computer_decides() else app.options()))
        return self._made[1]

    def handle(self, event) -> bool:
        """A click on a button of the banner or the bar chooses it; any click there is theirs."""
        if event.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button not in (1, 3):
            return False
        if getattr(event, "window", None) not in (None, self.app.table.window):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._held = self.drawn.covers(event.pos)
            self._pressed = self.drawn.button_at(event.pos) if event.button == 1 else None
            return self._held
        held, pressed = self._held, self._pressed
        self._held, self._pressed = False, None
        button = self.drawn.button_at(event.pos)
        if held and button is not None and button == pressed:
            self.press(button, event.pos)
        return held

    def press(self, button, pos: tuple[int, int]) -> None:
        """A button clicked: the key card, or the choice fed to the input modes."""
        if button.choose == HELP:
            self.app.aids.show_help()
        else:
            self.app.feed(Choose(button.choose), at=pos)

    def draw(self, paint: Paint) -> None:
        """The banner and the bar on the table view."""
        view = self.app.table
        surface, seat = paint.surface(view), self.app.seat()
        self.banner = self.current()
        key = (self.banner, tuple(self.app.banner_area), surface.get_size(), seat.bar)
        if self._picture[0] == key:  # the same banner again: its picture, kept; it covers all it covered
            for area, picture in self._picture[1]:
                surface.blit(picture, area)
        else:  # where the last banner was, the map comes back (under the new banner, drawn again over it)
            for area in self.drawn.areas:
                paint.drew_until_now(view, area)
            self.drawn = draw_table_banner(surface, self.app.battle, self.app.banner_area, view.frame.tokens.fonts,
                                           seat, self.banner)
            inside = [area.clip(surface.get_rect()) for area in self.drawn.areas]
            self._picture = (key, [(area, surface.subsurface(area).copy()) for area in inside if area.width and area.height])
        self._point_to_the_actor(paint, view)

    def _point_to_the_actor(self, paint: Paint, view) -> None:
        """When the token whose turn or decision it is lies out of sight (the view panned or
        zoomed), an arrow at the edge of the map points to it."""
        app = self.app
        who = app.battle.combatant(app.decider()) if app.decider() is not None else None
        if who is None or who.hidden or who.hex is None or view.camera is None:
            return
        surface = paint.surface(view)
        size = round(word_line(surface.get_height(), headline_line(view.frame.tokens.fonts, surface.get_height())))
        drawn = draw_pointer(surface, view.seen_in, view.camera.hex_center(who.hex), who.side, size)
        if drawn is not None:
            paint.drew(view, drawn)

    def status(self) -> dict:
        """The banner's words, and where each of its buttons and the bar's is on the table window."""
        banner = self.banner or self.current()
        buttons = [{"choose": b.choose, "words": b.words, "keys": list(b.keys), "screen": list(box.center),
                    "rect": list(box)} for box, b in self.drawn.buttons]
        return {"banner": banner_record(banner) | {"buttons": buttons, "areas": [list(a) for a in self.drawn.areas]}}
