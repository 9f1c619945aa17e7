"""Window benchmark: CPU time of one whole frame of the table window as the app draws it, beside
the frame targets, on the largest bundled map.

Run: python benchmarks/window.py [--frames N] [--sizes 1920x1080 3840x2160]
(benchmarks/render.py runs it too). Under SDL's dummy video driver unless SDL_VIDEODRIVER says
otherwise (SDL_VIDEODRIVER=x11 with a DISPLAY, Xvfb's say, counts presenting the windows to an X
server too). What a frame is: `TableApp.draw`, as the window's loop calls it: with two windows,
the table view (the map, tokens, every label through the label pass, the banner laid over, the
action bar) and the GM console (its map view, the panel's widgets), each window flipped; with
one window, the table view, the banner and the console's panel in it. The briefing card is put
away first (a player's key does that). Each figure is the best of several batches, in
milliseconds of this process's CPU time (the machine is shared), with the load beside it:
- steady: frame after frame with nothing changing but the clock (the loop draws twice a second
  so, and whenever anything changes);
- mouse moving over reachable hexes: the hex under the mouse changes every frame (the path, its
  cost and the targets' odds laid out again);
- after a pan: the table view's camera moved a pixel before every frame (a drag);
- after a wheel step, drawn ahead: one wheel step (in, in, out, out, ...) before every frame, as
  `TableInput.wheel` zooms over the table (the table's view; the console's map stays), after the window's idle work
  (`game.ui.ahead.DrawAhead`) has had the ticks it wants, untimed, as a window idle a moment has;
- after a wheel step, not drawn ahead: the same with the kept pictures dropped first but the one
  on screen (the map sketched from it, `Board.sketch`); then the frame after it, once the idle
  tick has drawn the exact picture, and that idle tick's own time;
- wheel steps in quick succession: three wheel steps in, a frame after each, the idle work given
  no tick between them (the first was drawn ahead, the others were not).
Baselines from the same run: presenting the windows alone (the flips, nothing drawn), and every
view repainted whole every frame (the frame with its partial repaint turned off).
Targets: at most 4 ms a frame at 1920x1080 and 8 ms at 3840x2160, the first frame after a pan or
a zoom included.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.savefile import battle_from_map  # noqa: E402
from game.ui.ahead import DrawAhead  # noqa: E402
from game.ui.app import TableApp, start_windows  # noqa: E402
from game.ui.table_input import TableInput  # noqa: E402
from render import load, verdict  # noqa: E402  (benchmarks/render.py, beside this file)

TARGETS = {(1920, 1080): 4.0, (3840, 2160): 8.0}


def best_ms(frame, before=None, frames: int = 20, batches: int = 7) -> float:
    """Best milliseconds of CPU time per frame over several batches; `before` runs ahead of each
    frame, untimed (a camera moved, the idle work done)."""
    samples = []
    for _ in range(batches):
        spent = 0.0
        for _ in range(frames):
            if before is not None:
                before()
            start = time.process_time()
            frame()
            spent += time.process_time() - start
        samples.append(spent / frames * 1000)
    return min(samples)


class Window:
    """A table window on the largest bundled map, driven as its loop drives it."""

    def __init__(self, path: Path, size: tuple[int, int], one_window: bool) -> None:
        """The window opened, its briefing put away, its first frames drawn with the idle work
        between them (a view's first frame may be sketched from another view's picture)."""
        self.app = TableApp(battle_from_map(path, 1), size, one_window=one_window, computer_pace=0.0)
        self.app.aids.animations.enabled = False
        self.app.briefing.shown = False
        self.ahead = next(layer for layer in self.app.layers if isinstance(layer, DrawAhead))
        self.input = next(layer for layer in self.app.layers if isinstance(layer, TableInput))
        self.table = self.app.table
        self.fitted = {id(view): view.camera for view in self.app.views}
        self.steps = 0
        for _ in range(3):
            self.app.draw()
            self.idle()

    def idle(self) -> None:
        """The idle work a window does before the next event, until it wants no more."""
        pygame.event.clear()
        for _ in range(8):
            self.ahead.tick()

    def reachable(self) -> list:
        """Reachable hexes of whoever acts, for the mouse to hover over."""
        moves = self.app.options().allowed("move")
        return [move.hex for move in moves[len(moves) // 3:len(moves) // 3 + 2]] or [None, None]

    def pan(self) -> None:
        """The table view dragged by a pixel, back and forth."""
        self.steps += 1
        self.table.camera = self.table.camera.panned(1 if self.steps % 2 else -1, 0)

    def wheel(self, clicks: int = 0) -> None:
        """One wheel step at the middle of the table view's map, as the window's input
        (`TableInput.wheel`) takes a real one over the table (the table's view zooms, the
        console's map stays): in, in, out, out, ... (or `clicks`)."""
        self.steps += 1
        clicks = clicks or (1 if self.steps % 4 in (1, 2) else -1)
        self.input.wheel(SimpleNamespace(y=clicks, pos=self.table.seen_in.center, window=self.table.window))

    def forget_pictures(self) -> None:
        """Drop the board's kept pictures but those at the views' zooms (on screen), so the next
        wheel step lands on a zoom not drawn ahead."""
        board = self.table.frame.board
        shown = [board.surface(view.camera.zoom) for view in self.app.views]  # on screen, as a window has them
        for zoom, picture in list(board._zoomed.items()):  # the benchmark reaches in: a window never drops them
            if not any(picture is kept for kept in shown):
                del board._zoomed[zoom]

    def settle(self) -> None:
        """The loop's idle ticks after a wheel step's first frame (the exact picture drawn)."""
        pygame.event.clear()
        self.ahead.tick()
        self.ahead.tick()

    def whole(self) -> None:
        """Every view repainted whole in the next frame (the baseline)."""
        self.app.painter.covered = True  # what a layer drawing over everything asks for (Paint.cover)

    def flips(self) -> None:
        """Presenting the windows alone."""
        for window in {view.window for view in self.app.views} | {self.app.console}:
            window.flip()


def measure(path: Path, size: tuple[int, int], one_window: bool, frames: int) -> None:
    """Print the window's frame times for one size and layout."""
    window, target = Window(path, size, one_window), TARGETS.get(size, 8.0)
    app = window.app
    name = f"{size[0]}x{size[1]} {'one window ' if one_window else 'two windows'}"
    steady = best_ms(app.draw, frames=frames)
    hexes = window.reachable()
    hover = [0]

    def moving() -> None:
        hover[0] += 1
        app.hover = hexes[hover[0] % len(hexes)]
    moved = best_ms(app.draw, moving, frames=frames)
    app.hover = None
    panned = best_ms(app.draw, window.pan, frames=frames)
    ahead = best_ms(app.draw, lambda: (window.idle(), window.wheel()), frames=4, batches=5)
    cold = best_ms(app.draw, lambda: (window.forget_pictures(), window.wheel()), frames=2, batches=5)
    exact = best_ms(app.draw, lambda: (window.forget_pictures(), window.wheel(), app.draw(), window.settle()),
                    frames=2, batches=5)
    tick = best_ms(window.settle, lambda: (window.forget_pictures(), window.wheel(), app.draw()), frames=2, batches=5)
    burst = quick_succession(window)
    flips = best_ms(window.flips, frames=frames)
    whole = best_ms(app.draw, window.whole, frames=frames)
    for view in app.views:
        view.camera = window.fitted[id(view)]
    print(f"{name}  steady                          {verdict(steady, target)}")
    print(f"{name}  mouse moving over reachable hexes {verdict(moved, target)}")
    print(f"{name}  first frame after a pan         {verdict(panned, target)}")
    print(f"{name}  first frame after a wheel step, drawn ahead while idle {verdict(ahead, target)}")
    print(f"{name}  first frame after a wheel step, not drawn ahead       {verdict(cold, target)}")
    print(f"{name}  the frame after it, its exact picture drawn at the idle tick {verdict(exact, target)}")
    print(f"{name}  that idle tick (the map scaled to the new zoom, no frame) {tick:6.2f} ms  ({load()})")
    print(f"{name}  three wheel steps in quick succession: {', '.join(f'{ms:.2f}' for ms in burst)} ms "
          f"(best of 3 bursts; target {target:g} ms; {load()})")
    print(f"{name}  baselines: the flips alone {flips:5.2f} ms; every view repainted whole {whole:5.2f} ms  ({load()})")


def quick_succession(window: Window, bursts: int = 3) -> list[float]:
    """Frame times of three wheel steps in a row with no idle tick between them, after the
    window was idle (best of a few bursts, each from the fitted map)."""
    best = [float("inf")] * 3
    for _ in range(bursts):
        for view in window.app.views:
            view.camera = window.fitted[id(view)]
        window.forget_pictures()  # none kept from the burst before
        window.app.draw()
        window.idle()
        for index in range(3):
            window.wheel(1)
            start = time.process_time()
            window.app.draw()
            best[index] = min(best[index], (time.process_time() - start) * 1000)
    return best


def largest_map() -> Path:
    """The bundled map with the most hexes."""
    return max(sorted((ROOT / "maps").glob("*.tmx")), key=lambda path: len(battle_from_map(path, 1).scenario.terrain))


def main(argv: list[str] | None = None) -> int:
    """Measure each size, two windows then one, on the largest bundled map."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=20, help="frames per batch (default 20)")
    parser.add_argument("--sizes", nargs="+", default=[f"{w}x{h}" for w, h in TARGETS])
    args = parser.parse_args(argv)
    start_windows()
    path = largest_map()
    print(f"window frames, map {path.name}, video driver {os.environ['SDL_VIDEODRIVER']}")
    for size in ([tuple(int(n) for n in text.split("x")) for text in args.sizes]):
        for one_window in (False, True):
            measure(path, size, one_window, args.frames)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
