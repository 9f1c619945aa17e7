"""The turn's overlays, drawn over the board from `Battle.options()` only (the renderer reads).

Reachable hexes, the path under the mouse (a wide light line edged in dark) with the
destination hex outlined and its cost, hexes enemy overwatch covers, the targets of the chosen
kind ringed in a light and a dark band with their hit chance, the line of fire to the hovered
target with its cover, chance and expected damage, charge ends, jump landings, the overwatch
wedge following the mouse, a grenade's landing spread and blast, and a squad's formation. The
words (cost, odds, cover, formation) are not drawn here: they are asked of the frame's one
label pass (game.ui.layout) with the rings, so they hide nothing and stand by their target.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

import pygame

from game.hexgrid import Hex
from game.options import AttackOption, ChargeOption, FormationOption, GrenadeOption, JumpOption, MoveOption, Options
from game.ui.camera import Camera, still
from game.ui.labels import Fonts, label_size
from game.ui.layout import Disc, Wanted
from game.ui.look import INK, TARGET
from game.ui.tokens import mark
from game.views import CombatantView

REACH = (80, 200, 255, 70)
PATH = (255, 255, 255)
PATH_WIDTH = 6
"""The move path's light line at least, in pixels: pygame thickens a line along one axis, so a
line at a slant is 4 pixels across at the least (its dark edges come on top of that)."""
WATCHED = (230, 60, 60)
WEDGE = (255, 160, 0, 60)
BLAST = (255, 80, 40, 80)
LANDING = (255, 200, 40)
CHARGE_END = (190, 120, 255, 90)
FORMATION = (60, 230, 120, 120)  # a squad's formation under the mouse
REFUSED_FORMATION = (230, 60, 60, 120)


class Shading(NamedTuple):
    """The turn's shaded hexes: what they were made from, one translucent layer (None when
    nothing is shaded) and its top-left corner on screen less the camera's whole pixels of pan
    (`camera.still`), so that a pan by whole pixels keeps the very same shading."""

    key: tuple
    layer: pygame.Surface | None
    topleft: tuple[int, int]


def polygon(camera: Camera, h: Hex) -> list[tuple[float, float]]:
    """A hex's corners on screen."""
    return [camera.to_screen(x, y) for x, y in camera.layout.hex_corners(h)]


def _hex_reach(camera: Camera) -> float:
    """How far a hex reaches from its centre on screen (its corners)."""
    return max(camera.layout.cell_width, camera.layout.cell_height) * camera.zoom / 2


def _hex_discs(camera: Camera, hexes) -> list[Disc]:
    """Hexes a preview shades, as discs labels keep off (nobody's: owner None)."""
    reach = _hex_reach(camera)
    return [Disc(None, *camera.hex_center(h), reach) for h in hexes]


def banded_line(target: pygame.Surface, points: list[tuple[float, float]], width: int, closed: bool,
                light: tuple[int, int, int] = PATH) -> pygame.Rect:
    """A `light` line `width` pixels wide edged in dark (the path, the destination's outline, the
    line of fire): one of the two stands out on any ground. Returns the area drawn on."""
    area = pygame.draw.lines(target, INK, closed, points, width + 4)
    pygame.draw.lines(target, light, closed, points, width)
    return area


def between_rings(start: tuple[float, float], end: tuple[float, float], reach: float) -> list[tuple[float, float]]:
    """The part of the line from `start` to `end` outside a circle of `reach` around each end (the
    tokens' rings stay whole), or its middle point twice when they overlap."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = (dx * dx + dy * dy) ** 0.5
    if length <= 2 * reach:
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        return [middle, middle]
    ux, uy = dx / length * reach, dy / length * reach
    return [(start[0] + ux, start[1] + uy), (end[0] - ux, end[1] - uy)]


def percent(chance) -> str:
    """A chance as the table reads it: whole percent."""
    return f"{round(float(chance) * 100)}%"


def odds_words(option: AttackOption) -> str:
    """The odds beside a target: the chance to hit, or for a squad's volley the chance of full
    and of half damage (Seed 002, Squads: one roll read in three bands)."""
    bands = dict(option.bands)
    if bands:
        return f"full {percent(bands['full'])} / half {percent(bands['half'])}"
    return percent(option.odds.chance)


class Aim(NamedTuple):
    """What the player is aiming: the options, the kind chosen, who stands where (a squad on each
    of its hexes), the hex under the mouse, and for a squad's formation the one under the mouse
    or the hexes painted so far."""

    options: Options
    kind: str
    standing: Mapping[Hex, CombatantView]
    hover: Hex | None = None
    formation: FormationOption | None = None
    painted: tuple[Hex, ...] = ()


class Aimed(NamedTuple):
    """What the overlays drew: the areas drawn on, the target rings and the destination (labels
    keep off them as off discs) and the labels they ask for."""

    drawn: list[pygame.Rect]
    rings: list[Disc]
    wanted: list[Wanted]


class Overlays:
    """Draws what the acting combatant can do in the mode the player is in."""

    def __init__(self, fonts: Fonts, table: bool = False) -> None:
        """Overlays drawn with these fonts; on the `table` view, none that give away a unit the
        map hides (a target ring, a watched hex of a hidden watcher)."""
        self.fonts = fonts
        self.table = table
        self._kinds: tuple[Options | None, dict[str, dict]] = (None, {})
        self._shaded = Shading((), None, (0, 0))

    def shading(self, camera: Camera, options: Options, kind: str, hover: Hex | None,
                wedge: tuple[Hex, ...] = (), charge_target: int | None = None) -> Shading:
        """The shaded hexes of `kind` as one translucent layer, made again only when the choices,
        the zoom, the wedge or (aiming a grenade) the hovered hex change. The frame lays it
        into its copy of the board, so the shading costs nothing per frame."""
        camera = still(camera)[0]  # a pan by whole pixels makes no new layer
        key = (options, kind, camera, wedge, charge_target, hover if kind == "grenade" else None)
        if key != self._shaded.key:  # the shaded hexes change with the choices, not with the mouse
            moves = {o.hex: o for o in options.allowed("move") if isinstance(o, MoveOption)}
            self._shaded = Shading(key, *self._shade(camera, self._fills(options, kind, moves, wedge, charge_target, hover)))
        return self._shaded

    def draw(self, target: pygame.Surface, camera: Camera, aim: Aim, line: int, disc_radius: float) -> Aimed:
        """What follows the mouse for `aim.kind` ("move", "attack", "charge", ...) onto `target`:
        the watched hexes, the path with the destination outlined, the targets' rings, the line of
        fire, a squad's formation; the labels (the path's cost, each target's odds, the hovered
        target's cover, the formation's words) are asked of the frame's label pass, beside discs
        of `disc_radius`. The shaded hexes come from `shading`."""
        unseen = {c.id for c in aim.standing.values() if c.hidden} if self.table else set()
        turn = Aimed(self._watched(target, camera, aim.options, unseen), [], [])
        if aim.kind == "move":
            move = self._chosen(aim.options, "move").get(aim.hover)
            if move is not None:
                start = next((h for h, c in aim.standing.items() if c.id == aim.options.actor and h == c.hex), None)
                self._path(target, camera, move, start, line, turn)
                if move.hexes:  # a squad: the shape it would take there
                    turn.drawn.extend(self._preview(target, camera, move.hexes, True))
                    turn.rings.extend(_hex_discs(camera, move.hexes))
        if aim.kind == "formation":
            self._formation(target, camera, aim.formation, aim.painted, line, disc_radius, turn)
        attack_kind = "attack" if aim.kind == "move" else aim.kind
        seen = {h: c for h, c in aim.standing.items() if c.id not in unseen}
        self._targets(target, camera, aim.options, attack_kind, seen, aim.hover, line, turn)
        return turn

    def _chosen(self, options: Options, kind: str) -> dict:
        """The allowed options of a kind, by hex for moves and by target for attacks, sorted out
        once per set of options rather than every frame."""
        if self._kinds[0] is not options:  # held, so its id is never another's
            self._kinds = (options, {})
        found = self._kinds[1]
        if kind not in found:
            allowed = options.allowed(kind)
            found[kind] = ({o.hex: o for o in allowed if isinstance(o, MoveOption)} if kind == "move"
                           else dict(enumerate(allowed)))
        return found[kind]

    def _formation(self, target: pygame.Surface, camera: Camera, shown: FormationOption | None,
                   painted: tuple[Hex, ...], line: int, disc_radius: float, turn: Aimed) -> None:
        """A squad's formation under the mouse (green, or red with the reason it is refused), or
        the hexes painted so far, with its words beside its first hex."""
        if painted:
            hexes, allowed, words = painted, True, f"{len(painted)} painted"
        elif shown is not None:
            hexes, allowed = shown.hexes, shown.allowed
            words = f"{shown.formation} {shown.cost} movement" if shown.allowed else shown.refused
        else:
            return
        turn.drawn.extend(self._preview(target, camera, hexes, allowed))
        turn.rings.extend(_hex_discs(camera, hexes))
        if words and hexes:
            x, y = camera.hex_center(hexes[0])
            turn.wanted.append(Wanted(words, label_size(self.fonts, words, line), None, "formation",
                                      (x, y, _hex_reach(camera))))

    def _preview(self, target: pygame.Surface, camera: Camera, hexes: tuple[Hex, ...],
                 allowed: bool) -> list[pygame.Rect]:
        """A squad's hexes shaded green (allowed) or red (refused); returns the area drawn on."""
        layer, topleft = self._shade(camera, [(h, FORMATION if allowed else REFUSED_FORMATION) for h in hexes])
        return [target.blit(layer, topleft)] if layer is not None else []

    @staticmethod
    def _fills(options: Options, kind: str, moves: Mapping[Hex, MoveOption], wedge: tuple[Hex, ...],
               charge_target: int | None, hover: Hex | None) -> list[tuple[Hex, tuple[int, ...]]]:
        """Each shaded hex with its colour, in drawing order."""
        fills = [(h, REACH) for h in moves] if kind == "move" else []
        fills += [(h, WEDGE) for h in wedge]
        if kind == "jump":
            fills += [(o.hex, REACH) for o in options.allowed("jump") if isinstance(o, JumpOption)]
        if kind == "charge":
            fills += [(o.hex, CHARGE_END) for o in options.allowed("charge")
                      if isinstance(o, ChargeOption) and (charge_target is None or o.target == charge_target)]
        if kind == "grenade" and hover is not None:
            throw = next((o for o in options.allowed("grenade") if isinstance(o, GrenadeOption) and o.at == hover), None)
            for landing in throw.spread if throw else ():
                faint = BLAST if landing.hex == throw.at else (BLAST[0], BLAST[1], BLAST[2], 25)
                fills += [(h, faint) for h in landing.blast] + [(landing.hex, (*LANDING, 160))]
        return fills

    @staticmethod
    def _shade(camera: Camera, fills: list[tuple[Hex, tuple[int, ...]]]) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """One translucent layer just big enough for the shaded hexes, and where it goes."""
        if not fills:
            return None, (0, 0)
        shapes = [(polygon(camera, h), colour) for h, colour in fills]
        xs = [x for points, _ in shapes for x, _ in points]
        ys = [y for points, _ in shapes for _, y in points]
        left, top = int(min(xs)) - 1, int(min(ys)) - 1
        layer = pygame.Surface((int(max(xs)) - left + 2, int(max(ys)) - top + 2), pygame.SRCALPHA)
        for points, colour in shapes:
            pygame.draw.polygon(layer, colour, [(x - left, y - top) for x, y in points])
        return layer, (left, top)

    def _watched(self, target: pygame.Surface, camera: Camera, options: Options, unseen: set[int]) -> list[pygame.Rect]:
        """A red dot on each hex enemy overwatch covers (not those only hidden watchers cover, on the table)."""
        radius = max(2, round(camera.zoom * camera.layout.tile_width / 10))
        drawn = []
        for watched in options.watched:
            if watched.watchers and set(watched.watchers) <= unseen:
                continue  # only hidden watchers cover it: the table must not learn they are there
            x, y = camera.hex_center(watched.hex)
            drawn.append(pygame.draw.circle(target, WATCHED, (round(x), round(y)), radius))
        return drawn

    def _path(self, target: pygame.Surface, camera: Camera, move: MoveOption, start: Hex | None, line: int,
              turn: Aimed) -> None:
        """The path from the mover's hex (`start`) as a wide light line edged in dark, the
        destination hex outlined the same way, and its cost (as large as a name) asked for at
        the hex's centre."""
        points = [camera.hex_center(h) for h in ((start,) if start is not None else ()) + tuple(move.path)]
        width = max(PATH_WIDTH, line // 5)
        if len(points) > 1:
            turn.drawn.append(banded_line(target, points, width, closed=False))
        turn.drawn.append(banded_line(target, polygon(camera, move.hex), width, closed=True))
        x, y = camera.hex_center(move.hex)
        cost = f"{move.cost}"
        turn.wanted.append(Wanted(cost, label_size(self.fonts, cost, line), None, "cost", (x, y, 0.0)))
        # Labels keep off the outlined destination, as off a disc; its cost, at its centre, may not.
        turn.rings.append(Disc(None, x, y, _hex_reach(camera) + width))

    def _targets(self, target: pygame.Surface, camera: Camera, options: Options, kind: str,
                 standing: Mapping[Hex, CombatantView], hover: Hex | None, line: int, turn: Aimed) -> None:
        """Each target's ring (a light and a dark band) and its odds asked for beside the ring;
        the target under the mouse first, with its line of fire, expected damage and cover."""
        by_id = {c.id: c.hex for c in standing.values()}  # a squad's target ring sits on its anchor
        hovered = standing[hover].id if hover in standing else None
        radius = max(6, round(camera.zoom * camera.layout.tile_width * 0.45))
        edge = max(2, line // 12)
        for option in self._chosen(options, kind).values():
            if not isinstance(option, AttackOption) or option.target not in by_id:
                continue
            x, y = camera.hex_center(by_id[option.target])
            area = mark(target, (x, y), radius, TARGET)
            ring = Disc(option.target, x, y, area.width / 2)
            turn.drawn.append(area)
            turn.rings.append(ring)
            odds = odds_words(option)
            if option.target == hovered:  # any hex of a squad
                odds += self._hovered(target, camera, option, by_id.get(options.actor), ring, line, turn)
            w, h = label_size(self.fonts, odds, line)
            turn.wanted.append(Wanted(odds, (w + 2 * edge, h + 2 * edge), option.target, "odds",
                                      (x, y, ring.radius), 0 if option.target == hovered else 1 + option.target))

    def _hovered(self, target: pygame.Surface, camera: Camera, option: AttackOption, me: Hex | None, ring: Disc,
                 line: int, turn: Aimed) -> str:
        """The target under the mouse: the line of fire drawn, its cover asked for beside its ring;
        returns the expected damage to add to its odds."""
        if me is not None:  # wide and edged in dark, as the path is: read from the back of the room
            points = between_rings(camera.hex_center(me), (ring.x, ring.y), ring.radius)
            turn.drawn.append(banded_line(target, points, max(PATH_WIDTH // 2, line // 6), False, TARGET))
        cover = option.cover.text(lambda h: f"({h.q}, {h.r})") if option.cover else ""
        if cover and cover != "in the open":
            turn.wanted.append(Wanted(cover, label_size(self.fonts, cover, line), option.target, "cover",
                                      (ring.x, ring.y, ring.radius)))
        return f"  {float(option.expected_damage):.1f} dmg"
