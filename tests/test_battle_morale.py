"""Seed 002 automatic morale: the factor events move each side's score, once each where the
seed says once, and the bands follow (scripted dice throughout)."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.actions import Attack, EndTurn, GmOutgunned, GmSetHealth, Intimidate
from game.battle import Battle
from game.events import MoraleChanged
from game.hexgrid import Hex

from kit import pass_turns_until, scenario, side, unit

ANA = 1  # a PC warrior with a combat rifle (entity 1, first in the order with seed 0)
SPREAD = [Hex(3, -3), Hex(3, -1), Hex(3, 1), Hex(-3, 1), Hex(-3, 3), Hex(-3, -1), Hex(0, 3), Hex(0, -3),
          Hex(1, -5), Hex(-1, 5)]  # nobody next to another: nobody steps in to protect


def _fight(enemies: int = 5, morale: int | None = 6, modules=("morale",), seed: int = 0, **setup) -> Battle:
    """Ana against `enemies` thugs of 3 HP each; the enemies' side set up with `setup`."""
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana")]
    units += [unit(10 + i, "thug", "enemies", SPREAD[i], name=f"Thug {i + 1}", hp=3) for i in range(enemies)]
    sides = {"pcs": side("pcs", None), "enemies": replace(side("enemies", morale), **setup)}
    return Battle.from_scenario(scenario(units, sides=sides, modules=modules), seed=seed)


def _changes(events, side_id: str = "enemies") -> list[tuple[str, int, int]]:
    return [(e.cause, e.before, e.after) for e in events if isinstance(e, MoraleChanged) and e.side == side_id]


def _morale(battle: Battle, side_id: str = "enemies") -> int:
    return battle.state.side(side_id).morale


# -- the opening factors (Seed 002, Morale Factors) -----------------------------------------
@pytest.mark.parametrize("setup, factors, score", [
    ({"leader": 10}, [("leader present (ordinary)", 6, 7)], 7),
    ({"leader": 10, "great_leader": True}, [("leader present (great)", 6, 8)], 8),
    ({"surprised": True}, [("surprised", 6, 5)], 5),
    ({"home_territory": True}, [("home territory", 6, 8)], 8),
    ({"outgunned": -2}, [("outgunned (negative factor)", 6, 4)], 4),
    ({"outgunned": 3}, [("outgunned (positive factor)", 6, 9)], 9),
    ({"leader": 10, "great_leader": True, "home_territory": True, "surprised": True},
     [("leader present (great)", 6, 8), ("surprised", 8, 7), ("home territory", 7, 9)], 9),
])
def test_the_opening_factors_move_the_score_once_each(setup, factors, score):
    battle = _fight(**setup)
    assert _changes(battle.log) == factors
    assert _morale(battle) == score


def test_a_great_leader_at_home_makes_a_careful_side_bold_and_the_log_says_why():
    battle = _fight(morale=8, leader=10, great_leader=True, home_territory=True)
    lines = battle.log_lines()
    assert "Enemies have their great leader Thug 1 with them: morale 8 -> 10 (leader present (great)); " \
           "now Bold: fights hard, going for weak points; +2 to hit." in lines
    assert "Enemies fight on their home ground: morale 10 -> 12 (home territory)." in lines
    assert [s.band for s in battle.sides() if s.id == "enemies"] == ["Bold"]


def test_without_the_morale_module_nothing_moves_by_itself():
    battle = _fight(modules=(), leader=10, home_territory=True)
    assert _changes(battle.log) == [] and _morale(battle) == 6
    assert _changes(battle.submit(GmSetHealth(2, value=0)).events) == []


def test_a_side_immune_to_morale_has_no_score_and_no_factors():
    battle = _fight(morale=None, immune_to_morale=True, leader=10, home_territory=True)
    assert _morale(battle) is None and _changes(battle.log) == []
    assert _changes(battle.submit(GmSetHealth(2, value=0)).events) == []


# -- the leader falls ---------------------------------------------------------------------
@pytest.mark.parametrize("great, cost", [(False, 2), (True, 4)])
def test_a_leader_incapacitated_costs_2_or_4_once(great, cost):
    battle = _fight(enemies=10, morale=8, leader=10, great_leader=great)
    start = _morale(battle)
    outcome = battle.submit(GmSetHealth(2, value=0))  # Thug 1, the leader (entity 2)
    rank = "great" if great else "ordinary"
    assert _changes(outcome.events) == [(f"leader incapacitated ({rank})", start, start - cost)]
    assert f"have lost their {'great ' if great else ''}leader Thug 1" in outcome.lines[-1]
    later = battle.submit(GmOutgunned(0, side="enemies", change=1)).events
    assert [cause for cause, _, _ in _changes(later)] == ["outgunned (positive factor)"]  # not the leader again


# -- losses: each 20% step (rounded up) once ----------------------------------------------
def test_ten_thugs_lose_1_morale_for_every_2_down():
    battle = _fight(enemies=10, morale=8)
    assert _changes(battle.submit(GmSetHealth(2, value=0)).events) == []
    assert _changes(battle.submit(GmSetHealth(3, value=0)).events) == [("lost 20% of forces or HP", 8, 7)]
    assert _changes(battle.submit(GmSetHealth(4, value=0)).events) == []
    assert _changes(battle.submit(GmSetHealth(5, value=0)).events) == [("lost 20% of forces or HP", 7, 6)]


def test_seven_thugs_have_a_step_of_2():
    battle = _fight(enemies=7, morale=8)
    assert _changes(battle.submit(GmSetHealth(2, value=0)).events) == []
    assert _changes(battle.submit(GmSetHealth(3, value=0)).events) == [("lost 20% of forces or HP", 8, 7)]


def test_a_lone_creature_counts_its_hit_points():
    battle = _fight(enemies=1, morale=8)  # 3 HP: a step of 1 HP (0.6 rounded up)
    outcome = battle.submit(GmSetHealth(2, value=1))
    assert _changes(outcome.events) == [("lost 20% of forces or HP", 8, 6)]
    assert "Enemies count their losses: morale 8 -> 6 (lost 20% of forces or HP x2)." in outcome.lines


def test_a_squad_counts_its_units():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
             unit(10, "thug", "enemies", Hex(3, 0), name="Rats", count=5)]
    sides = {"pcs": side("pcs", None), "enemies": side("enemies", 8)}
    battle = Battle.from_scenario(scenario(units, sides=sides, modules=("morale",)), seed=0)
    pool = battle.combatant(2)
    assert pool.squad_max == 5
    outcome = battle.submit(GmSetHealth(2, value=13))  # 4.5 HP a unit: 13 HP leave 3 of 5 standing
    assert battle.combatant(2).squad_units == 3
    assert _changes(outcome.events) == [("lost 20% of forces or HP", 8, 6)]


def test_healing_back_does_not_charge_the_same_step_twice():
    battle = _fight(enemies=1, morale=8)
    battle.submit(GmSetHealth(2, value=2))
    assert _morale(battle) == 7
    battle.submit(GmSetHealth(2, value=3))
    assert _changes(battle.submit(GmSetHealth(2, value=2)).events) == []
    assert _morale(battle) == 7


# -- intimidate: once a round, with who did it --------------------------------------------
def test_a_successful_intimidate_names_the_intimidator():
    battle = _fight(morale=6)
    outcome = battle.submit(Intimidate(ANA, side="enemies", faces=(6, 6)))
    shaken = [e for e in outcome.events if isinstance(e, MoraleChanged)]
    assert [(e.cause, e.who, e.before, e.after) for e in shaken] == [("intimidated", ANA, 6, 5)]
    assert "now Tactical Retreat: falls back carefully through cover, still returning fire; -2 to hit" \
           in outcome.lines[-1]


# -- the GM's outgunned judgement ---------------------------------------------------------
def test_the_gm_counts_two_factors_against_the_enemies():
    battle = _fight(morale=8)
    outcome = battle.submit(GmOutgunned(0, side="enemies", change=-2))
    assert outcome.accepted, outcome.reason
    assert outcome.lines == ("The GM judges Enemies outgunned: morale 8 -> 6 (outgunned (negative factor) x2).",)
    assert battle.current() == ANA  # no turn spent


@pytest.mark.parametrize("side_id, change, reason", [
    ("pcs", -1, "Pcs have no morale score to change"),
    ("pirates", -1, "there is no side 'pirates' in this battle (sides: enemies, pcs)"),
    ("enemies", 0, "count 1 to 10 factors: below 0 against Enemies, above 0 for them (not 0)"),
    ("enemies", 11, "count 1 to 10 factors: below 0 against Enemies, above 0 for them (not 11)"),
])
def test_outgunned_refusals(side_id, change, reason):
    battle = _fight()
    assert battle.submit(GmOutgunned(0, side=side_id, change=change)).reason == reason


def test_undo_and_redo_restore_morale_exactly():
    battle = _fight(morale=8)
    battle.submit(GmOutgunned(0, side="enemies", change=1))
    battle.submit(GmSetHealth(2, value=0))
    after = battle.state
    assert battle.undo() and battle.undo() and _morale(battle) == 8
    assert battle.redo() and battle.redo()
    assert battle.state == after and _morale(battle) == 8  # +1, then -1 for 1 of 5 down


# -- a scripted fight: the bands change and the modifiers follow --------------------------
def _shoot(battle: Battle, target: int) -> list[str]:
    pass_turns_until(battle, ANA)
    outcome = battle.submit(Attack(ANA, target=target, faces=(19, 12)))
    assert outcome.accepted, outcome.reason
    assert battle.submit(EndTurn(ANA)).accepted
    return list(outcome.lines)


def _enemy_attack_parts(battle: Battle, thug: int) -> dict[str, int]:
    pass_turns_until(battle, thug)
    option = battle.options(thug, groups=("attack",)).allowed("attack")[0]
    return {part.name: part.value for part in option.odds.bonus}


def test_five_thugs_fall_back_then_panic_as_ana_shoots_them_down():
    battle = _fight(enemies=5, morale=6)  # a step of 1: every thug down costs 1
    lines = _shoot(battle, 2)
    assert "Enemies count their losses: morale 6 -> 5 (lost 20% of forces or HP); now Tactical Retreat: " \
           "falls back carefully through cover, still returning fire; -2 to hit." in lines
    assert -2 in _enemy_attack_parts(battle, 3).values()
    for thug in (3, 4, 5):
        _shoot(battle, thug)
    assert _morale(battle) == 2
    assert [s.band for s in battle.sides() if s.id == "enemies"] == ["Panicked"]
    assert -4 in _enemy_attack_parts(battle, 6).values()


# -- saves replay morale ------------------------------------------------------------------
def test_a_saved_fight_replays_every_morale_change(tmp_path):
    from pathlib import Path

    from game.players import plain as ai
    from game.savefile import battle_from_map, read_save, write_save

    battle = battle_from_map(Path(__file__).parent.parent / "maps" / "kessler_ford.tmx", seed=3)
    battle.submit(GmOutgunned(0, side="enemies", change=-1))
    for _ in range(60):
        if battle.state.ended:
            break
        outcome = battle.submit(ai.choose_action(battle))
        assert outcome.accepted, outcome.reason
    write_save(battle, tmp_path / "ford.json")
    loaded = read_save(tmp_path / "ford.json").battle
    assert loaded.state == battle.state
    assert _changes(loaded.log, "enemies") == _changes(battle.log, "enemies")
    assert ("outgunned (negative factor)", 10, 9) in _changes(loaded.log, "enemies")


# -- a law: however the losses arrive, each 20% step is charged exactly once ----------------
@settings(max_examples=15, deadline=None)
@given(st.permutations(range(2, 12)), st.integers(min_value=0, max_value=10))
def test_the_losses_cost_one_point_per_step_whatever_the_order(order, downed):
    battle = _fight(enemies=10, morale=8)
    for entity in order[:downed]:
        assert battle.submit(GmSetHealth(entity, value=0)).accepted
    lost = sum(after - before for cause, before, after in _changes(battle.log) if cause.startswith("lost"))
    assert lost == -(downed // 2) and _morale(battle) == 8 - downed // 2
