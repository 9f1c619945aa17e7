"""Render benchmark: frame time of the table view with the cached board, against redrawing every hex.

Run: python benchmarks/render.py [--frames N]
Prints figures beside their targets; nothing here is a pass/fail test. The map is the largest
bundled one (most hexes). Both ways are measured in the same run on the same machine:
- cached: one frame as the window draws it, frame after frame on the same window surface
  (repaint from the board cached for this zoom only where the last frame's tokens and title
  were, then tokens, names, health and the title line, reading the battle through the facade);
- cached, full repaint: the same with the whole cached board blitted each frame (what a
  frame costs after the camera moves);
- baseline: the same frame redrawing every hex each time (each layer's tiles, already scaled
  to this zoom and cached, blitted one by one, then the grid lines), then the same tokens.
Targets: 1920x1080 at most 4 ms a frame and at least 3x faster than the baseline; 3840x2160
at most 8 ms a frame.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.savefile import battle_from_map  # noqa: E402
from game.ui.board import BACKGROUND, GRID, Board  # noqa: E402
from game.ui.render import Frame, camera_for, start_headless  # noqa: E402

TARGETS = {(1920, 1080): 4.0, (3840, 2160): 8.0}
SPEEDUP_TARGET = 3.0


def largest_map() -> Path:
    """The bundled map with the most hexes."""
    def hexes(path: Path) -> int:
        return len(battle_from_map(path, 1).scenario.terrain)
    return max(sorted((ROOT / "maps").glob("*.tmx")), key=hexes)


def per_frame(draw, frames: int, batches: int = 7) -> tuple[float, float]:
    """Median and best milliseconds per frame over several batches."""
    samples = []
    for _ in range(batches):
        start = time.perf_counter()
        for _ in range(frames):
            draw()
        samples.append((time.perf_counter() - start) / frames * 1000)
    return statistics.median(samples), min(samples)


class EveryHex:
    """The baseline: every tile of every layer and every grid line drawn each frame."""

    def __init__(self, board: Board, zoom: float) -> None:
        """Scale each distinct tile image once for this zoom (a fair baseline, not a strawman)."""
        self.board, self.zoom = board, zoom
        self.scaled: dict[int, pygame.Surface] = {}
        self.cells = []
        for layer in board.layers:
            for h, tile in layer.cells.items():
                image = board.images.image(tile)
                if image is None:
                    continue
                key = id(image)
                if key not in self.scaled:
                    size = (max(1, round(image.get_width() * zoom)), max(1, round(image.get_height() * zoom)))
                    self.scaled[key] = pygame.transform.smoothscale(image, size)
                left, top, w, h_ = board._image_box(h, tile, layer.offset)
                self.cells.append((self.scaled[key], (left + w / 2, top + h_ / 2)))

    def draw(self, target: pygame.Surface, camera) -> None:
        """Every tile, then every hex outline."""
        for image, (x, y) in self.cells:
            target.blit(image, image.get_rect(center=camera.to_screen(x, y)))
        layout = self.board.layout
        for h in self.board.hexes:
            pygame.draw.lines(target, GRID, True, [camera.to_screen(*c) for c in layout.hex_corners(h)], 1)


def measure(path: Path, size: tuple[int, int], frames: int) -> None:
    """Print the cached and baseline frame times for one screen size."""
    battle = battle_from_map(path, 1)
    frame = Frame(battle, "table")
    camera = camera_for(battle, frame.board, size)
    target = pygame.Surface(size).convert()
    frame.draw(target, battle, camera)  # the board for this zoom is drawn once, here
    every = EveryHex(frame.board, camera.zoom)

    def baseline() -> None:
        target.fill(BACKGROUND)
        every.draw(target, camera)
        frame.tokens.draw(target, camera, battle.combatants(), battle.current())
        frame._title(target, battle, target.get_width())  # noqa: SLF001  (the same title as the cached frame)

    cached, cached_best = per_frame(lambda: frame.draw(target, battle, camera), frames)
    full, full_best = per_frame(lambda: frame.draw(target, battle, camera, repaint_all=True), frames)
    slow, slow_best = per_frame(baseline, max(1, frames // 4))
    views, _ = per_frame(battle.combatants, frames)
    overlaid, overlaid_best = per_frame(_with_overlays(battle, frame, target, camera), frames)
    target_ms = TARGETS[size]
    w, h = size
    print(f"{w}x{h}  cached board + tokens {cached:6.2f} ms/frame (best {cached_best:5.2f})  "
          f"target <= {target_ms:.0f} ms  {'OK' if cached <= target_ms else 'MISSED'}")
    print(f"{w}x{h}  cached, full repaint  {full:6.2f} ms/frame (best {full_best:5.2f})  "
          f"target <= {target_ms:.0f} ms  {'OK' if full <= target_ms else 'MISSED'}")
    print(f"{w}x{h}  every hex redrawn     {slow:6.2f} ms/frame (best {slow_best:5.2f})  "
          f"speedup {slow / cached:5.1f}x (full repaint {slow / full:4.1f}x)  target >= {SPEEDUP_TARGET:.0f}x  "
          f"{'OK' if slow / cached >= SPEEDUP_TARGET else 'MISSED'}")
    print(f"{w}x{h}  with every overlay     {overlaid:6.2f} ms/frame (best {overlaid_best:5.2f})  "
          f"target <= {target_ms:.0f} ms  {'OK' if overlaid <= target_ms else 'MISSED'}  "
          f"(reachable hexes, path and cost under the mouse, watched hexes, targets with their odds)")
    print(f"{w}x{h}  of which Battle.combatants() {views:6.2f} ms/frame (the facade, not drawing)")


def _with_overlays(battle, frame: Frame, target: pygame.Surface, camera):
    """A frame as the window draws it on a player's turn: the board, tokens and the move
    overlays with the mouse over a reachable hex (options worked out once per state, as the
    window does)."""
    from game.ui.look import text_height
    from game.ui.overlays import Overlays

    options = battle.options(battle.current())
    standing = {c.hex: c for c in battle.combatants() if c.in_fight and c.hex is not None}
    moves = options.allowed("move")
    hover = moves[len(moves) // 2].hex if moves else None
    overlays = Overlays(frame.tokens.fonts)
    line = text_height(target.get_height())

    drawn: list = []

    def draw() -> None:  # as the window draws: repaint where the last overlays and tokens were
        shading = overlays.shading(camera, options, "move", hover)
        frame.draw(target, battle, camera, also=drawn, under=shading)
        drawn[:] = overlays.draw(target, camera, options, "move", standing, hover, line, frame.words)
    return draw


def main(argv: list[str] | None = None) -> int:
    """Measure both screen sizes on the largest bundled map."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40, help="frames per batch (default 40)")
    args = parser.parse_args(argv)
    start_headless()
    path = largest_map()
    battle = battle_from_map(path, 1)
    print(f"map {path.name}: {len(battle.scenario.terrain)} hexes, {len(battle.combatants())} combatants, "
          f"{sum(len(layer.cells) for layer in battle.scenario.tile_layers)} tiles")
    for size in TARGETS:
        measure(path, size, args.frames)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
