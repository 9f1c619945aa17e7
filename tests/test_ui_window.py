"""The real window under Xvfb, played with real mouse and key events (xdotool): a move, an
attack, overwatch with a facing, undo; the battle state and the screenshot's pixels checked.

The window writes a small status file (`--status`, where things are on screen) and saves
screenshots on F12 (`--shots`); everything else is what a person does."""

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

pytestmark = pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xdotool")),
                                reason="Xvfb and xdotool are not installed (.ci/run installs them)")


@pytest.fixture(scope="module")
def display():
    """A virtual screen of our own."""
    for number in range(87, 120):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            break
    server = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _wait(lambda: Path(f"/tmp/.X11-unix/X{number}").exists(), "Xvfb to start")
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


class Table:
    """The running window, driven like a person drives it."""

    def __init__(self, display: str, tmp: Path):
        self.env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy")
        self.status_path, self.shots = tmp / "status.json", tmp / "shots"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game", "play", str(DEFAULT_MAP), "--seed", "1", "--one-window",
             "--size", "1280x800", "--status", str(self.status_path), "--shots", str(self.shots),
             "--save-to", str(tmp / "fight.json")],
            env=self.env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        _wait(self.status_path.exists, "the window to open")
        self.window = self._find_window()

    def _find_window(self) -> str:
        def found():
            ids = self.xdotool("search", "--classname", ".").split()
            named = [w for w in ids if "hexbattle" in self.xdotool("getwindowname", w)]
            return named[0] if named else None
        return _wait(found, "the hexbattle window")

    def xdotool(self, *words: str) -> str:
        return subprocess.run(["xdotool", *words], env=self.env, capture_output=True, text=True).stdout.strip()

    def status(self) -> dict:
        return json.loads(self.status_path.read_text())

    def click(self, x: int, y: int, button: int = 1) -> None:
        """A real press and release (XTEST), at a point of the window."""
        self.xdotool("mousemove", "--window", self.window, str(x), str(y))
        time.sleep(0.15)
        self.xdotool("click", str(button))

    def hover(self, x: int, y: int) -> None:
        self.xdotool("mousemove", "--window", self.window, str(x), str(y))

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
        return _wait(lambda: _whole_png(shot), "the screenshot to be written whole")

    def close(self) -> str:
        self.process.terminate()
        _, errors = self.process.communicate(timeout=20)
        return errors


def _whole_png(path: Path):
    """The picture, or None while the window is still writing it (a busy machine is slow)."""
    import pygame

    try:
        return pygame.image.load(str(path))
    except pygame.error:
        return None


def _wait(probe, what: str, seconds: float = 20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            found = probe()
        except (OSError, ValueError):
            found = None
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds:.0f} s for {what}")


@pytest.fixture
def table(display, tmp_path):
    running = Table(display, tmp_path)
    yield running
    errors = running.close()
    assert "Traceback" not in errors


def _me(status: dict) -> dict:
    return next(c for c in status["combatants"] if c["id"] == status["current"])


def test_a_turn_played_with_the_mouse_moves_attacks_and_undoes(table):
    start = table.status()
    assert start["actions"] == 0 and start["mode"] == "Command" and start["moves"]
    target = start["moves"][0]
    table.click(*target["screen"])
    moved = table.after(lambda s: s["actions"] == 1, "the move to be taken")
    assert _me(moved)["hex"] == target["hex"]
    assert moved["targets"], "an enemy is in range after the move"
    enemy = moved["targets"][0]
    table.click(*enemy["screen"])
    attacked = table.after(lambda s: s["actions"] == 2 or s["pending"] is not None, "the attack")
    if attacked["pending"] is not None:  # someone may step in: the GM lets the attack through
        table.key("Escape")
        table.after(lambda s: s["pending"] is None, "the decision")
    while (count := table.status()["actions"]) > 1:  # the attack (and any answer to it) taken back
        table.key("ctrl+z")
        table.after(lambda s, count=count: s["actions"] == count - 1, "the undo")
    undone = table.status()
    assert _me(undone)["hex"] == target["hex"] and undone["pending"] is None


def test_overwatch_faces_the_hex_clicked_after_pressing_o(table):
    me = _me(table.status())
    x, y = me["screen"]
    table.key("o")
    table.after(lambda s: s["mode"] == "AimOverwatch", "overwatch aiming")
    table.click(x + 200, y)  # a hex due east of the watcher
    watched = table.after(lambda s: s["actions"] == 1, "the overwatch to be set")
    assert _me(watched)["overwatch"] == 0


def test_the_table_shows_the_reachable_hexes_and_the_side_colour_of_each_token(table):
    import pygame

    pygame.display.init()
    status = table.status()
    reachable = status["moves"][len(status["moves"]) // 2]["screen"]
    me = _me(status)["screen"]
    table.hover(10, 10)
    shot = table.screenshot()
    tinted = shot.get_at(reachable)
    table.key("o")  # aiming overwatch: the reachable hexes are no longer shaded
    table.after(lambda s: s["mode"] == "AimOverwatch", "overwatch aiming")
    plain = table.screenshot().get_at(reachable)
    assert tinted != plain and tinted.b - tinted.r > plain.b - plain.r  # shaded blue
    around = [shot.get_at((me[0] + dx, me[1] + dy)) for dx in range(-12, 13, 3) for dy in range(-12, 13, 3)]
    assert any(abs(c.r - 0x00) < 30 and abs(c.g - 0x72) < 30 and abs(c.b - 0xB2) < 30 for c in around)  # PCs' blue
