"""The map's briefing (its `description` property) as a card on the table: shown when a fight
starts, put away by any key or click, shown again with `game.ui.keys.BRIEFING`."""

from __future__ import annotations

import pygame

from game.ui.banner_kit import headline_line, word_line
from game.ui.fitting import wrapped_rows
from game.ui.keys import BRIEFING
from game.ui.layers import Layer, Paint
from game.ui.look import LABEL_BACKING, PAPER
from game.ui.tools import over_a_widget

EDGE = (0xF0, 0xE4, 0x42)
SHADE = (0, 0, 0, 160)
DISMISS = f"Any key or click to play - {BRIEFING.upper()} shows this again"


class Briefing(Layer):
    """The briefing card of the battle the window plays."""

    def __init__(self, app) -> None:
        self.app = app
        self.shown = self._at_start(app.battle)
        self.rect: pygame.Rect | None = None

    @staticmethod
    def _at_start(battle) -> bool:
        return bool(battle.scenario.description.strip()) and not battle.actions

    def open(self) -> None:
        """Show the card again (when the map has a briefing)."""
        self.shown = bool(self.app.battle.scenario.description.strip())

    def handle(self, event) -> bool:
        """While shown, any key (but F12, the screenshot) or a click on the table view (not on a
        dialog of the console over it) puts the card away, and does nothing else."""
        if not self.shown:
            return False
        if event.type == pygame.KEYDOWN and event.key != pygame.K_F12 or self._clicked(event):
            self.shown = False
            return True
        return False

    def _clicked(self, event) -> bool:
        app = self.app
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "window", None) not in (None, app.table.window):
            return False
        on_a_dialog = app.table.window is app.console and over_a_widget(app.manager, event)  # the one window
        return app.table.area.collidepoint(event.pos) and not on_a_dialog

    def adopt(self, battle, fresh: bool) -> None:
        """A new fight shows its own briefing."""
        if fresh:
            self.shown = self._at_start(battle)

    def draw(self, paint: Paint) -> None:
        """The title and the briefing, wrapped, on a card over the middle of the table view."""
        self.rect = None
        if not self.shown:
            return
        view = self.app.table
        surface, fonts = paint.surface(view), view.frame.tokens.fonts
        big = headline_line(fonts, surface.get_height())
        line = word_line(surface.get_height(), big)
        room = view.area
        width = round(room.width * 0.8)
        pad = line
        texts = [(self.app.battle.scenario.title, big)]
        for paragraph in self.app.battle.scenario.description.strip().splitlines():
            texts += [(row, line) for row in wrapped_rows(paragraph.strip(), width - 2 * pad,
                                                          lambda words: fonts.font(line).size(words)[0])]
        texts.append(("", line // 2))
        texts += [(row, line) for row in wrapped_rows(DISMISS, width - 2 * pad, lambda w: fonts.font(line).size(w)[0])]
        height = min(room.height, sum(size for _, size in texts) + 2 * pad)
        card = pygame.Rect(0, 0, width, height)
        card.center = room.center
        shade = pygame.Surface(room.size, pygame.SRCALPHA)
        shade.fill(SHADE)
        surface.blit(shade, room.topleft)
        surface.fill(EDGE, card.inflate(8, 8))
        surface.fill(LABEL_BACKING, card)
        y = card.y + pad
        clip = surface.get_clip()
        surface.set_clip(card)
        for words, size in texts:
            if words:
                surface.blit(fonts.text(words, size, PAPER), (card.x + pad, y))
            y += size
        surface.set_clip(clip)
        self.rect = card
        paint.cover()

    def status(self) -> dict:
        """Whether the card is up, and where."""
        return {"briefing": list(self.rect) if self.shown and self.rect else None}
