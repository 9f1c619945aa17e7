"""docs/adding-a-ruleset.md, followed step by step: a tiny fourth ruleset (Skirmish, a d6 rolled
high: move, attack, end turn; tests/skirmish/) is added to a copy of the engine in its own
folders and the shared files the page lists, then played to the end through the facade, by the
computer player and by `hexbattle simulate`.
"""

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "adding-a-ruleset.md"
SKIRMISH = Path(__file__).resolve().parent / "skirmish"
MAP = "maps/skirmish_vault.tmx"
MOST_SHARED_FILES = 8


def _shared_files_on_the_page() -> list[str]:
    """The shared files the page says a ruleset touches: the backticked paths of its section
    'Shared files it touches'."""
    section = PAGE.read_text().split("## Shared files it touches", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\d+\. `([^`]+)`", section, flags=re.MULTILINE)


def _edit(path: Path, old: str, new: str) -> None:
    """Replace one passage the page names; the page has gone stale if it is not there."""
    text = path.read_text()
    assert old in text, f"{path.name} no longer holds {old!r}: update docs/adding-a-ruleset.md"
    path.write_text(text.replace(old, new, 1))


def _name_it(copy: Path) -> None:
    """Step: the ruleset's name in the one list of names."""
    _edit(copy / "game/rules/ruleset_names.py", 'RULESETS: tuple[str, ...] = (SWN, SWN_HEROIC, LUCKY_STARS, STARFARER)',
          'SKIRMISH = "skirmish"\nRULESETS: tuple[str, ...] = (SWN, SWN_HEROIC, LUCKY_STARS, STARFARER, SKIRMISH)')


def _register_it(copy: Path) -> None:
    """Step: its RULESET registered."""
    registry = copy / "game/systems/rulesets/__init__.py"
    _edit(registry, "from game.systems.rulesets import lucky_stars, starfarer, swn",
          "from game.systems.rulesets import lucky_stars, skirmish, starfarer, swn")
    _edit(registry, "starfarer.RULESET)", "starfarer.RULESET, skirmish.RULESET)")


def _offer_it_in_tiled(copy: Path) -> None:
    """Step: Tiled offers the name in a map's `ruleset` property."""
    project = copy / "maps/hexbattle.tiled-project"
    data = json.loads(project.read_text())
    next(t for t in data["propertyTypes"] if t["name"] == "Ruleset")["values"].append("skirmish")
    project.write_text(json.dumps(data, indent=4))


STEPS = {"game/rules/ruleset_names.py": _name_it, "game/systems/rulesets/__init__.py": _register_it,
         "maps/hexbattle.tiled-project": _offer_it_in_tiled}
"""What the tiny ruleset changes in shared files, by file (it adds no actions, events, prompts
or options of its own, and no data file)."""


@pytest.fixture(scope="module")
def engine_with_skirmish(tmp_path_factory) -> Path:
    """A copy of the engine and its maps with Skirmish added as the page says."""
    copy = tmp_path_factory.mktemp("engine")
    shutil.copytree(ROOT / "game", copy / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "maps", copy / "maps")
    (copy / "game/rules/skirmish").mkdir()
    shutil.copy(SKIRMISH / "rules.py", copy / "game/rules/skirmish/__init__.py")
    (copy / "game/systems/rulesets/skirmish").mkdir()
    shutil.copy(SKIRMISH / "ruleset.py", copy / "game/systems/rulesets/skirmish/__init__.py")
    for step in STEPS.values():
        step(copy)
    _edit(copy / "maps/crystal_vault.tmx", 'name="ruleset" propertytype="Ruleset" value="swn"',
          'name="ruleset" propertytype="Ruleset" value="skirmish"')
    (copy / "maps/crystal_vault.tmx").rename(copy / MAP)
    return copy


def _run(copy: Path, *args: str) -> str:
    """Run Python in the copy (its `game` before the installed one); the output, or the failure shown."""
    result = subprocess.run([sys.executable, *args], cwd=copy, capture_output=True, text=True,
                            env={"PYTHONPATH": str(copy), "PATH": "/usr/bin:/bin", "HEXBATTLE_CACHE_DIR": str(copy / "cache")})
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_the_page_lists_at_most_eight_shared_files_and_the_ruleset_touches_only_those():
    listed = _shared_files_on_the_page()
    assert 0 < len(listed) <= MOST_SHARED_FILES
    assert set(STEPS) <= set(listed)


def test_the_copy_is_the_engine_plus_the_rulesets_folders_and_the_shared_files_listed(engine_with_skirmish):
    copied = [p for folder in ("game", "maps") for p in (engine_with_skirmish / folder).rglob("*")
              if p.is_file() and "__pycache__" not in p.parts]
    changed = {str(p.relative_to(engine_with_skirmish)) for p in copied
               if not (ROOT / p.relative_to(engine_with_skirmish)).is_file()}
    changed |= {name for name in STEPS if (engine_with_skirmish / name).read_bytes() != (ROOT / name).read_bytes()}
    own = {"game/rules/skirmish/__init__.py", "game/systems/rulesets/skirmish/__init__.py", MAP}
    assert changed == own | set(STEPS)


FACADE_PLAY = """
import json
from game.actions import EndTurn
from game.battle import Battle
from game.hexgrid import distance
from game.scenario.loader import load_scenario

loaded = load_scenario("maps/skirmish_vault.tmx")
assert loaded.ok, loaded.problems
battle = Battle.from_scenario(loaded.scenario, seed=5)
kinds = set()
for _ in range(3000):
    if battle.state.ended:
        break
    actor = battle.current()
    options = battle.options(actor)
    targets = [battle.combatant(o.target).hex for o in options.items if o.kind == "attack"]
    here = battle.combatant(actor).hex
    near = lambda h: min(distance(h, t) for t in targets)
    attacks = options.allowed("attack")
    moves = [m for m in options.allowed("move") if targets and near(m.hex) < near(here)]
    if attacks:
        action = attacks[0].action
    elif moves:
        action = min(moves, key=lambda m: (near(m.hex), m.cost)).action
    else:
        action = EndTurn(actor)  # nobody to close in on or shoot at: a bystander, or done
    outcome = battle.submit(action)
    assert outcome.accepted, outcome.reason
    kinds |= {type(e).__name__ for e in outcome.events}
print(json.dumps({"ruleset": battle.ruleset.names[0], "ended": battle.state.ended, "winner": battle.state.winner,
                  "kinds": sorted(kinds), "log": battle.log_lines()[-3:]}))
"""


def test_skirmish_plays_to_the_end_through_the_facade(engine_with_skirmish):
    played = json.loads(_run(engine_with_skirmish, "-c", FACADE_PLAY))
    assert played["ruleset"] == "skirmish" and played["ended"] and played["winner"] in ("pcs", "enemies")
    assert {"Moved", "Rolled", "Damaged", "Fell", "BattleEnded"} <= set(played["kinds"])


def test_the_computer_player_plays_skirmish_to_the_end_in_hexbattle_simulate(engine_with_skirmish):
    report = engine_with_skirmish / "report.json"
    _run(engine_with_skirmish, "-m", "game", "simulate", MAP, "--runs", "4", "--seed", "2", "--json", str(report))
    found = json.loads(report.read_text())["reports"][0]
    assert found["setting"]["ruleset"] == "skirmish" and found["done"] == 4 and found["unfinished"] == 0
    assert found["draws"] < 4
