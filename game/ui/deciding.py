"""An open decision on the map: who decides (the token the room must find, marked as the acting
token is) and what the decision is about (the attack a protector may step into, the mover an
overwatch may fire at, the hexes a squad may keep).

Read from the prompt's own fields (`game.prompts`), never worked out again: an attack waiting is
a line from its attacker to its target; a place (a blast's centre, a squad's hexes) is hexes.
The table keeps a decision's secret: a decider hidden from it shows nothing there, and a line
to or from a unit it does not see is not drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple

import pygame

from game.battle import Battle
from game.hexgrid import Hex
from game.prompts import (BlowChoice, FootprintChoice, GrappleWon, OverwatchChance, Prompt, ProtectChance,
                          ReactionChance)
from game.ui.camera import Camera
from game.ui.labels import Fonts, label_size
from game.ui.layout import Disc, Wanted
from game.ui.look import INK, TARGET, band_width
from game.ui.overlays import Aimed, banded_line, polygon
from game.ui.tokens import mark
from game.views import CombatantView

LINE_SHARE = 5
"""The line's light band is a fifth of a label line wide (at least `LEAST_WIDTH` pixels)."""
LEAST_WIDTH = 6
HEAD = 4
"""The arrowhead is this many line widths long: found from across a room."""


class Named(NamedTuple):
    """What naming hexes on the map takes: the fonts of the labels and the hex's name ("col 4, row 7")."""

    fonts: Fonts
    place: Callable[[Hex], str]


@dataclass(frozen=True, slots=True)
class Stake:
    """What an open decision is about: `lines` from one combatant to another (an attack, from its
    attacker to its target) and `hexes` (where a blast lands, the hexes a squad may keep)."""

    lines: tuple[tuple[int, int], ...] = ()
    hexes: tuple[Hex, ...] = ()


def marked(battle: Battle) -> int | None:
    """The combatant the map marks: the decider of an open decision, else whose turn it is."""
    prompt = battle.pending()
    return prompt.decider if prompt is not None else battle.current()


def stake(prompt: Prompt | None) -> Stake:
    """What the prompt is about, from its own fields (nothing for a prompt that names nothing on the map)."""
    if prompt is None:
        return Stake()
    pairs = {ProtectChance: lambda p: (p.attacker, p.ally), OverwatchChance: lambda p: (p.decider, p.mover),
             ReactionChance: lambda p: (p.decider, p.provoker), BlowChoice: lambda p: (p.decider, p.target),
             GrappleWon: lambda p: (p.attacker, p.decider)}
    if type(prompt) in pairs:
        return Stake(lines=(pairs[type(prompt)](prompt),))
    if isinstance(prompt, FootprintChoice):
        return Stake(hexes=tuple(dict.fromkeys(h for choice in prompt.choices for h in choice)))
    chance = getattr(prompt, "chance", None)  # a counter to a hero point: the roll it was spent on
    found = _of_action(getattr(chance or prompt, "attack", None))
    waiting = getattr(chance or prompt, "waiting", None)
    at = (waiting.at,) if waiting is not None and waiting.at is not None else ()
    return Stake(found.lines, found.hexes + at)


def _of_action(action) -> Stake:
    """An action waiting on the decision: its line from actor to target, or the hex it is aimed at."""
    if action is None:
        return Stake()
    target, at = getattr(action, "target", None), getattr(action, "at", None)
    lines = ((action.actor, target),) if isinstance(target, int) and not isinstance(target, bool) else ()
    return Stake(lines, (at,) if isinstance(at, Hex) else ())


def table_stake(battle: Battle, shown: Iterable[CombatantView], table: bool) -> Stake:
    """The open decision's stake as a view may draw it: on the table, nothing of a decider it
    does not see, and no line to or from someone it does not see (`shown`: whom the view draws)."""
    prompt = battle.pending()
    seen = {c.id for c in shown}
    if prompt is None or (table and prompt.decider not in seen):
        return Stake()
    found = stake(prompt)
    return Stake(tuple(pair for pair in found.lines if set(pair) <= seen), found.hexes)


def draw_stake(target: pygame.Surface, camera: Camera, found: Stake, shown: Iterable[CombatantView],
               line: int, radius: float, decider: int | None = None, named: Named | None = None) -> Aimed:
    """The stake over the tokens: each line a wide light band edged in dark from the one who acts
    to an arrowhead at the one it is aimed at, who is ringed as a target is (unless it is the
    `decider`, who wears the acting mark); each hex outlined, and named as the answers name it
    when `named` gives the fonts and the names of hexes. Returns what was drawn, with the rings
    and hexes the labels keep off and the names asked of the label pass."""
    where = {c.id: c.hex for c in shown if c.hex is not None}
    width = max(LEAST_WIDTH, line // LINE_SHARE)
    drawn = Aimed([], [], [])
    for start, end in found.lines:
        if start in where and end in where and where[start] != where[end]:
            ends = (camera.hex_center(where[start]), camera.hex_center(where[end]))
            _arrow(target, ends, radius, width, drawn, None if end == decider else end)
    for hex_ in found.hexes:
        corners = polygon(camera, hex_)
        drawn.drawn.append(banded_line(target, corners, width, True, TARGET))
        x, y = camera.hex_center(hex_)
        reach = max(abs(cx - x) for cx, _ in corners) + width
        drawn.rings.append(Disc(decider, x, y, reach))  # the decider's own labels may stand by them
        if named is not None:  # "col 4, row 7", the words the question and the answers use
            words = named.place(hex_)
            drawn.wanted.append(Wanted(words, label_size(named.fonts, words, line), None, "formation", (x, y, reach)))
    return drawn


def _arrow(target: pygame.Surface, ends: tuple[tuple[float, float], tuple[float, float]], radius: float,
           width: int, drawn: Aimed, ringed: int | None) -> None:
    """A banded line from the edge of the disc at the first end to an arrowhead at the ring around
    the second, which is ringed for the combatant `ringed` (None: left as it is)."""
    start, end = ends
    ring = radius + 2 * band_width(radius) + 1
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    tip = (end[0] - ux * ring, end[1] - uy * ring)
    head = HEAD * width
    base = (tip[0] - ux * head, tip[1] - uy * head)
    begin = (start[0] + ux * radius, start[1] + uy * radius)
    if length > radius + ring + head:
        drawn.drawn.append(banded_line(target, [begin, base], width, False, TARGET))
    wing = (-uy * head * 0.75, ux * head * 0.75)
    points = [tip, (base[0] + wing[0], base[1] + wing[1]), (base[0] - wing[0], base[1] - wing[1])]
    drawn.drawn.append(pygame.draw.polygon(target, TARGET, points))
    pygame.draw.polygon(target, INK, points, 2)
    middle = ((tip[0] + base[0]) / 2, (tip[1] + base[1]) / 2)
    drawn.rings.append(Disc(None, *middle, head * 0.6))  # no label hides which way the arrow points
    if ringed is not None:
        area = mark(target, end, radius, TARGET)
        drawn.drawn.append(area)
        drawn.rings.append(Disc(ringed, end[0], end[1], area.width / 2))
