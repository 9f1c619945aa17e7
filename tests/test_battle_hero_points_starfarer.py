"""Hero points (seed 004) on Starfarer rolls beyond the to-hit task (seed 003): the survival and
shock checks a hit calls for, and a defensive reaction. Whoever failed may buy dice after seeing
the d100; the bought dice come off it (never below 1) and the check is read again against the
same MCS. Starts from seed 003's blow-through example (18 to the chest: a mortal wound)."""

from fractions import Fraction

from game.actions import Attack, Hold, Move, React, SpendHeroPoint
from game.battle import Battle
from game.events import Reacted, TaskAttacked, TaskChecked
from game.hexgrid import Hex
from game.prompts import HeroPointChance

from kit import scenario, unit
from starfarer_kit import phase_of

HERO = ("hero_points",)


def _checks(events, name: str) -> list[TaskChecked]:
    return [e for e in events if isinstance(e, TaskChecked) and e.check == name]


def _chest_hit():
    """Seed 003's example: Kitai's laser at 15 m on an unarmoured colonist, 24 (LOS 3) to the chest:
    18, a mortal wound; the colonist (1 hero point) lets the hit come and fails its survival check,
    MCS 80, on 95."""
    units = [unit(1, "kitai", "pcs", Hex(0, 0), name="Kitai"),
             unit(2, "colonist", "enemies", Hex(5, 0), name="Target", hero_points=1),
             unit(3, "colonist", "enemies", Hex(-3, 3), name="Onlooker")]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings={"blow_through": True}, radius=6,
                                           modules=HERO), seed=4)
    phase_of(battle, 1)
    battle.submit(Attack(1, target=2, faces=(24,)))
    events = battle.submit(Hold(2, faces=(95,))).events  # takes the 18 as rolled (no negation)
    assert [(e.task.mcs, e.task.roll) for e in _checks(events, "survival")] == [(80, 95)]
    return battle


def test_a_character_who_failed_the_survival_check_is_asked_with_the_exact_chance():
    battle = _chest_hit()
    asked = battle.pending()
    assert isinstance(asked, HeroPointChance) and asked.question == "Target failed the survival check: spend a hero point on it?"
    assert battle.combatant(2).down != "dead"  # not yet: the check waits on the decision
    # 15 to take off: 15-19 (5 faces), a 10 then 5 or more (16 of 20), a 20: 6.8 of 20
    assert battle.options(2).allowed("spend_hero_point")[0].chance == Fraction(17, 50)


def test_a_bought_die_off_the_survival_check_keeps_the_character_alive_and_mortally_wounded():
    battle = _chest_hit()
    outcome = battle.submit(SpendHeroPoint(2, faces=(15,)))  # 95 - 15 = 80: made
    assert [(e.task.roll, e.task.success) for e in _checks(outcome.events, "survival")] == [(80, True)]
    assert battle.combatant(2).down == "mortally wounded"


def test_letting_the_failed_survival_check_stand_the_character_dies():
    battle = _chest_hit()
    battle.submit(Hold(2))
    assert battle.combatant(2).down == "dead" and battle.combatant(2).hero_points == 1


def _maimed_arm():
    """Reyes's rifle at close range, 27: LOS 2, 16 to Kitai's right arm, maimed; Kitai (1 hero point)
    takes it and fails the shock check, MCS 33, on 60 (tests/test_battle_starfarer_body.py)."""
    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"),
             unit(2, "kitai", "enemies", Hex(1, 0), name="Kitai", hero_points=1),
             unit(3, "pirate", "enemies", Hex(-4, 4), name="Vane")]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", modules=HERO), seed=4)
    phase_of(battle, 1)
    battle.submit(Attack(1, target=2, faces=(27,)))
    events = battle.submit(Hold(2, faces=(60,))).events
    assert [(e.task.mcs, e.task.roll) for e in _checks(events, "shock")] == [(33, 60)]
    return battle


def test_a_bought_die_off_the_shock_check_keeps_the_character_conscious():
    battle = _maimed_arm()
    assert battle.pending().question == "Kitai failed the shock check: spend a hero point on it?"
    outcome = battle.submit(SpendHeroPoint(2, faces=(20, 7)))  # 20 rolls again: 27 off, 33
    assert "Kitai makes a shock check: BCS 11 x EF 3 = MCS 33, rolled 33" in " ".join(outcome.lines)
    assert battle.combatant(2).in_fight


def test_letting_the_failed_shock_check_stand_knocks_the_character_out():
    battle = _maimed_arm()
    battle.submit(Hold(2))
    assert battle.combatant(2).down == "unconscious"


def _attacked(kitai_points: int = 1):
    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"),
             unit(2, "kitai", "enemies", Hex(5, 0), name="Kitai", hero_points=kitai_points)]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings={"evasion_and_parry": True},
                                           modules=HERO), seed=4)
    phase_of(battle, 1)
    battle.submit(Attack(1, target=2))
    return battle


def test_a_failed_evasion_may_be_bought_and_then_takes_ef_off_the_attack():
    battle = _attacked()
    failed = battle.submit(React(2, how="evade", faces=(85,)))  # evasion MCS 70: failed by 15
    assert next(e for e in failed.events if isinstance(e, Reacted)).ef_off == 0
    assert not any(isinstance(e, TaskAttacked) for e in failed.events)  # the attack waits on the decision
    assert battle.pending().question == "Kitai failed to evade: spend a hero point on it?"
    assert battle.options(2).allowed("spend_hero_point")[0].chance == Fraction(17, 50)
    outcome = battle.submit(SpendHeroPoint(2, faces=(15, 99)))  # 70: made, LOS 0, 1 EF off; the rifle 99
    assert "Kitai makes an evasion check: BCS 14 x EF 5 = MCS 70, rolled 70" in " ".join(outcome.lines)
    attack = next(e for e in outcome.events if isinstance(e, TaskAttacked)).task
    assert (attack.ef, attack.roll, attack.success) == (5, 99, False)


def test_a_failed_evasion_let_stand_takes_nothing_off():
    battle = _attacked()
    battle.submit(React(2, how="evade", faces=(85,)))
    outcome = battle.submit(Hold(2, faces=(99,)))
    assert next(e for e in outcome.events if isinstance(e, TaskAttacked)).task.ef == 6


def _kitai_with_a_wounded_arm():
    """Reyes's rifle hits Kitai's right arm (8, medium; Kitai, 1 hero point, takes it); in round 2
    Kitai goes first (tests/test_battle_starfarer_body.py)."""
    from starfarer_kit import end_round

    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"),
             unit(2, "kitai", "enemies", Hex(1, 0), name="Kitai", hero_points=1)]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", modules=HERO), seed=4)
    phase_of(battle, 1)
    battle.submit(Attack(1, target=2, faces=(47,)))
    battle.submit(Hold(2))
    end_round(battle, (50, 1, 10))
    assert battle.current() == 2
    return battle


def test_a_failed_disability_check_may_be_bought_back_and_the_arm_then_attacks():
    battle = _kitai_with_a_wounded_arm()
    failed = battle.submit(Attack(2, target=1, faces=(34,)))  # MCS 33
    assert [e.task.success for e in _checks(failed.events, "disability")] == [False]
    assert battle.pending().question == "Kitai failed the disability check for the right arm: spend a hero point on it?"
    assert battle.options(2).allowed("spend_hero_point")[0].chance == 1  # 1 to take off
    outcome = battle.submit(SpendHeroPoint(2, faces=(3, 24)))  # counts 10: 24; the attack rolls 24
    assert [(e.task.roll, e.task.success) for e in _checks(outcome.events, "disability")] == [(24, True)]
    assert next(e for e in outcome.events if isinstance(e, TaskAttacked)).task.roll == 24


def test_a_failed_disability_check_let_stand_spends_the_phase_and_the_arm_stays_useless():
    battle = _kitai_with_a_wounded_arm()
    battle.submit(Attack(2, target=1, faces=(34,)))
    outcome = battle.submit(Hold(2))
    assert not any(isinstance(e, TaskAttacked) for e in outcome.events)
    assert battle.combatant(2).hero_points == 1


def test_a_leg_whose_disability_check_is_bought_back_walks_on():
    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"),
             unit(2, "kitai", "enemies", Hex(1, 0), name="Kitai", hero_points=1)]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", modules=HERO), seed=4)
    phase_of(battle, 1)
    battle.submit(Attack(1, target=2, faces=(39,)))  # LOS 1, the right leg, 8, medium
    battle.submit(Hold(2))
    phase_of(battle, 2)
    battle.submit(Move(2, path=(Hex(2, 0),), faces=(90,)))  # MCS 33: 90 fails
    assert battle.combatant(2).hex == Hex(1, 0)
    battle.submit(SpendHeroPoint(2, faces=(20, 20, 17)))  # 57 off: 33
    assert battle.combatant(2).hex == Hex(2, 0)


def test_a_fight_with_a_bought_disability_check_replays_to_the_same_state():
    from game.savefile import replay_on

    battle = _kitai_with_a_wounded_arm()
    battle.submit(Attack(2, target=1, faces=(34,)))
    battle.submit(SpendHeroPoint(2))  # the seeded die, then the attack and whatever it calls for
    again, problem = replay_on(battle.scenario, battle)
    assert problem is None and again.state == battle.state and again.log == battle.log
