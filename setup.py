"""Packaging beside pyproject.toml: the bundled maps and tile images travel inside `game`.

The repository keeps them at the top (maps/ and assets/, where Tiled and the README expect
them); a wheel installs them as game/maps and game/assets, still side by side, so the
tilesets' relative image paths hold. pyproject.toml cannot map a folder outside the package
to a subpackage while also finding the packages, hence these few lines.
"""

from setuptools import find_packages, setup

BUNDLED = {"game.maps": "maps", "game.assets": "assets"}

setup(packages=[*find_packages(include=["game", "game.*"]), *BUNDLED], package_dir=BUNDLED)
