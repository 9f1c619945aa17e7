"""The label layout's rules, checked on a frame's record (`hexbattle render --layout`) and in its
pixels; and random mid-fight states of a map, played through the facade."""

from __future__ import annotations

import math

import pygame

from game.savefile import battle_from_map
from game.players.baseline import random_player
from game.ui.labels import PIP_FULL
from game.ui.layout import STAND_OFF, LabelLayout, Taken
from game.ui.look import DOWN_GREY, LABEL_BACKING, TARGET, side_colour

GAP = 3  # LabelLayout's gap between a label and what it stands beside
NEAR = 2.0  # a label's circle (a disc, the acting token's mark, a target's ring) is at most this many radii


def mid_fight(path, seed: int, actions: int):
    """A battle on the map after `actions` random legal actions (the simulator's random player,
    through the facade), stopping early if it ends."""
    battle = battle_from_map(path, seed)
    play = random_player(seed)
    for _ in range(actions):
        if battle.state.ended:
            break
        battle.submit(play(battle))
    return battle


def distance(rect: pygame.Rect, x: float, y: float) -> float:
    """From a point to the nearest point of a rectangle (0 inside it)."""
    dx = max(rect.left - x, 0.0, x - rect.right)
    dy = max(rect.top - y, 0.0, y - rect.bottom)
    return math.hypot(dx, dy)


def overlaps_disc(rect: pygame.Rect, disc) -> bool:
    """Whether a rectangle covers part of a disc [x, y, r] (touching does not count)."""
    x, y, r = disc
    return distance(rect, x, y) < r - 0.5


def check_record(record: dict, whole_names: bool = False) -> None:
    """The layout's rules on a record: labels inside the window, none over another or over any
    disc, each beside its own token (a leader line from it when it stands off), names whole."""
    width, height = record["size"]
    window = pygame.Rect(0, 0, width, height)
    labels = record["labels"]
    rects = [pygame.Rect(label["rect"]) for label in labels]
    for index, (label, rect) in enumerate(zip(labels, rects)):
        assert window.contains(rect), label
        assert rect.collidelist(rects[index + 1:]) == -1, (label, labels[index + 1 + rect.collidelist(rects[index + 1:])])
        for token in record["tokens"]:
            assert not overlaps_disc(rect, token["disc"]), (label, token)
        if label["owner"] is not None and label["kind"] not in ("banner", "title"):
            _check_beside(label, rect, [t["disc"] for t in record["tokens"] if t["id"] == label["owner"]])
    if whole_names:
        names = {t["id"]: t["name"] for t in record["tokens"]}
        for label in labels:
            if label["kind"] == "name":
                assert label["text"] in (names[label["owner"]], f"{names[label['owner']]} (hidden)"), label
        assert not [o for o in record["omitted"] if o["kind"] == "name"], record["omitted"]


def _check_beside(label: dict, rect: pygame.Rect, discs: list) -> None:
    """A label touches its own token's circle, or stands off at most STAND_OFF lines with a
    leader line from that token's edge to the label."""
    assert discs, label
    x, y, r = discs[0]  # the token's own hex (a squad's anchor) comes first
    near = distance(rect, x, y)
    if "leader" not in label:
        assert near <= NEAR * r + GAP + 2, (label, discs[0], near)
        return
    assert near <= NEAR * r + GAP + STAND_OFF * (rect.height + GAP) + 2, (label, discs[0], near)
    x1, y1, x2, y2 = label["leader"]
    assert abs(math.hypot(x1 - x, y1 - y) - NEAR * r) <= NEAR * r, label  # it starts at the token's edge
    assert distance(rect, x2, y2) <= 1.5, label  # and ends on the label


def check_pixels(image: pygame.Surface, record: dict, views) -> None:
    """In the pixels: each label's edge is its backing (odds: the rings' yellow), so nothing was
    drawn over a label; each disc still shows its colour beside its letter, so no label hides it."""
    for label in record["labels"]:
        if label["kind"] == "banner":  # the banner and the bar draw their own look (badge, chips, buttons)
            continue
        rect = pygame.Rect(label["rect"])
        expected = TARGET if label["kind"] == "odds" else LABEL_BACKING
        for x, y in _edge(rect.inflate(-2, -2)):
            assert tuple(image.get_at((x, y)))[:3] == expected, (label, (x, y), image.get_at((x, y)))
        if label["kind"] == "health" and any(c.id == label["owner"] and c.side == "pcs" for c in views) \
                and record["view"] == "table":
            assert _holds(image, rect, PIP_FULL) or _holds(image, rect, (0x55, 0x55, 0x5C)), label
    colours = {c.id: (side_colour(c.side) if c.in_fight else DOWN_GREY) for c in views}
    for token in record["tokens"]:
        x, y, r = token["disc"]
        for dx in (-0.7, 0.7):
            seen = tuple(image.get_at((round(x + dx * r), round(y))))[:3]
            assert seen == colours[token["id"]] or not _under_label(record, x + dx * r, y), (token, seen)


def _under_label(record: dict, x: float, y: float) -> bool:
    """Whether a point lies in a label's rectangle."""
    return any(pygame.Rect(label["rect"]).collidepoint(round(x), round(y)) for label in record["labels"])


def _edge(rect: pygame.Rect, step: int = 3) -> list[tuple[int, int]]:
    """Points along a rectangle's border, every few pixels."""
    xs = list(range(rect.left, rect.right, step))
    ys = list(range(rect.top, rect.bottom, step))
    return ([(x, rect.top) for x in xs] + [(x, rect.bottom - 1) for x in xs]
            + [(rect.left, y) for y in ys] + [(rect.right - 1, y) for y in ys])


def _holds(image: pygame.Surface, rect: pygame.Rect, colour) -> bool:
    """Whether a colour appears in a rectangle of the image."""
    return any(tuple(image.get_at((x, y)))[:3] == tuple(colour)
               for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom))


def capital_height(image: pygame.Surface, rect: pygame.Rect) -> int:
    """The rendered height of a label's first letter: the rows its bright pixels span, between
    the first column with any and the next column with none."""
    def bright(x: int, y: int) -> bool:
        return min(image.get_at((x, y))[:3]) > 128

    rows = range(rect.top + 1, rect.bottom - 1)
    columns = [x for x in range(rect.left + 1, rect.right - 1) if any(bright(x, y) for y in rows)]
    if not columns:
        return 0
    first = [columns[0]]
    while first[-1] + 1 in columns:
        first.append(first[-1] + 1)
    lit = [y for y in rows if any(bright(x, y) for x in first)]
    return lit[-1] - lit[0] + 1


class PassWatcher:
    """Records every call of the label pass (its input and result), to check the order labels
    are left off in on real frames."""

    def __init__(self, monkeypatch) -> None:
        """Watch every `LabelLayout.place` until the test ends."""
        self.calls: list[tuple[tuple, object]] = []
        place = LabelLayout.place

        def watched(layout, wanted, discs, inside, keep_off=(), fixed=()):
            laid = place(layout, wanted, discs, inside, keep_off, fixed)
            self.calls.append(((list(wanted), list(discs), inside, list(keep_off), list(fixed)), laid))
            return laid

        monkeypatch.setattr(LabelLayout, "place", watched)


def check_left_off_in_order(call) -> None:
    """The last resort on one pass: a label is left off only when discs, kept-off areas, others'
    labels and every label placed leave it no spot in the final picture."""
    (wanted, discs, inside, keep_off, fixed), laid = call
    taken = Taken.of(discs, keep_off, fixed)
    for label in laid.placed:
        taken.add_label(label)
    for left_off in laid.omitted:
        assert LabelLayout().first_free(left_off, taken, inside) is None, left_off
