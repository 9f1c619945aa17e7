"""The label layout's rules over random mid-fight states of every bundled map, at three window
sizes and on both views, checked on the frame's record (what `hexbattle render --layout`
writes) and in its pixels; stability from frame to frame; and layouts that cannot fit."""

from __future__ import annotations

import json

import pytest

from tests.layout_kit import PassWatcher, check_left_off_in_order, check_pixels, check_record, mid_fight
from tests.ui_kit import BAD  # noqa: F401  (the dummy video driver before pygame starts)

import pygame  # noqa: E402

from game.hexgrid import Hex, spiral
from game.savefile import write_save
from game.scenario.summary import MAPS_DIR
from game.ui.render import Frame, camera_for, people_aim, render_frame, start_headless

MAPS = sorted(MAPS_DIR.glob("*.tmx"))
SIZES = [(1280, 800), (1920, 1080), (3840, 2160)]


def _state(path, index: int):
    """A mid-fight state of a map: seeded random legal actions, 8 to 38 of them."""
    return mid_fight(path, 100 + index, 8 + 10 * (index % 4))


@pytest.fixture(scope="module")
def fights():
    """One mid-fight state per bundled map, made once for the module."""
    start_headless()
    return {path.stem: _state(path, index) for index, path in enumerate(MAPS)}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("view", ["table", "console"])
@pytest.mark.parametrize("name", [path.stem for path in MAPS])
def test_every_label_of_a_mid_fight_hides_nothing_and_stands_by_its_token(fights, name, view, size):
    battle = fights[name]
    image, record = render_frame(battle, size, view)
    shown = [c for c in battle.combatants() if c.hex is not None and not (c.hidden and view == "table")]
    assert sorted({t["id"] for t in record["tokens"]}) == sorted(c.id for c in shown)
    assert len(record["tokens"]) == sum(max(1, len(c.footprint)) for c in shown)  # a squad: one per hex
    check_record(record, whole_names=view == "table")
    check_pixels(image, record, battle.combatants())


def test_the_record_is_written_as_the_issue_gives_it(tmp_path, fights):
    from game.cli import main

    save = tmp_path / "fight.json"
    write_save(fights["relay_station_ambush"], save)
    out, layout = tmp_path / "fight.png", tmp_path / "fight-layout.json"
    assert main(["render", "--save", str(save), str(out), "--size", "1280x800", "--layout", str(layout)]) == 0
    record = json.loads(layout.read_text())
    assert set(record) == {"size", "view", "tokens", "labels", "omitted"}
    assert record["size"] == [1280, 800] and record["view"] == "table"
    assert all(set(token) == {"id", "name", "disc"} and len(token["disc"]) == 3 for token in record["tokens"])
    for label in record["labels"]:
        assert set(label) - {"leader"} == {"text", "rect", "owner", "kind"} and len(label["rect"]) == 4
        assert len(label.get("leader", [0] * 4)) == 4
    assert all(set(left) == {"text", "owner", "kind"} for left in record["omitted"])
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


@pytest.mark.parametrize("name", ["relay_station_ambush", "squad_ridge", "dust_market"])
@pytest.mark.parametrize("view", ["table", "console"])
def test_a_token_moving_moves_no_other_label_unless_it_takes_its_place(fights, name, view):
    battle = mid_fight(MAPS_DIR / f"{name}.tmx", 7, 6)
    start_headless()
    size = (1920, 1080)
    frame = Frame(battle, view)
    camera = camera_for(battle, frame.board, size)
    target = pygame.Surface(size)
    frame.draw(target, battle, camera, aim=people_aim(battle, view))
    before = frame.record
    mover = battle.current()
    moves = battle.options(mover).allowed("move")
    assert moves, "the acting combatant can move"
    assert battle.submit(moves[len(moves) // 2].action).accepted
    frame.draw(target, battle, camera, aim=people_aim(battle, view))
    after = frame.record
    now = {(label["owner"], label["kind"]): label for label in after["labels"]}
    marked = battle.pending().decider if battle.pending() else mover  # a move may open a decision: its decider is marked
    for label in before["labels"]:
        key = (label["owner"], label["kind"])
        if label["owner"] in (None, mover, marked) or key not in now:
            continue
        if now[key]["rect"] != label["rect"]:
            assert _forced(label, after), (label, now[key])


def _forced(label: dict, after: dict) -> bool:
    """Whether something in the new frame now covers the label's old place (a label, a disc, or
    for a label beside its token another token within its clearance)."""
    rect = pygame.Rect(label["rect"])
    clear = rect.inflate(2 * round(0.4 * rect.height), 2 * round(0.4 * rect.height)) if "leader" not in label else rect
    others = [pygame.Rect(other["rect"]) for other in after["labels"]
              if (other["owner"], other["kind"]) != (label["owner"], label["kind"])]
    discs = [token["disc"] for token in after["tokens"] if token["id"] != label["owner"]]
    near = any(max(abs(x - clear.centerx) - clear.width / 2, abs(y - clear.centery) - clear.height / 2) < r
               for x, y, r in discs)
    return rect.collidelist(others) != -1 or near or "leader" in label


@pytest.mark.parametrize("view", ["table", "console"])
@pytest.mark.parametrize("name", [path.stem for path in MAPS])
def test_a_window_too_small_for_the_labels_leaves_some_off_and_covers_no_token(fights, name, view, monkeypatch):
    watcher = PassWatcher(monkeypatch)
    image, record = render_frame(fights[name], (200, 150), view)
    check_record(record)
    check_pixels(image, record, fights[name].combatants())
    assert record["omitted"]  # 200x150 cannot hold every label: some are left off...
    check_left_off_in_order(watcher.calls[-1])  # ...in the documented order


@pytest.mark.parametrize("view", ["table", "console"])
def test_two_hundred_units_on_a_few_hexes_leave_labels_off_and_cover_no_token(view, monkeypatch):
    from tests.kit import battle_at, unit

    hexes = list(spiral(Hex(0, 0), 8))  # 217 hexes
    units = [unit(i + 1, "thug" if i % 2 else "veteran_soldier", "enemies" if i % 2 else "pcs", h)
             for i, h in enumerate(hexes[:200])]
    battle = battle_at(units, radius=8)
    start_headless()
    watcher = PassWatcher(monkeypatch)
    image, record = render_frame(battle, (1280, 800), view)
    assert len(record["tokens"]) == 200
    check_record(record)
    check_pixels(image, record, battle.combatants())
    assert record["omitted"]
    check_left_off_in_order(watcher.calls[-1])
