"""The layers import only downward, and headless code never imports pygame."""

import ast
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

# The layers from the bottom up; a module may import its own layer and the layers below.
LAYERS = [
    {"hexgrid", "userfiles"},
    {"rules", "data"},
    {"scenario"},
    {"ecs", "components", "terrain", "actions", "events", "prompts", "options", "views"},
    {"systems", "deploy"},
    {"battle"},
    {"savefile", "players"},
    {"simulate"},
    {"ui"},
    {"cli"},
]
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def _layer_of(path: Path) -> str:
    """The top-level name under game/ a file belongs to (package or module)."""
    return path.relative_to(GAME).parts[0].removesuffix(".py")


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


def test_every_module_belongs_to_a_layer():
    unplaced = {_layer_of(p) for p in GAME.rglob("*.py")} - set(RANK) - {"__init__", "__main__"}
    assert unplaced == set()


def test_each_layer_imports_only_its_own_and_lower_layers():
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        layer = _layer_of(path)
        if layer not in RANK:
            continue
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] == "game" and len(parts) > 1 and RANK.get(parts[1], 0) > RANK[layer]:
                offenders.append(f"{path.relative_to(GAME.parent)} imports {name}")
    assert offenders == []


# Inside game/systems: the foundation every system reads, the combat core built on it, then the
# mechanics, one module each, which import the layers below and never one another; the
# dispatch table sits on top and is the only module that knows every mechanic.
SYSTEM_LAYERS = [
    {"scene", "authority", "squads", "hero_chances"},
    {"budget", "checks"},
    {"sight", "sightlines", "wounds", "footprint"},
    {"combat"},
    {"overwatch"},
    {"movement", "turns", "morale"},
    {"basics", "charge", "disarm", "fray", "gm", "gm_notes", "grenades", "jump", "medicine", "morale_actions", "protect",
     "shove", "formations"},
    {"guarded_shots"},  # protect against overwatch fire: two mechanics met above both
    {"dispatch"},
    {"choices", "roster"},
    {"rulesets"},
]
SYSTEM_RANK = {name: rank for rank, names in enumerate(SYSTEM_LAYERS) for name in names}
MECHANICS = SYSTEM_LAYERS[6]


def test_every_system_module_has_a_place():
    modules = {p.stem for p in (GAME / "systems").glob("*.py")} - {"__init__"}
    packages = {p.parent.name for p in (GAME / "systems").glob("*/__init__.py")}
    assert modules | packages == set(SYSTEM_RANK)


def test_only_the_facade_and_the_rulesets_themselves_name_the_rulesets():
    """The rulesets sit on top of the systems: no mechanic reaches up into them."""
    offenders = [f"systems/{path.name} imports {name}" for path in sorted((GAME / "systems").glob("*.py"))
                 for name in _imports(path) | _from_package_imports(path)
                 if name.startswith("game.systems.rulesets")]
    assert offenders == []


def test_systems_import_only_lower_systems_and_mechanics_never_each_other():
    offenders = []
    for path in sorted((GAME / "systems").glob("*.py")):
        if path.stem == "__init__":
            continue
        for name in _imports(path) | _from_package_imports(path):
            parts = name.split(".")
            if parts[:2] != ["game", "systems"] or len(parts) < 3:
                continue
            other = parts[2]
            if other == path.stem:
                continue
            if SYSTEM_RANK[other] > SYSTEM_RANK[path.stem] or (other in MECHANICS and path.stem in MECHANICS):
                offenders.append(f"systems/{path.name} imports {name}")
    assert offenders == []


def _from_package_imports(path: Path) -> set[str]:
    """`from game.systems import combat` (or `from game import systems`) names the module it
    brings in: game.systems.combat (game.systems)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return {f"{node.module}.{alias.name}" for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module in ("game", "game.systems") and node.level == 0
            for alias in node.names}


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


CLIENTS = ("players", "cli", "ui", "simulate")
"""The facade's clients: they reach the engine only through game.battle (the one door)."""
ENGINE_INSIDES = ("game.systems", "game.ecs", "game.components")


def test_clients_never_reach_past_the_facade():
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        if _layer_of(path) not in CLIENTS:
            continue
        for name in _imports(path) | _from_package_imports(path):
            if name in ENGINE_INSIDES or name.startswith(tuple(f"{n}." for n in ENGINE_INSIDES)):
                offenders.append(f"{path.relative_to(GAME.parent)} imports {name}")
    assert offenders == []


def test_the_one_door_check_would_catch_a_client_importing_systems(tmp_path):
    client = tmp_path / "leaky.py"
    client.write_text("from game.systems.combat import plan_attack\nfrom game import systems\n")
    names = _imports(client) | _from_package_imports(client)
    assert {"game.systems.combat", "game.systems"} <= names


UI_MAY_IMPORT = ("game.battle", "game.actions", "game.events", "game.prompts", "game.options",
                 "game.views", "game.hexgrid", "game.scenario", "game.savefile", "game.players",
                 "game.simulate.balance_job", "game.ui")
"""The window reads the battle through the facade, the vocabulary, hex maths, the map's tile
layers (read-only values) and saves, lets the computer players (facade clients, by name from
`game.players`' registry) play the sides it is given, and runs the balance search through the
simulator's one door for the window (`balance_job`); nothing else of ours."""


def test_the_window_imports_only_the_facade_the_vocabulary_and_the_map():
    offenders = []
    for path in sorted((GAME / "ui").rglob("*.py")):
        for name in _imports(path) | _from_package_imports(path):
            if name.split(".")[0] != "game" or name == "game":
                continue
            if not any(name == m or name.startswith(f"{m}.") for m in UI_MAY_IMPORT):
                offenders.append(f"{path.relative_to(GAME.parent)} imports {name}")
    assert offenders == []


SIMULATOR_MAY_IMPORT = ("game.battle", "game.actions", "game.events", "game.prompts", "game.options",
                        "game.views", "game.hexgrid", "game.scenario", "game.savefile", "game.players",
                        "game.simulate")
"""The simulator is a client like the window: the facade, the vocabulary, hex maths, maps,
saves and the computer players; nothing else of ours (no rules, no engine insides)."""


def test_the_simulator_imports_only_the_facade_the_vocabulary_maps_saves_and_the_computer_player():
    offenders = []
    for path in sorted((GAME / "simulate").rglob("*.py")):
        for name in _imports(path) | _from_package_imports(path):
            if name.split(".")[0] != "game" or name == "game":
                continue
            if not any(name == m or name.startswith(f"{m}.") for m in SIMULATOR_MAY_IMPORT):
                offenders.append(f"{path.relative_to(GAME.parent)} imports {name}")
    assert offenders == []


def test_the_simulator_rule_would_catch_an_import_of_the_rules(tmp_path):
    leaky = tmp_path / "leaky.py"
    leaky.write_text("from game.rules.dice import SeededDice\n")
    names = _imports(leaky)
    assert not any(n == m or n.startswith(f"{m}.") for n in names for m in SIMULATOR_MAY_IMPORT)


def test_pygame_is_imported_somewhere_only_inside_the_window():
    users = {path.relative_to(GAME).parts[0] for path in GAME.rglob("*.py")
             if any(name.split(".")[0] == "pygame" for name in _imports(path))}
    assert users <= {"ui"}


PLAYER_NAMES = {"POLICIES", "DEFAULT_POLICY", "Policy", "PolicyEntry", "make_policy", "policy_names", "acting",
                "random_player", "computer_player", "tactical_player", "choose_action", "decide"}
"""What finds or makes a computer player: it lives in game.players and nowhere else."""


def _names_from_the_simulator(path: Path) -> set[str]:
    """The names a module imports from game.simulate (`from game.simulate[.x] import name`)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 0
            and node.module and (node.module == "game.simulate" or node.module.startswith("game.simulate."))
            for alias in node.names}


def test_the_window_and_the_cli_find_the_players_in_game_players_never_in_the_simulator():
    offenders = [f"{path.relative_to(GAME.parent)} imports {name} from the simulator"
                 for folder in ("ui", "cli") for path in sorted((GAME / folder).rglob("*.py"))
                 for name in sorted(_names_from_the_simulator(path) & PLAYER_NAMES)]
    defined = [str(path.relative_to(GAME.parent)) for path in sorted((GAME / "simulate").rglob("*.py"))
               if any(isinstance(node, (ast.FunctionDef, ast.Assign, ast.AnnAssign))
                      and {getattr(node, "name", None), *[getattr(t, "id", None) for t in getattr(node, "targets", [])],
                           getattr(getattr(node, "target", None), "id", None)} & PLAYER_NAMES
                      for node in ast.parse(path.read_text()).body)]
    assert offenders == [] and defined == []


def test_the_players_rule_would_catch_a_window_finding_its_players_in_the_simulator(tmp_path):
    leaky = tmp_path / "leaky.py"
    leaky.write_text("from game.simulate.policies import make_policy, DEFAULT_POLICY\nfrom game.simulate.fight import FightPlan\n")
    assert _names_from_the_simulator(leaky) & PLAYER_NAMES == {"make_policy", "DEFAULT_POLICY"}
