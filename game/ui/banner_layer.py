"""The table's banner and action bar as a layer of the window (`game.ui.banner_look` draws them):
drawn on the table view every frame, their buttons clicked with the mouse on the table."""

from __future__ import annotations

import pygame

from game.ui.banner import HELP, Banner, banner_for, banner_record
from game.ui.banner_kit import headline_line, word_line
from game.ui.banner_look import draw_pointer
from game.ui.banner_picture import BannerPicture
from game.ui.layers import Layer, Paint
from game.ui.modes import Choose


class TableBanner(Layer):
    """The banner (whose turn, the open decision, the GM holding the table) and the action bar."""

    def __init__(self, app) -> None:
        self.app = app
        self.picture = BannerPicture()
        self.banner: Banner | None = None
        self._made: tuple = (None, None)
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
            self.app.feed(Choose(button.choose), at=pos, from_table=True)

    @property
    def drawn(self):
        """What the banner and bar last drew: their texts, buttons and areas."""
        return self.picture.drawn

    def prepare(self) -> list[pygame.Rect]:
        """Before the map views are drawn: the banner as the battle and the window stand, drawn
        aside when it changed, so the table's labels keep off it; returns where the banner it
        replaced stood (the map is drawn again there)."""
        view = self.app.table
        self.banner = self.current()
        surface = view.window.get_surface()
        return self.picture.make(self.app.battle, self.app.banner_area, view.frame.tokens.fonts, self.app.seat(),
                                 self.banner, surface.get_size())

    def draw(self, paint: Paint) -> None:
        """The banner and the bar laid over the table view (opaque, in the same places every frame
        until they change, so they need no repaint of their own): where the map was drawn this
        frame, or all of them when they changed."""
        view = self.app.table
        self.picture.lay(paint.surface(view), paint.repainted(view))
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
