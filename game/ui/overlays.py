"""The turn's overlays, drawn over the board from `Battle.options()` only (the renderer reads).

Reachable hexes with their cost, the path under the mouse, hexes enemy overwatch covers, the
targets of the chosen kind with their hit chance, the line of fire to the hovered target
with its cover, chance and expected damage, charge ends, jump landings, the overwatch wedge
following the mouse, and a grenade's landing spread and blast.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

import pygame

from game.hexgrid import Hex
from game.options import AttackOption, ChargeOption, FormationOption, GrenadeOption, JumpOption, MoveOption, Options
from game.ui.camera import Camera
from game.ui.placing import ABOVE, BELOW, CORNERS, LEFT, RIGHT, box_at, least_hiding_box
from game.ui.tokens import Fonts, label, label_in, label_size
from game.views import CombatantView

REACH = (80, 200, 255, 70)
PATH = (255, 255, 255)
WATCHED = (230, 60, 60)
TARGET = (255, 220, 0)
WEDGE = (255, 160, 0, 60)
BLAST = (255, 80, 40, 80)
LANDING = (255, 200, 40)
CHARGE_END = (190, 120, 255, 90)
FORMATION = (60, 230, 120, 120)  # a squad's formation under the mouse
REFUSED_FORMATION = (230, 60, 60, 120)


class Shading(NamedTuple):
    """The turn's shaded hexes: what they were made from, one translucent layer (None when
    nothing is shaded) and its top-left corner on screen."""

    key: tuple
    layer: pygame.Surface | None
    topleft: tuple[int, int]


def polygon(camera: Camera, h: Hex) -> list[tuple[float, float]]:
    """A hex's corners on screen."""
    return [camera.to_screen(x, y) for x, y in camera.layout.hex_corners(h)]


def percent(chance) -> str:
    """A chance as the table reads it: whole percent."""
    return f"{round(float(chance) * 100)}%"


ODDS_SIDES = (ABOVE, BELOW, RIGHT, LEFT)


def ring_rect(camera: Camera, h: Hex, radius: int) -> pygame.Rect:
    """The square a target ring of `radius` on hex `h` covers on screen."""
    x, y = camera.hex_center(h)
    return pygame.Rect(round(x) - radius, round(y) - radius, 2 * radius, 2 * radius)


def odds_box(size: tuple[int, int], ring: pygame.Rect, blocked: list[pygame.Rect],
             inside: pygame.Rect, words: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a target's odds go: above its ring, else the first other side (then corner) that
    hides no other token and no odds already placed, and the least of the `words` on the table
    (names, health: none where it can); else above anyway (a crowded table still shows them)."""
    return (least_hiding_box(size, ring, ODDS_SIDES + CORNERS, 2, blocked, words, inside)
            or box_at(size, ring, ABOVE, 2))


def odds_words(option: AttackOption) -> str:
    """The odds beside a target: the chance to hit, or for a squad's volley the chance of full
    and of half damage (Seed 002, Squads: one roll read in three bands)."""
    bands = dict(option.bands)
    if bands:
        return f"full {percent(bands['full'])} / half {percent(bands['half'])}"
    return percent(option.odds.chance)


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
        the camera, the wedge or (aiming a grenade) the hovered hex change. The frame lays it
        into its copy of the board, so the shading costs nothing per frame."""
        key = (options, kind, camera, wedge, charge_target, hover if kind == "grenade" else None)
        if key != self._shaded.key:  # the shaded hexes change with the choices, not with the mouse
            moves = {o.hex: o for o in options.allowed("move") if isinstance(o, MoveOption)}
            self._shaded = Shading(key, *self._shade(camera, self._fills(options, kind, moves, wedge, charge_target, hover)))
        return self._shaded

    def draw(self, target: pygame.Surface, camera: Camera, options: Options, kind: str,
             standing: Mapping[Hex, CombatantView], hover: Hex | None, line: int,
             words: Sequence[pygame.Rect] = (), inside: pygame.Rect | None = None) -> list[pygame.Rect]:
        """What follows the mouse for `kind` ("move", "attack", "charge", ...) onto `target`: the
        watched hexes, the path and its cost, the targets with their odds (kept off the `words`
        already on the table: names, health, the title, where they can be, and `inside` the part of
        the target the map is seen in); returns the areas
        drawn on (what the next frame must repaint). The shaded hexes come from `shading`."""
        unseen = {c.id for c in standing.values() if c.hidden} if self.table else set()
        drawn = self._watched(target, camera, options, unseen)
        if kind == "move":
            move = self._chosen(options, "move").get(hover)
            if move is not None:
                drawn += self._path(target, camera, move, line)
                if move.hexes:  # a squad: the shape it would take there
                    drawn += self._preview(target, camera, move.hexes, True, "", line)
        attack_kind = "attack" if kind == "move" else kind
        seen = {h: c for h, c in standing.items() if c.id not in unseen}
        drawn += self._targets(target, camera, options, attack_kind, seen, hover, line, words,
                               target.get_rect() if inside is None else inside)
        return drawn

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

    def formation(self, target: pygame.Surface, camera: Camera, shown: FormationOption | None,
                  painted: tuple[Hex, ...], line: int) -> list[pygame.Rect]:
        """A squad's formation under the mouse (green, or red with the reason it is refused),
        or the hexes painted so far; returns the areas drawn on."""
        if painted:
            return self._preview(target, camera, painted, True, f"{len(painted)} painted", line)
        if shown is None:
            return []
        words = (f"{shown.formation} {shown.cost} movement" if shown.allowed else shown.refused)
        return self._preview(target, camera, shown.hexes, shown.allowed, words, line)

    def _preview(self, target: pygame.Surface, camera: Camera, hexes: tuple[Hex, ...], allowed: bool,
                 words: str, line: int) -> list[pygame.Rect]:
        layer, topleft = self._shade(camera, [(h, FORMATION if allowed else REFUSED_FORMATION) for h in hexes])
        drawn = [target.blit(layer, topleft)] if layer is not None else []
        if words and hexes:
            x, y = camera.hex_center(hexes[0])
            drawn.append(label(target, self.fonts, words, line, (x, y + line * 1.5), "midtop"))
        return drawn

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
        radius = max(2, round(camera.zoom * camera.layout.tile_width / 10))
        drawn = []
        for watched in options.watched:
            if watched.watchers and set(watched.watchers) <= unseen:
                continue  # only hidden watchers cover it: the table must not learn they are there
            x, y = camera.hex_center(watched.hex)
            drawn.append(pygame.draw.circle(target, WATCHED, (round(x), round(y)), radius))
        return drawn

    def _path(self, target: pygame.Surface, camera: Camera, move: MoveOption, line: int) -> list[pygame.Rect]:
        points = [camera.hex_center(h) for h in move.path]
        drawn = []
        if len(points) > 1:
            drawn.append(pygame.draw.lines(target, PATH, False, points, max(2, line // 8)))
        x, y = camera.hex_center(move.hex)
        drawn.append(label(target, self.fonts, f"{move.cost}", line, (x, y), "center"))
        return drawn

    def _targets(self, target: pygame.Surface, camera: Camera, options: Options, kind: str,
                 standing: Mapping[Hex, CombatantView], hover: Hex | None, line: int,
                 words: Sequence[pygame.Rect], inside: pygame.Rect) -> list[pygame.Rect]:
        by_id = {c.id: c.hex for c in standing.values()}  # a squad's target ring sits on its anchor
        hovered = standing.get(hover) if hover is not None else None
        me = by_id.get(options.actor)
        radius = max(6, round(camera.zoom * camera.layout.tile_width * 0.45))
        rings = {h: ring_rect(camera, h, radius) for h in standing}
        drawn: list[pygame.Rect] = []
        odds_boxes: list[pygame.Rect] = []
        for option in self._chosen(options, kind).values():
            if not isinstance(option, AttackOption) or option.target not in by_id:
                continue
            there = by_id[option.target]
            x, y = camera.hex_center(there)
            drawn.append(pygame.draw.circle(target, TARGET, (round(x), round(y)), radius, max(2, line // 10)))
            odds = odds_words(option)
            if hovered is not None and hovered.id == option.target:  # any hex of a squad
                odds += f"  {float(option.expected_damage):.1f} dmg"
                if me is not None:
                    drawn.append(pygame.draw.line(target, TARGET, camera.hex_center(me), (x, y), max(2, line // 10)))
                cover = option.cover.text(lambda h: f"({h.q}, {h.r})") if option.cover else ""
                if cover and cover != "in the open":
                    drawn.append(label(target, self.fonts, cover, line, (x, y + radius + line * 2.2), "midtop"))
            blocked = [ring for h, ring in rings.items() if h != there] + odds_boxes
            box = odds_box(label_size(self.fonts, odds, line), rings[there], blocked, inside, words)
            odds_boxes.append(label_in(target, self.fonts, odds, line, box))
        return drawn + odds_boxes
