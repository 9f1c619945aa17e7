"""A whole frame: the cached board, the tokens, the turn's overlays and every label, for the
table or the console.

A frame is a function of the battle's state, the view, the camera and what the player aims;
the caches in `Frame` (board per zoom, images, fonts, texts) only save work and never change
what is drawn. Labels are the one exception to "pure": each keeps its last spot while that
spot stays free (game.ui.layout), so that nothing jumps between frames.
"""

from __future__ import annotations

import io
import os
from collections.abc import Iterable, Iterator, Sequence

import pygame

from game.battle import Battle
from game.ui.banner import Seat, banner_for
from game.ui.banner_kit import table_room
from game.ui.banner_picture import BannerPicture
from game.ui.board import Board, Ground
from game.ui.camera import Camera, fit, still
from game.ui.deciding import Named, draw_stake, marked, table_stake
from game.scenario.mapprops import computer_plays
from game.ui.labels import label, paint
from game.ui.layout import LabelLayout, Laid, Placed, record
from game.ui.look import VIEWS, letter_height, text_height
from game.ui.overlays import Aim, Aimed, Overlays, Shading
from game.ui.tokens import Tokens
from game.ui.tracker import table_line
from game.ui.watching import NO_SHADING, Watches, merged

MARGIN_FRACTION = 0.02
ZOOM_STEP = 1.15
"""How much one step of the mouse wheel zooms (the window zooms by ZOOM_STEP ** steps)."""


def title_strip(size: tuple[int, int]) -> int:
    """Height of the strip along the top that holds the title line."""
    return text_height(size[1]) + 8


def camera_for(battle: Battle, board: Board, size: tuple[int, int], below: int = 0) -> Camera:
    """The camera that shows the whole map under the title line and above the `below` pixels
    kept for controls along the bottom."""
    edge = round(min(size) * MARGIN_FRACTION)
    return fit(board.bounds, size, (edge, title_strip(size) + edge, edge, edge + below), board.layout)


def title_line(battle: Battle, view: str = "table") -> str:
    """The scenario's title, the round and the morale the PCs read; on the console whose turn it
    is and who is next too (the table's banner says that, large)."""
    return f"{battle.scenario.title} - {table_line(battle, turn=view != 'table')}"


class Frame:
    """Draws frames of one battle's map, keeping what does not change between frames.

    A frame is the board (with the turn's shading and the overwatch wedges laid into a copy of
    the part of it they cover, `Ground`), the tokens, what the player is aiming (`Aim`: path,
    rings), then every label from one pass (game.ui.layout): the title, names, health,
    conditions, odds, cover, cost. When the target still holds this drawer's previous frame and
    the camera has not moved, only the areas the previous frame drew on are repainted from the
    cached board; when it has moved, the whole board is drawn and the background put back only
    where the last frame's board and drawing were. Either way the picture is the same as a full
    repaint (tests check it), for a fraction of the copying; a frame drawn from the very same
    things as the last one onto the same target, nothing else having drawn there, is not drawn
    again (the target holds it). Nothing is drawn outside the part of the target the caller
    leaves it (`within`), so what covers the rest (the banner and bar) stays as it was laid. A caller that
    draws anything else on the target passes `repaint_all=True` (or names the areas in `also`).
    `record` holds what the last frame drew, as `hexbattle render --layout` writes it.
    """

    def __init__(self, battle: Battle, view: str = "table", board: Board | None = None) -> None:
        """A frame drawer for the battle's map and a view ("table" or "console"); `board`, the
        map's picture, may be shared with another view of the same battle."""
        if view not in VIEWS:
            raise ValueError(f"view must be one of {', '.join(VIEWS)}, got {view!r}")
        self.board = board or Board(battle.scenario)
        self.tokens = Tokens(view)
        self.overlays = Overlays(self.tokens.fonts, table=view == "table")
        self.view = view
        self.watches = Watches(view)
        self.labels = LabelLayout()
        self._titled: tuple = (None, "", "")
        self._views: tuple = (None, ())
        self._merged: tuple = (None, NO_SHADING)
        self._placed: tuple = (None, None)
        self.ground = Ground(self.board)
        self._last: tuple | None = None
        self._scene: tuple | None = None
        self._shaded: tuple | None = None  # the key of the shading the last frame's board holds
        self.rough = False
        """Whether the last frame's board was sketched from another zoom's picture (`Board.sketch`)."""
        self.inside = pygame.Rect(0, 0, 0, 0)
        """The part of the target the last frame's map was seen in (labels stay inside it)."""
        self.record: dict = {}
        """What the last frame drew: tokens, labels placed and left off (game.ui.layout.record)."""
        self.repainted: list[pygame.Rect] | None = None
        """Where the last frame put the map back over what others had drawn beside it (None: all
        over the target, a new one or one painted whole), so that what stands beside the map (the
        banner) needs laying again only there."""

    def draw(self, target: pygame.Surface, battle: Battle, camera: Camera, repaint_all: bool = False,
             also: Iterable[pygame.Rect] = (), under: Shading | None = None, seen_in: pygame.Rect | None = None,
             aim: Aim | None = None, keep_off: Sequence[pygame.Rect] = (), others: Sequence[Placed] = (),
             within: pygame.Rect | None = None, rough: bool = False) -> None:
        """One frame of the battle as it stands, onto `target`, drawn only `within` that part of
        it (all of it if None: what covers the rest, a banner, the console's tools, is not drawn
        under; `uncovered`). `also` names areas something else drew on over the last frame,
        repainted from the board too; `under` is the turn's shaded hexes, laid into the board
        below the tokens; `aim` what the player is aiming (None: no overlays); labels stay in
        `seen_in`, the part of the target the map is seen in (all of it if None), off the
        `keep_off` rectangles and off `others`, labels someone else draws (banners), which the
        frame's `record` lists with its own. When `rough`, a board not drawn yet at the camera's
        zoom is sketched from another zoom's picture (`Board.sketch`) and `self.rough` says so:
        the caller draws the exact one (`prepare`) and a frame again soon after."""
        also = list(also)
        scene = (_scene(target, battle, camera, under or NO_SHADING, seen_in, aim, keep_off, others),
                 None if within is None else tuple(within))
        if scene == self._scene and not repaint_all and not also:
            self.repainted = []
            return  # the target still holds this very frame
        self._scene = scene
        self.board.suit(target)
        self.inside = target.get_rect() if seen_in is None else pygame.Rect(seen_in)
        clip = target.get_clip()
        if within is not None:
            target.set_clip(within.clip(clip))  # what covers the rest (a banner) is not drawn under
        try:
            self._draw(target, battle, camera, (repaint_all, rough), also, under or NO_SHADING, aim, keep_off, others)
        finally:
            target.set_clip(clip)
        if self.rough:  # nothing of this frame is kept: the next one is drawn whole from the exact board
            self._scene, self._last = None, (*self._last[:2], None, *self._last[3:])

    def _draw(self, target: pygame.Surface, battle: Battle, camera: Camera, whole: tuple[bool, bool], also: list,
              under: Shading, aim: Aim | None, keep_off: Sequence[pygame.Rect], others: Sequence[Placed]) -> None:
        """The frame, drawn within the part of the target left to it (`Frame.draw`); `whole` says
        whether to repaint all and whether a sketched board will do."""
        placed = self._board(target, battle, camera, whole[0], also, under, whole[1])
        key = (id(battle), battle.state)
        if self._views[0] != key:  # the combatants are read once per state of the battle
            self._views = (key, self.tokens.shown(battle.combatants()))
        shown, current = self._views[1], marked(battle)  # an open decision marks its decider
        drawn = self.tokens.draw(target, camera, shown, current)
        line, radius = self.label_line(target.get_height()), self.tokens.radius(camera, text_height(target.get_height()))
        aimed = self.overlays.draw(target, camera, aim, line, radius) if aim is not None else draw_stake(
            target, camera, table_stake(battle, shown, self.view == "table"), shown, line, radius, current,
            Named(self.tokens.fonts, battle.place))
        title = self._title(target, battle, self.inside.right)
        fixed = (*([title] if title else []), *others)
        laid = self._laid(target, battle, camera, (shown, current, line), aim, aimed, keep_off, fixed)
        pips_of = {c.id: c for c in shown if c.side == "pcs" and c.health_max > 0} if self.view == "table" else {}
        drawn += aimed.drawn + ([title.rect] if title else []) + paint(target, self.tokens.fonts, laid.placed, line, pips_of)
        # `others` are not drawn here: whoever draws them lays them again each frame or names their old areas in `also`
        self._last = (id(target), target.get_size(), camera, self._shaded, drawn, placed)

    def _board(self, target: pygame.Surface, battle: Battle, camera: Camera, repaint_all: bool,
               also: Iterable[pygame.Rect], under: Shading, rough: bool = False) -> pygame.Rect:
        """The board with the turn's shading and the wedges: only where the last frame (and
        `also`) drew when neither the camera nor the shading changed; else all of it, with the
        background put back only where the last frame's board and drawing lay (the rest of the
        target is background already), or everywhere when the target is new or `repaint_all`;
        when `rough` and the board at the camera's zoom is not drawn yet, sketched from a picture
        at another zoom (`Board.sketch`). Returns where the board lies on the target."""
        shading, last = self._shading(battle, camera, under), self._last
        same_target = last is not None and not repaint_all and last[:2] == (id(target), target.get_size())
        # Nothing is drawn outside `within`: there only what others drew (`also`) is gone.
        self.repainted = also if same_target else None
        covered = [last[5], *last[4], *also] if same_target else None
        self._shaded = shading.key
        placed = self.board.sketch(target, camera, covered) if rough else None
        self.rough = placed is not None
        zoomed = same_target and (last[2] is None or last[2].zoom != camera.zoom)  # None: after a sketch
        if self.rough or (zoomed and not self.ground.made(camera, *shading)):
            # The board's patch is made when a frame reuses it (a pan, a repaint), not at a new
            # zoom, where it would be one more copy of the shaded part: the shading is laid on.
            placed = placed or self.board.draw(target, camera, None, covered)
            _lay(target, shading, camera, placed)
            return placed
        patch = self.ground.patch(camera, *shading)
        if same_target and last[2:4] == (camera, shading.key):
            for rect in [*last[4], *also]:
                self.board.repaint(target, camera, rect, patch)
            return last[5]
        return self.board.draw(target, camera, patch, covered)

    def _laid(self, target: pygame.Surface, battle: Battle, camera: Camera, tokens: tuple, aim: Aim | None,
              aimed: Aimed, keep_off: Sequence[pygame.Rect], fixed: tuple[Placed, ...]) -> Laid:
        """Every label placed by the one pass, and the frame's record; placed again only when
        something it depends on changed (the battle, camera, window, aim, areas kept off)."""
        shown, current, line = tokens
        key = (id(battle), battle.state, camera, target.get_size(), tuple(self.inside), _aim_key(aim),
               tuple(tuple(rect) for rect in keep_off), tuple((p.text, tuple(p.rect), p.owner, p.kind) for p in fixed))
        if self._placed[0] == key:
            return self._placed[1]
        disc_line = text_height(target.get_height())
        discs = self.tokens.discs(camera, shown, disc_line)
        marks = self.tokens.marks(camera, shown, current, disc_line)
        ringed = {ring.owner: ring.radius for ring in aimed.rings}  # a target's labels stand beside its ring
        wanted = list(aimed.wanted)
        for c in shown:
            x, y, reach = self.tokens.beside(camera, c, current, disc_line)
            wanted += self.tokens.wanted(c, (x, y, max(reach, ringed.get(c.id, 0.0))), line, current, target.get_size())
        laid = self.labels.place(wanted, [d for d, _ in discs] + marks + aimed.rings, self.inside, keep_off, fixed)
        self.record = record(target.get_size(), self.view, discs, laid, fixed)
        self._placed = (key, laid)
        return laid

    def prepare(self, camera: Camera, first: int = 1) -> bool:
        """Draw the board ahead of need at the zooms one wheel step in and out of the camera's
        (out first when `first` is -1), one per call, so that the first frame after a wheel step
        finds it drawn (a window calls this while it waits for events: game.ui.ahead); False
        once both are drawn. With `first` 0, the camera's own zoom (after a sketched frame)."""
        for zoom in self._ahead(camera, first):
            self.board.surface(zoom)
            return True
        return False

    def prepare_wanted(self, camera: Camera) -> bool:
        """Whether `prepare` has a picture left to draw for this camera."""
        return any(True for _ in self._ahead(camera))

    def _ahead(self, camera: Camera, first: int = 1) -> Iterator[float]:
        """The zooms one wheel step in and out of the camera's (`first` first) not drawn yet; with
        `first` 0, the camera's own zoom (a sketched board's)."""
        for step in (first, -first) if first else (0,):
            zoom = camera.zoomed_at((0.0, 0.0), ZOOM_STEP ** step).zoom
            if not self.board.has(zoom):
                yield zoom

    def label_line(self, height: int) -> int:
        """The line height of labels on a target this tall: on the table, tall enough for capital
        letters of `letter_height` (read from the back of the room); on the console, the usual."""
        if self.view == "table":
            return self.tokens.fonts.line_for_letters(letter_height(height))
        return text_height(height)

    def _shading(self, battle: Battle, camera: Camera, under: Shading) -> Shading:
        """The turn's shading with the overwatch wedges over it, merged once per change."""
        watches = self.watches.shading(battle, camera)
        key = (under.key, watches.key)
        if self._merged[0] != key:
            self._merged = (key, merged(under, watches))
        return self._merged[1]

    def _title(self, target: pygame.Surface, battle: Battle, room: int) -> Placed | None:
        """The title line, top left, ending before the x `room`: a narrow window keeps the
        tracker and drops the map's title, a narrower one cuts the tracker short ("round 2 -
        Sable's tu…"); None when not even that fits."""
        line = text_height(target.get_height())
        key = (id(battle), battle.state)
        if self._titled[0] != key:  # the log is read once per state of the battle, not per frame
            self._titled = (key, title_line(battle, self.view), table_line(battle, turn=self.view != "table"))
        _, whole, short = self._titled
        font = self.tokens.fonts.font(line)
        words = whole if font.size(whole)[0] <= room - 24 else short
        if font.size(words)[0] > room - 24:  # rare: a window narrower than the tracker's line
            from game.ui.fitting import fitted_words  # loads pygame_gui, which render need not
            words = fitted_words(words, "", lambda w: font.size(w)[0] <= room - 24)
        if not words:
            return None
        return Placed(words, label(target, self.tokens.fonts, words, line, (8, 4), "topleft"), None, "title")


def _lay(target: pygame.Surface, shading: Shading, camera: Camera, board: pygame.Rect) -> None:
    """The turn's shading laid straight onto the board drawn on the target at `board` (its part
    over the board only, as the board's patch holds it)."""
    if shading.layer is not None:
        whole = still(camera)[1]
        spot = shading.layer.get_rect(topleft=(shading.topleft[0] + whole[0], shading.topleft[1] + whole[1]))
        inside = spot.clip(board)
        target.blit(shading.layer, inside.topleft, inside.move(-spot.x, -spot.y))


def uncovered(area: pygame.Rect, covers: Sequence[pygame.Rect]) -> pygame.Rect:
    """What is left of `area` once the covers lying across its whole bottom or its whole right
    side (the banner's strip, the action bar's column, the console's tools) are cut off: where
    a frame needs drawing, the covers being laid over it. A cover that lies elsewhere cuts
    nothing (the frame draws under it)."""
    left = pygame.Rect(area)
    for _ in covers:  # a column may span the whole side only once a strip is cut off
        for cover in covers:
            if cover.left <= left.left and cover.right >= left.right and cover.top < left.bottom <= cover.bottom:
                left.height = max(0, cover.top - left.top)
            if cover.top <= left.top and cover.bottom >= left.bottom and cover.left < left.right <= cover.right:
                left.width = max(0, cover.left - left.left)
    return left


def _scene(target: pygame.Surface, battle: Battle, camera: Camera, under: Shading, seen_in: pygame.Rect | None,
           aim: Aim | None, keep_off: Sequence[pygame.Rect], others: Sequence[Placed]) -> tuple:
    """Everything a frame is drawn from (a frame is a function of these): the target, the
    battle as it stands, the camera, the shading, the area the map is seen in, what is aimed,
    the areas kept off and others' labels."""
    return (id(target), target.get_size(), camera, id(battle), battle.state, under.key,
            None if seen_in is None else tuple(seen_in),
            _aim_key(aim), tuple(tuple(rect) for rect in keep_off),
            tuple((p.text, tuple(p.rect), p.owner, p.kind) for p in others))


def _aim_key(aim: Aim | None) -> tuple | None:
    """What a frame's overlays and labels read of what is aimed."""
    return None if aim is None else (id(aim.options), aim.kind, aim.hover, aim.formation, aim.painted)


def people_aim(battle: Battle, view: str) -> Aim | None:
    """What the window shows by default on whoever must act, when people play them: the
    reachable hexes and the targets with their odds (the "move" mode, the mouse nowhere). Who
    people play is what the map (or the save) gives each side: a side whose controller is a
    computer player (`computer`, `tactical`, `random`) shows nothing, and so does an open
    decision, a finished battle, or on the table an actor the map hides."""
    who = battle.current()
    actor = battle.combatant(who) if who is not None else None
    if actor is None or battle.state.ended or battle.pending() is not None or (actor.hidden and view == "table"):
        return None
    controllers = {side.id: side.controller for side in battle.sides()}
    if computer_plays(controllers.get(actor.side, "")):
        return None
    standing = {h: c for c in battle.combatants() if c.in_fight and c.hex is not None for h in (c.footprint or (c.hex,))}
    return Aim(battle.options(who), "move", standing)


def start_headless() -> None:
    """Start pygame without a window (the dummy video driver when there is no display)."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1), pygame.HIDDEN)


def render_battle(battle: Battle, size: tuple[int, int], view: str = "table",
                  camera: Camera | None = None) -> pygame.Surface:
    """The battle as it stands, drawn on a new surface of `size` as the window draws it (the
    table view with its banner and action bar), without the overlays of whoever acts."""
    return render_frame(battle, size, view, camera, aimed=False)[0]


def render_frame(battle: Battle, size: tuple[int, int], view: str = "table", camera: Camera | None = None,
                 aim: Aim | None = None, aimed: bool = True) -> tuple[pygame.Surface, dict]:
    """The battle drawn as the window would on a new surface of `size`: the table view with its
    banner and action bar (the map fitted clear of them unless a camera is given), with `aim`'s
    overlays, or else `people_aim`'s when `aimed`; and the record of what was drawn
    (game.ui.layout.record), the banner's texts among the labels."""
    frame = Frame(battle, view)
    surface = pygame.Surface(size)
    banner = BannerPicture()
    seen_in = surface.get_rect()
    if view == "table":
        below, beside = table_room(frame.tokens.fonts, size, bar=True)
        seen_in = pygame.Rect(0, 0, size[0] - beside, size[1] - below)
        seat = Seat.of_map(battle)
        banner.make(battle, surface.get_rect(), frame.tokens.fonts, seat, banner_for(battle, seat), size)
    camera = camera or fitted_camera(battle, frame.board, size, view)
    if aim is None and aimed:
        aim = people_aim(battle, view)
    under = frame.overlays.shading(camera, aim.options, aim.kind, aim.hover) if aim is not None else None
    frame.draw(surface, battle, camera, under=under, aim=aim, seen_in=seen_in, keep_off=banner.areas,
               others=banner.labels, within=uncovered(surface.get_rect(), banner.areas))
    banner.lay(surface)
    return surface, frame.record


def fitted_camera(battle: Battle, board: Board, size: tuple[int, int], view: str = "table") -> Camera:
    """The camera `render_frame` fits the map with: clear of the table view's banner and bar."""
    below, beside = table_room(Tokens(view).fonts, size, bar=True) if view == "table" else (0, 0)
    return camera_for(battle, board, (size[0] - beside, size[1]), below)


def png_bytes(surface: pygame.Surface) -> bytes:
    """The surface as a PNG file's bytes."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()
