"""`hexbattle --fullscreen --display N`: the table window on a chosen display, without a screen."""

from __future__ import annotations

import pygame
import pytest

from game.cli import build_parser, main
from game.ui.screens import centred_on, display_problem

SDL_WINDOWPOS_CENTERED_MASK = 0x2FFF0000


def test_display_n_is_sdls_centred_position_with_n_in_its_low_bits():
    assert centred_on(0) == SDL_WINDOWPOS_CENTERED_MASK == pygame.WINDOWPOS_CENTERED
    assert centred_on(1) == 0x2FFF0001
    assert centred_on(3) == 0x2FFF0003


def test_only_the_displays_there_are_may_be_chosen():
    assert display_problem(0, 1) is None and display_problem(1, 2) is None
    assert display_problem(1, 1) == "--display 1: there is no such display (only display 0: --display N counts from 0)"
    assert display_problem(-1, 3) == \
        "--display -1: there is no such display (displays 0 to 2: --display N counts from 0)"


def test_the_options_are_read_with_or_without_the_play_command():
    args = build_parser().parse_args(["play", "map.tmx", "--fullscreen", "--display", "1"])
    assert args.fullscreen and args.display == 1
    args = build_parser().parse_args(["play"])
    assert not args.fullscreen and args.display is None


def test_a_display_that_does_not_exist_is_one_clear_line_and_exit_1(monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["--fullscreen", "--display", "7", "--seed", "1", "--frames", "1"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines() == [
        "hexbattle: --display 7: there is no such display (only display 0: --display N counts from 0)"]


@pytest.mark.parametrize("one_window", [False, True])
def test_fullscreen_opens_on_the_dummy_screen_and_plays_a_frame(monkeypatch, one_window):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    extra = ["--one-window"] if one_window else []
    assert main(["--fullscreen", "--display", "0", "--seed", "1", "--frames", "2", "--no-animations", *extra]) == 0
