"""Dice sources and dice expressions: seeded streams, scripted faces, GM expressions."""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.dice import (
    DiceError,
    DiceExpression,
    DieFace,
    Roll,
    ScriptedDice,
    SeededDice,
    _face_from,
    roll,
)

GAME = Path(__file__).resolve().parent.parent / "game"


# --- SeededDice: a fixed algorithm, pinned by literal values -------------------------------


def test_seeded_dice_are_splitmix64_matching_the_reference_vector():
    # Reference outputs (Rosetta Code, "Pseudo-random numbers/Splitmix64").
    # With 2**64 sides no draw is rejected, so face - 1 is the raw SplitMix64 output.
    dice = SeededDice(1234567)
    raw = [dice.roll_die(2**64) - 1 for _ in range(5)]
    assert raw == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_seed_20240521_rolls_these_d6_faces():
    dice = SeededDice(20240521)
    assert [dice.roll_die(6) for _ in range(12)] == [6, 2, 6, 6, 5, 6, 2, 1, 6, 6, 3, 3]
    assert dice.state == 7681369315931761029
    assert [dice.roll_die(20) for _ in range(8)] == [18, 10, 2, 16, 3, 19, 6, 17]


def test_same_seed_rolls_same_faces():
    first, second = SeededDice(99), SeededDice(99)
    assert [first.roll_die(20) for _ in range(50)] == [second.roll_die(20) for _ in range(50)]


def test_two_dice_with_one_seed_do_not_interfere():
    first, second = SeededDice(7), SeededDice(7)
    first_faces = [first.roll_die(8) for _ in range(10)]
    assert [second.roll_die(8) for _ in range(10)] == first_faces


def test_different_seeds_roll_different_faces():
    assert [SeededDice(1).roll_die(1000) for _ in range(3)] != [SeededDice(2).roll_die(1000) for _ in range(3)]


def test_text_seed_is_the_first_64_bits_of_its_sha256():
    expected = int.from_bytes(hashlib.sha256(b"ambush").digest()[:8], "big")
    dice = SeededDice("ambush")
    assert dice.state == expected == 9295716659589606201
    assert [dice.roll_die(20) for _ in range(5)] == [3, 2, 7, 17, 9]


def test_int_seed_is_the_state_itself_modulo_2_to_the_64():
    assert SeededDice(5).state == 5
    assert SeededDice(2**64 + 5).state == 5
    assert SeededDice(-1).state == 2**64 - 1


def test_from_state_carries_on_where_the_dice_left_off():
    dice = SeededDice("campaign")
    [dice.roll_die(6) for _ in range(7)]
    saved = dice.state
    later = [dice.roll_die(12) for _ in range(10)]
    resumed = SeededDice.from_state(saved)
    assert [resumed.roll_die(12) for _ in range(10)] == later
    assert resumed == dice


def test_seeded_dice_refuse_a_die_without_sides():
    with pytest.raises(DiceError, match="at least 1 side"):
        SeededDice(1).roll_die(0)


def test_a_one_sided_die_always_shows_1():
    dice = SeededDice(3)
    assert {dice.roll_die(1) for _ in range(20)} == {1}


# --- derive: named, independent, stable streams --------------------------------------------


def test_derive_is_stable_for_a_fixed_seed_and_label():
    dice = SeededDice(20240521)
    red, blue = dice.derive("ai:red"), dice.derive("ai:blue")
    assert red.state == 16787675709489726735
    assert blue.state == 4580593952771606707
    assert [red.roll_die(6) for _ in range(8)] == [1, 6, 3, 4, 4, 2, 2, 5]
    assert [blue.roll_die(6) for _ in range(8)] == [1, 3, 5, 3, 5, 4, 1, 1]


def test_derive_does_not_advance_the_parent():
    dice = SeededDice(20240521)
    dice.derive("ai:red")
    assert dice.state == 20240521
    assert dice.roll_die(6) == 6


def test_derived_stream_does_not_depend_on_what_the_parent_rolls_later():
    dice = SeededDice("battle")
    child = dice.derive("sim:1")
    child_faces = [child.roll_die(20) for _ in range(10)]
    [dice.roll_die(20) for _ in range(10)]
    again = SeededDice("battle").derive("sim:1")
    assert [again.roll_die(20) for _ in range(10)] == child_faces


def test_derive_from_a_later_state_gives_a_new_stream():
    dice = SeededDice("battle")
    before = dice.derive("sim:1").state
    dice.roll_die(6)
    assert dice.derive("sim:1").state != before


def test_derived_streams_differ_from_each_other_and_the_parent():
    dice = SeededDice(11)
    streams = [dice.derive("a"), dice.derive("b"), SeededDice(11)]
    faces = [tuple(stream.roll_die(1000) for _ in range(5)) for stream in streams]
    assert len(set(faces)) == 3


# --- unbiased faces ------------------------------------------------------------------------


def test_a_draw_in_the_uneven_top_of_the_range_is_rejected():
    # 2**64 leaves remainder 1 when divided by 3, so the draw 2**64 - 1 would favour face 1.
    draws = iter([2**64 - 1, 5])
    assert _face_from(draws.__next__, 3) == 3


def test_a_draw_below_the_uneven_top_is_kept():
    draws = iter([2**64 - 2, 5])
    assert _face_from(draws.__next__, 3) == (2**64 - 2) % 3 + 1


def _chi_square(counts: Counter[int], sides: int, rolls: int) -> float:
    """Pearson's chi-square of observed face counts against a fair die."""
    expected = rolls / sides
    return sum((counts[face] - expected) ** 2 / expected for face in range(1, sides + 1))


def test_60000_d6_rolls_are_close_to_uniform():
    dice = SeededDice("uniformity d6")
    counts = Counter(dice.roll_die(6) for _ in range(60000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert _chi_square(counts, 6, 60000) < 20.52  # 5 degrees of freedom, p = 0.001


def test_60000_d20_rolls_are_close_to_uniform():
    dice = SeededDice("uniformity d20")
    counts = Counter(dice.roll_die(20) for _ in range(60000))
    assert _chi_square(counts, 20, 60000) < 43.82  # 19 degrees of freedom, p = 0.001


def test_consecutive_d6_pairs_are_close_to_uniform():
    dice = SeededDice("uniformity pairs")
    pairs = Counter((dice.roll_die(6) - 1) * 6 + dice.roll_die(6) for _ in range(36000))
    assert _chi_square(pairs, 36, 36000) < 66.62  # 35 degrees of freedom, p = 0.001


# --- ScriptedDice --------------------------------------------------------------------------


def test_scripted_dice_hand_out_faces_in_order():
    dice = ScriptedDice([5, 2, 6])
    assert dice.roll_die(8) == 5
    assert dice.remaining == (2, 6)
    assert dice.roll_die(8) == 2
    assert dice.roll_die(6) == 6
    assert dice.remaining == ()


def test_scripted_dice_say_when_they_run_out():
    dice = ScriptedDice([4])
    dice.roll_die(6)
    with pytest.raises(DiceError, match=r"ran out of faces: all 1 given were used and a d6 still needs rolling"):
        dice.roll_die(6)


def test_scripted_face_too_high_for_the_die_is_refused_and_not_used_up():
    dice = ScriptedDice([9, 3])
    with pytest.raises(DiceError, match=r"face 9 cannot come up on a d8 \(its faces are 1 to 8\)"):
        dice.roll_die(8)
    assert dice.remaining == (9, 3)
    assert dice.roll_die(10) == 9


@pytest.mark.parametrize("face", [0, -3, 2.5, "4", True])
def test_scripted_dice_refuse_what_is_not_a_face(face):
    with pytest.raises(DiceError, match="is not a die face"):
        ScriptedDice([1, face])


# --- expressions as GMs write them ---------------------------------------------------------

GM_EXPRESSIONS = [
    # text, canonical, named, minimum, maximum, average
    ("1d20", "1d20", {}, 1, 20, 10.5),
    ("2d8+2", "2d8+2", {}, 4, 18, 11.0),
    ("3d4", "3d4", {}, 3, 12, 7.5),
    ("1d6+1", "1d6+1", {}, 2, 7, 4.5),
    ("4d6", "4d6", {}, 4, 24, 14.0),
    ("d20", "1d20", {}, 1, 20, 10.5),
    ("d%", "1d100", {}, 1, 100, 50.5),
    ("1d100", "1d100", {}, 1, 100, 50.5),
    ("8d6", "8d6", {}, 8, 48, 28.0),
    ("2d6+ATK", "2d6+ATK", {"ATK": 2}, 4, 14, 9.0),
    ("1d20+ATK-2", "1d20+ATK-2", {"ATK": 3}, 2, 21, 11.5),
    ("1d6+1d4+2", "1d6+1d4+2", {}, 4, 12, 8.0),
    ("1d8-1", "1d8-1", {}, 0, 7, 3.5),
    (" 2D8 +  2 ", "2d8+2", {}, 4, 18, 11.0),
    ("2+1d6", "1d6+2", {}, 3, 8, 5.5),
]


@pytest.mark.parametrize(("text", "canonical", "named", "low", "high", "mean"), GM_EXPRESSIONS)
def test_gm_expression_range_and_average(text, canonical, named, low, high, mean):
    expression = DiceExpression.parse(text)
    assert str(expression) == canonical
    assert expression.minimum(named) == low
    assert expression.maximum(named) == high
    assert expression.average(named) == mean


def test_mag_rifle_2d8_plus_2_rolling_5_and_2_reads():
    rolled = DiceExpression.parse("2d8+2").roll(ScriptedDice([5, 2]))
    assert rolled == Roll("2d8+2", (DieFace(8, 5), DieFace(8, 2)), (("", 2),), 9)
    assert rolled.text() == "2d8+2: [5, 2] +2 = 9"
    assert rolled.faces == (5, 2)
    assert rolled.bonus == 2


def test_named_modifier_shows_its_name():
    rolled = roll("2d6+ATK", ScriptedDice([3, 4]), ATK=2)
    assert rolled.text() == "2d6+ATK: [3, 4] +2 ATK = 9"


def test_named_and_plain_modifiers_together():
    rolled = roll("1d20 + ATK - 2", ScriptedDice([15]), ATK=3)
    assert rolled.text() == "1d20+ATK-2: [15] +3 ATK -2 = 16"


def test_subtracted_name_and_negative_value():
    assert roll("1d20-PEN", ScriptedDice([10]), PEN=2).text() == "1d20-PEN: [10] -2 PEN = 8"
    assert roll("1d20+DEX", ScriptedDice([10]), DEX=-1).text() == "1d20+DEX: [10] -1 DEX = 9"


def test_plain_die_has_no_modifiers_in_its_text():
    assert roll("d20", ScriptedDice([14])).text() == "1d20: [14] = 14"


def test_several_dice_groups_roll_in_written_order():
    rolled = roll("1d6+1d4+2", ScriptedDice([6, 4]))
    assert rolled.dice == (DieFace(6, 6), DieFace(4, 4))
    assert rolled.text() == "1d6+1d4+2: [6, 4] +2 = 12"


def test_d_percent_rolls_a_d100():
    assert roll("d%", ScriptedDice([100])).dice == (DieFace(100, 100),)


def test_names_starting_with_d_are_names_not_dice():
    assert roll("1d20+DEX", ScriptedDice([1]), DEX=1).total == 2
    assert roll("1d20+d", ScriptedDice([1]), d=4).total == 5


def test_missing_named_modifier_is_named_and_no_die_is_used():
    dice = ScriptedDice([3, 4])
    with pytest.raises(DiceError, match=r"2d6\+ATK needs a value for ATK \(values given: DEX\)"):
        roll("2d6+ATK", dice, DEX=1)
    assert dice.remaining == (3, 4)


def test_named_modifiers_are_case_sensitive():
    with pytest.raises(DiceError, match="needs a value for ATK"):
        roll("1d20+ATK", ScriptedDice([1]), atk=1)


def test_expression_size_helpers():
    expression = DiceExpression.parse("1d6+2d4+1")
    assert expression.dice_count == 3
    assert expression.die_sizes == (6, 4, 4)
    assert DiceExpression.parse("2d8+2").sides == 8
    with pytest.raises(DiceError, match="mixes dice of d4, d6"):
        expression.sides


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the dice expression is empty"),
        ("   ", "the dice expression is empty"),
        ("2dx", r"cannot read '2dx' at '2dx'"),
        ("1d6x", r"cannot read '1d6x' at '1d6x'"),
        ("1d20+2d", r"at '2d'"),
        ("1d6 & 2", r"at '& 2'"),
        ("3", "'3' rolls no dice"),
        ("ATK+2", "rolls no dice"),
        ("0d6", "the number of dice must be 1 to 1000, not 0"),
        ("1001d6", "the number of dice must be 1 to 1000, not 1001"),
        ("600d6+600d6", "rolls more than 1000 dice"),
        ("1d0", "a die's sides must be 1 to 1000, not 0"),
        ("1d1001", "a die's sides must be 1 to 1000, not 1001"),
        ("1d6+2000000", "a number must be 0 to 1000000"),
        ("1d6-1d4", "dice can only be added, not taken away"),
        ("1d6+", "ends with a sign"),
        ("1d6++2", r"a '\+' must sit between two terms"),
        ("-2+1d6", r"a '-' must sit between two terms"),
        ("1d6 2", r"put \+ or - between terms, before '2'"),
        ("1d6+" + "1+" * 100 + "1", "at most 200 characters"),
        ("1d\u0666", "cannot read"),  # an Arabic-Indic digit is not a die size
    ],
)
def test_bad_expression_says_what_is_wrong(text, message):
    with pytest.raises(DiceError, match=message):
        DiceExpression.parse(text)


def test_dice_error_is_a_value_error():
    assert issubclass(DiceError, ValueError)


# --- laws ----------------------------------------------------------------------------------

expressions = st.builds(
    lambda groups, mods: "+".join(f"{n}d{s}" for n, s in groups) + "".join(mods),
    st.lists(st.tuples(st.integers(1, 5), st.integers(1, 1000)), min_size=1, max_size=4),
    st.lists(
        st.one_of(
            st.builds(lambda sign, n: f"{sign}{n}", st.sampled_from("+-"), st.integers(0, 1000)),
            st.builds(lambda sign, name: f"{sign}{name}", st.sampled_from("+-"), st.sampled_from(["ATK", "DEX"])),
        ),
        max_size=3,
    ),
)
NAMED = {"ATK": 2, "DEX": -1}


@given(expressions)
def test_canonical_text_parses_back_to_the_same_expression(text):
    expression = DiceExpression.parse(text)
    assert DiceExpression.parse(str(expression)) == expression
    assert str(expression) == text


@given(expressions, st.integers(0, 2**64 - 1))
def test_every_total_lies_between_minimum_and_maximum(text, seed):
    expression = DiceExpression.parse(text)
    rolled = expression.roll(SeededDice(seed), NAMED)
    assert expression.minimum(NAMED) <= rolled.total <= expression.maximum(NAMED)
    assert rolled.total == sum(rolled.faces) + rolled.bonus
    assert all(1 <= die.face <= die.sides for die in rolled.dice)


@given(st.lists(st.integers(1, 20), min_size=1, max_size=30))
def test_scripted_faces_come_back_exactly(faces):
    dice = ScriptedDice(faces)
    assert [dice.roll_die(20) for _ in faces] == faces
    assert dice.remaining == ()


@given(st.integers(0, 2**64 - 1), st.integers(0, 20))
def test_state_round_trips_through_from_state(seed, skipped):
    dice = SeededDice(seed)
    [dice.roll_die(6) for _ in range(skipped)]
    copy = SeededDice.from_state(dice.state)
    assert [copy.roll_die(100) for _ in range(5)] == [dice.roll_die(100) for _ in range(5)]


def test_only_the_dice_module_uses_randomness():
    pattern = re.compile(r"^\s*(import|from)\s+(random|secrets)\b|urandom", re.MULTILINE)
    offenders = [
        str(path.relative_to(GAME))
        for path in sorted(GAME.rglob("*.py"))
        if path != GAME / "rules" / "dice.py" and pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
