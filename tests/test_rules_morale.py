"""Morale as a flat score with threshold bands and factor events (Seed 002, Morale)."""

import pytest

from game.rules.swn.morale import (
    MORALE_BANDS,
    MORALE_FACTORS,
    apply_factor,
    can_be_intimidated,
    loss_change,
    loss_instances,
    loss_step,
    morale_band,
    new_loss_instances,
)


@pytest.mark.parametrize("score, name, attack, ac", [
    (-3, "Panicked", -4, 1), (2, "Panicked", -4, 1),
    (3, "Tactical Retreat", -2, 0), (5, "Tactical Retreat", -2, 0),
    (6, "Careful", 0, 0), (9, "Careful", 0, 0),
    (10, "Bold", 2, 0), (12, "Bold", 2, 0),
    (13, "Fearless", 4, -1), (20, "Fearless", 4, -1),
])
def test_morale_threshold_bands(score, name, attack, ac):
    band = morale_band(score)
    assert (band.name, band.attack, band.ac) == (name, attack, ac)


def test_panicked_and_tactical_retreat_are_retreating():
    assert [b.name for b in MORALE_BANDS if b.retreating] == ["Panicked", "Tactical Retreat"]


def test_bands_cover_every_score_without_gaps():
    for lower, upper in zip(MORALE_BANDS, MORALE_BANDS[1:]):
        assert upper.low == lower.high + 1


@pytest.mark.parametrize("factor, delta", [
    ("leader present (ordinary)", 1), ("leader present (great)", 2),
    ("leader incapacitated (ordinary)", -2), ("leader incapacitated (great)", -4),
    ("surprised", -1), ("lost 20% of forces or HP", -1),
    ("outgunned (negative factor)", -1), ("outgunned (positive factor)", 1),
    ("home territory", 2), ("intimidated", -1),
])
def test_morale_factor_values(factor, delta):
    assert MORALE_FACTORS[factor] == delta


def test_great_leader_at_home_lifts_careful_8_to_bold_12():
    change = apply_factor(8, "leader present (great)")
    change = apply_factor(change.after, "home territory")
    assert change.after == 12 and morale_band(change.after).name == "Bold"


def test_outgunned_on_two_counts_costs_2():
    change = apply_factor(7, "outgunned (negative factor)", times=2)
    assert change.delta == -2
    assert change.text() == "morale 7 -> 5 (outgunned (negative factor) x2)"


def test_unknown_factor_is_named_in_the_error():
    with pytest.raises(ValueError, match="bad vibes"):
        apply_factor(7, "bad vibes")


@pytest.mark.parametrize("starting, step", [(10, 2), (7, 2), (5, 1), (3, 1), (12, 3), (40, 8), (41, 9)])
def test_one_loss_step_is_20_percent_of_the_start_rounded_up(starting, step):
    assert loss_step(starting) == step


def test_seven_soldiers_losing_four_is_two_instances():
    assert loss_instances(7, 4) == 2
    assert loss_instances(7, 1) == 0


def test_losing_everything_is_five_instances():
    assert loss_instances(10, 10) == 5


def test_each_step_costs_morale_once_as_losses_mount():
    assert new_loss_instances(10, 1, 2) == 1
    assert new_loss_instances(10, 2, 3) == 0
    assert new_loss_instances(10, 3, 6) == 2


def test_a_loss_that_crosses_no_step_changes_nothing():
    assert loss_change(8, 10, 0, 1) is None
    assert loss_change(8, 10, 1, 4).after == 6


def test_a_side_intimidated_this_round_is_immune_until_the_next():
    assert not can_be_intimidated(immune_in_round=3, current_round=3)
    assert can_be_intimidated(immune_in_round=3, current_round=4)
    assert can_be_intimidated(immune_in_round=None, current_round=1)


def test_starting_morale_takes_the_maps_score_then_the_leader_then_the_average():
    from game.rules.swn.morale import starting_morale

    members = [(9, False), (6, False), (12, True)]
    assert starting_morale("enemies", 10, False, members, leader_morale=7) == 10
    assert starting_morale("enemies", None, False, members, leader_morale=7) == 7
    assert starting_morale("enemies", None, False, members, leader_morale=None) == 7  # (9 + 6) // 2
    assert starting_morale("pcs", 10, False, members, None) is None
    assert starting_morale("enemies", 10, True, members, None) is None
    assert starting_morale("enemies", None, False, [(12, True)], None) is None


def test_outgunned_counts_one_point_per_factor_either_way():
    from game.rules.swn.morale import outgunned_change

    assert outgunned_change(8, -2).text() == "morale 8 -> 6 (outgunned (negative factor) x2)"
    assert outgunned_change(8, 1).text() == "morale 8 -> 9 (outgunned (positive factor))"


@pytest.mark.parametrize("great, present, change", [(False, True, 1), (True, True, 2), (False, False, -2),
                                                    (True, False, -4)])
def test_leaders_steady_and_shake_their_side_by_the_seeds_numbers(great, present, change):
    from game.rules.swn.morale import leader_factor

    assert MORALE_FACTORS[leader_factor(great, present)] == change


def test_the_retreating_bands_say_what_the_side_does():
    assert [(b.name, b.conduct) for b in MORALE_BANDS] == [
        ("Panicked", "flee"), ("Tactical Retreat", "retreat"), ("Careful", "fight"), ("Bold", "fight"),
        ("Fearless", "fight")]
    assert morale_band(13).limits() == "fights ruthlessly, careless of its own safety; +4 to hit, -1 AC"
    assert morale_band(7).limits() == "fights with ordinary caution"
