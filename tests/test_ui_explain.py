"""Explain any number: the breakdown lines restate the engine's own odds and add up to the
chance the overlays show, each modifier with the rule it comes from (no screen needed)."""

from __future__ import annotations

import re
from fractions import Fraction

from game.hexgrid import Hex
from game.options import AT_TARGET, AttackOption, Odds
from game.rules.swn.attack import Modifier
from game.scenario.model import Terrain
from game.ui.explain import explain_attack, explanation_at

from kit import battle_at, unit

SOLDIER = unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Sgt Voss")
ANA = unit(2, "pc_warrior", "pcs", Hex(5, 0), name="Ana")
SMOKE = Terrain("smoke", concealment="mostly", material="particulates")
SANDBAGS = Terrain("sandbag wall", move_cost=2, material="thick_stone")
PART = re.compile(r"^  ([+-]\d+) (.+?)(?: \(.*\))?(?:  \[(.*)\])?$")


def _option(battle, kind="attack") -> AttackOption:
    return next(o for o in battle.options(1).allowed(kind) if isinstance(o, AttackOption) and o.target == 2)


def _sections(lines: list[str]) -> tuple[list[tuple[int, str, str]], list[tuple[int, str, str]]]:
    bonus_at, target_at = lines.index("Added to the d20:"), lines.index("To reach (AC and defences):")
    parts = [PART.match(line) for line in lines]
    pick = lambda a, b: [(int(m[1]), m[2], m[3] or "") for m in parts[a:b] if m]  # noqa: E731
    return pick(bonus_at, target_at), pick(target_at, len(lines))


def _adds_up(option: AttackOption, names=None) -> list[str]:
    lines = explain_attack(option, names or {2: "Ana"})
    bonus, target = _sections(lines)
    assert bonus == [(m.value, m.name, m.source) for m in option.odds.bonus]  # each part's rule, as carried
    assert [(v, n, s) for v, n, s in target] == [(m.value, m.name, m.source) for m in option.odds.target]
    assert f"  = {sum(v for v, _, _ in bonus):+d} to the d20" in lines
    assert f"  = {sum(v for v, _, _ in target)}" in lines
    face = max(2, min(20, sum(v for v, _, _ in target) - sum(v for v, _, _ in bonus)))
    hits = 21 - face
    assert face == option.odds.face_needed and hits == option.odds.chance * 20
    shown = f"{round(float(option.odds.chance) * 100)}%"
    verdict = next(line for line in lines if line.startswith("Hits on"))
    assert lines[0].endswith(f"{shown} to hit") and verdict.endswith(f"{hits} of 20 = {shown}")
    return lines


def test_a_plain_shot_explains_attack_bonus_against_ac_and_adds_up_to_the_shown_chance():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    lines = _adds_up(_option(battle))
    assert lines[0] == "Attack on Ana: 35% to hit"
    assert "  +2 attack bonus  [SWN core, attack bonus]" in lines
    assert "  +16 AC  [SWN core, armor class]" in lines
    assert any(line.startswith("Expected damage: 2.27") for line in lines)  # 7/20 x 6.5


def test_concealment_names_its_hex_and_seed_and_the_aimed_shot_cites_seed_002():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3, terrain={Hex(5, 0): SMOKE})
    plain = _adds_up(_option(battle))
    assert any("concealment (" in line and "(5, 0)" in line and "[Seed 002, Cover and Concealment]" in line
               for line in plain)
    aimed = _adds_up(_option(battle, "aimed_attack"))
    assert any("aimed shot" in line and "[Seed 002, Aimed Shot]" in line for line in aimed)


def test_cover_armor_is_explained_with_its_material_and_hex():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3, terrain={Hex(4, 0): SANDBAGS})
    lines = _adds_up(_option(battle))
    assert any(line.startswith("  cover armor") and "(4, 0)" in line for line in lines)


def test_the_card_prints_each_parts_rule_as_the_value_carries_it_and_cites_nothing_of_its_own():
    odds = Odds(Fraction(5, 20), 16, (Modifier("attack bonus", 3, "SWN core, attack bonus"),
                                      Modifier("long range", -2, "SWN core, ranged attacks"),
                                      Modifier("lucky charm", 1, "House rule, charms")),
                (Modifier("AC", 13, "SWN core, armor class"), Modifier("total defense", 2, "")), source="Test, the roll")
    option = AttackOption("overwatch_fire", None, aim=AT_TARGET, target=2, odds=odds, damage="1d8", armor=0,
                          expected_damage=Fraction(5, 20) * Fraction(9, 2), damage_source="Test, damage")
    lines = explain_attack(option, {2: "Ana"})
    assert "  -2 long range  [SWN core, ranged attacks]" in lines
    assert "  +1 lucky charm  [House rule, charms]" in lines
    assert "  +2 total defense" in lines  # no source carried: none printed, none looked up
    assert any(line.startswith("Hits on a d20 of 16+") and "[Test, the roll]" in line for line in lines)
    assert lines[-2].startswith("Damage 1d8, less armor 0 that counts  [Test, damage]")


def test_an_overwatch_shot_at_long_range_cites_the_core_range_rule_and_seed_002s_overwatch():
    from game.actions import Move, SetOverwatch

    from kit import pass_turns_until

    battle = battle_at([unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Sgt Voss", weapon="semi_auto_pistol"),
                        unit(2, "pc_warrior", "pcs", Hex(12, -6), name="Ana")], first=1, seed=3, radius=14)
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    pass_turns_until(battle, 2)
    assert battle.submit(Move(2, path=(Hex(11, -5),))).accepted and battle.pending() is not None
    lines = _adds_up(battle.options(1).allowed("overwatch_fire")[0])
    assert "  -2 long range  [SWN core, ranged attacks]" in lines
    assert "  -2 overwatch  [Seed 002, Overwatch]" in lines


def test_a_click_on_a_token_that_is_no_target_explains_its_ac_and_its_sides_morale():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    lines = explanation_at(Hex(0, 0), battle.options(1), "move", battle.combatants(), battle.sides(), battle.log)
    assert lines[0].startswith("Sgt Voss: AC") and any("Seed 002, Morale Threshold" in line for line in lines)
    on_target = explanation_at(Hex(5, 0), battle.options(1), "move", battle.combatants(), battle.sides())
    assert on_target[0] == "Attack on Ana: 35% to hit"
    assert explanation_at(Hex(2, 2), battle.options(1), "move", battle.combatants(), battle.sides()) == []


def test_a_sides_morale_lists_its_band_and_every_factor_the_log_recorded():
    from game.events import MoraleChanged
    from game.rules.swn.morale import MoraleChange
    from game.ui.explain import explain_morale
    from game.views import SideView

    raiders = SideView("raiders", "Rustjaw raiders", "gm", 6, "Careful", "enemies")
    log = (MoraleChanged("raiders", MoraleChange("lost 20% of forces or HP", 2, 8, 6)),
           MoraleChanged("crew", MoraleChange("intimidated", 1, 9, 8)))
    lines = explain_morale(raiders, log)
    assert lines[0] == "Rustjaw raiders morale 6: Careful band  [Seed 002, Morale Threshold]"
    assert lines[1:] == ["  morale 8 -> 6 (lost 20% of forces or HP x2)  [Seed 002, Morale Factors]"]


def test_an_opposed_2d6_attack_explains_both_sides_and_the_margin_to_win():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0)), unit(2, "pirate", "enemies", Hex(3, 0), name="Gash")],
                       first=1, ruleset="lucky-stars")
    lines = explain_attack(_option(battle), {2: "Gash"})
    assert lines[0].startswith("Attack on Gash: ") and lines[0].endswith("% to hit (opposed 2d6)")
    assert "  +2 ATK  [Seed 001, Attacking and defending]" in lines
    assert "  +7 current DEF  [Seed 001, Attacking and defending]" in lines
    assert any("beat the defender's by 6 or more" in line for line in lines)  # 7 - 2 + 1


def test_a_d100_task_explains_its_base_chance_and_ease_factor():
    battle = battle_at([unit(1, "kitai", "pcs", Hex(0, 0)), unit(2, "marine", "enemies", Hex(5, 0), name="Reyes")],
                       first=1, ruleset="starfarer")
    lines = explain_attack(_option(battle), {2: "Reyes"})
    assert lines[0] == "Attack on Reyes: 60% to hit (d100)"
    assert "  +12 BCS  [Seed 003, 3.4 Attack Resolution]" in lines and "  +5 EF (medium)  [Seed 003, 3.4.1 Ranges]" in lines and "Hits on a d100 of 60 or less  [Seed 003, 3.4 Attack Resolution]: 60%" in lines
