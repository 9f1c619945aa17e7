"""A squad object names the PC who leads it: `led_by` (seed 002, Authority Focus)."""

import shutil
from pathlib import Path

import pytest

from game.battle import Battle
from game.components import Leading
from game.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
FORD = ROOT / "maps" / "kessler_ford.tmx"
SQUAD = '<object id="4" template="templates/veteran_squad.tx" name="2nd Ford Rifles" x="300" y="636">\n   <properties>\n'


def _ford(tmp_path: Path, led_by: str, extra: str = "") -> Path:
    """Kessler Ford with a `led_by` on the 2nd Ford Rifles (object 4), in a copy of maps/."""
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    path = tmp_path / "maps" / FORD.name
    text = path.read_text()
    assert SQUAD in text
    prop = f'    <property name="led_by" type="object" value="{led_by}"/>\n{extra}'
    path.write_text(text.replace(SQUAD, SQUAD + prop))
    return path


def _problems(path: Path) -> list[str]:
    return [f"{p.severity}: {p.message}" for p in load_scenario(path).problems]


def test_a_squad_led_by_a_pc_with_authority_starts_the_battle_led(tmp_path):
    path = _ford(tmp_path, "1")
    text = path.read_text().replace('name="Captain Mara Voss" x="156" y="440">\n   <properties>\n',
                                    'name="Captain Mara Voss" x="156" y="440">\n   <properties>\n'
                                    '    <property name="authority" type="int" value="2"/>\n')
    path.write_text(text)
    result = load_scenario(path)
    assert [p for p in result.problems if p.severity == "error"] == []
    squad = next(u for u in result.scenario.units if u.object_id == 4)
    assert squad.led_by == 1
    battle = Battle.from_scenario(result.scenario, seed=1)
    voss = next(c.id for c in battle.combatants() if c.name == "Captain Mara Voss")
    rifles = next(c.id for c in battle.combatants() if c.name == "2nd Ford Rifles")
    assert battle.world.get(voss, Leading) == Leading(rifles)


def test_a_leader_without_authority_2_is_a_warning(tmp_path):
    assert any(p.startswith("warning: 'led_by' names 'Captain Mara Voss', whose Authority focus is below level 2")
               for p in _problems(_ford(tmp_path, "1")))


@pytest.mark.parametrize("led_by, message", [
    ("99", "'led_by' refers to object id 99, which is not a unit on the map"),
    ("3", "'led_by' names 'Lt. Okafor' (id 3), who is not a PC; name the PC who leads the squad"),
])
def test_a_bad_led_by_is_an_error_saying_what_to_fix(tmp_path, led_by, message):
    assert f"error: {message}" in _problems(_ford(tmp_path, led_by))
