"""One rule for every reader of the user's files (issue 23): a FIFO, a device or a folder is
never followed, nothing is read past its limit, and no reader waits; every reader goes
through `game.userfiles`."""

import ast
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from autosave_kit import new_battle, play, scenario  # noqa: F401 (fixtures)
from game.rules.catalog import CatalogError, load_catalog
from game.savefile import SaveError, read_save
from game.savefile.autosave import Autosave
from game.savefile.inputs import digest_of
from game.savefile.journal import read_journal
from game.savefile.lock import FightLock
from game.savefile.places import journal_path
from game.scenario import load_scenario
from game.scenario.paths import project_folders

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
DATA = GAME / "data"


@pytest.fixture
def no_waiting():
    """A reader that waits on a FIFO fails the test after 10 s instead of hanging the run."""
    def waited(signum, frame):
        raise AssertionError("a reader waited on a FIFO or a device")
    previous = signal.signal(signal.SIGALRM, waited)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_a_regular_file_is_read_whole_and_nothing_past_the_limit(tmp_path):
    from game.userfiles import TooLarge, read_file
    path = tmp_path / "a.txt"
    path.write_bytes(b"0123456789")
    assert read_file(path, 10) == b"0123456789"
    with pytest.raises(TooLarge) as caught:
        read_file(path, 9)
    assert caught.value.strerror == "is 10 bytes, more than the 9 hexbattle reads"


def test_a_fifo_a_device_and_a_folder_are_refused_without_waiting(tmp_path, no_waiting):
    from game.userfiles import NotAFile, read_file
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a pipe (FIFO)"), (Path("/dev/zero"), "a device or a socket"), (tmp_path, "a folder")):
        with pytest.raises(NotAFile) as caught:
            read_file(path, 100)
        assert caught.value.strerror == f"is {kind}, not a file" and caught.value.filename == str(path)


def test_every_reader_of_the_users_files_refuses_a_fifo_without_waiting(tmp_path, no_waiting):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="is a pipe"):
        read_save(fifo)
    with pytest.raises(OSError):
        read_journal(fifo)
    assert digest_of(fifo) is None
    assert project_folders(fifo) == []
    for suffix in (".tmx", ".tmj"):
        os.mkfifo(tmp_path / f"map{suffix}")
        assert not load_scenario(tmp_path / f"map{suffix}").ok


def test_a_data_file_that_is_a_fifo_is_named_without_waiting(tmp_path, no_waiting):
    for name in ("units.toml", "cover.toml"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    os.mkfifo(tmp_path / "weapons.toml")
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path)
    assert f"{tmp_path / 'weapons.toml'}: cannot be read: is a pipe (FIFO), not a file" in caught.value.problems


def test_a_tileset_or_template_that_is_a_fifo_is_named_without_waiting(tmp_path, no_waiting):
    from test_scenario_loading import hexmap, layer, obj, objects
    os.mkfifo(tmp_path / "terrain.tsx")
    os.mkfifo(tmp_path / "unit.tx")
    units = objects(obj(1, "", "ghost", 28, 32, extra=' template="unit.tx"', shape="<point/>"))
    (tmp_path / "map.tmx").write_text(hexmap(layer("ground"), units))
    messages = [p.message for p in load_scenario(tmp_path / "map.tmx").problems]
    assert "is not a regular file (a device or a pipe); give the path of a map file" in messages


def test_a_lock_or_a_journal_that_is_a_fifo_stops_neither_the_fight_nor_the_autosave(scenario, tmp_path, no_waiting):
    folder = tmp_path / "fight"
    folder.mkdir()
    os.mkfifo(folder / "autosave.lock")
    with pytest.raises(OSError, match="not a lock file"):
        FightLock(folder).acquire()
    os.unlink(folder / "autosave.lock")
    battle = new_battle(scenario)
    autosave = Autosave(folder)
    autosave.attach(battle)
    os.unlink(journal_path(folder, 0))
    os.mkfifo(journal_path(folder, 0))
    play(battle, 2)
    assert len(battle.actions) == 2 and autosave.take_news()[0].startswith(f"autosave failed: {journal_path(folder, 0)}")
    autosave.close()


def _hexbattle(*words: str, root: Path) -> subprocess.CompletedProcess:
    """Run hexbattle in a process of its own (one that waits on a FIFO is stopped after 30 s)."""
    env = dict(os.environ, HEXBATTLE_AUTOSAVE_DIR=str(root), SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "game", *words], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=30)


def test_a_journal_that_is_a_fifo_hangs_no_command(scenario, autosaves):
    battle = new_battle(scenario)
    autosave = Autosave.new_fight(battle, autosaves)
    play(battle, 3)
    autosave.close()
    journal = journal_path(autosave.folder, 0)
    journal.unlink()
    os.mkfifo(journal)
    window = ("--frames", "1", "--no-animations")
    for words in (("resume", "--list"), ("resume", *window), ("resume", str(autosave.folder), *window),
                  ("replay", str(autosave.folder))):
        done = _hexbattle(*words, root=autosaves)
        assert "Traceback" not in done.stderr, (words, done.stderr)
        if words[-1] == "--list" or words[0] == "replay":
            assert done.returncode == 0, (words, done.stderr)
    assert journal.exists()


READING_CALLS = {"read_bytes", "read_text", "read", "load", "parse"}


def _reads_files(path: Path) -> list[str]:
    """Calls in a module that open or read a file other than through game.userfiles."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        if isinstance(function, ast.Name) and function.id == "open":
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} open()")
        elif isinstance(function, ast.Attribute) and function.attr in ("read_bytes", "read_text", "open") \
                and not (isinstance(function.value, ast.Name) and function.value.id in ("os", "self", "webbrowser")):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} .{function.attr}()")
        elif isinstance(function, ast.Attribute) and function.attr in ("load", "parse") \
                and isinstance(function.value, ast.Name) and function.value.id in ("json", "tomllib", "ET", "ElementTree"):
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} {function.value.id}.{function.attr}()")
    return found


def test_no_module_outside_game_userfiles_opens_a_file_to_read_it():
    offenders = [call for path in sorted(GAME.rglob("*.py")) if path.name != "userfiles.py" and "ui" not in path.parts
                 for call in _reads_files(path)]
    assert offenders == []
