"""A whole frame: the cached board, the tokens and a title line, for the table or the console.

A frame is a pure function of the battle's state, the view and the camera; the caches in
`Frame` (board per zoom, images, fonts, texts) only save work and never change what is drawn.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
import os

import pygame

from game.battle import Battle
from game.ui.banner import Seat
from game.ui.banner_look import draw_table_banner, table_room
from game.ui.board import Board, Ground
from game.ui.camera import Camera, fit
from game.ui.look import VIEWS, text_height
from game.ui.overlays import Shading
from game.ui.tokens import Tokens, label
from game.ui.tracker import table_line

MARGIN_FRACTION = 0.02
NO_SHADING = Shading((), None, (0, 0))


def title_strip(size: tuple[int, int]) -> int:
    """Height of the strip along the top that holds the title line."""
    return text_height(size[1]) + 8


def camera_for(battle: Battle, board: Board, size: tuple[int, int], below: int = 0) -> Camera:
    """The camera that shows the whole map under the title line and above the `below` pixels
    kept for controls along the bottom."""
    edge = round(min(size) * MARGIN_FRACTION)
    return fit(board.bounds, size, (edge, title_strip(size) + edge, edge, edge + below), board.layout)


def title_line(battle: Battle) -> str:
    """The scenario's title, the round, whose turn and who is next, and the morale the PCs read."""
    return f"{battle.scenario.title} - {table_line(battle)}"


class Frame:
    """Draws frames of one battle's map, keeping what does not change between frames.

    When the target still holds this drawer's previous frame and the camera has not moved,
    only the areas the previous tokens and title covered are repainted from the cached board:
    the picture is the same as a full repaint (a test checks it), for a fraction of the copying.
    A caller that draws anything else on the target passes `repaint_all=True`. The turn's shaded
    hexes are laid into a copy of the board (`Ground`) when they change, so a frame with every
    overlay on repaints opaque pixels only.
    """

    def __init__(self, battle: Battle, view: str = "table", board: Board | None = None) -> None:
        """A frame drawer for the battle's map and a view ("table" or "console"); `board`, the
        map's picture, may be shared with another view of the same battle."""
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)}, got {view!r}")
        self.board = board or Board(battle.scenario)
        self.tokens = Tokens(view)
        self.view = view
        self._titled: tuple = (None, "", "")
        self._views: tuple = (None, ())
        self.ground = Ground(self.board)
        self._last: tuple | None = None
        self.words: list[pygame.Rect] = []
        self.inside = pygame.Rect(0, 0, 0, 0)
        """The part of the target the last frame's map was seen in (words stay inside it)."""
        """Where the last frame put the title and the tokens' names and health (overlays keep off them)."""

    def draw(self, target: pygame.Surface, battle: Battle, camera: Camera, repaint_all: bool = False,
             also: Iterable[pygame.Rect] = (), under: Shading | None = None, seen_in: pygame.Rect | None = None) -> None:
        """One frame of the battle as it stands, onto `target`. `also` names areas something
        else drew on over the last frame (the overlays), repainted from the board too; `under`
        is the turn's shaded hexes, laid into the board below the tokens; the title, names and
        health stay in `seen_in`, the part of the target the map is seen in (other controls
        cover the rest; all of the target if None)."""
        under = under or NO_SHADING
        ground = self.ground.surface(camera, *under)
        last = self._last
        if repaint_all or last is None or last[:4] != (id(target), target.get_size(), camera, self.ground.key):
            placed = self.board.draw(target, camera, ground)  # fills the background around the board too
        else:
            placed = last[4]
            for rect in [*last[5], *also]:
                self.board.repaint(target, camera, rect, ground)
        key = (id(battle), battle.state)
        if self._views[0] != key:  # the combatants are read once per state of the battle
            self._views = (key, battle.combatants())
        self.inside = target.get_rect() if seen_in is None else seen_in
        drawn = self.tokens.draw(target, camera, self._views[1], battle.current(), self.inside)
        drawn.append(self._title(target, battle, self.inside.right))
        self.words = [*self.tokens.words, drawn[-1]]
        self._last = (id(target), target.get_size(), camera, self.ground.key, placed, drawn)

    def _title(self, target: pygame.Surface, battle: Battle, room: int) -> pygame.Rect:
        """The title line, top left, ending before the x `room`: a narrow window keeps the
        tracker and drops the map's title."""
        line = text_height(target.get_height())
        key = (id(battle), battle.state)
        if self._titled[0] != key:  # the log is read once per state of the battle, not per frame
            self._titled = (key, title_line(battle), table_line(battle))
        _, whole, short = self._titled
        words = whole if self.tokens.fonts.font(line).size(whole)[0] <= room - 24 else short
        return label(target, self.tokens.fonts, words, line, (8, 4), "topleft")


def start_headless() -> None:
    """Start pygame without a window (the dummy video driver when there is no display)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1), pygame.HIDDEN)


def render_battle(battle: Battle, size: tuple[int, int], view: str = "table",
                  camera: Camera | None = None) -> pygame.Surface:
    """The battle as it stands, drawn on a new surface of `size` (the whole map fitted)."""
    return render_frame(battle, size, view, camera)[0]


def render_frame(battle: Battle, size: tuple[int, int], view: str = "table",
                 camera: Camera | None = None) -> tuple[pygame.Surface, list[tuple[str, pygame.Rect, str]]]:
    """The battle drawn as the window draws it, the table view with its banner and action bar
    (the map fitted clear of them); and each text the banner drew, as (text, rect, "banner")."""
    frame = Frame(battle, view)
    surface = pygame.Surface(size)
    below, beside = table_room(frame.tokens.fonts, size, bar=True) if view == "table" else (0, 0)
    camera = camera or camera_for(battle, frame.board, (size[0] - beside, size[1]), below)
    frame.draw(surface, battle, camera, seen_in=pygame.Rect(0, 0, size[0] - beside, size[1] - below))
    if view != "table":
        return surface, []
    return surface, draw_table_banner(surface, battle, surface.get_rect(), frame.tokens.fonts, Seat.of_map(battle)).labels


def fitted_camera(battle: Battle, board: Board, size: tuple[int, int], view: str = "table") -> Camera:
    """The camera `render_frame` fits the map with: clear of the table view's banner and bar."""
    below, beside = table_room(Tokens(view).fonts, size, bar=True) if view == "table" else (0, 0)
    return camera_for(battle, board, (size[0] - beside, size[1]), below)


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()
