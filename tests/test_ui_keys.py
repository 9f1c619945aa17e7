"""One key, one meaning: the window's keys, the kinds' keys and the keys of an open decision or a
squad's formation never share a key, and the `?` card lists each key once, from the same table."""

from __future__ import annotations

import string

from game.actions import Move, SetOverwatch
from game.hexgrid import Hex
from game.ui.helpcard import help_lines
from game.ui.keys import CANCEL, CONFIRM, KEYS, PAINT, WINDOW_KEYS, card_name, key_for
from game.ui.modes import Answer, Board, Choose, Command, Formation, Key

from kit import battle_at, pass_turns_until, unit


def _window_keys() -> dict[str, str]:
    """The window's own keys by the name a mode gets ("f", "escape", " "), with their meaning."""
    by_card = {card_name(name): name for name in (CANCEL, CONFIRM, PAINT)}
    found: dict[str, str] = {}
    for keys, meaning in WINDOW_KEYS:
        for key in keys.split(" / "):
            found[by_card.get(key, key.lower() if len(key) == 1 else key)] = meaning
    return found


def test_no_key_means_two_things_across_the_window_the_kinds_the_decisions_and_the_formations():
    meanings: dict[str, set[str]] = {}
    for key, meaning in [*KEYS.items(), *_window_keys().items()]:
        meanings.setdefault(key, set()).add(meaning)
    assert {key: m for key, m in meanings.items() if len(m) > 1} == {}
    assert "f" not in KEYS and _window_keys()["f"] == "fit the map"  # f fits; the Fray Die is y
    assert KEYS["y"] == "fray_die" and "q" not in KEYS
    assert _window_keys()["b"] == "the map's briefing" and KEYS["3"] == "burst_attack"  # b: the briefing (issue 22)


def _overwatch_decision():
    runner = unit(2, "pc_warrior", "pcs", Hex(0, 3), name="Ana")
    battle = battle_at([unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"), runner], first=1, seed=11,
                       radius=8)
    battle.submit(SetOverwatch(1, facing=0))
    pass_turns_until(battle, 2)
    battle.submit(Move(2, path=(Hex(1, 2), Hex(2, 1), Hex(3, 0))))
    assert battle.pending() is not None
    return battle


def test_in_an_open_decision_no_letter_answers_only_enter_and_escape_do():
    battle = _overwatch_decision()
    board = Board(battle.options(1), {c.hex: c for c in battle.combatants() if c.in_fight})
    assert [k for k in string.ascii_lowercase if Answer(1).handle(Key(k), board).action is not None] == []
    assert Answer(1).handle(Key(CONFIRM), board).action.kind == "overwatch_fire"
    assert Answer(1).handle(Key(CANCEL), board).action.kind == "hold"
    assert Answer(1).handle(Choose("charge"), board).message == (
        "Voss can't answer with that now: pick one of the answers shown")


def test_in_a_formation_every_letter_but_its_own_means_what_it_means_on_a_turn():
    battle = battle_at([unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Voss"),
                        unit(2, "pc_warrior", "pcs", Hex(3, 0), name="Ana")], first=1, seed=3)
    board = Board(battle.options(1), {c.hex: c for c in battle.combatants() if c.in_fight})
    for letter in set(string.ascii_lowercase) - {key_for("formation")}:
        assert Formation(1, size=2).handle(Key(letter), board) == Command(1).handle(Key(letter), board), letter
    assert Formation(1, size=2).handle(Key(PAINT), board).mode.painting


def test_the_card_lists_every_key_once_with_its_one_meaning():
    lines = help_lines()
    for key, kind in KEYS.items():
        assert f"{key}: {kind.replace('_', ' ')}" in lines
    for key, meaning in WINDOW_KEYS:
        assert f"{key}: {meaning}" in lines
    keys = [line.split(": ")[0] for line in lines]
    assert len(keys) == len(set(keys)) and "f: fit the map" in lines and "f: fray die" not in lines
