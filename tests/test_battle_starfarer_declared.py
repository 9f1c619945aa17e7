"""Starfarer's optional rules for a phase, played through the facade: actions declared ahead
(the map property `declare_actions`), initiative modifiers and multiple actions (Seed 003,
3.2.1-3.2.3). Dice are scripted faces."""

from game.actions import Attack, Declare, EndTurn, Move
from game.players.plain import play
from game.battle import Battle
from game.events import ActionsDeclared, PhaseEnded, TaskAttacked
from game.hexgrid import Hex

from kit import scenario, unit
from starfarer_kit import phase_of

REYES, KITAI = 1, 2


def _battle(declare: bool = True, gap: int = 5) -> Battle:
    units = [unit(1, "marine", "pcs", Hex(0, 0), name="Reyes"), unit(2, "kitai", "enemies", Hex(gap, 0), name="Kitai")]
    settings = {"declare_actions": True} if declare else None
    return Battle.from_scenario(scenario(units, ruleset="starfarer", settings=settings), seed=4)



def test_before_the_first_roll_everyone_is_asked_to_declare_and_no_phase_has_begun():
    from game.prompts import DeclarationChance

    battle = _battle()
    asked = battle.pending()
    assert isinstance(asked, DeclarationChance) and asked.decider == REYES
    assert asked.question == "Before the first roll: declare Reyes's first phase?"
    assert [p.decider for p in battle.state.pending] == [REYES, KITAI]
    assert battle.combatant(REYES).action_points == 0 == battle.combatant(KITAI).action_points
    kinds = [o.kind for o in battle.options(REYES).allowed()]
    assert kinds[-1] == "hold" and "declare_2_attacks" in kinds
    assert not battle.submit(Move(REYES, path=(Hex(1, 0),))).accepted  # nothing but the answer


def test_a_declaration_before_the_roll_adds_its_modifier_to_the_rolled_points_and_shapes_the_first_phase():
    from game.actions import Hold

    battle = _battle()
    declared = battle.submit(Declare(REYES, attacks=2))  # the rifle's -1, before any die
    assert next(e for e in declared.events if isinstance(e, ActionsDeclared)).points == (0, -1)
    rolled = battle.submit(Hold(KITAI, faces=(6, 6)))  # the last answer rolls the points: d10 6 for each
    assert rolled.lines[:2] == ("Reyes rolls action points: 1d10+INITIATIVE+CARRIED: [6] +10 INITIATIVE -1 CARRIED = 15",
                                "Kitai rolls action points: 1d10+INITIATIVE+CARRIED: [6] +12 INITIATIVE +0 CARRIED = 18")
    assert battle.pending() is None and battle.current() == KITAI  # 18 before 15: Kitai's phase (18 - 10)
    assert (battle.combatant(KITAI).action_points, battle.combatant(REYES).action_points) == (8, 15)
    battle.submit(EndTurn(KITAI))
    assert battle.current() == REYES
    refused = battle.submit(Move(REYES, path=(Hex(1, 0),)))
    assert refused.reason == "not declared for this phase (declared: attack, attack)"


def test_declaring_two_rifle_attacks_adds_the_lowest_modifier_now_and_offers_their_costs():
    battle = _battle()
    phase_of(battle, REYES)
    option = next(o for o in battle.options(REYES).allowed("declare_2_attacks"))
    # The assault rifle's initiative modifier is -1: the lowest, -1, now; at the phase's end -1 for
    # each of the 2 actions and the other -1: -3 (Seed 003, 3.2.3).
    assert (option.attacks, option.ef_penalty, option.points_now, option.points_after) == (2, 1, -1, -3)
    before = battle.combatant(REYES).action_points
    declared = next(e for e in battle.submit(option.action).events if isinstance(e, ActionsDeclared))
    assert declared.points == (before, before - 1) and battle.combatant(REYES).action_points == before - 1
    refused = battle.submit(Declare(REYES, attacks=1))
    assert not refused.accepted and refused.reason == "the next phase's actions are already declared"


def test_a_phase_of_two_declared_attacks_takes_both_at_ef_minus_1_and_nothing_else():
    battle = _battle()
    phase_of(battle, REYES)
    declaration = battle.options(REYES).allowed("declare_2_attacks")[0]
    assert battle.submit(declaration.action).accepted
    battle.submit(EndTurn(REYES))
    phase_of(battle, REYES)
    # Short range (15 m, rating 4), EF 6 - 1 for the second action: (DEX 7, rifle 5) x 5 = 60 each.
    option = battle.options(REYES).allowed("attack")[0]
    assert option.odds.face_needed == 60 and [m.value for m in option.odds.target] == [6, -1]
    assert declaration.expected_damage == 2 * option.expected_damage > 0
    first = battle.submit(Attack(REYES, target=KITAI, faces=(99,)))
    assert next(e for e in first.events if isinstance(e, TaskAttacked)).task.ef == 5
    assert battle.submit(Attack(REYES, target=KITAI, faces=(99,))).accepted
    third = battle.submit(Attack(REYES, target=KITAI))
    assert not third.accepted and third.reason == "the declared actions are all taken"
    before = battle.combatant(REYES).action_points
    ended = next(e for e in battle.submit(EndTurn(REYES)).events if isinstance(e, PhaseEnded))
    assert (ended.performed, ended.points) == (2, (before, before - 3))


def test_a_phase_declared_for_attacks_refuses_a_move():
    battle = _battle()
    phase_of(battle, REYES)
    battle.submit(Declare(REYES, attacks=1))
    battle.submit(EndTurn(REYES))
    phase_of(battle, REYES)
    refused = battle.submit(Move(REYES, path=(Hex(1, 0),)))
    assert not refused.accepted and refused.reason == "not declared for this phase (declared: attack)"


def test_a_declared_move_and_attack_lets_the_character_do_both_and_costs_one_point_each():
    battle = _battle(gap=6)
    phase_of(battle, REYES)
    battle.submit(Declare(REYES, attacks=1, move=True))  # modifiers 0 (move) and -1 (rifle): -1 now
    battle.submit(EndTurn(REYES))
    phase_of(battle, REYES)
    assert battle.submit(Move(REYES, path=(Hex(1, 0),))).accepted
    assert battle.submit(Attack(REYES, target=KITAI, faces=(99,))).accepted
    before = battle.combatant(REYES).action_points
    ended = next(e for e in battle.submit(EndTurn(REYES)).events if isinstance(e, PhaseEnded))
    assert ended.points == (before, before - 2)  # -1 per action, + the other modifier (0)


def test_an_undeclared_phase_is_one_action_of_any_kind():
    battle = _battle()
    phase_of(battle, REYES)
    assert battle.submit(Move(REYES, path=(Hex(1, 0),))).accepted
    refused = battle.submit(Attack(REYES, target=KITAI))
    assert not refused.accepted and refused.reason == "the phase's action is already taken"


def test_without_the_map_property_nothing_is_declared():
    battle = _battle(declare=False)
    phase_of(battle, REYES)
    assert not [kind for kind in battle.options(REYES).kinds() if kind.startswith("declare")]
    refused = battle.submit(Declare(REYES, attacks=2))
    assert not refused.accepted and "declare_actions" in refused.reason


def test_the_computer_declares_multiple_attacks_when_they_pay_and_plays_to_the_end():
    # Laser and light pistols have no initiative modifier, so two attacks cost 12 points (the marines'
    # rifles, at -1, would cost 14: the computer weighs mean damage per action point).
    units = [unit(1, "kitai", "pcs", Hex(0, 0), name="Kitai"), unit(2, "kitai", "pcs", Hex(0, 2), name="Kenji"),
             unit(3, "pirate", "enemies", Hex(5, 0), name="Vane"), unit(4, "pirate", "enemies", Hex(5, 2), name="Gash")]
    battle = Battle.from_scenario(scenario(units, ruleset="starfarer", settings={"declare_actions": True}), seed=1)
    play(battle)
    assert battle.state.ended
    declared = [a for a in battle.actions if isinstance(a, Declare)]
    assert declared and all(1 <= a.attacks + a.move <= 3 for a in declared)
    assert any(isinstance(e, PhaseEnded) and e.performed > 1 for e in battle.log)


def test_the_windows_declare_buttons_take_the_declaration_at_once():
    from game.ui.modes import Board, Choose, Command
    from game.ui.answers import kind_label

    battle = _battle()
    phase_of(battle, REYES)
    step = Command(REYES).handle(Choose("declare_2_attacks"), Board(battle.options(REYES), {}))
    assert step.action == Declare(REYES, attacks=2) and kind_label("declare_2_attacks") == "Declare 2 attacks"
