"""Whole attacks through each ruleset's seam: Starfarer's resolve_attack/apply_hit, Lucky Stars' resolve_strike."""

from game.rules.dice import ScriptedDice
from game.rules.lucky_stars.health import Health, fresh_health
from game.rules.lucky_stars.strike import Defender, Striker, resolve_strike
from game.rules.starfarer.damage import WeaponRating
from game.rules.starfarer.hit import Body, Target, apply_hit, bleed, resolve_attack
from game.rules.starfarer.ranges import ranged_to_hit
from game.rules.starfarer.wounds import WoundTrack, mark_wound

LASER = WeaponRating(10, 9)
HUMAN = Target(mass=6, resilience=11, basic_shock=10, stun=12)

# --- Starfarer ---------------------------------------------------------------------------------


def test_starfarer_kitai_shot_from_roll_to_wound_worked_example():
    attack = resolve_attack(ranged_to_hit(7, 5, "medium"), ScriptedDice([24]))
    assert (attack.task.los, attack.location) == (3, "chest")
    hit = apply_hit(Body(), HUMAN, LASER, armor=16, los=attack.task.los, location=attack.location)
    assert (hit.damage, hit.assessed.shock, hit.assessed.wound, hit.level) == (9, 9, 9, 2)
    assert hit.body.track.circles("chest")[5] == "X"
    assert hit.body.bleeding.rates == (("chest", 2),) and hit.body.shock == 9
    assert hit.checks.disability and not hit.checks.shock


def test_starfarer_missed_shot_lands_nowhere():
    attack = resolve_attack(ranged_to_hit(7, 5, "medium"), ScriptedDice([61]))
    assert not attack.task.success and attack.location is None


def test_starfarer_blow_through_head_shot_on_unarmoured_human_is_mortal():
    hit = apply_hit(Body(), HUMAN, LASER, armor=0, los=3, location="head", blow_through=True)
    assert (hit.damage, hit.assessed.shock, hit.level) == (18, 36, 5)
    assert hit.checks.survival and hit.checks.shock
    assert "shock at least the STUN characteristic" in hit.checks.shock_reasons


def test_starfarer_nightstick_below_resilience_wounds_at_half_and_bleeds_at_half():
    nightstick = WeaponRating(1, 4)  # lethality 5 against resilience 11
    hit = apply_hit(Body(), HUMAN, nightstick, armor=0, los=3, location="left_arm", blunt=True)
    assert (hit.damage, hit.assessed.shock, hit.assessed.wound, hit.level) == (12, 12, 6, 1)
    assert hit.body.bleeding.rates == (("left_arm", 1),)


def test_starfarer_bleeding_adds_shock_every_round():
    track, _ = mark_wound(WoundTrack(), "chest", 3)
    hit = apply_hit(Body(track=track), HUMAN, LASER, armor=16, los=3, location="chest")
    assert bleed(bleed(hit.body)).shock == 9 + 2 * 2


# --- These Lucky Stars -------------------------------------------------------------------------


def test_lucky_stars_spacer_shoots_a_pirate_and_drains_defense():
    report = resolve_strike(Striker(attack=2, attribute=2), Defender(fresh_health(5, 2)), ScriptedDice([4, 5, 2, 3, 6]))
    assert (report.contest.attacker.total, report.contest.defender.total) == (11, 10)
    assert report.damage.total == 8 and report.outcome.vitality_lost == 1
    assert report.outcome.health == Health(2, 5, 1)


def test_lucky_stars_miss_rolls_no_damage():
    report = resolve_strike(Striker(attack=0, attribute=2), Defender(fresh_health(5, 2)), ScriptedDice([1, 1, 6, 6]))
    assert report.damage is None and report.outcome is None


def test_lucky_stars_surprised_huge_beast_takes_a_bonus_d4_pair_from_a_small_drone():
    report = resolve_strike(Striker(attack=1, attribute=2, size="small"),
                            Defender(fresh_health(8, 5), size="huge", resistance="partial", surprised=True),
                            ScriptedDice([6, 5, 1, 2, 4, 3]))
    assert report.contest.surprise and report.contest.margin == 9
    assert [d.sides for d in report.damage.dice] == [4, 4]
    assert report.damage.total == (4 + 3 + 2) // 2
