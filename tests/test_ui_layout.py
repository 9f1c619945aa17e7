"""The one label pass (game.ui.layout) on its own: pure geometry, no screen."""

from __future__ import annotations

import random

import pytest

import tests.ui_kit  # noqa: F401  (the dummy video driver before pygame starts)

import pygame  # noqa: E402

from game.ui.layout import (RANKS, SIDES, STAND_OFF, Disc, LabelLayout, Placed, Taken, Wanted, circle_hits,
                            rank_key, spot, spots)

WINDOW = pygame.Rect(0, 0, 1280, 800)


def _scatter(seed: int, tokens: int, spread: float, kinds=("name", "health", "condition")):
    """Random tokens (discs of radius 20) with a label of each kind, `spread` pixels apart on average."""
    stream = random.Random(seed)
    columns = max(1, int(WINDOW.width // spread))
    discs, wanted = [], []
    for i in range(tokens):
        x = 40 + (i % columns) * spread + stream.uniform(-spread / 4, spread / 4)
        y = 40 + (i // columns) * spread * 0.8 + stream.uniform(-spread / 4, spread / 4)
        discs.append(Disc(i, x, y, 20))
        for kind in kinds:
            width = stream.randrange(30, 160)
            wanted.append(Wanted(f"{kind} {i}", (width, 24), i, kind, (x, y, 20), stream.randrange(3) * 1000 + i,
                                 ((f"{i}", (24, 24)),) if kind == "name" else ()))
    return discs, wanted


def _check(laid, discs: list[Disc], keep_off=()) -> None:
    """No label over another, over a disc or a kept-off area, or outside the window."""
    rects = [label.rect for label in laid.placed]
    for index, rect in enumerate(rects):
        assert WINDOW.contains(rect)
        assert rect.collidelist(rects[index + 1:]) == -1
        assert rect.collidelist(list(keep_off)) == -1
        assert not any(circle_hits(disc, rect) for disc in discs), laid.placed[index]


def test_every_side_puts_a_label_beside_the_circle_and_clear_of_it():
    beside = (500.0, 400.0, 30.0)
    for side in {side for sides in SIDES.values() for side in sides} - {"centre"}:
        rect = spot(side, beside, (120, 24), 3)
        assert not circle_hits(Disc(0, *beside), rect), side
        gap = max(rect.left - 500, 0, 500 - rect.right) ** 2 + max(rect.top - 400, 0, 400 - rect.bottom) ** 2
        assert 30 <= gap ** 0.5 <= 30 + 3 + 2, side  # it touches the circle, a gap away


def test_a_name_goes_below_its_token_health_above_and_odds_above_the_ring():
    laid = LabelLayout().place([Wanted("Thug 9", (80, 24), 9, "name", (300, 300, 20)),
                                Wanted("6/6", (40, 24), 9, "health", (300, 300, 20)),
                                Wanted("60%", (50, 24), 4, "odds", (600, 300, 26))],
                               [Disc(9, 300, 300, 20), Disc(4, 600, 300, 20)], WINDOW)
    where = {label.kind: label.rect for label in laid.placed}
    assert where["name"].midtop == (300, 323) and where["health"].midbottom == (300, 277)
    assert where["odds"].midbottom == (600, 271)
    assert not laid.omitted and all(label.leader is None for label in laid.placed)


@pytest.mark.parametrize("seed", range(12))
def test_no_label_covers_another_label_a_disc_or_a_kept_off_area(seed):
    discs, wanted = _scatter(seed, 60, 150)
    keep_off = [pygame.Rect(0, 700, 1280, 100)]  # an action bar along the bottom
    laid = LabelLayout().place(wanted, discs, WINDOW, keep_off)
    _check(laid, discs, keep_off)
    assert len(laid.placed) + len(laid.omitted) == len(wanted)


@pytest.mark.parametrize("seed", range(8))
def test_a_label_standing_off_has_a_leader_from_its_token_crossing_no_other_disc(seed):
    discs, wanted = _scatter(seed, 80, 110)
    laid = LabelLayout().place(wanted, discs, WINDOW)
    standing_off = [label for label in laid.placed if label.leader is not None]
    assert standing_off  # crowded enough that some must stand off
    beside = {(w.owner, w.kind): w.beside for w in wanted}
    for label in standing_off:
        x, y, r = beside[(label.owner, label.kind)]
        x1, y1, x2, y2 = label.leader
        assert abs(((x1 - x) ** 2 + (y1 - y) ** 2) ** 0.5 - r) <= 1.5  # from the token's edge
        assert label.rect.inflate(2, 2).collidepoint(x2, y2)  # to the label
        for disc in discs:
            if disc.owner != label.owner:
                assert not _segment_through(disc, label.leader), (label, disc)


def _segment_through(disc: Disc, line) -> bool:
    """Whether a segment passes inside a disc (sampled finely)."""
    x1, y1, x2, y2 = line
    return any((x1 + (x2 - x1) * t / 50 - disc.x) ** 2 + (y1 + (y2 - y1) * t / 50 - disc.y) ** 2 < disc.radius ** 2
               for t in range(51))


@pytest.mark.parametrize("seed", range(10))
def test_a_label_is_left_off_only_when_no_spot_is_free_in_the_final_picture(seed):
    # The last resort: labels are placed by rank (RANKS, then each one's order), making room by
    # moving one label where that helps, and what is left off has no free spot among the discs,
    # kept-off areas and every label placed.
    discs, wanted = _scatter(seed, 120, 80)
    keep_off = [pygame.Rect(600, 0, 200, 800)]
    laid = LabelLayout().place(wanted, discs, WINDOW, keep_off)
    _check(laid, discs, keep_off)
    assert laid.omitted  # crowded enough that some are left off
    taken = Taken.of(discs, keep_off)
    for label in laid.placed:
        taken.add_label(label)
    for left_off in laid.omitted:
        assert LabelLayout().first_free(left_off, taken, WINDOW) is None, left_off


def test_the_lowest_ranks_are_left_off_first():
    # Two tokens side by side in a window with room for few labels: the conditions go first,
    # then the health, while both names stay.
    window = pygame.Rect(0, 0, 200, 90)
    discs = [Disc(1, 60, 45, 20), Disc(2, 140, 45, 20)]
    wanted = [Wanted(f"{kind} {i}", (70, 20), i, kind, (d.x, d.y, 20), i)
              for i, d in zip((1, 2), discs) for kind in ("condition", "health", "name")]
    laid = LabelLayout().place(wanted, discs, window)
    kept = {(label.owner, label.kind) for label in laid.placed}
    assert {(1, "name"), (2, "name")} <= kept
    assert all(w.kind != "name" for w in laid.omitted) and laid.omitted
    assert RANKS.index("name") < RANKS.index("health") < RANKS.index("condition")


def test_a_label_keeps_its_spot_while_it_stays_free_and_moves_with_its_token():
    discs, wanted = _scatter(3, 40, 160)
    layout = LabelLayout()
    first = {(p.owner, p.kind): p.rect for p in layout.place(wanted, discs, WINDOW).placed}
    # Token 0 walks off to the far corner: nobody else's label moves.
    moved = [Disc(0, 1200, 760, 20) if d.owner == 0 else d for d in discs]
    moving = [Wanted(w.text, w.size, w.owner, w.kind, (1200, 760, 20), w.order, w.shorter) if w.owner == 0 else w
              for w in wanted]
    second = {(p.owner, p.kind): p.rect for p in layout.place(moving, moved, WINDOW).placed}
    for key, rect in first.items():
        if key[0] != 0 and key in second:
            blocked = second.get((0, "name"), pygame.Rect(0, 0, 0, 0))
            assert second[key] == rect or rect.colliderect(blocked), key


def test_a_label_pushed_aside_stays_there_when_its_first_spot_frees_up():
    # The path's cost took the spot below Ana, so her name went to her right; when the mouse moves
    # on, her name stays at her right (a fresh pass would put it below): labels do not jump back.
    layout = LabelLayout()
    disc, name = Disc(1, 300, 300, 20), Wanted("Ana", (60, 24), 1, "name", (300, 300, 20))
    cost = Wanted("3", (30, 24), None, "cost", (300, 340, 0))
    pushed = {p.kind: p.rect for p in layout.place([name, cost], [disc], WINDOW).placed}["name"]
    assert pushed.midtop != (300, 323)
    assert layout.place([name], [disc], WINDOW).placed[0].rect == pushed
    assert LabelLayout().place([name], [disc], WINDOW).placed[0].rect.midtop == (300, 323)


def test_a_label_moves_when_a_new_label_of_higher_rank_takes_its_spot():
    layout = LabelLayout()
    disc = Disc(1, 300, 300, 20)
    name = Wanted("Ana", (60, 24), 1, "name", (300, 300, 20))
    before = layout.place([name], [disc], WINDOW).placed[0].rect
    cost = Wanted("3", (30, 24), None, "cost", (300, 340, 0))  # the path's cost, on the hex below
    after = {p.kind: p.rect for p in layout.place([name, cost], [disc], WINDOW).placed}
    assert after["name"] != before and not after["name"].colliderect(after["cost"])


def test_a_label_beside_its_token_keeps_clear_of_other_tokens_or_stands_off():
    # Thug 9 right above Boomer: Boomer's odds above his ring would fit, 5 pixels under Thug 9's
    # disc, and read as Thug 9's ("60%" under "Thug 9" but Boomer's). They go to another side.
    boomer, thug = Disc(13, 300, 300, 28), Disc(9, 300, 220, 20)
    laid = LabelLayout().place([Wanted("60%", (50, 24), 13, "odds", (300, 300, 28))], [boomer, thug], WINDOW)
    odds = laid.placed[0]
    assert odds.rect.bottom != 269  # not above the ring
    clear = odds.rect.inflate(2 * round(0.4 * 24), 2 * round(0.4 * 24))
    assert odds.leader is not None or not circle_hits(thug, clear)


def test_a_shorter_text_is_tried_before_a_label_is_left_off():
    window = pygame.Rect(0, 0, 130, 60)
    want = Wanted("Thug 10 the terrible", (200, 20), 1, "name", (65, 30, 10), shorter=(("T10", (30, 20)),))
    laid = LabelLayout().place([want], [Disc(1, 65, 30, 10)], window)
    assert [label.text for label in laid.placed] == ["T10"]


def test_others_labels_and_kept_off_areas_are_kept_off():
    banner = Placed("Thug 9's turn", pygame.Rect(200, 260, 200, 30), None, "banner")
    bar = pygame.Rect(0, 330, 1280, 100)
    disc = Disc(1, 300, 300, 20)
    laid = LabelLayout().place([Wanted("Ana", (60, 24), 1, "name", (300, 300, 20)),
                                Wanted("4/6", (40, 24), 1, "health", (300, 300, 20))], [disc], WINDOW, [bar], [banner])
    for label in laid.placed:
        assert not label.rect.colliderect(bar) and not label.rect.colliderect(banner.rect)


def test_spots_stand_off_no_further_than_the_last_ring():
    sizes = (90, 24)
    found = list(spots("name", (400, 400, 20), sizes, 3))
    assert max(ring for (_, ring), _ in found) == STAND_OFF
    assert found[0][0] == ("below", 0)
    remembered = list(spots("name", (400, 400, 20), sizes, 3, ("left", 2)))
    assert remembered[0][0] == ("left", 2)


def test_at_most_repairs_labels_a_pass_try_to_make_room(monkeypatch):
    # A window far too crowded: most labels find no spot, and only the first REPAIRS of them may
    # try moving another label to make room (a crowded window would spend its frame trying).
    from game.ui import layout

    tries = []
    make_room = LabelLayout._make_room
    monkeypatch.setattr(LabelLayout, "_make_room", lambda self, want, room: (tries.append(want), make_room(self, want, room))[1])
    discs, wanted = _scatter(5, 160, 55)
    laid = LabelLayout().place(wanted, discs, WINDOW)
    assert len(laid.omitted) > layout.REPAIRS  # more labels found no spot than may try
    assert len(tries) == layout.REPAIRS
    assert [rank_key(w) for w in tries] == sorted(rank_key(w) for w in tries)  # the highest ranks try


class _Forgetful(LabelLayout):
    """The label pass without its memory of the labels left off last frame."""

    def place(self, *args, **kwargs):
        self._left_off.clear()
        return super().place(*args, **kwargs)


def _frames(seed: int):
    """A crowded window over several frames: the same frame again, a token walking off, labels
    gone, an action bar appearing, tokens walking back."""
    discs, wanted = _scatter(seed, 120, 80)
    frames = [(wanted, discs, ()), (wanted, discs, ())]
    moved = [Disc(d.owner, d.x + 300, d.y, d.radius) if d.owner == 7 else d for d in discs]
    walked = [Wanted(w.text, w.size, w.owner, w.kind, (w.beside[0] + 300, *w.beside[1:]), w.order, w.shorter)
              if w.owner == 7 else w for w in wanted]
    frames += [(walked, moved, ()), (walked, moved, ()), (walked[::2], moved, ()), (walked[::2], moved, ())]
    frames += [(walked, moved, (pygame.Rect(0, 600, 1280, 200),)), (wanted, discs, ()), (wanted, discs, ())]
    return frames


@pytest.mark.parametrize("seed", range(4))
def test_the_labels_left_off_last_frame_are_placed_the_same_without_remembering_them(seed):
    remembering, forgetful = LabelLayout(), _Forgetful()
    for wanted, discs, keep_off in _frames(seed):
        kept = remembering.place(wanted, discs, WINDOW, keep_off)
        assert kept == forgetful.place(wanted, discs, WINDOW, keep_off)
        _check(kept, discs, keep_off)


def test_a_label_left_off_is_not_tried_again_while_all_within_its_reach_stays(monkeypatch):
    discs, wanted = _scatter(2, 120, 80)
    layout = LabelLayout()
    for _ in range(3):  # the same frame again and again: its places settle
        left_off = layout.place(wanted, discs, WINDOW).omitted
    assert left_off
    tried = []
    first_free = LabelLayout._first_free
    monkeypatch.setattr(LabelLayout, "_first_free", lambda self, want, room: (tried.append(want), first_free(self, want, room))[1])
    assert layout.place(wanted, discs, WINDOW).omitted == left_off
    assert tried and not {id(want) for want in tried} & {id(want) for want in left_off}
