"""Starfarer damage in battle: the optional blow-through rule (map property `blow_through`) with
its 2x-mass limit, the LOS 0 halving, and the extreme range bracket only for weapons that have
it (Seed 003, 3.4.1, 3.5, 3.5.1). The seed's worked examples first; dice are scripted faces."""

from game.actions import Attack
from game.battle import Battle
from game.events import TaskAttacked, Wounded
from game.hexgrid import Hex

from kit import scenario, unit
from starfarer_kit import phase_of

KITAI, TARGET = 1, 2


def _kitai_against(creature: str, gap: int = 5, blow_through: bool = True, radius: int = 6, **kitai) -> Battle:
    units = [unit(1, "kitai", "pcs", Hex(0, 0), name="Kitai", **kitai),
             unit(2, creature, "enemies", Hex(gap, 0), name="Target"),
             unit(3, creature, "enemies", Hex(-3, 3), name="Onlooker")]
    settings = {"blow_through": True} if blow_through else None
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings=settings, radius=radius), seed=4)
    phase_of(battle, KITAI)
    return battle


def _wound(outcome) -> Wounded:
    return next(e for e in outcome.events if isinstance(e, Wounded))


def test_starfarer_blow_through_kitai_laser_on_an_unarmoured_human_mass_6_does_18_at_los3_worked_example():
    battle = _kitai_against("colonist")  # 15 m, medium: (DEX 7, laser 5) x 5 = 60; 24 is LOS 3, chest
    # 10/9 unarmoured: modified damage 9 is over the mass 6, so 6; x LOS 3 = 18 (Seed 003, 3.5.1).
    outcome = battle.submit(Attack(KITAI, target=TARGET, faces=(24, 1)))  # the mortal wound's survival check passes on 1
    assert _wound(outcome).damage == 18


def test_starfarer_blow_through_kitai_laser_on_a_camprat_mass_4_does_15_at_los3_worked_example():
    battle = _kitai_against("camprat")
    # 9 is over twice the camprat's mass 4, so it loses only the mass: 5; x LOS 3 = 15 (Seed 003, 3.5.1).
    outcome = battle.submit(Attack(KITAI, target=TARGET, faces=(24, 1)))
    assert _wound(outcome).damage == 15


def test_without_the_map_property_the_laser_does_its_full_27_and_the_odds_say_so():
    battle = _kitai_against("camprat", blow_through=False)
    plain = battle.options(KITAI).allowed("attack")[0].expected_damage
    assert _wound(battle.submit(Attack(KITAI, target=TARGET, faces=(24, 1)))).damage == 27
    capped = _kitai_against("camprat").options(KITAI).allowed("attack")[0].expected_damage
    assert capped < plain  # the option's mean damage uses the same rule as the hit


def test_a_marginal_los_0_hit_does_half_the_modified_damage_rounded_up():
    battle = _kitai_against("marine", blow_through=False)
    # 59 against MCS 60 is LOS 0: the laser's 3 after combat armour, halved and rounded up: 2 (Seed 003, 3.5).
    outcome = battle.submit(Attack(KITAI, target=TARGET, faces=(59,)))
    task = next(e for e in outcome.events if isinstance(e, TaskAttacked)).task
    assert (task.los, _wound(outcome).damage) == (0, 2)


def test_the_extreme_bracket_is_only_for_weapons_that_have_it():
    # Range rating 1: long ends at 30 m, extreme (1.5 x) at 45 m. 11 hexes is 33 m.
    slug = _kitai_against("marine", gap=11, radius=12, weapon="scattergun")
    option = slug.options(KITAI).allowed("attack")[0]
    assert [m.name for m in option.odds.target] == ["EF (extreme)"] and option.odds.target[0].value == 2
    laser = _kitai_against("marine", gap=34, radius=35)  # rating 2, no extreme bracket: long ends at 100 m
    refused = laser.options(KITAI).of("attack")[0]
    assert refused.refused == "out of reach of a 2500j laser pistol (102 m)"
