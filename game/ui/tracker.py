"""The turn tracker: the order of play, whose turn it is, who comes next, and the sides' morale.

Text only, from the facade: every number for the GM's panel; for the table's title strip the
names and, for each side, only the morale band a PC has read (Seed 002, Read Morale), as it
was read. The table never shows a morale score or band the players have not earned, except
for a side the players play themselves: its band and the limits it sets (Seed 002, Morale
Threshold) are theirs to obey, as the GM's panel shows them for the sides the GM plays. Nor
does it name a unit the map hides (its turn is "the GM's turn").
"""

from __future__ import annotations

from game.battle import Battle
from game.events import MoraleRead
from game.scenario.mapprops import computer_plays
from game.ui.look import side_letter
from game.views import CombatantView, SideView


def in_order(battle: Battle) -> list[CombatantView]:
    """Every combatant in the order they act."""
    views = {c.id: c for c in battle.combatants()}
    return [views[e] for e in battle.turn_order() if e in views]


def next_up(battle: Battle, seen_only: bool = False) -> CombatantView | None:
    """Who acts after the current combatant: the next in the order still in the fight (and,
    with `seen_only`, shown on the table)."""
    order, current = in_order(battle), battle.current()
    ids = [c.id for c in order]
    if current not in ids:
        return None
    start = ids.index(current)
    for step in range(1, len(order)):
        view = order[(start + step) % len(order)]
        if view.in_fight and not (seen_only and view.hidden):
            return view
    return None


def morale_read(events) -> dict[str, str]:
    """Each side's morale band as the PCs last read it (side id -> band name)."""
    bands: dict[str, str] = {}
    for event in events:
        if isinstance(event, MoraleRead):
            bands.update(event.bands)
    return bands


def table_line(battle: Battle, turn: bool = True) -> str:
    """For the table: the round, whose turn and who is next (unless `turn` is False: the table's
    banner says it), and the morale the PCs have read."""
    state = battle.state
    if state.ended:
        return f"round {state.round}, ended"
    parts = [f"round {state.round}"]
    current = battle.combatant(battle.current()) if battle.current() is not None else None
    if current is not None and turn:
        after = next_up(battle, seen_only=True)
        whose = "the GM's turn" if current.hidden else f"{current.name}'s turn"  # a hidden unit stays unnamed
        parts.append(whose + (f", next {after.name}" if after is not None else ""))
    sides = battle.sides()
    own = [s for s in sides if s.controller == "players" and s.limits]
    parts += [_with_limits(s) for s in own]
    read = {side: band for side, band in morale_read(battle.log).items() if side not in {s.id for s in own}}
    names = {s.id: s.name for s in sides}
    parts += [f"{names.get(side, side)}: {band}" for side, band in sorted(read.items())]
    return " - ".join(parts)


def _with_limits(side: SideView) -> str:
    """A side's band and what it may do in it: "Militia: Tactical Retreat (falls back ...)"."""
    return f"{side.name}: {side.band} ({side.limits})"


def console_lines(battle: Battle) -> list[str]:
    """For the GM: the order (whose turn marked, side letter, initiative, action points under a
    ruleset that counts them, with seed 003's phases to come and points carried, who is down),
    seed 003's phases to come in order, then every side's morale score and band, with the band's
    limits for the sides people play."""
    current = battle.current()
    lines = []
    for view in in_order(battle):
        mark = ">" if view.id == current else " "
        initiative = f" [{view.initiative}]" if view.initiative is not None else ""
        down = "" if view.in_fight else f" - {view.down or 'out'}"
        hidden = " (hidden)" if view.hidden else ""
        hidden += "".join(f" ({state})" for state in (*view.states, *view.notes) if view.in_fight)
        hidden += f" (overwatch {watching(battle, view)})" if view.in_fight and view.overwatch is not None else ""
        lines.append(f"{mark} {side_letter(view.side)} {view.name}{hidden}{initiative}{_hero(view)}{_points(view)}{down}")
    lines += _phases_to_come(in_order(battle))
    for side in battle.sides():
        if side.morale is not None:
            limits = f" - {side.limits}" if side.limits and not computer_plays(side.controller) else ""
            lines.append(f"{side.name}: morale {side.morale} ({side.band}){limits}")
    return lines


def watching(battle: Battle, view: CombatantView) -> str:
    """Where a combatant on overwatch watches, as the map shows it ("north-east", "2 o'clock");
    "" when it is not on overwatch."""
    if view.overwatch is None:
        return ""
    return battle.facing(view.overwatch, view.overwatch_angle)


def _points(view: CombatantView) -> str:
    """Action points held, and under seed 003 the phases still to come and the points carried over."""
    if view.action_points is None or not view.in_fight:
        return ""
    if view.carries is None:
        return f" {view.action_points} AP"
    phases = f", phases at {', '.join(str(p) for p in view.phases)}" if view.phases else ""
    return f" {view.action_points} AP{phases}, carries {view.carries}"


def _hero(view: CombatantView) -> str:
    """Seed 004: the hero points of its own, when it has any."""
    if not view.hero_points or not view.in_fight:
        return ""
    return f" {view.hero_points} hero pt{'s' if view.hero_points > 1 else ''}"


def _phases_to_come(views: list[CombatantView]) -> list[str]:
    """Seed 003: the phases left this round in the order they come, the most action points first
    (ties: the higher Initiative, then the lower id, as the engine picks)."""
    coming = sorted(((points, view.initiative or 0, view.id, view.name) for view in views if view.in_fight
                     for points in view.phases), key=lambda p: (-p[0], -p[1], p[2]))
    if not any(view.carries is not None for view in views):
        return []
    listed = ", ".join(f"{name} {points}" for points, _, _, name in coming) or "none (the round ends)"
    return [f"Phases to come: {listed}"]
