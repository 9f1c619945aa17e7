"""The Lucky Stars and Starfarer data files load, reproduce the seeds' numbers, and name every mistake."""

import shutil

import pytest

from game.rules.catalog import DATA_DIR, CatalogError
from game.rules.dice import ScriptedDice
from game.rules.lucky_stars.catalog import load_lucky_stars, max_defense, resistance_to
from game.rules.lucky_stars.damage import damage_die
from game.rules.starfarer.catalog import armour_against, load_starfarer, weapon_rating
from game.rules.starfarer.damage import hit_damage
from game.rules.starfarer.ranges import range_bracket, ranged_to_hit
from game.rules.starfarer.tasks import roll_task

# --- Starfarer ---------------------------------------------------------------------------------


def test_starfarer_bundled_kitai_and_his_2500j_laser_replay_the_worked_example():
    catalog = load_starfarer()
    kitai = catalog.creatures["kitai"]
    laser = catalog.weapons[kitai.weapon]
    assert (laser.penetration, laser.damage, laser.penetration + laser.damage) == (10, 9, 19)
    bracket = range_bracket(15, laser.range_rating, laser.extreme)
    result = roll_task(ranged_to_hit(kitai.traits["dexterity"], kitai.skills["laser"], bracket), ScriptedDice([24]))
    assert (bracket, result.mcs, result.los) == ("medium", 60, 3)
    combat_armour = catalog.armour["combat_armour"]
    assert hit_damage(weapon_rating(laser), armour_against(combat_armour, laser), result.los) == 9


def test_starfarer_bundled_camprat_is_mass_4_and_the_laser_blows_through_for_15():
    catalog = load_starfarer()
    camprat, laser = catalog.creatures["camprat"], catalog.weapons["laser_pistol_2500j"]
    armour = armour_against(catalog.armour[camprat.armour], laser)
    assert hit_damage(weapon_rating(laser), armour, los=3, mass=camprat.mass) == 15


def _starfarer_problems(tmp_path, extra):
    shutil.copy(DATA_DIR / "starfarer.toml", tmp_path / "starfarer.toml")
    with (tmp_path / "starfarer.toml").open("a") as handle:
        handle.write(extra)
    with pytest.raises(CatalogError) as caught:
        load_starfarer(tmp_path)
    return caught.value.problems


def test_starfarer_data_mistakes_are_named_by_file_and_entry(tmp_path):
    problems = _starfarer_problems(tmp_path, (
        '\n[weapons.railgun]\nname = "Railgun"\nkind = "projectile"\nskill = "rifle"\npenetration = 30\ndamage = 20\n'
        '\n[creatures.brute]\nname = "Brute"\nmass = 8\nresilience = 14\nbasic_shock = 12\nstun = 14\n'
        'traits = { strength = 9, dexterity = 4 }\nweapon = "rail_gun"\nskills = { rifel = 2 }\n'))
    where = tmp_path / "starfarer.toml"
    assert f"{where}: [weapons.railgun] a projectile weapon needs 'range_rating' (1 to 8)" in problems
    assert any(p.startswith(f"{where}: [creatures.brute] 'skills' names an unknown entry 'rifel' (did you mean 'rifle'?)")
               for p in problems)


def test_starfarer_creature_needs_every_trait_and_a_known_weapon(tmp_path):
    problems = _starfarer_problems(tmp_path, (
        '\n[creatures.brute]\nname = "Brute"\nmass = 8\nresilience = 14\nbasic_shock = 12\nstun = 14\n'
        'traits = { strength = 9, dexterity = 4 }\nweapon = "lazer_pistol_2500j"\n'))
    where = tmp_path / "starfarer.toml"
    assert problems == [
        f"{where}: [creatures.brute] 'weapon' names unknown weapon 'lazer_pistol_2500j' (did you mean 'laser_pistol_2500j'?)",
        f"{where}: [creatures.brute] 'traits' needs agility, endurance, willpower, essence, initiative"]


# --- These Lucky Stars -------------------------------------------------------------------------


def test_lucky_stars_bundled_creatures_fight_with_their_sizes_and_armour():
    catalog = load_lucky_stars()
    spacer, stalker, drone = (catalog.creatures[k] for k in ("spacer", "dune_stalker", "security_drone"))
    assert damage_die(stalker.size, spacer.size) == 12 and damage_die(drone.size, stalker.size) == 4
    assert max_defense(spacer, catalog.armour[spacer.armour]) == 7
    assert resistance_to(drone, catalog.armour[drone.armour], "shock") == "weakness"
    assert resistance_to(drone, catalog.armour["insulated_suit"], "shock") == "none"
    assert resistance_to(drone, catalog.armour["none"], "toxin") == "full"
    pirate = catalog.creatures["pirate"]
    assert resistance_to(pirate, catalog.armour[pirate.armour], "physical") == "partial"


def test_lucky_stars_data_mistakes_are_named_by_file_and_entry(tmp_path):
    shutil.copy(DATA_DIR / "lucky_stars.toml", tmp_path / "lucky_stars.toml")
    with (tmp_path / "lucky_stars.toml").open("a") as handle:
        handle.write('\n[creatures.blob]\nname = "Blob"\nsize = "enormous"\natk = 1\ndefense = 3\nvitality = 2\n'
                     'weakness = ["cold"]\nfull_resistance = ["cold"]\narmour = "vest"\n'
                     '\n[creature.typo]\nname = "Typo"\n')
    with pytest.raises(CatalogError) as caught:
        load_lucky_stars(tmp_path)
    where = tmp_path / "lucky_stars.toml"
    assert any(p.startswith(f"{where}: [creatures.blob] 'size' must be one of tiny") for p in caught.value.problems)
    assert any(p.startswith(f"{where}: unknown table [creature] (did you mean 'creatures'?)") for p in caught.value.problems)


def test_lucky_stars_cross_checks_armour_and_resistance_lists(tmp_path):
    shutil.copy(DATA_DIR / "lucky_stars.toml", tmp_path / "lucky_stars.toml")
    with (tmp_path / "lucky_stars.toml").open("a") as handle:
        handle.write('\n[creatures.blob]\nname = "Blob"\natk = 1\ndefense = 3\nvitality = 2\n'
                     'weakness = ["cold"]\nfull_resistance = ["cold"]\narmour = "vest"\n')
    with pytest.raises(CatalogError) as caught:
        load_lucky_stars(tmp_path)
    where = tmp_path / "lucky_stars.toml"
    assert caught.value.problems == [
        f"{where}: [creatures.blob] 'armour' names unknown armour 'vest'",
        f"{where}: [creatures.blob] 'cold' appears in more than one of partial_resistance, full_resistance, weakness: keep one"]


def test_a_missing_ruleset_data_file_is_named(tmp_path):
    with pytest.raises(CatalogError) as caught:
        load_starfarer(tmp_path)
    assert caught.value.problems == [f"{tmp_path / 'starfarer.toml'}: file not found"]
