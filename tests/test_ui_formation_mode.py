"""The formation mode without a screen: a squad's shapes under the mouse, cycled with "v",
taken with a click (a refused one says why), or painted hex by hex with "p"."""

from dataclasses import replace

from game.actions import MoveSquad
from game.hexgrid import Hex
from game.ui.modes import Board, Click, Command, Formation, Key

from kit import WALL, battle_at, unit

SQUAD = replace(unit(2, "veteran_soldier", "enemies", Hex(2, 0), count=6, name="Red squad"), footprint=(Hex(2, -1),))


def _board(battle, hover: Hex | None = None) -> Board:
    standing = {h: c for c in battle.combatants() if c.in_fight for h in c.footprint}
    return Board(battle.options(2), standing, battle.formations(2, hover) if hover else ())


def _battle(**options):
    return battle_at([unit(1, "pc_warrior", "pcs", Hex(-4, 0)), SQUAD], first=2, **options)


def test_v_starts_the_formation_mode_for_a_squad_and_cycles_the_shapes():
    battle = _battle()
    step = Command(2).handle(Key("v"), _board(battle))
    assert step.mode == Formation(2, size=2)
    board = _board(battle, Hex(1, 0))
    first = step.mode.shown(board)
    second = step.mode.handle(Key("v"), board).mode.shown(board)
    assert first != second and first.hex == second.hex == Hex(1, 0)


def test_a_click_takes_the_formation_shown_or_says_why_it_cannot():
    battle = _battle(terrain={Hex(1, 1): WALL, Hex(2, 1): WALL, Hex(1, -1): WALL, Hex(0, 1): WALL,
                              Hex(0, 0): WALL, Hex(1, -2): WALL})
    board = _board(battle, Hex(1, 0))
    mode = Formation(2, size=2)
    refused = next(i for i, o in enumerate(board.formations) if not o.allowed)
    step = Formation(2, refused, 2).handle(Click(Hex(1, 0)), board)
    assert step.action is None and "concrete wall" in step.message
    allowed = next(i for i, o in enumerate(board.formations) if o.allowed)
    taken = Formation(2, allowed, 2).handle(Click(Hex(1, 0)), board)
    assert isinstance(taken.action, MoveSquad) and taken.mode == Command(2)
    assert mode.handle(Key("escape"), board).mode == Command(2)


def test_painting_takes_the_move_once_every_hex_is_painted():
    battle = _battle()
    board = _board(battle)
    painting = Formation(2, size=2).handle(Key(" "), board).mode  # the space bar paints
    one = painting.handle(Click(Hex(1, 0)), board)
    assert one.action is None and one.message == "1 of 2 hexes painted: click 1 more"
    undone = one.mode.handle(Click(Hex(1, 0)), board)
    assert undone.mode.painted == ()
    two = one.mode.handle(Click(Hex(1, 1)), board)
    assert two.action == MoveSquad(2, hexes=(Hex(1, 0), Hex(1, 1)))
    assert battle.submit(two.action).accepted


def test_a_single_combatant_is_told_only_squads_move_in_formation():
    battle = battle_at([unit(1, "pc_warrior", "pcs", Hex(-4, 0)), SQUAD], first=1)
    standing = {h: c for c in battle.combatants() for h in c.footprint}
    step = Command(1).handle(Key("v"), Board(battle.options(1), standing))
    assert step.mode is None and step.message == "Only a squad spread over several hexes moves in formation"
