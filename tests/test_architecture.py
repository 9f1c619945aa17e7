"""The layers import only downward, and headless code never imports pygame."""

import ast
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

# Each layer and the packages of ours it may import (besides itself).
ALLOWED = {
    "hexgrid": set(),
    "rules": {"hexgrid"},
    "scenario": {"hexgrid", "rules"},
}


def _modules(package: str):
    return sorted((GAME / package).rglob("*.py"))


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_headless_modules_never_import_pygame_in_source():
    offenders = [
        str(path.relative_to(GAME.parent))
        for path in GAME.rglob("*.py")
        if "ui" not in path.relative_to(GAME).parts
        and any(name.split(".")[0] == "pygame" for name in _imports(path))
    ]
    assert offenders == []


def test_each_layer_imports_only_layers_below_it():
    offenders = []
    for layer, allowed in ALLOWED.items():
        for path in _modules(layer):
            for name in _imports(path):
                parts = name.split(".")
                if parts[0] == "game" and len(parts) > 1 and parts[1] not in allowed | {layer}:
                    offenders.append(f"{path.relative_to(GAME.parent)} imports {name}")
    assert offenders == []


def test_loading_the_headless_packages_does_not_load_pygame():
    code = (
        "import sys, pkgutil, importlib, game\n"
        "for m in pkgutil.walk_packages(game.__path__, 'game.'):\n"
        "    if '.ui' not in m.name and m.name != 'game.__main__':\n"
        "        importlib.import_module(m.name)\n"
        "print('pygame' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
