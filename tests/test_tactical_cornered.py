"""The tactical player's reading of a Panicked side (Seed 002, Morale Threshold: "retreating,
likely not shooting at all"): it runs as the plain player does, and only a fighter with
nowhere left to run shoots back. The plain player never shoots while Panicked."""

from game.players import plain as ai
from game.actions import Attack, EndTurn, GmSetStat, Move, Reload
from game.battle import Battle
from game.hexgrid import Hex, distance
from game.players.tactical import decide

from kit import pass_turns_until, scenario, side, unit

ANA, ROOK = 1, 2


def _rook_to_act(at: Hex, morale: int = 2) -> Battle:
    """Ana (a PC) at the centre of a field of radius 6, Rook (a thug with a pistol) at `at`;
    Rook's side at `morale` (2 is Panicked); Rook's turn."""
    units = [unit(ANA, "pc_warrior", "pcs", Hex(0, 0), name="Ana"), unit(ROOK, "thug", "enemies", at, name="Rook")]
    sides = {"pcs": side("pcs", None), "enemies": side("enemies", morale)}
    battle = Battle.from_scenario(scenario(units, sides=sides, modules=("morale",)), seed=0)
    pass_turns_until(battle, ROOK)
    return battle


def _tactical_turn(battle: Battle) -> list:
    """Rook's whole turn as the tactical player plays it, each action with its reason."""
    taken = []
    while battle.current() == ROOK:
        decision = decide(battle)
        assert battle.submit(decision.action).accepted
        taken.append(decision)
    return taken


def test_a_panicked_rook_runs_to_the_edge_and_only_then_fires_with_nowhere_left_to_run():
    turn = _tactical_turn(_rook_to_act(Hex(3, 0)))
    run, shot = turn[0], turn[1]
    assert isinstance(run.action, Move) and distance(run.action.path[-1], Hex(0, 0)) == 6
    assert run.reason == "panics and runs, as its side's morale says"
    assert isinstance(shot.action, Attack) and shot.action.target == ANA
    assert shot.reason.startswith("cornered and panicked: fires at Ana")
    assert shot.reason.endswith("nowhere left to run")
    assert isinstance(turn[-1].action, EndTurn)


def test_cornered_at_the_edge_the_tactical_rook_fires_but_the_plain_player_never_does():
    battle = _rook_to_act(Hex(6, 0))
    first = decide(battle)
    assert isinstance(first.action, Attack) and first.action.target == ANA
    plain = []
    while battle.current() == ROOK:
        action = ai.choose_action(battle)
        assert battle.submit(action).accepted
        plain.append(action)
    assert plain == [EndTurn(ROOK)]  # "likely not shooting at all": the plain player reads "never"


def test_cornered_with_an_empty_gun_rook_reloads_to_shoot_back_next_turn():
    battle = _rook_to_act(Hex(6, 0))
    assert battle.submit(GmSetStat(ROOK, stat="ammunition", value=0)).accepted
    turn = _tactical_turn(battle)
    assert isinstance(turn[0].action, Reload)
    assert turn[0].reason == "cornered and panicked: reloads the empty gun, nowhere left to run"
    assert [type(d.action) for d in turn] == [Reload, EndTurn]


def test_with_room_to_run_an_empty_gun_waits_and_rook_runs():
    battle = _rook_to_act(Hex(3, 0))
    assert battle.submit(GmSetStat(ROOK, stat="ammunition", value=0)).accepted
    turn = _tactical_turn(battle)
    assert isinstance(turn[0].action, Move) and distance(turn[0].action.path[-1], Hex(0, 0)) == 6
    assert isinstance(turn[1].action, Reload)  # the Main action, once he can run no farther


def test_a_rook_who_is_not_panicked_is_not_cornered_into_anything():
    first = decide(_rook_to_act(Hex(6, 0), morale=8))  # Careful: fights as ever
    assert "cornered" not in first.reason
