"""Seed 002 Intimidate and Read Morale as actions: a side's morale pushed down, and read."""

from fractions import Fraction

from game.actions import EndTurn, Intimidate, ReadMorale
from game.battle import Battle
from game.components import TurnBudget
from game.hexgrid import Hex
from game.events import MoraleRead
from game.systems.rulesets.swn.morale_actions import intimidate_options, read_morale_chance

from kit import WALL, scenario, side, unit
from kit import attack_plans, scene_of

MIRA, ANA, ROOK, SLY = 1, 2, 3, 4
# Mira (a psychic: Lead 1, Cha +1, Notice 1, Wis +1) and Ana (Lead 0, Cha 0) face Rook of the
# enemies (morale 8); Sly of the rivals (morale 6) hides behind a wall.
UNITS = [unit(1, "pc_psychic", "pcs", Hex(0, 0), name="Mira"),
         unit(2, "pc_warrior", "pcs", Hex(0, 1), name="Ana"),
         unit(3, "thug", "enemies", Hex(3, 0), name="Rook"),
         unit(4, "thug", "rivals", Hex(-3, 0), name="Sly")]
SIDES = {"pcs": side("pcs", None), "enemies": side("enemies", 8), "rivals": side("rivals", 6)}
WALLED = {Hex(-2, 0): WALL}
IN_ORDER = 0  # seed giving the order Mira, Ana, Rook, Sly


def _battle(units=UNITS, sides=SIDES, **kwargs) -> Battle:
    battle = Battle.from_scenario(scenario(units, sides=sides, terrain=WALLED, **kwargs), seed=IN_ORDER)
    return _until(battle, MIRA)


def _until(battle: Battle, who: int) -> Battle:
    while battle.current() != who:
        assert battle.submit(EndTurn(battle.current())).accepted
    return battle


def _texts(outcome) -> str:
    return " | ".join(outcome.lines)


# -- Intimidate ---------------------------------------------------------------------------
def test_mira_meets_morale_8_with_lead_1_and_cha_1_and_the_enemies_drop_to_7():
    battle = _battle()
    outcome = battle.submit(Intimidate(MIRA, side="enemies", faces=(3, 3)))
    assert outcome.accepted, outcome.reason
    texts = _texts(outcome)
    assert "Mira tries to intimidate Enemies: Intimidate check 2d6 [3, 3] +1 Lead +1 Cha = 8 vs 8: success" in texts
    assert "Enemies are shaken: morale 8 -> 7 (intimidated)" in texts
    assert battle.state.side("enemies").morale == 7
    assert battle.state.side("enemies").intimidated_round == 1
    assert not battle.world.get(MIRA, TurnBudget).main


def test_a_failed_intimidate_changes_no_morale_but_spends_the_main_action():
    battle = _battle()
    outcome = battle.submit(Intimidate(MIRA, side="enemies", faces=(3, 2)))
    assert outcome.accepted and "failure" in _texts(outcome)
    assert battle.state.side("enemies").morale == 8 and battle.state.side("enemies").intimidated_round == 0
    assert not battle.world.get(MIRA, TurnBudget).main


def test_a_side_intimidated_this_round_is_immune_until_the_next_round():
    battle = _battle()
    battle.submit(Intimidate(MIRA, side="enemies", faces=(3, 3)))
    _until(battle, ANA)
    assert battle.submit(Intimidate(ANA, side="enemies")).reason == "Enemies were already intimidated this round"
    _until(battle, MIRA)
    assert battle.state.round == 2
    assert battle.submit(Intimidate(MIRA, side="enemies", faces=(4, 3))).accepted
    assert battle.state.side("enemies").morale == 6


def test_intimidate_refusals_change_nothing():
    battle = _battle()
    before = battle.state
    assert battle.submit(Intimidate(MIRA, side="pcs")).reason == "Pcs are not an enemy side"
    assert battle.submit(Intimidate(MIRA, side="rivals")).reason == "nobody of Rivals is in sight"
    assert battle.submit(Intimidate(MIRA, side="pirates")).reason == "there is no side 'pirates'"
    assert battle.submit(Intimidate(MIRA)).reason == "name the side to intimidate"
    assert battle.state is before
    _until(battle, ROOK)
    assert battle.submit(Intimidate(ROOK, side="pcs")).reason == "Pcs have no morale score to lower"


def test_a_side_of_robots_immune_to_morale_cannot_be_intimidated():
    units = [*UNITS[:2], unit(3, "warbot", "enemies", Hex(3, 0), name="Unit 7")]
    battle = _battle(units)
    reason = battle.submit(Intimidate(MIRA, side="enemies")).reason
    assert reason == "nobody of Enemies still fighting can be shaken (immune to morale)"


def test_intimidate_options_give_the_exact_chance_or_the_reason():
    battle = _battle()
    options = dict(intimidate_options(scene_of(battle), MIRA))
    assert options["enemies"] == Fraction(26, 36)  # 2d6 + 2 >= 8: a roll of 6 or more
    assert options["rivals"] == "nobody of Rivals is in sight"


def test_with_the_morale_module_on_intimidating_morale_6_to_5_gives_the_enemies_minus_2_to_hit():
    sides = {**SIDES, "enemies": side("enemies", 6)}
    battle = _battle(sides=sides, modules=("morale",))
    battle.submit(Intimidate(MIRA, side="enemies", faces=(3, 1)))  # 4 + 2 = 6 vs 6: success
    assert battle.state.side("enemies").morale == 5
    plan = dict(attack_plans(battle, ROOK))[MIRA]
    assert any(m.name == "tactical retreat morale" and m.value == -2 for m in plan.setup.situational)


def test_undo_restores_the_morale_score():
    battle = _battle()
    before = battle.state
    battle.submit(Intimidate(MIRA, side="enemies", faces=(3, 3)))
    battle.undo()
    assert battle.state == before and battle.state.side("enemies").morale == 8


# -- Read Morale --------------------------------------------------------------------------
def test_reading_morale_on_6_names_the_exact_score_of_every_side_in_sight():
    battle = _battle()
    outcome = battle.submit(ReadMorale(MIRA, faces=(2, 2)))  # 4 +1 Notice +1 Wis = 6 vs 6
    assert outcome.accepted, outcome.reason
    texts = _texts(outcome)
    assert "Read Morale check 2d6 [2, 2] +1 Notice +1 Wis = 6 vs 6: success" in texts
    assert "Mira reads the morale: Enemies 8 (Careful)." in texts
    [reading] = [e for e in outcome.events if isinstance(e, MoraleRead)]
    assert reading.readings == (("enemies", 8),)  # the rivals behind the wall stay unread
    budget = battle.world.get(MIRA, TurnBudget)
    assert budget.main and not budget.move


def test_a_failed_read_tells_nothing():
    battle = _battle()
    outcome = battle.submit(ReadMorale(MIRA, faces=(1, 2)))
    assert outcome.accepted and not any(isinstance(e, MoraleRead) for e in outcome.events)


def test_read_morale_chance_is_exact():
    battle = _battle()
    assert read_morale_chance(scene_of(battle), MIRA) == Fraction(33, 36)  # 2d6 + 2 >= 6: a roll of 4 or more


def test_reading_with_no_side_with_morale_in_sight_is_refused():
    units = [UNITS[0], UNITS[3]]
    battle = _battle(units)
    before = battle.state
    assert battle.submit(ReadMorale(MIRA)).reason == "no side with a morale score is in sight"
    assert battle.state is before


def test_a_second_read_takes_the_main_action_as_a_move_and_a_third_is_refused():
    battle = _battle()
    battle.submit(ReadMorale(MIRA, faces=(1, 1)))
    assert battle.submit(ReadMorale(MIRA, faces=(6, 6))).accepted
    assert battle.submit(ReadMorale(MIRA)).reason.startswith("no Move action is left")


# -- Hero points on the checks (seed 004) -----------------------------------------------------
def _heroic_mira() -> Battle:
    units = [unit(1, "pc_psychic", "pcs", Hex(0, 0), name="Mira", hero_points=1), *UNITS[1:]]
    return _battle(units, modules=("hero_points",))


def test_mira_failing_to_intimidate_buys_a_die_and_the_enemies_are_shaken_after_all():
    from game.actions import SpendHeroPoint

    battle = _heroic_mira()
    battle.submit(Intimidate(MIRA, side="enemies", faces=(3, 2)))  # 7 against 8
    assert battle.pending().question == "Mira failed to intimidate: spend a hero point on the check?"
    outcome = battle.submit(SpendHeroPoint(MIRA, faces=(5,)))  # the die counts 10: 17
    assert "Enemies are shaken: morale 8 -> 7 (intimidated)" in _texts(outcome)
    assert battle.state.side("enemies").morale == 7


def test_mira_failing_to_read_morale_lets_it_stand_and_learns_nothing():
    from game.actions import Hold

    battle = _heroic_mira()
    battle.submit(ReadMorale(MIRA, faces=(1, 1)))
    assert battle.pending().question == "Mira failed to read morale: spend a hero point on the check?"
    outcome = battle.submit(Hold(MIRA))
    assert outcome.events == () and battle.combatant(MIRA).hero_points == 1
