"""For the tests of commands that write into maps: a subcommand run in-process, and a copy of
the bundled maps (with the assets they use) to write into."""

from __future__ import annotations

import shutil
from pathlib import Path

import game.cli

ROOT = Path(__file__).resolve().parent.parent


def run_command(capsys, command: str, *argv: str) -> tuple[int, str, str]:
    """Run `hexbattle COMMAND ARGV...` in-process; returns (status, stdout, stderr)."""
    status = game.cli.main([command, *argv])
    out, err = capsys.readouterr()
    return status, out, err


def copy_of_the_maps(tmp_path: Path) -> Path:
    """The bundled maps and assets copied under tmp_path; the copy's maps folder."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    return tmp_path / "maps"
