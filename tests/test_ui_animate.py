"""The animation queue: new events become items with durations, placed one after another in
time (a move plays out first), and expired items are dropped; drawing never changes a battle."""

from __future__ import annotations

from game.actions import Attack, Move
from game.events import Damaged, Exploded, Moved, RoundBegan
from game.hexgrid import Hex
from game.ui.animate import DAMAGE_SECONDS, DICE_SECONDS, STEP_SECONDS, Animations, items_for

from kit import battle_at, unit

SOLDIER = unit(1, "veteran_soldier", "enemies", Hex(0, 0), name="Sgt Voss")
ANA = unit(2, "pc_warrior", "pcs", Hex(5, 0), name="Ana")
WHERE = {1: Hex(0, 0), 2: Hex(5, 0)}.get


def test_a_move_slides_for_a_fraction_of_a_second_per_hex():
    path = (Hex(0, 0), Hex(1, 0), Hex(2, 0), Hex(3, 0))
    [item] = items_for(Moved(1, path), WHERE)
    assert item.kind == "slide" and item.hexes == path and item.duration == 3 * STEP_SECONDS


def test_damage_rises_from_the_target_and_a_blast_rings_its_centre():
    [rise] = items_for(Damaged(2, 4, 10, 6), WHERE)
    assert (rise.kind, rise.hexes, rise.text, rise.duration) == ("damage", (Hex(5, 0),), "-4", DAMAGE_SECONDS)
    [ring] = items_for(Exploded(1, "frag", Hex(2, 2), (Hex(2, 2), Hex(3, 2))), WHERE)
    assert ring.kind == "ring" and ring.hexes == (Hex(2, 2),)
    assert items_for(RoundBegan(2), WHERE) == []


def test_what_follows_a_move_waits_for_it_and_expired_items_are_dropped():
    queue = Animations()
    queue.feed([Moved(1, (Hex(0, 0), Hex(1, 0), Hex(2, 0))), Damaged(2, 4, 10, 6)], 100.0, WHERE)
    slide, rise = queue.items
    assert slide.start == 100.0 and rise.start == 100.0 + 2 * STEP_SECONDS
    assert [i.kind for i in queue.live(100.1)] == ["slide"]
    assert [i.kind for i in queue.live(100.5)] == ["damage"]
    assert queue.live(200.0) == [] and queue.items == []


def test_an_attack_shows_its_d20_face_and_the_queue_follows_the_battle_without_changing_it():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    queue = Animations()
    queue.follow(battle, 0.0)  # what was logged before the window opened is not replayed
    assert queue.items == []
    assert battle.submit(Attack(1, target=2)).accepted
    state = battle.state
    queue.follow(battle, 1.0)
    dice = [i for i in queue.items if i.kind == "die"]
    assert dice and dice[0].duration == DICE_SECONDS and dice[0].hexes == (Hex(0, 0),)
    assert dice[0].good is not None and dice[0].text.isdigit()
    assert battle.state == state


def test_no_animations_queues_nothing():
    queue = Animations(enabled=False)
    queue.feed([Moved(1, (Hex(0, 0), Hex(1, 0)))], 0.0, WHERE)
    assert queue.items == []


def test_an_undo_is_not_animated():
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    queue = Animations()
    queue.follow(battle, 0.0)
    assert battle.submit(Move(1, (Hex(1, 0),))).accepted
    battle.undo()
    queue.follow(battle, 1.0)
    assert queue.items == []


def test_every_kind_draws_over_a_frame_and_the_picture_changes():
    import pygame

    from game.events import Scattered  # noqa: F401  (drawn as a dotted line)
    from game.ui.render import Frame, camera_for, start_headless

    start_headless()
    battle = battle_at([SOLDIER, ANA], first=1, seed=3)
    surface = pygame.Surface((640, 480))
    frame = Frame(battle, "table")
    camera = camera_for(battle, frame.board, surface.get_size())
    frame.draw(surface, battle, camera, repaint_all=True)
    before = pygame.image.tobytes(surface, "RGB")
    queue = Animations()
    queue.feed([Moved(1, (Hex(0, 0), Hex(1, 0))), Damaged(2, 4, 10, 6),
                Exploded(1, "frag", Hex(2, 2), (Hex(2, 2),))], 0.0, WHERE)
    for now in (0.05, 0.2, 0.4):
        queue.draw(surface, camera, frame.tokens, battle, 20, now)
    assert pygame.image.tobytes(surface, "RGB") != before


def test_an_attack_held_back_for_a_protect_decision_shows_its_die_once_the_decision_is_made():
    from game.actions import Hold

    battle = battle_at([unit(1, "thug", "enemies", Hex(3, 0), name="Rook"),
                        unit(2, "pc_warrior", "pcs", Hex(0, 0), name="Ana"),
                        unit(3, "pc_warrior", "pcs", Hex(0, 1), name="Bo")], first=1)
    queue = Animations()
    queue.follow(battle, 0.0)
    assert battle.submit(Attack(1, target=2)).accepted and battle.pending() is not None
    queue.follow(battle, 1.0)
    assert [i.kind for i in queue.items] == []  # paused: no die rolled yet
    assert battle.submit(Hold(3, faces=(12,))).accepted
    queue.follow(battle, 2.0)
    dice = [i for i in queue.items if i.kind == "die"]
    assert [(d.text, d.actor, d.hexes) for d in dice] == [("12", 1, (Hex(3, 0),))]
