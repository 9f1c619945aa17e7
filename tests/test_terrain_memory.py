"""The battlefield's remembered lines and cover readings stay small (issue 11: memory flat over
thousands of fights): a remembered line holds the battlefield's one instance of each step, every
key is one integer, and equal cover readings are kept once."""

from game.hexgrid import Hex
from game.memo import Recall
from game.terrain import Battlefield, HexTerrain
from game.rules.cover import Concealment, Material

OPEN = HexTerrain("open ground", 1, False, False, False, Concealment("none", "none", 0), Material("none", "none", ()))


def _field(radius: int = 6) -> Battlefield:
    from game.hexgrid import spiral

    return Battlefield({h: OPEN for h in spiral(Hex(0, 0), radius)})


def test_lines_through_the_same_hexes_share_their_steps():
    field = _field()
    first, second = field.line(Hex(0, 0), Hex(4, 0)), field.line(Hex(1, 0), Hex(4, 0))
    shared = [step for step in first if step in second]
    assert shared and all(any(step is other for other in second) for step in shared)


def test_a_remembered_line_is_kept_under_one_integer_and_found_again_from_equal_hexes():
    field = _field()
    first = field.line(Hex(0, 0), Hex(3, -1))
    assert [type(key) for key in field.lines_seen._values] == [int]
    assert field.line(Hex(*Hex(0, 0)), Hex(*Hex(3, -1))) is first and len(field.lines_seen) == 1
    assert field.line(Hex(3, -1), Hex(0, 0)) is not first  # the other way round is another line


def test_hexes_pack_apart_even_with_negative_coordinates():
    from game.terrain import pack_hexes

    hexes = [Hex(q, r) for q in (-200, -1, 0, 1, 200) for r in (-3, 0, 3)]
    keys = {pack_hexes(a, b) for a in hexes for b in hexes}
    assert len(keys) == len(hexes) ** 2


def test_a_cover_readings_key_is_its_two_hexes_packed_with_the_weapon_class_number():
    from game.terrain import pack_hexes

    field = _field()
    hexes = [Hex(q, r) for q in (-200, -1, 0, 1, 200) for r in (-3, 0, 3)]
    for number, weapon_class in enumerate(("ballistic", "energy")):
        for a in hexes:
            for b in hexes:
                assert field._cover_key((a, b, weapon_class)) == pack_hexes(a, b) << 16 | number


def test_equal_values_are_kept_once_when_the_memory_shares_them_and_it_stays_bounded():
    shared = Recall(2, share_values=True)
    one, two = shared.get("a", lambda: ("reading", int("1"))), shared.get("b", lambda: ("reading", int("1")))
    assert one is two
    apart = Recall(2)
    assert apart.get("a", lambda: ("reading", int("1"))) is not apart.get("b", lambda: ("reading", int("1")))
    shared.get("c", lambda: ("reading", 2))
    assert len(shared) == 2 and "a" not in shared


def test_a_memory_of_second_askings_keeps_a_value_only_when_its_key_comes_again():
    memory, made = Recall(2, second_asking=True), []

    def make(value):
        made.append(value)
        return ("value", value)

    assert memory.get("a", lambda: make(1)) == ("value", 1) and "a" not in memory  # asked once: not kept
    assert memory.get("a", lambda: make(2)) == ("value", 2) and "a" in memory  # asked again: kept
    assert memory.get("a", lambda: make(3)) == ("value", 2) and made == [1, 2]  # and read from then on
    for key in range(20):  # the keys asked for once are forgotten in turn, the oldest first
        memory.get(key, lambda: make(0))
    assert memory.get("a", lambda: make(4)) == ("value", 2) and len(memory) == 1
