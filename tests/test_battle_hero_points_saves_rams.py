"""Hero points (seed 004) on an SWN charge's other rolls (seed 002): a bare-handed charger's
Evasion save, and a vehicle's ram: its attack roll and its Pilot check. Whoever failed the roll
may buy dice after seeing it; the bought dice are a named part of it, and the charge goes on from
the roll as it then stands. The numbers are those of tests/test_battle_charge.py."""

from game.actions import Charge, CounterHeroPoint, Hold, SpendHeroPoint
from game.components import Health, Prone
from game.events import Attacked, CheckRolled, RamRecoiled
from game.hexgrid import Hex
from game.prompts import CounterChance, HeroPointChance

from kit import battle_at, unit

ANA = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", hero_points=1)  # a rifle in hand: Punch it is
ROOK = unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=10)
RUN = (Hex(1, 0), Hex(2, 0))
VOSS = unit(2, "veteran_soldier", "enemies", Hex(4, 0), name="Voss", hp=40)
RAM_RUN = (Hex(1, 0), Hex(2, 0), Hex(3, 0))


def _battle(units):
    return battle_at(units, 1, seed=9, modules=("hero_points",))


def _texts(outcome) -> str:
    return " | ".join(outcome.lines)


# -- a bare-handed charger's Evasion save ---------------------------------------------------
def test_a_charger_who_failed_the_evasion_save_is_asked_before_falling():
    battle = _battle([ANA, ROOK])
    outcome = battle.submit(Charge(1, target=2, path=RUN, faces=(15, 4, 9)))  # hit; 1d6 4; save 9 vs 12
    assert "Ana rolls an Evasion save d20 9 vs 12: failed." in _texts(outcome)
    asked = battle.pending()
    assert isinstance(asked, HeroPointChance) and asked.decider == 1
    assert asked.question == "Ana failed the Evasion save: spend a hero point on it?"
    assert battle.world.get(2, Health).current == 6 and battle.world.has(2, Prone)
    assert not battle.world.has(1, Prone)  # not yet: the save waits on the decision
    spend = battle.options(1).allowed("spend_hero_point")[0]
    assert spend.chance == 1  # 3 short, and a bought die counts at least 10


def test_a_charger_who_buys_a_die_makes_the_save_and_stays_up():
    battle = _battle([ANA, ROOK])
    battle.submit(Charge(1, target=2, path=RUN, faces=(15, 4, 9)))
    outcome = battle.submit(SpendHeroPoint(1, faces=(4,)))  # counts 10: 19
    assert "Ana rolls an Evasion save d20 9 +10 hero points vs 12: saved." in _texts(outcome)
    assert not battle.world.has(1, Prone) and battle.combatant(1).hero_points == 0


def test_a_charger_who_lets_the_save_stand_falls_prone_next_to_the_target():
    battle = _battle([ANA, ROOK])
    battle.submit(Charge(1, target=2, path=RUN, faces=(15, 4, 9)))
    outcome = battle.submit(Hold(1))
    assert outcome.accepted and battle.world.has(1, Prone) and battle.combatant(1).hero_points == 1


def test_an_enemy_counters_the_chargers_point_and_the_save_stands():
    boss = unit(3, "thug", "enemies", Hex(6, 6), name="Boss", hero_points=1)
    battle = _battle([ANA, ROOK, boss])
    battle.submit(Charge(1, target=2, path=RUN, faces=(15, 4, 9)))
    battle.submit(SpendHeroPoint(1))
    assert isinstance(battle.pending(), CounterChance) and battle.pending().decider == 3
    outcome = battle.submit(CounterHeroPoint(3))
    assert not any(isinstance(e, CheckRolled) for e in outcome.events)  # nothing bought, nothing rolled again
    assert battle.world.has(1, Prone)
    assert battle.combatant(1).hero_points == 0 and battle.combatant(3).hero_points == 0


def test_a_natural_1_on_the_save_is_not_asked():
    battle = _battle([ANA, ROOK])
    battle.submit(Charge(1, target=2, path=RUN, faces=(15, 4, 1)))
    assert battle.pending() is None and battle.world.has(1, Prone)


# -- a vehicle's ram ------------------------------------------------------------------------
def test_a_ramming_crew_who_missed_buys_a_die_and_the_ram_lands():
    wasp = unit(1, "light_mech", "pcs", Hex(0, 0), name="Wasp", hero_points=1)
    battle = _battle([wasp, VOSS])
    missed = battle.submit(Charge(1, target=2, path=RAM_RUN, faces=(5,)))  # 5 + 1 = 6 vs 15
    assert isinstance(battle.pending(), HeroPointChance) and battle.pending().result.total == 6
    assert not any(isinstance(e, RamRecoiled) for e in missed.events)
    assert battle.options(1).allowed("spend_hero_point")[0].chance == 1  # 9 short: a bought die counts 10 or more
    outcome = battle.submit(SpendHeroPoint(1, faces=(4, 1, 2, 3, 4, 5, 6, 5, 4)))  # counts 10: 16; 6d6 21; Pilot 10
    ram = next(e for e in outcome.events if isinstance(e, Attacked))
    assert (ram.how, ram.result.total, ram.result.hit) == ("ram", 16, True)
    assert "Wasp takes half of the 21: 10 - 10 armor = 0." in _texts(outcome)
    assert battle.world.get(2, Health).current == 19 and battle.world.has(2, Prone)


def test_a_ramming_crew_who_failed_the_pilot_check_buys_a_die_and_takes_half():
    car = unit(1, "ground_car", "pcs", Hex(0, 0), name="Car", hero_points=1)
    battle = _battle([car, VOSS])
    outcome = battle.submit(Charge(1, target=2, path=RAM_RUN, faces=(14, 6, 6, 6, 1, 1)))  # 18 dealt; Pilot 2
    assert battle.world.get(2, Health).current == 22  # the target's damage is dealt first
    asked = battle.pending()
    assert asked.question == "Car failed the Pilot check: spend a hero point on it?"
    assert not any(isinstance(e, RamRecoiled) for e in outcome.events)
    after = battle.submit(SpendHeroPoint(1, faces=(2,)))  # counts 10
    assert "Pilot check 2d6 [1, 1] +1 Pilot +10 hero points = 13 vs 9: success" in _texts(after)
    assert "Car takes half of the 18: 9 - 6 armor = 3." in _texts(after)
    assert battle.world.get(1, Health).current == 30 - 3 and not battle.world.has(1, Prone)
    assert battle.world.has(2, Prone)


def test_a_failed_pilot_check_let_stand_hurts_the_charger_as_much_and_knocks_it_over():
    car = unit(1, "ground_car", "pcs", Hex(0, 0), name="Car", hero_points=1)
    battle = _battle([car, VOSS])
    battle.submit(Charge(1, target=2, path=RAM_RUN, faces=(14, 6, 6, 6, 1, 1)))
    outcome = battle.submit(Hold(1))
    assert "Car takes all of the 18: 18 - 6 armor = 12." in _texts(outcome)
    assert battle.world.get(1, Health).current == 18 and battle.world.has(1, Prone)
    assert not battle.world.has(2, Prone)
