"""Tile images, loaded once and cached per image, atlas rectangle and Tiled's hex flags.

Tiled draws a flagged tile by flipping it (negative scale) and then turning it 60 and/or 120
degrees clockwise about the image's centre (maprenderer.cpp; tiled/NOTES.md section 4).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import pygame

from game.scenario import TileRef

ImageKey = tuple[Path | None, tuple[int, int, int, int] | None, bool, bool, bool, bool]


def turn_degrees(tile: TileRef) -> int:
    """How far Tiled turns the tile clockwise: 60 and 120 add up."""
    return (60 if tile.rotate_60 else 0) + (120 if tile.rotate_120 else 0)


def generated_colour(tile: TileRef) -> tuple[int, int, int]:
    """A stable colour for a tile with no image, from its tileset and local id (never hash())."""
    digest = hashlib.sha256(f"{tile.tileset}:{tile.local_id}".encode()).digest()
    colour = pygame.Color(0)
    colour.hsva = (digest[0] * 360 / 256, 35 + digest[1] % 30, 45 + digest[2] % 30, 100)
    return colour.r, colour.g, colour.b


class TileImages:
    """Every tile image the board uses, each file read once, each flagged variant made once."""

    def __init__(self) -> None:
        """An empty cache."""
        self._files: dict[Path, pygame.Surface | None] = {}
        self._tiles: dict[ImageKey, pygame.Surface | None] = {}

    def image(self, tile: TileRef) -> pygame.Surface | None:
        """The tile as Tiled draws it (flipped, then turned), or None when it has no image."""
        key = (tile.image, tile.image_rect, tile.flip_h, tile.flip_v, tile.rotate_60, tile.rotate_120)
        if key not in self._tiles:
            self._tiles[key] = self._make(tile)
        return self._tiles[key]

    def unturned_size(self, tile: TileRef) -> tuple[int, int] | None:
        """The tile's size before any turn (what Tiled anchors at the cell's bottom-left)."""
        if tile.image_rect is not None:
            return tile.image_rect[2], tile.image_rect[3]
        source = self._file(tile.image)
        return None if source is None else source.get_size()

    def _make(self, tile: TileRef) -> pygame.Surface | None:
        """Cut, flip and turn one tile."""
        source = self._file(tile.image)
        if source is None:
            return None
        if tile.image_rect is not None:
            rect = pygame.Rect(tile.image_rect)
            if not source.get_rect().contains(rect):
                return None
            source = source.subsurface(rect)
        image = pygame.transform.flip(source, tile.flip_h, tile.flip_v)
        turn = turn_degrees(tile)
        if not turn:
            return image
        if not image.get_flags() & pygame.SRCALPHA:  # so the corners a turn uncovers stay clear
            clear = pygame.Surface(image.get_size(), pygame.SRCALPHA)
            clear.blit(image, (0, 0))
            image = clear
        return pygame.transform.rotate(image, -turn)

    def _file(self, path: Path | None) -> pygame.Surface | None:
        """An image file read once; None when it is missing or unreadable."""
        if path is None:
            return None
        if path not in self._files:
            try:
                surface = pygame.image.load(str(path))
            except (pygame.error, OSError, ValueError):
                surface = None
            if surface is not None and pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            self._files[path] = surface
        return self._files[path]
