"""What the balance tests share: the baseline skirmish (tests/bad_maps: Sgt Kim against Thug A,
the PCs win about 84% of computer-played fights, a fight lasts a few rounds) copied into a folder
of its own, as it is or changed."""

from __future__ import annotations

from pathlib import Path

BASELINE = Path(__file__).resolve().parent / "bad_maps" / "baseline.tmx"


def copy_skirmish(folder: Path, text: str | None = None, name: str = "baseline.tmx") -> Path:
    """The skirmish with its tileset and image in `folder` (its text replaced when given)."""
    for part in ("terrain.tsx", "terrain.png"):
        (folder / part).write_bytes((BASELINE.parent / part).read_bytes())
    path = folder / name
    path.write_bytes((text or BASELINE.read_text()).encode())
    return path
