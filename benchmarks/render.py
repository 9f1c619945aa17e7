"""Render benchmark: frame time of the table view with the cached board and the one label pass,
against redrawing every hex; the label pass on its own; then whole window frames
(benchmarks/window.py: the banner, the action bar, the console, as the app draws them).

Run: python benchmarks/render.py [--frames N] [--labels-only] [--against CHECKOUT [--rounds N]]
Prints figures beside their targets, with the machine's load average (the machine is shared:
every figure is the best of several batches, in milliseconds of this process's CPU time);
nothing here is a pass/fail test. The map is the largest bundled one (most hexes). Measured in the same run:
- cached: one frame as the window draws it, frame after frame on the same window surface, a
  pixel reported drawn over it each time (a frame drawn from the very same things is not drawn
  at all): repaint from the board cached for this zoom only where the last frame drew, then
  tokens, every label, the title, reading the battle through the facade;
- with every overlay: the same on a player's turn, the mouse moving from one reachable hex to
  another each frame (reachable hexes, the path, its destination and cost, the targets' rings
  and odds, the labels placed again);
- after a pan: the same with the camera moved before every frame (the whole board blitted,
  every label placed again at its new place);
- after a zoom: the same with a zoom the board has not been drawn at before every frame
  (the board scaled again); and the same when the window has drawn the board ahead at the
  zooms one wheel step away while it waited (`Frame.prepare`, the idle time not counted);
- baseline: the same frame redrawing every hex each time (each layer's tiles, already scaled
  to this zoom and cached, blitted one by one, then the grid lines), then the same tokens.
- the label pass alone: 200 labels (100 tokens' names and health, spread over a 1920x1080
  window as a big fight's are, where they fit), placed afresh and placed again remembering the
  last frame's spots; the same labels with every check a Python loop over every rectangle
  (the baseline); and a crowded case (100 tokens on a third of the largest map's hexes, where
  half the labels cannot fit), placed again with and without the pass's memory of the labels
  it left off. `--against CHECKOUT` measures the label pass of this checkout and of another
  one (say `git worktree add /tmp/before main`) in turn, in fresh processes.
Targets: 1920x1080 at most 4 ms a frame and at least 3x faster than the baseline; 3840x2160
at most 8 ms a frame, the first frame after a pan or zoom included; 200 labels placed in at
most 2 ms.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parent.parent)
"""The checkout measured: this one, or another one's (`--against` runs this file on it)."""
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.savefile import battle_from_map  # noqa: E402
from game.ui.board import BACKGROUND, GRID, Board  # noqa: E402
from game.ui.labels import Fonts, label_size  # noqa: E402
from game.ui.layout import Disc, LabelLayout, Wanted, rank_key, spots  # noqa: E402
from game.ui.look import text_height  # noqa: E402
from game.ui.overlays import Aim  # noqa: E402
from game.ui.render import ZOOM_STEP, Frame, camera_for, start_headless  # noqa: E402

TARGETS = {(1920, 1080): 4.0, (3840, 2160): 8.0}
SPEEDUP_TARGET = 3.0
LAYOUT_TARGET = 2.0


def largest_map() -> Path:
    """The bundled map with the most hexes."""
    def hexes(path: Path) -> int:
        return len(battle_from_map(path, 1).scenario.terrain)
    return max(sorted((ROOT / "maps").glob("*.tmx")), key=hexes)


def per_frame(draw, frames: int, batches: int = 7) -> float:
    """Best milliseconds of this process's CPU time per frame over several batches (the drawing
    runs on this one thread; CPU time does not count the time other programs hold the cores)."""
    samples = []
    idle = getattr(draw, "idle", [0.0])  # time a drawing function spends as a window would while idle
    for _ in range(batches):
        idle[0] = 0.0
        start = time.process_time()
        for _ in range(frames):
            draw()
        samples.append((time.process_time() - start - idle[0]) / frames * 1000)
    return min(samples)


def load() -> str:
    """The machine's load average over the last minute, for beside each figure."""
    return f"load {os.getloadavg()[0]:.1f}"


def verdict(ms: float, target: float) -> str:
    """A figure beside its target."""
    return f"{ms:6.2f} ms  target <= {target:g} ms  {'OK' if ms <= target else 'MISSED'}  ({load()})"


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
    """Print the frame times for one screen size."""
    battle = battle_from_map(path, 1)
    frame = Frame(battle, "table")
    camera = camera_for(battle, frame.board, size)
    target = pygame.Surface(size).convert()
    frame.draw(target, battle, camera)  # the board for this zoom is drawn once, here
    every = EveryHex(frame.board, camera.zoom)

    def baseline() -> None:
        target.fill(BACKGROUND)
        every.draw(target, camera)
        frame.draw(target, battle, camera, repaint_all=True)  # tokens and labels over it, as the cached frame

    # A frame drawn from the very same things is not drawn at all: something drawn over the
    # target each frame (a pixel, as a layer would report it) makes the frame repaint its last.
    cached = per_frame(lambda: frame.draw(target, battle, camera, also=[pygame.Rect(0, 0, 1, 1)]), frames)
    full = per_frame(lambda: frame.draw(target, battle, camera, repaint_all=True), frames)
    slow = per_frame(baseline, max(1, frames // 4))
    overlaid = per_frame(_with_overlays(battle, frame, target, camera), frames)
    panned = per_frame(_panning(battle, frame, target, camera), frames)
    zoomed = per_frame(Zooming(battle, target, camera), 1, batches=5)
    prepared = per_frame(Zooming(battle, target, camera, prepare=True), 1, batches=5)
    target_ms = TARGETS[size]
    w, h = size
    print(f"{w}x{h}  cached board, tokens, labels {verdict(cached, target_ms)}")
    print(f"{w}x{h}  cached, full repaint       {verdict(full, target_ms)}")
    print(f"{w}x{h}  with every overlay         {verdict(overlaid, target_ms)}")
    print(f"{w}x{h}  first frame after a pan    {verdict(panned, target_ms)}")
    print(f"{w}x{h}  first frame after a zoom   {verdict(zoomed, target_ms)}")
    print(f"{w}x{h}    the same, its zoom drawn ahead while idle (Frame.prepare) {verdict(prepared, target_ms)}")
    print(f"{w}x{h}  every hex redrawn (baseline) {slow:6.2f} ms  speedup {slow / cached:5.1f}x  "
          f"target >= {SPEEDUP_TARGET:g}x  {'OK' if slow / cached >= SPEEDUP_TARGET else 'MISSED'}  ({load()})")


def _with_overlays(battle, frame: Frame, target: pygame.Surface, camera):
    """A frame as the window draws it on a player's turn: the board, tokens, the move overlays
    with the mouse over a reachable hex and the targets with their odds (options worked out
    once per state, as the window does)."""
    options = battle.options(battle.current())
    standing = {h: c for c in battle.combatants() if c.in_fight and c.hex is not None for h in (c.footprint or (c.hex,))}
    moves = options.allowed("move")
    hovers = [move.hex for move in moves[len(moves) // 2:len(moves) // 2 + 2]] or [None]
    count = [0]

    def draw() -> None:  # the mouse moving from one reachable hex to another, frame after frame
        count[0] += 1
        hover = hovers[count[0] % len(hovers)]
        frame.draw(target, battle, camera, under=frame.overlays.shading(camera, options, "move", hover),
                   aim=Aim(options, "move", standing, hover))
    return draw


def _panning(battle, frame: Frame, target: pygame.Surface, camera):
    """Frames each drawn after the camera moved a pixel (back and forth)."""
    moved = [camera.panned(1, 0), camera]
    count = [0]

    def draw() -> None:
        count[0] += 1
        frame.draw(target, battle, moved[count[0] % 2])
    return draw


class Zooming:
    """Frames each drawn one wheel step further in from the whole map fitted, on a frame drawer
    of its own that has drawn only the fitted map; with `prepare`, the board drawn ahead as a
    window would while it waits for events (that time is kept in `idle`, and `per_frame`
    leaves it out)."""

    def __init__(self, battle, target: pygame.Surface, camera, prepare: bool = False) -> None:
        """A fresh frame drawer, its first frame drawn (the map's own picture made, untimed)."""
        self.battle, self.target, self.prepare, self.start = battle, target, prepare, camera
        self.frame = Frame(battle, "table")
        self.frame.draw(target, battle, camera)
        self.centre = (target.get_width() / 2, target.get_height() / 2)
        self.camera = camera
        self.idle = [0.0]

    def __call__(self) -> None:
        """One wheel step in (back to the fitted map after five), and its first frame."""
        if self.prepare:
            paused = time.process_time()
            while self.frame.prepare(self.camera):
                pass
            self.idle[0] += time.process_time() - paused
        steps = round(math.log(self.camera.zoom / self.start.zoom, ZOOM_STEP))
        self.camera = self.start if steps >= 5 else self.camera.zoomed_at(self.centre, ZOOM_STEP)
        self.frame.draw(self.target, self.battle, self.camera)


def spread_labels(size: tuple[int, int], count: int = 100) -> tuple[list[Wanted], list[Disc]]:
    """`count` tokens' names and health on a 1920x1080 console, spread as a big fight's are."""
    fonts, line = Fonts(), text_height(size[1])
    stream = random.Random(7)  # a fixed picture, the same every run
    columns = 10
    wanted, discs = [], []
    for i in range(count):
        x = (i % columns + 0.5) * size[0] / columns + stream.uniform(-30, 30)
        y = (i // columns + 0.5) * size[1] / (count / columns) + stream.uniform(-12, 12)
        radius = 0.6 * line
        discs.append(Disc(i, x, y, radius))
        for kind, words in (("name", f"Raider {i}"), ("health", f"{i % 9 + 1}/9")):
            wanted.append(Wanted(words, label_size(fonts, words, line), i, kind, (x, y, radius), i))
    return wanted, discs


def crowded_labels(path: Path, size: tuple[int, int]) -> tuple[list[Wanted], list[Disc]]:
    """100 tokens' names and health on every third hex of the map, on the table view."""
    battle = battle_from_map(path, 1)
    frame = Frame(battle, "table")
    camera = camera_for(battle, frame.board, size)
    line, radius = frame.label_line(size[1]), frame.tokens.radius(camera, text_height(size[1]))
    hexes = sorted(battle.scenario.terrain, key=lambda h: (h.r, h.q))[::3][:100]
    wanted, discs = [], []
    for i, h in enumerate(hexes):
        x, y = camera.hex_center(h)
        discs.append(Disc(i, x, y, radius))
        for kind, words in (("name", f"Raider {i}"), ("health", f"{i % 9 + 1}/9")):
            wanted.append(Wanted(words, label_size(frame.tokens.fonts, words, line), i, kind, (x, y, radius), i))
    return wanted, discs


def python_loops(wanted: list[Wanted], discs: list[Disc], inside: pygame.Rect) -> int:
    """The baseline pass: the same spots in the same order, each checked with a Python loop over
    every rectangle and disc placed so far. Returns how many labels it placed."""
    taken: list[pygame.Rect] = []
    squares = [(pygame.Rect(round(d.x - d.radius), round(d.y - d.radius), round(2 * d.radius), round(2 * d.radius)))
               for d in discs]
    for want in sorted(wanted, key=rank_key):
        for _, rect in spots(want.kind, want.beside, want.size, 3):
            if inside.contains(rect) and not any(rect.colliderect(other) for other in taken) \
                    and not any(rect.colliderect(square) for square in squares):
                taken.append(rect)
                break
    return len(taken)


class Forgetful(LabelLayout):
    """The label pass without its memory of the labels left off in the last frame (a cache:
    docs/speed.md); the labels are placed the same."""

    def place(self, *args, **kwargs):
        """Forget, then place."""
        if hasattr(self, "_left_off"):  # a checkout from before the memory has none
            self._left_off.clear()
        return super().place(*args, **kwargs)


def measure_layout(path: Path) -> None:
    """Print the label pass's times: 200 spread labels (the target), the Python-loop baseline,
    and the crowded case, each placed afresh (a new window, or after a pan or zoom, when every
    label moves) and placed again (a frame where something else changed: the labels' spots are
    remembered), with and without remembering the labels left off."""
    size = (1920, 1080)
    inside = pygame.Rect((0, 0), size)
    print(f"label pass of {ROOT}:")
    for name, (wanted, discs) in (("200 labels, spread", spread_labels(size)),
                                  ("200 labels, crowded", crowded_labels(path, size))):
        warm, forgetful = LabelLayout(), Forgetful()
        laid = warm.place(wanted, discs, inside)
        forgetful.place(wanted, discs, inside)
        fresh = per_frame(lambda: LabelLayout().place(wanted, discs, inside), 10)
        again = per_frame(lambda: warm.place(wanted, discs, inside), 10)
        unremembered = per_frame(lambda: forgetful.place(wanted, discs, inside), 10)
        loops = per_frame(lambda: python_loops(wanted, discs, inside), 2, batches=3)
        print(f"label pass, {name} ({len(laid.placed)} placed, {len(laid.omitted)} left off):")
        print(f"  placed afresh            {verdict(fresh, LAYOUT_TARGET)}")
        print(f"  placed again (kept spots) {verdict(again, LAYOUT_TARGET)}")
        print(f"    the same without remembering the labels left off {unremembered:6.2f} ms  ({load()})")
        print(f"  Python loops (baseline)   {loops:6.2f} ms  speedup {loops / fresh:4.1f}x  ({load()})")


def against(other: Path, rounds: int) -> None:
    """The label pass of this checkout and of `other`, measured in turn in fresh processes
    (`rounds` times each), so that both meet the same load."""
    for round_ in range(rounds):
        for root in (ROOT, other):
            env = dict(os.environ, BENCH_ROOT=str(root))
            print(f"-- round {round_ + 1}", flush=True)
            subprocess.run([sys.executable, __file__, "--labels-only"], env=env, check=True)


def main(argv: list[str] | None = None) -> int:
    """Measure both screen sizes on the largest bundled map, then the label pass, then whole
    window frames (benchmarks/window.py, in a process of its own)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=40, help="frames per batch (default 40)")
    parser.add_argument("--labels-only", action="store_true", help="only the label pass")
    parser.add_argument("--against", type=Path, metavar="CHECKOUT",
                        help="only the label pass, of this checkout and of another, in turn")
    parser.add_argument("--rounds", type=int, default=2, help="rounds with --against (default 2)")
    args = parser.parse_args(argv)
    if args.against is not None:
        against(args.against.resolve(), args.rounds)
        return 0
    start_headless()
    path = largest_map()
    if not args.labels_only:
        battle = battle_from_map(path, 1)
        print(f"map {path.name}: {len(battle.scenario.terrain)} hexes, {len(battle.combatants())} combatants, "
              f"{sum(len(layer.cells) for layer in battle.scenario.tile_layers)} tiles")
        for size in TARGETS:
            measure(path, size, args.frames)
    measure_layout(path)
    if not args.labels_only:
        subprocess.run([sys.executable, str(Path(__file__).with_name("window.py"))], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
