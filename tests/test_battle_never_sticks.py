"""A battle that never sticks: the turn passes on when its owner falls, and refusals stay refusals."""

import time

import pytest

from game.actions import Jump, Move, OverwatchFire, SetOverwatch, ThrowGrenade
from game.battle import Battle, scenario_problem
from game.components import Health
from game.hexgrid import Hex
from game.rules.catalog import load_catalog
from game.savefile import ScenarioLoadError, load_scenario_or_fail

from kit import battle_at, pass_turns_until, scenario, unit

VOSS = unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss")
ANA = unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana", hp=1)
BEN = unit(9, "pc_warrior", "pcs", Hex(-4, 0), name="Ben")  # keeps the PCs in the fight
PATH = (Hex(1, 2), Hex(2, 1), Hex(3, 0))


def _watched(units) -> Battle:
    battle = battle_at(units, first=1, seed=11, radius=8)
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    pass_turns_until(battle, 2)
    return battle


def test_a_mover_shot_down_by_overwatch_in_its_own_turn_passes_the_turn_on():
    battle = _watched([VOSS, ANA, BEN])
    assert battle.submit(Move(2, path=PATH)).accepted
    outcome = battle.submit(OverwatchFire(1, faces=(20, 6)))  # a natural 20: Ana falls
    assert outcome.accepted, outcome.reason
    assert battle.world.get(2, Health).current == 0
    assert not battle.state.ended and battle.pending() is None
    assert battle.current() not in (None, 2)  # nobody has to end a fallen turn


def test_a_second_watcher_is_not_asked_about_a_mover_the_first_one_downed():
    second = unit(3, "veteran_soldier", "enemies", Hex(0, -1), name="Kell")
    battle = battle_at([VOSS, ANA, BEN, second], first=1, seed=11, radius=8)
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    pass_turns_until(battle, 3)
    assert battle.submit(SetOverwatch(3, facing=0)).accepted
    pass_turns_until(battle, 2)
    assert battle.submit(Move(2, path=PATH)).accepted
    asked = [p.decider for p in battle.state.pending]
    assert sorted(asked) == [1, 3]
    assert battle.submit(OverwatchFire(asked[0], faces=(20, 6))).accepted
    assert battle.pending() is None and battle.current() != 2


def test_overwatch_fire_at_a_target_already_down_is_refused_not_raised():
    battle = _watched([VOSS, ANA, BEN])
    battle.submit(Move(2, path=PATH))
    battle.submit(OverwatchFire(1, faces=(20, 6)))
    refused = battle.submit(OverwatchFire(1, target=2))
    assert not refused.accepted


def test_a_thrower_caught_in_its_own_blast_passes_the_turn_on():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="frag_grenade", hp=1)
    thug = unit(2, "thug", "enemies", Hex(0, 5))
    battle = battle_at([ana, thug, BEN], first=1, seed=3)
    # A natural 1 misses; the grenade scatters 1 hex in direction 3 (1d6 = 4) back onto
    # Ana's neighbour, 6 damage, and her Evasion save of 1 fails.
    outcome = battle.submit(ThrowGrenade(1, at=Hex(0, 1), faces=(1, 1, 4, 6, 1)))
    assert outcome.accepted, outcome.reason
    assert battle.world.get(1, Health).current == 0
    assert battle.current() not in (None, 1)


def test_a_jump_to_a_hex_absurdly_far_away_is_refused_at_once():
    battle = battle_at([unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "enemies", Hex(0, 5))], first=1)
    started = time.perf_counter()
    refused = battle.submit(Jump(1, to=Hex(10**12, -10**12)))
    assert not refused.accepted and "a jump reaches at most" in refused.reason
    assert time.perf_counter() - started < 5  # a bound on a hang, not a speed test


def test_a_map_with_units_of_one_camp_only_is_refused_with_the_reason():
    lonely = scenario([unit(1, "pc_warrior", "pcs", Hex(0, 0)), unit(2, "thug", "allies", Hex(0, 2))])
    problem = scenario_problem(lonely)
    assert "only units of the pcs camp" in problem and "place units for the other side" in problem
    with pytest.raises(ValueError, match="two sides that fight"):
        Battle.from_scenario(lonely, seed=1)


def test_a_map_with_only_bystanders_is_refused_too():
    assert "no units that fight" in scenario_problem(scenario([unit(1, "civilian", "bystanders", Hex(0, 0))]))


def test_loading_a_one_sided_map_names_the_file(folder):
    path = folder / "one_side.tmx"
    path.write_text(_ONE_SIDED)
    with pytest.raises(ScenarioLoadError, match="one_side.tmx.*place units for the other side"):
        load_scenario_or_fail(path, load_catalog())


def test_when_only_bystanders_are_left_the_log_says_who_holds_the_field():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", hp=1, weapon="frag_grenade")
    thug = unit(2, "thug", "enemies", Hex(0, 2), hp=1)
    crowd = unit(3, "civilian", "bystanders", Hex(0, 6), name="Onlooker")
    battle = battle_at([ana, thug, crowd], first=1, seed=3)
    # A hit on the thug's hex: 6 damage, both fail their saves.
    outcome = battle.submit(ThrowGrenade(1, at=Hex(0, 1), faces=(19, 6, 1, 1)))
    assert outcome.accepted, outcome.reason
    assert battle.state.ended
    assert outcome.lines[-1] == "The battle is over: no fighting side is left; Bystanders hold the field."


_ONE_SIDED = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" width="4" height="4"
 tilewidth="56" tileheight="64" infinite="0" hexsidelength="32" staggeraxis="y" staggerindex="odd" nextlayerid="3" nextobjectid="2">
 <properties>
  <property name="ruleset" value="swn"/>
 </properties>
 <tileset firstgid="1" source="terrain.tsx"/>
 <layer id="1" name="ground" width="4" height="4">
  <data encoding="csv">
1,1,1,1,
1,1,1,1,
1,1,1,1,
1,1,1,1
</data>
 </layer>
 <objectgroup id="2" name="units">
  <object id="1" name="Ana" type="Unit" x="28" y="32">
   <properties>
    <property name="side" value="pcs"/>
    <property name="unit_type" value="pc_warrior"/>
   </properties>
  </object>
 </objectgroup>
</map>
"""
