"""Draw the README's pictures again, the same way each time.

Usage: python tools/readme_pictures.py [--display :71] [--only NAME ...] [--out docs/images]

Every picture README.md shows is made here from the bundled maps with seed 1, so after a
change to the window or the chart, one run brings the README's pictures up to date:
- table-view.png, console-view.png: `hexbattle render` of the default map (headless);
- console-window.png, key-card.png, explain-card.png (two windows) and gm-editor.png (one
  window): the real window on a virtual screen of its own (Xvfb on --display), driven with
  real key presses and clicks (xdotool) and saved with F12, then scaled down (ImageMagick);
- simulate-chart.png: `hexbattle simulate squad_ridge --runs 100 --jobs 2 --chart`; the report it
  prints is printed here too, for the README's excerpt.
A tool for the docs, not part of the game: it only runs `hexbattle` as a GM would.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"
CHART_MAP = "squad_ridge"
WINDOW = (1280, 800)
SCREEN = "2600x860x24"  # room for the table and the console side by side
WIDTH_IN_README = 960
WAIT = 30.0


def hexbattle(*words: str, env: dict | None = None) -> str:
    """Run a `hexbattle` command from the repository's root; its output."""
    done = subprocess.run([sys.executable, "-m", "game", *words], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"hexbattle {' '.join(words)} failed:\n{done.stderr}")
    return done.stdout


def rendered(out: Path) -> None:
    """The table and console views of the default map, drawn headless."""
    for view in ("table", "console"):
        hexbattle("render", str(DEFAULT_MAP), str(out / f"{view}-view.png"), "--size", "1024x576",
                  "--seed", "1", "--view", view)


def chart(out: Path) -> None:
    """The balance chart of the squad map, and its report printed."""
    print(hexbattle("simulate", CHART_MAP, "--runs", "100", "--jobs", "2", "--chart", str(out / "simulate-chart.png")))


def wait_for(test: Callable[[], object], what: str) -> object:
    """Poll until `test` gives something true; SystemExit naming `what` after WAIT seconds."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        found = test()
        if found:
            return found
        time.sleep(0.2)
    raise SystemExit(f"timed out waiting for {what}")


class VirtualScreen:
    """An Xvfb server on one display, for as long as the `with` lasts."""

    def __init__(self, display: str) -> None:
        self.display = display

    def __enter__(self) -> VirtualScreen:
        if shutil.which("Xvfb") is None or shutil.which("xdotool") is None:
            raise SystemExit("the window pictures need Xvfb and xdotool (apt-get install xvfb xdotool)")
        self.server = subprocess.Popen(["Xvfb", self.display, "-screen", "0", SCREEN, "-nolisten", "tcp"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        socket = Path(f"/tmp/.X11-unix/X{self.display.lstrip(':')}")
        wait_for(socket.exists, f"Xvfb on {self.display}")
        return self

    def __exit__(self, *_: object) -> None:
        self.server.terminate()
        self.server.wait(timeout=10)


class Session:
    """The window on the default map, seed 1, driven like a GM drives it."""

    def __init__(self, display: str, folder: Path, *extra: str) -> None:
        self.env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        self.status_file, self.shots = folder / "status.json", folder / "shots"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", "play", str(DEFAULT_MAP), "--seed", "1", "--fresh", "--no-autosave",
             "--size", "{}x{}".format(*WINDOW), "--status", str(self.status_file), "--shots", str(self.shots),
             "--pace", "0.02", *extra], cwd=ROOT, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            text=True)
        wait_for(self.status_file.exists, "the window to open")
        self.windows = wait_for(self._windows, "the hexbattle windows")

    def _windows(self) -> dict[str, str]:
        """Window ids by the end of their title: "(table)", "(GM console)", or "" for one window."""
        found = {}
        for window in self.xdotool("search", "--classname", ".").split():
            title = self.xdotool("getwindowname", window)
            if title.startswith("hexbattle"):
                found["(table)" if title.endswith("(table)") else "(GM console)" if title.endswith("console)") else ""] = window
        return found

    def xdotool(self, *words: str) -> str:
        """Run xdotool on this screen; its output."""
        return subprocess.run(["xdotool", *words], env=self.env, capture_output=True, text=True).stdout.strip()

    def status(self) -> dict:
        """What the window last wrote about itself (where its tokens are, what is open)."""
        try:
            return json.loads(self.status_file.read_text())
        except (OSError, ValueError):
            return {}

    def side_by_side(self) -> None:
        """The table at the screen's left, the console right of it (they may open one over the other)."""
        self.xdotool("windowmove", self.windows["(table)"], "0", "0")
        self.xdotool("windowmove", self.windows["(GM console)"], str(WINDOW[0] + 10), "0")
        time.sleep(0.5)

    def key(self, window: str, *keys: str) -> None:
        """Real key presses into a window."""
        self.xdotool("windowfocus", "--sync", self.windows[window])
        self.xdotool("key", *keys)

    def click(self, window: str, at: tuple[int, int], button: str = "1", shift: bool = False) -> None:
        """A real click at a point of a window, Shift held if asked."""
        self.xdotool("mousemove", "--window", self.windows[window], str(at[0]), str(at[1]))
        time.sleep(0.3)
        held = ["keydown", "shift"] if shift else []
        self.xdotool(*held, "click", button, *(["keyup", "shift"] if shift else []))

    def token(self, name: str) -> tuple[int, int]:
        """Where a combatant's token is on the table view (or the one window's map)."""
        combatant = next(c for c in self.status()["combatants"] if c["name"] == name)
        return tuple(combatant["screen"])

    def shoot(self, window: str) -> dict[str, Path]:
        """F12: every window saved; the files by view name once they are written anew."""
        before = {p.name: p.stat().st_mtime_ns for p in self.shots.glob("*.png")}
        self.key(window, "F12")
        fresh = lambda: [p for p in self.shots.glob("*.png") if p.stat().st_mtime_ns != before.get(p.name)]  # noqa: E731
        wait_for(lambda: len(fresh()) >= len(self.windows), "F12's screenshots")
        time.sleep(0.5)  # let the last file be written whole
        return {p.stem: p for p in self.shots.glob("*.png")}

    def close(self) -> None:
        """End the window (it is ours: started above)."""
        self.process.terminate()
        self.process.wait(timeout=10)


def scaled(shot: Path, target: Path) -> None:
    """A window picture scaled to the README's width, in a palette (a fifth of the bytes)."""
    if shutil.which("convert") is None:
        shutil.copy(shot, target)
        return
    subprocess.run(["convert", str(shot), "-resize", f"{WIDTH_IN_README}x", "-colors", "256", f"PNG8:{target}"],
                   check=True)


def two_windows(display: str, out: Path) -> None:
    """The console with its panel; the key card and a hit chance explained, on the table view."""
    with tempfile.TemporaryDirectory() as folder:
        session = Session(display, Path(folder))
        try:
            session.side_by_side()
            scaled(session.shoot("(table)")["console"], out / "console-window.png")
            session.key("(table)", "question")
            time.sleep(0.5)
            scaled(session.shoot("(table)")["table"], out / "key-card.png")
            session.key("(table)", "Escape", "q")
            session.click("(table)", session.token("Thug 8"))
            wait_for(lambda: session.status().get("explaining"), "the explain card")
            scaled(session.shoot("(table)")["table"], out / "explain-card.png")
        finally:
            session.close()


def one_window(display: str, out: Path) -> None:
    """The GM's editor of a raider, opened with Shift + right click on its token."""
    with tempfile.TemporaryDirectory() as folder:
        session = Session(display, Path(folder), "--one-window")
        try:
            session.xdotool("windowmove", session.windows[""], "0", "0")
            session.click("", session.token("Thug 8"), button="3", shift=True)
            wait_for(lambda: session.status().get("editor"), "the GM's editor")
            scaled(session.shoot("")["console"], out / "gm-editor.png")
        finally:
            session.close()


PICTURES = {"render": rendered, "chart": chart, "windows": two_windows, "editor": one_window}


def main() -> None:
    """Draw the pictures asked for (all by default) into --out."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--display", default=":71", help="the X display to start Xvfb on (default :71)")
    parser.add_argument("--only", nargs="+", choices=sorted(PICTURES), help="draw only these groups")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    wanted = args.only or list(PICTURES)
    for name in (n for n in wanted if n in ("render", "chart")):
        PICTURES[name](args.out)
    windowed = [n for n in wanted if n in ("windows", "editor")]
    if windowed:
        with VirtualScreen(args.display):
            for name in windowed:
                PICTURES[name](args.display, args.out)
    print(f"pictures written to {args.out}")


if __name__ == "__main__":
    main()
