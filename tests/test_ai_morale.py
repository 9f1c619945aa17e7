"""The computer player obeys its side's morale band (Seed 002, Morale Threshold): Tactical
Retreat still shoots but withdraws through cover; Panicked runs and does not shoot."""

from game.players import plain as ai
from game.actions import Attack, EndTurn, GmOutgunned, Move
from game.battle import Battle
from game.hexgrid import Hex, distance

from kit import FOREST, pass_turns_until, scenario, side, unit

ANA, ROOK = 1, 2
COVER = {Hex(4, -2): FOREST, Hex(2, 2): FOREST}  # Hex(3, 2) lies behind the trees at Hex(2, 2)


def _rook_to_act(morale: int, unit_type: str = "thug", modules=("morale",)) -> Battle:
    """Ana (a PC) at the centre, Rook three hexes off; Rook's side at `morale`; Rook's turn."""
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Ana"), unit(2, unit_type, "enemies", Hex(3, 0), name="Rook")]
    sides = {"pcs": side("pcs", None), "enemies": side("enemies", morale)}
    battle = Battle.from_scenario(scenario(units, sides=sides, modules=modules, terrain=COVER), seed=0)
    pass_turns_until(battle, ROOK)
    return battle


def _turn(battle: Battle) -> list:
    """Rook's whole turn as the computer plays it."""
    taken = []
    while battle.current() == ROOK:
        action = ai.choose_action(battle)
        assert battle.submit(action).accepted
        taken.append(action)
    return taken


def test_panicked_rook_runs_as_far_as_he_can_and_does_not_shoot():
    battle = _rook_to_act(2)
    turn = _turn(battle)
    assert not any(isinstance(a, Attack) for a in turn)
    moves = [a for a in turn if isinstance(a, Move)]
    assert len(moves) == 1 and distance(moves[0].path[-1], Hex(0, 0)) == 6


def test_in_tactical_retreat_rook_returns_fire_then_falls_back_behind_the_trees():
    battle = _rook_to_act(4)
    turn = _turn(battle)
    assert isinstance(turn[0], Attack) and turn[0].target == ANA
    assert isinstance(turn[1], Move) and turn[1].path[-1] == Hex(3, 2)
    assert isinstance(turn[-1], EndTurn)


def test_a_careful_rook_still_closes_in():
    battle = _rook_to_act(8)
    moves = [a for a in _turn(battle) if isinstance(a, Move)]
    assert distance(moves[0].path[-1], Hex(0, 0)) < 3


def test_a_unit_immune_to_morale_fights_on_in_a_panicked_side():
    battle = _rook_to_act(2, unit_type="warbot")
    assert isinstance(_turn(battle)[0], Attack)


def test_without_the_morale_rules_a_low_score_changes_nothing():
    battle = _rook_to_act(2, modules=())
    assert [s.conduct for s in battle.sides()] == [None, None]
    assert isinstance(_turn(battle)[0], Attack)


def test_the_band_follows_the_score_the_gm_changes():
    battle = _rook_to_act(8)
    assert battle.submit(GmOutgunned(0, side="enemies", change=-6)).accepted
    enemies = next(s for s in battle.sides() if s.id == "enemies")
    assert (enemies.band, enemies.conduct) == ("Panicked", "flee")
    assert enemies.limits == "flees from the enemy, hardly shooting at all; -4 to hit, +1 AC"
    assert not any(isinstance(a, Attack) for a in _turn(battle))
