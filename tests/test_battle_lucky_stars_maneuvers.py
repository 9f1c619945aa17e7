"""These Lucky Stars (seed 001) maneuvers through the facade: trip, disarm and shatter make a
standard attack roll and then, instead of damage, a contest or a broken weapon; grapples with
control and the pinned; picking a dropped weapon up."""

from fractions import Fraction
from itertools import product

from game.actions import (Disarm, EndGrapple, EndTurn, Grapple, GrappleAttack, GrappleMove, GrappleToss, Move, PickUp,
                          RegainControl, Shatter, Step, TakeHold, Trip)
from game.events import ContestRolled, GrappleChanged, OpposedAttack, WeaponBroken
from game.hexgrid import Hex
from game.rules.lucky_stars.attack import contest_chance
from game.systems.rulesets.lucky_stars.maneuvers import check_maneuver

from kit import battle_at, pass_turns_until, scene_of, unit

ROOK, GASH = 1, 2


def _duel(rook_weapon: str = "knife", gash_weapon: str = "cutlass", gap: int = 1):
    return battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", weapon=rook_weapon),
                      unit(2, "pirate", "enemies", Hex(gap, 0), name="Gash", weapon=gash_weapon)],
                     first=ROOK, ruleset="lucky-stars")


def test_a_contest_chance_is_exact_over_every_face_and_a_tie_holds():
    for acting, resisting in ((1, 1), (2, 1), (0, 3)):
        wins = sum(a + b + acting > c + d + resisting for a, b, c, d in product(range(1, 7), repeat=4))
        assert contest_chance(acting, resisting) == Fraction(wins, 6 ** 4)


def test_a_trip_that_hits_and_wins_str_against_agi_knocks_the_target_prone_for_3_ap():
    battle = _duel()
    option = next(o for o in battle.options(ROOK).allowed("trip") if o.target == GASH)
    attack = next(o for o in battle.options(ROOK).allowed("attack") if o.target == GASH)
    assert option.odds.chance == attack.odds.chance * contest_chance(1, 1)  # Rook STR 1, Gash AGI 1
    outcome = battle.submit(Trip(ROOK, target=GASH, faces=(6, 6, 1, 1, 6, 6, 1, 1)))
    assert outcome.accepted
    assert [type(e) for e in outcome.events][:2] == [OpposedAttack, ContestRolled]
    assert outcome.events[1].won and battle.combatant(GASH).prone
    assert "Gash is tripped and falls prone." in outcome.lines
    assert battle.combatant(ROOK).action_points == 1 and battle.combatant(GASH).health == 2  # no damage dealt


def test_a_trip_whose_contest_ties_leaves_the_target_standing():
    battle = _duel()
    battle.submit(Trip(ROOK, target=GASH, faces=(6, 6, 1, 1, 3, 3, 3, 3)))
    assert not battle.combatant(GASH).prone


def test_a_disarm_drops_the_weapon_at_the_targets_feet_and_it_can_be_picked_up_for_1_ap():
    battle = _duel()
    assert "take=false" in battle.submit(Disarm(ROOK, target=GASH)).reason
    outcome = battle.submit(Disarm(ROOK, target=GASH, take=False, faces=(6, 6, 1, 1, 6, 6, 1, 1)))
    assert "Gash is disarmed." in outcome.lines and battle.combatant(GASH).weapon in (None, "unarmed")
    pass_turns_until(battle, GASH)
    assert battle.submit(PickUp(GASH)).accepted
    assert battle.combatant(GASH).weapon == "cutlass" and battle.combatant(GASH).action_points == 3


def test_disarm_needs_a_melee_weapon():
    battle = _duel(rook_weapon="blaster_pistol")
    refused = battle.submit(Disarm(ROOK, target=GASH, take=False))
    assert refused.reason == "disarm needs a melee weapon the character is proficient with"


def test_a_shatter_that_hits_breaks_the_held_weapon():
    battle = _duel(rook_weapon="blaster_pistol", gap=3)
    outcome = battle.submit(Shatter(ROOK, target=GASH, faces=(6, 6, 1, 1)))
    assert any(isinstance(e, WeaponBroken) for e in outcome.events)
    assert "Gash's cutlass breaks." in outcome.lines
    assert battle.submit(Shatter(ROOK, target=GASH)).reason == "shatter costs 3 AP and only 1 are left"


def test_a_won_grapple_pins_the_target_who_must_first_try_to_regain_control():
    battle = _duel()
    option = next(o for o in battle.options(ROOK).allowed("grapple") if o.target == GASH)
    assert option.odds.chance == contest_chance(1, 2)  # STR 1 against STR 2
    outcome = battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1)))
    assert any(isinstance(e, GrappleChanged) and e.engaged for e in outcome.events)
    assert battle.combatant(ROOK).action_points == 2
    held = battle.options(ROOK, groups=("maneuvers",)).of("grapple_attack")
    assert held[0].refused == "grapple attack costs 3 AP and only 2 are left"
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    refused = battle.submit(Move(GASH, path=(Hex(2, 0),)))
    assert refused.reason == "a pinned character must spend 1 AP to regain control before anything else"
    assert battle.options(GASH, groups=("move",)).allowed("regain_control")  # offered where moves are
    lost = battle.submit(RegainControl(GASH, faces=(1, 1, 6, 6)))
    assert lost.accepted and battle.combatant(GASH).action_points == 0
    assert battle.submit(EndTurn(GASH)).accepted


def test_winning_back_control_pins_the_other_and_letting_go_ends_it():
    battle = _duel()
    battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1)))
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    battle.submit(RegainControl(GASH, faces=(6, 6, 1, 1)))
    assert battle.options(GASH, groups=("maneuvers",)).allowed("end_grapple")
    outcome = battle.submit(EndGrapple(GASH))
    assert "The grapple between Gash and Rook ends (let go)." in outcome.lines
    assert battle.combatant(GASH).action_points == 2


def test_in_control_the_grappler_attacks_the_pinned_with_a_light_weapon_for_3_ap():
    battle = _duel()
    battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1)))
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, ROOK)
    outcome = battle.submit(GrappleAttack(ROOK, target=GASH, faces=(6, 6, 1, 1, 4, 4)))
    assert outcome.accepted and battle.combatant(ROOK).action_points == 1
    assert battle.combatant(GASH).defense < 7 or battle.combatant(GASH).health < 2


def test_a_defender_who_wins_the_grapple_check_chooses_to_take_control_or_break_free():
    battle = _duel()
    battle.submit(Grapple(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    assert battle.pending().decider == GASH
    assert [o.kind for o in battle.options(GASH).allowed()] == ["take_control", "break_free"]
    outcome = battle.submit(TakeHold(GASH, engage=True))
    assert outcome.lines == ("Gash is in control of the grapple; Rook is pinned.",)
    assert "regain control" in battle.submit(Step(ROOK, to=Hex(-1, 0))).reason


def test_a_drag_is_refused_when_the_opponent_would_land_on_an_ally_walked_past():
    battle = battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", weapon="knife"),
                        unit(2, "pirate", "enemies", Hex(1, 0), name="Gash"),
                        unit(3, "spacer", "pcs", Hex(-1, 0), name="Ines")], first=ROOK, ruleset="lucky-stars")
    battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1)))
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, ROOK)
    refused = battle.submit(GrappleMove(ROOK, path=(Hex(-1, 0), Hex(-2, 0))))  # past Ines: Gash would land on her
    assert refused.reason == "the opponent would be dragged into col -1, row 0, where Ines stands"
    assert battle.submit(GrappleMove(ROOK, path=(Hex(0, 1), Hex(-1, 1)))).accepted
    assert battle.combatant(GASH).hex == Hex(0, 1)


def test_the_computer_defender_breaks_free():
    from game.players.plain import choose_action

    battle = _duel()
    battle.submit(Grapple(ROOK, target=GASH, faces=(1, 1, 6, 6)))
    outcome = battle.submit(choose_action(battle))
    assert outcome.lines == ("The grapple between Gash and Rook ends (no hold is kept).",)


def test_in_control_the_grappler_drags_the_opponent_up_to_10_ft_or_tosses_them_clear():
    battle = _duel()
    battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1)))
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, ROOK)
    assert not battle.submit(GrappleMove(ROOK, path=(Hex(-1, 0), Hex(-2, 0), Hex(-3, 0)))).accepted  # over 10 ft
    dragged = battle.submit(GrappleMove(ROOK, path=(Hex(-1, 0), Hex(-2, 0))))
    assert dragged.accepted and battle.combatant(GASH).hex == Hex(-1, 0)
    assert "Gash is dragged 2 hexes" in dragged.lines[-1]
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, ROOK)
    toss = next(o for o in battle.options(ROOK, groups=("maneuvers",)).allowed("grapple_toss") if o.hex == Hex(-3, 2))
    assert toss.chance == contest_chance(1, 2)
    outcome = battle.submit(GrappleToss(ROOK, to=Hex(-3, 2), faces=(6, 6, 1, 1)))
    assert battle.combatant(GASH).hex == Hex(-3, 2) and "Gash is tossed" in outcome.lines[-1]
    assert not battle.options(ROOK, groups=("maneuvers",)).allowed("end_grapple")  # the grapple is over


def test_the_gm_tracker_shows_who_holds_whom_in_a_grapple():
    from game.ui.tracker import console_lines

    battle = _duel()
    battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1)))
    assert battle.combatant(GASH).states == ("pinned by Rook",)
    lines = console_lines(battle)
    assert any("Rook (holding Gash)" in line for line in lines) and any("Gash (pinned by Rook)" in line for line in lines)


# --- Hero points on a maneuver's attack roll (seed 004) -----------------------------------------


def _duel_with_hero_points(rook_points: int = 1, gash_points: int = 0):
    return battle_at([unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", weapon="knife", hero_points=rook_points),
                      unit(2, "pirate", "enemies", Hex(1, 0), name="Gash", hero_points=gash_points)],
                     first=ROOK, ruleset="lucky-stars", modules=("hero_points",))


def test_a_tripper_who_lost_the_attack_roll_buys_a_die_and_the_trip_goes_on_to_its_contest():
    from game.actions import SpendHeroPoint
    from game.prompts import HeroPointChance

    battle = _duel_with_hero_points()
    missed = battle.submit(Trip(ROOK, target=GASH, faces=(1, 1, 3, 3)))  # 4 against 13: Rook lost the roll
    assert isinstance(battle.pending(), HeroPointChance) and battle.pending().attack == Trip(ROOK, target=GASH,
                                                                                             faces=(1, 1, 3, 3))
    assert [type(e) for e in missed.events] == [OpposedAttack]
    outcome = battle.submit(SpendHeroPoint(ROOK, faces=(15, 6, 6, 1, 1)))  # 4 + 15 = 19: a hit; STR wins
    assert [type(e) for e in outcome.events if type(e) in (OpposedAttack, ContestRolled)] == [OpposedAttack,
                                                                                             ContestRolled]
    assert battle.combatant(GASH).prone and battle.combatant(GASH).health == 2  # tripped, no damage


def test_a_defender_who_lost_a_shatter_roll_spends_and_keeps_the_weapon():
    from game.actions import SpendHeroPoint

    battle = _duel_with_hero_points(rook_points=0, gash_points=1)
    battle.submit(Shatter(ROOK, target=GASH, faces=(6, 6, 1, 1)))  # Gash lost the roll
    assert battle.pending().decider == GASH
    battle.submit(SpendHeroPoint(GASH, faces=(20, 5)))  # 9 + 20 + 5 = 34: the blow is turned aside
    assert battle.combatant(GASH).weapon == "cutlass"


def test_a_grappler_who_lost_the_check_buys_a_die_and_takes_control():
    from game.actions import SpendHeroPoint
    from game.prompts import HeroPointChance

    battle = _duel_with_hero_points()
    lost = battle.submit(Grapple(ROOK, target=GASH, faces=(1, 1, 3, 3)))  # 2 + STR 1 against 6 + STR 2
    asked = battle.pending()
    assert isinstance(asked, HeroPointChance) and asked.check == "grapple check (STR against STR)"
    assert asked.question == "Rook lost the grapple check: spend a hero point on it?"
    assert [type(e) for e in lost.events] == [ContestRolled]
    outcome = battle.submit(SpendHeroPoint(ROOK, faces=(15,)))  # 3 + 15 = 18 against 8
    assert [type(e) for e in outcome.events if isinstance(e, (ContestRolled, GrappleChanged))] == [
        ContestRolled, GrappleChanged]
    assert (battle.combatant(ROOK).grappling, battle.combatant(ROOK).in_control) == (GASH, True)


def test_a_tripper_who_lost_the_contest_buys_a_die_and_the_target_falls():
    from game.actions import SpendHeroPoint

    battle = _duel_with_hero_points()
    battle.submit(Trip(ROOK, target=GASH, faces=(6, 6, 1, 1, 1, 1, 6, 6)))  # the roll hits; the contest is lost
    assert battle.pending().check.startswith("trip") and not battle.combatant(GASH).prone
    battle.submit(SpendHeroPoint(ROOK, faces=(12,)))  # 3 + 12 = 15 against 13
    assert battle.combatant(GASH).prone


def test_the_pinned_who_lost_the_try_for_control_buys_a_die_and_takes_it():
    from game.actions import EndTurn, RegainControl, SpendHeroPoint

    battle = _duel_with_hero_points(rook_points=0, gash_points=1)
    battle.submit(Grapple(ROOK, target=GASH, faces=(6, 6, 1, 1)))  # Rook holds Gash
    battle.submit(EndTurn(ROOK))
    pass_turns_until(battle, GASH)
    battle.submit(RegainControl(GASH, faces=(1, 1, 6, 6)))  # 4 against 13: Gash lost
    battle.submit(SpendHeroPoint(GASH, faces=(20, 3)))  # 4 + 23 = 27
    assert (battle.combatant(GASH).grappling, battle.combatant(GASH).in_control) == (ROOK, True)


def test_each_maneuver_listed_says_what_its_own_check_says_near_and_far():
    # The listing plans each target's attack roll once for trip, shatter and disarm; each option
    # must still say what checking that very action says (its chance, or its refusal).
    for gap in (1, 3):
        battle = _duel(rook_weapon="blaster_pistol" if gap == 3 else "knife", gap=gap)
        listed = {o.kind: o for o in battle.options(ROOK, groups=("maneuvers",)).of("trip", "shatter", "disarm")}
        for action in (Trip(ROOK, target=GASH), Shatter(ROOK, target=GASH), Disarm(ROOK, target=GASH, take=False)):
            plan = check_maneuver(scene_of(battle), action)
            shown = listed[action.kind]
            assert (shown.refused == plan) if isinstance(plan, str) else (shown.odds.chance == plan.chance)
