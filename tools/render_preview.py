"""Render a bundled .tmx to a PNG the way Tiled draws it, to check maps by eye.

Usage: python tools/render_preview.py maps/X.tmx [OUT.png] [--scale 1.0]
       python tools/render_preview.py legend [OUT.png]    (the terrain legend for the docs)

Reads the real files (tilesets, templates, images), draws tile layers bottom to top with
Tiled's hex flips and rotations, then unit tokens and their names. A checking aid, not part
of the game (the game's renderer lives in game/ui/).
"""

from __future__ import annotations

import argparse
import base64
import gzip
import os
import sys
import zlib
from pathlib import Path
from xml.etree import ElementTree

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.hexgrid.tiled import TiledHexLayout  # noqa: E402

FLAGS = 0xF0000000


def load_tileset(path: Path, firstgid: int, images: dict[int, pygame.Surface]) -> None:
    """Add an image-collection tileset's tile images under their global ids."""
    root = ElementTree.parse(path).getroot()
    for tile in root.iter("tile"):
        image = tile.find("image")
        if image is not None:
            images[firstgid + int(tile.get("id"))] = pygame.image.load(path.parent / image.get("source"))


def layer_gids(layer: ElementTree.Element, width: int) -> list[list[int]]:
    """Decode a finite layer's data (csv, base64, gzip, zlib) into rows of gids."""
    data = layer.find("data")
    text = (data.text or "").strip()
    if data.get("encoding") == "csv":
        flat = [int(v) for v in text.replace("\n", "").split(",") if v.strip()]
    else:
        raw = base64.b64decode(text)
        if data.get("compression") == "zlib":
            raw = zlib.decompress(raw)
        elif data.get("compression") == "gzip":
            raw = gzip.decompress(raw)
        flat = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]
    return [flat[i:i + width] for i in range(0, len(flat), width)]


def transformed(image: pygame.Surface, gid: int) -> pygame.Surface:
    """Apply Tiled's hex flags: flips, then 60/120 degree clockwise turns about the centre."""
    flip_h, flip_v = bool(gid & 0x80000000), bool(gid & 0x40000000)
    turn = (60 if gid & 0x20000000 else 0) + (120 if gid & 0x10000000 else 0)
    if flip_h or flip_v:
        image = pygame.transform.flip(image, flip_h, flip_v)
    if turn:
        image = pygame.transform.rotozoom(image, -turn, 1.0)
    return image


class Preview:
    """One map being drawn."""

    def __init__(self, path: Path) -> None:
        """Read the map header and its tilesets."""
        self.path = path
        self.root = ElementTree.parse(path).getroot()
        r = self.root
        self.width, self.height = int(r.get("width")), int(r.get("height"))
        self.layout = TiledHexLayout.from_map_attributes(
            r.get("tilewidth"), r.get("tileheight"), r.get("hexsidelength"),
            r.get("staggeraxis"), r.get("staggerindex"))
        self.images: dict[int, pygame.Surface] = {}
        for ts in r.findall("tileset"):
            load_tileset(path.parent / ts.get("source"), int(ts.get("firstgid")), self.images)
        w, h = self.layout.map_pixel_size(self.width, self.height)
        self.surface = pygame.Surface((w, h), pygame.SRCALPHA)
        self.surface.fill((40, 40, 48, 255))

    def draw_layers(self, parent: ElementTree.Element) -> None:
        """Draw tile layers and objects in document order, entering groups."""
        for child in parent:
            if child.tag == "group":
                self.draw_layers(child)
            elif child.tag == "layer":
                self.draw_tiles(child)

    def draw_tiles(self, layer: ElementTree.Element) -> None:
        """Blit one tile layer, each image centred on its cell."""
        for row, gids in enumerate(layer_gids(layer, self.width)):
            for col, gid in enumerate(gids):
                if gid:
                    image = transformed(self.images[gid & ~FLAGS], gid)
                    x, y = self.layout.tile_top_left(col, row)
                    cx, cy = x + self.layout.cell_width / 2, y + self.layout.cell_height / 2
                    self.surface.blit(image, image.get_rect(center=(round(cx), round(cy))))

    def draw_units(self, font: pygame.font.Font) -> None:
        """Draw tile objects (templates resolved) and ellipses, with their names."""
        for obj in self.root.iter("object"):
            merged, template_images = self._resolve(obj)
            x, y = float(obj.get("x")), float(obj.get("y"))
            w, h = float(merged.get("width", 0)), float(merged.get("height", 0))
            if merged.get("gid"):
                gid = int(merged.get("gid"))
                image = (template_images if "gid" not in obj.attrib else self.images)[gid & ~FLAGS]
                self.surface.blit(pygame.transform.smoothscale(image, (int(w), int(h))), (x, y - h))
                label_at = (x + w / 2, y + 2)
            elif obj.find("ellipse") is not None:
                pygame.draw.ellipse(self.surface, (240, 240, 240), (x, y, w, h))
                pygame.draw.ellipse(self.surface, (30, 30, 30), (x, y, w, h), 3)
                label_at = (x + w / 2, y + h + 2)
            else:
                continue
            name = merged.get("name") or merged.get("type") or ""
            if name:
                self._label(font, name, label_at)

    def _resolve(self, obj: ElementTree.Element) -> tuple[dict, dict[int, pygame.Surface]]:
        """Attributes of an object merged over its template's, and the template's images."""
        merged: dict = {}
        images: dict[int, pygame.Surface] = {}
        if obj.get("template"):
            tx = self.path.parent / obj.get("template")
            troot = ElementTree.parse(tx).getroot()
            for ts in troot.findall("tileset"):
                load_tileset(tx.parent / ts.get("source"), int(ts.get("firstgid")), images)
            merged.update(troot.find("object").attrib)
        merged.update(obj.attrib)
        return merged, images

    def _label(self, font: pygame.font.Font, text: str, at: tuple[float, float]) -> None:
        """A small name label with a dark backing."""
        label = font.render(text, True, (255, 255, 255))
        rect = label.get_rect(midtop=(round(at[0]), round(at[1])))
        pygame.draw.rect(self.surface, (0, 0, 0, 170), rect.inflate(4, 0))
        self.surface.blit(label, rect)


def render(path: Path, out: Path, scale: float = 1.0) -> Path:
    """Draw the map at path into the PNG at out."""
    pygame.init()
    pygame.display.set_mode((1, 1))
    preview = Preview(path)
    preview.draw_layers(preview.root)
    preview.draw_units(pygame.font.Font(None, 16))
    surface = preview.surface
    if scale != 1.0:
        size = (round(surface.get_width() * scale), round(surface.get_height() * scale))
        surface = pygame.transform.smoothscale(surface, size)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    return out


def render_legend(out: Path, columns: int = 6) -> Path:
    """Every pointy-top terrain tile over open ground, labelled with its class, as one PNG."""
    from tools.terrain_catalog import POINTY, TILE_BY_NAME, TILES, ROOT, tile_image_path

    pygame.init()
    pygame.display.set_mode((1, 1))
    font = pygame.font.Font(None, 20)
    cell_w, cell_h = 130, 100
    rows = -(-len(TILES) // columns)
    sheet = pygame.Surface((columns * cell_w, rows * cell_h))
    sheet.fill((248, 248, 244))
    ground = pygame.image.load(ROOT / tile_image_path(POINTY, TILE_BY_NAME["open_ground"]))
    for i, tile in enumerate(TILES):
        x, y = (i % columns) * cell_w, (i // columns) * cell_h
        spot = (x + (cell_w - POINTY.width) // 2, y + 6)
        if tile.overlay:
            sheet.blit(ground, spot)
        sheet.blit(pygame.image.load(ROOT / tile_image_path(POINTY, tile)), spot)
        label = font.render(tile.name, True, (20, 20, 20))
        sheet.blit(label, label.get_rect(midtop=(x + cell_w // 2, y + POINTY.height + 12)))
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out))
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", type=Path, help="a .tmx, or 'legend' for the terrain legend")
    parser.add_argument("out", type=Path, nargs="?")
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    if str(args.map) == "legend":
        print(render_legend(args.out or Path("/tmp/terrain-legend.png")))
        return 0
    out = args.out or Path("/tmp") / (args.map.stem + "-preview.png")
    print(render(args.map, out, args.scale))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
