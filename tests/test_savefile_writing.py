"""Writing a save is atomic and safe: whole or not at all, never over a FIFO, errors in words."""

import errno
import json
import os
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import game.savefile as savefile
from game.players.plain import choose_action
from game.savefile import SaveError, battle_from_map, write_save

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_MAP = ROOT / "maps" / "relay_station_ambush.tmx"


@pytest.fixture(scope="module")
def battles():
    """Two battles on the bundled default map: 5 and 40 computer actions in."""
    short, long = battle_from_map(DEFAULT_MAP, seed=1), battle_from_map(DEFAULT_MAP, seed=1)
    for count, battle in ((5, short), (40, long)):
        for _ in range(count):
            battle.submit(choose_action(battle))
    return short, long


def _leftovers(folder: Path, keep: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != keep)


def test_a_save_leaves_no_temporary_file_and_keeps_a_readable_mode(battles, tmp_path):
    write_save(battles[0], tmp_path / "save.json")
    assert _leftovers(tmp_path, "save.json") == []
    assert os.stat(tmp_path / "save.json").st_mode & 0o644 == 0o644


def _full_disk(real_fdopen):
    """os.fdopen whose file fails to write as a full disk does."""
    class FullDisk:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        def __getattr__(self, name):
            return getattr(self.handle, name)
    return lambda fd, *args, **kwargs: FullDisk(real_fdopen(fd, *args, **kwargs))


def test_a_full_disk_is_a_clear_message_and_the_old_save_is_intact(battles, tmp_path, monkeypatch):
    save = tmp_path / "save.json"
    write_save(battles[0], save)
    before = save.read_bytes()
    monkeypatch.setattr(os, "fdopen", _full_disk(os.fdopen))
    with pytest.raises(SaveError) as caught:
        write_save(battles[1], save)
    assert str(caught.value) == (f"{save}: cannot be written (the disk is full; free some space or save "
                                 "somewhere else); any earlier file there is unchanged")
    assert save.read_bytes() == before and _leftovers(tmp_path, "save.json") == []


def test_a_failing_fsync_or_rename_leaves_no_temporary_file(battles, tmp_path, monkeypatch):
    save = tmp_path / "save.json"
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(errno.EIO, "Input/output error")))
    with pytest.raises(SaveError, match="cannot be written .Input/output error."):
        write_save(battles[0], save)
    monkeypatch.undo()
    monkeypatch.setattr(os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only")))
    with pytest.raises(SaveError, match="the disk is read-only; save somewhere else"):
        write_save(battles[0], save)
    assert list(tmp_path.iterdir()) == []


def test_no_permission_is_a_clear_message(battles, tmp_path, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr("tempfile.mkstemp", refuse)
    with pytest.raises(SaveError, match="save.json: cannot be written .permission denied; save in a folder"):
        write_save(battles[0], tmp_path / "save.json")


@pytest.mark.parametrize("name, message", [
    ("no-such-folder/save.json", "the folder does not exist; create it or save somewhere else"),
    ("x" * 300 + ".json", "the name is too long; choose a shorter one"),
])
def test_real_os_errors_name_the_path_and_what_to_do(battles, tmp_path, name, message):
    with pytest.raises(SaveError) as caught:
        write_save(battles[0], tmp_path / name)
    assert str(caught.value).startswith(f"{tmp_path / name}: cannot be written ({message})")
    assert list(tmp_path.iterdir()) == []


def test_a_fifo_a_device_a_folder_or_a_link_to_them_is_never_replaced(battles, tmp_path):
    fifo, folder, link = tmp_path / "pipe.json", tmp_path / "folder.json", tmp_path / "link.json"
    os.mkfifo(fifo)
    folder.mkdir()
    link.symlink_to(fifo)
    for path in (fifo, folder, link, Path(os.devnull)):
        with pytest.raises(SaveError, match="not a file; hexbattle will not replace it"):
            write_save(battles[0], path)
    assert fifo.is_fifo() and folder.is_dir() and link.is_symlink() and Path(os.devnull).is_char_device()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.json", "link.json", "pipe.json"]


def test_the_writer_refuses_a_save_the_reader_would_refuse(battles, tmp_path, monkeypatch):
    save = tmp_path / "save.json"
    write_save(battles[0], save)
    before = save.read_bytes()
    monkeypatch.setattr(savefile, "MAX_ACTIONS", 10)
    with pytest.raises(SaveError, match="40 actions is more than a hexbattle save holds .10.; not saved"):
        write_save(battles[1], save)
    monkeypatch.setattr(savefile, "MAX_SAVE_BYTES", 1000)
    with pytest.raises(SaveError, match="more than a hexbattle save holds .1000.; any earlier file"):
        write_save(battles[1], save)
    assert save.read_bytes() == before


def _stand_in(battle, seed):
    """The parts of a battle a save is made from, with another seed."""
    return SimpleNamespace(scenario=battle.scenario, seed=seed, actions=(), catalog=battle.catalog)


@settings(max_examples=60, deadline=None)
@given(seed=st.one_of(st.integers(min_value=-10 ** 4400, max_value=10 ** 4400), st.text(max_size=50),
                      st.booleans(), st.floats(allow_nan=True), st.none()))
def test_anything_written_can_be_read_back(battles, tmp_path_factory, seed):
    save = tmp_path_factory.mktemp("seed") / "save.json"
    try:
        write_save(_stand_in(battles[0], seed), save)
    except SaveError:
        assert not save.exists()
        return
    assert savefile._read(save)["seed"] == seed


def test_concurrent_writers_never_show_a_reader_half_a_save(battles, tmp_path):
    save = tmp_path / "save.json"
    wanted = [json.dumps(savefile.save_data(b, save), indent=1) + "\n" for b in battles]
    write_save(battles[0], save)
    stop, seen, failures = threading.Event(), set(), []

    def writer(battle):
        while not stop.is_set():
            write_save(battle, save)

    threads = [threading.Thread(target=writer, args=(b,)) for b in battles * 2]
    for thread in threads:
        thread.start()
    try:
        for _ in range(300):
            text = save.read_text()
            (seen.add if text in wanted else failures.append)(text)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert failures == [] and seen
    assert _leftovers(tmp_path, "save.json") == []
