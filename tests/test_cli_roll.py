"""`hexbattle roll` at the table: scripted faces, seeds, heroic readings, clear refusals."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import game.cli
import game.rules.dice

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """Run the command line in-process; returns (status, stdout, stderr)."""
    status = game.cli.main(["roll", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_roll_mag_rifle_with_given_faces(capsys):
    assert run(capsys, "2d8+2", "--faces", "5,2") == (0, "2d8+2: [5, 2] +2 = 9\n", "")


def test_roll_mag_rifle_heroic_reading(capsys):
    status, out, _ = run(capsys, "2d8+2", "--faces", "5, 2", "--heroic")
    assert status == 0
    assert out == "2d8+2: [5, 2] +2 = 9\nheroic: 7 -> 2, 2 -> 1 = 3 points\n"


def test_roll_named_modifiers_with_set(capsys):
    status, out, _ = run(capsys, "1d20+ATK-2", "--set", "ATK=3", "--set", "DEX=-1", "--faces", "15")
    assert (status, out) == (0, "1d20+ATK-2: [15] +3 ATK -2 = 16\n")


def test_roll_with_seed_is_repeatable_and_does_not_print_the_seed(capsys):
    first = run(capsys, "2d8", "--seed", "42", "--times", "3")
    assert first == (0, "2d8: [6, 4] = 10\n2d8: [3, 5] = 8\n2d8: [3, 7] = 10\n", "")
    assert run(capsys, "2d8", "--seed", "42", "--times", "3") == first


def test_roll_with_a_word_seed(capsys):
    assert run(capsys, "1d20", "--seed", "ambush", "--times", "2") == (0, "1d20: [3] = 3\n1d20: [2] = 2\n", "")


def test_roll_several_times_uses_the_faces_in_order(capsys):
    status, out, _ = run(capsys, "1d6+2", "--faces", "1,6", "--times", "2", "--heroic")
    assert status == 0
    assert out.splitlines() == [
        "1d6+2: [1] +2 = 3",
        "heroic: 3 -> 1 = 1 point",
        "1d6+2: [6] +2 = 8",
        "heroic: 8 -> 2 = 2 points",
    ]


def test_roll_without_seed_or_faces_prints_the_fresh_seed(capsys, monkeypatch):
    monkeypatch.setattr(game.rules.dice.os, "urandom", lambda n: bytes([1, 2, 3, 4])[:n])
    status, out, _ = run(capsys, "2d8")
    assert status == 0
    assert out == "seed 16909060 (repeat with --seed 16909060)\n2d8: [1, 5] = 6\n"


def test_printed_fresh_seed_repeats_the_roll(capsys):
    status, out, _ = run(capsys, "3d6", "--times", "2")
    seed_line, *rolls = out.splitlines()
    seed = seed_line.split()[1]
    assert status == 0 and seed_line == f"seed {seed} (repeat with --seed {seed})"
    assert run(capsys, "3d6", "--times", "2", "--seed", seed)[1].splitlines() == rolls


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["2dx"], "cannot read '2dx'"),
        (["1001d6"], "the number of dice must be 1 to 1000, not 1001"),
        (["1d20+ATK", "--faces", "15"], "1d20+ATK needs a value for ATK"),
        (["2d8", "--faces", "9,1"], "face 9 cannot come up on a d8"),
        (["2d8", "--faces", "5"], "ran out of faces"),
        (["2d8", "--faces", "5,2,3"], "faces left over after rolling: 3"),
        (["2d8", "--faces", "5,two"], "'two' is not a die face"),
        (["2d8", "--faces", "0,1"], "0 is not a die face"),
        (["2d8", "--faces=-1,1"], "'-1' is not a die face"),
        (["2d8", "--faces", "5,2", "--seed", "1"], "give --seed or --faces, not both"),
        (["2d8", "--seed", " "], "--seed is empty"),
        (["2d8", "--set", "ATK"], "write NAME=VALUE"),
        (["2d8", "--set", "2=1"], "write NAME=VALUE"),
        (["2d8", "--set", "ATK=high"], "'high' is not a whole number"),
        (["2d8", "--times", "0"], "--times must be 1 to 1000, not 0"),
        (["2d8", "--times", "many"], "'many' is not a whole number"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_status_2(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("hexbattle roll: ")
    assert message in err


def test_python_dash_m_game_roll_in_a_subprocess():
    result = subprocess.run(
        [sys.executable, "-m", "game", "roll", "2d8+2", "--faces", "5,2", "--heroic"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == "2d8+2: [5, 2] +2 = 9\nheroic: 7 -> 2, 2 -> 1 = 3 points\n"


def test_python_dash_m_game_roll_bad_faces_exits_2_without_traceback():
    result = subprocess.run(
        [sys.executable, "-m", "game", "roll", "2d8", "--faces", "9,1"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 2
    assert result.stderr == "hexbattle roll: face 9 cannot come up on a d8 (its faces are 1 to 8)\n"


def test_absurdly_long_numbers_get_a_short_clear_refusal(capsys):
    novel = "9" * 5000
    for argv in (["--faces", novel], [f"--set=X={novel}"], ["--times", novel]):
        status, out, err = run(capsys, "1d6", *argv)
        assert status == 2 and "Traceback" not in err and len(err) < 200, err
