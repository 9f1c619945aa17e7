"""Seed 002 Charge through the facade: a soft-turn run next to an enemy, then a person's blow or a ram."""

from fractions import Fraction
from itertools import product

from game.actions import Attack, Charge, EndTurn, GoProne, Hold, Move, OverwatchFire, SetOverwatch
from game.battle import Battle
from game.components import Health, Position, Prone, TurnBudget
from game.events import Attacked
from game.hexgrid import Hex, distance, neighbor
from game.options import ChargeOption
from game.rules.dice import DiceExpression
from game.systems import dispatch
from game.rules.saves import npc_save_target, pc_save_target
from game.components import ChargeUnderway
from game.systems.charge import charge_paths, plan_charge

from kit import FOREST, WALL, battle_at, unit
from kit import scene_of

# Ana runs two hexes east at Rook, a thug with 10 hit points (AC 12).
ANA = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")
ANA_WITH_KNIFE = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="knife")
ROOK = unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=10)
RUN = (Hex(1, 0), Hex(2, 0))


def _battle(units, first: int = 1, **kwargs) -> Battle:
    """A battle where combatant `first` has the turn."""
    return battle_at(units, first, seed=9, **kwargs)


def _texts(outcome) -> str:
    return " | ".join(outcome.lines)


# -- a person's charge ----------------------------------------------------------------------
def test_person_charge_with_a_knife_takes_the_higher_of_1d6_and_the_knife():
    battle = _battle([ANA_WITH_KNIFE, ROOK])
    outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(15, 2, 3)))
    assert outcome.accepted, outcome.reason
    texts = _texts(outcome)
    assert "Ana charges into Rook: d20 15 +3 attack bonus +1 STR +1 stab skill = 20 vs 12: hit." in texts
    assert "the 1d6 rolls 2 and the knife 4; the higher counts: 1d4+attribute: [3] +1 attribute = 4 = 4." in texts
    assert battle.world.get(2, Health).current == 6 and battle.world.has(2, Prone)
    assert battle.world.get(1, Position).hex == Hex(2, 0) and not battle.world.has(1, Prone)
    assert battle.world.get(1, TurnBudget) == TurnBudget(main=False, move=False)


def test_the_1d6_counts_when_it_beats_the_weapon():
    battle = _battle([ANA_WITH_KNIFE, ROOK])
    battle.submit(Charge(1, target=2, path=RUN, faces=(15, 6, 1)))
    assert battle.world.get(2, Health).current == 4


def test_a_bare_handed_charger_failing_evasion_falls_prone_next_to_the_target():
    battle = _battle([ANA, ROOK])  # a rifle in hand is no melee weapon: Punch it is
    outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(15, 4, 9)))
    texts = _texts(outcome)
    assert "Ana charges into Rook: d20 15 +3 attack bonus +1 STR = 19 vs 12: hit." in texts  # Punch 0
    assert "Ana rolls an Evasion save d20 9 vs 12: failed." in texts
    assert battle.world.get(2, Health).current == 6 and battle.world.has(2, Prone)
    assert battle.world.has(1, Prone) and battle.world.get(1, Position).hex == Hex(2, 0)


def test_a_bare_handed_charger_making_evasion_stays_up():
    battle = _battle([ANA, ROOK])
    battle.submit(Charge(1, target=2, path=RUN, faces=(15, 4, 12)))
    assert battle.world.has(2, Prone) and not battle.world.has(1, Prone)


def test_a_missed_charge_rolls_nothing_more_and_spends_both_actions():
    battle = _battle([ANA, ROOK])
    outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(3,)))
    assert outcome.accepted and "= 7 vs 12: miss" in _texts(outcome)
    assert battle.world.get(2, Health).current == 10 and not battle.world.has(2, Prone)
    assert battle.world.get(1, TurnBudget) == TurnBudget(main=False, move=False)


def test_the_odds_shown_are_the_faces_that_hit():
    battle = _battle([ANA_WITH_KNIFE, ROOK])
    chance = plan_charge(scene_of(battle), 1, 2, RUN).chance
    hits = 0
    for face in range(1, 21):
        outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(face,)))
        hits += next(e for e in outcome.events if isinstance(e, Attacked)).hit
        battle.undo()
    assert Fraction(hits, 20) == chance == Fraction(14, 20)  # d20 + 5 >= 12: 7..20


def test_a_pcs_evasion_is_16_minus_level_minus_the_better_of_dex_and_int():
    assert pc_save_target(level=3, best_attribute_mod=1) == 12
    assert npc_save_target(2) == 14


def test_a_person_cannot_knock_a_car_over_and_its_armor_counts():
    car = unit(2, "ground_car", "enemies", Hex(3, 0), name="Car")
    battle = _battle([ANA_WITH_KNIFE, car])
    plan = plan_charge(scene_of(battle), 1, 2, RUN)
    assert not plan.target_can_fall and plan.armor == 6
    outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(20, 6, 4)))
    assert "1d6: [6] = 6 - 6 armor = 0." in _texts(outcome)
    assert not battle.world.has(2, Prone) and battle.world.get(2, Health).current == 30


def test_heroic_charge_damage_is_read_on_the_table():
    battle = _battle([ANA_WITH_KNIFE, ROOK], ruleset="swn-heroic")
    outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(15, 2, 3)))
    assert "heroic reading 4 -> 1 = 1 point" in _texts(outcome)
    assert battle.world.try_get(2, Position) is None  # a 1 HD thug drops


# -- a ram ----------------------------------------------------------------------------------
VOSS = unit(2, "veteran_soldier", "enemies", Hex(4, 0), name="Voss", hp=40)
RAM_RUN = (Hex(1, 0), Hex(2, 0), Hex(3, 0))


def test_a_light_mech_ramming_after_3_hexes_rolls_6d6_and_a_good_pilot_takes_half():
    mech = unit(1, "light_mech", "pcs", Hex(0, 0), name="Wasp")
    battle = _battle([mech, VOSS])
    plan = plan_charge(scene_of(battle), 1, 2, RAM_RUN)
    assert plan.damage == "6d6" and plan.pilot_chance == Fraction(15, 36)  # 2d6 + 1 >= 9: 8 or more on 2d6
    outcome = battle.submit(Charge(1, target=2, path=RAM_RUN, faces=(14, 1, 2, 3, 4, 5, 6, 5, 4)))
    texts = _texts(outcome)
    assert "Wasp rams Voss after 3 hexes: d20 14 +1 pilot = 15 vs 15: hit." in texts
    assert "Wasp's ram deals 6d6: [1, 2, 3, 4, 5, 6] = 21 = 21." in texts
    assert "Pilot check 2d6 [5, 4] +1 Pilot = 10 vs 9: success" in texts
    assert "Wasp takes half of the 21: 10 - 10 armor = 0." in texts
    assert battle.world.get(2, Health).current == 19 and battle.world.has(2, Prone)
    assert not battle.world.has(1, Prone)


def test_a_failed_pilot_check_hurts_the_charger_as_much_and_knocks_it_over():
    car = unit(1, "ground_car", "pcs", Hex(0, 0), name="Car")
    battle = _battle([car, VOSS])
    outcome = battle.submit(Charge(1, target=2, path=RAM_RUN, faces=(14, 6, 6, 6, 1, 1)))
    assert "Car takes all of the 18: 18 - 6 armor = 12." in _texts(outcome)
    assert battle.world.get(1, Health).current == 18 and battle.world.has(1, Prone)
    assert battle.world.get(2, Health).current == 22 and not battle.world.has(2, Prone)


def test_a_bigger_target_is_not_knocked_prone_by_a_good_ram():
    suit = unit(1, "suit_mech", "pcs", Hex(0, 0), name="Suit")
    big = unit(2, "light_mech", "enemies", Hex(3, 0), name="Wasp")
    battle = _battle([suit, big])
    assert not plan_charge(scene_of(battle), 1, 2, RUN).target_can_fall
    outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(20, 3, 3, 6, 6)))
    assert "success" in _texts(outcome) and not battle.world.has(2, Prone)


# -- the run ----------------------------------------------------------------------------------
def test_a_turn_sharper_than_60_degrees_is_refused():
    rook = unit(2, "thug", "enemies", Hex(1, -2), name="Rook")
    battle = _battle([ANA, rook])
    before = battle.state
    outcome = battle.submit(Charge(1, target=2, path=(Hex(1, 0), Hex(1, -1))))  # direction 0, then 2
    assert outcome.reason.startswith("the path turns more than 60 degrees at col 1, row 0")
    assert battle.state is before
    assert Hex(1, -1) in charge_paths(scene_of(battle), 1, 2)  # straight there is fine


def test_a_soft_turn_of_60_degrees_is_allowed():
    rook = unit(2, "thug", "enemies", Hex(3, -2), name="Rook")
    battle = _battle([ANA, rook])
    assert battle.submit(Charge(1, target=2, path=(Hex(1, 0), Hex(2, -1)), faces=(2,))).accepted


def test_a_charge_needs_both_the_move_and_the_main_action():
    battle = _battle([ANA, ROOK])
    battle.submit(Move(1, path=(Hex(1, 0),)))
    before = battle.state
    refused = battle.submit(Charge(1, target=2, path=(Hex(2, 0),)))
    assert refused.reason == "a charge takes both the Move and the Main action, and one is already used"
    assert battle.state is before and charge_paths(scene_of(battle), 1, 2) == {}


def test_the_run_is_one_move_with_terrain_costs():
    battle = _battle([ANA, unit(2, "thug", "enemies", Hex(5, 0), name="Rook")], terrain={Hex(1, 0): FOREST})
    assert battle.submit(Charge(1, target=2, path=(Hex(1, 0), Hex(2, 0), Hex(3, 0), Hex(4, 0)))).reason == \
        "cannot charge along that path: the path costs 5 movement points and only 3 are left"


def test_the_run_must_end_next_to_the_target_and_move_at_least_a_hex():
    battle = _battle([ANA, ROOK])
    assert battle.submit(Charge(1, target=2, path=(Hex(1, 0),))).reason == "the charge must end next to Rook"
    assert battle.submit(Charge(1, target=2, path=())).reason == "cannot charge along that path: the path is empty"


def test_enemies_block_the_run_and_allies_are_passed_but_not_stopped_on():
    units = [ANA, ROOK, unit(3, "thug", "enemies", Hex(1, -1), name="Lug"),
             unit(4, "pc_expert", "pcs", Hex(1, 0), name="Bex"), unit(5, "pc_expert", "pcs", Hex(2, 1), name="Cy")]
    battle = _battle(units)
    assert battle.submit(Charge(1, target=2, path=(Hex(1, -1), Hex(2, -1)))).reason == \
        "cannot charge along that path: col 0, row -1 is held by someone who is not an ally"
    assert battle.submit(Charge(1, target=2, path=(Hex(0, 1), Hex(1, 1), Hex(2, 1)))).reason.endswith(
        "is occupied by an ally; you may pass through but not stop there")
    assert battle.submit(Charge(1, target=2, path=RUN, faces=(2,))).accepted  # through Bex
    assert battle.world.get(1, Position).hex == Hex(2, 0)


def test_only_a_standing_combatant_charges_an_enemy():
    battle = _battle([ANA, ROOK, unit(3, "pc_expert", "pcs", Hex(0, 2), name="Bex")])
    assert battle.submit(Charge(1, target=3, path=(Hex(0, 1),))).reason == "that is not an enemy"
    battle.submit(GoProne(1))
    assert battle.submit(Charge(1, target=2, path=RUN)).reason == "stand up first (it takes the Move action)"


# -- charge_paths ---------------------------------------------------------------------------
def _soft_paths(field, world, mover, points, ally):
    """Every soft-turn path within `points` (brute force), passing only through `ally`."""
    found, stack = [], [((), world.get(mover, Position).hex, None, 0)]
    while stack:
        path, here, heading, cost = stack.pop()
        if path:
            found.append((path, cost))
        for direction in range(6) if heading is None else ((heading + t) % 6 for t in (5, 0, 1)):
            step = neighbor(here, direction)
            step_cost = field.move_cost(step)
            occupant = world.at(step)
            if step_cost is None or cost + step_cost > points or occupant not in (None, mover, ally):
                continue
            stack.append((path + (step,), step, direction, cost + step_cost))
    return found


def test_charge_paths_find_every_end_hex_a_brute_force_search_finds_at_the_same_cost():
    terrain = {Hex(1, 0): WALL, Hex(2, -1): FOREST, Hex(0, 2): FOREST, Hex(3, 1): WALL, Hex(1, 2): WALL}
    car = unit(1, "ground_car", "pcs", Hex(0, 0), name="Car")
    units = [car, unit(2, "thug", "enemies", Hex(4, 0), name="Rook"), unit(3, "thug", "enemies", Hex(2, 1), name="Lug"),
             unit(4, "pc_expert", "pcs", Hex(1, 1), name="Bex")]
    battle = _battle(units, terrain=terrain)
    scene = scene_of(battle)
    routes = charge_paths(scene, 1, 2)
    best = {}
    for path, cost in _soft_paths(scene.setup.field, scene.world, 1, 6, ally=4):
        if distance(path[-1], Hex(4, 0)) == 1 and scene.world.at(path[-1]) in (None, 1):
            best[path[-1]] = min(cost, best.get(path[-1], cost))
    assert {h: r.cost for h, r in routes.items()} == best and len(best) == 3
    for end, route in routes.items():
        assert route.path[-1] == end and not isinstance(dispatch.check(scene, Charge(1, target=2, path=route.path)), str)


def test_charge_paths_are_the_same_every_time():
    battle = _battle([ANA, ROOK], terrain={Hex(1, 0): FOREST})
    assert charge_paths(scene_of(battle), 1, 2) == charge_paths(scene_of(battle), 1, 2)
    assert list(charge_paths(scene_of(battle), 1, 2)) == sorted(charge_paths(scene_of(battle), 1, 2))


# -- overwatch interrupts the run -----------------------------------------------------------
# Voss watches direction 0 from the origin; Ana runs up through his wedge at Rook.
WATCHED = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
           unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana", hp=3),
           unit(3, "thug", "enemies", Hex(4, 0), name="Rook", hp=10),
           unit(4, "pc_expert", "pcs", Hex(-4, 0), name="Bex")]
WATCHED_RUN = (Hex(1, 2), Hex(2, 1), Hex(3, 0))


def _watched() -> Battle:
    battle = _battle(WATCHED, radius=8)
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    battle.submit(EndTurn(1))
    while battle.current() != 2:
        battle.submit(EndTurn(battle.current()))
    return battle


def test_overwatch_pauses_the_charge_and_the_blow_lands_after_the_last_answer():
    battle = _watched()
    outcome = battle.submit(Charge(2, target=3, path=WATCHED_RUN))
    assert outcome.accepted and battle.pending().hex == Hex(2, 1)
    assert battle.world.get(2, ChargeUnderway) == ChargeUnderway(3, Hex(3, 0), 3, WATCHED_RUN)
    assert battle.submit(Hold(1)).accepted and battle.pending().hex == Hex(3, 0)
    assert battle.world.get(3, Health).current == 10
    last = battle.submit(Hold(1, faces=(15, 4, 14)))
    assert last.accepted, last.reason
    assert "Ana charges into Rook: d20 15" in _texts(last) and battle.world.get(3, Health).current == 6
    assert battle.world.has(3, Prone) and not battle.world.has(2, ChargeUnderway) and battle.pending() is None


def test_overwatch_fire_that_misses_lets_the_charge_go_on():
    battle = _watched()
    battle.submit(Charge(2, target=3, path=WATCHED_RUN))
    outcome = battle.submit(OverwatchFire(1, faces=(2, 15, 4, 14)))  # a miss, then Ana's blow
    assert outcome.accepted, outcome.reason
    assert battle.world.get(2, Position).hex == Hex(3, 0) and battle.world.get(3, Health).current == 6


def test_a_charger_dropped_by_overwatch_strikes_nothing():
    battle = _watched()
    battle.submit(Charge(2, target=3, path=WATCHED_RUN))
    outcome = battle.submit(OverwatchFire(1, faces=(20, 12)))
    assert outcome.accepted and battle.world.try_get(2, Position) is None
    assert not any(isinstance(e, Attacked) and e.actor == 2 for e in outcome.events)
    assert battle.world.get(3, Health).current == 10 and not battle.world.has(2, ChargeUnderway)
    assert battle.pending() is None


def test_the_charges_dice_cannot_be_entered_before_overwatch_has_answered():
    battle = _watched()
    before = battle.state
    refused = battle.submit(Charge(2, target=3, path=WATCHED_RUN, faces=(15, 4, 14)))
    assert refused.reason.startswith("overwatch interrupts Ana's charge: enter the charge's dice with the last answer")
    assert battle.state is before


def test_nothing_else_happens_while_the_charge_is_paused():
    battle = _watched()
    battle.submit(Charge(2, target=3, path=WATCHED_RUN))
    assert battle.submit(Attack(2, target=3)).reason.startswith("waiting for a decision")


def test_undo_takes_back_the_paused_charge_step_by_step():
    battle = _watched()
    before = battle.state
    battle.submit(Charge(2, target=3, path=WATCHED_RUN))
    paused = battle.state
    battle.submit(Hold(1, for_this_move=True, faces=(15, 4, 14)))
    assert battle.world.get(3, Health).current == 6
    battle.undo()
    assert battle.state == paused and battle.pending() is not None
    battle.undo()
    assert battle.state == before


def test_a_heroic_charge_overflows_to_another_foe_within_reach():
    # Seed 000 Overflow: the charge roll also made the number of the thug beside Rook.
    brute = unit(3, "thug", "enemies", Hex(2, 1), name="Brute")
    battle = _battle([ANA_WITH_KNIFE, ROOK, brute], ruleset="swn-heroic")
    outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(15, 6, 4)))  # max(6, 4) +1 = 7: 2 points
    assert "Overflow: Ana's charge carries 1 spare point on to Brute (needs 12, the roll made 20)." in _texts(outcome)
    assert battle.world.try_get(3, Position) is None


# -- the odds the options show ----------------------------------------------------------------
def _mean_dealt(battle: Battle, target: int) -> Fraction:
    """The mean damage a knife charge along RUN deals, played out over every face of every die."""
    sizes = DiceExpression.parse(battle.catalog.weapons["knife"].damage).die_sizes
    dealt = []
    for faces in product(range(1, 21), range(1, 7), *(range(1, s + 1) for s in sizes)):
        before = battle.world.get(target, Health).current
        if not battle.submit(Charge(1, target=target, path=RUN, faces=faces)).accepted:  # a miss rolls no more
            assert battle.submit(Charge(1, target=target, path=RUN, faces=faces[:1])).accepted
        dealt.append(before - battle.world.get(target, Health).current)
        battle.undo()
    return Fraction(sum(dealt), len(dealt))


def _charge_option(battle: Battle, target: int) -> ChargeOption:
    return next(o for o in battle.options(1, groups=("charge",)).allowed("charge")
                if isinstance(o, ChargeOption) and o.target == target and o.path == RUN)


def test_a_charges_expected_damage_is_the_mean_of_what_the_blow_deals_cover_armor_included():
    in_the_open = _battle([ANA_WITH_KNIFE, ROOK])
    in_the_trees = _battle([ANA_WITH_KNIFE, ROOK], terrain={Hex(3, 0): FOREST})
    assert plan_charge(scene_of(in_the_trees), 1, 2, RUN).armor > 0  # the forest's wood takes some off
    means = [_mean_dealt(battle, 2) for battle in (in_the_open, in_the_trees)]
    assert [_charge_option(battle, 2).expected_damage for battle in (in_the_open, in_the_trees)] == means
    assert means[0] > means[1] > 0
