"""The layers import only downward, and headless code never imports pygame."""

import ast
import subprocess
import sys
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

# The layers from the bottom up; a module may import its own layer and the layers below.
LAYERS = [
    {"hexgrid", "userfiles", "slots", "memo"},
    {"rules", "data"},
    {"scenario"},
    {"ecs", "components", "terrain", "actions", "events", "prompts", "options", "views"},
    {"systems", "deploy"},
    {"battle", "battle_map", "flow", "history"},
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


# Inside game/systems: what every ruleset shares, from the foundation every system reads up to
# the rows every ruleset's table takes as they are (`dispatch`); the GM's overrides are
# mechanics, one module each, which never import one another; the rulesets sit on top.
SYSTEM_LAYERS = [
    {"scene", "hero_chances"},
    {"budget"},
    {"sight", "sightlines", "wounds", "footprint", "targets"},
    {"movement", "turns", "morale"},
    {"gm", "gm_notes"},
    {"dispatch"},
    {"roster"},
    {"rulesets"},
]
SYSTEM_RANK = {name: rank for rank, names in enumerate(SYSTEM_LAYERS) for name in names}
MECHANICS = SYSTEM_LAYERS[4]  # the GM's overrides, counted from the bottom: a layer added on top cannot shift it


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


# Inside SWN's package: the foundation its mechanics read (who is who, the line of fire, the
# overflow as it lands), the combat core, the walk overwatch
# may stop, then the mechanics, one module each, which never import one another; its table
# sits on top of them, the options its players are offered above that (each checked by the table), the hero point answers
# above those, and its RULESET (the package's __init__) on top.
SWN = GAME / "systems" / "rulesets" / "swn"
SWN_LAYERS = [
    {"components", "authority", "squads", "offers", "turns"},
    {"checks", "attackers", "line_of_fire", "spill"},
    {"combat"},
    {"overwatch"},
    {"moving"},
    {"basics", "charge", "disarm", "fray", "grenades", "jump", "medicine", "morale_actions", "protect", "shove",
     "formations"},
    {"guarded_shots"},  # protect against overwatch fire: two mechanics met above both
    {"table"},
    {"checked"},
    {"move_choices"},
    {"choices"},
    {"negation"},
    {"hero_points"},
    {"__init__"},
]
SWN_RANK = {name: rank for rank, names in enumerate(SWN_LAYERS) for name in names}
SWN_MECHANICS = SWN_LAYERS[5]


def _swn_part(path: Path) -> str:
    """The part of SWN's package a file belongs to (a module, or a package such as `charge`)."""
    return path.relative_to(SWN).parts[0].removesuffix(".py")


def _swn_parts_imported(path: Path) -> set[str]:
    """The parts of SWN's package a file imports, however it names them."""
    tree = ast.parse(path.read_text(), filename=str(path))
    parts = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "game.systems.rulesets.swn":
            parts.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.systems.rulesets.swn."):
            parts.add(node.module.split(".")[4])
    return parts


def test_every_part_of_swn_has_a_place():
    assert {_swn_part(p) for p in SWN.rglob("*.py")} == set(SWN_RANK)


def test_swn_parts_import_only_lower_parts_and_mechanics_never_each_other():
    offenders = []
    for path in sorted(SWN.rglob("*.py")):
        part = _swn_part(path)
        for other in _swn_parts_imported(path) - {part}:
            if SWN_RANK[other] >= SWN_RANK[part] or (other in SWN_MECHANICS and part in SWN_MECHANICS):
                offenders.append(f"{path.relative_to(GAME.parent)} imports swn.{other}")
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


def _calls_to(path: Path, names: set[str]) -> list[int]:
    """The lines where a builtin of these names is called."""
    tree = ast.parse(path.read_text(), filename=str(path))
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in names]


def test_no_code_of_ours_is_made_from_text():
    """No exec or eval anywhere in game/: plain code, slots or dataclass features instead."""
    offenders = [f"{path.relative_to(GAME.parent)}:{line}" for path in sorted(GAME.rglob("*.py"))
                 for line in _calls_to(path, {"exec", "eval", "compile"})]
    assert offenders == []


def test_the_exec_check_would_catch_an_exec(tmp_path):
    leaky = tmp_path / "leaky.py"
    leaky.write_text("scope = {}\nexec('x = 1', scope)\n")
    assert _calls_to(leaky, {"exec", "eval", "compile"}) == [2]


VOCABULARY = ("actions", "events", "prompts", "options")
"""The vocabulary packages: split by ruleset, each submodule re-exported by the package."""


def test_each_vocabulary_package_re_exports_every_name_of_its_parts_and_no_two_parts_share_one():
    import importlib
    import inspect
    for package_name in VOCABULARY:
        package = importlib.import_module(f"game.{package_name}")
        seen: dict[str, str] = {}
        for path in sorted((GAME / package_name).glob("*.py")):
            if path.stem == "__init__":
                continue
            part = importlib.import_module(f"game.{package_name}.{path.stem}")
            for name, value in vars(part).items():
                if name.startswith("_") or getattr(value, "__module__", None) != part.__name__:
                    continue
                if not (inspect.isclass(value) or inspect.isfunction(value)):
                    continue
                assert name not in seen, f"{name} is defined in both {seen[name]} and {part.__name__}"
                seen[name] = part.__name__
                assert getattr(package, name) is value, f"game.{package_name} does not re-export {name}"


RULESET_HOMES = ("swn", "lucky_stars", "starfarer")
"""The rulesets' own homes: a package of pure rules (game/rules/NAME), one of mechanics
(game/systems/rulesets/NAME) and a part of each vocabulary package (game/events/NAME.py, ...)."""
VOCABULARY = ("actions", "events", "prompts", "options")


def _home_of(module: str) -> str | None:
    """The ruleset whose home holds this module (dotted name), or None for shared code."""
    parts = module.split(".")
    if parts[:2] == ["game", "rules"] and len(parts) > 2:
        home = parts[2]
    elif parts[:3] == ["game", "systems", "rulesets"] and len(parts) > 3:
        home = parts[3]
    elif parts[0] == "game" and len(parts) > 2 and parts[1] in VOCABULARY:
        home = parts[2].split("_mechanics")[0]
    else:
        return None
    return home if home in RULESET_HOMES else None


def _imports_by_name(path: Path) -> set[str]:
    """Every module of ours a file imports, `from game.rules import swn` named as game.rules.swn."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names = _imports(path)
    names |= {f"{node.module}.{alias.name}" for node in ast.walk(tree)
              if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 for alias in node.names}
    return names


def _module_name(path: Path) -> str:
    return ".".join(path.relative_to(GAME.parent).with_suffix("").parts).removesuffix(".__init__")


def test_no_ruleset_home_imports_another_rulesets():
    offenders = []
    for path in sorted(GAME.rglob("*.py")):
        home = _home_of(_module_name(path))
        if home is None:
            continue
        for name in _imports_by_name(path):
            other = _home_of(name)
            if other is not None and other != home:
                offenders.append(f"{path.relative_to(GAME.parent)} ({home}) imports {name} ({other})")
    assert offenders == []


def test_every_ruleset_home_is_found_where_it_should_be():
    """The check above reads the homes by their paths: each ruleset has both packages."""
    for home in RULESET_HOMES:
        assert _home_of(_module_name(GAME / "rules" / home / "__init__.py")) == home
        assert _home_of(_module_name(GAME / "systems" / "rulesets" / home / "__init__.py")) == home
        assert _home_of(f"game.events.{home}") == home
    assert _home_of("game.rules.dice") is None and _home_of("game.systems.rulesets.hero_points") is None


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
