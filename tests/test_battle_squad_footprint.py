"""Squad footprints through the facade (Seed 002, Squad Size and Squad Combat Notes; Ruling:
Squads): one hex per three units in one connected group, moving in formation, closing ranks as
units fall, cover only when all of it is covered, and blasts multiplied by the units they reach."""

from dataclasses import replace

from game.actions import EndTurn, GmPlace, GmSetHealth, Hold, Move, MoveSquad, Regroup, ThrowGrenade
from game.components import Health, Squad
from game.events import BlastStruck, FootprintChanged
from game.hexgrid import Hex
from game.prompts import FootprintChoice, OverwatchChance
from game.rules.formation import connected
from game.systems.combat import plan_attack
from game.systems.footprint import footprint

from kit import FOREST, WALL, battle_at, pass_turns_until, scene_of, unit

ANA = unit(1, "pc_warrior", "pcs", Hex(-4, 0), name="Ana", weapon="frag_grenade")
RIFLE = unit(1, "pc_warrior", "pcs", Hex(-4, 0), name="Ana", weapon="laser_rifle")


def _squad(count: int, at: Hex, rest: tuple[Hex, ...] = (), side: str = "enemies", object_id: int = 2):
    return replace(unit(object_id, "veteran_soldier", side, at, count=count, name="Red squad"), footprint=rest)


def _hexes(battle, entity: int = 2) -> tuple[Hex, ...]:
    return footprint(battle.world, entity)


# -- deploying ------------------------------------------------------------------------------
def test_a_squad_of_seven_stands_on_three_connected_hexes_nearest_its_own():
    battle = battle_at([ANA, _squad(7, Hex(2, 0))])
    hexes = _hexes(battle)
    assert hexes[0] == Hex(2, 0) and len(hexes) == 3 and connected(hexes)
    assert all(battle.world.at(h) == 2 for h in hexes)


def test_a_squad_of_three_stands_on_one_hex_and_one_of_four_on_two():
    assert len(_hexes(battle_at([ANA, _squad(3, Hex(2, 0))]))) == 1
    assert len(_hexes(battle_at([ANA, _squad(4, Hex(2, 0))]))) == 2


def test_a_squad_flows_around_walls_and_others_when_it_deploys():
    walls = {h: WALL for h in (Hex(1, 0), Hex(1, 1), Hex(2, -1), Hex(3, -1))}
    battle = battle_at([ANA, _squad(9, Hex(2, 0)), unit(3, "thug", "enemies", Hex(3, 0))], terrain=walls)
    hexes = _hexes(battle)
    assert len(hexes) == 3 and connected(hexes) and not set(hexes) & (set(walls) | {Hex(3, 0)})


def test_the_map_may_give_the_squad_its_hexes():
    battle = battle_at([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    assert _hexes(battle) == (Hex(2, 0), Hex(2, -1))


# -- moving in formation ----------------------------------------------------------------------
def _squad_turn(units, **options):
    battle = battle_at(units, first=2, **options)
    return battle


def test_a_squad_moves_into_a_line_and_the_log_says_where():
    battle = _squad_turn([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    line = next(o for o in battle.formations(2, Hex(1, 0)) if o.formation == "line" and o.allowed)
    outcome = battle.submit(line.action)
    assert outcome.accepted, outcome.reason
    assert set(_hexes(battle)) == set(line.hexes) and _hexes(battle)[0] == Hex(1, 0)
    moved = next(e for e in outcome.events if isinstance(e, FootprintChanged))
    assert moved.how == "move" and moved.formation == "line"
    assert "Red squad moves in a line to" in outcome.lines[0]


def test_formations_cut_in_two_are_refused_with_the_reason():
    battle = _squad_turn([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    outcome = battle.submit(MoveSquad(2, hexes=(Hex(1, 0), Hex(3, 1))))
    assert not outcome.accepted
    assert outcome.reason.startswith("cannot move there: ")
    assert "is cut off from the rest: a squad's hexes must be one connected group" in outcome.reason


def test_blocked_short_and_distant_formations_are_refused_with_the_reason():
    battle = _squad_turn([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),)), unit(3, "thug", "pcs", Hex(0, 0))],
                         terrain={Hex(1, 1): WALL})
    assert "is held by thug 3" in battle.submit(MoveSquad(2, hexes=(Hex(1, 0), Hex(0, 0)))).reason
    assert "cannot be entered (concrete wall)" in battle.submit(MoveSquad(2, hexes=(Hex(1, 0), Hex(1, 1)))).reason
    assert "covers 2 hexes now; 1 were given" in battle.submit(MoveSquad(2, hexes=(Hex(1, 0),))).reason
    far = battle.submit(MoveSquad(2, hexes=(Hex(-3, 0), Hex(-3, 1)))).reason
    assert "is beyond the squad's movement (4 movement points)" in far or "beyond the squad's movement" in far


def test_the_formation_list_gives_every_shape_and_says_why_some_cannot_be_taken():
    battle = _squad_turn([ANA, _squad(12, Hex(2, 0), (Hex(2, -1), Hex(3, -1), Hex(3, 0)))],
                         terrain={Hex(1, -1): WALL})
    offered = battle.formations(2, Hex(1, 0))
    assert {"line", "column", "wedge"} <= {o.formation for o in offered}  # a blob shaped like one is not repeated
    assert any(o.allowed for o in offered)
    assert any("concrete wall" in o.refused for o in offered if not o.allowed)
    assert all(len(o.hexes) == 4 and connected(o.hexes) for o in offered)
    assert battle.formations(1, Hex(1, 0)) == ()  # only the squad, on its turn


def test_a_plain_move_option_carries_the_squads_shape_and_a_walked_path_is_refused():
    battle = _squad_turn([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    moves = battle.options(2, groups=("move",)).allowed("move")
    assert moves and all(isinstance(o.action, MoveSquad) and len(o.hexes) == 2 for o in moves)
    refused = battle.submit(Move(2, path=(Hex(1, 0),)))
    assert "a squad spread over 2 hexes cannot walk a single path" in refused.reason


def test_overwatch_is_asked_when_a_hex_the_squad_enters_lies_in_the_wedge():
    from game.actions import SetOverwatch

    units = [RIFLE, _squad(6, Hex(2, 0), (Hex(2, -1),))]
    battle = battle_at(units, first=1)
    assert battle.submit(SetOverwatch(1, facing=0)).accepted
    pass_turns_until(battle, 2)
    outcome = battle.submit(MoveSquad(2, hexes=(Hex(0, 0), Hex(1, 0))))
    assert outcome.accepted, outcome.reason
    prompt = battle.pending()
    assert isinstance(prompt, OverwatchChance) and prompt.decider == 1 and prompt.mover == 2


# -- cover and blasts ---------------------------------------------------------------------------
def test_a_squad_half_in_the_forest_gets_no_concealment_all_in_it_does():
    units = [RIFLE, _squad(6, Hex(2, 0), (Hex(2, -1),))]
    half = battle_at(units, terrain={Hex(2, 0): FOREST})
    assert plan_attack(scene_of(half), 1, 2).cover.concealment_bonus == 0
    whole = battle_at(units, terrain={Hex(2, 0): FOREST, Hex(2, -1): FOREST})
    assert plan_attack(scene_of(whole), 1, 2).cover.concealment_bonus == 4  # mostly obscured


def test_a_blast_on_one_of_three_hexes_reaches_three_of_nine_units():
    # 9 units over 3 hexes; the blast at (4, 0) covers only (3, 0). Faces: throw 10, 2d6 = 3+3, save 2.
    squad = _squad(9, Hex(3, 0), (Hex(3, -1), Hex(3, -2)))
    battle = battle_at([replace(ANA, hex=Hex(0, 0)), squad])
    outcome = battle.submit(ThrowGrenade(1, at=Hex(4, 0), faces=(10, 3, 3, 2)))
    struck = next(e for e in outcome.events if isinstance(e, BlastStruck))
    assert struck.units == 3 and struck.hit.damage == 18  # 6 a unit, three units
    assert "(3 units reached: damage x3)" in battle.describe(struck)


def test_a_blast_over_the_whole_squad_reaches_every_unit():
    squad = _squad(6, Hex(3, 0), (Hex(3, -1),))
    battle = battle_at([replace(ANA, hex=Hex(0, 0)), squad])
    outcome = battle.submit(ThrowGrenade(1, at=Hex(3, 0), faces=(10, 3, 3, 2)))
    struck = next(e for e in outcome.events if isinstance(e, BlastStruck))
    assert struck.units == 6 and struck.hit.damage == 36


# -- closing ranks ---------------------------------------------------------------------------------
def test_losing_units_closes_ranks_and_the_owner_may_choose_another_hex_to_keep():
    squad = _squad(6, Hex(2, 0), (Hex(2, -1),))
    battle = battle_at([ANA, squad])
    outcome = battle.submit(GmSetHealth(2, value=18))
    assert outcome.accepted, outcome.reason
    assert battle.world.get(2, Squad).units == 2 and _hexes(battle) == (Hex(2, 0),)
    assert any(isinstance(e, FootprintChanged) and e.how == "shrink" for e in outcome.events)
    prompt = battle.pending()
    assert isinstance(prompt, FootprintChoice) and prompt.decider == 2
    answers = battle.options(2)
    other = answers.allowed("regroup")[0]
    assert other.hexes == (Hex(2, -1),)
    assert battle.submit(Regroup(2, hexes=(Hex(2, -1),))).accepted
    assert _hexes(battle) == (Hex(2, -1),) and battle.world.at(Hex(2, 0)) is None


def test_holding_keeps_the_engines_choice():
    battle = battle_at([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    battle.submit(GmSetHealth(2, value=18))
    assert battle.submit(Hold(2)).accepted
    assert battle.pending() is None and _hexes(battle) == (Hex(2, 0),)


def test_units_coming_back_spread_the_squad_out_again():
    battle = battle_at([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    battle.submit(GmSetHealth(2, value=18))
    battle.submit(Hold(2))
    grown = battle.submit(GmSetHealth(2, value=36))
    assert any(isinstance(e, FootprintChanged) and e.how == "grow" for e in grown.events)
    assert len(_hexes(battle)) == 2 and connected(_hexes(battle))


def test_the_gm_sets_a_squad_down_in_its_own_shape():
    battle = battle_at([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    assert battle.submit(GmPlace(2, to=Hex(0, 2))).accepted
    assert _hexes(battle) == (Hex(0, 2), Hex(0, 1))


def test_a_fallen_squad_frees_every_hex():
    battle = battle_at([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),)), unit(3, "thug", "enemies", Hex(5, 0))])
    battle.submit(GmSetHealth(2, value=0))
    assert battle.world.at(Hex(2, 0)) is None and battle.world.at(Hex(2, -1)) is None
    assert battle.world.get(2, Health).current == 0
    assert battle.submit(EndTurn(1)).accepted


def test_the_computer_plays_the_squad_map_to_the_end_moving_both_squads_in_formation():
    from pathlib import Path

    from game.players.plain import play
    from game.savefile import battle_from_map

    battle = battle_from_map(Path(__file__).resolve().parent.parent / "maps" / "squad_ridge.tmx", seed=4)
    squads = {c.id for c in battle.combatants() if c.squad_units is not None}
    assert len(squads) == 2 and all(len(c.footprint) == 3 for c in battle.combatants() if c.id in squads)
    play(battle)
    assert battle.state.ended
    changes = [e for e in battle.log if isinstance(e, FootprintChanged)]
    assert {e.actor for e in changes if e.how == "move"} == squads
    assert any(e.how == "shrink" for e in changes)


def test_a_second_loss_asks_again_and_a_fallen_squad_is_not_asked_at_all():
    from game.systems.wounds import take_damage

    battle = battle_at([ANA, _squad(12, Hex(2, 0), (Hex(2, -1), Hex(3, -1), Hex(3, 0)))])
    scene = scene_of(battle)  # two blows inside one action, as overflow or a blast may deal
    take_damage(scene, 2, 40)  # 108 -> 68 HP: 8 units, 3 hexes
    take_damage(scene, 2, 40)  # 28 HP: 4 units, 2 hexes
    asked = [p for p in scene.pending if isinstance(p, FootprintChoice)]
    assert len(asked) == 1 and all(len(c) == 2 for c in asked[0].choices)
    take_damage(scene, 2, 40)
    assert scene.pending == [] and scene.world.at(Hex(2, 0)) is None


def test_a_formation_that_is_not_one_is_refused():
    battle = _squad_turn([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    refused = battle.submit(MoveSquad(2, hexes=(Hex(1, 0), Hex(1, -1)), formation="phalanx"))
    assert refused.reason == "'phalanx' is not a formation: line, column, wedge, blob, or \"\" for hexes painted one by one"


def test_a_decision_about_hexes_is_answered_with_a_click_on_one_of_them():
    from game.ui.modes import Answer, Board, Click

    battle = battle_at([ANA, _squad(6, Hex(2, 0), (Hex(2, -1),))])
    battle.submit(GmSetHealth(2, value=18))
    step = Answer(2).handle(Click(Hex(2, -1)), Board(battle.options(2)))
    assert step.action == Regroup(2, hexes=(Hex(2, -1),))


def test_a_grenade_at_a_squad_half_in_smoke_is_against_plain_ac_10():
    from fractions import Fraction

    from game.systems.grenades import grenade_preview

    from kit import SMOKE

    squad = _squad(6, Hex(3, 0), (Hex(3, -1),))
    half = battle_at([replace(ANA, hex=Hex(0, 0)), squad], terrain={Hex(3, 0): SMOKE})
    whole = battle_at([replace(ANA, hex=Hex(0, 0)), squad], terrain={Hex(3, 0): SMOKE, Hex(3, -1): SMOKE})
    assert grenade_preview(scene_of(half), 1, Hex(3, 0)).chance == Fraction(15, 20)  # d20 + 4 vs 10
    assert grenade_preview(scene_of(whole), 1, Hex(3, 0)).chance == Fraction(11, 20)  # vs 10 + 4 (mostly obscured)


def test_a_squad_fight_saved_with_formation_moves_and_regroups_replays_to_the_same_state(tmp_path):
    import shutil
    from pathlib import Path

    from game.players.plain import choose_action
    from game.savefile import battle_from_map, read_save, write_save

    root = Path(__file__).resolve().parent.parent
    shutil.copytree(root / "maps", tmp_path / "maps")
    shutil.copytree(root / "assets", tmp_path / "assets")
    battle = battle_from_map(tmp_path / "maps" / "squad_ridge.tmx", seed=11)
    for _ in range(60):
        if battle.state.ended:
            break
        prompt = battle.pending()
        regroups = battle.options(prompt.decider).allowed("regroup") if prompt is not None else ()
        battle.submit(regroups[-1].action if regroups else choose_action(battle))
    kinds = {a.kind for a in battle.actions}
    assert {"move_squad", "regroup"} <= kinds
    write_save(battle, tmp_path / "ridge.json")
    loaded = read_save(tmp_path / "ridge.json")
    assert loaded.stopped_at is None and loaded.battle.state == battle.state
