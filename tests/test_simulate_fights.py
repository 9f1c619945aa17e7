"""The simulator's fights: seeds from the run's seed and the fight's number, players by name,
results that do not depend on the workers, failures and Ctrl-C kept, morale breaks counted."""

import dataclasses
import gc
import signal
from pathlib import Path

import pytest

import game.simulate.fight as fight_module
import game.players.registry as policies
import game.simulate.runner as runner
from game.players.plain import choose_action
from game.battle import Battle, load_catalog
from game.simulate.fight import FightPlan, load_plan_scenario, play_fight
from game.simulate.runner import batches, run_fights
from game.simulate.seeds import fight_seed, policy_seed

BASELINE = Path(__file__).resolve().parent / "bad_maps" / "baseline.tmx"
"""A 1-against-1 skirmish (Sgt Kim against Thug A, enemies' morale 8): fights of a few rounds."""
ONE_ON_ONE = FightPlan(str(BASELINE), (("enemies", "computer"), ("pcs", "computer")), run_seed=7)


def test_a_fight_seed_is_fixed_by_the_run_seed_and_the_fight_number_alone():
    assert fight_seed(1, 0) == 4215923173971654960  # pinned: a change here changes every report
    assert fight_seed(1, 0) == fight_seed(1, 0)
    assert len({fight_seed(1, i) for i in range(1000)}) == 1000
    assert fight_seed(2, 0) != fight_seed(1, 0)
    assert 0 <= fight_seed(123456789, 99) < 2 ** 63


def test_each_sides_player_draws_from_a_stream_of_its_own():
    streams = {fight_seed(1, 5), policy_seed(1, 5, 1), policy_seed(1, 5, 2), policy_seed(1, 6, 1)}
    assert len(streams) == 4


def test_the_random_player_takes_only_legal_options_and_the_same_seed_chooses_the_same():
    def choices(seed):
        battle = Battle.from_scenario(_scenario(ONE_ON_ONE), 3)
        player, taken = policies.make_policy("random", seed), []
        while len(taken) < 40 and not battle.state.ended:
            actor = policies.acting(battle)
            action = player(battle)
            assert action in {o.action for o in battle.options(actor).allowed()}
            assert battle.submit(action).accepted
            taken.append(action)
        return taken

    assert choices(11) == choices(11)
    assert choices(11) != choices(12)


def test_an_unknown_player_is_named_with_the_known_ones():
    with pytest.raises(KeyError, match="known: computer, random, tactical"):
        policies.make_policy("tactician", 1)


def test_a_fight_ends_with_a_winner_the_losers_units_all_lost_and_the_winner_deciding():
    result = play_fight(_scenario(ONE_ON_ONE), load_catalog(), ONE_ON_ONE, 0)
    assert not result.failed and result.winner in ("pcs", "enemies") and result.rounds >= 1
    loser = "enemies" if result.winner == "pcs" else "pcs"
    assert [(l.side, l.lost, l.fielded) for l in result.losses if l.side == loser] == [(loser, 1, 1)]
    winner_name = {"pcs": "Sgt Kim", "enemies": "Thug A"}[result.winner]
    assert result.decider is not None and result.decider.name == winner_name


def test_the_round_limit_makes_an_unfinished_fight_a_draw():
    plan = dataclasses.replace(ONE_ON_ONE, max_rounds=1)
    results = [play_fight(_scenario(plan), load_catalog(), plan, i) for i in range(6)]
    unfinished = [r for r in results if r.unfinished]
    assert unfinished, "some 1-round fights must still be going"
    assert all(r.winner is None and r.rounds == 1 for r in unfinished)


def test_the_same_plan_gives_identical_results_here_and_in_two_worker_processes():
    here = run_fights(ONE_ON_ONE, 6, jobs=1)
    workers = run_fights(ONE_ON_ONE, 6, jobs=2)
    assert here == workers
    assert [r.index for r in here.results] == list(range(6))


def test_batches_cover_every_fight_once_in_order():
    for runs, workers in ((1, 2), (7, 2), (1000, 2), (33, 5)):
        assert [i for batch in batches(runs, workers) for i in batch] == list(range(runs))
        assert max(len(b) for b in batches(runs, workers)) <= 8


def test_a_fight_that_raises_is_kept_with_its_error_and_the_actions_before_it(monkeypatch):
    _add_player(monkeypatch, "faulty", _faulty)
    plan = dataclasses.replace(ONE_ON_ONE, policies=(("enemies", "computer"), ("pcs", "faulty")))
    result = play_fight(_scenario(plan), load_catalog(), plan, 0)
    assert result.failed and result.winner is None
    assert result.error.startswith("ZeroDivisionError: the faulty player's third action")
    assert "(at game/simulate/fight.py:" in result.error  # where in hexbattle it surfaced
    assert len(result.actions) >= 2


def test_ctrl_c_keeps_the_fights_done_and_says_the_run_was_interrupted(monkeypatch):
    real = fight_module.play_fight

    def stop_at_three(scenario, catalog, plan, index, *start):
        if index == 3:
            raise KeyboardInterrupt
        return real(scenario, catalog, plan, index, *start)

    monkeypatch.setattr("game.simulate.runner.play_fight", stop_at_three)
    run = run_fights(ONE_ON_ONE, 10)
    assert run.interrupted and run.requested == 10
    assert [r.index for r in run.results] == [0, 1, 2]


def test_morale_broke_when_a_successful_intimidation_drops_the_enemies_into_tactical_retreat(monkeypatch):
    # Seed 002, Intimidate: each success costs the side 1 morale; 8 -> 5 is Tactical Retreat.
    _add_player(monkeypatch, "intimidator", _intimidator)
    plan = dataclasses.replace(ONE_ON_ONE, policies=(("enemies", "computer"), ("pcs", "intimidator")))
    results = [play_fight(_scenario(plan), load_catalog(), plan, i) for i in range(4)]
    long_enough = [r for r in results if r.rounds >= 4]
    assert long_enough and all(r.broke == ("enemies",) for r in long_enough)
    ordinary = play_fight(_scenario(ONE_ON_ONE), load_catalog(), ONE_ON_ONE, 0)
    assert ordinary.broke == ()


def _scenario(plan):
    return load_plan_scenario(plan, load_catalog())


def _add_player(monkeypatch, name, make):
    table = {**policies.POLICIES, name: policies.PolicyEntry(name, "a test player", make)}
    monkeypatch.setattr(policies, "POLICIES", table)


def _faulty(seed):
    """Plays as the computer would, and raises on its third action."""
    count = []

    def choose(battle):
        count.append(1)
        if len(count) == 3:
            raise ZeroDivisionError("the faulty player's third action")
        return choose_action(battle)

    return choose


def _intimidator(seed):
    """Intimidates whenever it may, rolling 6 and 6 at the table (a sure success)."""
    def choose(battle):
        actor = policies.acting(battle)
        if battle.pending() is None:
            found = battle.options(actor, groups=("morale",)).allowed("intimidate")
            if found:
                return dataclasses.replace(found[0].action, faces=(6, 6))
        return choose_action(battle)

    return choose


def test_a_worker_sets_its_start_up_aside_from_the_collector_and_collects_young_objects_less_often():
    threshold, on_ctrl_c = gc.get_threshold(), signal.getsignal(signal.SIGINT)
    try:
        runner._start_worker(ONE_ON_ONE)
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == runner.YOUNG_COLLECTION > threshold[0]
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)
        signal.signal(signal.SIGINT, on_ctrl_c)
        runner._WORKER.clear()
