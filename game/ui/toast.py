"""The table's note of a refusal (or a mode's hint), shown for a few seconds beside the pointer
where the click was, else beside the token that acts, large enough to read across the room."""

from __future__ import annotations

import time

import pygame

from game.ui.banner_kit import headline_line, word_line
from game.ui.fitting import wrapped_rows
from game.ui.layers import Layer, Paint
from game.ui.look import LABEL_BACKING, PAPER

SECONDS = 4.0
EDGE = (0xE6, 0x9F, 0x00)  # Okabe-Ito orange: the colour of a refusal
WIDEST = 0.6
"""The note is at most this part of the table view's width; longer words wrap."""


class Toast(Layer):
    """One short-lived note on the table view."""

    def __init__(self, app) -> None:
        self.app = app
        self.words = ""
        self.at: tuple[int, int] | None = None
        self.until = 0.0
        self.rect: pygame.Rect | None = None
        self.state = None

    def show(self, words: str, at: tuple[int, int] | None = None) -> None:
        """Show the words for a few seconds at `at` (a point of the table view; None: beside the
        token that acts), while the battle stands as it does now."""
        self.words, self.at, self.until = words, at, time.monotonic() + SECONDS
        self.state = self.app.battle.state

    def showing(self, now: float) -> bool:
        """Whether the note is still up: for a few seconds, and only until the battle moves on
        (a refusal of the fight as it stood says nothing of the next turn or decision)."""
        return bool(self.words) and now < self.until and self.app.battle.state is self.state

    def draw(self, paint: Paint) -> None:
        """The note, wrapped, with its top left just below and right of its point, kept inside the
        part of the table view the map is seen in."""
        self.rect = None
        if not self.showing(paint.now):
            return
        view = self.app.table
        surface, fonts = paint.surface(view), view.frame.tokens.fonts
        line = word_line(surface.get_height(), headline_line(fonts, surface.get_height()))
        room = view.seen_in
        rows = wrapped_rows(self.words, round(room.width * WIDEST), lambda words: fonts.font(line).size(words)[0])
        pad, edge = max(4, line // 3), max(3, line // 10)
        width = max(fonts.font(line).size(row)[0] for row in rows) + 2 * pad
        rect = pygame.Rect(0, 0, width, len(rows) * line + 2 * pad)
        x, y = self._point(room)
        rect.topleft = (x + line // 2, y + line // 2)
        rect = rect.clamp(room)
        surface.fill(EDGE, rect)
        surface.fill(LABEL_BACKING, rect.inflate(-2 * edge, -2 * edge))
        for index, row in enumerate(rows):
            surface.blit(fonts.text(row, line, PAPER), (rect.x + pad, rect.y + pad + index * line))
        self.rect = rect
        paint.drew(view, rect)

    def _point(self, room: pygame.Rect) -> tuple[int, int]:
        """Where the note points: the click, else the acting token (unless hidden), else the middle."""
        if self.at is not None:
            return self.at
        app = self.app
        who = app.battle.combatant(app.decider()) if app.decider() is not None else None
        camera = app.table.camera
        if who is None or who.hidden or who.hex is None or camera is None:
            return room.center
        x, y = camera.hex_center(who.hex)
        return round(x), round(y)

    def status(self) -> dict:
        """The note's words and where it is, while it is up."""
        up = self.showing(time.monotonic())
        return {"toast": self.words if up else None, "toast_rect": list(self.rect) if up and self.rect else None}
