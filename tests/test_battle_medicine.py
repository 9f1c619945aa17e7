"""Stabilising a mortally wounded PC, and healing read straight or on the heroic table."""

from game.actions import Attack, EndTurn, Heal, Hold, Stabilise
from game.battle import Battle
from game.components import Dead, Health, MortallyWounded, Stabilised
from game.hexgrid import Hex

from kit import decline_prompts, pass_turns_until, scenario, unit


def _units(kit_hp: int = 18):
    """Rook the thug shoots Kit; Mira (Heal 1, Int +1) stands beside Kit and lets it through."""
    return [unit(1, "thug", "enemies", Hex(0, 0), name="Rook"),
            unit(2, "pc_warrior", "pcs", Hex(1, 0), name="Kit", hp=kit_hp),
            unit(3, "pc_expert", "pcs", Hex(2, 0), name="Mira")]


def _shot(ruleset: str = "swn", kit_hp: int = 18, damage_face: int = 6) -> Battle:
    """Rook hits Kit with a natural 20 and the given pistol damage face; then it is Mira's turn."""
    battle = Battle.from_scenario(scenario(_units(kit_hp), ruleset=ruleset), seed=4)
    pass_turns_until(battle, 1)
    assert battle.submit(Attack(1, target=2)).accepted
    assert battle.submit(Hold(3, faces=(20, damage_face))).accepted  # Mira lets the shot through
    pass_turns_until(battle, 3)
    return battle


def test_a_heal_check_of_8_plus_rounds_since_the_fall_stabilises():
    battle = _shot(kit_hp=2)
    assert battle.world.has(2, MortallyWounded)
    rounds = battle.state.round - battle.world.get(2, MortallyWounded).since_round
    needed = 8 + rounds - 2  # 2d6 + Heal 1 + Int 1
    outcome = battle.submit(Stabilise(3, target=2, faces=(needed - 6, 6)))
    assert outcome.accepted and battle.world.has(2, Stabilised) and not battle.world.has(2, MortallyWounded)
    assert outcome.lines[-1] == "Kit is stabilised and will live."


def test_a_failed_heal_check_spends_the_main_action_and_nothing_else():
    battle = _shot(kit_hp=2)
    assert battle.submit(Stabilise(3, target=2, faces=(1, 1))).accepted
    assert battle.world.has(2, MortallyWounded) and not battle.world.has(2, Stabilised)
    assert battle.submit(Stabilise(3, target=2)).reason == "the Main action is already used this turn"


def test_a_stabilised_pc_does_not_die_six_rounds_later():
    battle = _shot(kit_hp=2)
    battle.submit(Stabilise(3, target=2, faces=(6, 6)))
    fell = battle.state.round
    while battle.state.round < fell + 7:
        battle.submit(EndTurn(battle.current()))
        decline_prompts(battle)
    assert not battle.world.has(2, Dead)


def test_without_help_the_same_pc_dies_on_the_sixth_round():
    battle = _shot(kit_hp=2)
    fell = battle.world.get(2, MortallyWounded).since_round
    while battle.state.round < fell + 6:
        battle.submit(EndTurn(battle.current()))
        decline_prompts(battle)
    assert battle.world.has(2, Dead)


def test_only_the_mortally_wounded_can_be_stabilised():
    battle = _shot(kit_hp=2)
    assert battle.submit(Stabilise(3, target=1)).reason == "only a mortally wounded PC can be stabilised"


def test_a_stim_heals_its_roll_and_never_past_the_maximum():
    battle = _shot(damage_face=5)  # 1d6+1 = 6: Kit 18 -> 12
    assert battle.world.get(2, Health).current == 12
    outcome = battle.submit(Heal(3, target=2, dice="1d6+2", faces=(3,)))
    assert outcome.accepted and battle.world.get(2, Health).current == 17
    assert outcome.lines[-1] == "Kit is healed (5): 12 -> 17 HP."


def test_heroic_healing_reads_the_stim_on_the_table():
    battle = _shot(ruleset="swn-heroic", damage_face=6)  # 6 + 1 = 7 read heroically: 2 points
    assert battle.world.get(2, Health).current == 16
    outcome = battle.submit(Heal(3, target=2, dice="1d6+2", faces=(2,)))  # 2 + 2 = 4: 1 point
    assert battle.world.get(2, Health).current == 17
    assert "heroic reading" in outcome.lines[-1]


def test_healing_someone_unhurt_or_with_bad_dice_is_refused():
    battle = _shot(damage_face=1)
    assert battle.submit(Heal(3, target=3, dice="1d6+2")).reason == "Mira is not hurt"
    assert battle.submit(Heal(3, target=2, dice="lots")).reason.startswith("the healing dice are not")


def test_a_healer_who_failed_to_stabilise_spends_a_hero_point_and_the_bought_die_saves_kit():
    from game.actions import SpendHeroPoint
    from game.events import CheckRolled
    from game.prompts import HeroPointChance
    from game.systems.rulesets.hero_points import extra_at_least

    units = [*_units(2)[:2], unit(3, "pc_expert", "pcs", Hex(2, 0), name="Mira", hero_points=1)]
    battle = Battle.from_scenario(scenario(units, modules=("hero_points",)), seed=4)
    pass_turns_until(battle, 1)
    battle.submit(Attack(1, target=2))
    battle.submit(Hold(3, faces=(20, 6)))
    pass_turns_until(battle, 3)
    failed = battle.submit(Stabilise(3, target=2, faces=(1, 1)))  # 2 + 2 against 8 or more: failed
    asked = battle.pending()
    assert isinstance(asked, HeroPointChance) and asked.waiting is not None and asked.decider == 3
    assert asked.question == "Mira failed to stabilise Kit: spend a hero point on the check?"
    needed = asked.waiting.roll.difficulty - asked.waiting.roll.total
    assert battle.options(3).allowed("spend_hero_point")[0].chance == extra_at_least(needed)
    assert failed.accepted and battle.world.has(2, MortallyWounded)
    outcome = battle.submit(SpendHeroPoint(3, faces=(12,)))  # the die counts 12
    check = [e for e in outcome.events if isinstance(e, CheckRolled)][-1]
    assert check.result.parts[-1].name == "hero points" and check.result.success
    assert battle.world.has(2, Stabilised) and outcome.lines[-1] == "Kit is stabilised and will live."
