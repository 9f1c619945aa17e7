"""The map's picture kept on disk between starts, so a window's first frame need not read every
tile image and draw every tile again (docs/speed.md).

A board's picture depends only on what `Board` reads: the map's hex geometry and hexes, its
visible tile layers (each cell's tile, the layer's offset and opacity), the bytes of every
image those tiles use, and the drawing code. The key is a SHA-256 of all of these, so a map,
tileset or image edited on disk, or another version of the drawing code, misses the cache and
the picture is drawn afresh. A kept picture that cannot be read back exactly (cut short,
garbled, another format) is drawn afresh too, without a word; a cache folder that cannot be
written (a full disk, no permission) only means the next start draws the map again. Nothing
here ever stops the window.

The folder: `$HEXBATTLE_CACHE_DIR` when set (tests, and GMs who want it elsewhere), else
`$XDG_CACHE_HOME/hexbattle/boards` (`~/.cache/...` when unset; `%LOCALAPPDATA%\\hexbattle\\cache`
on Windows). Pictures are kept as the very bytes of the board's surface (reading one back is a
copy of a few megabytes where decoding a PNG takes several times that), the most recently used
first, up to `KEEP_BYTES` in all.
"""

from __future__ import annotations

import hashlib
import os
import struct
import sys
import zlib
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.ui.camera import Rect

CACHE_ENVIRONMENT = "HEXBATTLE_CACHE_DIR"
MAGIC = b"hexbattle board picture 1\n"
HEADER = struct.Struct("<iiiiiiIIIII")
"""The board's bounds (x, y, w, h), the pixels' layout (bytes a row, bits a pixel, the four
colour masks) and their CRC-32."""
KEEP_BYTES = 256 * 1024 * 1024
SUFFIX = ".board"
DRAWING_CODE = ("board.py", "tiles.py", "board_cache.py")
"""The modules whose code decides the picture: editing one of them changes every key."""


def cache_root() -> Path:
    """The folder map pictures are kept in (see the module's docstring)."""
    if os.environ.get(CACHE_ENVIRONMENT):
        return Path(os.environ[CACHE_ENVIRONMENT])
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "hexbattle" / "cache" / "boards"
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "hexbattle" / "boards"


@dataclass(frozen=True, slots=True)
class Kept:
    """A board's picture read back from the cache: its world rectangle and its pixels."""

    bounds: Rect
    picture: pygame.Surface


class BoardCache:
    """Map pictures kept in one folder (None: nothing is kept, every board is drawn)."""

    def __init__(self, folder: Path | None) -> None:
        """A cache in `folder`, made when the first picture is written."""
        self.folder = None if folder is None else Path(folder)

    @classmethod
    def for_user(cls) -> BoardCache:
        """The user's cache (see the module's docstring)."""
        return cls(cache_root())

    def read(self, key: str | None) -> Kept | None:
        """The picture kept under `key`, or None when there is none or it cannot be trusted
        (then it is removed, so the picture drawn next replaces it)."""
        if self.folder is None or key is None:
            return None
        path = self.folder / f"{key}{SUFFIX}"
        try:
            with path.open("rb") as file:
                kept = _read_picture(file)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, MemoryError, pygame.error):
            kept = None
        if kept is None:
            _remove(path)
            return None
        _touch(path)  # the most recently used pictures are the ones kept
        return kept

    def write(self, key: str | None, bounds: Rect, picture: pygame.Surface) -> None:
        """Keep the picture under `key`; a folder that cannot be written is left as it is."""
        if self.folder is None or key is None:
            return
        path = self.folder / f"{key}{SUFFIX}"
        part = path.with_name(f"{path.name}.{os.getpid()}.part")
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            part.write_bytes(_encode(bounds, picture))
            os.replace(part, path)  # a reader never sees half a picture
        except (OSError, ValueError, pygame.error):
            _remove(part)
            return
        self.prune()

    def prune(self) -> None:
        """Remove the least recently used pictures beyond `KEEP_BYTES` in all."""
        try:
            found = [(entry.stat().st_mtime, entry.stat().st_size, entry) for entry in self.folder.iterdir()
                     if entry.name.endswith(SUFFIX)]
        except OSError:
            return
        total = 0
        for _, size, entry in sorted(found, key=lambda item: item[0], reverse=True):
            total += size
            if total > KEEP_BYTES:
                _remove(entry)


def board_key(layout, hexes, layers) -> str:
    """The key of a board's picture: a digest of everything the picture is drawn from."""
    digest = hashlib.sha256(MAGIC)
    digest.update(repr(layout).encode())
    digest.update(repr([(h.q, h.r) for h in hexes]).encode())
    images = set()
    for layer in layers:
        cells = sorted((h.q, h.r, _tile_words(tile)) for h, tile in layer.cells.items())
        digest.update(repr((layer.name, layer.opacity, layer.offset, cells)).encode())
        images.update(tile.image for tile in layer.cells.values() if tile.image is not None)
    for image in sorted(images, key=str):
        digest.update(f"{image}\0{_file_digest(image)}\0".encode())
    for name in DRAWING_CODE:
        digest.update(_file_digest(Path(__file__).with_name(name)).encode())
    return digest.hexdigest()


def _tile_words(tile) -> tuple:
    """A tile as plain values, in a stable order."""
    return (tile.tileset, tile.local_id, str(tile.image), tile.flip_h, tile.flip_v, tile.rotate_60,
            tile.rotate_120, tile.image_rect)


def _file_digest(path: Path) -> str:
    """A file's SHA-256, or "unreadable" (the picture then shows the tile's stand-in colour)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return "unreadable"


def _encode(bounds: Rect, picture: pygame.Surface) -> bytes:
    """A picture as the cache keeps it: the magic line, its header, its pixels' bytes."""
    pixels = picture.get_buffer().raw
    header = HEADER.pack(int(bounds.x), int(bounds.y), int(bounds.w), int(bounds.h), *_pixel_layout(picture),
                         zlib.crc32(pixels))
    return MAGIC + header + pixels


def _read_picture(file) -> Kept | None:
    """The picture in an open cache file, read straight into a new surface, or None when the
    file is not exactly one this program can use."""
    head = file.read(len(MAGIC) + HEADER.size)
    if len(head) != len(MAGIC) + HEADER.size or not head.startswith(MAGIC):
        return None
    x, y, w, h, *layout, crc = HEADER.unpack_from(head, len(MAGIC))
    if w <= 0 or h <= 0 or os.fstat(file.fileno()).st_size != len(head) + layout[0] * h:
        return None  # cut short or garbled: never allocate what a broken header asks for
    picture = pygame.Surface((w, h))  # the very format a board drawn afresh has
    if list(_pixel_layout(picture)) != layout:
        return None
    with memoryview(picture.get_view("1")) as locked, locked.cast("B") as pixels:  # unlocked after
        whole = file.readinto(pixels) == len(pixels) and zlib.crc32(pixels) == crc
    return Kept(Rect(x, y, w, h), picture) if whole else None


def _pixel_layout(picture: pygame.Surface) -> tuple[int, ...]:
    """Bytes a row, bits a pixel and the colour masks: the same on reading back, or not used."""
    return (picture.get_pitch(), picture.get_bitsize(), *picture.get_masks())


def _touch(path: Path) -> None:
    """Mark a picture as just used; a read-only folder leaves it unmarked."""
    with suppress(OSError):
        os.utime(path)


def _remove(path: Path) -> None:
    """Remove a file if it can be; a file that stays is only disk space."""
    with suppress(OSError):
        path.unlink()
