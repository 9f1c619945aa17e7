"""Modes read how each option is aimed (`Option.aim`), so every option aimed at a combatant,
one lying down included, is taken by a click on its hex; and a click that takes nothing says so
in a player's words, from the options' own refusals."""

from game.actions import Attack, Charge, Hold, Stabilise
from game.battle import Battle
from game.hexgrid import Hex
from game.options import AT_ONCE, AT_TARGET
from game.ui.modes import Board, ChargeEnd, Click, Command, Key

from kit import WALL, battle_at, pass_turns_until, scenario, unit


def board_of(battle, actor):
    """The board as the window builds it (`TableApp.board`): who stands on each hex, who lies on
    each hex out of the fight, and the facade's reason a hex cannot be moved to."""
    everyone = battle.combatants()
    standing = {h: c for c in everyone if c.in_fight and c.hex is not None for h in (c.footprint or (c.hex,))}
    fallen: dict = {}
    for c in everyone:
        if not c.in_fight and c.hex is not None:
            fallen[c.hex] = fallen.get(c.hex, ()) + (c,)
    return Board(battle.options(actor), standing, (), fallen, lambda h: battle.move_refusal(actor, h))


def _kit_down() -> Battle:
    """Rook shoots Kit down (mortally wounded); then it is Mira's turn, beside Kit."""
    units = [unit(1, "thug", "enemies", Hex(0, 0), name="Rook"), unit(2, "pc_warrior", "pcs", Hex(1, 0), name="Kit", hp=2),
             unit(3, "pc_expert", "pcs", Hex(2, 0), name="Mira")]
    battle = Battle.from_scenario(scenario(units), seed=4)
    pass_turns_until(battle, 1)
    assert battle.submit(Attack(1, target=2)).accepted
    assert battle.submit(Hold(3, faces=(20, 6))).accepted
    pass_turns_until(battle, 3)
    assert not battle.combatant(2).in_fight and battle.combatant(2).down == "mortally wounded"
    return battle


def test_a_click_on_a_downed_ally_in_stabilise_mode_stabilises_her():
    battle = _kit_down()
    board = board_of(battle, 3)
    mode = Command(3).handle(Key("k"), board).mode
    assert mode == Command(3, "stabilise")
    assert mode.handle(Click(Hex(1, 0)), board).action == Stabilise(3, target=2)


def test_the_options_aimed_at_a_combatant_say_so_and_name_it_in_target():
    battle = _kit_down()
    options = battle.options(3)
    stabilise = options.allowed("stabilise")[0]
    assert stabilise.aim == AT_TARGET and stabilise.target == 2
    assert options.allowed("end_turn")[0].aim == AT_ONCE


def test_every_aim_names_a_field_of_its_option_holding_a_hex_a_combatant_or_a_side():
    battle = _kit_down()
    for actor in (1, 3):
        for option in battle.options(actor).allowed():
            aim = option.aim
            if aim.at in ("once", "facing"):
                continue
            named = getattr(option, aim.field)
            kinds = {"hex": (Hex, tuple), "combatant": (int,), "side": (str,)}[aim.at]
            assert isinstance(named, kinds), (option.kind, aim, named)


def test_a_move_out_of_reach_says_how_much_movement_it_needs_and_how_much_is_left():
    battle = battle_at([unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
                        unit(2, "pc_warrior", "pcs", Hex(4, 0), name="Ana")], first=1, seed=3)
    step = Command(1).handle(Click(Hex(-5, 0)), board_of(battle, 1))
    assert step.action is None and step.message == "Voss can't move there: 5 movement needed, 3 left"


def test_a_move_onto_an_ally_or_into_a_wall_says_what_stands_in_the_way():
    units = [unit(1, "pc_warrior", "pcs", Hex(0, 0), name="Vask"), unit(2, "pc_expert", "pcs", Hex(1, 0), name="Lune"),
             unit(3, "thug", "enemies", Hex(5, -5), name="Thug 8")]
    battle = battle_at(units, first=1, seed=3, terrain={Hex(0, 1): WALL})
    board = board_of(battle, 1)
    assert Command(1).handle(Click(Hex(1, 0)), board).message == (
        "Vask can't move there: Lune stands there (allies are passed, not stopped on)")
    assert Command(1).handle(Click(Hex(0, 1)), board).message == "Vask can't move there: nobody can enter that hex"


def test_a_refused_attack_at_the_clicked_enemy_says_who_cannot_attack_whom_and_why():
    knifer = unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss", weapon="knife")
    battle = battle_at([knifer, unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana")], first=1, seed=3)
    step = Command(1).handle(Click(Hex(3, 0)), board_of(battle, 1))
    assert step.action is None and step.message.startswith("Voss can't attack Ana: melee weapons reach only")


def test_a_click_on_an_empty_hex_in_a_targeted_mode_names_who_can_be_picked():
    battle = battle_at([unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
                        unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana")], first=1, seed=3)
    step = Command(1, "aimed_attack").handle(Click(Hex(0, 2)), board_of(battle, 1))
    assert step.action is None and step.message == "Pick someone to make an aimed attack: Ana"


def test_a_charge_is_aimed_at_its_target_then_at_an_end_hex_and_says_so_when_missed():
    battle = battle_at([unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
                        unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana")], first=1, seed=3)
    board = board_of(battle, 1)
    picked = Command(1, "charge").handle(Click(Hex(3, 0)), board)
    assert picked.mode == ChargeEnd(1, 2)
    assert picked.mode.handle(Click(Hex(-3, 0)), board).message == (
        "Click one of the marked hexes beside Ana to end the charge there")
    end = next(o for o in board.options.allowed("charge") if o.target == 2)
    assert picked.mode.handle(Click(end.hex), board).action == Charge(1, target=2, path=end.path)


def test_a_refusal_names_the_first_three_targets_and_counts_the_rest():
    from game.ui.refusals import pick

    assert pick("attack", ["Kell", "Thug 8", "Thug 9", "Thug 11", "Boomer"]) == (
        "Pick someone to attack: Kell, Thug 8, Thug 9 or 2 more")
    assert pick("stabilise", ["Dax"]) == "Pick someone to stabilise: Dax"
