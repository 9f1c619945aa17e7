"""Hero points (seed 004) on an SWN charge's blow, a grenade's throw and a shove (seed 002): a
charger, thrower or shover who missed may spend a point on the d20 after seeing it, as on any
attack roll; the bought die is a named part of the total. A throw still missing scatters only after the decision; a
grenade stays in hand until the throw lands."""

from game.actions import Charge, Hold, Shove, SpendHeroPoint, ThrowGrenade
from game.components import Armament, Health, Position, Prone
from game.events import Attacked, HeroDieRolled, Scattered
from game.hexgrid import Hex
from game.prompts import HeroPointChance

from kit import battle_at, unit

ANA_WITH_KNIFE = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="knife", hero_points=1)
ANA_WITH_FRAG = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", weapon="frag_grenade", hero_points=1)
ROOK = unit(2, "thug", "enemies", Hex(3, 0), name="Rook", hp=10)
RUN = (Hex(1, 0), Hex(2, 0))


def _battle(units, seed: int):
    return battle_at(units, 1, seed=seed, modules=("hero_points",))


def test_a_charger_who_missed_buys_a_die_and_the_blow_lands_with_the_target_knocked_prone():
    battle = _battle([ANA_WITH_KNIFE, ROOK], seed=9)
    missed = battle.submit(Charge(1, target=2, path=RUN, faces=(3,)))  # 3 + 5 = 8 against AC 12
    assert missed.accepted and isinstance(battle.pending(), HeroPointChance)
    assert battle.world.get(2, Health).current == 10 and not battle.world.has(2, Prone)
    outcome = battle.submit(SpendHeroPoint(1, faces=(4, 2, 3)))  # the die counts 10: 18; 1d6 2, knife 3 + 1
    assert next(e for e in outcome.events if isinstance(e, HeroDieRolled)).extra.counted == 10
    blow = next(e for e in outcome.events if isinstance(e, Attacked))
    assert (blow.how, blow.result.total, blow.result.hit) == ("charge", 18, True)
    assert battle.world.get(2, Health).current == 6 and battle.world.has(2, Prone)


def test_a_charger_who_lets_the_miss_stand_keeps_the_point_and_nothing_lands():
    battle = _battle([ANA_WITH_KNIFE, ROOK], seed=9)
    battle.submit(Charge(1, target=2, path=RUN, faces=(3,)))
    outcome = battle.submit(Hold(1))
    assert outcome.accepted and outcome.events == () and battle.pending() is None
    assert battle.world.get(2, Health).current == 10 and battle.combatant(1).hero_points == 1


def test_a_thrower_who_missed_is_asked_before_the_scatter_and_keeps_the_grenade_till_then():
    battle = _battle([ANA_WITH_FRAG, ROOK], seed=3)
    missed = battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(2,)))
    assert missed.accepted and isinstance(battle.pending(), HeroPointChance)
    assert not any(isinstance(e, Scattered) for e in missed.events)
    assert battle.world.get(1, Armament).weapon == "frag_grenade"
    spend = battle.options(1).allowed("spend_hero_point")[0]
    assert spend.chance > 0
    outcome = battle.submit(SpendHeroPoint(1, faces=(12, 6, 6, 5)))  # 6 + 12 = 18: on target; 2d6 12, save 5
    assert not any(isinstance(e, Scattered) for e in outcome.events)
    assert [e.result.hit for e in outcome.events if isinstance(e, Attacked)] == [True]
    assert battle.world.get(2, Health).current < 10


def test_a_throw_still_missing_scatters_after_the_decision():
    battle = _battle([ANA_WITH_FRAG, ROOK], seed=3)
    battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(2,)))
    outcome = battle.submit(Hold(1, faces=(2, 4, 6, 6, 5)))  # 2 hexes, direction 3: down at (1, 0)
    scattered = next(e for e in outcome.events if isinstance(e, Scattered))
    assert scattered.landing == Hex(1, 0)
    assert battle.world.get(1, Armament).weapon is None  # the only grenade is gone


def test_a_shover_who_missed_buys_a_die_and_the_push_goes_through():
    ana = unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana", hero_points=1)
    voss = unit(2, "veteran_soldier", "enemies", Hex(1, 0), name="Voss", hp=10)
    battle = _battle([ana, voss], seed=5)
    battle.submit(Shove(1, target=2, faces=(6,)))  # 6 + 4 = 10 against AC 11: a miss
    assert isinstance(battle.pending(), HeroPointChance) and battle.world.get(2, Position).hex == Hex(1, 0)
    outcome = battle.submit(SpendHeroPoint(1, faces=(3,)))  # the die counts 10: 20
    assert "+10 hero points" in " ".join(outcome.lines)
    assert battle.world.get(2, Position).hex == Hex(2, 0)


def test_a_hero_who_failed_the_evasion_save_buys_a_die_and_takes_half_and_the_blast_goes_on():
    from game.events import BlastStruck

    thug = unit(1, "thug", "enemies", Hex(0, 0), name="Rook", weapon="frag_grenade")
    ana = unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana", hero_points=1)
    bo = unit(3, "pc_expert", "pcs", Hex(3, 1), name="Bo")
    battle = _battle([thug, ana, bo], seed=3)
    thrown = battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(19, 6, 6, 5)))  # on target; 2d6 12; Ana's save 5
    asked = battle.pending()
    assert isinstance(asked, HeroPointChance) and asked.decider == 2 and asked.waiting.roll.face == 5
    assert asked.question == "Ana failed the Evasion save: spend a hero point on it?"
    assert not any(isinstance(e, BlastStruck) for e in thrown.events)  # the blast waits on Ana
    outcome = battle.submit(SpendHeroPoint(2, faces=(8, 4)))  # the die counts 10: 15 saves; Bo's save 4
    struck = [e for e in outcome.events if isinstance(e, BlastStruck)]
    assert [e.target for e in struck] == [2, 3]
    assert struck[0].hit.save.success and struck[0].hit.damage == 6  # half of 12
    assert "Evasion save d20 5 +10 hero points vs" in battle.describe(struck[0])
    assert battle.world.get(2, Health).current == 18 - 6
