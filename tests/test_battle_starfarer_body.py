"""Starfarer (seed 003) bodies in battle: disability checks, bleeding that stops by itself,
falling unconscious and coming to, and the survival checks of the mortally wounded
(Seed 003, 3.6.6-3.6.7). Dice are scripted faces."""

from fractions import Fraction

from game.actions import Attack, EndTurn, Move
from game.battle import Battle
from game.events import BleedingStopped, Bled, CameTo, Fell, TaskAttacked, TaskChecked, Wounded
from game.hexgrid import Hex
from game.savefile import replay_on
from game.ui.explain import explain_attack

from kit import scenario, unit
from starfarer_kit import end_round, phase_of, rounds_until

REYES, KITAI, VANE = 1, 2, 3


def _battle(seed: int = 4, vane: bool = False) -> Battle:
    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"), unit(2, "kitai", "enemies", Hex(1, 0), name="Kitai")]
    if vane:
        units.append(unit(3, "pirate", "enemies", Hex(-4, 4), name="Vane"))
    return Battle.from_scenario(scenario(units, ruleset="starfarer"), seed=seed)




def _checks(events, name: str) -> list[TaskChecked]:
    return [e for e in events if isinstance(e, TaskChecked) and e.check == name]


def _arm_wounded(battle: Battle) -> None:
    """Reyes's rifle (11/8) hits Kitai's right arm through the flak vest (10): 8 x LOS 1, a medium wound."""
    phase_of(battle, REYES)
    outcome = battle.submit(Attack(REYES, target=KITAI, faces=(47,)))  # (7+5) x 5 = 60; 47: LOS 1, ones digit 7
    wound = next(e for e in outcome.events if isinstance(e, Wounded))
    assert (wound.location, wound.damage, wound.level, wound.bleeds) == ("right_arm", 8, 2, 2)


def _round_two_kitai_first(battle: Battle) -> list:
    """Round 2: bleeding takes Kitai from 8 to 10 shock (a multiple of the basic 10: a shock check,
    (5+6) x 8 = 88, passed on 50); Reyes rolls 1 (20 AP), Kitai 10 (29 AP)."""
    events = end_round(battle, (50, 1, 10))
    assert battle.current() == KITAI
    return events


def test_a_medium_arm_wound_calls_for_a_disability_check_counted_in_the_attacks_odds():
    battle = _battle()
    _arm_wounded(battle)
    events = _round_two_kitai_first(battle)
    assert [e.task.success for e in _checks(events, "shock")] == [True]
    option = battle.options(KITAI).allowed("attack")[0]
    # Disability: (END 5, WIL 6) x (5 - 2) = 33. The attack: (DEX 7, laser 5) less 2 per trait x 5 = 40.
    assert option.odds.chance == Fraction(33, 100) * Fraction(40, 100) and option.odds.face_needed == 40
    lines = explain_attack(option, {REYES: "Reyes"})
    assert "First a disability check (right arm): d100 of 33 or less  [Seed 003, 3.6.6 Effects of Wounds and Shock]" in lines


def test_passing_the_disability_check_lets_the_arm_attack():
    battle = _battle()
    _arm_wounded(battle)
    _round_two_kitai_first(battle)
    outcome = battle.submit(Attack(KITAI, target=REYES, faces=(33, 24)))
    check = _checks(outcome.events, "disability")[0]
    assert (check.location, check.task.mcs, check.task.success) == ("right_arm", 33, True)
    assert next(e for e in outcome.events if isinstance(e, TaskAttacked)).task.roll == 24


def test_failing_the_disability_check_spends_the_phase_and_the_arm_is_useless_for_the_round():
    battle = _battle()
    _arm_wounded(battle)
    _round_two_kitai_first(battle)
    outcome = battle.submit(Attack(KITAI, target=REYES, faces=(34,)))
    assert [e.task.success for e in _checks(outcome.events, "disability")] == [False]
    assert not any(isinstance(e, TaskAttacked) for e in outcome.events)
    phase_of(battle, REYES)
    battle.submit(EndTurn(REYES))
    assert battle.current() == KITAI and battle.state.round == 2  # Kitai's second phase, at 19
    refused = battle.options(KITAI).of("attack")[0]
    assert refused.refused == "the right arm failed its disability check this round"
    assert battle.options(KITAI).allowed("move")  # the legs are whole


def test_an_arm_bleeding_2_a_round_checks_to_stop_every_second_round():
    battle = _battle()
    _arm_wounded(battle)
    _round_two_kitai_first(battle)
    # Round 3: bleeds 2 more (12); the arm has bled 2 rounds at 2: (END 5 twice) x (5 - 2) = 30;
    # 25 is LOS 0 and stops 1 point. Then the action points.
    events = end_round(battle, (25, 1, 1))
    assert [e.shock for e in events if isinstance(e, Bled)] == [2]
    check = _checks(events, "bleeding")[0]
    assert (check.location, check.task.mcs, check.task.los) == ("right_arm", 30, 0)
    stopped = next(e for e in events if isinstance(e, BleedingStopped))
    assert (stopped.location, stopped.stopped, stopped.rate) == ("right_arm", 1, (2, 1))
    events = end_round(battle, (10, 1, 1))  # bleeding 1 now: checked every round; 10 is LOS 2, stops the last
    assert [e.shock for e in events if isinstance(e, Bled)] == [1]
    assert next(e for e in events if isinstance(e, BleedingStopped)).rate == (1, 0)


def test_a_blunt_weapons_wound_bleeds_half_rounded_up():
    battle = Battle.from_scenario(scenario([unit(1, "marine", "pcs", Hex(0, 0), name="Reyes", weapon="nightstick"),
                                            unit(2, "camprat", "enemies", Hex(1, 0), name="Rat"),
                                            unit(3, "camprat", "enemies", Hex(-4, 4), name="Nibbles")],
                                           ruleset="starfarer"), seed=4)
    phase_of(battle, REYES)
    # (club 0, AGI 6) x 5 = 30; 15 is LOS 2: nightstick 1/4 unarmoured, 8 damage; the camprat's wound step
    # is 2, so heavy (-3) in the abdomen: bleeding 3, halved and rounded up to 2. The shock check passes on 1.
    outcome = battle.submit(Attack(REYES, target=2, faces=(15, 1)))
    wound = next(e for e in outcome.events if isinstance(e, Wounded))
    assert (wound.location, wound.damage, wound.level, wound.bleeds) == ("abdomen", 8, 3, 2)


def _arm_maimed(battle: Battle, shock_face: int) -> list:
    """Reyes rolls 27 at close range: LOS 2, 16 to the right arm, maimed: 16 shock is over Kitai's STUN
    11 and the wound is severe or worse in a limb, so a shock check: (5+6) x (8 - 5) = 33."""
    phase_of(battle, REYES)
    return list(battle.submit(Attack(REYES, target=KITAI, faces=(27, shock_face))).events)


def test_a_failed_shock_check_knocks_out_for_lof_rounds_then_a_check_to_come_to():
    battle = _battle(vane=True)
    events = _arm_maimed(battle, 60)  # LOF ceil(27 / 11) = 3
    fell = battle.state.round
    assert [e.task.lof for e in _checks(events, "shock")] == [3]
    assert next(e for e in events if isinstance(e, Fell)).fate == "unconscious"
    kitai = battle.combatant(KITAI)
    assert not kitai.in_fight and kitai.down == "unconscious"
    while battle.state.round < fell + 3:
        events = end_round(battle, ())
        assert not _checks(events, "shock (to come to)")
    # Round fell+4: the maimed arm (-5) against (5+6) x 8: MCS 33; 20 wakes Kitai, who then rolls points too.
    events = end_round(battle, (20, 1, 1, 1))
    assert [e.task.mcs for e in _checks(events, "shock (to come to)")] == [33]
    assert any(isinstance(e, CameTo) for e in events)
    assert battle.combatant(KITAI).in_fight and battle.combatant(KITAI).hex == Hex(1, 0)


def test_failing_to_come_to_waits_lof_d10_rounds():
    battle = _battle(vane=True)
    _arm_maimed(battle, 60)
    fell = battle.state.round
    rounds_until(battle, fell + 3)
    events = end_round(battle, (90, 1, 1, 1, 1, 1, 2, 1, 1))  # LOF ceil(57 / 11) = 6: 6d10 = 7 rounds
    assert [e.task.lof for e in _checks(events, "shock (to come to)")] == [6]
    for _ in range(6):
        assert not _checks(end_round(battle, ()), "shock (to come to)")
    assert not battle.combatant(KITAI).in_fight


def test_a_mortal_wound_passes_its_first_survival_check_then_checks_each_round_until_it_fails():
    battle = _battle(vane=True)
    phase_of(battle, REYES)
    # 33: LOS 2, ones digit 3 is the chest: 16, mortal. Survival (END 5, ESS 6) x 8 = 88: 50 passes.
    events = battle.submit(Attack(REYES, target=KITAI, faces=(33, 50))).events
    assert [e.task.mcs for e in _checks(events, "survival")] == [88]
    assert battle.combatant(KITAI).down == "mortally wounded"
    # Next round: -1 on each trait for the round past the first: (4+5) x 8 = 72; 80 fails.
    events = end_round(battle, (80, 1, 1))
    assert [e.task.mcs for e in _checks(events, "survival")] == [72]
    assert next(e for e in events if isinstance(e, Fell)).fate == "died of wounds"
    assert battle.combatant(KITAI).down == "dead"


def test_a_leg_that_fails_its_disability_check_keeps_the_character_where_it_stands():
    battle = _battle()
    phase_of(battle, REYES)
    battle.submit(Attack(REYES, target=KITAI, faces=(39,)))  # LOS 1, ones digit 9: the right leg, 8, medium
    phase_of(battle, KITAI)
    assert battle.state.round == 1
    outcome = battle.submit(Move(KITAI, path=(Hex(2, 0),), faces=(90,)))  # (5+6) x (5 - 2) = 33: 90 fails
    assert [(e.location, e.task.success) for e in _checks(outcome.events, "disability")] == [("right_leg", False)]
    assert battle.combatant(KITAI).hex == Hex(1, 0)


def test_a_fight_with_a_knock_out_and_coming_to_replays_and_undoes_exactly():
    battle = _battle(vane=True)
    _arm_maimed(battle, 60)
    fell = battle.state.round
    rounds_until(battle, fell + 4)
    again, problem = replay_on(battle.scenario, battle)
    assert problem is None and again.state == battle.state and again.log == battle.log
    before = battle.state
    assert battle.submit(Attack(battle.current(), target=REYES if battle.current() != REYES else KITAI)).accepted
    battle.undo()
    assert battle.state == before
