"""Evasion save scores of combatants on the field: PC, NPC, a map's override, vehicles."""

from game.battle import Battle
from game.hexgrid import Hex
from game.systems.rulesets.swn.checks import evasion_save

from kit import scenario, unit
from kit import scene_of


def test_evasion_scores_by_kind_and_the_maps_override():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0)),          # level 3, Dex +1: 16 - 3 - 1
             unit(2, "veteran_soldier", "enemies", Hex(2, 0)),  # HD 2: 15 - 1
             unit(3, "thug", "enemies", Hex(3, 0), save=11),    # the map says 11
             unit(4, "ground_car", "enemies", Hex(4, 0))]       # vehicles make no save
    scene = scene_of(Battle.from_scenario(scenario(units), seed=1))
    assert [evasion_save(scene, e) for e in (1, 2, 3, 4)] == [12, 14, 11, None]
