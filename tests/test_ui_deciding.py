"""An open decision on the map (`game.ui.deciding`): the one who decides wears the acting mark, not
the one whose turn it is, so the room finds who decides at once; what the decision is about is
drawn from the prompt's own fields (the attack a protector may step into, the mover an overwatch
may fire at, the roll a hero point was spent on, the hexes a squad may keep, named as its answers
name them); the table keeps a hidden decider's secret."""

from __future__ import annotations

from tests.ui_kit import at_a_protect_decision, colour  # noqa: F401  (the dummy video driver first)

import pygame  # noqa: E402

from game.actions import Attack, GmSetHidden, SpendHeroPoint
from game.players.plain import choose_action
from game.hexgrid import Hex
from game.prompts import FootprintChoice
from game.savefile import battle_from_map
from game.scenario.summary import MAPS_DIR
from game.ui.board import Board
from game.ui.deciding import Stake, marked, stake, table_stake
from game.ui.look import PAPER, TARGET, band_width, text_height
from game.ui.render import fitted_camera, render_frame
from game.ui.tokens import Tokens

from tests.kit import at_an_overwatch_shot, battle_at, unit

SIZE = (1920, 1080)


def _named(battle, name: str):
    return next(c for c in battle.combatants() if c.name == name)


def _band(image, camera, centre: Hex, light: tuple[int, int, int]) -> int:
    """How many of 16 points around a token, on the light band of its mark, are of `light`."""
    radius = Tokens("table").radius(camera, text_height(SIZE[1]))
    band = band_width(radius)
    middle = round(radius) + 2 * band + 1 - band - (band + 1) / 2  # the light band's middle (tokens.mark)
    x, y = camera.hex_center(centre)
    points = [pygame.math.Vector2(middle, 0).rotate(22.5 * i) for i in range(16)]
    return sum(all(abs(a - b) < 30 for a, b in zip(colour(image, (x + p.x, y + p.y)), light)) for p in points)


def test_a_protect_decision_marks_dax_who_decides_and_not_thug_12_whose_turn_it_is():
    battle = at_a_protect_decision()
    dax, thug = _named(battle, "Dax Halloran"), _named(battle, "Thug 12")
    assert battle.current() == thug.id and marked(battle) == dax.id
    image, _ = render_frame(battle, SIZE, "table")
    camera = fitted_camera(battle, Board(battle.scenario), SIZE)
    assert _band(image, camera, dax.hex, PAPER) >= 14
    assert _band(image, camera, thug.hex, PAPER) <= 2


def test_the_protect_decision_draws_thug_12s_attack_on_vask_as_a_line_to_vasks_ring():
    battle = at_a_protect_decision()
    thug, vask = _named(battle, "Thug 12"), _named(battle, "Sergeant Vask")
    assert stake(battle.pending()) == Stake(lines=((thug.id, vask.id),))
    image, _ = render_frame(battle, SIZE, "table")
    camera = fitted_camera(battle, Board(battle.scenario), SIZE)
    assert _band(image, camera, vask.hex, TARGET) >= 10  # ringed as a target is (the line comes in on one side)
    (x1, y1), (x2, y2) = camera.hex_center(thug.hex), camera.hex_center(vask.hex)
    along = [(x1 + (x2 - x1) * t / 20, y1 + (y2 - y1) * t / 20) for t in range(5, 16)]
    on_the_line = [p for p in along if all(abs(a - b) < 30 for a, b in zip(colour(image, p), TARGET))]
    assert len(on_the_line) >= 6  # labels may stand over a few points of it


def test_out_of_a_decision_the_mark_stays_with_whose_turn_it_is_and_nothing_is_staked():
    battle = battle_from_map(MAPS_DIR / "relay_station_ambush.tmx", 1)
    assert battle.pending() is None and marked(battle) == battle.current()
    assert table_stake(battle, battle.combatants(), table=True) == Stake()


def test_an_overwatch_shot_is_a_line_from_the_watcher_to_the_mover():
    battle = at_an_overwatch_shot()
    assert marked(battle) == 1 and battle.current() == 2
    assert stake(battle.pending()) == Stake(lines=((1, 2),))


def test_a_counter_to_a_hero_point_shows_the_attack_the_point_was_spent_on():
    rook = unit(1, "spacer", "pcs", Hex(0, 0), name="Rook", hero_points=1)
    gash = unit(2, "pirate", "enemies", Hex(2, 0), name="Gash", hero_points=1)
    battle = battle_at([rook, gash], first=1, ruleset="lucky-stars", modules=("hero_points",))
    assert battle.submit(Attack(1, target=2, faces=(1, 1, 3, 3))).accepted
    assert marked(battle) == 1 and stake(battle.pending()) == Stake(lines=((1, 2),))  # Rook's own roll to spend on
    assert battle.submit(SpendHeroPoint(1)).accepted
    assert marked(battle) == 2 and stake(battle.pending()) == Stake(lines=((1, 2),))  # Gash may counter it


def test_a_decider_hidden_from_the_table_stakes_nothing_there_and_the_console_sees_it():
    units = [unit(1, "thug", "enemies", Hex(3, 0), name="Rook"), unit(2, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
             unit(3, "pc_warrior", "pcs", Hex(0, 1), name="Bo")]
    battle = battle_at(units, first=1)
    assert battle.submit(GmSetHidden(3, hidden=True)).accepted and battle.submit(Attack(1, target=2)).accepted
    assert battle.pending().decider == 3
    everyone = battle.combatants()
    assert table_stake(battle, [c for c in everyone if not c.hidden], table=True) == Stake()
    assert table_stake(battle, everyone, table=False) == Stake(lines=((1, 2),))


def test_a_squads_regroup_outlines_the_hexes_it_may_keep_and_names_them_as_its_answers_do():
    battle = battle_from_map(MAPS_DIR / "squad_ridge.tmx", 1)
    assert battle.submit(choose_action(battle)).accepted
    prompt = battle.pending()
    assert isinstance(prompt, FootprintChoice) and marked(battle) == prompt.decider != battle.current()
    hexes = stake(prompt).hexes
    assert set(hexes) == {h for choice in prompt.choices for h in choice}
    _, record = render_frame(battle, SIZE, "table")
    named = {label["text"] for label in record["labels"] if label["kind"] == "formation"}
    assert named == {battle.place(h) for h in hexes}
    answers = [label["text"] for label in record["labels"] if label["kind"] == "banner" and "Regroup" in label["text"]]
    assert answers and all(any(place in words for place in named) for words in answers)


def test_a_pc_lying_unconscious_who_decides_a_hero_point_wears_the_mark(tmp_path):
    from tests.ui_kit import starfarer_hero_down_at_a_rounds_start

    battle, _ = starfarer_hero_down_at_a_rounds_start(tmp_path)
    down = battle.combatant(battle.pending().decider)
    assert not down.in_fight and marked(battle) == down.id
    image, _ = render_frame(battle, SIZE, "table")
    assert _band(image, fitted_camera(battle, Board(battle.scenario), SIZE), down.hex, PAPER) >= 12
