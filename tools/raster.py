"""A tiny deterministic rasteriser: anti-aliased shapes on an RGBA canvas, and a PNG writer.

Pure numpy and zlib, no fonts, no clocks, no random module: the same calls give the same
bytes on every run, which the bundled-asset test checks.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence

import numpy as np

SUPERSAMPLE = 4
"""Sub-samples per pixel along each axis; edges are averaged over SUPERSAMPLE**2 samples."""

Colour = tuple  # (r, g, b) or (r, g, b, alpha 0..1)
Point = tuple[float, float]


class Canvas:
    """An RGBA image drawn at SUPERSAMPLE times its size, premultiplied, composited 'over'."""

    def __init__(self, width: int, height: int) -> None:
        """A transparent canvas of width x height pixels."""
        self.width, self.height = width, height
        n = SUPERSAMPLE
        ys, xs = np.mgrid[0:height * n, 0:width * n]
        self.xs = (xs + 0.5) / n
        self.ys = (ys + 0.5) / n
        self.rgb = np.zeros((height * n, width * n, 3))
        self.alpha = np.zeros((height * n, width * n))

    def paint(self, mask: np.ndarray, colour: Colour) -> None:
        """Composite a solid colour over the canvas where mask is true."""
        r, g, b = (c / 255.0 for c in colour[:3])
        a = (colour[3] if len(colour) > 3 else 1.0) * mask
        self.rgb = self.rgb * (1 - a[..., None]) + np.stack([r * a, g * a, b * a], axis=-1)
        self.alpha = self.alpha * (1 - a) + a

    def clip(self, mask: np.ndarray) -> None:
        """Keep only the pixels inside mask (used for the hex outline)."""
        self.rgb *= mask[..., None]
        self.alpha *= mask

    def fill(self, colour: Colour) -> None:
        """Cover the whole canvas."""
        self.paint(np.ones_like(self.alpha, dtype=bool), colour)

    def polygon(self, points: Sequence[Point], colour: Colour) -> None:
        """A convex polygon (either winding)."""
        self.paint(convex_mask(self, points), colour)

    def fan(self, centre: Point, points: Sequence[Point], colour: Colour) -> None:
        """A star-shaped polygon, drawn as triangles from a centre that sees every edge."""
        mask = np.zeros_like(self.alpha, dtype=bool)
        for i, p in enumerate(points):
            mask |= convex_mask(self, (centre, p, points[(i + 1) % len(points)]))
        self.paint(mask, colour)

    def circle(self, cx: float, cy: float, r: float, colour: Colour) -> None:
        """A filled disc."""
        self.paint((self.xs - cx) ** 2 + (self.ys - cy) ** 2 <= r * r, colour)

    def ring(self, cx: float, cy: float, r: float, width: float, colour: Colour) -> None:
        """A circle outline of the given width, centred on radius r."""
        d = np.sqrt((self.xs - cx) ** 2 + (self.ys - cy) ** 2)
        self.paint(np.abs(d - r) <= width / 2, colour)

    def rect(self, x: float, y: float, w: float, h: float, colour: Colour) -> None:
        """An axis-aligned rectangle."""
        self.paint((self.xs >= x) & (self.xs <= x + w) & (self.ys >= y) & (self.ys <= y + h), colour)

    def line(self, a: Point, b: Point, width: float, colour: Colour) -> None:
        """A segment with round ends."""
        self.paint(segment_distance(self, a, b) <= width / 2, colour)

    def polyline(self, points: Sequence[Point], width: float, colour: Colour) -> None:
        """Joined segments, painted once so overlaps do not darken."""
        mask = np.zeros_like(self.alpha, dtype=bool)
        for a, b in zip(points, points[1:]):
            mask |= segment_distance(self, a, b) <= width / 2
        self.paint(mask, colour)

    def outline(self, points: Sequence[Point], width: float, colour: Colour) -> None:
        """A closed polygon's edges, drawn inside a band of the given width."""
        self.polyline(list(points) + [points[0]], width, colour)

    def pixels(self) -> np.ndarray:
        """The image as straight-alpha RGBA uint8, averaged down from the sub-samples."""
        n = SUPERSAMPLE
        h, w = self.height, self.width
        rgb = self.rgb.reshape(h, n, w, n, 3).mean(axis=(1, 3))
        alpha = self.alpha.reshape(h, n, w, n).mean(axis=(1, 3))
        safe = np.where(alpha > 0, alpha, 1)[..., None]
        out = np.concatenate([rgb / safe, alpha[..., None]], axis=-1)
        return np.clip(np.floor(out * 255 + 0.5), 0, 255).astype(np.uint8)


def convex_mask(canvas: Canvas, points: Sequence[Point]) -> np.ndarray:
    """Samples inside a convex polygon, whichever way it winds."""
    inside_left = np.ones_like(canvas.alpha, dtype=bool)
    inside_right = np.ones_like(canvas.alpha, dtype=bool)
    for i, (x0, y0) in enumerate(points):
        x1, y1 = points[(i + 1) % len(points)]
        cross = (x1 - x0) * (canvas.ys - y0) - (y1 - y0) * (canvas.xs - x0)
        inside_left &= cross >= 0
        inside_right &= cross <= 0
    return inside_left | inside_right


def segment_distance(canvas: Canvas, a: Point, b: Point) -> np.ndarray:
    """Distance of every sample to the segment a-b."""
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy or 1e-12
    t = np.clip(((canvas.xs - ax) * dx + (canvas.ys - ay) * dy) / length2, 0, 1)
    return np.hypot(canvas.xs - (ax + t * dx), canvas.ys - (ay + t * dy))


def hash_noise(width: int, height: int, seed: int) -> np.ndarray:
    """Per-pixel values in [0, 1) from integer hashing: stable on every machine."""
    ys, xs = np.mgrid[0:height, 0:width].astype(np.uint64)
    v = (xs * np.uint64(73856093)) ^ (ys * np.uint64(19349663)) ^ np.uint64(seed & 0xFFFFFFFF)
    v = (v * np.uint64(2654435761)) & np.uint64(0xFFFFFFFF)
    v ^= v >> np.uint64(15)
    v = (v * np.uint64(2246822519)) & np.uint64(0xFFFFFFFF)
    v ^= v >> np.uint64(13)
    return (v & np.uint64(0xFFFF)).astype(np.float64) / 65536.0


def shade(pixels: np.ndarray, noise: np.ndarray, strength: float) -> np.ndarray:
    """Darken or lighten opaque colour by noise in [-strength, +strength] (a grain texture)."""
    factor = 1 + (noise - 0.5) * 2 * strength
    out = pixels.astype(np.float64)
    out[..., :3] = np.clip(out[..., :3] * factor[..., None], 0, 255)
    return np.floor(out + 0.5).astype(np.uint8)


def png_bytes(pixels: np.ndarray) -> bytes:
    """Encode RGBA uint8 pixels as a PNG with no timestamps or text chunks."""
    height, width, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def stable_seed(text: str) -> int:
    """A seed derived from a name with CRC-32 (never hash(), which changes per process)."""
    return zlib.crc32(text.encode("utf-8"))
