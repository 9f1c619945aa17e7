"""The speed layer's memory: the generic ways the engine remembers an answer rather than work
it out again, every memo's name, and the switch that turns them off.

Each memo of the engine is one of these (`recall` for a bounded memory by key, `remembered` for
a pure function's answers, `kept` for a value built once from something that never changes,
`scene_memo` for what holds while one state is read) or `World.derived` (game/ecs.py), is named
in `MEMOS`, and has a row in docs/speed.md: what it keys on, its bound, when it is dropped, and
the measured figure that pays for it. `HEXBATTLE_MEMO=off` in the environment (read once, at
start) turns every memo off, `HEXBATTLE_MEMO=off:NAME,NAME` the named ones: each answer is then
worked out afresh, and a fight must come out the same, byte for byte (tests/test_memo_off.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable, MutableMapping
from functools import lru_cache
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

MEMOS = (
    "lines", "line steps", "cover readings", "sight table", "distance table", "nearer hexes", "approach costs",
    "move searches", "walking moves", "squad moves", "world derived", "scene memo", "reading scene", "views",
    "side views", "map facings", "enemy hexes", "attack setups", "attack odds", "option builders",
    "end turn options", "parsed dice", "squad volleys", "range bands", "hit chances", "faces needed",
    "weapon classes", "expected damage",
)
"""Every memo of the engine by name, each with its row in docs/speed.md."""


def _switched_off(setting: str) -> frozenset[str]:
    """The memos a `HEXBATTLE_MEMO` setting turns off: "off" all, "off:NAME,NAME" those named."""
    setting = setting.strip()
    if setting.lower() == "off":
        return frozenset(MEMOS)
    if not setting.lower().startswith("off:"):
        return frozenset()
    named = frozenset(name.strip() for name in setting[4:].split(","))
    unknown = sorted(named - set(MEMOS))
    if unknown:
        raise SystemExit(f"HEXBATTLE_MEMO names no memo called {', '.join(unknown)} (memos: {', '.join(MEMOS)})")
    return named


SWITCHED_OFF = _switched_off(os.environ.get("HEXBATTLE_MEMO", "on"))
"""The memos switched off in this process (none unless `HEXBATTLE_MEMO` says so)."""
REMEMBERING = not SWITCHED_OFF
"""Whether every memo remembers (the default)."""


_KNOWN = frozenset(MEMOS)


def remembers(name: str) -> bool:
    """Whether the memo of this name remembers in this process; an unknown name is a bug."""
    if name not in _KNOWN:
        raise KeyError(f"no memo is called {name!r}: add it to game.memo.MEMOS and docs/speed.md")
    return name not in SWITCHED_OFF


def remembered(name: str, maxsize: int) -> Callable[[F], F]:
    """A pure function's answers remembered by its arguments, the `maxsize` most recently used
    (`functools.lru_cache`); switched off, the function as it is."""
    if remembers(name):
        return lru_cache(maxsize=maxsize)  # type: ignore[return-value]
    return lambda function: function


def kept(store: MutableMapping[str, Any], name: str, build: Callable[[], Any]) -> Any:
    """The value kept in `store` under the memo's name, built by `build()` the first time (what it
    is made from never changes); switched off, built afresh every time."""
    found = store.get(name)
    if found is None:
        found = build()
        if remembers(name):
            store[name] = found
    return found


class Forgetful(dict):
    """A memo dict that never keeps anything (a scene's memo with memos off)."""

    def __setitem__(self, key: Any, value: Any) -> None:
        """Keep nothing."""


_SCENE_MEMO = remembers("scene memo")


def scene_memo() -> dict:
    """A fresh memo for a scene read for options (`Scene.memo`): a dict, or switched off one
    that keeps nothing."""
    return {} if _SCENE_MEMO else Forgetful()


class Recall:
    """A bounded memory of answers by key: the one remembered longest ago goes first, so a long
    fight or thousands of simulated fights in one process never grow it without end."""

    __slots__ = ("kept", "_values", "_forms", "_packed", "_asked")

    def __init__(self, kept: int, share_values: bool = False, packed: Callable[[object], object] | None = None,
                 second_asking: bool = False):
        self.kept = kept
        self._asked: dict[int, None] | None = {} if second_asking else None
        """With `second_asking`: the hashes of the keys asked for once (as many as `kept` times 4, the
        oldest going first). A value is remembered only when its key is asked for again, so values
        asked for once, most of them in some fights, are never kept: a kept value is long-lived, and
        each costs the garbage collector, while plain integers cost it nothing."""
        self._packed = packed
        """How a key is kept: a caller's key (hexes in a tuple) packed into one small integer."""
        self._values: dict = {}
        """In the order first remembered, oldest first: the oldest goes when it is full (a plain
        dict costs a third of an OrderedDict's bytes an entry, and nothing moves on a hit)."""
        self._forms: dict | None = {} if share_values else None
        """With `share_values`: one instance of each distinct value (most cover readings read
        alike), so a full memory holds references rather than copies; what the map's terrain can
        give bounds it."""

    def __len__(self) -> int:
        return len(self._values)

    def __contains__(self, key: object) -> bool:
        return (key if self._packed is None else self._packed(key)) in self._values

    def get(self, key, compute: Callable[[], object]):
        """The value remembered for key, or compute() remembered now."""
        values = self._values
        if self._packed is not None:
            key = self._packed(key)
        found = values.get(key)
        if found is None:
            value = compute()
            if self._asked is not None and self._first_asking(hash(key)):
                return value
            found = value if self._forms is None else self._forms.setdefault(value, value)
            if len(values) >= self.kept:
                del values[next(iter(values))]
            values[key] = found
        return found

    def _first_asking(self, mark: int) -> bool:
        """Whether a key of this hash is asked for the first time (noted now). Two keys of one hash
        only make a value remembered sooner: what is remembered is always the value of its key."""
        asked = self._asked
        if mark in asked:
            return False
        if len(asked) >= 4 * self.kept:
            del asked[next(iter(asked))]
        asked[mark] = None
        return True

    def put(self, key, value: object) -> None:
        """Remember a value computed elsewhere (a batch)."""
        self.get(key, lambda: value)


class _Forgetting(Recall):
    """`Recall` switched off: every answer worked out afresh, nothing kept."""

    __slots__ = ()

    def __contains__(self, key: object) -> bool:
        return False

    def get(self, key, compute: Callable[[], object]):
        """compute(), every time."""
        return compute()

    def put(self, key, value: object) -> None:
        """Keep nothing."""


def recall(name: str, kept: int, share_values: bool = False, packed: Callable[[object], object] | None = None,
           second_asking: bool = False) -> Recall:
    """A new bounded memory (`Recall`) for the memo of this name; switched off, one that forgets."""
    cls = Recall if remembers(name) else _Forgetting
    return cls(kept, share_values, packed, second_asking)
