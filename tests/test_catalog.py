"""The data files load, and every mistake a GM can make in them gets a clear message."""

import shutil
from pathlib import Path

import pytest

from game.rules.catalog import DATA_DIR, CatalogError, check_unit_override, load_catalog


def test_bundled_data_loads_with_swn_core_defaults():
    catalog = load_catalog()
    assert catalog.weapons["mag_rifle"].damage == "2d8+2"
    assert catalog.weapons["mag_rifle"].range_m == (300, 600)
    assert catalog.weapons["knife"].shock == (1, 15)
    assert catalog.weapons["frag_grenade"].blast_radius_m == 5
    assert catalog.unit_types["veteran_soldier"].hd == 2
    assert catalog.unit_types["veteran_soldier"].morale == 9
    assert catalog.unit_types["civilian"].morale == 7
    assert catalog.unit_types["pc_warrior"].skills["shoot"] == 1


def test_every_unit_weapon_exists():
    catalog = load_catalog()
    for unit in catalog.unit_types.values():
        assert unit.weapon in catalog.weapons, unit.id


def _copy_data(tmp_path: Path) -> Path:
    for name in ("weapons.toml", "units.toml", "cover.toml"):
        shutil.copy(DATA_DIR / name, tmp_path / name)
    return tmp_path


def _problems(tmp_path: Path) -> list[str]:
    with pytest.raises(CatalogError) as caught:
        load_catalog(tmp_path)
    return caught.value.problems


def test_all_problems_are_reported_at_once_with_file_and_entry(tmp_path):
    data = _copy_data(tmp_path)
    with (data / "units.toml").open("a") as handle:
        handle.write('\n[units.bad_guy]\nname = "Bad"\nkind = "npc"\nhd = 1\nac = "high"\nweapon = "lazer_rifle"\nmoral = 8\n')
    problems = _problems(data)
    assert f"{data / 'units.toml'}: [units.bad_guy] unknown field 'moral' (did you mean 'morale'?)" in problems
    assert f"{data / 'units.toml'}: [units.bad_guy] 'ac' must be a whole number, not 'high'" in problems


def test_unknown_weapon_is_named_with_a_suggestion(tmp_path):
    data = _copy_data(tmp_path)
    with (data / "units.toml").open("a") as handle:
        handle.write('\n[units.bad_guy]\nname = "Bad"\nkind = "npc"\nhd = 1\nac = 12\nweapon = "lazer_rifle"\n')
    assert _problems(data) == [
        f"{data / 'units.toml'}: [units.bad_guy] 'weapon' names unknown weapon 'lazer_rifle' (did you mean 'laser_rifle'?)"]


def test_bad_dice_and_broken_toml(tmp_path):
    data = _copy_data(tmp_path)
    text = (data / "weapons.toml").read_text().replace('damage = "1d4"', 'damage = "1d"')
    (data / "weapons.toml").write_text(text)
    (data / "cover.toml").write_text("[materials\n")
    problems = _problems(data)
    assert any(p.startswith(f"{data / 'weapons.toml'}: [weapons.knife] 'damage' is not a dice expression") for p in problems)
    assert any(p.startswith(f"{data / 'cover.toml'}: not valid TOML") for p in problems)


def test_material_rows_are_checked(tmp_path):
    data = _copy_data(tmp_path)
    with (data / "cover.toml").open("a") as handle:
        handle.write('\n[materials.jelly]\nname = "Jelly"\narmor = [{ armor = 3, max_tl = 2, against = "sonic" }]\n')
    problems = _problems(data)
    assert len(problems) == 1 and "[materials.jelly] 'armor' row" in problems[0]


def test_unit_overrides_from_a_map_are_checked_like_the_data_file():
    catalog = load_catalog()
    assert check_unit_override("ac", 17, catalog) is None
    assert check_unit_override("ac", "17", catalog) == "must be a whole number, not '17'"
    assert check_unit_override("moral", 8, catalog) == "is not a unit stat (did you mean 'morale'?)"
    assert check_unit_override("weapon", "mag_rfle", catalog) == "names unknown weapon 'mag_rfle' (did you mean 'mag_rifle'?)"
    assert check_unit_override("kind", "pc", catalog).startswith("is not a unit stat")
