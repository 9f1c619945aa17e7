"""The table's banner and action bar drawn aside before the map, so the map's labels keep off them
(`Frame.draw`'s `keep_off` and `others`) and are laid over the map afterwards: the window and
`hexbattle render` alike. A banner is drawn again only when it, its area or the window changes."""

from __future__ import annotations

import pygame

from game.ui.banner import Banner, Seat
from game.ui.banner_kit import Drawn
from game.ui.banner_look import draw_table_banner
from game.ui.layout import Placed
from game.ui.tokens import Fonts


class BannerPicture:
    """One window's banner and bar, drawn aside, with where they stand and what they say."""

    def __init__(self) -> None:
        """Nothing drawn yet."""
        self.key: tuple | None = None
        self.drawn = Drawn()
        self.labels: tuple[Placed, ...] = ()
        """The banner's texts as labels drawn by others (kind "banner"), for the map's layout."""
        self._aside: pygame.Surface | None = None
        self._laid: tuple | None = None  # the picture last laid, and on which target

    def make(self, battle, area: pygame.Rect, fonts: Fonts, seat: Seat, banner: Banner,
             size: tuple[int, int]) -> list[pygame.Rect]:
        """Draw the banner aside when it, its area, the window's size or the bar changed; returns
        where the banner it replaces stood (the map comes back there), [] when nothing changed."""
        key = (banner, tuple(area), size, seat.bar)
        if key == self.key:
            return []
        gone = list(self.drawn.areas)
        if self._aside is None or self._aside.get_size() != size:
            self._aside = _like_the_display(pygame.Surface(size))
        self.drawn = draw_table_banner(self._aside, battle, area, fonts, seat, banner)
        self.labels = tuple(Placed(text, pygame.Rect(rect), None, "banner") for text, rect, _ in self.drawn.labels)
        self.key = key
        return gone

    @property
    def areas(self) -> list[pygame.Rect]:
        """Where the banner and bar stand on the window."""
        return self.drawn.areas

    def lay(self, target: pygame.Surface, only: list[pygame.Rect] | None = None) -> list[pygame.Rect]:
        """The banner and bar laid over the target where they stand (only inside the `only`
        rectangles, when given, if this very picture was laid on this target last time: the
        rest of it is there still); returns the areas covered."""
        key = (self.key, id(target), target.get_size())
        if key != self._laid:
            self._laid, only = key, None
        covered = []
        for area in self.drawn.areas:
            area = area.clip(target.get_rect())
            for part in [area] if only is None else [area.clip(rect) for rect in only]:
                if part.width and part.height:
                    covered.append(target.blit(self._aside, part, part))
        return covered


def _like_the_display(surface: pygame.Surface) -> pygame.Surface:
    """The surface in the display's pixel format when a display exists (its blits are fastest)."""
    return surface.convert() if pygame.display.get_surface() is not None else surface
