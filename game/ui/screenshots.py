"""F12: a picture of each window, saved where the GM finds it, and a message saying where.

With `--shots DIR` the pictures are DIR/table.png and DIR/console.png, replaced at every press
(tests and tools read them there). Without it they go to the user's pictures folder, in a
`hexbattle` folder of its own, named after the moment they were taken, so no press ever
replaces an earlier picture: `$HEXBATTLE_SCREENSHOT_DIR` when set, else the pictures folder the
desktop names (`XDG_PICTURES_DIR` in `~/.config/user-dirs.dirs`), else `~/Pictures`, and when
the user has no pictures folder, `~/hexbattle-screenshots`. A folder that cannot be made or
written, or a full disk, is a message; the fight goes on.
"""

from __future__ import annotations

import os
import re
import time
from contextlib import suppress
from pathlib import Path

import pygame

SCREENSHOT_ENVIRONMENT = "HEXBATTLE_SCREENSHOT_DIR"
NO_PICTURES_FOLDER = "hexbattle-screenshots"


def default_folder() -> Path:
    """Where F12 saves pictures when no `--shots` folder was given (see the module's docstring)."""
    if os.environ.get(SCREENSHOT_ENVIRONMENT):
        return Path(os.environ[SCREENSHOT_ENVIRONMENT])
    pictures = desktop_pictures_folder()
    return pictures / "hexbattle" if pictures is not None else Path.home() / NO_PICTURES_FOLDER


def desktop_pictures_folder() -> Path | None:
    """The user's pictures folder, when there is one: the one the desktop names, else ~/Pictures."""
    home = Path.home()
    config = Path(os.environ.get("XDG_CONFIG_HOME") or home / ".config") / "user-dirs.dirs"
    try:
        named = re.search(r'^XDG_PICTURES_DIR="([^"]*)"', config.read_text(encoding="utf-8"), re.MULTILINE)
    except (OSError, UnicodeDecodeError):
        named = None
    folders = [Path(named.group(1).replace("$HOME", str(home)))] if named else []
    for folder in [*folders, home / "Pictures"]:
        if folder.is_absolute() and folder != home and folder.is_dir():
            return folder
    return None


def save_screenshots(pictures: list[tuple[str, pygame.Surface]], shots: Path | None) -> tuple[bool, str]:
    """Save each (name, surface) picture: into `shots` as NAME.png, or, when `shots` is None,
    into the default folder under names with the time. Returns whether they were saved and
    what the window says: where they went, or why they could not be saved."""
    folder = shots if shots is not None else default_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        stamp = None if shots is not None else free_stamp(folder, [name for name, _ in pictures])
        saved = [save_one(surface, folder / (f"{name}.png" if stamp is None else f"hexbattle-{stamp}-{name}.png"))
                 for name, surface in pictures]
    except (OSError, pygame.error) as error:
        return False, f"Screenshots not saved: {shown(folder)} cannot be written ({reason(error)})"
    return True, f"Screenshots saved in {shown(folder)}: {', '.join(path.name for path in saved)}"


def free_stamp(folder: Path, names: list[str]) -> str:
    """The moment as a name's stamp, with a number after it when pictures of that second exist."""
    moment = time.strftime("%Y-%m-%d_%H-%M-%S")
    stamp, count = moment, 1
    while any((folder / f"hexbattle-{stamp}-{name}.png").exists() for name in names):
        count += 1
        stamp = f"{moment}_{count}"
    return stamp


def save_one(surface: pygame.Surface, path: Path) -> Path:
    """Save one picture whole or not at all: a reader never sees half a picture."""
    part = path.with_name(f"{path.stem}.part.png")
    try:
        pygame.image.save(surface, str(part))
        os.replace(part, path)
    except (OSError, pygame.error):
        with suppress(OSError):
            part.unlink()
        raise
    return path


def shown(folder: Path) -> str:
    """A folder as the GM reads it: under the home folder, from ~."""
    try:
        return str(Path("~") / folder.relative_to(Path.home()))
    except ValueError:
        return str(folder)


def reason(error: Exception) -> str:
    """Why a save failed, in a few words."""
    return getattr(error, "strerror", None) or str(error) or type(error).__name__
