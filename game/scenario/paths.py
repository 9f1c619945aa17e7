"""Which files a map may use: its own folder, its Tiled project's folders, and --root.

scenario-format.md, "Files a map may use". A Tiled project counts when its `.tiled-project`
file sits in the map's folder, in one of its ancestors (up to 4 levels up), or in a direct
sub-folder of one of those, and its `folders` list contains the map.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

PROJECT_LEVELS = 4
MAX_PROJECT_BYTES = 1_000_000
MAX_SUBFOLDERS = 200  # per ancestor, so a map in a huge folder does not scan forever


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
        return None, (f"refers to '{reference}', which is outside the folders this map may use "
                      f"(the map's folder and its Tiled project's folders); keep tilesets and "
                      f"templates there, or widen the area with --root")


def _has_drive(reference: str) -> bool:
    """A Windows drive path such as C:/tiles/x.tsx."""
    return len(reference) > 2 and reference[1] == ":" and reference[0].isalpha()


def policy_for_map(map_path: Path, root: str | os.PathLike[str] | None = None) -> PathPolicy:
    """The allowed area for one map: its folder, its projects' folders, and root if given."""
    map_path = map_path.resolve()
    folders = [map_path.parent]
    for _, listed in _projects_of(map_path):
        folders.extend(f for f in listed if f not in folders)
    if root is not None:
        folders.append(Path(root).resolve())
    return PathPolicy(tuple(folders))


def find_projects(map_path: Path) -> list[Path]:
    """The Tiled project files whose folders contain this (resolved) map, sorted."""
    return [project for project, _ in _projects_of(map_path)]


def _projects_of(map_path: Path) -> list[tuple[Path, list[Path]]]:
    """Each project containing the map, with its folders."""
    found = []
    for candidate in _candidate_projects(map_path.parent):
        folders = project_folders(candidate)
        if any(map_path.is_relative_to(folder) for folder in folders):
            found.append((candidate, folders))
    return found


def _candidate_projects(map_dir: Path) -> list[Path]:
    """Every .tiled-project file in the searched folders, sorted and without repeats."""
    ancestors = [map_dir, *list(map_dir.parents)[:PROJECT_LEVELS]]
    candidates: set[Path] = set()
    for folder in ancestors:
        candidates.update(_projects_in(folder))
        for sub in _subfolders(folder):
            candidates.update(_projects_in(sub))
    return sorted(candidates)


def _projects_in(folder: Path) -> list[Path]:
    """The .tiled-project files directly in one folder."""
    try:
        return [p for p in folder.glob("*.tiled-project") if p.is_file()]
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
        if project.stat().st_size > MAX_PROJECT_BYTES:
            return []
        data = json.loads(project.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return []  # an unreadable project widens nothing
    folders = data.get("folders") if isinstance(data, dict) else None
    if not isinstance(folders, list):
        return []
    base = project.parent
    return [(base / f).resolve() for f in folders if isinstance(f, str) and f and "\0" not in f]
