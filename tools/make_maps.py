"""Write the Tiled project, tilesets, unit templates and bundled scenarios into maps/.

Usage: python tools/make_maps.py [--out DIR]    (DIR defaults to the repository root)

The files are ordinary Tiled files (open them in Tiled and save: the editor keeps them
readable); this script only keeps the bundled set consistent and reproducible. Running it
twice writes identical bytes.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.designs import DESIGNS  # noqa: E402
from tools.make_assets import write_files  # noqa: E402
from tools.map_checks import design_problems  # noqa: E402
from tools.map_writer import map_xml  # noqa: E402
from tools.terrain_catalog import HEX_SIZES, ROOT  # noqa: E402
from tools.tiled_files import (  # noqa: E402
    TEMPLATES, project_json, template_xml, terrain_tileset_xml, token_tileset_xml,
)


def generated_maps() -> dict[str, bytes]:
    """Every file under maps/ as {path relative to the repository root: bytes}."""
    files = {"maps/hexbattle.tiled-project": project_json()}
    for size in HEX_SIZES:
        files[f"maps/tilesets/terrain-{size.layout}.tsx"] = terrain_tileset_xml(size)
    files["maps/tilesets/unit-tokens.tsx"] = token_tileset_xml()
    for template in TEMPLATES:
        files[f"maps/templates/{template.stem}.tx"] = template_xml(template)
    for make in DESIGNS:
        design = make()
        files[f"maps/{design.file}"] = map_xml(design)
    return {path: text.encode("utf-8") for path, text in files.items()}


def main(argv: list[str] | None = None) -> int:
    """Generate the maps; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT, help="root folder to write maps/ into")
    args = parser.parse_args(argv)
    written = write_files(generated_maps(), args.out)
    print(f"wrote {len(written)} files under {args.out / 'maps'}")
    problems = [p for path in written if path.suffix == ".tmx" for p in design_problems(path)]
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
