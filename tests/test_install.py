"""Installs like a package: the built wheel carries the bundled maps, the Tiled project, the
templates, tilesets, tile images and data files, and `hexbattle` works from any folder.

The wheel is built as `pip install .` builds it, installed into a fresh virtual environment
(its dependencies lent from this environment through a .pth file, so no download is needed),
and run from an empty folder. Marked `install`; it is not deselected anywhere, so CI runs it.
"""

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ["game/maps/relay_station_ambush.tmx", "game/maps/kessler_ford.tmx", "game/maps/hexbattle.tiled-project",
           "game/maps/templates/thug.tx", "game/maps/templates/starfarer/marine.tx",
           "game/maps/tilesets/terrain-pointy.tsx",
           "game/assets/tiles/pointy/forest.png", "game/assets/tokens/pcs.png", "game/data/weapons.toml"]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, Path]:
    """(the fresh environment's bin folder, the wheel): built once for this module's tests."""
    work = tmp_path_factory.mktemp("install")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(work / "dist"), str(ROOT)],
                   check=True, capture_output=True)
    wheel = next((work / "dist").glob("hexbattle-*.whl"))
    venv.create(work / "fresh", with_pip=False)
    fresh_python = work / "fresh" / "bin" / "python"
    alone = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # else pip may see a checkout's egg-info
    subprocess.run([sys.executable, "-m", "pip", "--python", str(fresh_python), "install", "-q", "--no-deps",
                    str(wheel)], check=True, capture_output=True, env=alone)
    site = Path(subprocess.run([str(fresh_python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    lent = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "lent_dependencies.pth").write_text("\n".join(sorted(lent)) + "\n")
    return work / "fresh" / "bin", wheel


@pytest.mark.install
def test_the_wheel_holds_the_bundled_maps_project_templates_tilesets_images_and_data(installed):
    names = set(zipfile.ZipFile(installed[1]).namelist())
    assert [name for name in BUNDLED if name not in names] == []


@pytest.mark.install
def test_hexbattle_check_and_simulate_work_from_an_empty_folder(installed, tmp_path):
    bin_folder = installed[0]
    env = {"PATH": f"{bin_folder}:/usr/bin:/bin", "HOME": str(bin_folder.parent), "SDL_VIDEODRIVER": "dummy"}
    where = _run([str(bin_folder / "python"), "-c", "import game; print(game.__file__)"], tmp_path, env)
    assert where.startswith(str(bin_folder.parent)), "the installed package, not the checkout"
    check = _run([str(bin_folder / "hexbattle"), "check"], tmp_path, env)
    assert "game/maps/relay_station_ambush.tmx: OK: " in check
    report = _run([str(bin_folder / "hexbattle"), "simulate", "--runs", "2"], tmp_path, env)
    assert "Ambush at the Relay Station" in report and "; 2 fights; " in report
    assert list(tmp_path.iterdir()) == [], "nothing written into the folder it ran in"


@pytest.mark.install
def test_the_installed_maps_draw_with_their_tile_images(installed, tmp_path):
    bin_folder = installed[0]
    env = {"PATH": f"{bin_folder}:/usr/bin:/bin", "HOME": str(bin_folder.parent), "SDL_VIDEODRIVER": "dummy"}
    bundled = _run([str(bin_folder / "python"), "-c", "from game.scenario.summary import MAPS_DIR; print(MAPS_DIR)"],
                   tmp_path, env).strip()
    picture = tmp_path / "ambush.png"
    _run([str(bin_folder / "hexbattle"), "render", f"{bundled}/relay_station_ambush.tmx", str(picture),
          "--size", "320x180"], tmp_path, env)
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    ruleset_maps = [f"{bundled}/{name}.tmx" for name in ("dust_market", "derelict_hold")]  # their units are
    check = _run([str(bin_folder / "hexbattle"), "check", *ruleset_maps], tmp_path, env)  # ruleset templates
    assert all(f"{path}: OK: " in check for path in ruleset_maps)


def _run(command: list[str], folder: Path, env: dict[str, str]) -> str:
    """The command's output; fails the test with its error output when it fails."""
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout
