"""Fixtures shared by several test modules."""

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings

# On CI, property tests draw the same examples every run (a rare case found by chance must not
# decide whether work lands); at a desk they explore freshly each time, and what they find is
# kept in hypothesis' example database and tried first next time.
# Neither profile has a deadline: an example's time says nothing about the rules, and on a loaded
# machine (CI's two cores, or a test run beside other work) a slow first example is not a failure.
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.register_profile("desk", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "desk")

BAD_MAPS = Path(__file__).resolve().parent / "bad_maps"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A scratch folder holding the small test tileset, for maps written by a test."""
    shutil.copy(BAD_MAPS / "terrain.tsx", tmp_path)
    shutil.copy(BAD_MAPS / "terrain.png", tmp_path)
    return tmp_path


@pytest.fixture(autouse=True)
def autosaves(tmp_path_factory, monkeypatch) -> Path:
    """Every test (and every hexbattle it starts) autosaves into a scratch folder of its own,
    never into the user's state folder, and never finds another test's fight to resume."""
    root = tmp_path_factory.mktemp("autosaves")
    monkeypatch.setenv("HEXBATTLE_AUTOSAVE_DIR", str(root))
    return root


@pytest.fixture(autouse=True)
def user_folders(tmp_path_factory, monkeypatch) -> dict[str, Path]:
    """Every test (and every hexbattle it starts) keeps map pictures and saves F12's screenshots
    in scratch folders of its own, never in the user's cache or pictures folders."""
    folders = {"cache": tmp_path_factory.mktemp("cache"), "screenshots": tmp_path_factory.mktemp("screenshots")}
    monkeypatch.setenv("HEXBATTLE_CACHE_DIR", str(folders["cache"]))
    monkeypatch.setenv("HEXBATTLE_SCREENSHOT_DIR", str(folders["screenshots"]))
    return folders
