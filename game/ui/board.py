"""The board: the map's tile layers and grid, drawn once per zoom level onto one cached Surface.

Tiles sit exactly where Tiled draws them: the image's bottom-left at the cell's bottom-left
plus the layer offset, taller or wider images reaching up and right, turned tiles turned about
the image's centre (tiled/NOTES.md sections 2 and 4). The map is first drawn at its own pixel
size, then scaled once for a zoom level; the grid is drawn on the scaled copy so it stays thin.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable

import pygame

from game.hexgrid import Hex, TiledHexLayout
from game.scenario import Scenario, TileLayerView, TileRef
from game.ui.board_cache import BoardCache, board_key
from game.ui.camera import Camera, Rect, still
from game.ui.tiles import TileImages, generated_colour

BACKGROUND = (24, 26, 32)
GRID = (20, 20, 24)
ZOOMS_KEPT = 6
"""Pictures kept, one per zoom: each view's own and the two a window draws ahead of a wheel
step (Frame.prepare), for the table and the console."""
Patch = tuple[pygame.Surface, pygame.Rect]
"""A part of the board with more laid in (the turn's shading), and where it lies on the board."""
SAME_ZOOM = 1e-9
"""Zooms this close (relative) are one picture: a wheel step out after one in lands back on the
zoom before but for the last bit of the number, and the picture would be the same."""


class Board:
    """The static picture of one map: its tile layers and grid."""

    def __init__(self, scenario: Scenario, images: TileImages | None = None, cache: BoardCache | None = None) -> None:
        """Read the scenario's layers; nothing is drawn until a zoom level is asked for, unless
        the picture is kept in `cache` (the user's cache when None) from an earlier start."""
        self.layout: TiledHexLayout = scenario.layout
        self.layers = tuple(layer for layer in scenario.tile_layers if layer.visible)
        self.hexes = _all_hexes(scenario)
        self.images = images or TileImages()
        self.cache = cache if cache is not None else BoardCache.for_user()
        self._key = board_key(self.layout, self.hexes, self.layers) if self.cache.folder is not None else None
        kept = self.cache.read(self._key)
        self.bounds = kept.bounds if kept is not None else _whole(self._bounds())
        self._native: pygame.Surface | None = kept.picture if kept is not None else None
        self._zoomed: OrderedDict[float, pygame.Surface] = OrderedDict()
        self._like: pygame.Surface | None = None  # a pixel of the targets' format (`suit`)
        self._source: pygame.Surface | None = None  # the map's picture in that format
        self._corners: list[list[tuple[float, float]]] | None = None  # each hex's corners in world pixels

    def draw(self, target: pygame.Surface, camera: Camera, patch: Patch | None = None,
             fill: Iterable[pygame.Rect] | None = None) -> pygame.Rect:
        """Blit the cached board for the camera's zoom at the camera's place (and `patch`, a part
        of it with more laid in, over it), filling the rest of the target with the background, or
        only the `fill` areas of it (the rest already is); returns the board's rectangle on the
        target."""
        board = self.surface(camera.zoom)
        placed = board.get_rect(topleft=self.offset(camera))
        if fill is None:
            _fill_around(target, placed)
        else:
            for area in fill:
                _fill_outside(target, area, placed)
        target.blit(board, placed)
        if patch is not None:
            target.blit(patch[0], patch[1].move(placed.topleft))
        return placed

    def sketch(self, target: pygame.Surface, camera: Camera, fill: Iterable[pygame.Rect] | None = None) -> pygame.Rect | None:
        """Like `draw`, when the board at the camera's zoom is not drawn yet, from the kept picture
        nearest that zoom: only the part of the board the target shows (inside its clip) scaled,
        to the pixel nearest, rather than the whole map smoothed; None (nothing drawn) when that
        board is drawn already or no picture is kept. An approximate picture for the first frame
        after a wheel step, which the exact one replaces at the window's next idle tick."""
        near = self._nearest(camera.zoom)
        if near is None:
            return None
        placed = pygame.Rect(self.offset(camera), _size(self.bounds, camera.zoom))
        if fill is None:
            _fill_around(target, placed)
        else:
            for area in fill:
                _fill_outside(target, area, placed)
        seen = placed.clip(target.get_clip())
        picture = self._zoomed[near]
        ratio = near / camera.zoom
        part = pygame.Rect(math.floor((seen.x - placed.x) * ratio), math.floor((seen.y - placed.y) * ratio),
                           math.ceil(seen.w * ratio), math.ceil(seen.h * ratio)).clip(picture.get_rect())
        if seen.width and seen.height and part.width and part.height:
            pygame.transform.scale(picture.subsurface(part), seen.size, target.subsurface(seen))
        return placed

    def _nearest(self, zoom: float) -> float | None:
        """The kept picture's zoom nearest `zoom` (by ratio), None when the board at `zoom` is kept
        or none is."""
        if self._kept_zoom(zoom) is not None or not self._zoomed:
            return None
        return min(self._zoomed, key=lambda kept: abs(math.log(kept / zoom)))

    def repaint(self, target: pygame.Surface, camera: Camera, rect: pygame.Rect, patch: Patch | None = None) -> None:
        """Put the board (or the background beside it) back inside one rectangle of the target."""
        board = self.surface(camera.zoom)
        placed = board.get_rect(topleft=self.offset(camera))
        rect = rect.clip(target.get_rect())
        if not placed.contains(rect):  # only the part beside the board needs the background
            target.fill(BACKGROUND, rect)
        target.blit(board, rect.topleft, rect.move(-placed.x, -placed.y))
        if patch is not None:
            spot = patch[1].move(placed.topleft)
            inside = rect.clip(spot)
            if inside.width and inside.height:
                target.blit(patch[0], inside.topleft, inside.move(-spot.x, -spot.y))

    def offset(self, camera: Camera) -> tuple[int, int]:
        """Where the board's top-left corner lands on screen."""
        x, y = camera.to_screen(self.bounds.x, self.bounds.y)
        return round(x), round(y)

    def suit(self, target: pygame.Surface) -> None:
        """Draw the pictures in the target's pixel format from now on, so blitting them is a
        straight copy: the map's picture is converted once, not each zoom's (a window and its
        frames keep one format, so this is done once)."""
        if self._like is None or _form(self._like) != _form(target):
            self._like = pygame.Surface((1, 1), 0, target)
            self._source = None
            self._zoomed.clear()

    def has(self, zoom: float) -> bool:
        """Whether the board at this zoom is drawn and kept."""
        return self._kept_zoom(zoom) is not None

    def surface(self, zoom: float) -> pygame.Surface:
        """The board at a zoom level, drawn the first time it is asked for."""
        kept = self._kept_zoom(zoom)
        if kept is None:
            kept = zoom
            self._zoomed[zoom] = self._draw_zoomed(zoom)
            while len(self._zoomed) > ZOOMS_KEPT:
                self._zoomed.popitem(last=False)
        self._zoomed.move_to_end(kept)
        return self._zoomed[kept]

    def _kept_zoom(self, zoom: float) -> float | None:
        """The zoom of the kept picture for `zoom` (`SAME_ZOOM`), or None."""
        if zoom in self._zoomed:
            return zoom
        return next((kept for kept in self._zoomed if abs(kept - zoom) <= SAME_ZOOM * zoom), None)

    # -- drawing --------------------------------------------------------------------------

    def _draw_zoomed(self, zoom: float) -> pygame.Surface:
        """Scale the map's picture once and draw the grid on it."""
        source = self._in_format()
        size = _size(self.bounds, zoom)
        surface = source.copy() if size == source.get_size() else pygame.transform.smoothscale(source, size)
        if self._corners is None:
            self._corners = [self.layout.hex_corners(h) for h in self.hexes]
        left, top = self.bounds.x, self.bounds.y
        for corners in self._corners:
            pygame.draw.lines(surface, GRID, True, [((x - left) * zoom, (y - top) * zoom) for x, y in corners], 1)
        like = self._target()
        return surface if like is None or _form(like) == _form(surface) else surface.convert(like)

    def _in_format(self) -> pygame.Surface:
        """The map's picture in the targets' format, converted once (a format smoothscale cannot
        scale is left to each zoom's picture)."""
        if self._source is None:
            native, like = self.native(), self._target()
            fits = like is None or _form(like) == _form(native) or like.get_bitsize() not in (24, 32)
            self._source = native if fits else native.convert(like)
        return self._source

    def _target(self) -> pygame.Surface | None:
        """A surface in the format pictures are drawn in: the targets' (`suit`), else the display's."""
        return self._like or pygame.display.get_surface()

    def native(self) -> pygame.Surface:
        """Every visible tile layer at the map's own pixel size, bottom to top."""
        if self._native is None:
            surface = pygame.Surface((int(self.bounds.w), int(self.bounds.h)))
            surface.fill(BACKGROUND)
            for layer in self.layers:
                self._draw_layer(surface, layer)
            self._native = surface
            self.cache.write(self._key, self.bounds, surface)
        return self._native

    def _draw_layer(self, target: pygame.Surface, layer: TileLayerView) -> None:
        """One tile layer with its offset, then its opacity."""
        opaque = layer.opacity >= 1.0
        sheet = target if opaque else pygame.Surface(target.get_size(), pygame.SRCALPHA)
        for h in sorted(layer.cells, key=self._draw_order):
            self._draw_tile(sheet, h, layer.cells[h], layer.offset)
        if not opaque:
            sheet.set_alpha(round(max(0.0, layer.opacity) * 255))
            target.blit(sheet, (0, 0))

    def _draw_order(self, h: Hex) -> tuple[int, int]:
        """Tiled's right-down order: row by row, left to right."""
        col, row = self.layout.hex_to_offset(h)
        return row, col

    def _draw_tile(self, target: pygame.Surface, h: Hex, tile: TileRef,
                   offset: tuple[float, float]) -> None:
        """One tile where Tiled draws it, or the generated look when it has no image."""
        image = self.images.image(tile)
        if image is None:
            polygon = [(x - self.bounds.x + offset[0], y - self.bounds.y + offset[1])
                       for x, y in self.layout.hex_corners(h)]
            pygame.draw.polygon(target, generated_colour(tile), polygon)
            return
        left, top, w, h_ = self._image_box(h, tile, offset)
        cx, cy = left + w / 2, top + h_ / 2
        target.blit(image, image.get_rect(center=(round(cx - self.bounds.x), round(cy - self.bounds.y))))

    def _image_box(self, h: Hex, tile: TileRef, offset: tuple[float, float]) -> tuple[float, ...]:
        """The unturned image's box in world pixels: bottom-left at the cell's bottom-left."""
        w, h_ = self.images.unturned_size(tile) or (0, 0)
        x, y = self.layout.hex_top_left(h)
        return x + offset[0], y + self.layout.cell_height + offset[1] - h_, w, h_

    def _bounds(self) -> Rect:
        """World rectangle holding every hex and every tile image."""
        cw, ch = self.layout.cell_width, self.layout.cell_height
        boxes = [Rect(*self.layout.hex_top_left(h), cw, ch) for h in self.hexes]
        for layer in self.layers:
            for h, tile in layer.cells.items():
                w, h_ = self.images.unturned_size(tile) or (0, 0)
                side = math.hypot(w, h_) if tile.rotate_60 or tile.rotate_120 else 0
                left, top, _, _ = self._image_box(h, tile, layer.offset)
                pad_x, pad_y = max(0.0, (side - w) / 2), max(0.0, (side - h_) / 2)
                boxes.append(Rect(left - pad_x, top - pad_y, w + 2 * pad_x, h_ + 2 * pad_y))
        whole = boxes[0] if boxes else Rect(0, 0, cw, ch)
        for box in boxes[1:]:
            whole = whole.union(box)
        return whole


class Ground:
    """The turn's shaded hexes laid into a copy of the part of the board they cover (a `Patch`),
    so a frame blits opaque pictures (the board, then the patch) instead of the board and then a
    translucent layer, and no copy of the whole board is made when the zoom changes, none at all
    when the camera pans by whole pixels."""

    def __init__(self, board: Board) -> None:
        """Nothing laid in yet."""
        self.board = board
        self.key: tuple | None = None
        self._patch: Patch | None = None
        self._made: tuple | None = None

    def patch(self, camera: Camera, key: tuple, layer: pygame.Surface | None,
              topleft: tuple[int, int]) -> Patch | None:
        """The part of the board for the camera's zoom that `layer` covers, with the layer laid
        in, and where it lies on the board; None when nothing is laid in. The layer lies on
        screen at `topleft` plus the camera's whole pixels of pan (`Shading`, `camera.still`)."""
        shift = self._shift(camera, topleft)
        if (key, camera.zoom, shift) != self._made:
            self.key, self._made, self._patch = key, (key, camera.zoom, shift), None
            if layer is not None:
                plain = self.board.surface(camera.zoom)
                spot = layer.get_rect(topleft=shift).clip(plain.get_rect())
                if spot.width and spot.height:
                    patch = plain.subsurface(spot).copy()
                    patch.blit(layer, (shift[0] - spot.x, shift[1] - spot.y))
                    self._patch = (patch, spot)
        return self._patch

    def made(self, camera: Camera, key: tuple, layer: pygame.Surface | None, topleft: tuple[int, int]) -> bool:
        """Whether `patch` has this patch made already (or knows it empty)."""
        return (key, camera.zoom, self._shift(camera, topleft)) == self._made

    def _shift(self, camera: Camera, topleft: tuple[int, int]) -> tuple[int, int]:
        """The layer's place on the board for the camera's zoom."""
        whole = still(camera)[1]
        x, y = self.board.offset(camera)
        return topleft[0] + whole[0] - x, topleft[1] + whole[1] - y


def _all_hexes(scenario: Scenario) -> tuple[Hex, ...]:
    """Every hex of the map (terrain or any tile), in a defined order."""
    found = set(scenario.terrain)
    for layer in scenario.tile_layers:
        found.update(layer.cells)
    return tuple(sorted(found, key=lambda h: (h.r, h.q)))


def _fill_around(target: pygame.Surface, inside: pygame.Rect) -> None:
    """Fill the target with the background except `inside` (an opaque board covers that)."""
    width, height = target.get_size()
    top, bottom = max(0, inside.top), min(height, inside.bottom)
    if top >= bottom or inside.right <= 0 or inside.left >= width:
        target.fill(BACKGROUND)
        return
    target.fill(BACKGROUND, (0, 0, width, top))
    target.fill(BACKGROUND, (0, bottom, width, height - bottom))
    target.fill(BACKGROUND, (0, top, max(0, inside.left), bottom - top))
    target.fill(BACKGROUND, (inside.right, top, max(0, width - inside.right), bottom - top))


def _fill_outside(target: pygame.Surface, area: pygame.Rect, inside: pygame.Rect) -> None:
    """Fill the part of `area` outside `inside` (which an opaque board covers) with the background."""
    area = area.clip(target.get_rect())
    if not area.width or not area.height or inside.contains(area):
        return
    if not area.colliderect(inside):
        target.fill(BACKGROUND, area)
        return
    top, bottom = max(area.top, inside.top), min(area.bottom, inside.bottom)
    for part in (pygame.Rect(area.left, area.top, area.width, top - area.top),
                 pygame.Rect(area.left, bottom, area.width, area.bottom - bottom),
                 pygame.Rect(area.left, top, max(0, inside.left - area.left), bottom - top),
                 pygame.Rect(inside.right, top, max(0, area.right - inside.right), bottom - top)):
        if part.width > 0 and part.height > 0:
            target.fill(BACKGROUND, part)


def _size(bounds: Rect, zoom: float) -> tuple[int, int]:
    """The board's picture's size at a zoom."""
    return max(1, round(bounds.w * zoom)), max(1, round(bounds.h * zoom))


def _whole(rect: Rect) -> Rect:
    """The rectangle grown to whole pixels."""
    left, top = math.floor(rect.x), math.floor(rect.y)
    return Rect(left, top, math.ceil(rect.x + rect.w) - left, math.ceil(rect.y + rect.h) - top)


def _form(surface: pygame.Surface) -> tuple:
    """A surface's pixel format: bits a pixel and the colour masks."""
    return surface.get_bitsize(), surface.get_masks()
