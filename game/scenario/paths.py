"""Which files a map may use: the folder of its Tiled project, else the folder above its own.

scenario-format.md, "Files a map may use". The area is the nearest folder, from the map's own
folder up to 4 levels up, that holds a `.tiled-project` file (or has a direct sub-folder holding
one whose `folders` list contains the map, as in `assets/projects/`); the project's listed
folders count too, but only inside the folder above that one, so a project listing `/` or
`../../..` widens nothing. With no project the area is the folder above the map's folder, so
`maps/x.tmx` may use `../tilesets/t.tsx`. A filesystem root is never the area. `--root` adds a
folder by hand.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from game.userfiles import read_text

PROJECT_LEVELS = 4
MAX_PROJECT_BYTES = 1_000_000
MAX_SUBFOLDERS = 200  # per ancestor, so a map in a huge folder does not scan forever
AREA = ("the folder of its Tiled project, or without one the folder above the map's folder, "
        "and --root")


@dataclass(frozen=True, slots=True)
class PathPolicy:
    """The folders a map may read files from (resolved), and how to name them in messages."""

    allowed: tuple[Path, ...]

    def resolve(self, reference: str, base_dir: Path) -> tuple[Path | None, str | None]:
        """The file a reference names, or None and why it is refused."""
        if not reference or "\0" in reference:
            return None, f"has an empty or unreadable file reference {reference!r}"
        if os.path.isabs(reference) or reference.startswith(("\\", "/")) or _has_drive(reference):
            return None, (f"refers to '{reference}' by an absolute path, which hexbattle refuses; "
                          "use a path relative to the file")
        target = (base_dir / reference).resolve()
        if any(target.is_relative_to(folder) for folder in self.allowed):
            return target, None
        return None, (f"refers to '{reference}', which is outside the folders this map may use ({AREA}); "
                      f"keep tilesets and templates there, or widen the area with --root")


def _has_drive(reference: str) -> bool:
    """A Windows drive path such as C:/tiles/x.tsx."""
    return len(reference) > 2 and reference[1] == ":" and reference[0].isalpha()


def policy_for_map(map_path: Path, root: str | os.PathLike[str] | None = None) -> PathPolicy:
    """The allowed area for one map: its project's folder (or the one above its own), and root."""
    map_path = map_path.resolve()
    home, projects = project_home(map_path)
    if home is None:
        folders = [_above(map_path.parent)]
    else:
        bound = _above(home)
        folders = [home]
        for project in projects:
            folders.extend(f for f in project_folders(project)
                           if f.is_relative_to(bound) and f != Path(f.anchor) and f not in folders)
    if root is not None:
        folders.append(Path(root).resolve())
    return PathPolicy(tuple(folders))


def find_projects(map_path: Path) -> list[Path]:
    """The Tiled project files that set this (resolved) map's area, sorted."""
    return project_home(map_path)[1]


def project_home(map_path: Path) -> tuple[Path | None, list[Path]]:
    """The nearest folder holding the map's Tiled project, with its project files; None, [] if none."""
    ancestors = [map_path.parent, *list(map_path.parent.parents)[:PROJECT_LEVELS]]
    for folder in ancestors:
        own = _projects_in(folder)
        if own:
            return folder, own
        beside = [p for sub in _subfolders(folder) for p in _projects_in(sub)
                  if any(map_path.is_relative_to(f) for f in project_folders(p))]
        if beside:
            return folder, sorted(beside)
    return None, []


def _above(folder: Path) -> Path:
    """The folder above this one, unless that is a filesystem root (then this one)."""
    parent = folder.parent
    return folder if parent == Path(parent.anchor) else parent


def _projects_in(folder: Path) -> list[Path]:
    """The .tiled-project files directly in one folder, sorted."""
    try:
        return sorted(p for p in folder.glob("*.tiled-project") if p.is_file())
    except OSError:
        return []


def _subfolders(folder: Path) -> list[Path]:
    """A folder's direct sub-folders, sorted, at most MAX_SUBFOLDERS of them."""
    try:
        subs = sorted(p for p in folder.iterdir() if p.is_dir())
    except OSError:
        return []
    return subs[:MAX_SUBFOLDERS]


def project_folders(project: Path) -> list[Path]:
    """The resolved `folders` of a Tiled project file; none when it cannot be read."""
    try:
        data = json.loads(read_text(project, MAX_PROJECT_BYTES))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return []  # an unreadable project widens nothing
    folders = data.get("folders") if isinstance(data, dict) else None
    if not isinstance(folders, list):
        return []
    base = project.parent
    return [(base / f).resolve() for f in folders if isinstance(f, str) and f and "\0" not in f]
