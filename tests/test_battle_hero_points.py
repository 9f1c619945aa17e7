"""Hero points (seed 004, map module `hero_points`) in a These Lucky Stars battle: whoever lost a
roll may spend a point after seeing it, through a decision; the bought d20 counts at least 10 and
rolls again on 10s and 20s; the option's chance is exact."""

from fractions import Fraction

from game.actions import Attack, EndTurn, GmAwardHeroPoints, Hold, SpendHeroPoint
from game.battle import Battle
from game.actions import CounterHeroPoint
from game.events import DefenseDrained, HeroDieRolled, HeroPointCountered, HeroPointSpent, OpposedAttack, TaskAttacked, Wounded
from game.hexgrid import Hex
from game.prompts import CounterChance, HeroPointChance, NegationChance
from game.systems.rulesets.hero_points import extra_at_least

from kit import battle_at, unit

ROOK, GASH = 1, 2


def _duel(rook_points: int = 1, gash_points: int = 0, modules=("hero_points",)) -> Battle:
    rook = unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", **({"hero_points": rook_points} if rook_points else {}))
    gash = unit(2, "pirate", "enemies", Hex(2, 0), name="Gash", **({"hero_points": gash_points} if gash_points else {}))
    return battle_at([rook, gash], first=ROOK, ruleset="lucky-stars", modules=modules)


def test_a_bought_die_counts_at_least_10_and_rolls_again_on_10s_and_20s():
    assert extra_at_least(10) == 1
    # 11 or more: faces 11-19, a 20 (20 + more), a 10 rolled again (10 + at least 1).
    assert extra_at_least(11) == Fraction(11, 20)
    # 21 or more needs a 20 then anything, or a 10 then 11+ (or a 10 then 10 then anything ...).
    assert extra_at_least(21) == Fraction(1, 20) + Fraction(1, 20) * extra_at_least(11)


def test_the_attacker_who_lost_the_roll_is_asked_and_a_point_turns_the_miss_into_a_hit():
    battle = _duel()
    missed = battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 3, 3)))  # 4 against 13
    assert not missed.events[0].hit and isinstance(battle.pending(), HeroPointChance)
    spend = battle.options(ROOK).allowed("spend_hero_point")[0]
    assert spend.chance == extra_at_least(10)  # a margin of -9 needs 10 more: certain
    outcome = battle.submit(SpendHeroPoint(ROOK, faces=(4, 6)))  # the d20 shows 4: counts as 10; damage d8 6
    assert next(e for e in outcome.events if isinstance(e, HeroPointSpent)).left == 0
    assert next(e for e in outcome.events if isinstance(e, HeroDieRolled)).extra.counted == 10
    again = next(e for e in outcome.events if isinstance(e, OpposedAttack))
    assert again.contest.attacker.total == 14 and again.hit
    assert next(e for e in outcome.events if isinstance(e, DefenseDrained)).damage.total == 6 + 2
    assert battle.pending() is None


def test_letting_the_roll_stand_keeps_the_miss_and_keeps_the_point():
    battle = _duel()
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 3, 3)))
    outcome = battle.submit(Hold(ROOK))
    assert outcome.accepted and outcome.events == () and battle.pending() is None
    assert battle.submit(EndTurn(ROOK)).accepted


def test_an_enemy_with_a_point_may_counter_before_the_die_is_rolled_and_both_points_are_spent():
    battle = _duel(rook_points=1, gash_points=1)
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 3, 3)))
    spent = battle.submit(SpendHeroPoint(ROOK))
    assert spent.accepted and not any(isinstance(e, HeroDieRolled) for e in spent.events)
    asked = battle.pending()
    assert isinstance(asked, CounterChance) and asked.decider == GASH and asked.spender == ROOK
    assert [o.kind for o in battle.options(GASH).allowed()] == ["counter_hero_point", "hold"]
    countered = battle.submit(CounterHeroPoint(GASH))
    assert [type(e) for e in countered.events] == [HeroPointCountered]  # the miss stands, no damage
    assert battle.pending() is None and battle.current() == ROOK


def test_an_enemy_who_lets_the_point_be_lets_the_die_roll():
    battle = _duel(rook_points=1, gash_points=1)
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 3, 3)))
    battle.submit(SpendHeroPoint(ROOK))
    outcome = battle.submit(Hold(GASH, faces=(12, 3)))  # the die: 12, so 16 against 13; damage d8 3
    assert next(e for e in outcome.events if isinstance(e, HeroDieRolled)).extra.counted == 12
    assert isinstance(battle.pending(), NegationChance) and battle.pending().decider == GASH  # Gash kept its point
    taken = battle.submit(Hold(GASH))  # and takes the hit as rolled
    assert next(e for e in taken.events if isinstance(e, DefenseDrained)).damage.total == 3 + 2


def test_the_defender_who_lost_the_roll_may_spend_off_its_own_turn():
    battle = _duel(rook_points=0, gash_points=1)
    hit = battle.submit(Attack(ROOK, target=GASH, faces=(6, 6, 1, 1)))  # 14 against 9: Gash lost
    assert hit.events[0].hit and battle.pending().decider == GASH
    assert battle.options(GASH).allowed("spend_hero_point")[0].chance == extra_at_least(5)
    outcome = battle.submit(SpendHeroPoint(GASH, faces=(15,)))  # 9 + 15 = 24: the attack is turned aside
    assert not next(e for e in outcome.events if isinstance(e, OpposedAttack)).hit
    assert not any(isinstance(e, DefenseDrained) for e in outcome.events)


def test_no_decision_without_the_module_or_without_a_point():
    for battle in (_duel(modules=()), _duel(rook_points=0)):
        outcome = battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 3, 3)))
        assert outcome.accepted and battle.pending() is None
    refused = _duel().submit(SpendHeroPoint(ROOK))
    assert not refused.accepted and refused.reason == "there is no decision to answer"


def test_under_starfarer_a_bought_die_comes_off_the_d100_and_the_location_stays_the_first_rolls():
    kitai = unit(1, "kitai", "pcs", Hex(0, 0), name="Kitai", hero_points=1)
    battle = battle_at([kitai, unit(2, "marine", "enemies", Hex(5, 0), name="Reyes")], first=1,
                       ruleset="starfarer", modules=("hero_points",))
    assert not battle.submit(Attack(1, target=2, faces=(75,))).events[0].hit  # MCS 60
    spend = battle.options(1).allowed("spend_hero_point")[0]
    assert spend.chance == extra_at_least(15)
    outcome = battle.submit(SpendHeroPoint(1, faces=(15,)))  # 75 - 15 = 60: a marginal hit
    shot = next(e for e in outcome.events if isinstance(e, TaskAttacked))
    assert (shot.task.roll, shot.task.los, shot.location) == (60, 0, "abdomen")  # the 5 of the 75
    assert next(e for e in outcome.events if isinstance(e, Wounded)).damage == 2  # 3 after armour, halved up


def test_two_bought_dice_count_at_least_20_and_more_only_unless_both_count_just_10():
    assert extra_at_least(20, dice=2) == 1
    assert extra_at_least(21, dice=2) == 1 - Fraction(9, 20) ** 2  # a face under 10 counts exactly 10


def test_the_gm_awards_pool_points_and_a_spend_puts_a_personal_and_a_pool_die_on_the_roll():
    battle = _duel(rook_points=1)
    awarded = battle.submit(GmAwardHeroPoints(0, side="pcs", points=2))
    assert awarded.lines == ("The GM awards Pcs 2 hero point(s): the pool holds 2.",)
    assert next(s for s in battle.sides() if s.id == "pcs").hero_pool == 2
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 6, 6)))  # 4 against 19: needs 16 more
    offered = battle.options(ROOK).allowed("spend_hero_point")
    assert [(o.action.personal, o.action.from_pool, o.chance) for o in offered][:3] == [
        (True, 0, extra_at_least(16)), (True, 1, extra_at_least(16, 2)), (False, 1, extra_at_least(16))]
    outcome = battle.submit(SpendHeroPoint(ROOK, from_pool=1, faces=(3, 5, 4)))  # two dice count 10 each; damage 4
    assert [e.extra.counted for e in outcome.events if isinstance(e, HeroDieRolled)] == [10, 10]
    assert next(e for e in outcome.events if isinstance(e, OpposedAttack) and e.hit).contest.attacker.total == 24
    assert next(s for s in battle.sides() if s.id == "pcs").hero_pool == 1


def test_a_counter_cancels_one_of_two_bought_dice():
    battle = _duel(rook_points=1, gash_points=1)
    battle.submit(GmAwardHeroPoints(0, side="pcs", points=1))
    battle.submit(Attack(ROOK, target=GASH, faces=(1, 1, 3, 3)))
    battle.submit(SpendHeroPoint(ROOK, from_pool=1))
    assert battle.pending().dice == 2
    outcome = battle.submit(CounterHeroPoint(GASH, faces=(12, 3)))  # one die left: 12, so 16 against 13
    assert [e.extra.counted for e in outcome.events if isinstance(e, HeroDieRolled)] == [12]


def test_the_gm_cannot_award_points_when_the_map_has_hero_points_off():
    refused = _duel(modules=()).submit(GmAwardHeroPoints(0, side="pcs", points=1))
    assert refused.reason == "hero points are off on this map (map property modules: hero_points)"
