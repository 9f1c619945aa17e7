"""Where `hexbattle balance` may write: checked before the search, so a refusal writes nothing.

The balanced map (--out) is a .tmx written from a .tmx, never over its input, into a folder
that exists and may be written to, from where the map's tilesets and templates can still be
reached (its relative references are rewritten when it lies elsewhere than the original, and
must stay inside the folders a map may use: scenario-format.md, "Files a map may use"). The
JSON report goes to a writable folder too.
"""

from __future__ import annotations

import os
from pathlib import Path

from game.savefile.atomic import WriteError, refuse_special
from game.scenario.map_edits import MapEditError, MapEdits, read_map
from game.scenario.paths import policy_for_map
from game.simulate.balance import BalanceError
from game.simulate.balance_map import file_references, moved_reference


def check_out(out: Path | None, source: Path, report: Path | None) -> None:
    """Refuse (BalanceError) an --out or --json the results could not be written to."""
    if out is not None:
        _check_map_out(Path(out), source)
    if report is not None:
        _check_folder(Path(report), "--json")
        if _same_file(Path(report), source):
            raise BalanceError(f"--json {report}: that is the map itself; name another file")


def _check_map_out(out: Path, source: Path) -> None:
    """The balanced map's path: a .tmx beside or near the original, never the original."""
    if source.suffix.lower() != ".tmx":
        raise BalanceError(f"--out: {source.name} is not a .tmx map; save it as .tmx in Tiled to write a balanced copy")
    if out.suffix.lower() != ".tmx":
        raise BalanceError(f"--out {out}: name a .tmx file (the balanced map is written as Tiled's .tmx)")
    if _same_file(out, source):
        raise BalanceError(f"--out {out}: that is the map being balanced; hexbattle balance never writes over its "
                           "input, so name a new file")
    _check_folder(out, "--out")
    for reference in _unreachable(source, out):
        raise BalanceError(f"--out {out}: from there the map could not use {reference} (a map may only use files in "
                           "its Tiled project's folder, or the folder above its own); write it beside the original")


def _check_folder(path: Path, option: str) -> None:
    """The file's folder must exist and be writable, and nothing but a file may be at the path."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise BalanceError(f"{option} {path}: the folder {folder} does not exist; create it or write elsewhere")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise BalanceError(f"{option} {path}: the folder {folder} cannot be written to; write elsewhere")
    try:
        refuse_special(path)
    except WriteError as error:
        raise BalanceError(f"{option} {error}") from None


def _same_file(a: Path, b: Path) -> bool:
    """Whether two paths name one file (the same path, or two links to it)."""
    try:
        return a.resolve() == b.resolve() or (a.exists() and os.path.samefile(a, b))
    except OSError:
        return False


def _unreachable(source: Path, out: Path) -> list[str]:
    """The map's file references that the map written at `out` could not use."""
    if source.resolve().parent == out.resolve().parent:
        return []
    try:
        spans = MapEdits(read_map(source)).spans
    except (OSError, MapEditError):
        return []  # the map itself is refused elsewhere, naming why
    policy = policy_for_map(out.resolve())
    folder = out.resolve().parent
    return [value for _, _, value in file_references(spans)
            if policy.resolve(moved_reference(value, source.parent, folder), folder)[1] is not None]
