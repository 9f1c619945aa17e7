"""`hexbattle --fullscreen --display N`: the table window on a chosen display, without a screen."""

from __future__ import annotations

import pygame
import pytest

from game.cli import build_parser, main
from game.ui.screens import OFFSET, beside, centred_on, display_problem, displays_for

SDL_WINDOWPOS_CENTERED_MASK = 0x2FFF0000


def test_display_n_is_sdls_centred_position_with_n_in_its_low_bits():
    assert centred_on(0) == (SDL_WINDOWPOS_CENTERED_MASK,) * 2 == (pygame.WINDOWPOS_CENTERED,) * 2
    assert centred_on(1) == (0x2FFF0001, 0x2FFF0001)
    assert centred_on(3) == (0x2FFF0003, 0x2FFF0003)


def test_a_window_can_be_placed_on_any_display_pygame_takes_the_position(monkeypatch):
    """A lone number other than the plain centred position is refused by pygame-ce (this made
    `--display 1` fail): the position goes as a pair."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    window = pygame.Window("on display 1", (64, 48), centred_on(1))  # one dummy display: SDL falls back to it
    window.destroy()
    with pytest.raises(TypeError):
        pygame.Window("a lone number", (64, 48), pygame.WINDOWPOS_CENTERED | 1)


def test_the_table_takes_the_second_display_and_the_console_the_first():
    assert displays_for(1, None) == (0, 0)
    assert displays_for(2, None) == (1, 0)
    assert displays_for(3, None) == (1, 0)


def test_display_n_puts_the_table_there_and_the_console_on_the_first_display_left_free():
    assert displays_for(2, 1) == (1, 0) and displays_for(3, 2) == (2, 0)
    assert displays_for(2, 0) == (0, 1)
    assert displays_for(1, 0) == (0, 0)


def overlap(a_at, a_size, b_at, b_size) -> int:
    return pygame.Rect(a_at, a_size).clip(pygame.Rect(b_at, b_size)).size[0] * \
        pygame.Rect(a_at, a_size).clip(pygame.Rect(b_at, b_size)).size[1]


@pytest.mark.parametrize("desktop", [(2016, 1080), (2560, 1440), (3840, 2160), (2200, 800)])
def test_on_a_wide_enough_desktop_the_two_stand_side_by_side_inside_it(desktop):
    table_at, console_at = beside(desktop, (1000, 700), (1000, 700))
    assert overlap(table_at, (1000, 700), console_at, (1000, 700)) == 0
    assert console_at[0] >= table_at[0] + 1000 and console_at[1] == table_at[1]
    for at in (table_at, console_at):
        assert pygame.Rect(0, 0, *desktop).contains(pygame.Rect(at, (1000, 700)))


@pytest.mark.parametrize("desktop, size", [((1920, 1080), (1280, 800)), ((1366, 768), (1280, 720)),
                                           ((1280, 800), (1280, 800)), ((1024, 600), (1280, 800))])
def test_on_a_narrow_desktop_the_console_stands_down_and_right_with_both_title_bars_showing(desktop, size):
    table_at, console_at = beside(desktop, size, size)
    assert console_at[0] - table_at[0] >= OFFSET and console_at[1] - table_at[1] >= OFFSET
    assert table_at[0] >= 0 and table_at[1] >= 0
    if desktop[0] >= size[0] + OFFSET and desktop[1] >= size[1] + OFFSET:  # room for all of the console
        assert pygame.Rect(0, 0, *desktop).contains(pygame.Rect(console_at, size))


def test_a_1920_desktop_shows_two_thirds_of_the_table_beside_the_whole_console():
    table_at, console_at = beside((1920, 1080), (1280, 800), (1280, 800))
    assert (table_at, console_at) == ((0, 0), (640, 280))
    assert overlap(table_at, (1280, 800), console_at, (1280, 800)) / (1280 * 800) < 1 / 3 + 0.01


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
