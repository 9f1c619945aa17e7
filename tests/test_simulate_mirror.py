"""Mirrored fights: the player under test takes each camp in turn, and the tally is the same
however many worker processes play the fights."""

from pathlib import Path

from game.simulate.mirror import mirrored

MAPS = Path(__file__).resolve().parent.parent / "maps"


def test_each_camp_is_held_in_turn_by_the_player_under_test():
    tally = mirrored(MAPS / "squad_ridge.tmx", "tactical", "random", fights=4)
    assert tally.fights == 4
    assert {camp: (t.player_fights, t.opponent_fights) for camp, t in tally.camps.items()} == {
        "enemies": (2, 2), "pcs": (2, 2)}
    assert tally.wins + tally.draws <= 4


def test_worker_processes_give_the_same_tally_as_one_process():
    alone = mirrored(MAPS / "squad_ridge.tmx", "random", "computer", fights=6)
    shared = mirrored(MAPS / "squad_ridge.tmx", "random", "computer", fights=6, jobs=2)
    assert shared == alone
    assert alone.wins < alone.fights  # random should lose some to the computer: a real contest
