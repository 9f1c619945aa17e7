"""Frozen values made slot by slot: the engine's many views, options and plans made without the
frozen dataclass `__init__`'s per-field `object.__setattr__` (docs/speed.md, "Values made slot
by slot")."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any


def slot_setters(cls: type, names: tuple[str, ...]) -> tuple:
    """The slot setters of a frozen dataclass's fields, in this order; refuses (at import) a
    class whose fields are not exactly these, so a maker can never leave one unset."""
    if tuple(sorted(f.name for f in fields(cls))) != tuple(sorted(names)):
        raise TypeError(f"{cls.__name__} has the fields {[f.name for f in fields(cls)]}, not {list(names)}")
    return tuple(next(k.__dict__[n] for k in cls.__mro__ if n in k.__dict__).__set__ for n in names)


def slot_maker(cls: type) -> Callable[..., Any]:
    """A maker of `cls` from the values of all its fields, given in the order the class declares
    them, each set through its slot: the same value as `cls(...)`, made without the frozen
    dataclass's `__init__`. Only for classes whose `__init__` checks and derives nothing (one
    with a `__post_init__` is refused when the maker is made); a wrong count of values is refused."""
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} checks its values in __post_init__: make it through its constructor")
    setters = slot_setters(cls, tuple(f.name for f in fields(cls)))
    count, new = len(setters), object.__new__

    def make(*values: Any) -> Any:
        if len(values) != count:
            raise TypeError(f"{cls.__name__} takes {count} values, not {len(values)}")
        made = new(cls)
        for setter, value in zip(setters, values):
            setter(made, value)
        return made

    make.__doc__ = f"A {cls.__name__} from the values of all its fields, in order, set slot by slot."
    return make
