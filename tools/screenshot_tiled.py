"""Screenshot the real Tiled editor with a bundled map open, for docs/building-scenarios.md.

Usage: python tools/screenshot_tiled.py MAP.tmx OUT.png [--select OBJECT_NAME] [--zoom 0.75]

Runs Xvfb (its framebuffer is written to a file in XWD format, so no screenshot tool is
needed) and Tiled on a private copy of maps/ and assets/ with the project loaded, optionally
selects one object so the Properties panel shows it, then saves the screen as PNG.
"""

from __future__ import annotations

import argparse
import json
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.map_checks import MapReadback  # noqa: E402
from tools.raster import png_bytes  # noqa: E402
from tools.terrain_catalog import ROOT  # noqa: E402

SCREEN = (1600, 1000)
DISPLAY = ":97"

SELECT_JS = """
tiled.assetOpened.connect(function (map) {
    if (!map || !map.isTileMap) return;
    for (var i = 0; i < map.layerCount; ++i) {
        var layer = map.layerAt(i);
        if (!layer.isObjectLayer) continue;
        for (var j = 0; j < layer.objectCount; ++j) {
            if (layer.objectAt(j).name === %s) {
                map.currentLayer = layer;
                map.selectedObjects = [layer.objectAt(j)];
            }
        }
    }
});
"""


def xwd_to_rgba(data: bytes) -> np.ndarray:
    """Pixels of a 32-bit little-endian TrueColor XWD image (what Xvfb -fbdir writes)."""
    fields = struct.unpack(">25I", data[:100])
    header_size, width, height = fields[0], fields[4], fields[5]
    bytes_per_line, colours = fields[12], fields[19]
    start = header_size + colours * 12
    rows = np.frombuffer(data[start:start + bytes_per_line * height], dtype=np.uint8)
    bgrx = rows.reshape(height, bytes_per_line)[:, :width * 4].reshape(height, width, 4)
    alpha = np.full_like(bgrx[..., 0], 255)
    return np.ascontiguousarray(np.stack([bgrx[..., 2], bgrx[..., 1], bgrx[..., 0], alpha], -1))


def _map_centre(path: Path) -> dict[str, float]:
    """The middle of the map in pixels, where the editor's view should be centred."""
    m = MapReadback(path)
    width, height = m.layout.map_pixel_size(m.width, m.height)
    return {"x": width / 2, "y": height / 2}


def prepare(work: Path, map_name: str, zoom: float, select: str | None) -> dict[str, str]:
    """Copy the files, write a session that loads the project, and the selection script."""
    shutil.copytree(ROOT / "maps", work / "maps")
    shutil.copytree(ROOT / "assets", work / "assets")
    centre = _map_centre(ROOT / "maps" / map_name)
    session = {"project": "hexbattle.tiled-project", "activeFile": map_name,
               "fileStates": {map_name: {"scale": zoom, "viewCenter": centre}}}
    (work / "maps" / "hexbattle.tiled-session").write_text(json.dumps(session))
    extensions = work / "config" / "tiled" / "extensions"
    extensions.mkdir(parents=True)
    if select:
        (extensions / "select.js").write_text(SELECT_JS % json.dumps(select))
    runtime = work / "runtime"
    runtime.mkdir(mode=0o700)
    return {"DISPLAY": DISPLAY, "XDG_RUNTIME_DIR": str(runtime),
            "XDG_CONFIG_HOME": str(work / "config"), "PATH": "/usr/bin:/bin"}


def shoot(map_path: Path, out: Path, zoom: float, select: str | None, wait_s: float) -> Path:
    """Start Xvfb and Tiled, wait for the window to settle, save the screen, stop both."""
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = prepare(work, map_path.name, zoom, select)
        (work / "fb").mkdir()
        size = f"{SCREEN[0]}x{SCREEN[1]}x24"
        xvfb = subprocess.Popen(["Xvfb", DISPLAY, "-screen", "0", size, "-fbdir", str(work / "fb"),
                                 "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
        editor = None
        try:
            time.sleep(2)
            editor = subprocess.Popen(
                ["tiled", "--new-instance", "-geometry", f"{SCREEN[0]}x{SCREEN[1]}+0+0",
                 str(work / "maps" / "hexbattle.tiled-project"), str(work / "maps" / map_path.name)],
                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(wait_s)
            pixels = xwd_to_rgba((work / "fb" / "Xvfb_screen0").read_bytes())
        finally:
            for process in (editor, xvfb):
                if process is not None:
                    process.terminate()
                    process.wait(timeout=30)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(png_bytes(pixels))
    return out


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("map", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--select", help="name of an object to select")
    parser.add_argument("--zoom", type=float, default=0.75)
    parser.add_argument("--wait", type=float, default=8.0, help="seconds to let the editor settle")
    args = parser.parse_args(argv)
    print(shoot(args.map, args.out, args.zoom, args.select, args.wait))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
