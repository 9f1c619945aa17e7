"""Dice: the one place randomness lives, and dice expressions as GMs write them (`2d8+2`).

Every roll in the game asks a `DiceSource` for faces. `SeededDice` is a small, fully
specified PRNG (SplitMix64) whose whole state is one int, so it saves, undoes and replays with
the battle; `ScriptedDice` takes faces from outside (tests, players rolling real dice).
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol

from game.memo import remembered

MAX_DICE = 1000
MAX_SIDES = 1000
MAX_NUMBER = 1_000_000
MAX_EXPRESSION_LENGTH = 200

_MASK64 = (1 << 64) - 1
_GOLDEN_GAMMA = 0x9E3779B97F4A7C15


class DiceError(ValueError):
    """A dice problem a person can fix: a bad expression, a face out of range, faces used up."""


class DiceSource(Protocol):
    """Anything that can roll one die: a seeded generator, scripted faces, a player's hand."""

    def roll_die(self, sides: int) -> int:
        """One face of a die with `sides` sides, from 1 to `sides`."""
        ...


def _check_sides(sides: int) -> None:
    """Refuse a die that cannot be rolled (no sides, or not a whole number)."""
    if isinstance(sides, bool) or not isinstance(sides, int):
        raise TypeError(f"a die needs a whole number of sides, not {sides!r}")
    if sides < 1:
        raise DiceError(f"a die needs at least 1 side, not {sides}")


def _splitmix64_mix(z: int) -> int:
    """SplitMix64's output function: scramble one 64-bit counter value."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _face_from(draw: Callable[[], int], sides: int) -> int:
    """An unbiased face 1..sides from 64-bit draws, rejecting the uneven top of the range."""
    limit = (1 << 64) - (1 << 64) % sides  # largest multiple of `sides` that fits in 64 bits
    value = draw()
    while value >= limit:
        value = draw()
    return value % sides + 1


def _digest64(data: bytes) -> int:
    """The first 64 bits of SHA-256: a stable seed from text on every platform and Python."""
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


def fresh_seed() -> int:
    """A new seed from the operating system, small enough to read out and type back in."""
    return int.from_bytes(os.urandom(4), "big")


class SeededDice:
    """Deterministic dice: SplitMix64, whose whole state is one 64-bit int (`state`)."""

    __slots__ = ("_state",)

    def __init__(self, seed: int | str) -> None:
        """Int seeds are the state itself (mod 2**64); text seeds are hashed with SHA-256."""
        if isinstance(seed, str):
            self._state = _digest64(seed.encode("utf-8"))
        elif isinstance(seed, int) and not isinstance(seed, bool):
            self._state = seed & _MASK64
        else:
            raise TypeError(f"a seed is an int or a str, not {seed!r}")

    @classmethod
    def from_state(cls, state: int) -> SeededDice:
        """Dice that carry on exactly where the dice with this `state` left off (made without
        `__init__`'s checks for a plain int: every action's dice start here)."""
        if type(state) is not int:
            return cls(state)
        dice = cls.__new__(cls)
        dice._state = state & _MASK64
        return dice

    @property
    def state(self) -> int:
        """The whole generator state, one int in 0..2**64-1; save it to resume the stream."""
        return self._state

    def _next64(self) -> int:
        """Advance one step and return the next 64-bit output."""
        self._state = (self._state + _GOLDEN_GAMMA) & _MASK64
        return _splitmix64_mix(self._state)

    def roll_die(self, sides: int) -> int:
        """Roll one die: a face 1..sides, every face equally likely."""
        _check_sides(sides)
        return _face_from(self._next64, sides)

    def derive(self, label: str) -> SeededDice:
        """An independent stream named by `label` (e.g. "ai:red"); does not advance these dice."""
        if not isinstance(label, str):
            raise TypeError(f"a derived stream is named by a str, not {label!r}")
        return SeededDice(_digest64(self._state.to_bytes(8, "big") + b"/" + label.encode("utf-8")))

    def __eq__(self, other: object) -> bool:
        """Two seeded dice are equal when they will roll the same faces from here on."""
        return isinstance(other, SeededDice) and other._state == self._state

    def __hash__(self) -> int:
        """Hash by state, like the value it stands for."""
        return hash(("SeededDice", self._state))

    def __repr__(self) -> str:
        """Shows the state, which is all it takes to rebuild these dice."""
        return f"SeededDice.from_state({self._state})"


class ScriptedDice:
    """Faces supplied from outside, used in order: tests, or players rolling physical dice."""

    __slots__ = ("_faces", "_used")

    def __init__(self, faces: Iterable[int]) -> None:
        """Takes the faces to hand out; each must be a whole number of at least 1."""
        self._faces = tuple(faces)
        self._used = 0
        for face in self._faces:
            if isinstance(face, bool) or not isinstance(face, int) or face < 1:
                raise DiceError(f"{face!r} is not a die face: faces are whole numbers from 1 up")

    @property
    def remaining(self) -> tuple[int, ...]:
        """The faces not handed out yet, in order."""
        return self._faces[self._used :]

    def roll_die(self, sides: int) -> int:
        """The next scripted face, checked against the die it is rolled for."""
        _check_sides(sides)
        if self._used >= len(self._faces):
            given = len(self._faces)
            raise DiceError(f"ran out of faces: all {given} given were used and a d{sides} still needs rolling")
        face = self._faces[self._used]
        if face > sides:
            raise DiceError(f"face {face} cannot come up on a d{sides} (its faces are 1 to {sides})")
        self._used += 1
        return face

    def __repr__(self) -> str:
        """Shows the faces still to come."""
        return f"ScriptedDice({list(self.remaining)!r})"


@dataclass(frozen=True, slots=True)
class DieFace:
    """One die as it landed: a d`sides` showing `face`."""

    sides: int
    face: int


@dataclass(frozen=True, slots=True)
class Roll:
    """A rolled expression: every die, every modifier (name, signed value), and the total."""

    expression: str
    dice: tuple[DieFace, ...]
    modifiers: tuple[tuple[str, int], ...]
    total: int

    @property
    def faces(self) -> tuple[int, ...]:
        """The faces of the dice, in the order they were rolled."""
        return tuple(die.face for die in self.dice)

    @property
    def bonus(self) -> int:
        """The flat part of the roll: every number and named modifier added together."""
        return sum(value for _, value in self.modifiers)

    def text(self) -> str:
        """The roll for the log, e.g. `2d6+ATK: [3, 4] +2 ATK = 9`."""
        faces = ", ".join(str(face) for face in self.faces)
        mods = "".join(f" {value:+d}" + (f" {name}" if name else "") for name, value in self.modifiers)
        return f"{self.expression}: [{faces}]{mods} = {self.total}"


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """`count` dice of `sides` sides, like the `2d8` in `2d8+2`."""

    count: int
    sides: int

    def __str__(self) -> str:
        """Canonical text, e.g. `2d8`."""
        return f"{self.count}d{self.sides}"


@dataclass(frozen=True, slots=True)
class FlatTerm:
    """A flat term added (`sign` +1) or taken away (-1): a plain number, or a name like ATK. Not a
    rules part (`game.rules.modifier.Modifier`, which names its rule): its source is the expression
    it was read from, written in the data (a weapon's damage, a unit's Fray Die)."""

    sign: int
    number: int = 0
    name: str = ""

    def value(self, named: Mapping[str, int], expression: str) -> int:
        """The signed amount this term adds, looking a name up in `named`."""
        if not self.name:
            return self.sign * self.number
        if self.name not in named:
            given = ", ".join(sorted(named)) or "none"
            raise DiceError(f"{expression} needs a value for {self.name} (values given: {given})")
        value = named[self.name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"the value of {self.name} must be a whole number, not {value!r}")
        return self.sign * value

    def __str__(self) -> str:
        """Canonical text, e.g. `+2` or `-ATK`."""
        return ("+" if self.sign > 0 else "-") + (self.name or str(self.number))


_TOKEN = re.compile(
    r"\s*(?:(?P<sign>[+-])|(?P<count>\d*)[dD](?P<sides>\d+|%)(?![A-Za-z0-9_])"
    r"|(?P<number>\d+)(?![A-Za-z_])|(?P<name>[A-Za-z_][A-Za-z0-9_]*))",
    re.ASCII,
)


def _tokens(text: str) -> list[re.Match[str]]:
    """Split an expression into signs and terms, naming the first thing that is not either."""
    tokens, position = [], 0
    while text[position:].strip():
        match = _TOKEN.match(text, position)
        if match is None:
            rest = text[position:].strip()
            raise DiceError(f"cannot read {text.strip()!r} at {rest!r}: expected a term like 2d6, 3 or ATK")
        tokens.append(match)
        position = match.end()
    return tokens


def _whole_number(digits: str, what: str, text: str, low: int, high: int) -> int:
    """A number from the expression, checked to lie in low..high."""
    value = int(digits)
    if not low <= value <= high:
        raise DiceError(f"{text.strip()!r}: {what} must be {low} to {high}, not {value}")
    return value


def _term(token: re.Match[str], sign: int, text: str) -> DiceGroup | FlatTerm:
    """One term of the expression, checked for sensible sizes."""
    if token["sides"] is not None:
        if sign < 0:
            raise DiceError(f"{text.strip()!r}: dice can only be added, not taken away")
        count = _whole_number(token["count"] or "1", "the number of dice", text, 1, MAX_DICE)
        sides = 100 if token["sides"] == "%" else _whole_number(token["sides"], "a die's sides", text, 1, MAX_SIDES)
        return DiceGroup(count, sides)
    if token["number"] is not None:
        return FlatTerm(sign, number=_whole_number(token["number"], "a number", text, 0, MAX_NUMBER))
    return FlatTerm(sign, name=token["name"])


def _parse_terms(text: str) -> tuple[tuple[DiceGroup, ...], tuple[FlatTerm, ...]]:
    """Read `term (sign term)*` into dice groups and modifiers, in written order."""
    groups: list[DiceGroup] = []
    modifiers: list[FlatTerm] = []
    sign = None
    for token in _tokens(text):
        if token["sign"] is not None:
            if sign is not None or not (groups or modifiers):
                raise DiceError(f"{text.strip()!r}: a {token['sign']!r} must sit between two terms")
            sign = 1 if token["sign"] == "+" else -1
            continue
        if sign is None and (groups or modifiers):
            raise DiceError(f"{text.strip()!r}: put + or - between terms, before {token.group().strip()!r}")
        term = _term(token, sign or 1, text)
        (groups if isinstance(term, DiceGroup) else modifiers).append(term)
        sign = None
    if sign is not None:
        raise DiceError(f"{text.strip()!r} ends with a sign: add a term after it")
    return tuple(groups), tuple(modifiers)


@dataclass(frozen=True, slots=True)
class DiceExpression:
    """A parsed dice expression: dice groups, then flat modifiers (`1d6+1d4+ATK-2`)."""

    groups: tuple[DiceGroup, ...]
    modifiers: tuple[FlatTerm, ...] = ()

    @classmethod
    def parse(cls, text: str) -> DiceExpression:
        """Read an expression like `2d8+2`, `d20`, `d%` or `1d20+ATK-2`; DiceError says what is wrong."""
        if not isinstance(text, str):
            raise TypeError(f"a dice expression is text, not {text!r}")
        if len(text) > MAX_EXPRESSION_LENGTH:
            raise DiceError(f"a dice expression is at most {MAX_EXPRESSION_LENGTH} characters long")
        if not text.strip():
            raise DiceError("the dice expression is empty: write something like 1d20 or 2d8+2")
        groups, modifiers = _parse_terms(text)
        if not groups:
            raise DiceError(f"{text.strip()!r} rolls no dice: add one, e.g. 1d6+{text.strip()}")
        if sum(group.count for group in groups) > MAX_DICE:
            raise DiceError(f"{text.strip()!r} rolls more than {MAX_DICE} dice")
        return cls(groups, modifiers)

    @property
    def dice_count(self) -> int:
        """How many dice the expression rolls in all."""
        return sum(group.count for group in self.groups)

    @property
    def die_sizes(self) -> tuple[int, ...]:
        """The sides of every die rolled, in rolling order (`1d6+2d4` -> (6, 4, 4))."""
        return tuple(group.sides for group in self.groups for _ in range(group.count))

    @property
    def sides(self) -> int:
        """The size of die rolled, for expressions that roll one size only (`2d8+2` -> 8)."""
        sizes = sorted({group.sides for group in self.groups})
        if len(sizes) > 1:
            raise DiceError(f"{self} mixes dice of {', '.join(f'd{s}' for s in sizes)}")
        return sizes[0]

    def bonus(self, named: Mapping[str, int] | None = None) -> int:
        """The flat part: all numbers and named modifiers added together."""
        return sum(modifier.value(named or {}, str(self)) for modifier in self.modifiers)

    def roll(self, source: DiceSource, named: Mapping[str, int] | None = None) -> Roll:
        """Roll every die from `source` and add the modifiers (names looked up before any die)."""
        text = str(self)
        modifiers = tuple((m.name, m.value(named or {}, text)) for m in self.modifiers)
        dice = tuple(DieFace(sides, source.roll_die(sides)) for sides in self.die_sizes)
        total = sum(die.face for die in dice) + sum(value for _, value in modifiers)
        return Roll(text, dice, modifiers, total)

    def minimum(self, named: Mapping[str, int] | None = None) -> int:
        """The lowest total: every die showing 1."""
        return self.dice_count + self.bonus(named)

    def maximum(self, named: Mapping[str, int] | None = None) -> int:
        """The highest total: every die showing its top face."""
        return sum(self.die_sizes) + self.bonus(named)

    def average(self, named: Mapping[str, int] | None = None) -> float:
        """The mean total: (sides + 1) / 2 per die, plus the modifiers."""
        return sum((group.sides + 1) * group.count for group in self.groups) / 2 + self.bonus(named)

    def __str__(self) -> str:
        """Canonical text: dice groups first, then modifiers, e.g. `1d20+ATK-2`."""
        return "+".join(str(group) for group in self.groups) + "".join(map(str, self.modifiers))


def roll(text: str, source: DiceSource, /, **named: int) -> Roll:
    """Parse and roll in one step: `roll("2d6+ATK", dice, ATK=2)`."""
    parsed = _parsed(text) if isinstance(text, str) else DiceExpression.parse(text)
    return parsed.roll(source, named)


@remembered("parsed dice", 512)
def _parsed(text: str) -> DiceExpression:
    """`DiceExpression.parse`, remembered: a fight rolls the same few expressions (a d20, its
    weapons' damage) again and again, and a parsed expression is a frozen value (bounded)."""
    return DiceExpression.parse(text)
