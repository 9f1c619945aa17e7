"""The Authority focus (seed 002, Authority Focus; SWN core Authority, level 2): the one squad a
PC directly leads gets the PC's Lead skill on hit rolls and Morale and +1 on skill checks; the
PC switches squads as a free on-turn action."""

from dataclasses import replace

from game.actions import Attack, GmSetHealth, LeadSquad
from game.hexgrid import Hex
from game.systems.rulesets.swn.checks import check_parts
from game.systems.rulesets.swn.attackers import side_morale
from game.ui.modes import Board, Choose, Click, Command

from kit import battle_at, pass_turns_until, scene_of, texts, unit


def _battle(led_by: int | None = 1, authority: int = 2, first: int = 1, **options):
    """Captain Voss (Lead 2) leads the Rifles; the Lancers stand by; Rook is the enemy (AC 10)."""
    units = [unit(1, "pc_warrior", "pcs", Hex(-2, 0), name="Voss", authority=authority,
                  skills={"lead": 2, "shoot": 1}),
             replace(unit(2, "veteran_soldier", "allies", Hex(0, 0), count=5, name="Rifles", attack_bonus=0),
                     led_by=led_by),
             unit(3, "veteran_soldier", "allies", Hex(0, 2), count=4, name="Lancers", attack_bonus=0),
             unit(4, "thug", "enemies", Hex(3, 0), name="Rook", ac=10, hp=100)]
    return battle_at(units, first=first, **options)


def _volley_line(battle, squad: int, face: int) -> str:
    pass_turns_until(battle, squad)
    return texts(battle.submit(Attack(squad, target=4, faces=(face,))))[0]


def test_the_led_squad_adds_its_leaders_lead_to_hit():
    line = _volley_line(_battle(), 2, 6)  # 6 + 2 Authority = 8 vs 10: half
    assert line.startswith("Rifles fire as a squad at Rook with combat rifles: d20 6 +2 Authority = 8 vs 10: "
                           "half damage")


def test_an_unled_squad_gets_nothing():
    assert "d20 6 = 6 vs 10: no damage" in _volley_line(_battle(), 3, 6)


def test_a_leader_without_the_focus_at_level_2_buffs_no_one():
    assert "d20 6 = 6 vs 10: no damage" in _volley_line(_battle(authority=1), 2, 6)


def test_a_fallen_leader_buffs_no_one():
    battle = _battle()
    assert battle.submit(GmSetHealth(1, value=0)).accepted
    assert "d20 6 = 6 vs 10: no damage" in _volley_line(battle, 2, 6)


def test_the_led_squad_adds_lead_to_its_morale_and_1_to_skill_checks():
    scene = scene_of(_battle(modules=("morale",)))
    assert side_morale(scene, 2) == side_morale(scene, 3) + 2
    assert [m.text() for m in check_parts(scene, 2, "shoot", ("dex",))][-1] == "+1 Authority"
    assert all(m.name != "Authority" for m in check_parts(scene, 3, "shoot", ("dex",)))


def test_switching_the_led_squad_is_a_free_on_turn_action():
    battle = _battle()
    lines = texts(battle.submit(LeadSquad(1, target=3)))
    assert lines == ["Voss now leads Lancers: Authority gives it +2 to hit and to morale and +1 to skill checks."]
    assert battle.options(1).allowed("attack"), "the Main action is still there"
    assert "d20 6 = 6 vs 10" in _volley_line(battle, 2, 6)


def test_the_pc_is_offered_the_lead_of_each_friendly_squad_but_the_one_led():
    battle = _battle()
    assert [o.target for o in battle.options(1).allowed("lead_squad")] == [3]


def test_lead_squad_refusals():
    battle = _battle()
    assert battle.submit(LeadSquad(1, target=2)).reason == "Voss already leads Rifles"
    assert battle.submit(LeadSquad(1, target=4)).reason == "only a squad still in the fight can be led"
    unfocused = _battle(authority=0)
    assert unfocused.submit(LeadSquad(1, target=3)).reason == ("only a PC with the Authority focus at level 2 "
                                                               "can lead a squad (seed 002)")
    assert not unfocused.options(1).allowed("lead_squad")


def test_in_the_window_lead_squad_then_a_click_on_a_squad_takes_its_lead():
    battle = _battle()
    board = Board(battle.options(1), {c.hex: c for c in battle.combatants() if c.in_fight})
    mode = Command(1).handle(Choose("lead_squad"), board).mode
    assert mode.handle(Click(Hex(0, 2)), board).action == LeadSquad(1, target=3)
