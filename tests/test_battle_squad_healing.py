"""Healing a squad (seed 002, Squad Combat Notes): one unit back at a time; a Tissue Integrity
Field multiplies its healing by the squad's max units; heroic squads heal hit dice."""

from game.actions import GmSetHealth, Heal
from game.components import Health, Squad
from game.hexgrid import Hex

from kit import battle_at, decline_prompts, texts, unit


def _hurt_squad(hp: int, ruleset: str = "swn"):
    """Six thugs (1 HD: 27 HP) set to `hp` by the GM, beside Mira the medic, on Mira's turn."""
    units = [unit(1, "pc_expert", "pcs", Hex(0, 0), name="Mira"),
             unit(2, "thug", "allies", Hex(1, 0), count=6, name="Rifles"),
             unit(3, "thug", "enemies", Hex(5, 0), name="Rook")]
    battle = battle_at(units, first=1, ruleset=ruleset)
    assert battle.submit(GmSetHealth(2, value=hp)).accepted
    decline_prompts(battle)  # the squad keeps the hexes the engine left it as it closed ranks
    return battle


def test_a_stim_brings_a_squad_back_one_unit_only():
    battle = _hurt_squad(18)  # 4 units of 6
    lines = texts(battle.submit(Heal(1, target=2, dice="1d6+2", faces=(6,))))
    assert battle.world.get(2, Health).current == 22
    assert battle.world.get(2, Squad).units == 5
    assert lines[-1] == "Rifles is healed (8, one unit at a time): 18 -> 22 HP, 4 -> 5 units."


def test_a_tissue_integrity_field_heals_the_squad_times_its_max_units():
    battle = _hurt_squad(9)  # 2 units of 6
    heal = Heal(1, target=2, dice="1d6", tissue_integrity_field=True, faces=(2,))
    lines = texts(battle.submit(heal))
    assert (battle.world.get(2, Health).current, battle.world.get(2, Squad).units) == (21, 5)
    assert ("Rifles is healed (2, x6 max units, Tissue Integrity Field): 9 -> 21 HP, "
            "2 -> 5 units.") in lines  # then it spreads out to a second hex


def test_a_heroic_squad_heals_hit_dice_one_unit_at_a_time():
    battle = _hurt_squad(2, ruleset="swn-heroic")  # 6 HD pool: 2 units
    texts(battle.submit(Heal(1, target=2, dice="1d6+2", faces=(6,))))  # 8 reads as 2 points
    assert (battle.world.get(2, Health).current, battle.world.get(2, Squad).units) == (3, 3)


def test_healing_one_combatant_is_unchanged_by_the_squad_rules():
    battle = _hurt_squad(18)
    assert battle.submit(GmSetHealth(1, value=3)).accepted
    lines = texts(battle.submit(Heal(1, target=1, dice="1d6+2", faces=(6,))))
    assert lines[-1] == "Mira is healed (8): 3 -> 11 HP."
