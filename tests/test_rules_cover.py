"""Seed 002 hard cover and concealment, read from the bundled data file."""

import pytest

from game.rules.catalog import load_catalog
from game.rules.cover import WeaponClass, best_concealment, best_cover_armor, effective_tl, material_armor

CATALOG = load_catalog()
M = CATALOG.materials

RIFLE = WeaponClass(tl=3, kind="projectile")
PISTOL_TL3 = WeaponClass(tl=3, kind="projectile")
LASER_TL4 = WeaponClass(tl=4, kind="laser")
PLASMA_TL4 = WeaponClass(tl=4, kind="energy")
MAG_RIFLE_TL5 = WeaponClass(tl=5, kind="projectile")
HEAVY_MG_TL3 = WeaponClass(tl=3, kind="projectile", heavy=True)
KNIFE_TL0 = WeaponClass(tl=0, kind="melee")


@pytest.mark.parametrize("material, weapon, armor", [
    ("thin_wood", KNIFE_TL0, 2),          # 2 vs TL1: a TL0 knife is stopped
    ("thin_wood", RIFLE, 0),              # a TL3 rifle ignores thin wood
    ("thick_wood", WeaponClass(2, "projectile"), 4),
    ("drywall", WeaponClass(1, "melee"), 1),
    ("thin_stone", WeaponClass(2, "projectile"), 6),
    ("thick_stone", RIFLE, 8),            # 8 vs TL3
    ("thick_stone", LASER_TL4, 0),
    ("ordinary_metal", RIFLE, 0),         # 6 vs TL2 only
    ("reinforced_postech", LASER_TL4, 8),
    ("pretech", MAG_RIFLE_TL5, 12),
    ("significant_liquid", RIFLE, 6),     # 6 vs TL3
    ("significant_liquid", LASER_TL4, 10),  # 10 vs TL4 energy weapons; lasers are energy
    ("significant_liquid", PLASMA_TL4, 10),
    ("significant_liquid", WeaponClass(4, "projectile"), 0),
    ("particulates", LASER_TL4, 5),       # 5 vs lasers of any TL
    ("particulates", WeaponClass(5, "laser"), 5),
    ("particulates", PLASMA_TL4, 0),      # plasma is energy, not laser
    ("particulates", RIFLE, 0),
    ("none", KNIFE_TL0, 0),
])
def test_material_armor_against_weapon_tech_level(material, weapon, armor):
    assert material_armor(M[material], weapon) == armor


def test_heavy_weapons_count_one_tech_level_higher():
    assert effective_tl(HEAVY_MG_TL3) == 4
    assert material_armor(M["thick_stone"], RIFLE) == 8
    assert material_armor(M["thick_stone"], HEAVY_MG_TL3) == 0


def test_armor_never_stacks_the_best_material_applies():
    armor, material = best_cover_armor([M["thin_wood"], M["thick_stone"], M["drywall"]], KNIFE_TL0)
    assert (armor, material.id) == (8, "thick_stone")
    assert best_cover_armor([], RIFLE) == (0, None)


def test_concealment_levels_do_not_add_the_largest_applies():
    levels = [CATALOG.concealment[i] for i in ("partly", "mostly", "partly")]
    assert best_concealment(levels).ac_bonus == 4
    assert best_concealment([]) is None


def test_concealment_table_matches_seed_002():
    assert {k: v.ac_bonus for k, v in CATALOG.concealment.items()} == {
        "none": 0, "partly": 2, "mostly": 4, "totally": 6}


def test_only_the_forcefield_resists_aimed_shots():
    assert [m.id for m in M.values() if m.resists_aimed_shot] == ["pretech_forcefield"]
