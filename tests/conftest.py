"""Fixtures shared by several test modules."""

import json
import os
import shutil
import tempfile
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


FUZZ_REPORT = "HEXBATTLE_FUZZ_REPORT"


def pytest_configure(config):
    """Give the battle fuzzers (tests/fuzz_driver.py) a file to count their steps and laws in,
    unless the run names one (tools/fuzz.py does); worker processes inherit it."""
    if hasattr(config, "workerinput") or os.environ.get(FUZZ_REPORT):
        return
    descriptor, path = tempfile.mkstemp(prefix="hexbattle-fuzz-", suffix=".jsonl")
    os.close(descriptor)
    os.environ[FUZZ_REPORT] = config.fuzz_report_made = path


def pytest_terminal_summary(terminalreporter, config):
    """One line at the end of the run: the steps the battle fuzzers took and the laws they checked."""
    path = os.environ.get(FUZZ_REPORT)
    if hasattr(config, "workerinput") or not path or not os.path.exists(path):
        return
    with open(path, encoding="utf-8") as handle:
        lines = [json.loads(line) for line in handle if line.strip()]
    if getattr(config, "fuzz_report_made", None) == path:
        os.unlink(path)
    if lines:
        steps = {fuzzer: sum(l["steps"] for l in lines if l["fuzzer"] == fuzzer) for fuzzer in ("hypothesis", "seeded")}
        laws = sum(sum(l["laws"].values()) for l in lines)
        pairs = len({l["pair"] for l in lines})
        terminalreporter.write_line(
            f"battle fuzz (profile {lines[0]['profile']}): {sum(steps.values()):,} steps (hypothesis "
            f"{steps['hypothesis']:,}, seeded {steps['seeded']:,}) over {pairs} map/ruleset pairs; "
            f"{laws:,} laws checked")


@pytest.fixture
def headless_app():
    """The real window (two windows) on SDL's dummy video driver, on the default map with the
    briefing put away (`tests/ui_kit.headless_window`); its windows closed after the test."""
    from tests.ui_kit import headless_window

    app = headless_window()
    yield app
    for window in {app.table.window, app.console}:
        window.destroy()
