"""Fixtures shared by several test modules."""

import shutil
from pathlib import Path

import pytest

BAD_MAPS = Path(__file__).resolve().parent / "bad_maps"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A scratch folder holding the small test tileset, for maps written by a test."""
    shutil.copy(BAD_MAPS / "terrain.tsx", tmp_path)
    shutil.copy(BAD_MAPS / "terrain.png", tmp_path)
    return tmp_path
