"""Hero points (seed 004) on an SWN disarm (seed 002): the attacker who missed the melee attack
may buy dice on it, and whoever lost the opposed skill rolls may buy dice on theirs; the weapons
go where the rolls as they then stand say. A tie disarms the defender (and the attacker), so the
defender is the one asked then. Ana and Rook are the duel of tests/test_battle_disarm.py: Ana
attacks at d20 +5, her grip roll is 2d6 +2, Rook's 2d6 +4 with the defender's +3."""

from fractions import Fraction

from game.actions import Disarm, Hold, SpendHeroPoint
from game.components import Armament, Carried, DroppedWeapon
from game.events import Attacked, DisarmSettled
from game.hexgrid import Hex
from game.prompts import HeroPointChance

from kit import battle_at, unit

ANA, ROOK = 1, 2
PISTOL = "semi_auto_pistol"


def _duel(ana_points: int = 0, rook_points: int = 0):
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="knife", hero_points=ana_points),
             unit(2, "thug", "enemies", Hex(1, 0), name="Rook", hero_points=rook_points)]
    return battle_at(units, ANA, seed=1, modules=("hero_points",))


def _texts(outcome) -> str:
    return " | ".join(outcome.lines)


def _settled(outcome) -> DisarmSettled:
    return next(e for e in outcome.events if isinstance(e, DisarmSettled))


def test_ana_who_missed_the_disarm_attack_buys_a_die_and_takes_the_pistol():
    battle = _duel(ana_points=1)
    missed = battle.submit(Disarm(ANA, target=ROOK, faces=(3,)))  # 3 + 5 = 8 vs AC 12
    assert isinstance(battle.pending(), HeroPointChance) and battle.pending().result.total == 8
    assert not any(isinstance(e, DisarmSettled) for e in missed.events)
    outcome = battle.submit(SpendHeroPoint(ANA, faces=(4, 6, 6, 2, 3)))  # counts 10: 18; 14 against 9
    attack = next(e for e in outcome.events if isinstance(e, Attacked))
    assert (attack.how, attack.result.total, attack.result.hit) == ("disarm", 18, True)
    assert _settled(outcome).outcome == "attacker decides"
    assert battle.world.get(ANA, Carried).weapons == (PISTOL,)


def test_ana_who_lost_the_opposed_roll_is_asked_with_the_exact_chance_of_winning():
    battle = _duel(ana_points=1)
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(7, 1, 1, 6, 6)))  # hit; 4 against 16
    assert not any(isinstance(e, DisarmSettled) for e in outcome.events)
    asked = battle.pending()
    assert asked.question == "Ana lost the opposed roll to disarm: spend a hero point on it?"
    spend = battle.options(ANA).allowed("spend_hero_point")[0]
    # 13 to make up: 13-19 (7 faces), a 10 then 3 or more (18 of 20), a 20: 8.9 of 20
    assert spend.chance == Fraction(89, 200)


def test_ana_buys_a_die_on_the_opposed_roll_wins_by_1_and_the_pistol_drops():
    battle = _duel(ana_points=1)
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 1, 1, 6, 6)))
    outcome = battle.submit(SpendHeroPoint(ANA, faces=(13, 1)))  # 4 + 13 = 17 against 16; direction 0
    assert "Ana rolls to disarm: disarm 2d6 [1, 1] +1 Stab +1 Dex +13 hero points = 17" in _texts(outcome)
    assert (_settled(outcome).margin, _settled(outcome).outcome) == (1, "weapon drops")
    assert [d for _, d in battle.world.query(DroppedWeapon)] == [DroppedWeapon(PISTOL, Hex(2, 0), 12)]


def test_rook_who_lost_the_grip_buys_a_die_and_keeps_hold():
    battle = _duel(rook_points=1)
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3)))  # hit; 12 against 10: Ana wins by 2
    asked = battle.pending()
    assert asked.decider == ROOK and asked.question == "Rook lost the opposed roll to keep hold: spend a hero point on it?"
    assert battle.options(ROOK).allowed("spend_hero_point")[0].chance == 1  # 3 to make up
    outcome = battle.submit(SpendHeroPoint(ROOK, faces=(4,)))  # counts 10: 20 against 12
    assert (_settled(outcome).margin, _settled(outcome).outcome) == (-8, "nothing")
    assert battle.world.get(ROOK, Armament).weapon == PISTOL


def test_rook_letting_the_rolls_stand_drops_the_pistol_in_the_direction_rolled_after():
    battle = _duel(rook_points=1)
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3)))
    outcome = battle.submit(Hold(ROOK, faces=(1,)))
    assert _settled(outcome).outcome == "weapon drops"
    assert [d for _, d in battle.world.query(DroppedWeapon)] == [DroppedWeapon(PISTOL, Hex(2, 0), 12)]


def test_on_a_tie_the_defender_is_asked():
    battle = _duel(ana_points=1, rook_points=1)
    battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 3, 3, 3)))  # 10 against 10: both would drop
    asked = battle.pending()
    assert asked.decider == ROOK and asked.waiting.short_by == 1 and asked.waiting.other == ANA


def test_without_hero_points_the_disarm_rolls_the_same_dice_in_the_same_order():
    battle = battle_at([unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="knife"),
                        unit(2, "thug", "enemies", Hex(1, 0), name="Rook")], ANA, seed=1)
    outcome = battle.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3, 1)))
    assert _settled(outcome).outcome == "weapon drops" and battle.pending() is None


def test_a_disarm_with_both_decisions_replays_from_its_actions_as_json_to_the_same_state():
    from game.actions import from_json, to_json

    battle = _duel(ana_points=1, rook_points=1)
    battle.submit(Disarm(ANA, target=ROOK, faces=(3,)))  # a miss: Ana is asked
    battle.submit(SpendHeroPoint(ANA))  # Rook may counter: he lets it be
    battle.submit(Hold(ROOK))
    while battle.pending() is not None:  # the dice rolled on: answer whatever is asked by holding
        battle.submit(Hold(battle.pending().decider))
    again = _duel(ana_points=1, rook_points=1)
    for action in battle.actions:
        assert again.submit(from_json(to_json(action))).accepted
    assert again.state == battle.state and again.log == battle.log


def test_the_computer_buys_back_a_likely_opposed_roll_and_lets_an_unlikely_one_stand():
    from game.players.answers import answer_prompt

    likely = _duel(rook_points=1)
    likely.submit(Disarm(ANA, target=ROOK, faces=(7, 5, 5, 3, 3)))  # Rook 3 short: a bought die always makes it
    assert answer_prompt(likely.options(ROOK)) == SpendHeroPoint(ROOK)
    unlikely = _duel(ana_points=1)
    unlikely.submit(Disarm(ANA, target=ROOK, faces=(7, 1, 1, 6, 6)))  # Ana 13 short: 89 in 200
    assert isinstance(answer_prompt(unlikely.options(ANA)), Hold)
