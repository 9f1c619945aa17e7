"""The real window under Xvfb: the PCs roll at the table; an attack asks for each die in turn
and the faces typed with real key presses resolve it, and are saved with the action."""

from __future__ import annotations

import json


from ui_window_kit import Table, display, needs_xvfb, table  # noqa: F401 (display and table are fixtures)

pytestmark = needs_xvfb


def test_an_attack_rolled_at_the_table_asks_for_each_die_and_takes_the_faces_typed(table, tmp_path):
    start = table.status()
    me = next(c for c in start["combatants"] if c["id"] == start["current"])
    assert me["side"] == "pcs" and start["asking"] is None and start["targets"]
    table.click(*start["dice_toggles"]["pcs"])
    table.after(lambda s: s["table_sides"] == ["pcs"], "the PCs to roll at the table")
    thug = next(t for t in start["targets"] if t["id"] == 8)  # nobody can step in for Thug 8
    table.click(*thug["screen"])
    asked = table.after(lambda s: s["asking"] is not None, "the window to ask for a die")
    assert asked["asking"] == 20 and asked["message"].startswith(f"roll a d20 for {me['name']}'s attack on ")
    assert asked["actions"] == 0
    banner = asked["banner"]  # the table is told what to roll, too
    assert (banner["kind"], banner["headline"]) == ("roll", "Roll a d20")  # one window: the dice box is beside it
    assert banner["question"].startswith(f"For {me['name']}'s attack on ")
    assert banner["question"].endswith(": click its face in the dice box, or type it and press Enter")
    typed = []
    while (status := table.status())["asking"] is not None:
        face = status["asking"]  # the highest face: a natural 20, then the most damage
        typed.append(face)
        table.type(str(face))
        table.key("Return")
        table.after(lambda s: s["asking"] != face or s["actions"] == 1, "the window to take the face")
        assert len(typed) <= 5
    done = table.after(lambda s: s["actions"] == 1, "the attack to be taken")
    assert done["asking"] is None and len(typed) >= 2  # a hit rolls its damage too
    table.key("ctrl+s")
    saved = tmp_path / "fight.json"
    table.after(lambda s: saved.exists(), "the save")
    assert json.loads(saved.read_text())["actions"][0]["faces"] == typed


def _paused_targets() -> set[int]:
    """The targets of the first PC whose attack would pause for a protect decision (seed 1)."""
    from game.actions import Attack
    from game.savefile import battle_from_map
    from ui_window_kit import DEFAULT_MAP

    first = battle_from_map(DEFAULT_MAP, 1)
    paused = set()
    for option in first.options(first.current()).allowed("attack"):
        battle = battle_from_map(DEFAULT_MAP, 1)
        if battle.submit(Attack(battle.current(), target=option.target)).accepted and battle.pending() is not None:
            paused.add(option.target)
    return paused


def test_an_attack_held_back_for_a_protect_decision_asks_the_attackers_table_after_the_answer(table, tmp_path):
    start = table.status()
    me = next(c for c in start["combatants"] if c["id"] == start["current"])
    table.click(*start["dice_toggles"]["pcs"])
    table.after(lambda s: s["table_sides"] == ["pcs"], "the PCs to roll at the table")
    target = next(t for t in start["targets"] if t["id"] in _paused_targets())
    table.click(*target["screen"])
    paused = table.after(lambda s: s["pending"] is not None, "the protect decision")
    assert paused["asking"] is None and paused["actions"] == 1  # no die yet: someone may step in
    hold = next(b["screen"] for b in paused["buttons"] if b["kind"] == "hold")
    table.click(*hold)
    asked = table.after(lambda s: s["asking"] is not None, "the table to be asked for the attack's die")
    assert asked["asking"] == 20 and asked["message"].startswith(f"roll a d20 for {me['name']}'s attack on ")
    table.type("1")  # a natural 1: a miss, no damage die
    table.key("Return")
    done = table.after(lambda s: s["actions"] == 2, "the attack to be rolled")
    assert done["pending"] is None and done["asking"] is None
    table.key("ctrl+s")
    saved = tmp_path / "fight.json"
    table.after(lambda s: saved.exists(), "the save")
    assert json.loads(saved.read_text())["actions"][1]["faces"] == [1]
