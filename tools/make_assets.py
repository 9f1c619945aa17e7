"""Draw the bundled hex tile images and unit tokens into assets/ (deterministic).

Usage: python tools/make_assets.py [--out DIR]    (DIR defaults to the repository root)

One PNG per terrain for both hex layouts (assets/tiles/pointy/, assets/tiles/flat/) and one
token per side (assets/tokens/). Colours are bold and motifs large so a projected map reads
from across the table. Running it twice writes identical bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools import terrain_art, token_art  # noqa: E402
from tools.raster import png_bytes  # noqa: E402
from tools.terrain_catalog import (  # noqa: E402
    HEX_SIZES, ROOT, SIDES, TILES, tile_image_path, token_image_path,
)


def generated_images() -> dict[str, bytes]:
    """Every asset file as {path relative to the repository root: PNG bytes}, in a fixed order."""
    files: dict[str, bytes] = {}
    for size in HEX_SIZES:
        for tile in TILES:
            files[tile_image_path(size, tile)] = png_bytes(terrain_art.draw_tile(tile, size))
    for side in SIDES:
        files[token_image_path(side)] = png_bytes(token_art.draw_token(side))
    return files


def write_files(files: dict[str, bytes], out: Path) -> list[Path]:
    """Write each file under out, creating folders; returns the paths written."""
    written = []
    for rel, data in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Generate the assets; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="root folder to write assets/ into")
    args = parser.parse_args(argv)
    written = write_files(generated_images(), args.out)
    print(f"wrote {len(written)} images under {args.out / 'assets'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
