"""A person at the table, for window tests: what they click next on their turn (an answer, a
target, a step towards the enemy, or End turn), and a loop that clicks until the fight ends.

It reads only the window's status file (`--status`): where the buttons, targets, reachable
hexes and tokens are on screen."""

from __future__ import annotations

import time


def current(status: dict) -> dict:
    """The status entry of whoever acts now."""
    return next(c for c in status["combatants"] if c["id"] == status["current"])


def camp(side: str) -> str | None:
    """Which camp a side fights for on the bundled maps."""
    return {"pcs": "pcs", "allies": "pcs", "enemies": "enemies", "rivals": "rivals"}.get(side)


def hex_distance(a, b) -> int:
    """Hexes between two axial (q, r) positions."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def panel_buttons(status: dict) -> dict[str, list[int]]:
    """The console panel's buttons (action bar or answers): each one's kind, and where it is."""
    return {b["kind"]: b["screen"] for b in status["buttons"]}


def table_buttons(status: dict) -> dict[str, list[int]]:
    """The table view's banner and bar buttons: what each one chooses, and where it is on the
    table window (none while the computer or the GM has the turn or the decision)."""
    return {b["choose"]: b["screen"] for b in status["banner"]["buttons"]}


def next_click(status: dict, clicks_this_turn: int, buttons=panel_buttons):
    """What a person at the table clicks next: an answer, a target, a step towards the enemy,
    or End turn (`buttons`: where the answers and End turn are, the console's or the table's)."""
    buttons = buttons(status)
    if status["pending"] is not None:  # let it pass; a decision with no such answer (a won grapple): the first
        return buttons.get("hold_for_move") or buttons.get("hold") or next(iter(buttons.values()))
    if clicks_this_turn < 3 and status["targets"]:
        return status["targets"][0]["screen"]
    me = current(status)
    enemies = [c["hex"] for c in status["combatants"]
               if c["in_fight"] and camp(c["side"]) not in (None, camp(me["side"]))]
    if clicks_this_turn < 2 and status["moves"] and enemies:
        def closeness(move):
            return min(hex_distance(move["hex"], e) for e in enemies)
        best = min(status["moves"], key=closeness)
        if closeness(best) < min(hex_distance(me["hex"], e) for e in enemies):
            return best["screen"]
    return buttons.get("end_turn")


def click_to_the_end(table, seconds: float = 240.0, buttons=panel_buttons) -> dict:
    """Click every people-played turn with `next_click` until the fight ends (or `seconds`
    pass); the computer's turns are waited for. Returns the last status."""
    turn, clicks, deadline = None, 0, time.monotonic() + seconds
    while time.monotonic() < deadline:
        status = table.status()
        if status["ended"]:
            break
        if not buttons(status):  # the computer's turn (its choices are not shown): wait
            time.sleep(0.05)
            continue
        key = (status["current"], status["pending"])
        clicks = clicks + 1 if key == turn else 0
        turn = key
        point = next_click(status, clicks, buttons)
        assert point is not None, status
        before = status["actions"]
        table.click(*point, settle=0.0)
        table.after(lambda s: s["actions"] != before or s["ended"], "the click to be taken")
    return table.status()
