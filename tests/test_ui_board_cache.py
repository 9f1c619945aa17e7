"""The map's picture kept between starts (game.ui.board_cache): the same picture as one drawn
afresh; a stale, corrupt or unwritable cache never shows a wrong picture nor stops anything."""

from __future__ import annotations

import errno
import os
import shutil
from pathlib import Path

import pytest

from tests.ui_kit import BAD, BASELINE, marked_map, quadrant_tile
from tests.ui_window_kit import Table, display, needs_xvfb  # noqa: F401  (display: a fixture)

import pygame  # noqa: E402  (after ui_kit set the dummy driver)

from game.savefile import battle_from_map
from game.ui import board_cache
from game.ui.board import Board
from game.ui.board_cache import BoardCache, cache_root
from game.ui.render import Frame, camera_for, start_headless

ROOT = Path(__file__).resolve().parent.parent
MAPS = sorted((ROOT / "maps").glob("*.tmx"))


@pytest.fixture(autouse=True)
def headless():
    start_headless()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


def kept_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"*{board_cache.SUFFIX}"))


def frame_drawn(battle, board_cache_: BoardCache, size=(1100, 700), view="table") -> pygame.Surface:
    """A whole frame of the battle, its board read through `board_cache_`."""
    frame = Frame(battle, view, Board(battle.scenario, cache=board_cache_))
    surface = pygame.Surface(size)
    frame.draw(surface, battle, camera_for(battle, frame.board, size))
    return surface


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_kept_picture_is_the_one_drawn_afresh_on_every_bundled_map(path, tmp_path):
    scenario = battle_from_map(path, 1).scenario
    fresh = Board(scenario, cache=BoardCache(None))
    first = Board(scenario, cache=BoardCache(tmp_path))
    assert pixels(first.native()) == pixels(fresh.native()) and len(kept_files(tmp_path)) == 1
    kept = Board(scenario, cache=BoardCache(tmp_path))
    assert kept._native is not None and kept.images._files == {}, "read back, no tile image loaded"
    assert kept.bounds == fresh.bounds
    assert pixels(kept.native()) == pixels(fresh.native())
    for zoom in (0.5, 1.0, 1.37):
        assert pixels(kept.surface(zoom)) == pixels(fresh.surface(zoom))


def test_a_frame_drawn_from_the_kept_picture_equals_one_drawn_without_it(tmp_path):
    battle = battle_from_map(ROOT / "maps" / "relay_station_ambush.tmx", 1)
    frame_drawn(battle, BoardCache(tmp_path))  # keeps the picture
    for view in ("table", "console"):
        assert pixels(frame_drawn(battle, BoardCache(tmp_path), view=view)) == \
            pixels(frame_drawn(battle, BoardCache(None), view=view))


def test_the_users_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXBATTLE_CACHE_DIR", str(tmp_path / "mine"))
    assert cache_root() == tmp_path / "mine"
    monkeypatch.delenv("HEXBATTLE_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "hexbattle" / "boards"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache_root() == tmp_path / "home" / ".cache" / "hexbattle" / "boards"


def test_a_board_made_without_a_cache_uses_the_users(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXBATTLE_CACHE_DIR", str(tmp_path / "cache"))
    Board(battle_from_map(ROOT / "maps" / "cinder_well.tmx", 1).scenario).native()
    assert len(kept_files(tmp_path / "cache")) == 1


def test_an_image_edited_on_disk_is_drawn_afresh_not_read_back(tmp_path):
    path = marked_map(tmp_path, [5, 5, 5, 0, 0, 0])
    cache = BoardCache(tmp_path / "cache")
    before = pixels(Board(battle_from_map(path, 1).scenario, cache=cache).native())
    mark = pygame.Surface((56, 64))
    mark.fill((200, 0, 200))
    pygame.image.save(mark, str(tmp_path / "marks.png"))  # same size, same name, new pixels
    scenario = battle_from_map(path, 1).scenario
    after = Board(scenario, cache=cache)
    assert after._native is None, "the edited image changed the key"
    assert pixels(after.native()) != before
    assert pixels(after.native()) == pixels(Board(scenario, cache=BoardCache(None)).native())


def test_a_map_edited_on_disk_is_drawn_afresh_not_read_back(tmp_path):
    cache = BoardCache(tmp_path / "cache")
    first = marked_map(tmp_path, [5, 0, 0, 0, 0, 0])
    Board(battle_from_map(first, 1).scenario, cache=cache).native()
    moved = marked_map(tmp_path, [0, 0, 0, 0, 0, 5])  # the same file, the mark elsewhere
    scenario = battle_from_map(moved, 1).scenario
    board = Board(scenario, cache=cache)
    assert board._native is None
    assert pixels(board.native()) == pixels(Board(scenario, cache=BoardCache(None)).native())


@pytest.mark.parametrize("spoil", ["cut short", "one byte changed", "empty", "another file", "another layout"])
def test_a_corrupt_kept_picture_is_drawn_afresh_and_replaced_silently(tmp_path, spoil):
    scenario = battle_from_map(ROOT / "maps" / "squad_ridge.tmx", 1).scenario
    cache = BoardCache(tmp_path)
    Board(scenario, cache=cache).native()
    [kept] = kept_files(tmp_path)
    data = bytearray(kept.read_bytes())
    start = len(board_cache.MAGIC)
    if spoil == "cut short":
        data = data[:len(data) // 2]
    elif spoil == "one byte changed":
        data[len(data) // 3] ^= 0x40
    elif spoil == "empty":
        data = bytearray()
    elif spoil == "another file":
        data = bytearray(b"\x89PNG\r\n\x1a\n" + bytes(data[8:]))
    else:  # a picture written with other colour masks: its pixels would read as other colours
        fields = list(board_cache.HEADER.unpack_from(data, start))
        fields[6], fields[8] = fields[8], fields[6]
        board_cache.HEADER.pack_into(data, start, *fields)
        fields[-1] = board_cache.zlib.crc32(memoryview(data)[start + board_cache.HEADER.size:])
        board_cache.HEADER.pack_into(data, start, *fields)
    kept.write_bytes(bytes(data))
    board = Board(scenario, cache=cache)
    assert board._native is None and not kept.exists(), "a spoilt picture is never used, and removed"
    assert pixels(board.native()) == pixels(Board(scenario, cache=BoardCache(None)).native())
    assert Board(scenario, cache=cache)._native is not None, "the picture drawn afresh replaced it"


def test_a_cache_folder_that_cannot_be_made_only_means_drawing_again(tmp_path):
    (tmp_path / "a file").write_text("not a folder")
    scenario = battle_from_map(ROOT / "maps" / "squad_ridge.tmx", 1).scenario
    cache = BoardCache(tmp_path / "a file" / "boards")
    board = Board(scenario, cache=cache)
    assert pixels(board.native()) == pixels(Board(scenario, cache=BoardCache(None)).native())
    assert Board(scenario, cache=cache)._native is None


def test_a_full_disk_only_means_drawing_again_and_leaves_no_part_file(tmp_path, monkeypatch):
    def full(self, data):
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(Path, "write_bytes", full)
    scenario = battle_from_map(ROOT / "maps" / "squad_ridge.tmx", 1).scenario
    board = Board(scenario, cache=BoardCache(tmp_path))
    assert pixels(board.native()) == pixels(Board(scenario, cache=BoardCache(None)).native())
    assert list(tmp_path.iterdir()) == []


def test_the_least_recently_used_pictures_go_beyond_the_bound(tmp_path, monkeypatch):
    scenarios = [battle_from_map(ROOT / "maps" / f"{name}.tmx", 1).scenario
                 for name in ("squad_ridge", "cinder_well", "dust_market")]  # pictures of one size
    cache = BoardCache(tmp_path)
    Board(scenarios[0], cache=cache).native()
    [first] = kept_files(tmp_path)
    monkeypatch.setattr(board_cache, "KEEP_BYTES", 2 * first.stat().st_size + 10)
    Board(scenarios[1], cache=cache).native()
    [second] = [path for path in kept_files(tmp_path) if path != first]
    os.utime(first, (1, 1))  # the first is the older...
    os.utime(second, (2, 2))
    assert Board(scenarios[0], cache=cache)._native is not None  # ...until it is read again
    Board(scenarios[2], cache=cache).native()
    assert len(kept_files(tmp_path)) == 2
    assert first.exists() and not second.exists(), "the one unused longest went"


def test_a_tile_whose_image_is_missing_keeps_its_stand_in_colour_through_the_cache(tmp_path):
    path = marked_map(tmp_path, [5, 0, 0, 0, 0, 0])
    (tmp_path / "marks.png").unlink()
    scenario = battle_from_map(path, 1).scenario
    cache = BoardCache(tmp_path / "cache")
    Board(scenario, cache=cache).native()
    kept = Board(scenario, cache=cache)
    assert kept._native is not None
    assert pixels(kept.native()) == pixels(Board(scenario, cache=BoardCache(None)).native())
    quadrant_tile(tmp_path / "marks.png")  # the image comes back: drawn afresh with it
    assert Board(battle_from_map(path, 1).scenario, cache=cache)._native is None


def test_the_baseline_map_copied_elsewhere_is_kept_apart(tmp_path):
    """Two copies of a map in two folders read their own tile images: never one another's picture."""
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        for file in ("terrain.tsx", "terrain.png"):
            shutil.copy(BAD / file, tmp_path / name)
        shutil.copy(BASELINE, tmp_path / name)
    cache = BoardCache(tmp_path / "cache")
    Board(battle_from_map(tmp_path / "a" / "baseline.tmx", 1).scenario, cache=cache).native()
    assert Board(battle_from_map(tmp_path / "b" / "baseline.tmx", 1).scenario, cache=cache)._native is None


@needs_xvfb
def test_the_window_opens_and_plays_when_its_cache_folder_cannot_be_written(display, tmp_path):
    (tmp_path / "a file").write_text("not a folder")
    env = dict(os.environ, HEXBATTLE_CACHE_DIR=str(tmp_path / "a file" / "boards"))
    table = Table(display, tmp_path, extra=(), env=env)
    try:
        status = table.status()
        table.key("e")  # the first actor's turn ends: the window plays
        table.after(lambda s: s["actions"] > status["actions"], "the turn to end")
        assert not (tmp_path / "a file" / "boards").exists()
    finally:
        assert "Traceback" not in table.close()


@needs_xvfb
def test_a_second_start_reads_the_picture_the_first_kept(display, tmp_path):
    cache = tmp_path / "boards"
    env = dict(os.environ, HEXBATTLE_CACHE_DIR=str(cache))
    for run in ("first", "second"):
        (tmp_path / run).mkdir()
        table = Table(display, tmp_path / run, extra=(), env=env)
        picture = table.screenshot()
        assert "Traceback" not in table.close()
        if run == "first":
            [kept] = kept_files(cache)
            first = pixels(picture)
    assert kept_files(cache) == [kept] and pixels(picture) == first
