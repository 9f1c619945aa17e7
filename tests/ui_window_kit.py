"""The real window under Xvfb for tests: a virtual screen, and `Table`, the running window
driven with real mouse and key events (xdotool). The window writes a small status file
(`--status`, where things are on screen) and saves screenshots on F12 (`--shots`)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"

needs_xvfb = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="Xvfb and xdotool are not installed (.ci/run installs them)")


@pytest.fixture(scope="module")
def display():
    """A virtual screen of our own."""
    server, number = start_xvfb("1600x1000x24")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


def start_xvfb(screen: str, *extra: str) -> tuple[subprocess.Popen, int]:
    """An Xvfb server on a display number it picks itself (`-displayfd`), so test processes
    running side by side never race for the same number; returns the server and its number."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp", *extra],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, pass_fds=(write,))
    os.close(write)
    with os.fdopen(read) as answer:
        number = answer.readline().strip()
    if not number.isdigit():
        server.kill()
        raise AssertionError("Xvfb did not say which display it took")
    _wait(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), "Xvfb to start")
    return server, int(number)


@pytest.fixture
def table(display, tmp_path):
    """The window on the default scenario, closed after the test; it must never have printed
    a traceback."""
    running = Table(display, tmp_path)
    yield running
    errors = running.close()
    assert "Traceback" not in errors


class Table:
    """The running window, driven like a person drives it."""

    def __init__(self, display: str, tmp: Path, extra: tuple[str, ...] = ("--one-window",),
                 map_path: Path = DEFAULT_MAP, pace: float = 0.02, shots: bool = True, env: dict | None = None,
                 read_briefing: bool = True):
        self.env = dict(env or os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        self.status_path, self.shots = tmp / "status.json", tmp / "shots"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", "play", str(map_path), "--seed", "1", *extra,
             "--size", "1100x700", "--status", str(self.status_path), *(("--shots", str(self.shots)) if shots else ()),
             "--save-to", str(tmp / "fight.json"), "--pace", str(pace)],
            env=self.env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _wait(self.status_path.exists, "the window to open")
        self.window = self._find_window()
        if read_briefing:
            self.read_briefing()

    def read_briefing(self) -> None:
        """The map's briefing card, when it is up: read, then put away with a key."""
        if self.status().get("briefing"):
            self.key("space")
            self.after(lambda s: s["briefing"] is None, "the briefing to be put away")

    def _find_window(self) -> str:
        def found():
            ids = self.xdotool("search", "--classname", ".").split()
            named = [w for w in ids if "hexbattle" in self.xdotool("getwindowname", w)]
            return self.named("(table)") or (named[0] if named else None)
        return _wait(found, "the hexbattle window")

    def named(self, ending: str) -> str | None:
        """The window whose title ends with `ending`, if any."""
        ids = self.xdotool("search", "--classname", ".").split()
        return next((w for w in ids if self.xdotool("getwindowname", w).endswith(ending)), None)

    def geometry(self, window: str) -> tuple[int, int, int, int]:
        """A window's x, y, width and height on the screen."""
        words = dict(line.split("=") for line in self.xdotool("getwindowgeometry", "--shell", window).split())
        return int(words["X"]), int(words["Y"]), int(words["WIDTH"]), int(words["HEIGHT"])

    def xdotool(self, *words: str) -> str:
        return subprocess.run(["xdotool", *words], env=self.env, capture_output=True, text=True).stdout.strip()

    def status(self) -> dict:
        return json.loads(self.status_path.read_text())

    def click(self, x: int, y: int, button: int = 1, settle: float = 0.3) -> None:
        """A real press and release (XTEST), at a point of the window, `settle` seconds after
        the pointer arrives there (long clicking loops may shorten it: a click is judged by
        its own position)."""
        if not settle:  # one xdotool run: move, then press and release
            self.xdotool("mousemove", "--window", self.window, str(x), str(y), "click", str(button))
            return
        self.xdotool("mousemove", "--window", self.window, str(x), str(y))
        time.sleep(settle)
        self.xdotool("click", str(button))

    def front(self) -> None:
        """Raise the window over the other (no window manager under Xvfb: both open at the same place)."""
        self.xdotool("windowraise", self.window)

    def hover(self, x: int, y: int) -> None:
        self.xdotool("mousemove", "--window", self.window, str(x), str(y))

    def type(self, text: str) -> None:
        """Real key presses typing the text into the window, which has the focus."""
        self.xdotool("windowfocus", self.window)
        self.xdotool("type", "--delay", "40", text)

    def key(self, name: str) -> None:
        """A real key press (XTEST) into the window, which has the focus."""
        self.xdotool("windowfocus", self.window)
        self.xdotool("key", name)

    def after(self, predicate, what: str) -> dict:
        return _wait(lambda: (lambda s: s if predicate(s) else None)(self.status()), what)

    def screenshot(self):
        import pygame

        shot = self.shots / "table.png"
        before = shot.stat().st_mtime_ns if shot.exists() else 0
        self.key("F12")
        _wait(lambda: shot.exists() and shot.stat().st_mtime_ns != before, "a screenshot")
        time.sleep(0.2)

        def whole():  # the window may still be writing it on a busy machine: read it again
            try:
                return pygame.image.load(str(shot))
            except pygame.error:
                return None
        return _wait(whole, "a whole screenshot")

    def close(self) -> str:
        self.process.terminate()
        _, errors = self.process.communicate(timeout=20)
        return errors


def _wait(probe, what: str, seconds: float = 60.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            found = probe()
        except (OSError, ValueError):
            found = None
        if found:
            return found
        time.sleep(0.03)
    raise AssertionError(f"waited {seconds:.0f} s for {what}")
