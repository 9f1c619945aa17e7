"""The value chart on a squad acting together (seed 004, Extending the Charts, with seed 002's
squad volley; module hero_points): Many-on-One adds the units' value to the volley's one roll, and
every unit succeeds (full damage) only at the AC + (value - 1) x 2, never below seed 002's +3."""

from fractions import Fraction

import pytest

from game.actions import Attack
from game.events import SquadVolley
from game.hexgrid import Hex
from game.rules.swn.squad import GroupVolley, group_volley

from kit import battle_at, texts, unit


def test_a_hundred_acting_together_get_plus_10_and_all_succeed_at_dn_plus_18_worked_example():
    assert group_volley(100) == GroupVolley(bonus=10, full_margin=18)


@pytest.mark.parametrize("units, bonus, margin", [(1, 0, 3), (2, 1, 3), (3, 2, 3), (5, 3, 4), (6, 4, 6),
                                                  (10, 5, 8), (15, 6, 10)])
def test_a_squads_value_is_its_bonus_and_the_full_band_moves_with_it(units, bonus, margin):
    group = group_volley(units)
    assert (group.bonus, group.full_margin) == (bonus, margin)


def _rifles(face: int | None = None, modules=("hero_points",)):
    """Six veteran soldiers (attack +0 here) at a target of AC 10."""
    units = [unit(1, "veteran_soldier", "allies", Hex(0, 0), count=6, name="Rifles", attack_bonus=0),
             unit(2, "thug", "enemies", Hex(3, 0), name="Rook", ac=10, hp=100)]
    battle = battle_at(units, first=1, modules=modules)
    return battle if face is None else (battle, battle.submit(Attack(1, target=2, faces=(face,))))


def test_six_rifles_add_4_to_the_roll_and_need_16_for_full_damage_against_ac_10():
    battle, outcome = _rifles(11)  # 11 + 4 = 15: 5 over AC 10 is short of the +6 all six need
    volley = next(e for e in outcome.events if isinstance(e, SquadVolley))
    assert volley.band == "half"
    assert texts(outcome)[0].startswith("Rifles fire as a squad at Rook with combat rifles: "
                                        "d20 11 +4 Many-on-One (6 units) = 15 vs 10: half damage")
    _, full = _rifles(12)  # 16: all six succeed
    assert next(e for e in full.events if isinstance(e, SquadVolley)).band == "full"


def test_the_attack_option_shows_the_same_bands_the_volley_rolls():
    option = next(o for o in _rifles().options(1).allowed("attack") if o.target == 2)
    # d20 + 4 against 10: none at 7 or less (faces 1-3), full at 16 or more (faces 12-20)
    assert dict(option.bands) == {"none": Fraction(3, 20), "half": Fraction(8, 20), "full": Fraction(9, 20)}
    assert any(part.name == "Many-on-One (6 units)" and part.value == 4 for part in option.odds.bonus)


def test_without_the_module_the_volley_is_seed_002s_alone():
    battle, outcome = _rifles(11, modules=())
    volley = next(e for e in outcome.events if isinstance(e, SquadVolley))
    assert volley.band == "half" and "Many-on-One" not in texts(outcome)[0]
