"""`hexbattle render` on bad input: one clear line on stderr, exit status 1, never a traceback."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from tests.ui_kit import BAD, BASELINE, colour, rendered

import pygame  # noqa: E402

from game.actions import EndTurn
from game.cli import main
from game.savefile import battle_from_map, write_save


@pytest.fixture
def baseline(tmp_path):
    """A copy of the baseline map in a scratch folder."""
    for name in ("terrain.tsx", "terrain.png", "baseline.tmx"):
        shutil.copy(BAD / name, tmp_path)
    return tmp_path / "baseline.tmx"


def _fails(capsys, *argv) -> str:
    """Run the command; it must exit 1 with exactly one line on stderr; that line."""
    assert main(["render", *argv]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("hexbattle render: ")
    return err


def test_a_missing_map_is_named(tmp_path, capsys):
    assert "no such map file" in _fails(capsys, str(tmp_path / "nope.tmx"), str(tmp_path / "out.png"))


def test_a_broken_map_gives_its_first_problem(tmp_path, capsys):
    err = _fails(capsys, str(BAD / "malformed.tmx"), str(tmp_path / "out.png"))
    assert "malformed.tmx" in err and "not well-formed XML" in err


def test_a_map_with_an_error_names_the_map(tmp_path, capsys):
    err = _fails(capsys, str(BAD / "unknown_unit_type.tmx"), str(tmp_path / "out.png"))
    assert "unknown_unit_type.tmx" in err


def test_an_unwritable_image_is_named_and_nothing_is_left_behind(baseline, tmp_path, capsys):
    err = _fails(capsys, str(baseline), str(tmp_path / "no folder" / "out.png"))
    assert "cannot be written" in err and "out.png" in err


def test_an_image_path_that_is_a_folder_is_refused(baseline, tmp_path, capsys):
    (tmp_path / "pic.png").mkdir()
    assert "not a file" in _fails(capsys, str(baseline), str(tmp_path / "pic.png"))


@pytest.mark.parametrize("size", ["big", "10x10", "1920x", "99999x100", "0x0"])
def test_a_bad_size_says_what_a_size_looks_like(baseline, tmp_path, capsys, size):
    assert "WIDTHxHEIGHT" in _fails(capsys, str(baseline), str(tmp_path / "out.png"), "--size", size)


def test_the_image_must_be_a_png(baseline, tmp_path, capsys):
    assert ".png" in _fails(capsys, str(baseline), str(tmp_path / "out.jpg"))


def test_a_missing_save_is_named(tmp_path, capsys):
    assert "nope.json" in _fails(capsys, "--save", str(tmp_path / "nope.json"), str(tmp_path / "out.png"))


def test_a_saved_battle_is_drawn_as_it_stands(baseline, tmp_path, capsys):
    battle = battle_from_map(baseline, 7)
    for _ in range(3):
        assert battle.submit(EndTurn(battle.current())).accepted
    save = tmp_path / "fight.json"
    write_save(battle, save)
    out = tmp_path / "saved.png"
    assert main(["render", "--save", str(save), str(out), "--size", "800x600"]) == 0
    assert f"round {battle.state.round}" in capsys.readouterr().out
    assert pygame.image.load(str(out)).get_size() == (800, 600)


def test_a_save_and_a_different_map_are_refused(baseline, tmp_path, capsys):
    save = tmp_path / "fight.json"
    write_save(battle_from_map(baseline, 7), save)
    err = _fails(capsys, str(BAD / "unknown_unit_type.tmx"), str(tmp_path / "x.png"), "--save", str(save))
    assert "was played on" in err


def test_the_same_seed_draws_the_same_image(baseline):
    first, _, _ = rendered(baseline, (320, 240))
    again, _, _ = rendered(baseline, (320, 240))
    assert pygame.image.tobytes(first, "RGB") == pygame.image.tobytes(again, "RGB")


def test_it_runs_headless_without_a_banner_or_a_traceback(baseline, tmp_path):
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "game", "render", str(baseline), str(tmp_path / "o.png"),
                             "--size", "320x240"], capture_output=True, text=True, env=env,
                            cwd=str(BASELINE.parent.parent.parent))
    assert result.returncode == 0, result.stderr
    assert "pygame" not in result.stdout + result.stderr
    assert colour(pygame.image.load(str(tmp_path / "o.png")), (0, 239)) is not None


def test_the_usage_offers_one_map_and_one_image(capsys):
    # It used to read "MAP OUT.png [MAP OUT.png ...]", yet a second pair is refused.
    with pytest.raises(SystemExit):
        main(["render", "--help"])
    usage = capsys.readouterr().out.split("\n\n")[0]
    assert "MAP OUT.png\n" in usage and "--save SAVE.json [MAP] OUT.png" in usage
    assert "..." not in usage
