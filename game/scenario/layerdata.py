"""Decoding tile layer data: csv, base64 (plain, gzip, zlib, zstd), `<tile gid>`, chunks.

Tiled stores each cell as a 32-bit GID whose top four bits are flags (NOTES section 4):
flip horizontally, flip vertically, rotate 60 degrees (hex maps), rotate 120 degrees (hex).
Every decompression stops once it has produced the bytes the layer can hold, so a
compressed "bomb" is refused before it can fill memory.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
import zlib
from collections.abc import Callable
from xml.etree.ElementTree import Element

import zstandard

FLIP_H = 0x80000000
FLIP_V = 0x40000000
ROTATE_60 = 0x20000000
ROTATE_120 = 0x10000000
FLAG_BITS = FLIP_H | FLIP_V | ROTATE_60 | ROTATE_120
MAX_GID = 0xFFFFFFFF
_PLAIN_CSV = re.compile(r"[0-9,\s]*")


class DataError(ValueError):
    """Layer data that cannot be decoded; the message says why (caught by the caller)."""


def decode_cells(data: Element, width: int, height: int, encoding: str | None,
                 compression: str | None) -> list[int]:
    """The width x height raw GIDs (flags included) of a `<data>` or `<chunk>`, row by row.

    A chunk takes its encoding and compression from the `<data>` around it.
    """
    count = width * height
    if encoding is None:
        gids = _tile_elements(data)
    elif encoding == "csv":
        gids = _csv(data.text or "")
    elif encoding == "base64":
        gids = _base64(data.text or "", compression, count)
    else:
        raise DataError(f"uses unknown encoding '{encoding}' (Tiled writes csv or base64)")
    if len(gids) != count:
        raise DataError(f"holds {len(gids)} cells, but {width} x {height} = {count} were expected")
    return gids


def _tile_elements(data: Element) -> list[int]:
    """The deprecated `<tile gid="..."/>` form; a tile without gid is empty."""
    return [_gid(tile.get("gid", "0")) for tile in data.findall("tile")]


def _csv(text: str) -> list[int]:
    """Comma-separated GIDs; line breaks and spaces are ignored."""
    parts = [part.strip() for part in text.split(",")]
    if parts == [""]:
        return []
    if _PLAIN_CSV.fullmatch(text):  # only ASCII digits, commas and spaces: int() is fast here
        try:
            gids = [int(part) for part in parts]
        except ValueError:  # an empty cell, or "1 1"
            gids = []
        if gids and max(gids) <= MAX_GID:
            return gids
    return [_gid(part) for part in parts]  # finds and names the bad one


def _gid(text: str) -> int:
    """One GID from text: a whole number from 0 to 2^32 - 1."""
    if not text.isascii() or not text.isdigit() or len(text) > 10 or int(text) > MAX_GID:
        raise DataError(f"has '{text[:20]}' where a tile number (0 to {MAX_GID}) belongs")
    return int(text)


def _base64(text: str, compression: str | None, count: int) -> list[int]:
    """Little-endian uint32 GIDs from base64, decompressed with a cap of `count` cells."""
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise DataError("is not valid base64 text") from None
    limit = count * 4
    if compression:
        raw = _decompress(raw, compression, limit)
    if len(raw) > limit:
        raise DataError(f"holds {len(raw) // 4} cells, but {count} were expected")
    if len(raw) % 4:
        raise DataError("does not hold whole 4-byte tile numbers")
    return [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]


def _decompress(raw: bytes, compression: str, limit: int) -> bytes:
    """Decompress at most limit + 1 bytes; more than limit means a bomb or corrupt data."""
    readers: dict[str, Callable[[bytes, int], bytes]] = {
        "gzip": lambda b, n: _zlib(b, n, 16 + zlib.MAX_WBITS),
        "zlib": lambda b, n: _zlib(b, n, zlib.MAX_WBITS),
        "zstd": _zstd,
    }
    if compression not in readers:
        raise DataError(f"uses unknown compression '{compression}' (Tiled writes gzip, zlib or zstd)")
    out = readers[compression](raw, limit + 1)
    if len(out) > limit:
        raise DataError(f"expands to more than the {limit} bytes its cells can hold "
                        f"({compression} data that is corrupt, or a compression bomb)")
    return out


def _zlib(raw: bytes, cap: int, wbits: int) -> bytes:
    """zlib or gzip output, at most cap bytes."""
    try:
        decoder = zlib.decompressobj(wbits)
        out = decoder.decompress(raw, cap)
    except zlib.error:
        raise DataError("is not valid compressed data (zlib/gzip)") from None
    if len(out) < cap and not decoder.eof:
        raise DataError("is cut short: its compressed data ends too soon")
    return out


def _zstd(raw: bytes, cap: int) -> bytes:
    """zstd output, at most cap bytes, read as a stream so a lying size header cannot hurt."""
    chunks, total = [], 0
    try:
        with zstandard.ZstdDecompressor().stream_reader(io.BytesIO(raw)) as reader:
            while total < cap:
                chunk = reader.read(min(65536, cap - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
    except zstandard.ZstdError:
        raise DataError("is not valid zstd data") from None
    return b"".join(chunks)
