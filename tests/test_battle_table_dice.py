"""Dice rolled at the table: `submit(action, typed_only=True)` takes every die from the typed
faces and, when they run out, asks for the next die by its size and what it is for."""

from game.actions import Attack, from_json, to_json
from game.battle import Battle
from game.components import Health
from game.hexgrid import Hex

from kit import battle_at, unit

SOLDIER_VS_PC = [unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Sgt Voss"),
                 unit(2, "pc_warrior", "pcs", Hex(5, 0), name="Ana")]


def _battle() -> Battle:
    return battle_at(SOLDIER_VS_PC, 1, seed=3)


def test_an_attack_with_no_faces_asks_for_the_d20_and_changes_nothing():
    battle = _battle()
    before = battle.state
    outcome = battle.submit(Attack(1, target=2), typed_only=True)
    assert not outcome.accepted and outcome.needs == 20
    assert outcome.reason == "roll a d20 for Sgt Voss's attack on Ana and type its face"
    assert battle.state == before


def test_a_hit_then_asks_for_the_damage_die():
    outcome = _battle().submit(Attack(1, target=2, faces=(14,)), typed_only=True)
    assert not outcome.accepted and outcome.needs == 12  # the soldier's rifle: 1d12 damage
    assert outcome.reason.endswith("type its face (die 2 of this action)")


def test_a_miss_needs_only_the_d20():
    battle = _battle()
    assert battle.submit(Attack(1, target=2, faces=(13,)), typed_only=True).accepted


def test_a_full_set_of_faces_is_accepted_and_equals_the_same_faces_without_typed_only():
    table, program = _battle(), _battle()
    faces = (14, program.submit(Attack(1, target=2, faces=(14,)), typed_only=True).needs)
    assert table.submit(Attack(1, target=2, faces=faces), typed_only=True).accepted
    assert program.submit(Attack(1, target=2, faces=faces)).accepted
    assert table.state == program.state and table.log_lines() == program.log_lines()
    assert table.world.get(2, Health).current < 18


def test_table_dice_leave_the_seeded_stream_untouched_and_replay_exactly():
    battle = _battle()
    rng = battle.state.rng
    faces: tuple[int, ...] = ()
    while not (outcome := battle.submit(Attack(1, target=2, faces=faces), typed_only=True)).accepted:
        faces += (outcome.needs,)  # the highest face each time
    assert battle.state.rng == rng
    replay = Battle.from_scenario(battle.scenario, battle.seed, battle.catalog)
    for action in battle.actions:
        assert replay.submit(from_json(to_json(action))).accepted
    assert replay.state == battle.state


def test_typed_faces_left_over_still_refuse_the_action():
    outcome = _battle().submit(Attack(1, target=2, faces=(13, 4)), typed_only=True)
    assert not outcome.accepted and outcome.needs is None and "not needed" in outcome.reason
