"""Input modes: a click, a key or a button becomes the action the facade offers, and nothing else."""

from game.actions import Attack, Charge, EndTurn, Hold, Move, OverwatchFire, SetOverwatch
from game.hexgrid import Hex
from game.ui.modes import AimOverwatch, Answer, Board, ChargeEnd, Choose, Click, Command, Key, facing_action

from kit import battle_at, pass_turns_until, unit

SOLDIER = unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss")
ANA = unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana")


def _board(battle, actor):
    standing = {c.hex: c for c in battle.combatants() if c.in_fight}
    return Board(battle.options(actor), standing)


def test_a_click_on_a_reachable_hex_moves_there_and_on_an_enemy_attacks_it():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    board, mode = _board(battle, 1), Command(1)
    step = mode.handle(Click(Hex(0, 2)), board)
    assert isinstance(step.action, Move) and step.action.path[-1] == Hex(0, 2)
    assert mode.handle(Click(Hex(3, 0)), board).action == Attack(1, target=2)


def test_a_click_where_nothing_can_be_done_says_why_and_submits_nothing():
    knifer = unit(1, "veteran_soldier", "enemies", Hex(0, 0), weapon="knife")
    battle = battle_at([knifer, ANA], first=1, seed=3)
    step = Command(1).handle(Click(Hex(3, 0)), _board(battle, 1))
    assert step.action is None and "melee weapons reach only an adjacent hex" in step.message


def test_keys_choose_the_kind_and_escape_or_right_click_go_back():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    board = _board(battle, 1)
    aimed = Command(1).handle(Key("i"), board).mode
    assert aimed == Command(1, "aimed_attack")
    assert aimed.handle(Click(Hex(3, 0)), board).action == Attack(1, target=2, aimed=True)
    assert aimed.handle(Key("escape"), board).mode == Command(1)
    assert aimed.handle(Click(Hex(3, 0), button=3), board).mode == Command(1)


def test_kinds_without_a_target_are_taken_at_once():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    assert Command(1).handle(Key("e"), _board(battle, 1)).action == EndTurn(1)
    assert Command(1).handle(Choose("go_prone"), _board(battle, 1)).action.kind == "go_prone"


def test_a_charge_takes_the_target_then_the_end_hex():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    board = _board(battle, 1)
    step = Command(1).handle(Choose("charge"), board)
    picked = step.mode.handle(Click(Hex(3, 0)), board)
    assert picked.mode == ChargeEnd(1, 2)
    end = next(o for o in board.options.allowed("charge") if o.target == 2)
    run = picked.mode.handle(Click(end.hex), board)
    assert run.action == Charge(1, target=2, path=end.path)


def test_overwatch_faces_the_clicked_hex_a_direction_when_it_lies_on_one():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    board = _board(battle, 1)
    mode = Command(1).handle(Key("o"), board).mode
    assert mode == AimOverwatch(1)
    assert mode.handle(Click(Hex(3, 0)), board).action == SetOverwatch(1, facing=0)
    tilted = mode.handle(Click(Hex(2, -1)), board).action
    assert tilted.angle is not None and 0 < tilted.angle < 60
    assert facing_action(1, Hex(0, 0), Hex(2, -2)) == SetOverwatch(1, facing=1)
    assert facing_action(1, Hex(0, 0), Hex(0, -3)) == SetOverwatch(1, facing=2)


def test_a_refused_kind_is_explained_instead_of_chosen():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    battle.submit(Attack(1, target=2, faces=(2,)))
    step = Command(1).handle(Key("a"), _board(battle, 1))
    assert step.mode is None and step.message == (
        "Voss can't attack: the Main action is already used this turn. Still: move (m), end the turn (e).")


def test_an_open_decision_is_answered_with_its_buttons_or_keys():
    runner = unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana")
    battle = battle_at([SOLDIER, runner], first=1, seed=11, radius=8)
    battle.submit(SetOverwatch(1, facing=0))
    pass_turns_until(battle, 2)
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    board = _board(battle, 1)
    assert Answer(1).handle(Choose("overwatch_fire"), board).action == OverwatchFire(1, target=2)
    assert Answer(1).handle(Key("escape"), board).action == Hold(1, for_this_move=True)
