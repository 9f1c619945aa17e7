"""Hero points (seed 004, map module `hero_points`) under Stars Without Number: the attacker who
missed may spend a point after seeing the d20, an enemy may counter it, the GM's pool adds dice;
the bought dice are added to the attack total, which is judged again (seed 004 with SWN core)."""

from fractions import Fraction
from pathlib import Path

from game.actions import Attack, CounterHeroPoint, EndTurn, GmAwardHeroPoints, Hold, Move, OverwatchFire, SetOverwatch
from game.actions import SpendHeroPoint
from game.players.plain import play
from game.battle import Battle
from game.events import Attacked, DamageNegated, DamageRolled, HeroDieRolled, HeroPointCountered, HeroPointSpent
from game.hexgrid import Hex
from game.prompts import CounterChance, HeroPointChance, OverwatchChance
from game.savefile import battle_from_map
from game.systems.rulesets.hero_points import extra_at_least

from kit import battle_at, scenario, unit

VASK, THUG = 1, 2


def _duel(vask_points: int = 1, thug_points: int = 0, modules=("hero_points",)) -> Battle:
    vask = unit(VASK, "pc_warrior", "pcs", Hex(0, 0), name="Vask", hero_points=vask_points)
    thug = unit(THUG, "thug", "enemies", Hex(2, 0), name="Thug", hero_points=thug_points)
    return battle_at([vask, thug], first=VASK, modules=modules)


def test_a_miss_by_5_is_turned_by_a_bought_die_that_counts_at_least_10():
    battle = _duel()
    missed = battle.submit(Attack(VASK, target=THUG, faces=(2,)))  # 2 + 5 = 7 against AC 12
    assert not missed.events[0].hit and isinstance(battle.pending(), HeroPointChance)
    spend = battle.options(VASK).allowed("spend_hero_point")[0]
    assert spend.chance == extra_at_least(5) == 1  # 5 short: any bought die does it
    outcome = battle.submit(SpendHeroPoint(VASK, faces=(4, 5)))  # the d20 shows 4: counts as 10; damage 5
    assert next(e for e in outcome.events if isinstance(e, HeroDieRolled)).extra.counted == 10
    again = next(e for e in outcome.events if isinstance(e, Attacked))
    assert (again.result.total, again.hit) == (17, True)
    assert "+10 hero points = 17 vs 12: hit" in outcome.lines[2]
    assert next(e for e in outcome.events if isinstance(e, DamageRolled)).amount == 6


def test_the_spend_options_give_the_exact_chance_to_make_up_what_the_roll_missed_by():
    vask = unit(VASK, "pc_warrior", "pcs", Hex(0, 0), name="Vask", hero_points=1)
    armoured = unit(THUG, "thug", "enemies", Hex(2, 0), name="Thug", ac=20)
    battle = battle_at([vask, armoured], first=VASK, modules=("hero_points",))
    battle.submit(GmAwardHeroPoints(0, side="pcs", points=1))
    battle.submit(Attack(VASK, target=THUG, faces=(2,)))  # 7 against 20: 13 short
    offered = [(o.action.personal, o.action.from_pool, o.chance) for o in battle.options(VASK).allowed("spend_hero_point")]
    assert offered == [(True, 0, extra_at_least(13)), (True, 1, 1), (False, 1, extra_at_least(13))]
    # 13-19 or a 20; or a 10 rolled again showing 3+ (no floor on a die rolled again)
    assert extra_at_least(13) == Fraction(8, 20) + Fraction(1, 20) * Fraction(18, 20)


def test_a_natural_1_misses_whatever_is_added_so_nobody_is_asked():
    battle = _duel()
    assert not battle.submit(Attack(VASK, target=THUG, faces=(1,))).events[0].hit
    assert battle.pending() is None


def test_no_decision_without_the_module_or_without_a_point():
    for battle in (_duel(modules=()), _duel(vask_points=0)):
        assert battle.submit(Attack(VASK, target=THUG, faces=(2,))).accepted and battle.pending() is None


def test_letting_the_miss_stand_keeps_the_point_and_the_turn_goes_on():
    battle = _duel()
    battle.submit(Attack(VASK, target=THUG, faces=(2,)))
    assert battle.submit(Hold(VASK)).events == ()
    assert battle.submit(EndTurn(VASK)).accepted


def test_the_thug_counters_vasks_point_before_the_die_is_rolled_and_the_miss_stands():
    battle = _duel(vask_points=1, thug_points=1)
    battle.submit(Attack(VASK, target=THUG, faces=(2,)))
    battle.submit(SpendHeroPoint(VASK))
    asked = battle.pending()
    assert isinstance(asked, CounterChance) and asked.decider == THUG
    countered = battle.submit(CounterHeroPoint(THUG))
    assert [type(e) for e in countered.events] == [HeroPointCountered]
    assert battle.pending() is None and battle.combatant(THUG).health == battle.combatant(THUG).health_max


def test_undo_gives_the_point_back_and_redo_spends_it_again_without_rerolling():
    battle = _duel()
    battle.submit(Attack(VASK, target=THUG, faces=(2,)))
    spent = battle.submit(SpendHeroPoint(VASK))
    battle.undo()
    assert isinstance(battle.pending(), HeroPointChance)
    battle.redo()
    assert tuple(battle.log[-len(spent.events):]) == spent.events


def test_an_overwatch_miss_is_settled_before_the_move_walks_on():
    units = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss", hero_points=1),
             unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana")]
    battle = Battle.from_scenario(scenario(units, radius=8, modules=("hero_points",)), seed=11)
    while battle.current() != 1:
        battle.submit(EndTurn(battle.current()))
    battle.submit(SetOverwatch(1, facing=0))
    battle.submit(EndTurn(1))
    while battle.current() != 2:
        battle.submit(EndTurn(battle.current()))
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    assert isinstance(battle.pending(), OverwatchChance)
    battle.submit(OverwatchFire(1, target=2, faces=(3,)))  # a miss against AC 16
    assert isinstance(battle.pending(), HeroPointChance) and battle.pending().decider == 1
    assert battle.combatant(2).hex == Hex(2, 1)  # the move waits for the decision
    battle.submit(Hold(1))
    assert battle.pending() is None and battle.combatant(2).hex == Hex(3, 0)


def test_two_dice_from_a_personal_and_a_pool_point_add_up():
    battle = _duel()
    battle.submit(GmAwardHeroPoints(0, side="pcs", points=1))
    battle.submit(Attack(VASK, target=THUG, faces=(2,)))
    outcome = battle.submit(SpendHeroPoint(VASK, from_pool=1, faces=(3, 10, 2, 6)))  # 10, then 10 + 2: 22
    assert [e.extra.counted for e in outcome.events if isinstance(e, HeroDieRolled)] == [10, 12]
    assert next(e for e in outcome.events if isinstance(e, Attacked)).result.total == 7 + 22


CINDER_WELL = Path(__file__).resolve().parent.parent / "maps" / "cinder_well.tmx"


def test_the_bundled_cinder_well_is_played_to_the_end_with_hero_points_spent_countered_and_negating():
    spends = counters = negations = 0
    for seed in (1, 2, 3):
        battle = battle_from_map(CINDER_WELL, seed=seed)
        assert "swn" in battle.ruleset.names
        play(battle)
        assert battle.state.ended and battle.state.winner is not None
        spends += sum(isinstance(e, HeroPointSpent) for e in battle.log)
        counters += sum(isinstance(e, HeroPointCountered) for e in battle.log)
        negations += sum(isinstance(e, DamageNegated) for e in battle.log)
        again = battle_from_map(CINDER_WELL, seed=seed)
        for step in battle.actions:
            assert again.submit(step).accepted
        assert again.state == battle.state  # the same seed and actions: the same fight
    assert spends >= 1 and counters >= 1 and negations >= 1


def test_a_side_may_start_with_a_pool_the_map_sets_and_a_pool_without_the_module_is_warned_about(folder):
    from test_scenario_loading import hexmap, layer, load, objects, side_prop, unit_at, warnings

    pool = battle_from_map(CINDER_WELL, seed=1)
    assert next(s for s in pool.sides() if s.id == "pcs").hero_pool == 1
    props = side_prop("pcs", hero_pool=2)
    result = load(folder, hexmap(layer("ground"), objects(unit_at(1, 0, 0, side="pcs")), props=props))
    assert result.scenario.sides["pcs"].hero_pool == 2
    assert ("hero_pool 2 is ignored: hero points are off (add hero_points to the map property modules)"
            in warnings(result))
